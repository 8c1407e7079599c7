"""Checks python/agebloom_format.py, written from doc/FORMAT.md section 11, against
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

import agebloom_format as af  # noqa: E402
import probabilistic_format as pf  # noqa: E402
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


if __name__ == "__main__":
    unittest.main()
