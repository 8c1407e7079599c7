"""Checks python/probabilistic/agebloom_format.py, written from doc/FORMAT.md section 11, against
the extension: test/vectors/agebloom.json byte for byte, validation of corrupt
bytes, the window property against the truth on random streams, and (when PGHOST
is set, as test/cluster.sh's start_cluster exports it) random filters built on a
running server. Run: /usr/bin/python3 -m unittest discover -s python -v

PROB_TEST_SEED=<int> repeats a run's random data (the seed is printed).
"""

import doctest
import hashlib
import json
import os
import random
import struct
import subprocess
import sys
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from probabilistic import agebloom_format as af  # noqa: E402
from probabilistic import probabilistic_format as pf  # noqa: E402
from test_format import decode  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
VECTORS = os.path.join(ROOT, "test", "vectors", "agebloom.json")
SEED = int(os.environ.get("PROB_TEST_SEED", random.randrange(1 << 30)))


def apply(f, ops):
    for op in ops:
        if op[0] == "add_range":
            for i in range(op[1], op[2] + 1):
                f.add(i, at=op[3] + (i - op[1]) * op[4])
        else:
            value, as_type = decode(op[1], op[2])
            f.add(value, as_type or _sql_type(op[1]), at=op[3])
    return f


def _sql_type(t):
    return {"integer": "integer", "double precision": "double precision"}.get(t)


def build(v):
    make = (lambda: af.Agebloom.empty_count(v["window"], v["fpr"], v["generations"], v["seed"])) \
        if v["mode"] == "count" else \
        (lambda: af.Agebloom.empty_time(v["window"], v["capacity"], v["fpr"], v["generations"], v["seed"]))
    f = apply(make(), v["ops"])
    if v["union_ops"] is not None:
        f = f.union(apply(make(), v["union_ops"]))
    return f


class Vectors(unittest.TestCase):
    def test_vectors_byte_for_byte(self):
        with open(VECTORS) as fh:
            doc = json.load(fh)
        self.assertGreaterEqual(len(doc["agebloom"]), 15)
        for v in doc["agebloom"]:
            with self.subTest(v["name"]):
                raw = build(v).to_bytes()
                self.assertEqual(len(raw), v["bytes"])
                self.assertEqual(hashlib.sha256(raw).hexdigest(), v["sha256"])
                if v["hex"] is not None:
                    self.assertEqual(raw.hex(), v["hex"])
                    self.assertEqual(af.Agebloom.from_bytes(raw).to_bytes(), raw)

    def test_doctest(self):
        self.assertEqual(doctest.testmod(af).failed, 0)


class Validation(unittest.TestCase):
    def setUp(self):
        f = af.Agebloom.empty_count(100, 0.01, 4)
        for i in range(130):
            f.add(i)
        self.good = f.to_bytes()
        af.Agebloom.from_bytes(self.good)

    def corrupt(self, offset, fmt, value):
        b = bytearray(self.good)
        struct.pack_into(fmt, b, offset, value)
        with self.assertRaises(pf.FormatError):
            af.Agebloom.from_bytes(bytes(b))

    def test_each_field(self):
        self.corrupt(0, "<B", 0x42)       # tag
        self.corrupt(1, "<B", 9)          # version
        self.corrupt(2, "<B", 7)          # hash id
        self.corrupt(3, "<B", 3)          # mode
        self.corrupt(4, "<B", 0)          # k
        self.corrupt(5, "<B", 1)          # reserved
        self.corrupt(16, "<Q", 101)       # window
        self.corrupt(24, "<Q", 99)        # capacity
        self.corrupt(32, "<d", 0.02)      # rate: the design differs
        self.corrupt(40, "<I", 5)         # generations
        self.corrupt(44, "<I", 1)         # reserved
        self.corrupt(48, "<Q", 26)        # generation length
        self.corrupt(56, "<Q", 26)        # limit
        self.corrupt(64, "<Q", 128)       # slice bits
        self.corrupt(72, "<q", 7)         # generation
        self.corrupt(80, "<Q", 131)       # items
        self.corrupt(af.HEADER_SIZE, "<Q", 26)  # a count past the limit
        with self.assertRaises(pf.FormatError):
            af.Agebloom.from_bytes(self.good + b"\0")

    def test_stray_bit(self):
        f = af.Agebloom.empty_count(100, 0.01, 4)
        b = bytearray(f.to_bytes())
        b[-1] = 1
        with self.assertRaises(pf.FormatError):
            af.Agebloom.from_bytes(bytes(b))


class WindowProperty(unittest.TestCase):
    """No false negatives inside the window, against the truth of a random stream."""

    def test_count_window(self):
        rng = random.Random(SEED)
        print("PROB_TEST_SEED=%d" % SEED)
        for _ in range(3):
            window = rng.randrange(5, 80)
            f = af.Agebloom.empty_count(window, rng.choice([0.1, 0.01]), rng.randrange(1, 6))
            stream = [rng.randrange(10**9) for _ in range(window * 4)]
            for n, x in enumerate(stream):
                f.add(x)
                for y in stream[max(0, n + 1 - window): n + 1]:
                    self.assertTrue(f.contains(y))

    def test_time_window_any_order(self):
        rng = random.Random(SEED + 1)
        hour = 3600 * 10**6
        f = af.Agebloom.empty_time(hour, 2000, 0.01, 6)
        adds = [(rng.randrange(10**9), rng.randrange(4 * hour)) for _ in range(600)]
        for x, t in adds:
            f.add(x, at=t)
        g = af.Agebloom.empty_time(hour, 2000, 0.01, 6)
        for x, t in sorted(adds, key=lambda a: a[1]):
            g.add(x, at=t)
        self.assertEqual(f.to_bytes()[af.HEADER_SIZE:], g.to_bytes()[af.HEADER_SIZE:])
        newest = max(t for _, t in adds)
        for x, t in adds:
            if t > newest - hour:
                self.assertTrue(f.contains_at(x, newest))


class WindowEdges(unittest.TestCase):
    """The window's oldest instant (doc/FORMAT.md 11.4), at every alignment: truth from the stream itself."""

    def test_count_oldest_of_the_window(self):
        # After every add, the oldest of the last N ids is found; N = l g (the tightest) and not.
        for n, l in ((1, 1), (8, 4), (9, 4), (12, 3), (128, 32), (100, 32)):
            f = af.Agebloom.empty_count(n, 0.01, l)
            for i in range(1, n + 3 * f.length * l + 1):
                f.add(i)
                if i >= n:
                    self.assertTrue(f.contains(i - n + 1), "window %d, l %d, after %d adds" % (n, l, i))

    def test_time_found_at_t_plus_w(self):
        # Added at t (first, second, middle and last microsecond of its generation, in
        # generations before and after 1970): found at t + W exactly and as of a newer add
        # there; found through the last microsecond of generation floor(t / d) + l, gone from
        # the next (one value alone: no other bit is set).
        w = 3600 * 10**6
        for l in (12, 7):
            d = -(-w // l)
            for gen in (-5, 0, 5890872):
                for off in (0, 1, d // 2, d - 1):
                    t = gen * d + off
                    f = af.Agebloom.empty_time(w, 120, 0.01, l)
                    f.add(7, at=t)
                    self.assertTrue(f.contains_at(7, t + w), (l, gen, off))
                    self.assertTrue(f.contains_at(7, (gen + l + 1) * d - 1), (l, gen, off))
                    self.assertFalse(f.contains_at(7, (gen + l + 1) * d), (l, gen, off))
                    g = f.copy()
                    g.add(8, at=t + w)
                    self.assertTrue(g.contains(7), (l, gen, off))

    def test_no_generation_union_and_contains(self):
        # Section 11.3: a side with no add (G = INT64_MIN) leaves the other as it is.
        hour = 3600 * 10**6
        empty = af.Agebloom.empty_time(hour, 100, 0.01)
        f = af.Agebloom.empty_time(hour, 100, 0.01)
        f.add(1, at=10 * hour)
        self.assertEqual(f.union(empty).to_bytes(), f.to_bytes())
        self.assertEqual(empty.union(f).to_bytes()[af.HEADER_SIZE:], f.to_bytes()[af.HEADER_SIZE:])
        self.assertFalse(empty.contains(1))
        self.assertFalse(empty.contains_at(1, 0))


def psql(sql):
    """One statement's output; its error message in the failure when it fails."""
    r = subprocess.run(["psql", "-X", "-At", "-v", "ON_ERROR_STOP=1", "-c", sql], capture_output=True, text=True)
    if r.returncode != 0:
        raise AssertionError("psql failed: %s (statement: %s...)" % (r.stderr.strip(), sql[:120]))
    return r.stdout


@unittest.skipUnless(os.environ.get("PGHOST"), "needs a running server (PGHOST)")
class Server(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        # This file's tests may run first (alphabetical order): the extension may not be there yet.
        psql("CREATE EXTENSION IF NOT EXISTS probabilistic")

    def test_random_filters(self):
        rng = random.Random(SEED + 2)
        for _ in range(4):
            window = rng.randrange(10, 300)
            n = rng.randrange(1, 4 * window)
            values = [rng.randrange(-10**12, 10**12) for _ in range(n)]
            sql = ("SELECT agebloom_agg(x, %d, 0.01 ORDER BY i) FROM unnest('{%s}'::bigint[]) WITH ORDINALITY t(x, i)"
                   % (window, ",".join(map(str, values))))
            out = psql(sql)
            f = af.Agebloom.empty_count(window, 0.01)
            for x in values:
                f.add(x)
            self.assertEqual(out.strip(), f.to_text())

    def test_times_at_the_ends(self):
        # The last microsecond a 64-bit count since 1970 holds, and PostgreSQL's lowest
        # timestamp: the server's bytes are this module's, with the microseconds from
        # section 11.1's rule (PostgreSQL's own arithmetic gives the times).
        for at, micros in (("timestamptz '1970-01-01 00:00+00' + interval '106751991 days 04:00:54.775807'", (1 << 63) - 1),
                           ("timestamptz '4714-11-24 00:00:00+00 BC'", -210866803200000000)):
            out = psql("SELECT agebloom_add(agebloom_empty(interval '1 hour', 100), 42::bigint, %s)" % at)
            f = af.Agebloom.empty_time(3600 * 10**6, 100)
            f.add(42, at=micros)
            self.assertEqual(out.strip(), f.to_text())
        err = subprocess.run(["psql", "-X", "-At", "-c", "SELECT agebloom_add(agebloom_empty(interval '1 hour', 100), 1, "
                              "timestamptz '294247-01-10 04:00:54.775808+00')"], capture_output=True, text=True)
        self.assertIn("out of range", err.stderr)

    def test_window_edges_on_the_server(self):
        # The oldest of the window at every alignment, and t + W, asked of the server.
        out = psql("SELECT count(*) FILTER (WHERE NOT agebloom_contains(f, n - 127)) FROM "
                   "(SELECT n, agebloom_agg(n, 128, 0.01) OVER (ORDER BY n) AS f FROM generate_series(1, 300) n) s "
                   "WHERE n >= 128")
        self.assertEqual(out.strip(), "0")
        out = psql("SELECT string_agg(agebloom_contains(agebloom_add(agebloom_empty(interval '1 hour', 120, 0.01, 12), 7, t), "
                   "7, t + interval '1 hour')::text, ',') FROM (SELECT timestamptz '2026-01-01 10:00+00' + o * interval "
                   "'1 microsecond' AS t FROM unnest(ARRAY[0, 1, 150000000, 299999999]) o) s")
        self.assertEqual(out.strip(), "true,true,true,true")


if __name__ == "__main__":
    unittest.main()
