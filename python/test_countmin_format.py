"""Checks python/probabilistic/countmin_format.py, written from doc/FORMAT.md section 7, against
the extension: test/vectors/countmin.json byte for byte, validation of corrupt
bytes, the estimates against exact counts on random and Zipf streams with unions
in random trees, and (when PGHOST is set, as test/cluster.sh's start_cluster
exports it) random sketches built on a running server.
Run: /usr/bin/python3 -m unittest discover -s python -v

PROB_TEST_SEED=<int> repeats a run's random data (the seed is printed).
"""

import collections
import doctest
import hashlib
import json
import os
import random
import struct
import sys
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from probabilistic import countmin_format as cf  # noqa: E402
from probabilistic import probabilistic_format as pf  # noqa: E402
from make_countmin_vectors import APPLY  # noqa: E402
from make_hll_vectors import psql, quote  # noqa: E402
from test_format import decode  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
VECTORS = os.path.join(ROOT, "test", "vectors", "countmin.json")


def apply(s, ops):
    """The adds of a vector in order, as pg_temp.apply does them."""
    for op in ops:
        if op[0] == "add_range":
            for i in range(op[1], op[2] + 1):
                s.add(i % op[3], weight=1 + i % op[4])
        else:
            value, as_type = decode(op[1], op[2])
            s.add(value, as_type, op[3])
    return s


def build(v):
    s = apply(cf.CountMin.empty(v["epsilon"], v["delta"], v["seed"]), v["ops"])
    if v["union_ops"] is not None:
        s = s.union(apply(cf.CountMin.empty(v["epsilon"], v["delta"], v["seed"]), v["union_ops"]))
    return s


def with_field(data, offset, fmt, value):
    b = bytearray(data)
    struct.pack_into(fmt, b, offset, value)
    return bytes(b)


class Vectors(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        with open(VECTORS) as fh:
            cls.vectors = json.load(fh)["countmin"]

    def test_there_are_vectors(self):
        self.assertGreaterEqual(len(self.vectors), 15)

    def test_bytes_match(self):
        for v in self.vectors:
            with self.subTest(v["name"]):
                raw = build(v).to_bytes()
                self.assertEqual(len(raw), v["bytes"])
                self.assertEqual(hashlib.sha256(raw).hexdigest(), v["sha256"])
                if "hex" in v:
                    self.assertEqual(raw.hex(), v["hex"])

    def test_server_bytes_parse_and_round_trip(self):
        for v in self.vectors:
            if "hex" not in v:
                continue
            with self.subTest(v["name"]):
                s = cf.CountMin.from_text("\\x" + v["hex"])
                self.assertEqual(s.to_bytes().hex(), v["hex"])


class Validation(unittest.TestCase):
    def setUp(self):
        s = cf.CountMin.empty(0.5, 0.2)
        s.add(1, weight=3)
        s.add(2, weight=4)
        self.good = s.to_bytes()

    def refused(self, data, what):
        with self.assertRaises(pf.FormatError) as cm:
            cf.CountMin.from_bytes(data)
        self.assertIn(what, str(cm.exception))

    def test_good(self):
        self.assertEqual(cf.CountMin.from_bytes(self.good).to_bytes(), self.good)

    def test_every_header_field(self):
        g = self.good
        self.refused(g[:47], "shorter")
        self.refused(with_field(g, 0, "<B", 0x43), "type tag")
        self.refused(with_field(g, 1, "<B", 3), "format version")
        self.refused(with_field(g, 2, "<B", 1), "hash id")
        self.refused(with_field(g, 3, "<B", 2), "update rule")
        self.refused(with_field(g, 5, "<B", 1), "reserved")
        self.refused(with_field(g, 16, "<d", 0.0), "epsilon")
        self.refused(with_field(g, 16, "<d", float("nan")), "epsilon")
        self.refused(with_field(g, 16, "<d", 0.25), "width")
        self.refused(with_field(g, 24, "<d", 1.0), "delta")
        self.refused(with_field(g, 24, "<d", 1e-15), "delta")
        self.refused(with_field(g, 24, "<d", 0.5), "depth")
        self.refused(with_field(g, 4, "<B", 3), "depth")
        self.refused(with_field(g, 32, "<Q", 7), "width")
        self.refused(g + b"\0", "length")
        self.refused(g[:-1], "length")
        self.refused(with_field(g, 40, "<Q", 1 << 63), "total")
        self.refused(with_field(g, 40, "<Q", 6), "more than the total")
        self.refused(with_field(g, 40, "<Q", 15), "less than the total")
        self.refused(with_field(g, 48, "<Q", struct.unpack_from("<Q", g, 48)[0] + 1), "more than the total")
        with self.assertRaises(ValueError):
            cf.CountMin.from_bytes(with_field(g, 6, "<H", 0))

    def test_parameters(self):
        for eps, delta in ((0.0, 0.1), (1.0, 0.1), (0.1, 0.0), (0.1, 1.0), (0.1, 1e-15), (1e-7, 0.01)):
            with self.subTest(epsilon=eps, delta=delta), self.assertRaises(pf.ParameterError):
                cf.CountMin.empty(eps, delta)
        self.assertEqual((cf.width_for(0.001), cf.depth_for(0.01)), (2719, 5))
        with self.assertRaises(pf.ParameterError):
            cf.CountMin.empty().add(1, weight=-1)

    def test_total_never_wraps(self):
        s = cf.CountMin.empty(0.5, 0.5)
        s.add(1, weight=cf.MAX_TOTAL - 1)
        before = s.to_bytes()
        with self.assertRaises(cf.TotalError):
            s.add(2, weight=2)
        self.assertEqual(s.to_bytes(), before)
        with self.assertRaises(cf.TotalError):
            s.union(s)

    def test_doctests(self):
        self.assertEqual(doctest.testmod(cf).failed, 0)


def zipf_stream(rng, n, values, s):
    weights = [1.0 / (k + 1) ** s for k in range(values)]
    return rng.choices(range(values), weights=weights, k=n)


class Truth(unittest.TestCase):
    """Never below the exact count; above it by more than epsilon N in at most delta of
    the values (a margin: 2 delta + 3), after unions in random trees."""

    def check(self, stream, weights, epsilon, delta, rng):
        parts = [cf.CountMin(epsilon, delta) for _ in range(rng.randint(1, 8))]
        truth = collections.Counter()
        for x, w in zip(stream, weights):
            rng.choice(parts).add(x, weight=w)
            truth[x] += w
        while len(parts) > 1:
            a = parts.pop(rng.randrange(len(parts)))
            b = parts.pop(rng.randrange(len(parts)))
            parts.append(a.union(b))
        s = parts[0]
        n = sum(truth.values())
        self.assertEqual(s.total, n)
        probes = list(truth) + [-k for k in range(1, 300)]
        over = 0
        for x in probes:
            est = s.count(x)
            self.assertGreaterEqual(est, truth[x])
            over += est - truth[x] > epsilon * n
        self.assertLessEqual(over, 2 * delta * len(probes) + 3)

    def test_random_and_zipf(self):
        rng = random.Random(27)
        for skew in (0.0, 0.8, 1.2):
            stream = zipf_stream(rng, 4000, 600, skew)
            self.check(stream, [1] * len(stream), 0.02, 0.05, rng)
            self.check(stream, [rng.randint(0, 5) for _ in stream], 0.02, 0.05, rng)


@unittest.skipUnless(os.environ.get("PGHOST"), "PGHOST is unset: no server to compare with")
class ServerTests(unittest.TestCase):
    """The Python implementation against the extension on random sketches. With PGHOST
    set, a server that cannot be reached fails these tests: it is not a skip."""

    @classmethod
    def setUpClass(cls):
        psql("CREATE EXTENSION IF NOT EXISTS probabilistic;")
        cls.seed = int(os.environ.get("PROB_TEST_SEED") or random.SystemRandom().randrange(10 ** 9))
        print("\n[test_countmin_format] random data seed %d (PROB_TEST_SEED=%d repeats it)" % (cls.seed, cls.seed),
              file=sys.stderr)

    def test_random_sketches_match_server(self):
        """The same adds, unions and aggregates: the same bytes, totals and counts."""
        rng = random.Random(self.seed)
        cases = []
        for _ in range(12):
            eps, delta = rng.choice([0.5, 0.1, 0.01]), rng.choice([0.5, 0.1, 0.01, 1e-6])
            seed = rng.choice([0, rng.randint(-2 ** 63, 2 ** 63 - 1)])
            sql_type = rng.choice(["bigint", "text"])
            ops = [["add", sql_type, str(rng.randint(0, 50)), rng.randint(0, 9)] for _ in range(rng.randint(0, 60))]
            other = [["add_range", 1, rng.randint(1, 300), rng.randint(1, 40), rng.randint(1, 5)]]
            cases.append((eps, delta, seed, ops, other))
        sql = APPLY + "".join(
            "SELECT encode(countmin_union(pg_temp.apply(countmin_empty(%r, %r, %d), %s::jsonb), "
            "pg_temp.apply(countmin_empty(%r, %r, %d), %s::jsonb))::bytea, 'hex');\n"
            % (eps, delta, seed, quote(json.dumps(ops)), eps, delta, seed, quote(json.dumps(other)))
            for eps, delta, seed, ops, other in cases)
        out = psql(sql).split()
        self.assertEqual(len(out), len(cases))
        for (eps, delta, seed, ops, other), hexstr in zip(cases, out):
            with self.subTest(epsilon=eps, delta=delta, seed=seed):
                s = apply(cf.CountMin.empty(eps, delta, seed), ops)
                s = s.union(apply(cf.CountMin.empty(eps, delta, seed), other))
                self.assertEqual(s.to_bytes().hex(), hexstr)

    def test_aggregate_matches_server(self):
        rng = random.Random(self.seed + 1)
        xs = [rng.randint(0, 100) for _ in range(500)]
        ws = [rng.randint(0, 3) for _ in xs]
        values = ", ".join("(%d, %d, %d)" % (i, x, w) for i, (x, w) in enumerate(zip(xs, ws)))
        hexstr = psql("SELECT encode(countmin_agg(x::bigint, w::bigint, 0.01, 0.05 ORDER BY i)::bytea, 'hex') "
                      "FROM (VALUES %s) v(i, x, w);" % values).strip()
        self.assertEqual(cf.CountMin.agg(xs, 0.01, 0.05, weights=ws).to_bytes().hex(), hexstr)

    def test_python_bytes_accepted_by_server(self):
        s = cf.CountMin.empty(0.05, 0.05, 9)
        for i in range(200):
            s.add("v%d" % (i % 13), weight=i % 4)
        out = psql("SELECT countmin_total(%s::countmin), countmin_count(%s::countmin, 'v3'::text);"
                   % (quote(s.to_text()), quote(s.to_text()))).strip()
        self.assertEqual(out, "%d|%d" % (s.total, s.count("v3")))


if __name__ == "__main__":
    unittest.main()
