"""Checks python/probabilistic/topk_format.py, written from doc/FORMAT.md section 7, against the
extension: test/vectors/topk.json byte for byte, validation of corrupt bytes, the
bounds against exact counts for random streams unioned in random trees, and (when
PGHOST is set, as test/cluster.sh's start_cluster exports it) random sketches built
on a running server. Run: /usr/bin/python3 -m unittest discover -s python -v

PROB_TEST_SEED=<int> repeats a run's random data (the seed is printed).
"""

import collections
import doctest
import json
import os
import random
import struct
import sys
import unittest
import uuid

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from probabilistic import topk_format as tf  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
VECTORS = os.path.join(ROOT, "test", "vectors", "topk.json")
SEED = int(os.environ.get("PROB_TEST_SEED", random.randrange(1 << 30)))
print("test_topk_format: PROB_TEST_SEED=%d" % SEED, file=sys.stderr)


def decode(sql_type, text):
    if sql_type in ("bigint", "integer", "smallint"):
        return int(text)
    if sql_type == "uuid":
        return uuid.UUID(text)
    if sql_type == "bytea":
        return bytes.fromhex(text[2:])
    return text


def build(sql_type, size, values, weights):
    return tf.Topk.agg([decode(sql_type, x) for x in values], size,
                       None if weights is None else [int(w) for w in weights])


def build_vector(v):
    t = build(v["type"], v["size"], v["values"], v["weights"])
    if v["union"] is not None:
        u = v["union"]
        t = t.union(build(v["type"], u["size"], u["values"], u["weights"]))
    return t


def check_bounds(test, t, exact):
    """Every bound contains the exact count; nothing above the threshold or the maximum error is missing.
    The threshold floor(N / (k + 1)) is computed here from the exact total (section 8.5), not
    taken from topk_format's threshold (the code under test), which must be it."""
    n = sum(exact.values())
    threshold = n // (t.size + 1)
    test.assertEqual(t.total, n)
    test.assertEqual(t.threshold, threshold)
    test.assertLessEqual(t.offset, threshold)
    for item, f in exact.items():
        c = t.counters.get(tf.item_bytes(item), 0)
        test.assertLessEqual(c, f)
        test.assertLessEqual(f, c + t.offset)
        if f > threshold:
            test.assertIn(tf.item_bytes(item), t.counters)
        if f > t.offset:
            test.assertIn(tf.item_bytes(item), t.counters)


class Vectors(unittest.TestCase):
    def test_vectors_byte_for_byte(self):
        with open(VECTORS) as f:
            vs = json.load(f)["vectors"]
        self.assertGreaterEqual(len(vs), 10)
        for v in vs:
            with self.subTest(v["name"]):
                got = build_vector(v).to_bytes()
                self.assertEqual(got.hex(), v["hex"])
                self.assertEqual(tf.Topk.from_bytes(got).to_bytes(), got)

    def test_doctest(self):
        self.assertEqual(doctest.testmod(tf, verbose=False).failed, 0)


class Validation(unittest.TestCase):
    def setUp(self):
        self.good = tf.Topk.agg([1, 1, 1, 2], size=4).to_bytes()
        self.text = tf.Topk.agg(["a", "b"], size=4).to_bytes()

    def corrupt(self, data):
        with self.assertRaises(tf.CorruptError):
            tf.Topk.from_bytes(data)

    def put(self, data, offset, fmt, value):
        b = bytearray(data)
        struct.pack_into(fmt, b, offset, value)
        return bytes(b)

    def test_every_field(self):
        g = self.good
        tf.Topk.from_bytes(g)
        self.corrupt(g[:39])
        self.corrupt(g[:-1])
        self.corrupt(g + b"\0")
        for offset, fmt, value in [(0, "<B", 0x43), (1, "<B", 3), (1, "<B", 1), (2, "<B", 1), (3, "<B", 4),
                                   (4, "<H", 1), (6, "<H", 0), (6, "<H", 0xFFFF), (8, "<Q", 0), (8, "<Q", 65537),
                                   (8, "<Q", 1), (16, "<Q", 3), (16, "<Q", 1 << 63), (24, "<Q", 1), (32, "<I", 3),
                                   (32, "<I", 1), (36, "<I", 1), (40, "<Q", 0), (40, "<Q", 5), (48, "<I", 1025)]:
            with self.subTest(offset=offset, value=value):
                self.corrupt(self.put(g, offset, fmt, value))
        self.corrupt(self.put(self.put(g, 40, "<Q", 1), 60, "<Q", 3))   # counts ascending
        self.corrupt(self.put(self.put(g, 40, "<Q", 1), 72, "<Q", 1))   # the same item twice
        self.corrupt(self.put(g, 72, "<Q", 1))   # the same item twice, with different counts
        e = tf.Topk.empty(4).to_bytes()
        self.corrupt(self.put(e, 24, "<Q", 1))
        self.corrupt(self.put(e, 16, "<Q", 1))

    def test_refusals(self):
        t = tf.Topk.agg([1], size=4)
        with self.assertRaises(tf.RefusedError):
            t.add_all([2], [-1])
        with self.assertRaises(tf.RefusedError):
            tf.Topk.agg(["x" * 1025])
        with self.assertRaises(tf.RefusedError):
            t.union(tf.Topk.agg(["a"]))
        with self.assertRaises(tf.RefusedError):
            tf.Topk.agg([1, 2], weights=[tf.MAX_TOTAL, 1])
        with self.assertRaises(tf.RefusedError):
            tf.Topk(0)


class Property(unittest.TestCase):
    def test_bounds_in_random_trees(self):
        rng = random.Random(SEED)
        for trial in range(20):
            k = rng.choice([1, 2, 5, 16])
            parts = rng.randrange(1, 6)
            exact, streams = collections.Counter(), [[] for _ in range(parts)]
            for _ in range(rng.randrange(50, 2000)):
                x = int(rng.paretovariate(1.0)) % 200
                w = rng.randrange(0, 5)
                exact[x] += w
                streams[rng.randrange(parts)].append((x, w))
            sketches = [tf.Topk.agg([x for x, _ in s], k, [w for _, w in s]) for s in streams]
            while len(sketches) > 1:
                a = sketches.pop(rng.randrange(len(sketches)))
                b = sketches.pop(rng.randrange(len(sketches)))
                self.assertEqual(a.union(b).to_bytes(), b.union(a).to_bytes())
                sketches.append(a.union(b))
            check_bounds(self, sketches[0], {x: f for x, f in exact.items() if f > 0})


@unittest.skipUnless(os.environ.get("PGHOST"), "no server (PGHOST unset)")
class Server(unittest.TestCase):
    def test_random_sketches_match_the_server(self):
        from make_hll_vectors import psql
        from make_topk_vectors import vector_sql
        psql("CREATE EXTENSION IF NOT EXISTS probabilistic;")
        rng = random.Random(SEED)
        for trial in range(8):
            sql_type = rng.choice(["bigint", "text", "uuid"])
            k = rng.choice([1, 3, 8])
            n = rng.randrange(1, 400)
            raw = [int(rng.paretovariate(0.8)) % 50 for _ in range(n)]
            if sql_type == "bigint":
                values = [str(x - 20) for x in raw]
            elif sql_type == "text":
                values = ["v%dé" % x for x in raw]
            else:
                values = [str(uuid.UUID(int=x)) for x in raw]
            weights = [str(rng.randrange(0, 4)) for _ in raw] if rng.random() < 0.5 else None
            v = {"type": sql_type, "size": k, "values": values, "weights": weights,
                 "union": {"size": k + 1, "values": values[::-1], "weights": None} if trial % 2 else None}
            with self.subTest(trial=trial):
                self.assertEqual(psql(vector_sql(v)).strip()[2:], build_vector(v).to_bytes().hex())


if __name__ == "__main__":
    unittest.main()
