"""Checks python/cuckoo_format.py, written from doc/FORMAT.md section 5, against
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

import cuckoo_format as cf  # noqa: E402
import probabilistic_format as pf  # noqa: E402
from make_cuckoo_vectors import APPLY  # noqa: E402
from make_hll_vectors import psql  # noqa: E402

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


def random_ops(rng, capacity, fpr, seed, limit=None):
    """Random adds and removes of bigint and text values (some of them repeated), at most
    limit (90% of capacity by default) stored at once, removes mostly of stored values, some
    of absent ones: (ops, the value pool, the filter Python built). An add Python finds no
    place for (many copies of one value) is left out; the server must agree on the rest."""
    pool = [["bigint", str(rng.randint(-2 ** 63, 2 ** 63 - 1))] for _ in range(capacity)]
    pool += [["text", rng.choice(["", "t", "h\u00e9", "\u65e5"]) + str(rng.randrange(10 ** 6))]
             for _ in range(capacity // 2)]
    limit = capacity * 9 // 10 if limit is None else limit
    c = cf.Cuckoo.empty(capacity, fpr, seed)
    ops, stored = [], []
    for _ in range(rng.randint(0, capacity * 2) if limit > 0 else 0):
        if stored and (len(stored) >= limit or rng.random() < 0.3):
            if rng.random() < 0.9:
                op = ["remove"] + stored.pop(rng.randrange(len(stored)))
            else:
                op = ["remove"] + rng.choice([v for v in pool if v not in stored] or pool)
        else:
            value = rng.choice(stored) if stored and rng.random() < 0.1 else rng.choice(pool)
            op = ["add"] + value
            try:
                apply(c.copy(), [op])
            except cf.FullError:
                continue
            stored.append(value)
        apply(c, [op])
        ops.append(op)
    return ops, pool, c


def ops_sql(capacity, fpr, seed, ops):
    return "pg_temp.apply(cuckoo_empty(%d, %r, %d), %s::jsonb)" % (
        capacity, fpr, seed, "'" + json.dumps(ops).replace("'", "''") + "'")


def probe_sql(c, pool):
    """cuckoo_count of each pool value, space-separated, in pool order."""
    return " || ' ' || ".join("cuckoo_count(%s, %s)::text" % (
        c, "%s::bigint" % text if kind == "bigint" else "'%s'::text" % text.replace("'", "''"))
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
                c = apply(cf.Cuckoo.empty(cap, fpr, seed), ops)
                self.assertEqual(c.to_bytes().hex(), hexstr)
                self.assertEqual(c.items, int(cardinality))
                self.assertEqual(py_counts(c, pool), counts)

    def test_random_unions_match_server(self):
        """cuckoo_union of two random filters of the same parameters: the same bytes."""
        rng = random.Random(self.seed + 1)
        cases = []
        for cap, fpr, seed in self.cases(rng, 10):
            left, pool, c = random_ops(rng, cap, fpr, seed)
            # The right side stores no more than the room the left leaves under 90% of capacity.
            right, _, d = random_ops(rng, cap, fpr, seed, cap * 9 // 10 - c.items)
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
                c = apply(cf.Cuckoo.empty(cap, fpr, seed), left).union(apply(cf.Cuckoo.empty(cap, fpr, seed), right))
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
