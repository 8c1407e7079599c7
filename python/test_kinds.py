"""Section 2.5 of doc/FORMAT.md (value kinds, format version 2) checked on the Python
implementation alone: the kind of each SQL type, what is stored, the kinds of
results, and how a value of another type is compared with a sketch. The expected
answers are the specification's own (its tables and examples) and PostgreSQL's
= (which values are equal), written out here; test_format.py and
test_cuckoo_format.py check the same rules against the server.
Run: /usr/bin/python3 -m unittest discover -s python -v
"""

import datetime
import decimal
import os
import struct
import sys
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from probabilistic import agebloom_format as af  # noqa: E402
from probabilistic import cuckoo_format as cf  # noqa: E402
from probabilistic import probabilistic_format as pf  # noqa: E402

D = decimal.Decimal


class TypeKinds(unittest.TestCase):
    """The table "The kind of a type" of section 2.5."""

    def test_families(self):
        table = {
            20: ["smallint", "integer", "bigint", "int2", "int4", "int8", "int"],
            701: ["real", "double precision", "float4", "float8"],
            25: ["text", "varchar", "varchar(40)", "character varying", "char(6)", "bpchar", "name", '"char"',
                 "sketch_text"],
            26: ["oid", "regproc", "regprocedure", "regoper", "regoperator", "regclass", "regtype", "regconfig",
                 "regdictionary", "regnamespace", "regrole", "regcollation"],
            869: ["inet", "cidr"],
            2249: ["record", "composite"],
            1700: ["numeric", "numeric(10,2)", "decimal"],
            1082: ["date"], 1114: ["timestamp", "timestamp(3) without time zone"],
            1184: ["timestamptz", "timestamp with time zone"], 2950: ["uuid"], 17: ["bytea"], 16: ["boolean", "bool"],
            1186: ["interval"], 3802: ["jsonb"],
            1016: ["integer[]", "bigint[]", "smallint[]", "int2vector"], 1028: ["oid[]", "regclass[]", "oidvector"],
            1022: ["real[]", "double precision[]"], 1009: ["text[]", "varchar[]", "name[]"], 2287: ["record[]"],
            1231: ["numeric[]"],
        }
        for kind, names in table.items():
            for name in names:
                with self.subTest(name):
                    self.assertEqual(pf.type_kind(name), kind)

    def test_by_oid(self):
        self.assertEqual([pf.type_kind(o) for o in (21, 23, 700, 1043, 2205, 1007, 1700)],
                         [20, 20, 701, 25, 26, 1016, 1700])
        with self.assertRaises(pf.ParameterError):
            pf.type_kind(16385)          # an OID outside the catalog differs between databases

    def test_outside_the_catalog(self):
        """Issue 38: a type outside the catalog has a kind of its own, from its names: 10000 +
        XXH3-64(extension name, 0 byte, type name [, "[]"]) mod 55534. The numbers are those
        the server records (sql/hashing_kinds.sql)."""
        table = {"citext": 49992, "citext[]": 14550, "enum kinds_mood": 50661, "enum kinds_mood[]": 39630,
                 "type kinds_mood": 50661, "type citext of extension citext": 49992,
                 "type citext of extension citext[]": 14550}
        for name, kind in table.items():
            with self.subTest(name):
                self.assertEqual(pf.type_kind(name), kind)
        # The derivation written out here from the text of section 2.5.
        import xxhash
        self.assertEqual(10000 + xxhash.xxh3_64_intdigest(b"citext\x00citext") % 55534, 49992)
        self.assertEqual(pf.outside_kind("kinds_mood"), 50661)
        self.assertEqual(pf.outside_kind("citext", "citext", array=True), 14550)
        self.assertNotEqual(pf.type_kind("enum mood"), pf.type_kind("citext"))
        for name in ("enum", "other", "enum[]"):
            with self.subTest(name), self.assertRaises(pf.ParameterError):
                pf.type_kind(name)       # which type is meant must be said

    def test_unknown_name_is_not_guessed(self):
        with self.assertRaises(pf.ParameterError):
            pf.type_kind("mytype")

    def test_python_values(self):
        values = [(1, 20), (2 ** 63, 1700), (True, 16), (0.5, 701), (D("0.5"), 1700), ("a", 25), (b"a", 17),
                  (datetime.date(2024, 1, 1), 1082), (datetime.datetime(2024, 1, 1), 1114),
                  (datetime.datetime(2024, 1, 1, tzinfo=datetime.timezone.utc), 1184),
                  (pf.SqlArray([1, None]), 1016), (pf.SqlArray([], "text"), 1009)]
        for value, kind in values:
            with self.subTest(value=value):
                self.assertEqual(pf.value_kind(value), kind)
        self.assertEqual(pf.value_kind(1, "real"), 701)
        self.assertEqual(pf.value_kind("ok", "enum kinds_mood"), 50661)

    def test_info_names(self):
        self.assertEqual([pf.kind_name(k) for k in (0, 20, 701, 1016, 10000, 49992, 65533, 65534, 65535)],
                         [None, "bigint", "double precision", "bigint[]", "other 10000", "other 49992", "other 65533",
                          "other", "mixed"])


class Stored(unittest.TestCase):
    """Header bytes 1 and 6-7: version 1 exactly when the kind is 0."""

    def test_version_1_without_a_kind(self):
        self.assertEqual(pf.Hll.empty(4).to_bytes()[:8].hex(), "48010201041a0000")
        self.assertEqual(pf.Bloom.empty(3).to_bytes()[:8].hex(), "4201020101000000")
        self.assertEqual(cf.Cuckoo.empty(3).to_bytes()[:8].hex(), "430102010a040100")
        self.assertEqual(pf.Hll.empty(4).add_hash(1).to_bytes()[1], 1)

    def test_version_2_with_a_kind(self):
        self.assertEqual(pf.Hll.empty(4).add(1).to_bytes()[:8].hex(), "48020201041a1400")
        self.assertEqual(pf.Bloom.empty(3).add("a").to_bytes()[:8].hex(), "4202020101001900")
        c = cf.Cuckoo.empty(3)
        c.add(0.5)
        self.assertEqual(c.to_bytes()[:8].hex(), "430202010a04bd02")

    def test_validation(self):
        hll = bytearray(pf.Hll.empty(4).add(1).to_bytes())
        bloom = bytearray(pf.Bloom.empty(3).add(1).to_bytes())
        cuckoo = cf.Cuckoo.empty(3)
        cuckoo.add(1)
        cuckoo = bytearray(cuckoo.to_bytes())
        agebloom = af.Agebloom.empty_count(3)  # issue-28
        agebloom.add(1)
        agebloom = bytearray(agebloom.to_bytes())
        for name, raw, parse, v1_bytes in (("hll", hll, pf.Hll.from_bytes, 0), ("bloom", bloom, pf.Bloom.from_bytes, 0),
                                           ("cuckoo", cuckoo, cf.Cuckoo.from_bytes, 1),
                                           ("agebloom", agebloom, af.Agebloom.from_bytes, 0)):
            with self.subTest(name):
                self.assertEqual(parse(bytes(raw)).kind, 20)
                for version, kind in ((3, 20), (0, 20), (2, 0), (1, 20), (1, v1_bytes ^ 1)):
                    bad = bytearray(raw)
                    bad[1] = version
                    struct.pack_into("<H", bad, 6, kind)
                    with self.subTest(version=version, kind=kind), self.assertRaises(pf.FormatError):
                        parse(bytes(bad))
                for kind in (1, 9999, 10000, 49992, 65533, 65534, 65535):
                    good = bytearray(raw)
                    struct.pack_into("<H", good, 6, kind)
                    self.assertEqual(parse(bytes(good)).kind, kind)
                    self.assertEqual(parse(bytes(good)).to_bytes(), bytes(good))
                old = bytearray(raw)
                old[1] = 1
                struct.pack_into("<H", old, 6, v1_bytes)
                self.assertEqual(parse(bytes(old)).kind, 0)
                self.assertEqual(parse(bytes(old)).to_bytes(), bytes(old))


class ResultKinds(unittest.TestCase):
    """"Kinds of results" of section 2.5."""

    def test_empty_takes_its_first_values_kind_and_keeps_it(self):
        for empty in (pf.Hll.empty(10), pf.Bloom.empty(100), pf.Bloom.empty(4, 0.1, True),
                      pf.Bloom.empty(100, layout="blocked")):
            with self.subTest(empty):
                self.assertEqual(empty.kind, 0)
                one = empty.add(D("1.5"))
                self.assertEqual(one.kind, 1700)
                self.assertEqual(one.add(2).kind, 1700)       # an integer against numeric: converted
                self.assertEqual(empty.add(None).kind, 0)

    def test_hashes_record_nothing_and_a_kind_free_value_stays_so(self):
        h = pf.Hll.empty(10).add_hash(42)
        self.assertEqual(h.kind, 0)
        self.assertEqual(h.add("a").add(1).kind, 0)         # any type, by its own rule (0.4.0's behaviour)
        self.assertEqual(h.add("a").add(1), pf.Hll.from_hashes([42, pf.hash64("a"), pf.hash64(1)], 10))

    def test_aggregates_over_no_value(self):
        self.assertEqual(pf.Hll.from_values([None, None], 12, sql_type="text"), pf.Hll.empty(12))
        self.assertEqual(pf.Bloom.from_values([], 10, 0.01), pf.Bloom.empty(10, 0.01))
        self.assertEqual(pf.Bloom.agg_distinct([None]), pf.Bloom.empty(1))
        self.assertEqual(pf.Bloom.agg_distinct([1, 2]).kind, 20)
        self.assertEqual(cf.Cuckoo.agg([], 10).to_bytes(), cf.Cuckoo.empty(10).to_bytes())

    def test_union(self):
        e = pf.Hll.empty(10)
        i, t, free = e.add(1), e.add("a"), e.add_hash(7)
        cases = [(i, i.add(2), 20), (i, t, 65535), (i, free, 20), (free, t, 25), (e, t, 25), (t, e, 25),
                 (e, e, 0), (free, free, 0), (i.union(t), i, 65535)]
        for a, b, kind in cases:
            with self.subTest(a=a, b=b):
                self.assertEqual(a.union(b).kind, kind)
                self.assertEqual(b.union(a).kind, kind)
        # An empty value records no kind: bytes of one that does are refused (section 3.5).
        with self.assertRaises(pf.FormatError):
            pf.Hll.from_bytes(bytes.fromhex("480202010a1a1900" + "00" * 8))
        b0 = pf.Bloom.empty(50)
        self.assertEqual(b0.add(1).union(b0.add("a")).kind, 65535)
        self.assertEqual(b0.union(b0.add(1.5)).kind, 701)

    def test_union_outside_the_catalog(self):
        """Issue 38: two types outside the catalog are several types; the legacy 65534 (one
        such type, not known which) with one of them stays 65534; two empty sides, none."""
        u = pf.union_kind                                # (kind, has values) twice
        citext, mood = pf.type_kind("citext"), pf.type_kind("enum mood")
        self.assertEqual(u(citext, False, citext, False), 0)
        self.assertEqual(u(citext, False, 20, False), 0)               # two empty sides of different kinds
        self.assertEqual(u(citext, False, mood, False), 0)
        self.assertEqual(u(citext, False, mood, True), mood)
        self.assertEqual(u(citext, True, citext, True), citext)
        self.assertEqual(u(citext, True, mood, True), 65535)
        self.assertEqual(u(citext, True, 25, True), 65535)
        self.assertEqual(u(65534, True, citext, True), 65534)
        self.assertEqual(u(mood, True, 65534, True), 65534)
        self.assertEqual(u(65534, True, 20, True), 65535)
        self.assertEqual(u(65534, True, 65535, True), 65535)
        pf.check_comparable(65534, citext, "x")
        pf.check_comparable(citext, citext, "x")
        for a, b in ((citext, mood), (citext, 25), (65534, 25)):
            with self.assertRaises(pf.ParameterError):
                pf.check_comparable(a, b, "x")
        h = pf.Hll.empty(10)
        ht, hm = h.add("Ok", "enum tag"), h.add("ok", "enum mood")
        self.assertEqual(ht.union(hm).kind, 65535)
        with self.assertRaises(pf.ComparisonError):
            ht.add("ok", "enum mood")

    def test_empty_filters_record_no_kind(self):
        """An empty filter with a kind is no value (refused, as an empty hll with one)."""
        for raw in (pf.Bloom.empty(50).to_bytes(), pf.Bloom.empty(50, layout="blocked").to_bytes(),
                    pf.Bloom.empty(4, 0.1, True).to_bytes(), cf.Cuckoo.empty(10).to_bytes()):
            bad = bytearray(raw)
            bad[1] = 2
            struct.pack_into("<H", bad, 6, 20)
            parse = cf.Cuckoo.from_bytes if raw[0] == 0x43 else pf.Bloom.from_bytes
            parse(raw)
            with self.assertRaises(pf.FormatError):
                parse(bytes(bad))

    def test_comparisons_need_one_kind(self):
        e = pf.Hll.empty(10)
        i, t, free = e.add(1), e.add("a"), e.add_hash(7)
        self.assertTrue(i.add(2).contains(i))
        self.assertTrue(i.union(free).contains(free))
        for op in (lambda a, b: a.contains(b), pf.hll_overlap):
            with self.assertRaises(pf.ParameterError):
                op(i, t)
        b0 = pf.Bloom.empty(50)
        bi, bt = b0.add(1), b0.add("a")
        for op in (lambda a, b: a.superset(b), lambda a, b: a.intersect(b)):
            with self.assertRaises(pf.ParameterError):
                op(bi, bt)
        self.assertTrue(bi.union(bt).superset(bi.union(bt)))

    def test_intersection(self):
        b0 = pf.Bloom.empty(1000, 0.01)
        a, b = b0.add(1), b0.add(2)
        self.assertEqual(sum(l.bits_set for l in a.intersect(b).layers), 0)    # no common bit here
        self.assertEqual(a.intersect(b), b0)
        self.assertEqual(a.intersect(a.add(3)).kind, 20)
        self.assertEqual(a.intersect(b0.add_hash(pf.hash64(1))).kind, 20)      # the kind that is not 0

    def test_agebloom(self):  # issue-28
        t0 = 1767225600 * 10**6
        f = af.Agebloom.empty_time(3600 * 10**6, 100)
        f.add(1, at=t0)
        f.add(D("2"), at=t0)             # an integral numeric against bigint: the integer 2
        with self.assertRaises(pf.ComparisonError):
            f.add(D("2.5"), at=t0)       # no integer equals it (section 2.5, adds)
        self.assertEqual(f.kind, 20)
        self.assertTrue(f.contains(2.0) and f.contains(D("1.000")))
        g = af.Agebloom.empty_time(3600 * 10**6, 100)
        g.add("x", at=t0)
        self.assertEqual(f.union(g).kind, 65535)
        self.assertEqual(f.union(af.Agebloom.empty_time(3600 * 10**6, 100)).kind, 20)

    def test_cuckoo(self):
        c = cf.Cuckoo.empty(10)
        c.add(1)
        c.add(D("2"))                    # an integral numeric against bigint: the integer 2
        with self.assertRaises(pf.ComparisonError):
            c.add(D("2.5"))              # no integer equals it (section 2.5, adds)
        self.assertEqual(c.kind, 20)
        c.remove(1)
        self.assertEqual(c.kind, 20)
        c.remove(2)
        self.assertEqual((c.items, c.kind), (0, 0))
        self.assertEqual(c.to_bytes(), cf.Cuckoo.empty(10).to_bytes())
        a, b = cf.Cuckoo.empty(10), cf.Cuckoo.empty(10)
        a.add(1)
        b.add("x")
        self.assertEqual(a.union(b).kind, 65535)
        self.assertEqual(a.union(cf.Cuckoo.empty(10)).kind, 20)


class Conversions(unittest.TestCase):
    """"Comparing a value with a sketch" of section 2.5: its examples, and PostgreSQL's = as
    the truth for which values are equal."""

    def same(self, kind, value, sql_type, equal_value, equal_type=None):
        self.assertEqual(pf.probe_bytes(value, kind, sql_type), pf.canonical_bytes(equal_value, equal_type))

    def refused(self, kind, value, sql_type, sqlstate):
        with self.assertRaises(pf.ComparisonError) as caught:
            pf.probe_bytes(value, kind, sql_type)
        self.assertEqual(caught.exception.sqlstate, sqlstate)

    def test_no_kind_and_own_kind_use_the_values_rule(self):
        for value, sql_type in ((D("0.5"), None), ("ab  ", "bpchar"), (1, "smallint"), (0.1, "real")):
            self.same(0, value, sql_type, value, sql_type)
            self.same(pf.value_kind(value, sql_type), value, sql_type, value, sql_type)
        self.same(25, "ab  ", "bpchar", "ab")          # 'ab '::char(3) and 'ab'::text are one value

    def test_double_precision(self):
        # 0.5 and 19.99 written as numeric find the doubles; 42 (an integer) too.
        self.same(701, D("0.5"), None, 0.5)
        self.same(701, D("19.99"), None, 19.99)
        self.same(701, 42, "integer", 42.0)
        self.same(701, 2 ** 53 + 1, "bigint", 2.0 ** 53)        # = converts the integer to a double
        self.same(701, D("NaN"), None, float("nan"))
        self.same(701, D("-Infinity"), None, float("-inf"))
        self.refused(701, D("1e400"), None, "22003")
        self.refused(701, D("1e-400"), None, "22003")
        self.same(701, D("0.1"), None, 0.1)
        self.assertNotEqual(pf.probe_bytes(D("0.1"), 701), pf.canonical_bytes(0.1, "real"))   # 0.1::real <> 0.1

    def test_numeric(self):
        self.refused(1700, 0.5, None, "42804")                  # cast the value, value::numeric
        self.refused(1700, 0.5, "real", "42804")
        self.same(1700, 42, "integer", D(42))

    def test_bigint(self):
        self.same(20, 42.0, None, 42)                           # finds 42
        self.same(20, D("42.5"), None, D("42.5"))               # hashed as itself: finds nothing
        self.same(20, D("42.000"), None, 42)
        self.same(20, 2.0 ** 53 - 1, None, 2 ** 53 - 1)
        self.same(20, 0.5, "real", 0.5)
        self.same(20, float("nan"), None, float("nan"))
        self.same(20, float("inf"), None, float("inf"))         # no integer equals it: the float rule
        for x in (1e17, 2.0 ** 53, -2.0 ** 53, 2.0 ** 63):
            self.refused(20, x, None, "42804")
        self.refused(20, 2.0 ** 60, "real", "42804")
        self.refused(20, "1", None, "42883")
        self.refused(20, True, None, "42883")
        self.refused(20, datetime.date(2024, 1, 1), None, "42883")

    def test_date_and_timestamp(self):
        day = datetime.date(2024, 1, 1)
        self.same(1082, datetime.datetime(2024, 1, 1), None, day)
        self.same(1082, datetime.datetime(2024, 1, 1, 0, 0, 1), None, datetime.datetime(2024, 1, 1, 0, 0, 1))
        self.same(1082, datetime.datetime(1999, 12, 31), None, datetime.date(1999, 12, 31))
        self.same(1082, pf.TIMESTAMP_INFINITY, "timestamp", pf.DATE_INFINITY, "date")
        self.same(1082, pf.TIMESTAMP_MINUS_INFINITY, "timestamp", pf.DATE_MINUS_INFINITY, "date")
        self.same(1114, day, None, datetime.datetime(2024, 1, 1))
        self.same(1114, datetime.date(1900, 3, 1), None, datetime.datetime(1900, 3, 1))
        self.same(1114, pf.DATE_INFINITY, "date", pf.TIMESTAMP_INFINITY, "timestamp")
        self.same(1114, pf.DATE_MINUS_INFINITY, "date", pf.TIMESTAMP_MINUS_INFINITY, "timestamp")
        aware = datetime.datetime(2024, 1, 1, tzinfo=datetime.timezone.utc)
        for kind, value in ((1082, aware), (1114, aware), (1184, day), (1184, datetime.datetime(2024, 1, 1))):
            self.refused(kind, value, None, "42804")

    def test_several_kinds_and_types_not_built_in(self):
        mood = pf.type_kind("enum mood")
        self.refused(65535, 1, None, "42804")
        self.same(mood, "ok", "enum mood", "ok")
        self.refused(mood, "ok", None, "42804")                # cast it to the sketch's type
        self.refused(mood, "ok", "enum tag", "42804")          # another enum: no = between them
        self.refused(pf.type_kind("citext"), "ok", "enum mood", "42804")
        self.same(65534, "ok", "enum mood", "ok")              # 0.5.0-0.8.0's kind: any such type, as then
        self.same(65534, "ok", "enum tag", "ok")
        self.refused(65534, "ok", None, "42804")
        self.refused(25, "ok", "enum mood", "42883")
        self.refused(1016, pf.SqlArray([1], "numeric"), None, "42883")
        self.same(1016, pf.SqlArray([1, 2], "smallint"), None, pf.SqlArray([1, 2], "bigint"))

    def test_kinds_the_server_resolves(self):
        """A client cannot hash values of types hashed inside the server (section 2.3)."""
        with self.assertRaises(pf.ComparisonError) as caught:
            pf.probe_bytes(1, 26, "integer")                    # converted as oid: hashed by the server
        self.assertIsNone(caught.exception.sqlstate)

    def test_sketches_convert_and_refuse(self):
        h = pf.Hll.empty(12).add(0.5).add(19.99)
        self.assertEqual(h.add(D("0.5")).add(D("19.99")), h)
        with self.assertRaises(pf.ComparisonError):
            h.add("x")
        b = pf.Bloom.from_values([datetime.date(2024, 1, 1)], 10)
        self.assertTrue(b.contains(datetime.datetime(2024, 1, 1)))
        self.assertEqual(b.add(datetime.datetime(2024, 1, 1)), b)
        c = cf.Cuckoo.agg([1, 1, 2], 10)
        self.assertEqual((c.count(1.0), c.count(D("1.000")), c.count(2, "smallint")), (2, 2, 1))
        self.assertTrue(c.remove(D("1")))
        self.assertEqual(c.count(1), 1)
        with self.assertRaises(pf.ComparisonError):
            c.contains(2.0 ** 60)



# BEGIN issue-27 countmin
class CountminKinds(unittest.TestCase):
    """Section 2.5's kinds in a countmin sketch (section 7.2: bytes 6-7, 0 in version 1)."""

    def test_header_and_validation(self):
        from probabilistic import countmin_format as cmf
        s = cmf.CountMin.empty(0.5, 0.5)
        self.assertEqual(s.to_bytes()[:8].hex(), "4d01020101000000")
        s.add(0.5)
        self.assertEqual(s.to_bytes()[:8].hex(), "4d0202010100bd02")
        raw = s.to_bytes()
        for version, kind in ((3, 701), (0, 701), (2, 0), (1, 701), (1, 1)):
            bad = bytearray(raw)
            bad[1] = version
            struct.pack_into("<H", bad, 6, kind)
            with self.subTest(version=version, kind=kind), self.assertRaises(pf.FormatError):
                cmf.CountMin.from_bytes(bytes(bad))
        for kind in (1, 9999, 10000, 65533, 65534, 65535):
            good = bytearray(raw)
            struct.pack_into("<H", good, 6, kind)
            self.assertEqual(cmf.CountMin.from_bytes(bytes(good)).to_bytes(), bytes(good))

    def test_adds_and_unions(self):
        from probabilistic import countmin_format as cmf
        s = cmf.CountMin.empty(0.1, 0.1)
        s.add(1, weight=0)
        self.assertEqual(s.kind, 0)                  # a weight of 0 adds nothing, not even a kind
        s.add(1)
        s.add(D("2"))                                # an integral numeric against bigint: the integer 2
        with self.assertRaises(pf.ComparisonError):
            s.add(D("2.5"))                          # no integer equals it
        self.assertEqual((s.kind, s.count(2), s.count(2.0)), (20, 1, 1))
        t = cmf.CountMin.empty(0.1, 0.1)
        t.add("x")
        self.assertEqual(s.union(t).kind, 65535)
        self.assertEqual(s.union(cmf.CountMin.empty(0.1, 0.1)).kind, 20)
        self.assertEqual(cmf.CountMin.empty(0.1, 0.1).union(t).kind, 25)
# END issue-27

# BEGIN fuse
class FuseKinds(unittest.TestCase):
    """Section 2.5's kinds in a fuse value (section 12.2: bytes 6-7, 0 in version 1), both forms."""

    def test_header_and_validation(self):
        from probabilistic import fuse_format as ff
        self.assertEqual(ff.Fuse.keys_agg([]).to_bytes()[:8].hex(), "4601020108030000")
        self.assertEqual(ff.Fuse.agg([]).to_bytes()[:8].hex(), "4601020208030000")
        for raw in (ff.Fuse.keys_agg([0.5]).to_bytes(), ff.Fuse.agg([0.5]).to_bytes()):
            self.assertEqual(raw[6:8].hex(), "bd02")
            for version, kind in ((3, 701), (0, 701), (2, 0), (1, 701), (1, 1)):
                bad = bytearray(raw)
                bad[1] = version
                struct.pack_into("<H", bad, 6, kind)
                with self.subTest(form=raw[3], version=version, kind=kind), self.assertRaises(pf.FormatError):
                    ff.Fuse.from_bytes(bytes(bad))
            for kind in (1, 9999, 10000, 65533, 65534, 65535):
                good = bytearray(raw)
                struct.pack_into("<H", good, 6, kind)
                self.assertEqual(ff.Fuse.from_bytes(bytes(good)).kind, kind)
                self.assertEqual(ff.Fuse.from_bytes(bytes(good)).to_bytes(), bytes(good))
            old = bytearray(raw)
            old[1] = 1
            struct.pack_into("<H", old, 6, 0)
            self.assertEqual(ff.Fuse.from_bytes(bytes(old)).kind, 0)

    def test_aggregates_builds_and_unions(self):
        from probabilistic import fuse_format as ff
        k = ff.Fuse.keys_agg([1, D("2"), 3.0])           # integral numeric and double against bigint
        self.assertEqual((k.kind, k.n), (20, 3))
        with self.assertRaises(pf.ComparisonError):
            ff.Fuse.keys_agg([1, D("2.5")])              # no integer equals it (section 2.5, adds)
        f = k.build()
        self.assertEqual(f.kind, 20)
        self.assertTrue(f.contains(2.0) and f.contains(D("3.000")) and f.contains(2, "smallint"))
        with self.assertRaises(pf.ComparisonError):
            f.contains(2.0 ** 60)
        t = ff.Fuse.keys_agg(["x"])
        self.assertEqual(k.union(t).kind, 65535)
        self.assertEqual(k.union(ff.Fuse.keys_agg([])).kind, 20)
        self.assertEqual(ff.Fuse.keys_agg([]).union(t).kind, 25)
        self.assertEqual(ff.Fuse.keys_agg([None]).kind, 0)
# END fuse

if __name__ == "__main__":
    unittest.main()
