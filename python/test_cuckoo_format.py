"""Checks python/probabilistic/cuckoo_format.py, written from doc/FORMAT.md section 5, against
the extension: test/vectors/cuckoo.json byte for byte, validation of corrupt
bytes, the no-false-negative property on random operations, and (when PGHOST
is set, as test/cluster.sh's start_cluster exports it) random filters built on
a running server. Run: /usr/bin/python3 -m unittest discover -s python -v

PROB_TEST_SEED=<int> repeats a run's random data (the seed is printed).
"""

import decimal
import doctest
import fractions
import hashlib
import json
import os
import random
import struct
import sys
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from probabilistic import cuckoo_format as cf  # noqa: E402
from probabilistic import probabilistic_format as pf  # noqa: E402
from make_cuckoo_vectors import APPLY  # noqa: E402
from make_hll_vectors import SPEC_KINDS, psql  # noqa: E402
from test_format import decode  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
VECTORS = os.path.join(ROOT, "test", "vectors", "cuckoo.json")


def apply(c, ops, kind_free=False):
    """The operations of a vector in order, as pg_temp.apply does them; kind_free: the kind
    cleared after each (a version 1 filter, as 0.4.0 stored it)."""
    for op in ops:
        if op[0] in ("add_range", "remove_range"):
            for i in range(op[2], op[3] + 1, op[4]):
                c.add(i) if op[0] == "add_range" else c.remove(i)
        else:
            value, as_type = decode(op[1], op[2])
            c.add(value, as_type) if op[0] == "add" else c.remove(value, as_type)
        if kind_free:
            c.kind = pf.KIND_NONE
    return c


def build(v):
    if v["agg"] is not None:
        pairs = [decode(v["agg"]["type"], t) for t in v["agg"]["values"]]
        return cf.Cuckoo.agg([x for x, _ in pairs], v["capacity"], v["fpr"], sql_types=[t for _, t in pairs])
    c = apply(cf.Cuckoo.empty(v["capacity"], v["fpr"], v["seed"]), v["ops"], v["kind_free"])
    if v["union_ops"] is not None:
        c = c.union(apply(cf.Cuckoo.empty(v["capacity"], v["fpr"], v["seed"]), v["union_ops"], v["kind_free"]))
    return c


def pinned(c, v):
    """The bytes a vector pins: with the kind cleared for those pinned before kinds."""
    return (c.without_kind() if v["kind_cleared"] else c).to_bytes()


class Vectors(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        with open(VECTORS) as fh:
            cls.doc = json.load(fh)
        cls.vectors = cls.doc["cuckoo"]
        cls.built = {v["name"]: build(v) for v in cls.vectors}

    def test_there_are_vectors(self):
        self.assertGreaterEqual(len(self.vectors), 30)
        kinds = {v["kind"] for v in self.vectors if not v["kind_cleared"]}
        for kind in (0, 20, 25, 701, 1700, 1082, 1114, 1009, 17340, 65535):
            self.assertIn(kind, kinds)
        self.assertGreaterEqual(len(self.doc["probes"]), 20)

    def test_bytes_match(self):
        for v in self.vectors:
            with self.subTest(v["name"]):
                c = self.built[v["name"]]
                self.assertEqual(c.kind, v["kind"])
                data = pinned(c, v)
                self.assertEqual(len(data), v["bytes"])
                self.assertEqual(hashlib.sha256(data).hexdigest(), v["sha256"])
                if "hex" in v:
                    self.assertEqual(data.hex(), v["hex"])

    def test_kinds_are_the_spec_tables(self):
        """A filter of values of one type records the kind section 2.5's table gives it."""
        for v in self.vectors:
            ops = v["ops"] + (v["union_ops"] or [])
            types = {v["agg"]["type"]} if v["agg"] and v["agg"]["values"] else {op[1] for op in ops if op[0] == "add"
                                                                                 or op[0] == "add_range"}
            if len(types) != 1 or v["kind_free"] or any(op[0].startswith("remove") for op in ops):
                continue
            with self.subTest(v["name"]):
                self.assertEqual(v["kind"], SPEC_KINDS[types.pop()])

    def test_server_bytes_parse_and_round_trip(self):
        for v in self.vectors:
            if "hex" not in v:
                continue
            with self.subTest(v["name"]):
                data = bytes.fromhex(v["hex"])
                self.assertEqual(cf.Cuckoo.from_bytes(data).to_bytes(), data)
                self.assertEqual(cf.Cuckoo.from_text("\\x" + v["hex"]).to_bytes(), data)
                self.assertEqual(cf.Cuckoo.from_bytes(data).kind, 0 if v["kind_cleared"] else v["kind"])

    def test_crafted_headers(self):
        for rec in self.doc["crafted"]:
            with self.subTest(rec["name"]):
                raw = bytes.fromhex(rec["hex"])
                if rec["accepted"]:
                    self.assertEqual(cf.Cuckoo.from_bytes(raw).to_bytes(), raw)
                else:
                    with self.assertRaises(pf.FormatError):
                        cf.Cuckoo.from_bytes(raw)

    def test_refused_as_the_server_refuses(self):
        for rec in self.doc["refused"]:
            with self.subTest(rec["name"]):
                c = self.built[rec["vector"]].copy()
                value, as_type = decode(rec["type"], rec["text"])
                with self.assertRaises(pf.ComparisonError) as caught:
                    getattr(c, rec["op"])(value, as_type)
                self.assertEqual(caught.exception.sqlstate, rec["sqlstate"])

    def test_counts_of_other_types(self):
        """cuckoo_count of values of other types: Python's count is the server's, and no
        fewer than the values added that PostgreSQL's = calls equal to it."""
        for rec in self.doc["probes"]:
            with self.subTest(rec["vector"], type=rec["type"], text=rec["text"]):
                count = self.built[rec["vector"]].count(*decode(rec["type"], rec["text"]))
                self.assertEqual(str(count), rec["answer"])
                if rec["equal_count"] is not None:
                    self.assertEqual(count, rec["equal_count"])


class Validation(unittest.TestCase):
    def good(self):
        """A version 1 value (no kind), whose bytes 6-7 hold the sub-filter count 1."""
        c = cf.Cuckoo.empty(10, 0.01)
        c.add(1)
        return bytearray(c.without_kind().to_bytes())

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


def random_ops(rng, capacity, fpr, seed, limit=None, text=True, absent_removes=True):
    """Random adds and removes of bigint and (text) text values (some of them repeated), at
    most limit (90% of capacity by default) stored at once, removes mostly of stored values,
    some (absent_removes) of absent ones: (ops, the value pool, the filter Python built, the
    multiset stored). An add Python finds no place for (many copies of one value) is left
    out; the server must agree on the rest. Values of both types go into a kind-free filter
    (cleared after each operation, section 2.5), bigint alone into one of kind bigint."""
    pool = [["bigint", str(rng.randint(-2 ** 63, 2 ** 63 - 1))] for _ in range(capacity)]
    if text:
        pool += [["text", rng.choice(["", "t", "h\u00e9", "\u65e5"]) + str(rng.randrange(10 ** 6))]
                 for _ in range(capacity // 2)]
    limit = capacity * 9 // 10 if limit is None else limit
    c = cf.Cuckoo.empty(capacity, fpr, seed)
    ops, stored = [], []
    for _ in range(rng.randint(0, capacity * 2) if limit > 0 else 0):
        if stored and (len(stored) >= limit or rng.random() < 0.3):
            if rng.random() < 0.9 or not absent_removes:
                op = ["remove"] + stored.pop(rng.randrange(len(stored)))
            else:
                op = ["remove"] + rng.choice([v for v in pool if v not in stored] or pool)
        else:
            value = rng.choice(stored) if stored and rng.random() < 0.1 else rng.choice(pool)
            op = ["add"] + value
            try:
                apply(c.copy(), [op], text)
            except cf.FullError:
                continue
            stored.append(value)
        apply(c, [op], text)
        ops.append(op)
    return ops, pool, c, stored


def ops_sql(capacity, fpr, seed, ops, kind_free=True):
    return "pg_temp.apply(cuckoo_empty(%d, %r, %d), %s::jsonb, %s)" % (
        capacity, fpr, seed, "'" + json.dumps(ops).replace("'", "''") + "'", "true" if kind_free else "false")


def probe_sql(c, pool, bigint_as="bigint"):
    """cuckoo_count of each pool value, space-separated, in pool order."""
    return " || ' ' || ".join("cuckoo_count(%s, %s)::text" % (
        c, "%s::%s" % (text, bigint_as) if kind == "bigint" else "'%s'::text" % text.replace("'", "''"))
        for kind, text in pool)


def py_counts(c, pool):
    return " ".join(str(c.count(int(text) if kind == "bigint" else text)) for kind, text in pool)


@unittest.skipUnless(os.environ.get("PGHOST"), "PGHOST is unset: no server to compare with")
class ServerTests(unittest.TestCase):
    """The Python implementation against the extension on random filters. With PGHOST
    set, a server that cannot be reached fails these tests: it is not a skip."""

    @classmethod
    def setUpClass(cls):
        psql("CREATE EXTENSION IF NOT EXISTS probabilistic;")
        cls.seed = int(os.environ.get("PROB_TEST_SEED") or random.SystemRandom().randrange(10 ** 9))
        print("\n[test_cuckoo_format] random data seed %d (PROB_TEST_SEED=%d repeats it)" % (cls.seed, cls.seed),
              file=sys.stderr)

    def cases(self, rng, count):
        return [(rng.choice([1, 5, 40, 300]), rng.choice([0.5, 0.1, 0.01, 1e-4, 2e-9]),
                 rng.choice([0, rng.randint(-2 ** 63, 2 ** 63 - 1)])) for _ in range(count)]

    def test_random_filters_match_server(self):
        """The same adds and removes: the same bytes, cardinality and cuckoo_count of every value."""
        rng = random.Random(self.seed)
        cases = [(cap, fpr, seed) + random_ops(rng, cap, fpr, seed)[:2] for cap, fpr, seed in self.cases(rng, 16)]
        sql = APPLY + "".join(
            "WITH f AS MATERIALIZED (SELECT %s AS c) SELECT encode(c::bytea, 'hex'), cuckoo_cardinality(c), %s "
            "FROM f;\n" % (ops_sql(cap, fpr, seed, ops), probe_sql("c", pool)) for cap, fpr, seed, ops, pool in cases)
        out = psql(sql).splitlines()
        self.assertEqual(len(out), len(cases))
        for (cap, fpr, seed, ops, pool), line in zip(cases, out):
            hexstr, cardinality, counts = line.split("|")
            with self.subTest(capacity=cap, fpr=fpr, seed=seed, ops=len(ops)):
                c = apply(cf.Cuckoo.empty(cap, fpr, seed), ops, True)
                self.assertEqual(c.to_bytes().hex(), hexstr)
                self.assertEqual(c.items, int(cardinality))
                self.assertEqual(py_counts(c, pool), counts)

    def test_random_filters_of_one_kind(self):
        """Adds and removes of bigint values: a filter of kind bigint (none once emptied),
        the server's bytes; counts, also of the values written as numeric (= calls them
        equal), are the server's and at least each value's copies stored (the truth: no
        removal of an absent value here, so no copy can be lost)."""
        rng = random.Random(self.seed + 3)
        cases = [(cap, fpr, seed) + random_ops(rng, cap, fpr, seed, text=False, absent_removes=False)
                 for cap, fpr, seed in self.cases(rng, 12)]
        sql = APPLY + "".join(
            "WITH f AS MATERIALIZED (SELECT %s AS c) SELECT encode(c::bytea, 'hex'), cuckoo_cardinality(c), %s, %s, "
            "coalesce(cuckoo_info(c)->>'kind', 'none') FROM f;\n"
            % (ops_sql(cap, fpr, seed, ops, False), probe_sql("c", pool), probe_sql("c", pool, "numeric"))
            for cap, fpr, seed, ops, pool, _, _ in cases)
        out = psql(sql).splitlines()
        self.assertEqual(len(out), len(cases))
        for (cap, fpr, seed, ops, pool, c, stored), line in zip(cases, out):
            hexstr, cardinality, counts, numeric_counts, kind_text = line.split("|")
            with self.subTest(capacity=cap, fpr=fpr, seed=seed, ops=len(ops)):
                self.assertEqual(c.to_bytes().hex(), hexstr)
                self.assertEqual(c.kind, 20 if stored else 0)
                self.assertEqual(kind_text, pf.kind_name(c.kind) or "none")
                self.assertEqual(int(cardinality), len(stored))
                self.assertEqual(py_counts(c, pool), counts)
                self.assertEqual(numeric_counts, counts)
                for (_, text), count in zip(pool, counts.split()):
                    self.assertGreaterEqual(int(count), stored.count(["bigint", text]))

    def test_random_unions_match_server(self):
        """cuckoo_union of two random filters of the same parameters: the same bytes."""
        rng = random.Random(self.seed + 1)
        cases = []
        for cap, fpr, seed in self.cases(rng, 10):
            left, pool, c, _ = random_ops(rng, cap, fpr, seed)
            # The right side stores no more than the room the left leaves under 90% of capacity.
            right, _, d, _ = random_ops(rng, cap, fpr, seed, cap * 9 // 10 - c.items)
            try:
                c.union(d)
            except cf.FullError:  # many copies of a value: the right side adds nothing then
                right = []
            cases.append((cap, fpr, seed, left, right, pool))
        sql = APPLY + "".join(
            "WITH f AS MATERIALIZED (SELECT cuckoo_union(%s, %s) AS c) SELECT encode(c::bytea, 'hex'), %s FROM f;\n"
            % (ops_sql(cap, fpr, seed, left), ops_sql(cap, fpr, seed, right), probe_sql("c", pool))
            for cap, fpr, seed, left, right, pool in cases)
        out = psql(sql).splitlines()
        self.assertEqual(len(out), len(cases))
        for (cap, fpr, seed, left, right, pool), line in zip(cases, out):
            hexstr, counts = line.split("|")
            with self.subTest(capacity=cap, fpr=fpr, seed=seed, left=len(left), right=len(right)):
                c = apply(cf.Cuckoo.empty(cap, fpr, seed), left, True).union(
                    apply(cf.Cuckoo.empty(cap, fpr, seed), right, True))
                self.assertEqual(c.to_bytes().hex(), hexstr)
                self.assertEqual(py_counts(c, pool), counts)

    def test_info_numbers(self):
        """cuckoo_info's numbers: printed by FORMAT.md section 1's rule whatever extra_float_digits
        says, bit for bit with section 5.8 (the Python), and against the truth: load and
        bits_per_item the correctly rounded fractions, estimated_fpr the formula to 50 digits."""
        rng = random.Random(self.seed + 3)
        built = [random_ops(rng, cap, fpr, seed)[2] for cap, fpr, seed in self.cases(rng, 12)]
        built.append(cf.Cuckoo.empty(1000, 0.001))
        fields = ("fpr", "load", "estimated_fpr", "bits_per_item")
        query = "".join("SELECT %s FROM (SELECT cuckoo_info('\\x%s'::bytea::cuckoo) AS i) s;\n"
                        % (", ".join("i->>'%s'" % f for f in fields), c.to_bytes().hex()) for c in built)
        outputs = [psql("SET extra_float_digits = %d;\n" % digits + query).splitlines() for digits in (0, 3, -15)]
        self.assertEqual(outputs[0], outputs[1])
        self.assertEqual(outputs[0], outputs[2])
        self.assertEqual(len(outputs[0]), len(built))
        for c, line in zip(built, outputs[0]):
            got = dict(zip(fields, line.split("|")))
            with self.subTest(capacity=c.capacity, fpr=c.fpr, items=c.items):
                numbers = c.info_numbers()
                self.assertEqual(got, {f: pf.info_number_text(numbers[f]) for f in fields})
                slots = c.bucket_count * cf.BUCKET_SIZE
                self.assertEqual(float(got["fpr"]), c.fpr)
                self.assertEqual(float(got["load"]), float(fractions.Fraction(c.items, slots)))
                self.assertEqual(float(got["bits_per_item"]), float(fractions.Fraction(slots * c.f, c.capacity)))
                with decimal.localcontext() as ctx:
                    ctx.prec = 50
                    keep = 1 - decimal.Decimal(1) / ((1 << c.f) - 1)
                    exact = -((decimal.Decimal(8 * c.items) / slots) * keep.ln()).exp() + 1
                    self.assertLessEqual(abs(decimal.Decimal(got["estimated_fpr"]) - exact),
                                         exact * decimal.Decimal("1e-12"))

    def test_python_bytes_accepted_by_server(self):
        """Filters built in Python read back through bytea::cuckoo and text input unchanged."""
        rng = random.Random(self.seed + 2)
        built = [random_ops(rng, cap, fpr, seed)[2] for cap, fpr, seed in self.cases(rng, 12)]
        sql = "".join("SELECT encode('\\x%s'::bytea::cuckoo::bytea, 'hex'), encode(%s::cuckoo::bytea, 'hex');\n"
                      % (c.to_bytes().hex(), "'" + c.to_text() + "'") for c in built)
        out = psql(sql).splitlines()
        self.assertEqual(len(out), len(built))
        for c, line in zip(built, out):
            with self.subTest(capacity=c.capacity, fpr=c.fpr, items=c.items):
                self.assertEqual(line, "%s|%s" % (c.to_bytes().hex(), c.to_bytes().hex()))


if __name__ == "__main__":
    unittest.main()
