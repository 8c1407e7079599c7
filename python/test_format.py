"""Checks python/probabilistic/probabilistic_format.py, written from doc/FORMAT.md, against the
extension: the test vectors in test/vectors/ (hll.json, bloom.json) byte for byte,
then (when PGHOST is set, as test/cluster.sh's start_cluster exports it) random
data on a running server. Run: /usr/bin/python3 -m unittest discover -s python -v

PROB_TEST_SEED=<int> repeats a run's random data (the seed is printed).
"""

import datetime
import decimal
import fractions
import hashlib
import json
import math
import os
import random
import re
import shutil
import struct
import subprocess
import sys
import unittest
import uuid

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from probabilistic import probabilistic_format as pf  # noqa: E402
from make_hll_vectors import ENUM_TYPE, SPEC_KINDS, input_kind  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
VECTORS = os.path.join(ROOT, "test", "vectors", "hll.json")
BLOOM_VECTORS = os.path.join(ROOT, "test", "vectors", "bloom.json")


def load_vectors(path=VECTORS):
    with open(path, encoding="utf-8") as f:
        return json.load(f)


def decode(sql_type, text):
    """A vector's PostgreSQL text form as (Python value, sql_type for probabilistic_format)."""
    if text is None:
        return None, None
    if sql_type == ENUM_TYPE:
        return text, "enum " + ENUM_TYPE
    if sql_type in ("smallint", "integer", "bigint"):
        return int(text), None
    if sql_type == "boolean":
        return text in ("t", "true"), None
    if sql_type == "real":
        return float(text), "real"
    if sql_type == "double precision":
        return float(text), None
    if sql_type == "numeric":
        return decimal.Decimal(text), None
    if sql_type in ("text", "varchar"):
        return text, None
    if sql_type.startswith("char("):
        return text, "bpchar"
    if sql_type == "bytea":
        return bytes.fromhex(text[2:]), None
    if sql_type == "uuid":
        return uuid.UUID(text), None
    if sql_type == "date":
        special = {"infinity": pf.DATE_INFINITY, "-infinity": pf.DATE_MINUS_INFINITY}
        if text in special:
            return special[text], "date"
        return datetime.date.fromisoformat(text), None
    if sql_type in ("timestamp", "timestamptz"):
        special = {"infinity": pf.TIMESTAMP_INFINITY, "-infinity": pf.TIMESTAMP_MINUS_INFINITY}
        if text in special:
            return special[text], sql_type
        return datetime.datetime.fromisoformat(text), None
    if sql_type == "name":
        return text, "name"
    if sql_type == '"char"':
        return (int(text[1:], 8) if text.startswith("\\") else ord(text) if text else 0), '"char"'
    if sql_type.endswith("[]"):
        return decode_array(sql_type[:-2], text), None
    raise AssertionError("no decoder for " + sql_type)


def decode_array(element_type, text):
    """The array literals of the vectors: optional [lo:hi] bounds, nested braces, NULL, quotes."""
    lower = []
    if text.startswith("["):
        bounds, text = text.split("=", 1)
        lower = [int(b.split(":")[0]) for b in bounds[1:-1].split("][")]

    def parse(pos):                     # text[pos] == "{": (list, position after "}")
        items, pos = [], pos + 1
        while text[pos] != "}":
            if text[pos] == "{":
                item, pos = parse(pos)
            elif text[pos] == '"':
                end = text.index('"', pos + 1)
                item, pos = text[pos + 1:end], end + 1
            else:
                end = min(i for i in (text.find(",", pos), text.find("}", pos)) if i >= 0)
                raw, pos = text[pos:end], end
                item = None if raw == "NULL" else raw
            items.append(item)
            if text[pos] == ",":
                pos += 1
        return items, pos + 1

    nested, _ = parse(0)
    dims, level = [], nested
    while isinstance(level, list) and level:
        dims.append(len(level))
        level = level[0]
    flat = []

    def walk(x, depth):
        if depth == len(dims):
            flat.append(x if x is None else decode(element_type, x)[0])
        else:
            for y in x:
                walk(y, depth + 1)
    if dims:
        walk(nested, 0)
    return pf.SqlArray(flat, "enum " + ENUM_TYPE if element_type == ENUM_TYPE else element_type, dims, lower or None)


def vector_hashes(rec):
    """The hashes of a hll vector's input, hashed with its seed."""
    inp, seed = rec["input"], rec["seed"]
    if "hashes" in inp:
        return [pf.to_unsigned(h) for h in inp["hashes"]]
    if "series" in inp:
        first, last = inp["series"]
        conv = str if inp["type"] == "text" else int
        return [pf.hash64(conv(i), seed) for i in range(first, last + 1)]
    pairs = inp.get("typed_values") or [[inp["type"], t] for t in inp["values"]]
    hashes = []
    for sql_type, text in pairs:
        value, as_type = decode(sql_type, text)
        hashes.append(pf.hash64(value, seed, as_type))
    return hashes


def typed_input(inp):
    """A typed vector's input values in order, as (Python value, sql_type) pairs; a "hash"
    entry is (the hash, "hash")."""
    if "series" in inp:
        first, last = inp["series"]
        return [decode(inp["type"], str(i)) for i in range(first, last + 1)]
    pairs = inp.get("typed_values") or [[inp["type"], t] for t in inp["values"]]
    return [(int(text), "hash") if sql_type == "hash" else decode(sql_type, text) for sql_type, text in pairs]


def build_hll(rec):
    """The sketch a vector describes, from its inputs alone: from their hashes (no kind), or
    from the values one by one (hll_add_agg and hll_add alike), recording their kind."""
    if rec["build"] == "hashes":
        return pf.Hll.from_hashes(vector_hashes(rec), rec["precision"], rec["seed"])
    h = pf.Hll.empty(rec["precision"], rec["seed"])
    for value, as_type in typed_input(rec["input"]):
        h = h.add_hash(value) if as_type == "hash" else h.add(value, as_type)
    return h


def check_record(test, sketch, rec):
    """A sketch against a vector record: bytes, kind, representation, estimate."""
    test.assertEqual(sketch.kind, rec["kind"])
    raw = sketch.to_bytes()
    test.assertEqual(len(raw), rec["bytes"])
    test.assertEqual(hashlib.sha256(raw).hexdigest(), rec["sha256"])
    if "hex" in rec:
        test.assertEqual(raw.hex(), rec["hex"])
    test.assertEqual("sparse" if sketch.sparse else "dense", rec["representation"])
    if sketch.sparse:
        test.assertEqual(len(sketch.entries), rec["sparse_entries"])
    test.assertEqual(sketch.cardinality(), rec["cardinality"])
    test.assertEqual(sketch.info_estimate_text(), rec["estimate"])


class VectorTests(unittest.TestCase):
    """Every vector in test/vectors/hll.json, reproduced from its inputs."""

    @classmethod
    def setUpClass(cls):
        cls.vectors = load_vectors()
        cls.sketches = {}
        for rec in cls.vectors["hll"]:
            cls.sketches[rec["name"]] = build_hll(rec)
        for rec in cls.vectors["union"]:
            cls.sketches[rec["name"]] = cls.sketches[rec["left"]].union(cls.sketches[rec["right"]])

    def test_vector_file_is_complete(self):
        v = self.vectors
        self.assertGreaterEqual(len(v["sketch_hash"]), 80)
        reprs = {(r["precision"], r["representation"]) for r in v["hll"]}
        for p in (4, 10, 14, 18):
            self.assertIn((p, "sparse"), reprs)
            self.assertIn((p, "dense"), reprs)
        kinds = {r["kind"] for r in v["hll"] + v["union"] + v["fold"]}
        for kind in (0, 20, 701, 25, 1700, 1082, 1114, 1184, 1016, 1009, 17340, 47842, 65535):
            self.assertIn(kind, kinds)
        self.assertTrue(any(r["kind"] == 0 and r["build"] == "typed" for r in v["hll"]))
        self.assertGreaterEqual(len(v["refused"]), 10)
        self.assertGreaterEqual(len(v["accepted"]), 5)

    def test_kinds_are_the_spec_tables(self):
        """Every vector records the kind section 2.5's table gives its values' SQL type (the
        server's bytes were checked against the same table when the vectors were made)."""
        for rec in self.vectors["hll"]:
            with self.subTest(rec["name"]):
                want = input_kind(rec["input"]) if rec["build"] == "typed" else 0
                self.assertEqual(rec["kind"], want)
                self.assertEqual(pf.Hll.from_bytes(bytes.fromhex(rec["hex"])).kind if "hex" in rec else want, want)
                if rec["build"] == "typed" and "typed_values" not in rec["input"]:
                    sql_type = rec["input"]["type"]
                    self.assertEqual(pf.type_kind(sql_type.replace(ENUM_TYPE, "enum " + ENUM_TYPE)), SPEC_KINDS[sql_type])

    def test_counts_are_the_truth(self):
        """Sparse typed vectors count exactly the values distinct under PostgreSQL's =, across
        types: a value converted to the sketch's kind is found, not counted twice."""
        checked = 0
        for rec in self.vectors["hll"]:
            if rec["build"] != "typed" or rec["distinct"] is None or rec["representation"] != "sparse":
                continue
            with self.subTest(rec["name"]):
                self.assertEqual(self.sketches[rec["name"]].cardinality(), rec["distinct"])
                self.assertEqual(rec["cardinality"], rec["distinct"])
                checked += 1
        self.assertGreaterEqual(checked, 25)

    def test_sketch_hash(self):
        for rec in self.vectors["sketch_hash"]:
            with self.subTest(rec["sql"]):
                value, as_type = decode(rec["type"], rec["text"])
                self.assertEqual(pf.sketch_hash(value, rec["seed"], as_type), rec["hash"])

    def test_encoded_hash(self):
        for rec in self.vectors["encoded_hash"]:
            with self.subTest(rec["sql"]):
                h = pf.xxh3(bytes.fromhex(rec["encoding"]), pf.to_unsigned(rec["seed"]))
                self.assertEqual(pf.to_signed(h), rec["hash"])

    def test_hll_built_from_inputs(self):
        for rec in self.vectors["hll"]:
            with self.subTest(rec["name"]):
                check_record(self, self.sketches[rec["name"]], rec)

    def test_hll_built_one_value_at_a_time(self):
        for rec in self.vectors["hll"]:
            if rec["build"] != "hashes" or len(vector_hashes(rec)) > 5000:
                continue
            with self.subTest(rec["name"]):
                h = pf.Hll.empty(rec["precision"], rec["seed"])
                for x in vector_hashes(rec):
                    h = h.add_hash(x)
                self.assertEqual(h.to_bytes(), self.sketches[rec["name"]].to_bytes())

    def test_hll_parse_round_trip(self):
        for rec in self.vectors["hll"] + self.vectors["union"] + self.vectors["fold"]:
            if "hex" not in rec:
                continue
            with self.subTest(rec["name"]):
                raw = bytes.fromhex(rec["hex"])
                parsed = pf.Hll.from_bytes(raw)
                self.assertEqual(parsed.to_bytes(), raw)
                self.assertEqual(pf.Hll.from_text("\\x" + rec["hex"].upper()).to_bytes(), raw)
                self.assertEqual(parsed.cardinality(), rec["cardinality"])
                self.assertEqual(parsed.kind, rec["kind"])
                self.assertEqual(raw[1], 1 if rec["kind"] == 0 else 2)

    def test_union(self):
        for rec in self.vectors["union"]:
            with self.subTest(rec["name"]):
                left, right = self.sketches[rec["left"]], self.sketches[rec["right"]]
                check_record(self, left.union(right), rec)
                self.assertEqual(right.union(left).to_bytes(), left.union(right).to_bytes())
                if left.kind and right.kind and left.kind != right.kind:
                    self.assertEqual(rec["kind"], pf.KIND_MIXED)

    def test_fold(self):
        for rec in self.vectors["fold"]:
            with self.subTest(rec["name"]):
                check_record(self, self.sketches[rec["source"]].fold(rec["precision"]), rec)

    def test_invalid_bytes_are_rejected(self):
        for rec in self.vectors["invalid"]:
            with self.subTest(rec["name"]):
                with self.assertRaises(pf.FormatError):
                    pf.Hll.from_bytes(bytes.fromhex(rec["hex"]))

    def test_version_2_edges_are_accepted(self):
        for rec in self.vectors["accepted"]:
            with self.subTest(rec["name"]):
                raw = bytes.fromhex(rec["hex"])
                parsed = pf.Hll.from_bytes(raw)
                self.assertEqual(parsed.to_bytes(), raw)
                self.assertEqual(parsed.kind, int.from_bytes(raw[6:8], "little"))

    def test_refused_as_the_server_refuses(self):
        """Each refusal of the vectors: the same SQLSTATE (section 2.5)."""
        for rec in self.vectors["refused"]:
            with self.subTest(rec["name"]):
                left = self.sketches[rec["left"]]
                if rec["op"] == "add":
                    value, as_type = decode(*rec["right"])
                    with self.assertRaises(pf.ComparisonError) as caught:
                        left.add(value, as_type)
                    self.assertEqual(caught.exception.sqlstate, rec["sqlstate"])
                else:
                    self.assertEqual(rec["sqlstate"], "22023")
                    with self.assertRaises(pf.ParameterError):
                        left.contains(self.sketches[rec["right"]])

    def test_invalid_text_is_rejected(self):
        for text in ["", "x", "480101010e1a00000000000000000000", "\\x480101010e1a0000000000000000000",
                     "\\x480101010e1a00000000000000000g00", "\\x 480101010e1a00000000000000000000"]:
            with self.subTest(text):
                with self.assertRaises(pf.FormatError):
                    pf.Hll.from_text(text)


class SpecTests(unittest.TestCase):
    """Statements of doc/FORMAT.md checked directly, without a server."""

    def test_worked_example(self):
        h = pf.Hll.from_values([1, 2, 3])
        self.assertEqual(h.to_text(), "\\x480202010e1a1400000000000000000042c686200159bc2f0120924d")
        self.assertEqual(pf.Hll.from_hashes(map(pf.hash64, [1, 2, 3])).to_text(),
                         "\\x480102010e1a0000000000000000000042c686200159bc2f0120924d")
        self.assertEqual(pf.hash64(1), 0x2fbc593564db792e)
        self.assertEqual(h.sparse_entries(), [0x2086c642, 0x2fbc5901, 0x4d922001])

    def test_example_encodings(self):
        examples = [
            ((1, None), "0100000000000000"), ((True, None), "0100000000000000"),
            ((decimal.Decimal("1.0"), None), "0100000000000000"), ((1.0, None), "0100000000000000"),
            ((datetime.date(2000, 1, 2), None), "0100000000000000"), ((-2, None), "feffffffffffffff"),
            ((datetime.date(2024, 1, 1), None), "3e22000000000000"), ((1.5, None), "000000000000f83f"),
            ((float("nan"), None), "000000000000f87f"), ((float("nan"), "real"), "000000000000f87f"),
            ((decimal.Decimal("1.50"), None), "312e35"), (("abc", None), "616263"),
            (("abc  ", "bpchar"), "616263"), ((b"abc", None), "616263"),
            ((-0.0, None), "0000000000000000"),
        ]
        for (value, as_type), encoding in examples:
            with self.subTest(value=value, sql_type=as_type):
                self.assertEqual(pf.canonical_bytes(value, as_type).hex(), encoding)

    def test_numeric_text(self):
        cases = {"1.50": "1.5", "-0.001": "-0.001", "1E-5": "0.00001", "9223372036854775808":
                 "9223372036854775808", "-1E+20": "-100000000000000000000", "123.4500": "123.45",
                 "9223372036854775808.000": "9223372036854775808", "NaN": "NaN",
                 "Infinity": "Infinity", "-Infinity": "-Infinity", "0.5E+1": None, "-0.000": None}
        for text, expected in cases.items():
            with self.subTest(text):
                got = pf.canonical_bytes(decimal.Decimal(text))
                if expected is None:  # integral within int64: the integer rule
                    self.assertEqual(len(got), 8)
                else:
                    self.assertEqual(got.decode(), expected)

    def test_float_integers_and_limits(self):
        self.assertEqual(pf.canonical_bytes(-9223372036854775808.0), struct.pack("<q", -(1 << 63)))
        self.assertEqual(pf.canonical_bytes(9223372036854775808.0), struct.pack("<d", 2.0 ** 63))
        self.assertEqual(pf.canonical_bytes(float("inf")), struct.pack("<d", float("inf")))
        self.assertEqual(pf.sketch_hash(2 ** 64), pf.sketch_hash(decimal.Decimal(2 ** 64)))

    def test_sizes_and_limits(self):
        table = {4: (12, 3), 10: (768, 192), 14: (12288, 3072), 15: (24576, 4096), 18: (196608, 4096)}
        for p, (dense, limit) in table.items():
            self.assertEqual(pf.dense_payload_size(p), dense)
            self.assertEqual(pf.sparse_limit(p), limit)

    def test_entry_at_equals_dense_split(self):
        rng = random.Random(5)
        for _ in range(20000):
            h = rng.getrandbits(64) >> rng.choice([0, 0, 10, 30, 50, 60])
            for p in (4, 9, 14, 18):
                self.assertEqual(pf.entry_at(pf.sparse_entry(h), p), pf.dense_index_rank(h, p))

    def test_llround(self):
        for x, r in [(0.0, 0), (0.49999999999999994, 0), (0.5, 1), (1.5, 2), (2.5, 3), (2.4999, 2),
                     (1e15 + 0.5, 1000000000000001), (-0.5, -1)]:
            self.assertEqual(pf.llround(x), r)

    def test_empty_estimates_zero(self):
        for p in (4, 14, 18):
            self.assertEqual(pf.Hll.empty(p).estimate(), 0.0)

    def test_low_precision_estimates_are_unbiased(self):
        """Against the truth: random sets of 5m values at p = 4, 5, 6 (about +7%, +3.5%
        and +1.7% before the finite-m correction of section 3.10); the mean relative
        error is within 4 standard errors plus the second-order remainder 1/m^2."""
        rng = random.Random(11)
        for p in (4, 5, 6):
            m = 1 << p
            n = 5 * m
            errs = [pf.Hll.from_hashes([rng.getrandbits(64) for _ in range(n)], p).estimate() / n - 1
                    for _ in range(1500)]
            mean = sum(errs) / len(errs)
            se = math.sqrt(sum((e - mean) ** 2 for e in errs) / (len(errs) - 1) / len(errs))
            with self.subTest(p=p, bias=mean, se=se):
                self.assertLessEqual(abs(mean), 4 * se + 1.0 / (m * m))

    def test_saturated_estimate_is_capped(self):
        """Every register at 65 - p (crafted hashes only): +infinity, capped at 2^64."""
        h = pf.Hll.from_hashes([k << 60 for k in range(16)], 4)
        self.assertEqual(set(h.registers), {61})
        self.assertEqual(h.estimate(), 2.0 ** 64)
        self.assertEqual(h.cardinality(), 2 ** 63 - 1)

    def test_canonical_whatever_the_path(self):
        """Union, fold and one-at-a-time adds all give the canonical value of the set."""
        rng = random.Random(7)
        for _ in range(40):
            p, q = rng.choice([4, 6, 10, 14]), rng.choice([4, 8, 12, 18])
            n = rng.choice([0, 1, 3, 11, 12, 13, 200, 800, 3072, 3100])
            hashes = [rng.getrandbits(64) for _ in range(n)]
            split = rng.randint(0, n)
            a = pf.Hll.from_hashes(hashes[:split], p)
            b = pf.Hll.from_hashes(hashes[split:], q)
            whole = pf.Hll.from_hashes(hashes, min(p, q))
            self.assertEqual(a.union(b).to_bytes(), whole.to_bytes())
            self.assertEqual(b.union(a).to_bytes(), whole.to_bytes())
            self.assertEqual(pf.Hll.from_hashes(hashes, max(p, q)).fold(min(p, q)).to_bytes(), whole.to_bytes())
            shuffled = list(hashes) + hashes[: n // 3]
            rng.shuffle(shuffled)
            self.assertEqual(pf.Hll.from_hashes(shuffled, min(p, q)).to_bytes(), whole.to_bytes())

    def test_seeds_must_match(self):
        """union, containment and hll_overlap check as the core's hll::check_compatible does:
        the hash id first, then the seed, with the server's messages."""
        old = pf.Hll.from_bytes(bytes.fromhex("480101010e1a00000000000000000000"))
        ops = (lambda x, y: x.union(y), lambda x, y: x.contains(y), pf.hll_overlap)
        for op in ops:
            with self.assertRaisesRegex(pf.ParameterError, "^cannot combine hll values built with different hash seeds$"):
                op(pf.Hll.empty(14, 1), pf.Hll.empty(12, 2))
            with self.assertRaisesRegex(pf.ParameterError, "^cannot combine hll values built under hash ids 1 and 2$"):
                op(old, pf.Hll.empty(14, 5))
        with self.assertRaises(pf.ParameterError):
            pf.Hll.empty(10).fold(12)

    def test_hash_id_one_values(self):
        """Section 2: hash id 1 values are read and keep their id; they take the types whose rule
        did not change, refuse the others, and never combine with hash id 2 values."""
        old = pf.Hll.from_bytes(bytes.fromhex("480101010e1a00000000000000000000"))
        self.assertEqual(old.add(42).to_bytes()[2], 1)
        self.assertEqual(old.add("abc").union(old).to_bytes()[2], 1)
        for value, sql_type in (("abc", "name"), ("x", '"char"'), ("ok", "enum mood"), (pf.SqlArray([1]), None)):
            with self.subTest(sql_type=sql_type), self.assertRaises(pf.ParameterError):
                old.add(value, sql_type)
        with self.assertRaises(pf.ParameterError):
            old.union(pf.Hll.empty())
        self.assertEqual(pf.Hll.empty().add("abc", "name"), pf.Hll.empty().add("abc"))
        filt = pf.Bloom.from_bytes(pf.Bloom.empty(10).to_bytes()[:2] + b"\x01" + pf.Bloom.empty(10).to_bytes()[3:])
        self.assertTrue(filt.add("abc").contains("abc"))
        with self.assertRaises(pf.ParameterError):
            filt.contains(pf.SqlArray(["a"]))
        with self.assertRaises(pf.ParameterError):
            filt.union(pf.Bloom.empty(10))


# ---------------------------------------------------------------- against a server

def copy_text(s):
    return s.replace("\\", "\\\\").replace("\t", "\\t").replace("\n", "\\n").replace("\r", "\\r")


_TEXT_POOL = ("abcxyzABCXYZ0123456789 _-'\"\\\t\n\u00e9\u00f6\u00df\u00e7\u0416\u05d0"
              "\u65e5\u672c\u8a9e\U0001f600\U0001f680")


def _rand_text(rng, max_len):
    return "".join(rng.choice(_TEXT_POOL) for _ in range(rng.randint(0, max_len)))


def _rand_float(rng):
    kind = rng.random()
    if kind < 0.05:
        return rng.choice([float("nan"), float("inf"), float("-inf"), -0.0, 0.0, 2.0 ** 63, -2.0 ** 63,
                           1e19, -1e19, 5e-324])
    if kind < 0.35:
        return float(rng.randint(-10 ** 6, 10 ** 6))
    return rng.uniform(-1, 1) * 10.0 ** rng.randint(-20, 25)


def _to_real(x):
    return struct.unpack("<f", struct.pack("<f", x))[0] if abs(x) < 3e38 or x != x else x


def _rand_decimal(rng):
    kind = rng.random()
    if kind < 0.05:
        return decimal.Decimal(rng.choice(["NaN", "Infinity", "-Infinity", "0.000", "-0", "42.000"]))
    if kind < 0.15:
        return decimal.Decimal(rng.choice([1, -1]) * (2 ** 63 + rng.randint(-3, 10 ** 20)))
    if kind < 0.4:
        return decimal.Decimal(rng.randint(-10 ** 9, 10 ** 9))
    return decimal.Decimal(rng.randint(-10 ** 15, 10 ** 15)).scaleb(-rng.randint(0, 20))


_OFFSETS = [datetime.timedelta(0), datetime.timedelta(hours=5, minutes=30), datetime.timedelta(hours=-8),
            datetime.timedelta(hours=14), datetime.timedelta(hours=-12, minutes=-45)]


def _rand_datetime(rng):
    return datetime.datetime(1, 1, 1) + datetime.timedelta(
        microseconds=rng.randrange((datetime.datetime(9999, 12, 31) - datetime.datetime(1, 1, 1)) //
                                   datetime.timedelta(microseconds=1)))


# name: (SQL type, sql_type for probabilistic_format, random value, COPY text of a value)
SERVER_TYPES = {
    "bigint": ("bigint", None,
               lambda r: r.randint(-2 ** 63, 2 ** 63 - 1) if r.random() < 0.7 else r.randint(-500, 5000), str),
    "integer": ("integer", None, lambda r: r.randint(-2 ** 31, 2 ** 31 - 1), str),
    "smallint": ("smallint", None, lambda r: r.randint(-2 ** 15, 2 ** 15 - 1), str),
    "double precision": ("double precision", None, _rand_float, repr),
    "real": ("real", "real", lambda r: _to_real(_rand_float(r)), repr),
    "numeric": ("numeric", None, _rand_decimal, str),
    "text": ("text", None, lambda r: _rand_text(r, 24), copy_text),
    "varchar": ("varchar(40)", None, lambda r: _rand_text(r, 24), copy_text),
    "char(10)": ("char(10)", "bpchar", lambda r: _rand_text(r, 7) + " " * r.randint(0, 3), copy_text),
    "bytea": ("bytea", None, lambda r: r.randbytes(r.randint(0, 24)), lambda b: "\\\\x" + b.hex()),
    "uuid": ("uuid", None, lambda r: uuid.UUID(int=r.getrandbits(128)), str),
    "date": ("date", None, lambda r: datetime.date.fromordinal(r.randint(1, 3652059)), str),
    "timestamp": ("timestamp", None, _rand_datetime, lambda d: d.isoformat(" ")),
    "timestamptz": ("timestamptz", None,
                    lambda r: _rand_datetime(r).replace(tzinfo=datetime.timezone(r.choice(_OFFSETS))),
                    lambda d: d.isoformat(" ")),
    "boolean": ("boolean", None, lambda r: r.random() < 0.5, lambda b: "t" if b else "f"),
}

ROWS = 20000
PREFIXES = [1, 10, 300, 3100, ROWS]
PRECISIONS = [4, 10, 14, 18]


# doc/FORMAT.md section 3.14: derived numbers (joint estimates, standard
# errors, signed intersection, Jaccard bounds) agree between the server and
# this implementation within this relative tolerance; integer bounds are equal
# or one apart (where a real-valued end lies within the tolerance of an integer).
DERIVED_TOLERANCE = 1e-9


def agree(server, ours):
    """Section 3.14's tolerance: relative, and absolute near 0 (JSON null: not finite)."""
    if server is None or ours is None or not math.isfinite(ours):
        return server is None and (ours is None or not math.isfinite(ours))
    return math.isclose(server, ours, rel_tol=DERIVED_TOLERANCE, abs_tol=DERIVED_TOLERANCE)


def psql(sql):
    env = dict(os.environ, PGCLIENTENCODING="UTF8")
    run = subprocess.run(["psql", "-X", "-At", "-q", "-v", "ON_ERROR_STOP=1", "-f", "-"],
                         input=sql, capture_output=True, text=True, env=env)
    if run.returncode != 0:
        raise AssertionError("psql failed: %s" % run.stderr.strip())
    return run.stdout


def load_table_sql(table, sql_type, texts, temp=True):
    lines = ["SET TimeZone = 'UTC';",
             "CREATE %sTABLE %s (i serial PRIMARY KEY, x %s);" % ("TEMP " if temp else "", table, sql_type),
             "COPY %s (x) FROM STDIN;" % table]
    lines.extend(texts)
    lines.append("\\.")
    return "\n".join(lines) + "\n"


@unittest.skipUnless(os.environ.get("PGHOST"), "PGHOST is unset: no server to compare with")
class ServerTests(unittest.TestCase):
    """The Python implementation against the extension on random data."""

    @classmethod
    def setUpClass(cls):
        if shutil.which("psql") is None:
            raise unittest.SkipTest("psql is not on PATH")
        psql("CREATE EXTENSION IF NOT EXISTS probabilistic;")
        cls.seed = int(os.environ.get("PROB_TEST_SEED") or random.SystemRandom().randrange(10 ** 9))
        print("\n[test_format] random data seed %d (PROB_TEST_SEED=%d repeats it)" % (cls.seed, cls.seed),
              file=sys.stderr)
        cls.data = {}

    def rows_of(self, name):
        """A type's random values (with duplicates) and their COPY text, the same for every test."""
        if name not in self.data:
            sql_type, as_type, gen, fmt = SERVER_TYPES[name]
            rng = random.Random("%d %s" % (self.seed, name))
            pool = [gen(rng) for _ in range(ROWS * 3 // 4)]
            values = [rng.choice(pool) if rng.random() < 0.25 else gen(rng) for _ in range(ROWS)]
            if name == "boolean":
                values = values[:10]
            self.data[name] = (values, [fmt(v) for v in values])
        return self.data[name]

    def test_aggregates_hashes_and_estimates(self):
        """hll_add_agg(x, p), sketch_hash, hll_cardinality and hll_info per type."""
        for name, (sql_type, as_type, _, _) in SERVER_TYPES.items():
            values, texts = self.rows_of(name)
            hash_seed = random.Random(self.seed).randrange(-2 ** 63, 2 ** 63)
            prefixes = [n for n in PREFIXES if n <= len(values)]
            sql = load_table_sql("d", sql_type, texts) + """
SELECT 'hash', string_agg(sketch_hash(x)::text, ' ' ORDER BY i), string_agg(sketch_hash(x, %d)::text, ' ' ORDER BY i)
FROM d WHERE i <= 500;
SELECT 'agg', n, p, encode(h::bytea, 'hex'), hll_cardinality(h), hll_info(h)->>'estimate', hll_info(h)->>'kind'
FROM (SELECT n, p, hll_add_agg(x, p) AS h
      FROM d, unnest(ARRAY[%s]) n, unnest(ARRAY[%s]) p
      WHERE i <= n GROUP BY n, p) s
ORDER BY n, p;
""" % (hash_seed, ",".join(map(str, prefixes)), ",".join(map(str, PRECISIONS)))
            out = psql(sql).splitlines()
            hashes = [pf.hash64(v, 0, as_type) for v in values]
            # The kind section 2.5's table gives the column's type; Python's agrees.
            kind = SPEC_KINDS[name]
            self.assertEqual(pf.type_kind(sql_type), kind)
            self.assertTrue(all(pf.value_kind(v, as_type) == kind for v in values))
            with self.subTest(name, what="sketch_hash"):
                _, unseeded, seeded = out[0].split("|")
                n = min(500, len(values))
                self.assertEqual([int(x) for x in unseeded.split()], [pf.to_signed(h) for h in hashes[:n]])
                self.assertEqual([int(x) for x in seeded.split()],
                                 [pf.sketch_hash(v, hash_seed, as_type) for v in values[:n]])
            rows = [line.split("|") for line in out[1:]]
            self.assertEqual(len(rows), len(prefixes) * len(PRECISIONS))
            for _, n, p, hexstr, cardinality, estimate, kind_text in rows:
                with self.subTest(name, n=n, p=p):
                    self.assertEqual(kind_text, pf.kind_name(kind))
                    sketch = pf.Hll.from_hashes(hashes[:int(n)], int(p), kind=kind)
                    self.assertEqual(sketch.to_bytes().hex(), hexstr)
                    self.assertEqual(pf.Hll.from_bytes(bytes.fromhex(hexstr)).kind, kind)
                    self.assertEqual(sketch.cardinality(), int(cardinality))
                    self.assertEqual(sketch.info_estimate_text(), estimate)
                    self.assertEqual(pf.Hll.from_bytes(bytes.fromhex(hexstr)).to_bytes().hex(), hexstr)

    def test_union_and_fold(self):
        """hll_union, folds and hll_contains against this implementation bit for bit,
        and against the truth: the union is the sketch of the union of the values
        (built again from them), its bounds hold the exact distinct count, and a
        sketch contains every sketch of a subset of its values."""
        values, texts = self.rows_of("bigint")
        words, word_texts = self.rows_of("text")
        hashes = [pf.hash64(v) for v in values]
        word_hashes = [pf.hash64(w) for w in words]
        rng = random.Random(self.seed + 1)
        cases = []
        for _ in range(24):
            a = (rng.choice([0, 1, 50, 190, 2000, 3000, 9000]), rng.choice(PRECISIONS + [6, 12]))
            b = (rng.choice([0, 3, 150, 1100, 4000, 20000]), rng.choice(PRECISIONS + [6, 12]))
            # One case in three takes B from A's own values (B a subset of A).
            cases.append((a, b, rng.randint(4, min(a[1], b[1])), rng.random() < 1 / 3))
        agg = "(SELECT hll_add_agg(x, %d) FROM %s WHERE i <= %d)"
        queries = []
        for (na, pa), (nb, pb), fold_to, subset in cases:
            # A bigint sketch with a text one (kinds 20 and 25: the union is 65535), or with a
            # subset of its own values; for containment, which needs one kind, with a prefix
            # of its own column.
            left = agg % (pa, "d", na)
            right = agg % (pb, "d", min(nb, na)) if subset else agg % (pb, "w", nb)
            prefix = agg % (pb, "d", nb)
            queries.append("SELECT encode(hll_union(%s, %s)::bytea, 'hex'), encode((%s)::hll(%d)::bytea, 'hex'), "
                           "hll_contains(%s, %s), (SELECT lower || ',' || upper FROM hll_cardinality_bounds("
                           "hll_union(%s, %s), 0.99));" % (left, right, right, fold_to, left, prefix, left, right))
        sql = (load_table_sql("d", "bigint", texts) + load_table_sql("w", "text", word_texts)
               + "\n".join(queries) + "\n")
        out = psql(sql).splitlines()
        self.assertEqual(len(out), len(cases))
        missed_at = set()
        for ((na, pa), (nb, pb), fold_to, subset), line in zip(cases, out):
            union_hex, fold_hex, contains, bounds = line.split("|")
            with self.subTest(left=(na, pa), right=(nb, pb), fold=fold_to, subset=subset):
                right_hashes = hashes[:min(nb, na)] if subset else word_hashes[:nb]
                right_kind = 20 if subset else 25
                left = pf.Hll.from_hashes(hashes[:na], pa, kind=20)
                right = pf.Hll.from_hashes(right_hashes, pb, kind=right_kind)
                self.assertEqual(left.union(right).to_bytes().hex(), union_hex)
                nr = len(right_hashes)   # a subset of no values is empty, whatever nb says
                self.assertEqual(left.union(right).kind, (65535 if right_kind != 20 else 20) if na and nr else 20 if na else right_kind if nr else 0)
                self.assertEqual(right.fold(fold_to).to_bytes().hex(), fold_hex)
                prefix = pf.Hll.from_hashes(hashes[:nb], pb, kind=20)
                self.assertEqual("t" if left.contains(prefix) else "f", contains)
                if nb <= na:            # the truth: a subset's sketch is contained
                    self.assertEqual(contains, "t")
                # The truth: the union of the sketches holds the registers of the union of the
                # values (the kind aside).
                both = pf.Hll.from_hashes(hashes[:na] + right_hashes, min(pa, pb), kind=left.union(right).kind)
                self.assertEqual(both.to_bytes().hex(), union_hex)
                lo, hi = (int(v) for v in bounds.split(","))
                if not lo <= len(set(hashes[:na]) | set(right_hashes)) <= hi:
                    missed_at.add(min(pa, pb))
        # 99% bounds of the union's count hold the exact count. The cases are not
        # independent: every A is a prefix of one list of values, so the registers of
        # one unlucky draw at a precision (1% of draws) show in every case at that
        # precision (seed 293654928 missed five cases, all at p = 6, whose bounds cover
        # 98.7% of independent draws). So the misses may fall at one or two precisions,
        # not more.
        self.assertLessEqual(len(missed_at), 2, sorted(missed_at))

    def test_hll_add_with_seed(self):
        """hll_add hashes with the sketch's seed, one value at a time."""
        for name in ("bigint", "text", "numeric", "timestamptz"):
            sql_type, as_type, _, _ = SERVER_TYPES[name]
            values, texts = self.rows_of(name)
            rng = random.Random("%d seeded %s" % (self.seed, name))
            cases = [(rng.choice([5, 9, 12]), rng.randrange(-2 ** 63, 2 ** 63), rng.choice([3, 40, 400]))
                     for _ in range(3)]
            sql = load_table_sql("d", sql_type, texts) + """
CREATE FUNCTION pg_temp.seeded(p int, seed bigint, n int) RETURNS hll LANGUAGE plpgsql AS $$
DECLARE h hll := hll_empty(p, seed); r record;
BEGIN
    FOR r IN SELECT x FROM d WHERE i <= n ORDER BY i LOOP h := hll_add(h, r.x); END LOOP;
    RETURN h;
END $$;
""" + "".join("SELECT encode(pg_temp.seeded(%d, %d, %d)::bytea, 'hex');\n" % c for c in cases)
            out = psql(sql).split()
            for (p, seed, n), hexstr in zip(cases, out):
                with self.subTest(name, p=p, seed=seed, n=n):
                    sketch = pf.Hll.from_values(values[:n], p, seed, as_type)
                    self.assertEqual(sketch.to_bytes().hex(), hexstr)

    def test_parallel_aggregate_is_canonical(self):
        """Partial aggregates combined by parallel workers give the same bytes."""
        values, texts = self.rows_of("bigint")
        hashes = [pf.hash64(v) for v in values]
        table = "prob_format_parallel_%d" % os.getpid()
        # A parallel plan is forced, never hoped for: the table asks for two
        # workers, parallelism costs nothing, and the leader leaves the scan
        # to the workers, so the states the result combines come from them.
        sql = load_table_sql(table, "bigint", texts, temp=False) + """
ALTER TABLE %(t)s SET (parallel_workers = 2);
ANALYZE %(t)s;
SET parallel_setup_cost = 0; SET parallel_tuple_cost = 0; SET min_parallel_table_scan_size = 0;
SET max_parallel_workers_per_gather = 2; SET parallel_leader_participation = off;
EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY OFF) %(q)s;
SELECT 'result';
%(q)s;
""" % {"t": table, "q": "SELECT p, encode(hll_add_agg(x, p)::bytea, 'hex') FROM %s, "
                      "unnest(ARRAY[10, 14, 18]) p GROUP BY p ORDER BY p" % table}
        try:
            out = psql(sql).splitlines()
        finally:
            psql("DROP TABLE IF EXISTS %s;" % table)
        plan, result = out[:out.index("result")], out[out.index("result") + 1:]
        shown = "\n".join(plan)
        # Not a skip: a plan without partial aggregation, or one no worker ran, fails.
        self.assertTrue(any("Partial" in line for line in plan), "no partial aggregation in the plan:\n" + shown)
        launched = [int(n) for n in re.findall(r"Workers Launched: (\d+)", shown)]
        self.assertTrue(launched and max(launched) >= 1, "no parallel worker ran the plan:\n" + shown)
        self.assertEqual(len(result), 3)
        for line in result:
            p, hexstr = line.split("|")
            with self.subTest(p=p):
                self.assertEqual(pf.Hll.from_hashes(hashes, int(p), kind=20).to_bytes().hex(), hexstr)

    def test_crafted_registers(self):
        """Registers near the maximum, from crafted hashes: the estimator's tau term and
        extreme estimates up to the 2^64 cap, which real data never reaches."""
        rng = random.Random(self.seed + 3)
        cases = []
        for _ in range(30):
            p = rng.choice([4, 6, 8, 10])
            top = 65 - p
            low = rng.choice([1, top // 2, top - 3, top - 1, top - 1])
            empty = rng.choice([0, top]) if rng.random() < 0.5 else 0  # no zero register: tau matters
            ranks = [rng.choice([empty, top, top, rng.randint(low, top)]) for _ in range(1 << p)]
            # A hash with index i and rank r: the index, then r - 1 zero bits, then a one.
            hashes = [(i << (64 - p)) | (0 if r == top else 1 << (64 - p - r))
                      for i, r in enumerate(ranks) if r > 0]
            cases.append((p, ranks, hashes))
        cases.append((4, [61] * 16, [i << 60 for i in range(16)]))  # saturated: the 2^64 cap
        sql = "".join("SELECT encode(h::bytea, 'hex'), hll_info(h)->>'estimate', hll_cardinality(h) FROM "
                      "(SELECT hll_add_hash_agg(h, %d) AS h FROM unnest(ARRAY[%s]::bigint[]) h) s;\n"
                      % (p, ",".join(str(pf.to_signed(h)) for h in hashes) or "NULL")
                      for p, _, hashes in cases)
        out = psql(sql).splitlines()
        self.assertEqual(len(out), len(cases))
        for (p, ranks, hashes), line in zip(cases, out):
            hexstr, estimate, cardinality = line.split("|")
            with self.subTest(p=p, ranks=ranks):
                sketch = pf.Hll.from_hashes(hashes, p)
                self.assertEqual(list(sketch.dense_registers()) if len(hashes) else [0] * (1 << p), ranks)
                self.assertEqual(sketch.to_bytes().hex(), hexstr)
                self.assertEqual(sketch.info_estimate_text(), estimate)
                self.assertEqual(str(sketch.cardinality()), cardinality)

    def test_server_and_python_reject_the_same_bytes(self):
        rng = random.Random(self.seed + 2)
        base = pf.Hll.from_hashes([rng.getrandbits(64) for _ in range(5)], 6).to_bytes()
        dense = pf.Hll.from_hashes([rng.getrandbits(64) for _ in range(100)], 4).to_bytes()
        candidates = []
        for raw in (base, dense):
            for _ in range(60):
                b = bytearray(raw)
                i = rng.randrange(len(b))
                b[i] = rng.randrange(256)
                candidates.append(bytes(b))
            candidates.append(raw[:-1])
            candidates.append(raw + b"\x00")
        sql = """CREATE FUNCTION pg_temp.accepted(b bytea) RETURNS boolean LANGUAGE plpgsql AS $$
BEGIN PERFORM b::hll; RETURN true; EXCEPTION WHEN invalid_binary_representation THEN RETURN false; END $$;
""" + "".join("SELECT pg_temp.accepted('\\x%s');\n" % c.hex() for c in candidates)
        out = psql(sql).split()
        for raw, server in zip(candidates, out):
            with self.subTest(raw.hex()):
                try:
                    pf.Hll.from_bytes(raw)
                    ours = "t"
                except pf.FormatError:
                    ours = "f"
                self.assertEqual(ours, server)


    def test_joint_estimates_agree_with_the_server_and_the_truth(self):
        """hll_overlap, hll_intersection/difference_cardinality, hll_jaccard,
        hll_cardinality_bounds and hll_relative_error on random sketches (every
        relationship at sparse, dense and mixed precisions 4..18): the server
        and this implementation agree within section 3.14's tolerance, and
        every answer is checked against the true counts of the sets."""
        rng = random.Random(self.seed + 3)
        cases = []

        def case(na, nb, common, pa, pb, conf):
            a = [rng.getrandbits(64) for _ in range(na - common)]
            b = [rng.getrandbits(64) for _ in range(nb - common)]
            both = [rng.getrandbits(64) for _ in range(common)]
            cases.append((a + both, b + both, pa, pb, conf))

        for _ in range(12):
            pa, pb = rng.choice([4, 8, 12, 14]), rng.choice([6, 10, 14])
            na, nb = rng.choice([0, 1, 30, 800, 2500, 9000, 40000]), rng.choice([0, 5, 500, 3000, 20000])
            case(na, nb, rng.randint(0, min(na, nb)), pa, pb, rng.choice([0.5, 0.9, 0.95, 0.99, 0.999]))
        # Every relationship: disjoint (sparse: the differences used to read 0), nested,
        # equal, a few in common, one or two values against many (a big audience minus a
        # tiny segment read 0), at sparse/sparse, sparse/dense, dense/dense and mixed precisions.
        for p in (4, 9, 14, 18):
            limit = pf.sparse_limit(p)
            big = min(4 << p, 50000)
            for na, nb, common in ((limit, max(limit // 3, 1), 0), (limit, max(limit // 3, 1), max(limit // 3, 1)),
                                   (limit, limit, limit), (limit, limit, min(2, limit)), (big, 1, 0), (big, 2, 1),
                                   (big, limit, 0), (big, limit, limit), (big, big // 2, 0), (big, big // 2, 3)):
                case(na, nb, common, p, p, 0.95)
        for pa, pb in ((14, 10), (10, 14), (18, 4), (4, 18)):
            case(300, 300, 0, pa, pb, 0.95)
            case(50000, 2, 0, pa, pb, 0.9)
            case(2, 50000, 2, pa, pb, 0.95)
            case(30000, 20000, 10000, pa, pb, 0.95)
        queries = []
        sketches = []
        for ha, hb, pa, pb, conf in cases:
            left, right = pf.Hll.from_hashes(ha, pa), pf.Hll.from_hashes(hb, pb)
            sketches.append((left, right))
            l, r = "'%s'::hll" % left.to_text(), "'%s'::hll" % right.to_text()
            queries.append("SELECT hll_overlap(%s, %s, %r), hll_intersection_cardinality(%s, %s), "
                           "hll_difference_cardinality(%s, %s), hll_jaccard(%s, %s)::text, "
                           "(SELECT lower || ',' || upper FROM hll_cardinality_bounds(%s, %r)), "
                           "hll_relative_error(%s)::text;"
                           % (l, r, conf, l, r, l, r, l, r, l, conf, l))
        out = psql("SET extra_float_digits = 3;\n" + "\n".join(queries) + "\n").splitlines()
        self.assertEqual(len(out), len(cases))
        names = ["a", "b", "union", "intersection", "a_minus_b", "b_minus_a", "jaccard"]
        covered = counted = 0
        for (ha, hb, pa, pb, conf), (left, right), line in zip(cases, sketches, out):
            overlap, inter, diff, jac, bounds, rel = line.split("|")
            kind = "%s/%s" % ("sparse" if left.sparse else "dense", "sparse" if right.sparse else "dense")
            sa, sb = set(ha), set(hb)
            truth = {"a": len(sa), "b": len(sb), "union": len(sa | sb), "intersection": len(sa & sb),
                     "a_minus_b": len(sa - sb), "b_minus_a": len(sb - sa)}
            truth["jaccard"] = truth["intersection"] / truth["union"] if truth["union"] else 0.0
            # Values of A u B that share an index at precision 26 with another one.
            lost = truth["union"] - len({h >> 38 for h in sa | sb})
            with self.subTest(a=len(sa), b=len(sb), common=truth["intersection"], p=(pa, pb), kind=kind,
                              confidence=conf):
                ours = pf.hll_overlap(left, right, conf)
                server = json.loads(overlap)
                # The server and this implementation: section 3.14's tolerance.
                for name in names:
                    e, se = ours[name]
                    lo, hi = ours["bounds"][name]
                    got = server[name]
                    self.assertTrue(agree(got["estimate"], e), (name, got["estimate"], e))
                    self.assertTrue(agree(got["standard_error"], se), (name, got["standard_error"], se))
                    if name == "jaccard":
                        self.assertTrue(agree(got["lower"], lo) and agree(got["upper"], hi), (name, got, lo, hi))
                    else:
                        self.assertLessEqual(abs(got["lower"] - lo), 1, (name, got, lo))
                        self.assertLessEqual(abs(got["upper"] - hi), 1, (name, got, hi))
                    if name == "intersection":
                        self.assertTrue(agree(got["unclamped"], ours["intersection_unclamped"]), name)
                self.assertEqual(int(inter), pf.hll_intersection_cardinality(left, right))
                self.assertEqual(int(diff), pf.hll_difference_cardinality(left, right))
                self.assertTrue(agree(float(jac), pf.hll_jaccard(left, right)))
                lo, hi = (int(v) for v in bounds.split(","))
                plo, phi = pf.hll_cardinality_bounds(left, conf)
                self.assertLessEqual(abs(lo - plo), 1)
                self.assertLessEqual(abs(hi - phi), 1)
                self.assertTrue(agree(float(rel), pf.hll_relative_error(left)))
                # The truth: each estimate lies inside its own bounds and within 5
                # standard errors of the truth (+ 1, + the values lost to collisions),
                # the standard error computed here from the true counts, never the one
                # the server (or this implementation) reports: HLL's 1.04 / sqrt(m) of
                # the count at the common precision for |A|, |B|, |A u B|, and of the
                # root of the sum of the squares of those three for the parts found by
                # inclusion-exclusion (a bound; the joint estimate does better), which
                # also holds the union when a part is within 3 of them of 0 (there the
                # joint estimate of the union moves with the parts). Two sparse values
                # are exact but for collisions; the bounds hold the truth (counted: at
                # least 88% over all cases, at confidences of 0.5 up).
                covered += lo <= truth["a"] <= hi
                counted += 1
                rse = 1.04 / math.sqrt(2 ** min(pa, pb))
                se_ie = rse * math.sqrt(truth["a"] ** 2 + truth["b"] ** 2 + truth["union"] ** 2)
                parts = ("intersection", "a_minus_b", "b_minus_a")
                near_edge = any(truth[n] < 3 * se_ie for n in parts)
                for name in names:
                    got = server[name]
                    e, t = got["estimate"], truth[name]
                    if name == "jaccard":
                        self.assertTrue(got["lower"] - 1e-12 <= e <= got["upper"] + 1e-12, (name, got))
                        if truth["union"]:
                            se = rse * (truth["a"] + truth["b"] + 2 * truth["union"]) / truth["union"]
                            self.assertLessEqual(abs(e - t), 5 * se + 0.01 + lost / truth["union"], (name, got, t))
                        inside = got["lower"] - 1e-12 <= t <= got["upper"] + 1e-12
                    else:
                        self.assertTrue(got["lower"] <= pf.round_count(e) <= got["upper"], (name, got))
                        se = se_ie if name in parts or (name == "union" and near_edge) else rse * t
                        # 1.04 / sqrt(m) is HLL's asymptotic error: at m = 16 (p 4) the
                        # estimate's tails are far heavier than 5 of it (32 values read
                        # 75 in one random run), so there only the
                        # bounds (above and the coverage count below) are held to it.
                        if min(pa, pb) >= 6:
                            self.assertLessEqual(abs(e - t), 5 * se + 1 + lost, (name, got, t))
                        if left.sparse and right.sparse:
                            self.assertLessEqual(abs(e - t), lost + 0.5, (name, got, t))
                        inside = got["lower"] <= t <= got["upper"]
                    covered += inside
                    counted += 1
                self.assertEqual(int(inter), pf.round_count(server["intersection"]["estimate"]))
                self.assertEqual(int(diff), pf.round_count(server["a_minus_b"]["estimate"]))
        self.assertGreaterEqual(covered, 0.88 * counted, "the bounds held the truth %d of %d times" % (covered, counted))


# ---------------------------------------------------------------- bloom (doc/FORMAT.md section 4)

bloom_input = typed_input


def build_bloom(rec):
    """The filter a bloom vector describes, built from its inputs alone, with its kind:
    bloom_agg, or bloom_add of each value in order (kind_free: the kind cleared after the
    first, as a filter 0.4.0 stored holds none)."""
    pairs = [(v, t) for v, t in bloom_input(rec["input"]) if v is not None]
    values, types = [v for v, _ in pairs], [t for _, t in pairs]
    if rec["build"] == "agg_distinct":
        fpr = rec["fpr_argument"] if rec["fpr_argument"] is not None else pf.BLOOM_DEFAULT_FPR
        return pf.Bloom.agg_distinct(values, fpr, sql_types=types)
    params = (rec["capacity"], rec["fpr"], rec["scalable"], rec["seed"])
    if not rec.get("kind_free"):
        return pf.Bloom.from_values(values, *params, layout=rec.get("layout_argument"), sql_types=types)
    b = pf.Bloom.from_values(values[:1], *params, layout=rec.get("layout_argument"), sql_types=types[:1])
    b = b.without_kind()
    for value, as_type in pairs[1:]:
        b = b.add(value, as_type)
    return b


def build_bloom_from_hashes(rec):
    """The same filter from the hashes of its values, recording no kind (section 2.5)."""
    seed = rec["seed"]
    hashes = [pf.hash64(v, seed, t) for v, t in bloom_input(rec["input"]) if v is not None]
    if rec["build"] == "agg_distinct":
        fpr = rec["fpr_argument"] if rec["fpr_argument"] is not None else pf.BLOOM_DEFAULT_FPR
        distinct = set(hashes)
        return pf.Bloom.from_hashes(distinct, max(len(distinct), 1), fpr)
    return pf.Bloom.from_hashes(hashes, rec["capacity"], rec["fpr"], rec["scalable"], seed, rec.get("layout_argument"))


def pinned(b, rec):
    """The bytes a vector pins of a filter: with its kind cleared for those pinned before kinds."""
    return (b.without_kind() if rec["kind_cleared"] else b).to_bytes()


def layer_fields(b):
    return [{"bit_count": l.bit_count, "hash_count": l.hash_count, "capacity": l.capacity,
             "bits_set": l.bits_set} for l in b.layers]


def check_bloom_record(test, b, rec):
    """A filter against a vector record: kind, bytes, layers, estimates."""
    test.assertEqual(b.kind, rec["kind"])
    raw = pinned(b, rec)
    test.assertEqual(len(raw), rec["bytes"])
    test.assertEqual(hashlib.sha256(raw).hexdigest(), rec["sha256"])
    if "hex" in rec:
        test.assertEqual(raw.hex(), rec["hex"])
    test.assertEqual("blocked" if b.blocked else "scalable" if b.scalable else "fixed", rec["layout"])
    test.assertEqual(layer_fields(b), rec["layers"])
    test.assertEqual(b.cardinality(), rec["cardinality"])
    test.assertEqual(b.estimated_fpr(), float(rec["estimated_fpr"]))


def near_integer(x, tolerance=1e-9):
    return abs(x - round(x)) <= tolerance * max(1.0, abs(x))


def layer_limits(b):
    """(layer, fill limit L) for each layer of a scalable filter (section 4.7)."""
    return [(l, pf.bloom_fill_limit(l.bit_count, l.hash_count, l.capacity, pf.bloom_layer_fpr(b.fpr, True, i)))
            for i, l in enumerate(b.layers)]


def check_fill_limits(test, b):
    """Section 4.7 on a scalable filter built by adds alone: no layer's fill passes its limit L
    but a lone value's (at most k bits), and every closed layer has L - k < X."""
    for i, (l, limit) in enumerate(layer_limits(b)):
        with test.subTest(layer=i, bits_set=l.bits_set, limit=limit, k=l.hash_count):
            test.assertLessEqual(l.bits_set, max(limit, l.hash_count))
            if i + 1 < len(b.layers):
                test.assertGreater(l.bits_set + l.hash_count, limit)


def _add_counting_distinct(b, h):
    """Section 4.7's add misread: c as the number of distinct clear positions."""
    if any(l.test(h) for l in b.layers):
        return
    last, limit = layer_limits(b)[-1]
    clear = len({p for p in pf.bit_positions(h, last.hash_count, last.bit_count)
                 if not last.bits[p >> 3] >> (p & 7) & 1})
    (last if last.bits_set == 0 or last.bits_set + clear <= limit else b._grow()).insert(h)


def blocked_rate_to_50_digits(lam, k):
    """Section 4.13's rate(lambda, k) = sum_{j >= 1} e^-lambda lambda^j / j! (1 - (1 - 1/s)^j)^k
    in 50-digit decimal arithmetic, with terms far past where the binary64 sum stops."""
    with decimal.localcontext() as ctx:
        ctx.prec = 50
        lam_d = decimal.Decimal(lam)  # exact: every binary64 is a finite decimal
        if lam_d == 0:
            return decimal.Decimal(0)
        s = pf.segment_bits(k)
        keep = decimal.Decimal(s - 1) / decimal.Decimal(s)
        pmf, keep_j, total = (-lam_d).exp(), decimal.Decimal(1), decimal.Decimal(0)
        for j in range(1, int(lam + 40 * math.sqrt(lam) + 200)):
            pmf = pmf * lam_d / j
            keep_j = keep_j * keep
            total += pmf * (1 - keep_j) ** k
        return +total


def blocked_fpr_left_to_right(lam, k):
    """Section 4.13's loop with pmf * lambda / (j + 1) read left to right: the reading it rules out."""
    if not lam > 0.0:
        return 0.0
    log_keep = math.log1p(-1.0 / pf.segment_bits(k))
    spread = 12.0 * math.sqrt(lam) + 30.0
    first = math.floor(lam - spread) if lam > spread else 0.0
    pmf = math.exp(-lam + first * math.log(lam) - pf.c_lgamma(first + 1.0))
    total, j = 0.0, float(first)
    while j <= math.ceil(lam + spread):
        if j > 0.0:
            total += pmf * math.exp(k * math.log(-math.expm1(j * log_keep)))
        pmf = pmf * lam / (j + 1.0)
        j += 1.0
    return total


class BloomVectorTests(unittest.TestCase):
    """Every vector in test/vectors/bloom.json, reproduced from its inputs."""

    @classmethod
    def setUpClass(cls):
        cls.vectors = load_vectors(BLOOM_VECTORS)
        cls.filters = {rec["name"]: build_bloom(rec) for rec in cls.vectors["bloom"] + cls.vectors["operands"]}

    def test_vector_file_is_complete(self):
        recs = self.vectors["bloom"]
        kinds = {(r["layout"], r["layers"][-1]["bits_set"] > 0, len(r["layers"]) > 1) for r in recs}
        for kind in [("fixed", False, False), ("fixed", True, False), ("scalable", False, False),
                     ("scalable", True, False), ("scalable", True, True), ("blocked", False, False),
                     ("blocked", True, False)]:
            self.assertIn(kind, kinds)
        self.assertGreaterEqual(max(len(r["layers"]) for r in recs), 4)
        self.assertGreaterEqual(len({r["fpr"] for r in recs}), 6)
        self.assertGreaterEqual(len({r["seed"] for r in recs}), 4)
        types = {r["input"].get("type") for r in recs}
        for t in ("smallint", "integer", "bigint", "boolean", "real", "double precision", "numeric", "text",
                  "char(6)", "bytea", "uuid", "date", "timestamp", "timestamptz"):
            self.assertIn(t, types)
        self.assertTrue(any("typed_values" in r["input"] for r in recs))
        self.assertGreaterEqual(len(self.vectors["invalid"]), 40)
        # Version 2 pinned as written, in every layout, for several kinds; kinds of results.
        written = {(r["layout"], r["kind"]) for r in recs if not r["kind_cleared"]}
        for layout in ("fixed", "scalable", "blocked"):
            self.assertGreaterEqual(len({k for l, k in written if l == layout and k}), 3, layout)
        kinds = {r["kind"] for r in recs + self.vectors["union"] + self.vectors["intersect"]}
        for kind in (0, 20, 701, 25, 1700, 1082, 1114, 1184, 1016, 1009, 17340, 65535):
            self.assertIn(kind, kinds)
        self.assertGreaterEqual(len(self.vectors["probes"]), 30)

    def test_kinds_are_the_spec_tables(self):
        """The kind of every vector is the one section 2.5's table gives its values' SQL type
        (none for a filter without values or built kind-free), as the server recorded it."""
        for rec in self.vectors["bloom"] + self.vectors["operands"]:
            with self.subTest(rec["name"]):
                has_values = any(v is not None for v, _ in bloom_input(rec["input"]))
                want = 0 if rec["build"] == "empty" or rec.get("kind_free") or not has_values \
                    else input_kind(rec["input"])
                self.assertEqual(rec["kind"], want)
                if "typed_values" not in rec["input"] and want:
                    sql_type = rec["input"]["type"]
                    self.assertEqual(pf.type_kind(sql_type.replace(ENUM_TYPE, "enum " + ENUM_TYPE)), SPEC_KINDS[sql_type])

    def test_bloom_built_from_inputs(self):
        for rec in self.vectors["bloom"] + self.vectors["operands"]:
            with self.subTest(rec["name"]):
                check_bloom_record(self, self.filters[rec["name"]], rec)

    def test_kind_free_bytes_from_hashes(self):
        """A vector pinned before kinds is, byte for byte, the filter of its values' hashes."""
        for rec in self.vectors["bloom"] + self.vectors["operands"]:
            if rec["kind"] and not rec["kind_cleared"] or len(bloom_input(rec["input"])) > 30000:
                continue
            with self.subTest(rec["name"]):
                self.assertEqual(build_bloom_from_hashes(rec).to_bytes(), pinned(self.filters[rec["name"]], rec))

    def test_bloom_built_one_value_at_a_time(self):
        """bloom_add, value by value, from bloom_empty: the same bytes as the bulk build."""
        for rec in self.vectors["bloom"]:
            if rec["build"] not in ("agg", "add") or rec.get("kind_free") or len(bloom_input(rec["input"])) > 3000:
                continue
            with self.subTest(rec["name"]):
                b = pf.Bloom.empty(rec["capacity"], rec["fpr"], rec["scalable"], rec["seed"], rec.get("layout_argument"))
                for value, as_type in bloom_input(rec["input"]):
                    b = b.add(value, as_type)
                self.assertEqual(b.to_bytes(), self.filters[rec["name"]].to_bytes())
                self.assertEqual(b.kind, rec["kind"])

    def test_bloom_parse_round_trip(self):
        for rec in self.vectors["bloom"] + self.vectors["operands"] + self.vectors["union"] + self.vectors["intersect"]:
            if "hex" not in rec:
                continue
            with self.subTest(rec["name"]):
                raw = bytes.fromhex(rec["hex"])
                parsed = pf.Bloom.from_bytes(raw)
                self.assertEqual(parsed.to_bytes(), raw)
                self.assertEqual(pf.Bloom.from_text("\\x" + rec["hex"].upper()).to_bytes(), raw)
                self.assertEqual(parsed.kind, 0 if rec["kind_cleared"] else rec["kind"])
                self.assertEqual(layer_fields(parsed), rec["layers"])
                self.assertEqual(parsed.cardinality(), rec["cardinality"])
                self.assertEqual(parsed.estimated_fpr(), float(rec["estimated_fpr"]))

    def test_membership(self):
        """Every added value is found; exactly the recorded absent values are false positives."""
        for rec in self.vectors["bloom"]:
            b = self.filters[rec["name"]]
            with self.subTest(rec["name"]):
                for value, as_type in bloom_input(rec["input"]):
                    if value is not None:
                        self.assertTrue(b.contains(value, as_type))
                if "probe" not in rec:
                    continue
                p = rec["probe"]
                first, last = p["series"]
                found = [i for i in range(first, last + 1) if b.contains(*decode(p["type"], str(i)))]
                present = list(range(first, p["present_through"] + 1))
                self.assertEqual(found[:len(present)], present)
                self.assertEqual(found[len(present):], p["false_positives"])

    def operands(self, rec):
        left, right = self.filters[rec["left"]], self.filters[rec["right"]]
        if rec["operands_kind_cleared"]:
            return left.without_kind(), right.without_kind()
        return left, right

    def test_union(self):
        for rec in self.vectors["union"]:
            with self.subTest(rec["name"]):
                left, right = self.operands(rec)
                check_bloom_record(self, left.union(right), rec)
                self.assertEqual(right.union(left).to_bytes(), left.union(right).to_bytes())
                bits = left.union(right).without_kind()
                self.assertTrue(bits.superset(left.without_kind()))
                self.assertTrue(bits.superset(right.without_kind()))

    def test_intersect(self):
        for rec in self.vectors["intersect"]:
            with self.subTest(rec["name"]):
                left, right = self.operands(rec)
                check_bloom_record(self, left.intersect(right), rec)
                self.assertEqual(right.intersect(left).to_bytes(), left.intersect(right).to_bytes())

    # (the operation, the error Python raises for the server's SQLSTATE)
    REFUSED_OPERATIONS = {
        "SELECT bloom_intersect({left}, {right})": lambda a, b: a.intersect(b),
        "SELECT {left} @> {right}": lambda a, b: a.superset(b),
        "SELECT {left} <@ {right}": lambda a, b: b.superset(a),
        "SELECT bloom_union({left}, {right}) @> {left}": lambda a, b: a.union(b).superset(a),
        # Adds of a value no value of the filter's kind equals (section 2.5).
        "SELECT bloom_add({left}, 2.5::float8)": lambda a, b: a.add(2.5, "double precision"),
        "SELECT bloom_add({left}, '2024-01-02 00:00:01'::timestamp)":
            lambda a, b: a.add(datetime.datetime(2024, 1, 2, 0, 0, 1), "timestamp"),
    }

    def test_refused_as_the_server_refuses(self):
        for rec in self.vectors["refused"]:
            with self.subTest(rec["name"]):
                error = pf.ParameterError if rec["sqlstate"] == "22023" else pf.ComparisonError
                with self.assertRaises(error) as raised:
                    self.REFUSED_OPERATIONS[rec["template"]](self.filters[rec["left"]],
                                                             self.filters.get(rec["right"]))
                if error is pf.ComparisonError:
                    self.assertEqual(raised.exception.sqlstate, rec["sqlstate"])

    def test_probes_by_other_types(self):
        """bloom_contains of values of other types (section 2.5): Python's answer is the
        server's, found wherever PostgreSQL's = finds the value among those added, and each
        refusal has the server's SQLSTATE."""
        unions = {rec["name"]: self.operands(rec) for rec in self.vectors["union"]}
        for rec in self.vectors["probes"]:
            with self.subTest(rec["filter"], type=rec["type"], text=rec["text"]):
                b = self.filters[rec["filter"]] if rec["filter"] in self.filters else \
                    unions[rec["filter"]][0].union(unions[rec["filter"]][1])
                value, as_type = decode(rec["type"], rec["text"])
                if rec["answer"] in ("true", "false"):
                    self.assertEqual(b.contains(value, as_type), rec["answer"] == "true")
                    if rec["equal_to_added"]:
                        self.assertEqual(rec["answer"], "true")
                else:
                    with self.assertRaises(pf.ComparisonError) as caught:
                        b.contains(value, as_type)
                    self.assertEqual(caught.exception.sqlstate, rec["answer"])

    def test_invalid_bytes_are_rejected(self):
        for rec in self.vectors["invalid"]:
            with self.subTest(rec["name"]):
                with self.assertRaises(pf.FormatError):
                    pf.Bloom.from_bytes(bytes.fromhex(rec["hex"]))

    def test_edge_values_are_accepted(self):
        for rec in self.vectors["accepted"]:
            with self.subTest(rec["name"]):
                raw = bytes.fromhex(rec["hex"])
                self.assertEqual(pf.Bloom.from_bytes(raw).to_bytes(), raw)

    def test_invalid_text_is_rejected(self):
        good = self.vectors["bloom"][0]["hex"]
        for text in ["", "x", good, "\\x" + good[:-1], "\\x" + good[:-2] + "g0", "\\x " + good, "\\X" + good]:
            with self.subTest(text):
                with self.assertRaises(pf.FormatError):
                    pf.Bloom.from_text(text)

    def test_scalable_layers_stay_within_fill_limit(self):
        """Every scalable vector built by adds: Python's bytes are the server's, and no layer's
        fill passes its limit (section 4.7). Under the rule before this one (an add went into
        the last layer while X < L) layer 0 of capacity 4 at 0.1 with 40 values closed with
        15 bits set, past its limit of 12 (bloom_fpr 0.164 then, 0.0754 now)."""
        recs = [r for r in self.vectors["bloom"] + self.vectors["operands"]
                if r["layout"] == "scalable" and r["build"] == "add"]
        for rec in recs:
            b = self.filters[rec["name"]]
            with self.subTest(rec["name"]):
                self.assertEqual(pinned(b, rec).hex(), rec["hex"])
                check_fill_limits(self, b)
        b = self.filters["scalable 4 at 0.1 bigint 1..40"]
        closed = layer_limits(b)[:-1]
        self.assertGreaterEqual(len(closed), 3)
        self.assertTrue(all(l.bits_set <= limit for l, limit in closed))
        self.assertTrue(any(l.bits_set < limit for l, limit in closed))
        self.assertLess(b.estimated_fpr(), b.fpr)

    def test_repeated_clear_positions_count_each_time(self):
        """Section 4.7 counts a clear position once per i that yields it. The vector below
        has other bytes if c counts distinct positions, so it tells the two readings apart."""
        rec = next(r for r in self.vectors["bloom"] if r["name"] == "scalable 2 at 0.01 bigint 1..20")
        b = self.filters[rec["name"]]
        self.assertEqual(pinned(b, rec).hex(), rec["hex"])
        distinct = pf.Bloom.empty(rec["capacity"], rec["fpr"], True, rec["seed"])
        for value, as_type in bloom_input(rec["input"]):
            _add_counting_distinct(distinct, pf.hash64(value, rec["seed"], as_type))
        self.assertNotEqual(distinct.to_bytes().hex(), rec["hex"])

    def test_vectors_are_not_on_a_libm_edge(self):
        """No vector's bytes hinge on the last ulp of log, expm1 or pow (sections 4.4, 4.7),
        so other C libraries reproduce them too."""
        for rec in self.vectors["bloom"] + self.vectors["operands"]:
            scalable = rec["layout"] == "scalable"
            for i, l in enumerate(rec["layers"]):
                with self.subTest(rec["name"], layer=i):
                    p = pf.bloom_layer_fpr(rec["fpr"], scalable, i)
                    self.assertFalse(near_integer(pf.optimal_bit_count(l["capacity"], p)))
                    self.assertFalse(near_integer(l["bit_count"] / l["capacity"] * pf.LN2 - 0.5))
                    if scalable:
                        m, k, n = float(l["bit_count"]), float(l["hash_count"]), float(l["capacity"])
                        limit = min(-m * math.expm1(-k * n / m), m * math.pow(p, 1.0 / k))
                        self.assertFalse(near_integer(limit))


class BloomSpecTests(unittest.TestCase):
    """Statements of doc/FORMAT.md section 4 checked directly, without a server."""

    def test_worked_example(self):
        b = pf.Bloom.agg_distinct([1, 2, 3])
        self.assertEqual(b.to_text(), "\\x4202020101001400000000000000000003000000000000007b14ae47e17a843f"
                                      "1d00000000000000030000000000000011000000000000000700000000000000b91b8f0b")
        h = pf.hash64(1)
        self.assertEqual((pf.bloom_h2(h), pf.bloom_h3(h)), (0x3a42f6e717b834cb, 0x062967168a4ad94b))
        self.assertEqual(pf.bit_positions(h, 7, 29), [5, 12, 19, 27, 9, 23, 11])
        self.assertEqual(pf.bit_positions(pf.hash64(2), 7, 29), [3, 9, 7, 18, 4, 17, 18])
        self.assertEqual(pf.bit_positions(pf.hash64(3), 7, 29), [8, 16, 25, 9, 27, 24, 0])
        self.assertEqual(b.cardinality(), 4)
        self.assertAlmostEqual(b.estimated_fpr(), (17 / 29) ** 7, places=15)

    def test_sizing_examples(self):
        self.assertEqual(repr(pf.LN2 * pf.LN2), "0.4804530139182014")
        self.assertEqual((pf.bloom_bit_count(3, 0.01), pf.bloom_hash_count(29, 3)), (29, 7))
        self.assertEqual((pf.bloom_bit_count(5, 0.9), pf.bloom_hash_count(2, 5)), (2, 1))
        self.assertEqual((pf.bloom_bit_count(10 ** 6, 0.01), pf.bloom_hash_count(9585059, 10 ** 6)), (9585059, 7))
        self.assertEqual(pf.Bloom.empty(10 ** 6, 0.01).size(), 1198197)
        s = pf.Bloom.empty(4, 0.1, True)
        for _ in range(3):
            s._grow()
        self.assertEqual([(l.bit_count, l.hash_count, l.capacity) for l in s.layers],
                         [(25, 4, 4), (62, 5, 8), (146, 6, 16), (339, 7, 32)])

    def test_positions_closed_form_equals_the_walk(self):
        """x_{i+1} = x_i + h2 + (i(i+1)/2) h3 walks the closed form (section 4.5)."""
        rng = random.Random(11)
        for _ in range(300):
            h, m, k = rng.getrandbits(64), rng.choice([1, 2, 29, 1000, 2 ** 33 + 5, 2 ** 63]), rng.randint(1, 40)
            h2, h3, x, walk = pf.bloom_h2(h), pf.bloom_h3(h), h, []
            for i in range(k):
                walk.append((x * m) >> 64)
                x = (x + h2 + (i * (i + 1) // 2) * h3) & ((1 << 64) - 1)
            self.assertEqual(pf.bit_positions(h, k, m), walk)
            self.assertTrue(all(0 <= p < m for p in walk))

    def test_fixed_filters_are_canonical(self):
        """Order, duplicates and unions of parts do not change a fixed filter's bytes."""
        rng = random.Random(12)
        for _ in range(30):
            cap, fpr = rng.choice([1, 7, 100, 1000]), rng.choice([0.5, 0.1, 0.01, 1e-4])
            hashes = [rng.getrandbits(64) for _ in range(rng.randint(0, 1500))]
            whole = pf.Bloom.from_hashes(hashes, cap, fpr)
            shuffled = hashes + hashes[: len(hashes) // 4]
            rng.shuffle(shuffled)
            split = rng.randint(0, len(hashes))
            a, b = pf.Bloom.from_hashes(hashes[:split], cap, fpr), pf.Bloom.from_hashes(hashes[split:], cap, fpr)
            self.assertEqual(pf.Bloom.from_hashes(shuffled, cap, fpr), whole)
            self.assertEqual(a.union(b), whole)
            self.assertTrue(whole.superset(a) and whole.superset(b))
            self.assertEqual(a.union(pf.Bloom.empty(cap, fpr)), a)

    def test_scalable_growth_validates(self):
        """Every filter that adds and unions build passes validation; nothing added is lost."""
        rng = random.Random(13)
        for _ in range(25):
            cap, fpr = rng.choice([1, 2, 5, 30]), rng.choice([0.5, 0.2, 0.05, 0.001])
            hashes = [rng.getrandbits(64) for _ in range(rng.randint(0, 600))]
            b = pf.Bloom.from_hashes(hashes, cap, fpr, True, seed=rng.getrandbits(64))
            other = pf.Bloom.from_hashes(hashes[::3] + [rng.getrandbits(64) for _ in range(200)], cap, fpr,
                                         True, seed=b.seed)
            for f in (b, other, b.union(other)):
                self.assertEqual(pf.Bloom.from_bytes(f.to_bytes()).to_bytes(), f.to_bytes())
            self.assertTrue(all(b.contains_hash(h) and b.union(other).contains_hash(h) for h in hashes))
            self.assertEqual(b.union(other), other.union(b))
            for f in (b, other):
                check_fill_limits(self, f)

    def test_design_rates_sum_below_target(self):
        for fpr in (0.5, 0.01, 1e-9):
            total = sum(fractions.Fraction(pf.bloom_layer_fpr(fpr, True, i)) for i in range(pf.BLOOM_MAX_LAYERS))
            self.assertLess(total, fpr)

    def test_parameters_must_match(self):
        a = pf.Bloom.empty(100, 0.01)
        for other in (pf.Bloom.empty(101, 0.01), pf.Bloom.empty(100, 0.02), pf.Bloom.empty(100, 0.01, True),
                      pf.Bloom.empty(100, 0.01, False, 1)):
            with self.subTest(other):
                with self.assertRaises(pf.ParameterError):
                    a.union(other)
                with self.assertRaises(pf.ParameterError):
                    a.intersect(other)
                with self.assertRaises(pf.ParameterError):
                    a.superset(other)
        grown = pf.Bloom.from_hashes(range(50), 2, 0.1, True)
        self.assertGreater(len(grown.layers), 1)
        with self.assertRaises(pf.ParameterError):
            grown.intersect(pf.Bloom.empty(2, 0.1, True))
        self.assertFalse(pf.Bloom.empty(2, 0.1, True).superset(grown))
        self.assertTrue(grown.superset(pf.Bloom.empty(2, 0.1, True)))

    def test_bad_parameters(self):
        for cap, fpr in [(0, 0.01), (-1, 0.01), (2 ** 63, 0.01), (10, 0.0), (10, 1.0), (10, float("nan")),
                         (10, -0.5), (10 ** 12, 1e-9)]:
            with self.subTest(capacity=cap, fpr=fpr):
                with self.assertRaises(pf.ParameterError):
                    pf.Bloom.empty(cap, fpr)

    def test_estimates(self):
        self.assertEqual((pf.Bloom.empty(10).cardinality(), pf.Bloom.empty(10).estimated_fpr()), (0, 0.0))
        full = pf.Bloom.from_hashes(range(2000), 100, 0.1)
        self.assertEqual(full.layers[0].bits_set, full.layers[0].bit_count)
        self.assertEqual(full.estimated_fpr(), 1.0)
        self.assertEqual(full.cardinality(), pf.llround(-(480 / 3) * math.log1p(-479.5 / 480)))


# name: (SQL type, bloom_agg capacity and fpr cases (prefix n, capacity, fpr))
BLOOM_AGG_CASES = [(1, 1, 0.01), (100, 100, 0.01), (3000, 1000, 0.05), (ROWS, ROWS, 0.001)]
BLOOM_DISTINCT_PREFIXES = [1, 300, ROWS]


@unittest.skipUnless(os.environ.get("PGHOST"), "PGHOST is unset: no server to compare with")
class BloomServerTests(unittest.TestCase):
    """The Python bloom implementation against the extension on random data."""

    setUpClass = classmethod(ServerTests.setUpClass.__func__)
    rows_of = ServerTests.rows_of

    GROW_FUNCTION = """
CREATE FUNCTION pg_temp.grown(cap bigint, fpr float8, scalable boolean, seed bigint, n int) RETURNS bloom
LANGUAGE plpgsql AS $$
DECLARE b bloom := bloom_empty(cap, fpr, scalable, seed); r record;
BEGIN
    FOR r IN SELECT x FROM d WHERE i <= n ORDER BY i LOOP b := bloom_add(b, r.x); END LOOP;
    RETURN b;
END $$;
"""

    def test_bloom_agg_per_type(self):
        """bloom_agg(x, capacity, fpr), bloom_agg(x [, fpr]), bloom_cardinality and bloom_fpr per type."""
        for name, (sql_type, as_type, _, _) in SERVER_TYPES.items():
            values, texts = self.rows_of(name)
            hashes = [pf.hash64(v, 0, as_type) for v in values]
            # Every value added is found (the truth), whatever the filter's false positives.
            missed = "(SELECT count(*) FROM d WHERE i <= %d AND NOT bloom_contains(b, x))"
            queries = ["SELECT 'agg', %d, %d, %r, encode(b::bytea, 'hex'), bloom_cardinality(b), bloom_fpr(b), %s "
                       "FROM (SELECT bloom_agg(x, %d, %r) AS b FROM d WHERE i <= %d) s;"
                       % (n, cap, fpr, missed % n, cap, fpr, n)
                       for n, cap, fpr in BLOOM_AGG_CASES if n <= len(values)]
            queries += ["SELECT 'distinct', %d, 0, %r, encode(b::bytea, 'hex'), bloom_cardinality(b), bloom_fpr(b), %s "
                        "|| '|' || (bloom_info(b)->>'kind') FROM (SELECT bloom_agg(x%s) AS b FROM d WHERE i <= %d) s;"
                        % (n, fpr, missed % n, "" if fpr == 0.01 else ", %r" % fpr, n)
                        for n, fpr in zip(BLOOM_DISTINCT_PREFIXES, [0.01, 0.2, 0.01]) if n <= len(values)]
            out = psql(load_table_sql("d", sql_type, texts) + "\n".join(queries) + "\n").splitlines()
            self.assertEqual(len(out), len(queries))
            kind = SPEC_KINDS[name]
            self.assertEqual(pf.type_kind(sql_type), kind)
            for line in out:
                build, n, cap, fpr, hexstr, cardinality, estimated_fpr, missed_count, *kind_text = line.split("|")
                n, fpr = int(n), float(fpr)
                with self.subTest(name, build=build, n=n, fpr=fpr):
                    self.assertEqual(missed_count, "0")
                    if kind_text:
                        self.assertEqual(kind_text, [pf.kind_name(kind)])
                    if build == "agg":
                        b = pf.Bloom.from_hashes(hashes[:n], int(cap), fpr, kind=kind)
                    else:
                        distinct = set(hashes[:n])
                        b = pf.Bloom.from_hashes(distinct, max(1, len(distinct)), fpr, kind=kind)
                    self.assertEqual(b.to_bytes().hex(), hexstr)
                    self.assertEqual(b.cardinality(), int(cardinality))
                    self.assertEqual(b.estimated_fpr(), float(estimated_fpr))
                    self.assertEqual(pf.Bloom.from_bytes(bytes.fromhex(hexstr)).to_bytes().hex(), hexstr)

    def test_membership_matches_server(self):
        """bloom_contains on every row, present and absent, fixed and scalable, seeded."""
        for name in ("bigint", "text", "numeric", "double precision", "uuid", "timestamptz", "char(10)"):
            sql_type, as_type, _, _ = SERVER_TYPES[name]
            values, texts = self.rows_of(name)
            rng = random.Random("%d membership %s" % (self.seed, name))
            cases = [(rng.choice([100, 1000]), rng.choice([0.3, 0.05, 0.001]), scalable,
                      rng.randrange(-2 ** 63, 2 ** 63) if seeded else 0, rng.choice([300, 1500]))
                     for scalable, seeded in ((False, False), (False, True), (True, False), (True, True))]
            sql = load_table_sql("d", sql_type, texts) + self.GROW_FUNCTION + "".join(
                "WITH f AS MATERIALIZED (SELECT pg_temp.grown(%d, %r, %s, %d, %d) AS b) "
                "SELECT (SELECT encode(b::bytea, 'hex') FROM f), "
                "string_agg(CASE WHEN b @> x THEN '1' ELSE '0' END, '' ORDER BY i), "
                "count(*) FILTER (WHERE bloom_contains(b, x) <> x <@ b) FROM d, f;\n"
                % (cap, fpr, "true" if scalable else "false", seed, n) for cap, fpr, scalable, seed, n in cases)
            out = psql(sql).splitlines()
            self.assertEqual(len(out), len(cases))
            for (cap, fpr, scalable, seed, n), line in zip(cases, out):
                hexstr, found, disagree = line.split("|")
                with self.subTest(name, capacity=cap, fpr=fpr, scalable=scalable, seed=seed, n=n):
                    b = pf.Bloom.from_values(values[:n], cap, fpr, scalable, seed, as_type)
                    self.assertEqual(b.to_bytes().hex(), hexstr)
                    self.assertEqual(disagree, "0")
                    ours = "".join("1" if b.contains(v, as_type) else "0" for v in values)
                    self.assertEqual(ours, found)
                    self.assertEqual(found[:n], "1" * n)
                    if scalable and n > 2 * cap:
                        self.assertGreater(len(b.layers), 1)

    def test_small_scalable_filters_match_server(self):
        """Scalable filters with layers of a few dozen bits, where positions repeat and an add's
        clear positions decide its layer (section 4.7): the server's bytes, layer by layer,
        and no layer past its fill limit."""
        values, texts = self.rows_of("bigint")
        rng = random.Random(self.seed + 9)
        cases = [(4, 0.1, 0, 40), (1, 0.01, 0, 60), (1, 0.5, 0, 20)]
        cases += [(rng.choice([1, 2, 3, 4, 8]), rng.choice([0.5, 0.2, 0.1, 0.01]),
                   rng.choice([0, rng.randrange(-2 ** 63, 2 ** 63)]), rng.choice([10, 40, 150]))
                  for _ in range(12)]
        sql = load_table_sql("d", "bigint", texts) + self.GROW_FUNCTION + "".join(
            "SELECT encode(pg_temp.grown(%d, %r, true, %d, %d)::bytea, 'hex');\n" % case for case in cases)
        out = psql(sql).splitlines()
        self.assertEqual(len(out), len(cases))
        for (cap, fpr, seed, n), hexstr in zip(cases, out):
            with self.subTest(capacity=cap, fpr=fpr, seed=seed, n=n):
                b = pf.Bloom.from_values(values[:n], cap, fpr, True, seed)
                self.assertEqual(b.to_bytes().hex(), hexstr)
                check_fill_limits(self, b)

    def test_python_bytes_accepted_by_server(self):
        """Filters built in Python, read back through bytea::bloom and text input, equal the server's."""
        values, texts = self.rows_of("bigint")
        rng = random.Random(self.seed + 5)
        cases = [(rng.choice([1, 3, 50, 400]), rng.choice([0.5, 0.1, 0.01, 1e-6]), rng.random() < 0.5,
                  rng.choice([0, rng.randrange(-2 ** 63, 2 ** 63)]), rng.choice([0, 1, 20, 700, 2000]))
                 for _ in range(16)]
        built = [pf.Bloom.from_values(values[:n], cap, fpr, scalable, seed) for cap, fpr, scalable, seed, n in cases]
        sql = load_table_sql("d", "bigint", texts) + self.GROW_FUNCTION + "".join(
            "SELECT '\\x%s'::bytea::bloom = b, '\\x%s'::bloom = b, encode(('\\x%s'::bytea::bloom)::bytea, 'hex') "
            "= '%s' FROM (SELECT pg_temp.grown(%d, %r, %s, %d, %d) AS b) s;\n"
            % (f.to_bytes().hex(), f.to_bytes().hex(), f.to_bytes().hex(), f.to_bytes().hex(),
               cap, fpr, "true" if scalable else "false", seed, n)
            for f, (cap, fpr, scalable, seed, n) in zip(built, cases))
        out = psql(sql).splitlines()
        self.assertEqual(len(out), len(cases))
        for case, line in zip(cases, out):
            with self.subTest(case):
                self.assertEqual(line, "t|t|t")

    def test_empty_filters_for_random_parameters(self):
        """bloom_empty's sizing (m, k, size) for random capacities and rates, both layouts."""
        rng = random.Random(self.seed + 6)
        cases = []
        for _ in range(400):
            cap = int(10 ** rng.uniform(0, 6))
            fpr = rng.choice([10 ** rng.uniform(-15, -0.001), rng.uniform(0.001, 0.999), 2.0 ** -rng.randint(1, 60)])
            cases.append((cap, fpr, rng.random() < 0.5, rng.randrange(-2 ** 63, 2 ** 63)))
        sql = "".join("SELECT encode(substring(b FROM 1 FOR 64), 'hex'), octet_length(b), md5(b) "
                      "FROM (SELECT bloom_empty(%d, %r, %s, %d)::bytea AS b) s;\n"
                      % (cap, fpr, "true" if scalable else "false", seed) for cap, fpr, scalable, seed in cases)
        out = psql(sql).splitlines()
        self.assertEqual(len(out), len(cases))
        for (cap, fpr, scalable, seed), line in zip(cases, out):
            head, size, digest = line.split("|")
            with self.subTest(capacity=cap, fpr=fpr, scalable=scalable):
                raw = pf.Bloom.empty(cap, fpr, scalable, seed).to_bytes()
                self.assertEqual((raw[:64].hex(), len(raw)), (head, int(size)))
                self.assertEqual(hashlib.md5(raw).hexdigest(), digest)

    def test_blocked_fpr_bit_exact_and_true(self):
        """bloom_fpr and bloom_cardinality of blocked filters bit for bit with section 4.13 (whose
        pmf * (lambda / (j + 1)) the Python follows; the left-to-right reading differs), and
        bloom_fpr against the Poisson mixture computed to 50 digits."""
        cases = [(cap, fpr, max(1, int(cap * fill))) for cap in (1, 10, 100, 1000, 5000)
                 for fpr in (0.5, 0.1, 0.01, 1e-3, 1e-6) for fill in (0.3, 1, 3)]
        sql = "SET extra_float_digits = 3;\n" + "".join(
            "SELECT bloom_fpr(f), bloom_cardinality(f) FROM (SELECT bloom_agg(x, %d, %r, 'blocked') AS f "
            "FROM generate_series(1, %d) x) s;\n" % case for case in cases)
        out = psql(sql).splitlines()
        self.assertEqual(len(out), len(cases))
        left_to_right = 0
        for (cap, fpr, n), line in zip(cases, out):
            server_fpr, server_cardinality = line.split("|")
            with self.subTest(capacity=cap, fpr=fpr, n=n):
                b = pf.Bloom.from_values(range(1, n + 1), cap, fpr, layout="blocked")
                layer = b.layers[0]
                lam = b.estimate() / float(layer.bit_count // pf.BLOCK_BITS)
                self.assertEqual(float(server_fpr), b.estimated_fpr())
                self.assertEqual(int(server_cardinality), b.cardinality())
                exact = blocked_rate_to_50_digits(lam, layer.hash_count)
                self.assertLessEqual(abs(decimal.Decimal(server_fpr) - exact), exact * decimal.Decimal("1e-12"))
                left_to_right += blocked_fpr_left_to_right(lam, layer.hash_count) != float(server_fpr)
        # The reading the spec's parentheses rule out is off in some of these cases.
        self.assertGreater(left_to_right, 0)

    def test_info_numbers(self):
        """bloom_info's numbers: printed by section 1's rule whatever extra_float_digits says, bit
        for bit with the Python, and against the truth: estimated_fpr is what bloom_fpr returns,
        a layer's design rate is fpr * 2^-(i+1) exactly (fpr when not scalable), llround of
        estimated_items is bloom_cardinality, and the layers' items add up to the filter's."""
        cases = [(layout, cap, fpr, n) for layout, cap in (("classic", 100), ("blocked", 100), ("scalable", 10))
                 for fpr in (0.3, 0.01, 1e-7) for n in (0, 7, 100, 2000)]
        query = "".join(
            "SELECT i->>'fpr', i->>'estimated_items', i->>'estimated_fpr', (SELECT string_agg(concat_ws(' ', "
            "l->>'design_fpr', l->>'estimated_items', l->>'estimated_fpr'), ';' ORDER BY o) "
            "FROM jsonb_array_elements(i->'layers') WITH ORDINALITY x(l, o)), bloom_fpr(f), bloom_cardinality(f) "
            "FROM (SELECT f, bloom_info(f) AS i FROM (SELECT coalesce(bloom_agg(x, %d, %r, '%s'), "
            "bloom_empty(%d, %r, '%s')) AS f FROM generate_series(1, %d) x) s) t;\n"
            % (cap, fpr, layout, cap, fpr, layout, n) for layout, cap, fpr, n in cases)
        runs = [[line.split("|") for line in psql("SET extra_float_digits = %d;\n" % d + query).splitlines()]
                for d in (3, 0, -15)]
        self.assertEqual(len(runs[0]), len(cases))
        for other in runs[1:]:
            self.assertEqual([r[:4] for r in other], [r[:4] for r in runs[0]])
        for (layout, cap, fpr, n), (fpr_text, items, rate, layers, bloom_fpr, cardinality) in zip(cases, runs[0]):
            with self.subTest(layout=layout, capacity=cap, fpr=fpr, n=n):
                b = pf.Bloom.from_values(range(1, n + 1), cap, fpr, layout=layout)
                text = pf.info_number_text
                expected_layers = ";".join(" ".join((text(pf.bloom_layer_fpr(fpr, b.scalable, i)),
                                                     text(l.estimate()), text(l.estimated_fpr())))
                                           for i, l in enumerate(b.layers))
                self.assertEqual([fpr_text, items, rate, layers],
                                 [text(fpr), text(b.estimate()), text(b.estimated_fpr()), expected_layers])
                self.assertEqual(float(rate), float(bloom_fpr))
                self.assertEqual(pf.llround(float(items)), int(cardinality))
                layer_numbers = [[float(x) for x in layer.split()] for layer in layers.split(";")]
                # Summed left to right, as the server does (Python 3.12's sum() compensates).
                total = 0.0
                for layer in layer_numbers:
                    total += layer[1]
                self.assertEqual(float(items), total)
                for i, (design, _, _) in enumerate(layer_numbers):
                    self.assertEqual(fractions.Fraction(design), fractions.Fraction(fpr) /
                                     (2 ** (i + 1) if layout == "scalable" else 1))

    def test_blocked_size_limit(self):
        """The largest blocked filter that can be created is MAXC bytes (section 4.13: the writer's
        limit 64 B + 64 <= MAXC, not the reader's MAXV): its capacity, found from the spec's
        lambda*, is created at exactly MAXC bytes; one more item is refused with 54000."""
        fpr = 0.01
        lam = pf.blocked_design(fpr)[0]
        most_blocks = (pf.MAX_CREATED_BYTES - pf.BLOOM_HEADER_SIZE - pf.BLOOM_LAYER_HEADER_SIZE) // pf.BLOCK_BYTES
        blocks = lambda n: max(1, math.ceil(float(n) / lam))  # noqa: E731
        n = int(most_blocks * lam)
        while blocks(n + 1) <= most_blocks:
            n += 1
        while blocks(n) > most_blocks:
            n -= 1
        self.assertEqual(pf.bloom_empty_size(n, fpr, blocked=True), pf.MAX_CREATED_BYTES)
        with self.assertRaises(pf.ParameterError):
            pf.bloom_empty_size(n + 1, fpr, blocked=True)
        out = psql("""
CREATE FUNCTION pg_temp.refusal(n bigint) RETURNS text LANGUAGE plpgsql AS $$
DECLARE detail text;
BEGIN
    PERFORM bloom_empty(n, %r, 'blocked');
    RETURN 'created';
EXCEPTION WHEN OTHERS THEN
    GET STACKED DIAGNOSTICS detail = PG_EXCEPTION_DETAIL;
    RETURN SQLSTATE || ': ' || SQLERRM || ' / ' || detail;
END $$;
SELECT pg_column_size(bloom_empty(%d, %r, 'blocked')) - 4;
SELECT pg_temp.refusal(%d);
""" % (fpr, n, fpr, n + 1)).splitlines()
        # One 511 MB filter (seconds on a loaded machine): its size, less the varlena header.
        self.assertEqual(int(out[0]), pf.MAX_CREATED_BYTES)
        self.assertEqual(out[1], "54000: a blocked bloom filter for %d items at false positive rate 0.01 would not "
                                 "fit in one value / It would take %d bytes; a value holds at most %d bytes, so that "
                                 "pg_dump and COPY can write its text form."
                         % (n + 1, pf.MAX_CREATED_BYTES + pf.BLOCK_BYTES, pf.MAX_CREATED_BYTES))

    CONTAINS_FUNCTION = """
CREATE FUNCTION pg_temp.contains(a bloom, b bloom) RETURNS text LANGUAGE plpgsql AS $$
BEGIN
    RETURN CASE WHEN a @> b THEN 't' ELSE 'f' END;
EXCEPTION WHEN invalid_parameter_value THEN
    RETURN 'refused';
END $$;
"""

    def test_union_intersect_and_containment(self):
        """Union and intersection bytes and containment answers, bit for bit with the server and
        against the truth: a (the first na rows of a bigint column), b (rows of its other half), c
        (the first nc rows, added last to first: a subset of a when nc <= na, its values in other
        layers)."""
        values, texts = self.rows_of("bigint")
        words, word_texts = values[ROWS // 2:], texts[ROWS // 2:]
        rng = random.Random(self.seed + 7)
        # Two fixed cases reach every answer: true and false (classic), refused (grown).
        cases = [(False, 200, 0.01, 400, 7, 50), (True, 20, 0.01, 400, 0, 400)]
        for _ in range(14):
            scalable = rng.random() < 0.5
            cap, fpr = rng.choice([2, 20, 200]), rng.choice([0.2, 0.01])
            cases.append((scalable, cap, fpr, rng.choice([0, 5, 60, 400]), rng.choice([0, 7, 90, 600]),
                          rng.choice([0, 3, 50, 400, 450])))
        grow = self.GROW_FUNCTION.replace("pg_temp.grown", "pg_temp.grown_d")
        grow += grow.replace("grown_d", "grown_w").replace(" FROM d ", " FROM w ")
        grow += grow.split("CREATE FUNCTION pg_temp.grown_w")[0].replace("grown_d", "grown_r").replace(
            "ORDER BY i", "ORDER BY i DESC")
        queries = []
        for scalable, cap, fpr, na, nb, nc in cases:
            a, b, c = ("pg_temp.grown_%s(%d, %r, %s, 0, %d)" % (t, cap, fpr, "true" if scalable else "false", n)
                       for t, n in (("d", na), ("w", nb), ("r", nc)))
            queries.append("SELECT encode((a | b)::bytea, 'hex'), pg_temp.contains(a, b), pg_temp.contains(b, a), "
                           "pg_temp.contains(a | b, a), pg_temp.contains(a | b, b), pg_temp.contains(a, c), "
                           "(SELECT coalesce(bool_and(a @> x), true) FROM w WHERE i <= %d), "
                           "(SELECT coalesce(bool_and(a @> x), true) FROM d WHERE i <= %d), "
                           "CASE WHEN %s THEN '' ELSE encode((a & b)::bytea, 'hex') END "
                           "FROM (SELECT %s AS a, %s AS b, %s AS c) s;"
                           % (nb, nc, "bloom_info(a)->>'layer_count' <> '1' OR bloom_info(b)->>'layer_count' <> '1'",
                              a, b, c))
        # w: the other half of the bigint column (one kind: containment and intersection of a
        # bigint filter with a text one are refused, section 2.5).
        sql = (load_table_sql("d", "bigint", texts) + load_table_sql("w", "bigint", word_texts) + grow
               + self.CONTAINS_FUNCTION + "\n".join(queries) + "\n")
        out = psql(sql).splitlines()
        self.assertEqual(len(out), len(cases))

        def answer(x, y):
            try:
                return "t" if x.superset(y) else "f"
            except pf.ParameterError:
                return "refused"

        checked = {"t": 0, "f": 0, "refused": 0}
        for (scalable, cap, fpr, na, nb, nc), line in zip(cases, out):
            union_hex, a_b, b_a, u_a, u_b, a_c, b_found, c_found, and_hex = line.split("|")
            with self.subTest(scalable=scalable, capacity=cap, fpr=fpr, na=na, nb=nb, nc=nc):
                a = pf.Bloom.from_values(values[:na], cap, fpr, scalable)
                b = pf.Bloom.from_values(words[:nb], cap, fpr, scalable)
                c = pf.Bloom.from_values(values[:nc][::-1], cap, fpr, scalable)
                self.assertEqual(a.union(b).to_bytes().hex(), union_hex)
                self.assertEqual([answer(a, b), answer(b, a), answer(a.union(b), a), answer(a.union(b), b),
                                  answer(a, c)], [a_b, b_a, u_a, u_b, a_c])
                # The truth: a union holds its parts; c's values are a's when their set is inside;
                # The two halves of the column share no value, so b and a hold each other only when one
                # is empty.
                grown = len(a.layers) > 1 or len(c.layers) > 1
                self.assertEqual((u_a, u_b), ("t", "t"))
                for got, subset, found, grown_pair in (
                        (a_c, set(values[:nc]) <= set(values[:na]), c_found, grown),
                        (a_b, nb == 0, b_found, len(a.layers) > 1 or len(b.layers) > 1)):
                    checked[got] += 1
                    # A subset is found (or refused, when grown); true only when every value is
                    # found; false only for a non-subset; refused only for a grown filter.
                    if subset:
                        self.assertIn(got, ("t", "refused") if grown_pair else ("t",))
                    self.assertTrue(got != "t" or found == "t")
                    self.assertTrue(got != "f" or not subset)
                    self.assertTrue(got != "refused" or grown_pair)
                if len(a.layers) == 1 and len(b.layers) == 1:
                    self.assertEqual(a.intersect(b).to_bytes().hex(), and_hex)
                else:
                    with self.assertRaises(pf.ParameterError):
                        a.intersect(b)
        # The cases reach every answer.
        self.assertTrue(all(checked.values()), checked)

    def test_server_and_python_reject_the_same_bytes(self):
        rng = random.Random(self.seed + 8)
        bases = [pf.Bloom.from_hashes([rng.getrandbits(64) for _ in range(6)], 10, 0.05).to_bytes(),
                 pf.Bloom.from_hashes([rng.getrandbits(64) for _ in range(40)], 3, 0.1, True).to_bytes()]
        candidates = []
        for raw in bases:
            for _ in range(80):
                b = bytearray(raw)
                i = rng.randrange(len(b)) if rng.random() < 0.5 else rng.randrange(64)
                b[i] = rng.randrange(256) if rng.random() < 0.7 else b[i] ^ (1 << rng.randrange(8))
                candidates.append(bytes(b))
            candidates += [raw[:-1], raw + b"\x00", raw[:rng.randrange(len(raw))]]
        sql = """CREATE FUNCTION pg_temp.accepted(b bytea) RETURNS boolean LANGUAGE plpgsql AS $$
BEGIN PERFORM b::bloom; RETURN true; EXCEPTION WHEN invalid_binary_representation THEN RETURN false; END $$;
""" + "".join("SELECT pg_temp.accepted('\\x%s');\n" % c.hex() for c in candidates)
        out = psql(sql).split()
        self.assertEqual(len(out), len(candidates))
        for raw, server in zip(candidates, out):
            with self.subTest(raw.hex()):
                try:
                    pf.Bloom.from_bytes(raw)
                    ours = "t"
                except pf.FormatError:
                    ours = "f"
                self.assertEqual(ours, server)


if __name__ == "__main__":
    unittest.main()
