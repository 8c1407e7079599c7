"""Checks python/probabilistic/kll_format.py, written from doc/FORMAT.md section 10, against the
extension: test/vectors/kll.json byte for byte (sketches, unions, quantiles,
ranks and DataSketches images), validation of corrupt bytes (ours and
DataSketches'), ranks against the truth within the rank error, and (when PGHOST
is set, as test/cluster.sh's start_cluster exports it) random sketches and
unions built on a running server. Run: /usr/bin/python3 -m unittest discover -s python -v

PROB_TEST_SEED=<int> repeats a run's random data (the seed is printed).
"""

import bisect
import doctest
import json
import math
import os
import random
import struct
import sys
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from probabilistic import kll_format as kf  # noqa: E402
from make_hll_vectors import psql  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
VECTORS = os.path.join(ROOT, "test", "vectors", "kll.json")
SEED = int(os.environ.get("PROB_TEST_SEED", random.randrange(1 << 30)))
print("test_kll_format: PROB_TEST_SEED=%d" % SEED, file=sys.stderr)


def build(k, values):
    s = kf.KLL(k)
    for text, times in values:
        for _ in range(times):
            s.add(float(text))
    return s


def of_vector(v):
    s = build(v["k"], v["values"])
    if "union_with" in v:
        s.union(build(v["union_with"]["k"], v["union_with"]["values"]))
    return s


class Vectors(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        with open(VECTORS) as f:
            cls.doc = json.load(f)

    def test_there_are_vectors(self):
        self.assertGreaterEqual(len(self.doc["kll"]), 10)

    def test_bytes_match(self):
        for v in self.doc["kll"]:
            with self.subTest(v["name"]):
                self.assertEqual(of_vector(v).encode().hex(), v["bytes"])

    def test_answers_and_images(self):
        for v in self.doc["kll"]:
            with self.subTest(v["name"]):
                s = kf.parse(bytes.fromhex(v["bytes"]))
                self.assertEqual(s.encode().hex(), v["bytes"])
                got = [s.quantile(q) for q in self.doc["qs"]]
                self.assertEqual(got, v["quantiles"] if v["quantiles"] is not None else [None] * len(got))
                ranks = [s.rank(x) for x in self.doc["xs"]]
                self.assertEqual(ranks, v["ranks"] if v["ranks"] is not None else [None] * len(ranks))
                self.assertEqual(s.to_datasketches().hex(), v["datasketches_double"])
                self.assertEqual(s.to_datasketches(floats=True).hex(), v["datasketches_float"])
                back = kf.from_datasketches(bytes.fromhex(v["datasketches_double"]))
                self.assertEqual(back.encode().hex(), v["bytes"])


class Validation(unittest.TestCase):
    def good(self):
        return build(8, [[str(x), 1] for x in range(1, 101)]).encode()

    def assertRejected(self, data, ds=False):
        with self.assertRaises(kf.Invalid):
            (kf.from_datasketches if ds else kf.parse)(data)

    def patched(self, data, offset, fmt, value):
        b = bytearray(data)
        struct.pack_into(fmt, b, offset, value)
        return bytes(b)

    def test_every_header_field(self):
        g = self.good()
        kf.parse(g)
        self.assertRejected(g[:39])
        self.assertRejected(g[:-1])
        self.assertRejected(g + b"\0")
        for offset, fmt, value in [(0, "<B", 0x44), (1, "<B", 2), (2, "<B", 1), (3, "<B", 4), (3, "<B", 2),
                                   (3, "<B", 1), (4, "<H", 7), (6, "<H", 9), (8, "<Q", 101), (16, "<d", 100.0),
                                   (24, "<d", math.nan), (16, "<d", 1000.0), (32, "<B", 0), (32, "<B", 62),
                                   (33, "<B", 9), (34, "<H", 1), (36, "<I", 1), (40, "<I", 11), (56, "<d", math.nan),
                                   (56, "<d", 101.0), (len(g) - 8, "<d", 1.0)]:
            with self.subTest(offset=offset, value=value):
                self.assertRejected(self.patched(g, offset, fmt, value))

    def test_datasketches_fields(self):
        img = kf.parse(self.good()).to_datasketches()
        kf.from_datasketches(img)
        self.assertRejected(img[:7], True)
        self.assertRejected(img[:-1], True)
        for offset, fmt, value in [(2, "<B", 7), (1, "<B", 3), (1, "<B", 2), (3, "<B", 8), (3, "<B", 5),
                                   (0, "<B", 2), (4, "<H", 4), (6, "<B", 6), (7, "<B", 1), (8, "<Q", 99),
                                   (16, "<H", 300), (18, "<B", 0), (19, "<B", 1), (24, "<I", 1000)]:
            with self.subTest(offset=offset, value=value):
                self.assertRejected(self.patched(img, offset, fmt, value), True)

    def test_every_flipped_bit_is_refused_or_valid(self):
        g = build(8, [[str(x), 1] for x in range(1, 31)]).encode()
        for i in range(len(g)):
            for bit in range(8):
                b = bytearray(g)
                b[i] ^= 1 << bit
                try:
                    s = kf.parse(bytes(b))
                except kf.Invalid:
                    continue
                self.assertEqual(s.encode(), bytes(b))  # what parses is written back as it was


class Guarantee(unittest.TestCase):
    def test_ranks_within_the_error(self):
        """The tolerance is DataSketches' normalized rank error (section 10.6), computed
        here, not kll_format's rank_error (the code under test), which must be it."""
        rng = random.Random(SEED)
        for k in (50, 200):
            eps = 2.296 / k ** 0.9723
            self.assertEqual(kf.rank_error(k), eps)
            self.assertEqual(kf.rank_error(k, True), 2.446 / k ** 0.9433)
            values = [rng.lognormvariate(0, 2) for _ in range(20000)]
            s = kf.KLL(k)
            for v in values:
                s.add(v)
            values.sort()
            for q in (0.001, 0.01, 0.1, 0.5, 0.9, 0.99, 0.999):
                x = values[int(q * (len(values) - 1))]
                exact = bisect.bisect_right(values, x) / len(values)
                self.assertLessEqual(abs(s.rank(x) - exact), eps, (k, q))

    def test_exact_while_one_level(self):
        s = kf.KLL(200)
        values = [float(x * 7919 % 150) for x in range(200)]
        for v in values:
            s.add(v)
        values.sort()
        for q in (0.0, 0.01, 0.33, 0.5, 0.99, 1.0):
            self.assertEqual(s.quantile(q), values[max(1, math.ceil(q * 200)) - 1])

    def test_doctests(self):
        self.assertEqual(doctest.testmod(kf, verbose=False).failed, 0)


@unittest.skipUnless(os.environ.get("PGHOST"), "PGHOST is unset: no server to compare with")
class Server(unittest.TestCase):
    """Random sketches and unions: the server's bytes are the Python implementation's."""

    @classmethod
    def setUpClass(cls):
        psql("CREATE EXTENSION IF NOT EXISTS probabilistic;")

    def test_random_sketches_match_server(self):
        rng = random.Random(SEED)
        queries, built = [], []
        for _ in range(12):
            k, k2 = rng.choice((8, 9, 30, 200)), rng.choice((8, 40, 200))
            a = [repr(rng.choice((-1, 1)) * rng.lognormvariate(0, 3)) for _ in range(rng.randint(0, 3000))]
            b = [repr(float(rng.randint(-5, 5))) for _ in range(rng.randint(1, 2000))]
            s = build(k, [[v, 1] for v in a])
            s.union(build(k2, [[v, 1] for v in b]))
            built.append(s.encode().hex())
            agg = ("(SELECT kll_agg(v::float8, %d ORDER BY o) FROM unnest('{%s}'::text[]) WITH ORDINALITY u(v, o))")
            empty = "(SELECT kll_agg(x, %d) FROM generate_series(1, 0) x)" % k
            queries.append("SELECT encode((coalesce(%s, %s) || %s)::bytea, 'hex');"
                           % (agg % (k, ",".join(a)), empty, agg % (k2, ",".join(b))))
        self.assertEqual(psql("\n".join(queries)).splitlines(), built)


if __name__ == "__main__":
    unittest.main()
