"""Checks python/cuckoo_format.py, written from doc/FORMAT.md section 5, against
the extension: test/vectors/cuckoo.json byte for byte, validation of corrupt
bytes, and the no-false-negative property on random operations.
Run: /usr/bin/python3 -m unittest discover -s python -v
"""

import doctest
import hashlib
import json
import os
import random
import struct
import sys
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import cuckoo_format as cf  # noqa: E402
import probabilistic_format as pf  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
VECTORS = os.path.join(ROOT, "test", "vectors", "cuckoo.json")


def apply(c, ops):
    for op in ops:
        if op[0] in ("add_range", "remove_range"):
            for i in range(op[2], op[3] + 1, op[4]):
                c.add(i) if op[0] == "add_range" else c.remove(i)
        else:
            value = int(op[2]) if op[1] == "bigint" else op[2]
            c.add(value) if op[0] == "add" else c.remove(value)
    return c


def build(v):
    c = apply(cf.Cuckoo.empty(v["capacity"], v["fpr"], v["seed"]), v["ops"])
    if v["union_ops"] is not None:
        c = c.union(apply(cf.Cuckoo.empty(v["capacity"], v["fpr"], v["seed"]), v["union_ops"]))
    return c


class Vectors(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        with open(VECTORS) as fh:
            cls.vectors = json.load(fh)["cuckoo"]

    def test_there_are_vectors(self):
        self.assertGreaterEqual(len(self.vectors), 10)

    def test_bytes_match(self):
        for v in self.vectors:
            with self.subTest(v["name"]):
                data = build(v).to_bytes()
                self.assertEqual(len(data), v["bytes"])
                self.assertEqual(hashlib.sha256(data).hexdigest(), v["sha256"])
                if "hex" in v:
                    self.assertEqual(data.hex(), v["hex"])

    def test_server_bytes_parse_and_round_trip(self):
        for v in self.vectors:
            if "hex" not in v:
                continue
            with self.subTest(v["name"]):
                data = bytes.fromhex(v["hex"])
                self.assertEqual(cf.Cuckoo.from_bytes(data).to_bytes(), data)
                self.assertEqual(cf.Cuckoo.from_text("\\x" + v["hex"]).to_bytes(), data)


class Validation(unittest.TestCase):
    def good(self):
        c = cf.Cuckoo.empty(10, 0.01)
        c.add(1)
        return bytearray(c.to_bytes())

    def assertRejected(self, data):
        with self.assertRaises(pf.FormatError):
            cf.Cuckoo.from_bytes(bytes(data))

    def test_every_header_field(self):
        for off in range(0, 8):
            data = self.good()
            data[off] ^= 1
            with self.subTest(offset=off):
                self.assertRejected(data)
        for off, value in ((16, 30), (32, 5), (40, 0), (40, 2)):
            data = self.good()
            struct.pack_into("<Q", data, off, value)
            with self.subTest(offset=off, value=value):
                self.assertRejected(data)
        data = self.good()
        struct.pack_into("<d", data, 24, 0.001)
        self.assertRejected(data)

    def test_length_entries_and_pad(self):
        data = self.good()
        self.assertRejected(data[:-1])
        self.assertRejected(data + b"\0")
        self.assertRejected(data[:47])
        tiny = bytearray(cf.Cuckoo.empty(2, 0.1).to_bytes())  # 84 bits of table: four pad bits
        tiny[-1] |= 0x80
        self.assertRejected(tiny)
        cleared = self.good()
        cleared[48:] = bytes(len(cleared) - 48)
        self.assertRejected(cleared)


class Properties(unittest.TestCase):
    def test_no_false_negatives(self):
        rng = random.Random(7)
        for capacity, fpr in ((40, 0.1), (300, 0.01), (1000, 1e-4)):
            c = cf.Cuckoo.empty(capacity, fpr, seed=capacity)
            multiset = {}
            for _ in range(capacity * 5):
                key = rng.randrange(capacity * 2)
                if rng.random() < 0.65:
                    before = c.to_bytes()
                    try:
                        c.add(key)
                        multiset[key] = multiset.get(key, 0) + 1
                    except cf.FullError:
                        self.assertEqual(c.to_bytes(), before)
                elif multiset.get(key, 0) > 0:
                    c.remove(key)
                    multiset[key] -= 1
            for key, n in multiset.items():
                if n > 0:
                    self.assertGreaterEqual(c.count(key), n)
            self.assertEqual(c.items, sum(multiset.values()))
            self.assertEqual(cf.Cuckoo.from_bytes(c.to_bytes()), c)

    def test_doctests(self):
        self.assertEqual(doctest.testmod(cf, verbose=False).failed, 0)


if __name__ == "__main__":
    unittest.main()
