"""Checks python/probabilistic/ddsketch_format.py, written from doc/FORMAT.md section 6, against
the extension: test/vectors/ddsketch.json byte for byte (and their quantiles),
validation of corrupt bytes, the relative-error guarantee against sorted
values, the union of parts in any order, and (when PGHOST is set, as
test/cluster.sh's start_cluster exports it) random sketches built on a running
server. Run: /usr/bin/python3 -m unittest discover -s python -v

PROB_TEST_SEED=<int> repeats a run's random data (the seed is printed).
"""

import doctest
import json
import math
from fractions import Fraction
import os
import random
import struct
import sys
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from probabilistic import ddsketch_format as df  # noqa: E402
from make_hll_vectors import psql  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
VECTORS = os.path.join(ROOT, "test", "vectors", "ddsketch.json")
SEED = int(os.environ.get("PROB_TEST_SEED", random.randrange(1 << 30)))
print("test_ddsketch_format: PROB_TEST_SEED=%d" % SEED, file=sys.stderr)


def build(alpha, max_buckets, values):
    s = df.DDSketch(alpha, max_buckets)
    for text, times in values:
        for _ in range(times):
            s.add(float(text))
    return s


def exact_disc(sorted_values, q):
    row = math.ceil(q * len(sorted_values))
    return sorted_values[0 if row <= 1 else min(row, len(sorted_values)) - 1]


class Vectors(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        with open(VECTORS) as f:
            cls.doc = json.load(f)

    def test_there_are_vectors(self):
        self.assertGreaterEqual(len(self.doc["ddsketch"]), 10)

    def test_bytes_match(self):
        for v in self.doc["ddsketch"]:
            with self.subTest(v["name"]):
                self.assertEqual(build(v["alpha"], v["max_buckets"], v["values"]).encode().hex(), v["bytes"])

    def test_parse_round_trip_and_quantiles(self):
        for v in self.doc["ddsketch"]:
            with self.subTest(v["name"]):
                s = df.parse(bytes.fromhex(v["bytes"]))
                self.assertEqual(s.encode().hex(), v["bytes"])
                got = [s.quantile(q) for q in self.doc["qs"]]
                if v["quantiles"] is None:
                    self.assertEqual(got, [None] * len(self.doc["qs"]))
                else:
                    for g, want in zip(got, v["quantiles"]):
                        self.assertAlmostEqual(g, want, delta=abs(want) * 1e-12)

    def test_union_of_any_split(self):
        rng = random.Random(SEED)
        for v in self.doc["ddsketch"]:
            with self.subTest(v["name"]):
                flat = [[t, 1] for t, n in v["values"] for _ in range(min(n, 50))]
                whole = build(v["alpha"], v["max_buckets"], flat).encode()
                rng.shuffle(flat)
                parts, at = [], 0
                while at < len(flat):
                    n = rng.randint(1, max(1, len(flat) // 3))
                    parts.append(build(v["alpha"], v["max_buckets"], flat[at:at + n]))
                    at += n
                rng.shuffle(parts)
                u = df.DDSketch(v["alpha"], v["max_buckets"])
                for p in parts:
                    u.union(df.parse(p.encode()))
                self.assertEqual(u.encode(), whole)


class Validation(unittest.TestCase):
    def good(self):
        return build(0.01, 2048, [[x, 1] for x in ("-3", "-1", "0", "0", "2", "5", "300")]).encode()

    def assertRejected(self, data):
        with self.assertRaises(df.Invalid):
            df.parse(data)

    def patched(self, offset, fmt, value):
        b = bytearray(self.good())
        struct.pack_into(fmt, b, offset, value)
        return bytes(b)

    def test_every_header_field(self):
        g = self.good()
        df.parse(g)
        self.assertRejected(g[:79])
        self.assertRejected(g[:-1])
        self.assertRejected(g + b"\0")
        for offset, fmt, value in [(0, "<B", 0x43), (1, "<B", 2), (1, "<B", 3), (2, "<B", 1), (3, "<B", 4), (3, "<B", 8),
                                   (3, "<B", 1), (4, "<B", 3), (4, "<B", 2), (6, "<H", 1), (76, "<I", 1),
                                   (8, "<d", 0.6), (8, "<d", float("nan")), (8, "<d", 0.02), (16, "<I", 0),
                                   (16, "<I", 65537), (16, "<I", 100), (20, "<I", 36), (24, "<Q", 8), (32, "<Q", 3),
                                   (40, "<d", -4.0), (40, "<d", -0.0), (48, "<d", 310.0), (48, "<d", math.inf),
                                   (56, "<i", 17), (60, "<i", 1 + struct.unpack_from("<i", g, 60)[0]),
                                   (64, "<I", 285), (72, "<I", 0)]:
            with self.subTest(offset=offset, value=value):
                self.assertRejected(self.patched(offset, fmt, value))

    def test_sum_unknown_flag(self):
        """Section 6.3's flag bit 2 (6.9): no limbs, min and max in their buckets, no sum range."""
        s = df.parse(self.good())
        s.sum_unknown, s.exact_sum = True, Fraction(0)
        s.max = 301.0  # another value of 300's bucket: no longer the sum range's business
        b = s.encode()
        t = df.parse(b)
        self.assertTrue(t.sum_unknown)
        self.assertEqual(b[3], 4)
        with self.assertRaises(ValueError):
            t.sum()
        t.add(7.5)  # adding keeps it unknown, and canonical
        self.assertEqual(df.parse(t.encode()).encode(), t.encode())
        self.assertRejected(self.patched(3, "<B", 4))  # the flag with the sum's limbs
        empty = bytearray(df.DDSketch().encode())
        empty[3] = 4
        self.assertRejected(bytes(empty))  # an empty sketch's sum is known: 0

    def test_every_flipped_bit_is_refused_or_valid(self):
        g = self.good()
        for i in range(len(g)):
            for bit in range(8):
                b = bytearray(g)
                b[i] ^= 1 << bit
                try:
                    s = df.parse(bytes(b))
                except df.Invalid:
                    continue
                self.assertEqual(s.encode(), bytes(b))  # what parses is canonical


class Guarantee(unittest.TestCase):
    def test_relative_error_at_every_q(self):
        rng = random.Random(SEED)
        for alpha in (0.01, 0.05, 0.001):
            values = [rng.choice((-1, 1, 1)) * rng.lognormvariate(0, 3) for _ in range(3000)] + [0.0] * 100
            s = df.DDSketch(alpha, 65536)
            for v in values:
                s.add(v)
            values.sort()
            for i in range(0, 1001, 7):
                q = i / 1000
                truth = exact_disc(values, q)
                self.assertLessEqual(abs(s.quantile(q) - truth), alpha * abs(truth), (alpha, q))

    def test_top_bucket(self):
        """Section 6.2: the top bucket's upper edge is +inf at every alpha; its representative
        is finite or +inf (alpha 0.0123), and then answers there are max, within alpha."""
        top = [1.75e308, 1.76e308, 1.7976931348623157e308, 1.77e308, 1.78e308]
        for alpha, finite in ((0.01, True), (0.0123, False), (0.5, True)):
            m = df.multiplier(alpha)
            k = df.index_of(sys.float_info.max, m)
            self.assertGreaterEqual(k / m, 1024)
            self.assertEqual(df.upper_edge(k, m), math.inf)
            self.assertLess(df.lower_edge(k, m), math.inf)
            self.assertEqual(math.isfinite(df.representative(k, m)), finite, alpha)
            s = build(alpha, 2048, [[repr(v), 1] for v in top])
            for q in (0, 0.3, 0.5, 0.7, 1):
                truth = exact_disc(sorted(top), q)
                self.assertLessEqual(abs(s.quantile(q) - truth), alpha * truth, (alpha, q))

    def test_exact_sum(self):
        s = df.DDSketch()
        for _ in range(10):
            s.add(0.1)
        self.assertEqual(s.sum(), 1.0)

    def test_sum_range_is_exact(self):
        # FORMAT 6.5: the sum within count * min .. count * max compared exactly.
        s = df.DDSketch()
        s.add(1.0)
        s.exact_sum += Fraction(1, 2 ** 64)
        with self.assertRaises(df.Invalid):
            df.parse(s.encode())
        s.exact_sum -= Fraction(2, 2 ** 64)
        with self.assertRaises(df.Invalid):
            df.parse(s.encode())
        s.exact_sum += Fraction(1, 2 ** 64)
        self.assertEqual(df.parse(s.encode()).sum(), 1.0)

    def test_doctests(self):
        self.assertEqual(doctest.testmod(df, verbose=False).failed, 0)


@unittest.skipUnless(os.environ.get("PGHOST"), "PGHOST is unset: no server to compare with")
class Server(unittest.TestCase):
    """Random sketches: the server's bytes are the Python implementation's, and the server reads Python's."""

    @classmethod
    def setUpClass(cls):
        psql("CREATE EXTENSION IF NOT EXISTS probabilistic;")

    def test_random_sketches_match_server(self):
        rng = random.Random(SEED)
        queries, built = [], []
        for _ in range(20):
            alpha = rng.choice((0.01, 0.02, 0.0001, 0.5))
            max_buckets = rng.choice((1, 16, 2048))
            values = [repr(rng.choice((-1, 1)) * math.exp(rng.uniform(-30, 30))) for _ in range(rng.randint(0, 200))]
            values += ["0"] * rng.randint(0, 3)
            built.append(build(alpha, max_buckets, [[v, 1] for v in values]).encode().hex())
            queries.append("SELECT encode(ddsketch_agg(v::float8, %r, %d)::bytea, 'hex') FROM unnest('{%s}'::text[]) v;"
                           % (alpha, max_buckets, ",".join(values)))
        out = psql("\n".join(queries)).splitlines()
        self.assertEqual(out, built)
        # And the server accepts Python's bytes, answering the same quantiles.
        checks = ["SELECT quantile(decode('%s', 'hex')::ddsketch, 0.5) IS NOT DISTINCT FROM %s;"
                  % (h, "NULL" if df.parse(bytes.fromhex(h)).count == 0 else repr(df.parse(bytes.fromhex(h)).quantile(0.5)))
                  for h in built]
        self.assertEqual(set(psql("\n".join(checks)).split()), {"t"})

    def test_imported_sketch_reads_the_same(self):
        """A sketch of a DataDog image (section 6.9, flag bit 2): the server's bytes parse here
        with the sum unknown and the same quantiles, and the server reads them back."""
        image = ("0a0909fd4a815abf52f03f12360a0b080011000000000000f03f1218000000000000f03f00000000000000000000"
                 "00000000000018460a0b086e11000000000000f03f1a0d1208000000000000f03f18a20121000000000000f03f")
        out = psql("SELECT encode(ddsketch_import('\\x%s', 'datadog-js')::bytea, 'hex');\n"
                   "SELECT quantile(ddsketch_import('\\x%s', 'datadog-js'), q)::text FROM unnest('{0,0.3,0.5,0.9,1}'::float8[]) q;"
                   % (image, image)).split()
        s = df.parse(bytes.fromhex(out[0]))
        self.assertTrue(s.sum_unknown)
        self.assertEqual([float(v) for v in out[1:]], [s.quantile(q) for q in (0, 0.3, 0.5, 0.9, 1)])
        self.assertEqual(psql("SELECT decode('%s', 'hex')::ddsketch = ddsketch_import('\\x%s', 'datadog-js');"
                              % (s.encode().hex(), image)).strip(), "t")

    def test_top_bucket_answers(self):
        """Section 6.2's top bucket (upper edge +inf, representative +inf at alpha 0.0123) and
        6.6's quantile_rank: the server's quantiles and ranks are the Python's."""
        top = [1.75e308, 1.76e308, 1.7976931348623157e308, 1.77e308, 1e308, 5.0]
        qs, xs = (0, 0.2, 0.5, 0.7, 0.9, 1), (4.0, 5.0, 1e308, 1.755e308, 1.77e308, 1.7976931348623157e308)
        for alpha in (0.01, 0.0123, 0.037):
            s = build(alpha, 2048, [[repr(v), 1] for v in top])
            out = psql("SELECT quantile(s, q)::text FROM (SELECT ddsketch_agg(v, %r, 2048) AS s FROM unnest('{%s}'::float8[]) v) a, "
                       "unnest('{%s}'::float8[]) q;\n"
                       "SELECT quantile_rank(s, x)::text FROM (SELECT ddsketch_agg(v, %r, 2048) AS s FROM unnest('{%s}'::float8[]) v) a, "
                       "unnest('{%s}'::float8[]) x;"
                       % (alpha, ",".join(map(repr, top)), ",".join(map(repr, qs)),
                          alpha, ",".join(map(repr, top)), ",".join(map(repr, xs)))).split()
            self.assertEqual([float(v) for v in out], [s.quantile(q) for q in qs] + [s.rank(x) for x in xs], alpha)


if __name__ == "__main__":
    unittest.main()
