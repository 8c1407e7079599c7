#!/usr/bin/env python3
"""Regenerates the bloom format test vectors from a running server with the extension.

    . test/cluster.sh && start_cluster     # or any server: PGHOST, PGPORT, PGUSER, PGDATABASE
    /usr/bin/python3 python/make_bloom_vectors.py

Writes test/vectors/bloom.json (inputs, SQL, and the exact bytes and results the
extension produced), sql/format_vectors_bloom.sql (the same vectors, so the
regression suite fails if the extension's output drifts) and
expected/format_vectors_bloom.out (that file run through psql as pg_regress runs it).

The vectors are the contract in doc/FORMAT.md section 4: regenerate them only
together with a format version or hash id change, never to make a failing test
pass. Needs only psql; does not use python/probabilistic/probabilistic_format.py (the crafted
invalid values are edits of the server's bytes, made here with struct).

Format version 2 (section 2.5): a filter built from values records their kind,
and bloom has no way to add a hash as a hash. The vectors pinned before kinds
keep their version 1 bytes: a vector built from values of one type pins the
bytes of its value with the kind cleared (version 1, bytes 6-7 zero:
"kind_cleared"), and the server must record the kind section 2.5's table gives
("kind"); a vector of values of mixed types clears the kind after its first add
("kind_free": a version 1 filter holding a value, as 0.4.0 stored it), after
which values of any type are added by their own rule and the bytes are exact.
The vectors new with version 2 pin the bytes as the server writes them.
"""

import hashlib
import json
import math
import os
import re
import struct

import make_hll_vectors
from make_hll_vectors import (ANSWER_OF, CREATE_ENUM, DROP_ENUM, ENUM_TYPE, KIND_ENUM, KIND_MIXED, KIND_NONE, ROOT,
                              answers, answers_section, check_pinned, check_refused, clear_kind_bytes, clear_kind_sql,
                              input_kind, kind_of_bytes, literal, psql, quote, refused_section, series, typed, values,
                              values_source)

VECTORS = os.path.join(ROOT, "test", "vectors", "bloom.json")
REGRESS_SQL = os.path.join(ROOT, "sql", "format_vectors_bloom.sql")
REGRESS_OUT = os.path.join(ROOT, "expected", "format_vectors_bloom.out")

# Values longer than this are stored in the JSON as their SHA-256 only ...
MAX_HEX_BYTES = 20000
# ... and compared inline in the regression test only up to this size.
MAX_INLINE_BYTES = 400
# Probing a series vector goes this far past its last value (absent values).
PROBE_ABSENT = 3000


def fpr_sql(fpr):
    return repr(fpr)


def value_exprs(inp):
    """(SQL type, SQL expression) per input value, for nested bloom_add calls."""
    if "series" in inp:
        first, last = inp["series"]
        return [(inp["type"], "%d::%s" % (i, inp["type"])) for i in range(first, last + 1)]
    pairs = inp.get("typed_values") or [[inp["type"], t] for t in inp["values"]]
    return [(t, literal(t, text)) for t, text in pairs]


def empty_sql(capacity, fpr, scalable, seed, layout=None):
    """bloom_empty with the scalable flag, or with a layout name (the blocked layout, section 4.13)."""
    third = quote(layout) if layout else "true" if scalable else "false"
    return "bloom_empty(%d, %s, %s, %d)" % (capacity, fpr_sql(fpr), third, seed)


def add_sql(capacity, fpr, scalable, seed, inp, layout=None, kind_free=False):
    """bloom_add from bloom_empty, one value at a time, in order: a recursive CTE
    over a series, or nested calls for a list of values (of mixed types too).
    kind_free: the kind is cleared after the first add (section 2.5: the filter
    then holds a value and no kind, and every later value keeps it so)."""
    empty = empty_sql(capacity, fpr, scalable, seed, layout)

    def first(expr):
        return clear_kind_sql(expr, "bloom") if kind_free else expr
    if "series" not in inp:
        expr = empty
        for i, (_, value) in enumerate(value_exprs(inp)):
            expr = "bloom_add(%s, %s)" % (expr, value)
            if i == 0:
                expr = first(expr)
        return expr
    start, last = inp["series"]
    count = last - start + 1
    step = "bloom_add(b, (i + %d)::%s)" % (start, inp["type"])
    if kind_free:
        step = "CASE WHEN i = 0 THEN %s ELSE %s END" % (first(step), step)
    return ("(WITH RECURSIVE r(i, b) AS (SELECT 0, %s UNION ALL SELECT i + 1, %s FROM r WHERE i < %d) "
            "SELECT b FROM r WHERE i = %d)" % (empty, step, count, count))


def agg_source(inp):
    """(x expression, FROM clause) of an aggregate over the input."""
    if "series" in inp:
        first, last = inp["series"]
        return "x::%s" % inp["type"], "generate_series(%d, %d) x" % (first, last)
    return "x", values_source(inp)


def build_sql(v):
    build, inp = v["build"], v["input"]
    layout = v.get("layout_argument")
    if build == "empty":
        return empty_sql(v["capacity"], v["fpr"], v["scalable"], v["seed"], layout)
    if build == "add":
        return add_sql(v["capacity"], v["fpr"], v["scalable"], v["seed"], inp, layout, v.get("kind_free", False))
    x, source = agg_source(inp)
    if build == "agg":
        extra = ", %s" % quote(layout) if layout else ""
        return "(SELECT bloom_agg(%s, %d, %s%s) FROM %s)" % (x, v["capacity"], fpr_sql(v["fpr"]), extra, source)
    assert build == "agg_distinct"
    args = x if v.get("fpr_argument") is None else "%s, %s" % (x, fpr_sql(v["fpr_argument"]))
    return "(SELECT bloom_agg(%s) FROM %s)" % (args, source)


def agg(capacity, fpr, inp):
    return {"build": "agg", "capacity": capacity, "fpr": fpr, "scalable": False, "seed": 0, "input": inp}


def blocked(spec):
    """The same vector in the blocked layout: bloom_empty(..., 'blocked', seed), bloom_agg(..., 'blocked')."""
    return dict(spec, layout_argument="blocked")


def agg_distinct(inp, fpr=None):
    """bloom_agg(x) or bloom_agg(x, fpr): capacity and fpr are read back from the result."""
    return {"build": "agg_distinct", "fpr_argument": fpr, "scalable": False, "seed": 0, "input": inp}


def add(capacity, fpr, scalable, seed, inp):
    return {"build": "add", "capacity": capacity, "fpr": fpr, "scalable": scalable, "seed": seed, "input": inp}


def empty(capacity, fpr, scalable=False, seed=0):
    return {"build": "empty", "capacity": capacity, "fpr": fpr, "scalable": scalable, "seed": seed,
            "input": values("bigint", [])}


def kind_free(spec):
    """bloom_add with the kind cleared after the first add: values of several types."""
    return dict(spec, kind_free=True)


def spec_kind(spec):
    """The kind section 2.5 says the server records for a vector."""
    if spec["build"] == "empty" or spec.get("kind_free"):
        return KIND_NONE
    return input_kind(spec["input"])


MIXED = [("bigint", "1"), ("text", "a"), ("numeric", "2.5"), ("double precision", "0.25"),
         ("uuid", "a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11"), ("date", "2024-01-01"), ("bytea", "\\xff"),
         ("timestamptz", "2024-01-01 12:00:00+00"), ("boolean", "true"), ("char(4)", "ab")]

BLOOM_VECTORS = [
    ("empty fixed capacity 1", empty(1, 0.01)),
    ("empty fixed 1000 at 0.01", empty(1000, 0.01)),
    ("empty fixed 10 at 0.5 seed -1", empty(10, 0.5, False, -1)),
    ("empty fixed 5 at 0.9 (k clamped to 1)", empty(5, 0.9)),
    ("empty fixed 50 at 1e-09", empty(50, 1e-09)),
    ("empty scalable 10 at 0.01", empty(10, 0.01, True)),
    ("empty scalable 1000 at 0.001 seed 1311768467294899695", empty(1000, 0.001, True, 1311768467294899695)),
    ("bloom_agg over zero rows", agg(100, 0.01, values("bigint", []))),
    ("bloom_agg(x) over zero rows", agg_distinct(values("bigint", []))),
    ("fixed bloom_agg(x) bigint 1..3", agg_distinct(series("bigint", 1, 3))),
    ("fixed bloom_agg(x, 0.001) text 1..200", agg_distinct(series("text", 1, 200), 0.001)),
    ("fixed bloom_agg(x) bigint 1..1000 with duplicates", agg_distinct(
        values("bigint", [str(i % 700) for i in range(1000)]))),
    ("fixed 100 at 0.01 bigint 1..100", agg(100, 0.01, series("bigint", 1, 100))),
    ("fixed 1000 at 0.001 bigint 1..1000", agg(1000, 0.001, series("bigint", 1, 1000))),
    ("fixed 1000 at 0.05 text 1..500", agg(1000, 0.05, series("text", 1, 500))),
    ("fixed 100 at 0.1 overfilled with bigint 1..2000", agg(100, 0.1, series("bigint", 1, 2000))),
    ("fixed 1 at 0.5 bigint 1..3", agg(1, 0.5, series("bigint", 1, 3))),
    ("fixed 50 at 1e-09 bigint 1..50", agg(50, 1e-09, series("bigint", 1, 50))),
    ("fixed 100000 at 0.01 bigint 1..100000", agg(100000, 0.01, series("bigint", 1, 100000))),
    ("fixed 20 at 0.01 smallint", agg(20, 0.01, values("smallint", ["-32768", "0", "1", "7", "32767"]))),
    ("fixed 20 at 0.01 integer", agg(20, 0.01, values("integer", ["-2147483648", "0", "1", "7", "2147483647"]))),
    ("fixed 20 at 0.01 boolean", agg(20, 0.01, values("boolean", ["true", "false", "true"]))),
    ("fixed 20 at 0.01 real", agg(20, 0.01, values("real", ["0.5", "0.1", "-0", "42", "NaN", "Infinity"]))),
    ("fixed 20 at 0.01 double precision", agg(20, 0.01, values(
        "double precision", ["0.1", "-0", "42", "1.5", "1e+19", "NaN", "-Infinity"]))),
    ("fixed 20 at 0.01 numeric", agg(20, 0.01, values(
        "numeric", ["1.50", "-0.001", "42.000", "9223372036854775808", "NaN", "-Infinity"]))),
    ("fixed 20 at 0.01 text", agg(20, 0.01, values(
        "text", ["", "a", "abc", "abc ", "h\u00e9llo", "\u65e5\u672c\u8a9e"]))),
    ("fixed 20 at 0.01 char(6)", agg(20, 0.01, values("char(6)", ["abc", "  a", ""]))),
    ("fixed 20 at 0.01 bytea", agg(20, 0.01, values("bytea", ["\\x", "\\x00", "\\x616263", "\\xdeadbeef"]))),
    ("fixed 20 at 0.01 uuid", agg(20, 0.01, values("uuid", ["a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11",
                                                           "00000000-0000-0000-0000-000000000000"]))),
    ("fixed 20 at 0.01 date", agg(20, 0.01, values("date", ["2000-01-01", "2024-02-29", "0001-01-01", "infinity"]))),
    ("fixed 20 at 0.01 timestamp", agg(20, 0.01, values(
        "timestamp", ["2000-01-01 00:00:00", "2024-01-01 12:00:00.000001", "-infinity"]))),
    ("fixed 20 at 0.01 timestamptz", agg(20, 0.01, values(
        "timestamptz", ["2024-01-01 12:00:00+00", "2024-01-01 07:00:00-05", "1999-12-31 23:59:59.999999+00"]))),
    ("fixed 20 at 0.01 seed 42 bloom_add mixed types", kind_free(add(20, 0.01, False, 42, typed(MIXED)))),
    ("fixed 300 at 0.02 seed -1 bloom_add bigint 1..300", add(300, 0.02, False, -1, series("bigint", 1, 300))),
    ("scalable 10 at 0.01 bigint 1..5 (one layer)", add(10, 0.01, True, 0, series("bigint", 1, 5))),
    ("scalable 1 at 0.5 bigint 1..20", add(1, 0.5, True, 0, series("bigint", 1, 20))),
    ("scalable 4 at 0.1 bigint 1..40", add(4, 0.1, True, 0, series("bigint", 1, 40))),
    # Layers of a few dozen bits and k = 8..11: repeated clear positions decide layers here.
    ("scalable 2 at 0.01 bigint 1..20", add(2, 0.01, True, 0, series("bigint", 1, 20))),
    ("scalable 100 at 0.01 bigint 1..3000", add(100, 0.01, True, 0, series("bigint", 1, 3000))),
    ("scalable 50 at 0.001 seed -1 text 1..400", add(50, 0.001, True, -1, series("text", 1, 400))),
    ("scalable 8 at 0.05 seed 7 bloom_add mixed types", kind_free(add(8, 0.05, True, 7, typed(MIXED * 2)))),
    ("scalable 3 at 0.2 bigint with duplicates", add(3, 0.2, True, 0, values(
        "bigint", [str(i % 9) for i in range(40)]))),
    # The blocked layout (section 4.13).
    ("empty blocked 1000 at 0.01", blocked(empty(1000, 0.01))),
    ("empty blocked 1 at 0.5 seed -1", blocked(empty(1, 0.5, False, -1))),
    ("blocked 100 at 0.01 bigint 1..100", blocked(agg(100, 0.01, series("bigint", 1, 100)))),
    ("blocked 1000 at 0.001 text 1..1000", blocked(agg(1000, 0.001, series("text", 1, 1000)))),
    ("blocked 200 at 1e-06 seed -1 bloom_add bigint 1..200", blocked(add(200, 1e-06, False, -1,
                                                                         series("bigint", 1, 200)))),
    ("blocked 10 at 0.1 overfilled with bigint 1..500", blocked(agg(10, 0.1, series("bigint", 1, 500)))),
    ("blocked 20 at 0.05 seed 42 bloom_add mixed types", kind_free(blocked(add(20, 0.05, False, 42, typed(MIXED))))),
    ("blocked 20000 at 0.01 bigint 1..20000", blocked(agg(20000, 0.01, series("bigint", 1, 20000)))),
]

UNION_VECTORS = [
    # (name, left, right, the kind section 2.5's union rule gives): names of BLOOM_VECTORS; bloom_union(left, right)
    ("fixed 1000 at 0.001: bigint 1..1000 | empty", "fixed 1000 at 0.001 bigint 1..1000", None, 20),
    ("fixed 20 at 0.01: text | numeric", "fixed 20 at 0.01 text", "fixed 20 at 0.01 numeric", KIND_MIXED),
    ("fixed 20 at 0.01: bytea | uuid", "fixed 20 at 0.01 bytea", "fixed 20 at 0.01 uuid", KIND_MIXED),
    ("scalable 4 at 0.1: 1..40 | 1..40", "scalable 4 at 0.1 bigint 1..40", "scalable 4 at 0.1 bigint 1..40", 20),
    ("scalable 10 at 0.01: one layer | empty", "scalable 10 at 0.01 bigint 1..5 (one layer)",
     "empty scalable 10 at 0.01", 20),
]
# Built here rather than from BLOOM_VECTORS: pairs with different layer counts.
EXTRA_OPERANDS = [
    ("empty fixed 1000 at 0.001", empty(1000, 0.001)),
    ("scalable 4 at 0.1 text 1..10", add(4, 0.1, True, 0, series("text", 1, 10))),
    ("scalable 4 at 0.1 text 1..100", add(4, 0.1, True, 0, series("text", 1, 100))),
    ("fixed 20 at 0.01 text 1..15", agg(20, 0.01, series("text", 1, 15))),
    ("fixed 20 at 0.01 text 10..25", agg(20, 0.01, series("text", 10, 25))),
    ("scalable 10 at 0.01 bigint 3..9 (one layer)", add(10, 0.01, True, 0, series("bigint", 3, 9))),
    ("blocked 100 at 0.01 bigint 50..150", blocked(agg(100, 0.01, series("bigint", 50, 150)))),
]
UNION_VECTORS += [
    ("scalable 4 at 0.1: more layers | fewer", "scalable 4 at 0.1 bigint 1..40", "scalable 4 at 0.1 text 1..10",
     KIND_MIXED),
    ("scalable 4 at 0.1: fewer layers | more", "scalable 4 at 0.1 text 1..10", "scalable 4 at 0.1 bigint 1..40",
     KIND_MIXED),
    ("scalable 4 at 0.1: bigint 1..40 | text 1..100", "scalable 4 at 0.1 bigint 1..40",
     "scalable 4 at 0.1 text 1..100", KIND_MIXED),
    ("fixed 20 at 0.01: text 1..15 | text 10..25", "fixed 20 at 0.01 text 1..15", "fixed 20 at 0.01 text 10..25", 25),
    ("blocked 100 at 0.01: 1..100 | 50..150", "blocked 100 at 0.01 bigint 1..100",
     "blocked 100 at 0.01 bigint 50..150", 20),
]
INTERSECT_VECTORS = [
    # (name, left, right, kind, operands' kinds cleared): bloom_intersect(left, right)
    ("fixed 20 at 0.01: text 1..15 & text 10..25", "fixed 20 at 0.01 text 1..15", "fixed 20 at 0.01 text 10..25",
     25, False),
    # Different kinds are refused (REFUSED below): the operands as 0.4.0 stored them, without kinds.
    ("fixed 20 at 0.01: text & numeric", "fixed 20 at 0.01 text", "fixed 20 at 0.01 numeric", KIND_NONE, True),
    ("scalable 10 at 0.01: one layer & one layer", "scalable 10 at 0.01 bigint 1..5 (one layer)",
     "scalable 10 at 0.01 bigint 3..9 (one layer)", 20, False),
    ("blocked 100 at 0.01: 1..100 & 50..150", "blocked 100 at 0.01 bigint 1..100",
     "blocked 100 at 0.01 bigint 50..150", 20, False),
]

# Format version 2 (section 2.5): filters that record the kind of their values, in
# the three layouts, pinned as the server writes them.
TYPED_VECTORS = [
    ("v2 fixed 50 at 0.01 bigint 1..40", agg(50, 0.01, series("bigint", 1, 40))),
    ("v2 fixed 50 at 0.01 double precision", agg(50, 0.01, values(
        "double precision", ["0.5", "19.99", "-0", "42", "NaN", "1e+300", "-Infinity"]))),
    ("v2 fixed 50 at 0.01 numeric", agg(50, 0.01, values("numeric", ["0.5", "42.000", "-1e20", "NaN"]))),
    ("v2 fixed 50 at 0.01 text", agg(50, 0.01, values("text", ["", "abc", "h\u00e9llo"]))),
    ("v2 fixed 50 at 0.01 date", agg(50, 0.01, values("date", ["2024-01-01", "1999-12-31", "infinity"]))),
    ("v2 fixed 50 at 0.01 timestamp", agg(50, 0.01, values(
        "timestamp", ["2024-01-01 00:00:00", "2024-01-01 12:00:00.5", "-infinity"]))),
    ("v2 fixed 50 at 0.01 enum (kind of its own)", agg(50, 0.01, values(ENUM_TYPE, ["ok", "happy"]))),
    ("v2 fixed 50 at 0.01 integer[]", agg(50, 0.01, values("integer[]", ["{1,2,3}", "{}", "{NULL,4}"]))),
    ("v2 bloom_agg(x) timestamptz", agg_distinct(values(
        "timestamptz", ["2024-01-01 12:00:00+00", "2024-01-01 07:00:00-05", "2000-01-01 00:00:00+00"]))),
    ("v2 bloom_agg(x, 0.05) text[]", agg_distinct(values("text[]", ["{a,b}", "{}", '{"c d"}']), 0.05)),
    ("v2 blocked 100 at 0.01 double precision 1..100", blocked(agg(100, 0.01, series("double precision", 1, 100)))),
    ("v2 blocked 50 at 0.05 text 1..60", blocked(agg(50, 0.05, series("text", 1, 60)))),
    ("v2 blocked 50 at 0.01 enum (kind of its own)", blocked(agg(50, 0.01, values(ENUM_TYPE, ["sad", "happy"])))),
    ("v2 blocked 50 at 0.01 enum zero rows (no kind)", blocked(agg(50, 0.01, values(ENUM_TYPE, [])))),
    ("v2 blocked 30 at 0.01 text zero rows (no kind)", blocked(agg(30, 0.01, values("text", [None])))),
    ("v2 scalable 4 at 0.1 numeric 1..40", add(4, 0.1, True, 0, series("numeric", 1, 40))),
    ("v2 scalable 2 at 0.1 seed 5 text 1..30", add(2, 0.1, True, 5, series("text", 1, 30))),
    ("v2 scalable 4 at 0.1 date", add(4, 0.1, True, 0, values("date", ["2024-01-01", "2024-01-02", "2024-01-03"]))),
    # bloom_add of other types into a filter with a kind: converted as = converts them.
    ("v2 fixed 20 at 0.01 bloom_add double precision, then numeric and integer",
     add(20, 0.01, False, 0, typed([("double precision", "0.5"), ("numeric", "19.99"), ("integer", "3"),
                                    ("numeric", "0.5")]))),
    ("v2 scalable 3 at 0.2 seed -1 bloom_add bigint, then integral double precision and numeric",
     add(3, 0.2, True, -1, typed([("bigint", "1"), ("double precision", "2"), ("numeric", "3.0"),
                                  ("numeric", "1.000"), ("smallint", "4")]))),
    ("v2 blocked 20 at 0.01 bloom_add date, then midnight and infinite timestamps",
     blocked(add(20, 0.01, False, 0, typed([("date", "2024-01-01"), ("timestamp", "2024-01-02 00:00:00"),
                                            ("timestamp", "infinity")])))),
    ("v2 fixed 20 at 0.01 bloom_add timestamp, then dates",
     add(20, 0.01, False, 0, typed([("timestamp", "2024-01-01 00:00:00"), ("date", "2024-01-02"),
                                    ("date", "-infinity")]))),
    # A kind-free filter holding values (cleared after its first add): union operand.
    ("v1 fixed 50 at 0.01 bigint 1..30, kind-free from its first add",
     kind_free(add(50, 0.01, False, 0, series("bigint", 1, 30)))),
    ("v2 fixed 1000 at 0.01 bigint 1", agg(1000, 0.01, values("bigint", ["1"]))),
    ("v2 fixed 1000 at 0.01 bigint 2", agg(1000, 0.01, values("bigint", ["2"]))),
]
TYPED_UNION_VECTORS = [
    ("v2 fixed 50 at 0.01: double precision | numeric", "v2 fixed 50 at 0.01 double precision",
     "v2 fixed 50 at 0.01 numeric", KIND_MIXED),
    ("v2 fixed 50 at 0.01: kind-free | bigint", "v1 fixed 50 at 0.01 bigint 1..30, kind-free from its first add",
     "v2 fixed 50 at 0.01 bigint 1..40", 20),
    ("v2 fixed 50 at 0.01: text | kind-free", "v2 fixed 50 at 0.01 text",
     "v1 fixed 50 at 0.01 bigint 1..30, kind-free from its first add", 25),
    ("v2 blocked 50 at 0.01: enum (kind of its own) | zero rows", "v2 blocked 50 at 0.01 enum (kind of its own)",
     "v2 blocked 50 at 0.01 enum zero rows (no kind)", KIND_ENUM),
    ("v2 scalable 4 at 0.1: numeric | date", "v2 scalable 4 at 0.1 numeric 1..40", "v2 scalable 4 at 0.1 date",
     KIND_MIXED),
]
TYPED_INTERSECT_VECTORS = [
    ("v2 fixed 1000 at 0.01: bigint 1 & bigint 2, no bit left (no kind)", "v2 fixed 1000 at 0.01 bigint 1",
     "v2 fixed 1000 at 0.01 bigint 2", KIND_NONE, False),
    ("v2 fixed 50 at 0.01: bigint & kind-free", "v2 fixed 50 at 0.01 bigint 1..40",
     "v1 fixed 50 at 0.01 bigint 1..30, kind-free from its first add", 20, False),
]
# Refused combinations (section 2.5: containment and intersection need one kind).
REFUSED = [
    ("bloom_intersect of text and numeric", "SELECT bloom_intersect({left}, {right})", "fixed 20 at 0.01 text",
     "fixed 20 at 0.01 numeric", "22023"),
    ("text @> numeric", "SELECT {left} @> {right}", "fixed 20 at 0.01 text", "fixed 20 at 0.01 numeric", "22023"),
    ("double precision <@ numeric", "SELECT {left} <@ {right}", "v2 fixed 50 at 0.01 double precision",
     "v2 fixed 50 at 0.01 numeric", "22023"),
    ("mixed @> double precision", "SELECT bloom_union({left}, {right}) @> {left}",
     "v2 fixed 50 at 0.01 double precision", "v2 fixed 50 at 0.01 numeric", "22023"),
    ("bloom_add of 2.5 to bigint", "SELECT bloom_add({left}, 2.5::float8)", "v2 fixed 50 at 0.01 bigint 1..40",
     None, "42804"),
    ("bloom_add of a non-midnight timestamp to date", "SELECT bloom_add({left}, '2024-01-02 00:00:01'::timestamp)",
     "v2 fixed 50 at 0.01 date", None, "42804"),
]

# Probes of filters with a kind by values of other types (section 2.5): (filter, type, text).
# Whether the value equals one added is PostgreSQL's = (the truth); a refusal is the expected answer.
PROBES = [
    ("v2 fixed 50 at 0.01 double precision", "numeric", "0.5"),
    ("v2 fixed 50 at 0.01 double precision", "numeric", "19.99"),
    ("v2 fixed 50 at 0.01 double precision", "integer", "42"),
    ("v2 fixed 50 at 0.01 double precision", "bigint", "-0"),
    ("v2 fixed 50 at 0.01 double precision", "numeric", "NaN"),
    ("v2 fixed 50 at 0.01 double precision", "numeric", "1e300"),
    ("v2 fixed 50 at 0.01 double precision", "real", "0.5"),
    ("v2 fixed 50 at 0.01 double precision", "real", "19.99"),
    ("v2 fixed 50 at 0.01 double precision", "numeric", "0.25"),
    ("v2 fixed 50 at 0.01 double precision", "numeric", "1e400"),
    ("v2 fixed 50 at 0.01 double precision", "text", "0.5"),
    ("v2 fixed 50 at 0.01 bigint 1..40", "double precision", "7"),
    ("v2 fixed 50 at 0.01 bigint 1..40", "double precision", "7.5"),
    ("v2 fixed 50 at 0.01 bigint 1..40", "numeric", "8.000"),
    ("v2 fixed 50 at 0.01 bigint 1..40", "numeric", "8.5"),
    ("v2 fixed 50 at 0.01 bigint 1..40", "smallint", "9"),
    ("v2 fixed 50 at 0.01 bigint 1..40", "double precision", "9007199254740991"),
    ("v2 fixed 50 at 0.01 bigint 1..40", "double precision", "1e17"),
    ("v2 fixed 50 at 0.01 bigint 1..40", "boolean", "true"),
    ("v2 fixed 50 at 0.01 numeric", "integer", "42"),
    ("v2 fixed 50 at 0.01 numeric", "double precision", "0.5"),
    ("v2 fixed 50 at 0.01 date", "timestamp", "2024-01-01 00:00:00"),
    ("v2 fixed 50 at 0.01 date", "timestamp", "2024-01-01 00:00:01"),
    ("v2 fixed 50 at 0.01 date", "timestamp", "infinity"),
    ("v2 fixed 50 at 0.01 date", "timestamptz", "2024-01-01 00:00:00+00"),
    ("v2 fixed 50 at 0.01 timestamp", "date", "2024-01-01"),
    ("v2 fixed 50 at 0.01 timestamp", "date", "-infinity"),
    ("v2 fixed 50 at 0.01 timestamp", "date", "2024-01-02"),
    ("v2 fixed 50 at 0.01 text", "varchar", "abc"),
    ("v2 fixed 50 at 0.01 text", "char(5)", "abc"),
    ("v2 fixed 50 at 0.01 text", "name", "h\u00e9llo"),
    ("v2 fixed 50 at 0.01 text", "integer", "1"),
    ("v2 fixed 50 at 0.01 enum (kind of its own)", ENUM_TYPE, "ok"),
    ("v2 fixed 50 at 0.01 enum (kind of its own)", "text", "ok"),
    ("v2 fixed 50 at 0.01 integer[]", "bigint[]", "{1,2,3}"),
    ("v2 fixed 50 at 0.01 integer[]", "smallint[]", "{NULL,4}"),
    ("v2 fixed 50 at 0.01 integer[]", "numeric[]", "{1,2,3}"),
    ("v2 fixed 50 at 0.01: double precision | numeric", "double precision", "0.5"),
    ("v2 blocked 50 at 0.05 text 1..60", "varchar", "42"),
    ("v2 scalable 4 at 0.1 numeric 1..40", "integer", "40"),
    ("v2 scalable 4 at 0.1 numeric 1..40", "real", "40"),
]


def layers_of(raw):
    """The layer headers of a valid value: [(offset, m, n, bits_set, k)]."""
    count = struct.unpack_from("<H", raw, 4)[0]
    out, offset = [], 32
    for _ in range(count):
        m, n, x, k, _ = struct.unpack_from("<QQQII", raw, offset)
        out.append((offset, m, n, x, k))
        offset += 32 + (m + 7) // 8
    return out


def fetch(sql):
    """bytes, bloom_info, cardinality and bloom_fpr of the value the SQL expression builds."""
    out = psql("SELECT encode(b::bytea, 'hex'), bloom_info(b), bloom_cardinality(b), bloom_fpr(b) "
               "FROM (SELECT %s AS b) s;" % sql).rstrip("\n")
    hexstr, info, cardinality, fpr = out.split("|")
    return bytes.fromhex(hexstr), json.loads(info), int(cardinality), fpr


def probe_sql(sql, inp):
    """Probes a series 1..n and PROBE_ABSENT values past it: false negatives and the false positives."""
    first, last = inp["series"]
    return ("SELECT count(*) FILTER (WHERE x <= %d AND NOT bloom_contains(b, x::%s)), "
            "string_agg(x::text, ' ' ORDER BY x) FILTER (WHERE x > %d AND bloom_contains(b, x::%s)) "
            "FROM generate_series(%d, %d) x, (SELECT %s AS b) s;"
            % (last, inp["type"], last, inp["type"], first, last + PROBE_ABSENT, sql))


def record(name, sql, kind, cleared, spec=None):
    """A vector: what the server builds with the SQL, whose kind must be `kind` (the truth);
    cleared: its bytes are pinned with the kind cleared (a vector pinned before kinds)."""
    raw, info, cardinality, fpr = fetch(sql)
    assert kind_of_bytes(raw) == kind, "%s: the server records kind %d, section 2.5 says %d" % (
        name, kind_of_bytes(raw), kind)
    assert not cleared or kind != KIND_NONE, name
    raw = clear_kind_bytes(raw) if cleared else raw
    rec = {"name": name}
    if spec is not None:
        rec.update(spec)
        if rec["build"] == "agg_distinct":  # its parameters are an output
            rec["capacity"], rec["fpr"] = info["capacity"], info["fpr"]
    rec.update({
        "sql": sql,
        "kind": kind,
        "kind_cleared": cleared,
        "layout": info["layout"],
        "layers": [{k: l[k] for k in ("bit_count", "hash_count", "capacity", "bits_set")} for l in info["layers"]],
        "bytes": len(raw),
        "sha256": hashlib.sha256(raw).hexdigest(),
        "cardinality": cardinality,
        "estimated_fpr": fpr,
    })
    if len(raw) <= MAX_HEX_BYTES:
        rec["hex"] = raw.hex()
    if spec is not None and "series" in spec["input"]:
        misses, found = psql(probe_sql(sql, spec["input"])).rstrip("\n").split("|")
        assert misses == "0", (name, "false negatives")
        first, last = spec["input"]["series"]
        rec["probe"] = {"type": spec["input"]["type"], "series": [first, last + PROBE_ABSENT],
                        "present_through": last, "false_positives": [int(x) for x in found.split()]}
    return rec, raw


def crafted_vectors(base_fixed, base_scalable, base_blocked):
    """Outside bytes every reader must reject, and edge values it must accept (section 4.6)."""
    def u64(raw, off, v):
        return raw[:off] + struct.pack("<Q", v) + raw[off + 8:]

    def u32(raw, off, v):
        return raw[:off] + struct.pack("<I", v) + raw[off + 4:]

    def u16(raw, off, v):
        return raw[:off] + struct.pack("<H", v) + raw[off + 2:]

    def byte(raw, off, v):
        return raw[:off] + bytes([v]) + raw[off + 1:]

    def fpr(raw, v):
        return raw[:24] + struct.pack("<d", v) + raw[32:]

    f = base_fixed
    (_, m, n, x, k), = layers_of(f)
    assert m % 8 and x > 0, "the fixed base needs pad bits and some bits set"
    last_bit = 1 << (m % 8)
    s = base_scalable
    assert len(layers_of(s)) == 2
    (o0, m0, n0, x0, k0), (o1, m1, n1, _, _) = layers_of(s)
    bits0 = bytearray(s[o0 + 32:o0 + 32 + (m0 + 7) // 8])

    def clear_bits(count):
        """base_scalable with `count` set bits of layer 0 cleared (and its count kept true)."""
        b = bytearray(bits0)
        cleared = 0
        for j in range(m0):
            if cleared == count:
                break
            if b[j >> 3] >> (j & 7) & 1:
                b[j >> 3] &= ~(1 << (j & 7))
                cleared += 1
        raw = s[:o0 + 32] + bytes(b) + s[o0 + 32 + len(b):]
        return u64(raw, o0 + 16, x0 - count)

    # Layer 1 of base_scalable was added for a value whose clear positions in layer 0
    # (at most k0) would have taken it past its fill limit, so limit0 - k0 < x0 <= limit0;
    # one bit of slack is allowed below that (x0 = limit0 - k0), not two.
    p0 = math.ldexp(struct.unpack_from("<d", s, 24)[0], -1)
    limit0 = math.ceil(min(-m0 * math.expm1(-k0 * n0 / m0), m0 * math.pow(p0, 1.0 / k0)))
    assert limit0 - k0 < x0 <= limit0 and limit0 - k0 - 1 > 0, (x0, limit0, k0)

    def fill_last_layer():
        b = bytearray(b"\xff" * ((m1 + 7) // 8))
        if m1 % 8:
            b[-1] = (1 << (m1 % 8)) - 1
        return u64(s[:o1 + 32], o1 + 16, m1) + bytes(b)

    def resize_layer(raw, new_m):
        """The fixed base with m changed to new_m, its bits cut or zero-extended."""
        nbytes = (new_m + 7) // 8
        b = bytearray(raw[64:64 + nbytes].ljust(nbytes, b"\0"))
        if new_m % 8:
            b[-1] &= (1 << (new_m % 8)) - 1
        pop = sum(bin(c).count("1") for c in b)
        return u64(u64(raw[:64], 32, new_m), 48, pop) + bytes(b)

    invalid = [
        ("shorter than the header", f[:31]),
        ("header only", f[:32]),
        ("type tag not B", byte(f, 0, 0x43)),
        ("type tag H (an hll value)", byte(f, 0, 0x48)),
        ("format version 0", byte(f, 1, 0)),
        ("format version 2 with kind 0", byte(f, 1, 2)),
        ("format version 3", byte(f, 1, 3)),
        ("format version 3 with a kind", u16(byte(f, 1, 3), 6, 20)),
        ("format version 2, no bit set, kind 20", u16(byte(u64(f[:64], 48, 0) + bytes(len(f) - 64), 1, 2), 6, 20)),
        ("format version 1 with a kind (20) at bytes 6-7", u16(f, 6, 20)),
        ("hash id 3", byte(f, 2, 3)),
        ("hash id 0", byte(f, 2, 0)),
        ("layout 0", byte(f, 3, 0)),
        ("layout 3", byte(f, 3, 3)),
        ("fixed with layer count 2", u16(f, 4, 2) + f[32:]),
        ("fixed with layer count 0", u16(f, 4, 0)),
        ("scalable with layer count 0", u16(s, 4, 0)),
        ("scalable with layer count 65", u16(s, 4, 65)),
        ("format version 1, byte 6 set", byte(f, 6, 1)),
        ("format version 1, byte 7 set", byte(f, 7, 0x80)),
        ("capacity 0", u64(f, 16, 0)),
        ("capacity 2^63", u64(f, 16, 1 << 63)),
        ("fpr 0", fpr(f, 0.0)),
        ("fpr -0", fpr(f, -0.0)),
        ("fpr 1", fpr(f, 1.0)),
        ("fpr -0.5", fpr(f, -0.5)),
        ("fpr NaN", fpr(f, float("nan"))),
        ("fpr +Infinity", fpr(f, float("inf"))),
        ("fpr changed (layer no longer matches)", fpr(f, 0.2)),
        ("ends inside the layer header", f[:63]),
        ("bit array one byte short", f[:-1]),
        ("a byte after the last layer", f + b"\0"),
        ("scalable: a byte after the last layer", s + b"\0"),
        ("scalable: header claims 3 layers, 2 present", u16(s, 4, 3)),
        ("scalable: header claims 1 layer, 2 present", u16(s, 4, 1)),
        ("bit count 0", u64(f[:64], 32, 0)),
        ("hash count 0", u32(f, 56, 0)),
        ("layer reserved bytes set", u32(f, 60, 1)),
        ("bits set above the bit count", u64(f, 48, m + 1)),
        ("bits set not the population (one more)", u64(f, 48, x + 1)),
        ("bits set not the population (one less)", u64(f, 48, x - 1)),
        ("pad bit set", f[:-1] + bytes([f[-1] | last_bit])),
        ("pad bit set, count adjusted", u64(f[:-1] + bytes([f[-1] | last_bit]), 48, x + 1)),
        ("layer capacity not the filter's", u64(f, 40, n + 1)),
        ("filter capacity changed (layer no longer matches)", u64(f, 16, n * 2)),
        ("bit count 2 above the sizing", resize_layer(f, m + 2)),
        ("bit count 2 below the sizing", resize_layer(f, m - 2)),
        ("hash count 2 above the sizing", u32(f, 56, k + 2)),
        ("hash count 2 below the sizing", u32(f, 56, k - 2) if k > 2 else u32(f, 56, 0)),
        ("a scalable first layer (sized for fpr/2) under a fixed header", u16(byte(s, 3, 1), 4, 1)[:o1]),
        ("scalable: second layer capacity not doubled", u64(s, o1 + 8, n1 + 1)),
        ("scalable: first layer empty, yet a second exists", clear_bits(x0)),
        ("scalable: first layer hash count + 1 bits below its fill limit", clear_bits(x0 - (limit0 - k0 - 1))),
    ]
    accepted = [
        ("bit count 1 above the sizing", resize_layer(f, m + 1)),
        ("bit count 1 below the sizing", resize_layer(f, m - 1)),
        ("hash count 1 above the sizing", u32(f, 56, k + 1)),
        ("hash count 1 below the sizing", u32(f, 56, k - 1)),
        ("scalable: first layer hash count bits below its fill limit", clear_bits(x0 - (limit0 - k0))),
        ("scalable: first layer at the least fill an add closes it with",
         clear_bits(x0 - (limit0 - k0 + 1))),
        ("scalable: last layer with every bit set", fill_last_layer()),
        ("seed any u64", u64(f, 8, (1 << 64) - 1)),
        ("format version 2, kind 1", u16(byte(f, 1, 2), 6, 1)),
        ("format version 2, kind 9999", u16(byte(f, 1, 2), 6, 9999)),
        ("format version 2, kind 10000", u16(byte(f, 1, 2), 6, 10000)),
        ("format version 2, kind 65533", u16(byte(f, 1, 2), 6, 65533)),
        ("format version 2, kind 65534", u16(byte(f, 1, 2), 6, 65534)),
        ("format version 2, kind 65535", u16(byte(f, 1, 2), 6, 65535)),
        ("scalable: format version 2, kind 25", u16(byte(s, 1, 2), 6, 25)),
    ]
    if k - 1 < 1:
        accepted = [a for a in accepted if a[0] != "hash count 1 below the sizing"]
    # The blocked layout (section 4.13): whole 512-bit blocks, one block of
    # slack in their number, k within 1, no bit past a block's k segments.
    bl = base_blocked
    (_, mb, _, xb, kb), = layers_of(bl)
    used = kb * (512 // kb)
    assert used < 512 and xb > 0, "the blocked base needs pad bits in its blocks"

    def resize_blocks(raw, blocks):
        nbytes = blocks * 64
        b = raw[64:64 + nbytes].ljust(nbytes, b"\0")
        pop = sum(bin(c).count("1") for c in b)
        return u64(u64(raw[:64], 32, blocks * 512), 48, pop) + b

    pad = 64 + (used // 512) * 64 + used // 8  # the byte of block 0 that holds bit `used`
    invalid += [
        ("blocked: two layers", u16(bl, 4, 2)),
        ("blocked: bit count not whole blocks", u64(u64(bl[:-1], 32, mb - 8), 48, xb - bin(bl[-1]).count("1"))),
        ("blocked: 2 blocks above the sizing", resize_blocks(bl, mb // 512 + 2)),
        ("blocked: hash count 2 above the sizing", u32(bl, 56, kb + 2)),
        ("blocked: hash count 33", u32(bl, 56, 33)),
        ("blocked: a pad bit of block 0 set, count adjusted",
         u64(byte(bl, pad, bl[pad] | (1 << (used % 8))), 48, xb + 1) if not bl[pad] >> (used % 8) & 1 else bl[:1]),
        ("blocked: bits set not the population", u64(bl, 48, xb + 1)),
        ("blocked: a fixed filter's layer under a blocked header", byte(f, 3, 3)),
    ]
    accepted += [
        ("blocked: 1 block above the sizing", resize_blocks(bl, mb // 512 + 1)),
        ("blocked: format version 2, kind 20", u16(byte(bl, 1, 2), 6, 20)),
        ("blocked: hash count 1 above the sizing", u32(bl, 56, kb + 1)),
    ]
    return invalid, accepted


def check_crafted(invalid, accepted):
    def verdicts(items):
        sql = ("CREATE FUNCTION pg_temp.accepted(b bytea) RETURNS boolean LANGUAGE plpgsql AS $$\n"
               "BEGIN PERFORM b::bloom; RETURN true; EXCEPTION WHEN invalid_binary_representation "
               "THEN RETURN false; END $$;\n"
               + "".join("SELECT pg_temp.accepted('\\x%s');\n" % raw.hex() for _, raw in items))
        return psql(sql).split()
    for (name, _), v in zip(invalid, verdicts(invalid)):
        assert v == "f", "the server accepts invalid vector %r" % name
    for (name, _), v in zip(accepted, verdicts(accepted)):
        assert v == "t", "the server rejects valid vector %r" % name


def bloom_vectors():
    filters, raws = {}, {}
    for name, spec in BLOOM_VECTORS + EXTRA_OPERANDS + TYPED_VECTORS:
        kind = spec_kind(spec)
        pinned_before_kinds = not name.startswith(("v1 ", "v2 "))
        rec, raw = record(name, build_sql(spec), kind, pinned_before_kinds and kind != KIND_NONE, spec)
        filters[name], raws[name] = rec, raw
    for name, rec in filters.items():
        if name.startswith("empty") or "zero rows" in name:
            assert all(l["bits_set"] == 0 for l in rec["layers"]), name
        if name.startswith("scalable") and "one layer" not in name:
            assert len(rec["layers"]) >= 2, (name, rec["layers"])

    def combine(fn, vectors):
        out = []
        for name, left, right, kind, *operands_cleared in vectors:
            right = right or "empty fixed 1000 at 0.001"
            sqls = [filters[left]["sql"], filters[right]["sql"]]
            if operands_cleared and operands_cleared[0]:
                sqls = [clear_kind_sql(x, "bloom") for x in sqls]
            pinned_before_kinds = not name.startswith("v2 ")
            rec, _ = record(name, "%s(%s, %s)" % (fn, sqls[0], sqls[1]), kind,
                            pinned_before_kinds and kind != KIND_NONE)
            rec.update({"left": left, "right": right, "operands_kind_cleared": bool(operands_cleared and
                                                                                  operands_cleared[0])})
            out.append(rec)
        return out
    unions = combine("bloom_union", UNION_VECTORS + TYPED_UNION_VECTORS)
    intersections = combine("bloom_intersect", INTERSECT_VECTORS + TYPED_INTERSECT_VECTORS)
    assert all(l["bits_set"] == 0 for l in intersections[-2]["layers"]), "the disjoint intersection has bits"
    every = dict(filters, **{r["name"]: r for r in unions})
    refused = [{"name": name, "left": left, "right": right, "sqlstate": sqlstate, "template": query,
                "query": query.format(left=every[left]["sql"], right=every[right]["sql"] if right else "")}
               for name, query, left, right, sqlstate in REFUSED]
    check_refused(refused)
    probes = probe_vectors(every)
    invalid, accepted = crafted_vectors(raws["fixed bloom_agg(x) bigint 1..3"], raws["scalable 4 at 0.1 text 1..10"],
                                        raws["blocked 100 at 0.01 bigint 1..100"])
    check_crafted(invalid, accepted)
    main = [filters[name] for name, _ in BLOOM_VECTORS + TYPED_VECTORS]
    operands = [filters[name] for name, _ in EXTRA_OPERANDS]
    return (main, operands, unions, intersections, refused, probes,
            [{"name": n, "hex": r.hex()} for n, r in invalid], [{"name": n, "hex": r.hex()} for n, r in accepted])


def equal_to_added(inp, probe):
    """The truth: whether PostgreSQL's = finds the probe among the values added (None
    when there is no = between their types)."""
    if "series" in inp:
        first, last = inp["series"]
        source = "generate_series(%d, %d) i, LATERAL (SELECT i::%s AS x) v" % (first, last, inp["type"])
    elif "values" in inp:
        source = values_source(inp)
    else:
        source = "(VALUES %s) v(x)" % ", ".join("(%s)" % literal(t, text) for t, text in inp["typed_values"])
    try:
        return psql("SELECT EXISTS (SELECT 1 FROM %s WHERE x = %s);" % (source, probe)).strip() == "t"
    except RuntimeError:
        return None


def probe_vectors(every):
    """bloom_contains of each PROBES value: the server's answer (t, f or a SQLSTATE), which
    must be t where = finds the value among those added (no false negative)."""
    rows = []
    for name, sql_type, text in PROBES:
        rows.append({"filter": name, "type": sql_type, "text": text,
                     "query": "SELECT bloom_contains(%s, %s)" % (every[name]["sql"], literal(sql_type, text))})
    for row, got in zip(rows, answers([r["query"] for r in rows])):
        rec = every[row["filter"]]
        parts = [every[rec["left"]], every[rec["right"]]] if "left" in rec else [rec]
        truth = [equal_to_added(part["input"], literal(row["type"], row["text"])) for part in parts]
        row["equal_to_added"] = None if None in truth else any(truth)
        row["answer"] = got
        assert got != "f" or not row["equal_to_added"], "a false negative: %r" % row
    return rows


# ---------------------------------------------------------------- the regression test

def expected_sql(rec):
    if rec["bytes"] <= MAX_INLINE_BYTES:
        return "'\\x%s'::bytea" % rec["hex"]
    return "'\\x%s'::bytea" % rec["sha256"]


def regression_sql(main, operands, unions, intersections, refused, probes, invalid, accepted):
    parts = ["""-- The bloom binary format as a contract (doc/FORMAT.md section 4): the
-- extension must keep producing exactly these bytes, estimates and membership
-- answers, so the format cannot drift silently. Generated with
-- test/vectors/bloom.json by python/make_bloom_vectors.py; the same vectors are
-- checked against an independent implementation in python/.
-- A changed byte here needs a new format version or hash id, not a new file.
-- Format version 2 (section 2.5): a filter built from values records their
-- kind. The vectors pinned before kinds are pinned with it cleared (cleared: t;
-- pg_temp.without_kind) and their kind is checked on its own; a kind-free
-- filter is a version 1 value holding values (its kind cleared after the first
-- add, as 0.4.0 stored filters); the "v2" vectors pin the bytes as written.

-- Text vectors are UTF-8 (section 2.1 hashes text in the database encoding).
SET client_encoding = 'UTF8';
-- An enum: a type outside the built-in catalog (a kind of its own); dropped at the end.
%s
-- pg_temp.answer_of(query): its one value as text, or the SQLSTATE of its error.
%s
-- The kind a header records (bytes 6-7 of a version 2 value), and the value
-- with its kind cleared (version 1, bytes 6-7 zero).
CREATE FUNCTION pg_temp.kind_of(b bytea) RETURNS integer LANGUAGE sql IMMUTABLE AS
$$ SELECT CASE get_byte(b, 1) WHEN 1 THEN 0 ELSE get_byte(b, 6) + 256 * get_byte(b, 7) END $$;
CREATE FUNCTION pg_temp.without_kind(b bytea) RETURNS bytea LANGUAGE sql IMMUTABLE AS
$$ SELECT set_byte(set_byte(set_byte(b, 1, 1), 6, 0), 7, 0) $$;
""" % (CREATE_ENUM, ANSWER_OF)]

    def check(title, rows):
        lines = ["-- " + line for line in title]
        lines.append("SELECT n, vector, cleared,")
        lines.append("       CASE WHEN octet_length(x) <= %d THEN x ELSE sha256(x) END = expected AS same_bytes,"
                     % MAX_INLINE_BYTES)
        lines.append("       pg_temp.kind_of(b::bytea) = kind AS same_kind,")
        lines.append("       bloom_cardinality(b) = cardinality AS same_cardinality,")
        lines.append("       abs(bloom_fpr(b) - fpr) <= 1e-12 * fpr AS same_fpr")
        lines.append("FROM (VALUES")
        lines.append(",\n".join("  (%d, %s,\n   %s,\n   %s, %s, %d, %d, %s::float8)"
                                % (i, quote(r["name"]), r["sql"], expected_sql(r),
                                   "true" if r["kind_cleared"] else "false", r["kind"], r["cardinality"],
                                   quote(r["estimated_fpr"]))
                                for i, r in enumerate(rows, 1)))
        lines.append(") v(n, vector, b, expected, cleared, kind, cardinality, fpr),")
        lines.append("LATERAL (SELECT CASE WHEN cleared THEN pg_temp.without_kind(b::bytea) ELSE b::bytea END AS x) c")
        lines.append("ORDER BY n;")
        parts.append("\n".join(lines) + "\n")

    check(["bloom values: fixed and scalable layouts, empty and filled, several rates,",
           "capacities, seeds and SQL types (sections 4.2 - 4.7). Values over %d bytes" % MAX_INLINE_BYTES,
           "are compared by their SHA-256; bloom_fpr within 1e-12 (it depends on libm's",
           "last bits, section 4.9); the kind of section 2.5's table."], main + operands)
    check(["bloom_union (section 4.8): OR layer by layer, the longer list of layers kept;",
           "kinds joined (section 2.5)."], unions)
    check(["bloom_intersect (section 4.8): AND, for filters of one layer; the kind that",
           "is not 0, none when no bit is left (section 2.5)."], intersections)
    parts.append(refused_section(refused, [
        "Refused (section 2.5): containment and intersection of filters of different kinds."]))
    parts.append(answers_section(
        [("%s: %s %s" % (r["filter"], r["type"], r["text"]), r["query"], r["answer"]) for r in probes],
        ["Probes by values of other types (section 2.5): converted as = converts them",
         "(found where = finds the value among those added), or refused with a SQLSTATE."]))

    probed = [r for r in main if "probe" in r]
    selects = []
    for i, r in enumerate(probed, 1):
        p = r["probe"]
        (first, last), t, present = p["series"], p["type"], p["present_through"]
        fp_md5 = hashlib.md5(" ".join(map(str, p["false_positives"])).encode()).hexdigest()
        selects.append(
            "SELECT %d AS n, %s AS vector,\n"
            "       count(*) FILTER (WHERE x <= %d AND NOT b @> x::%s) = 0 AS no_false_negatives,\n"
            "       md5(coalesce(string_agg(x::text, ' ' ORDER BY x) FILTER (WHERE x > %d AND b @> x::%s), ''))\n"
            "         = '%s' AS same_false_positives\n"
            "FROM (SELECT %s AS b) s, generate_series(%d, %d) x"
            % (i, quote(r["name"]), present, t, present, t, fp_md5, r["sql"], first, last))
    parts.append("-- Membership (section 4.5): every added value is found, and exactly these\n"
                 "-- absent values are false positives (compared by the MD5 of their list).\n"
                 + "\nUNION ALL\n".join(selects) + "\nORDER BY n;\n")

    lines = ["-- Outside bytes every reader must reject (section 4.6), with SQLSTATE 22P03,",
             "-- and edge values it must accept.",
             "CREATE FUNCTION pg_temp.accepted(b bytea) RETURNS boolean LANGUAGE plpgsql AS $$",
             "BEGIN",
             "    PERFORM b::bloom;",
             "    RETURN true;",
             "EXCEPTION WHEN invalid_binary_representation THEN",
             "    RETURN false;",
             "END $$;",
             "SELECT n, vector, NOT pg_temp.accepted(b) AS rejected",
             "FROM (VALUES"]
    lines.append(",\n".join("  (%d, %s, '\\x%s'::bytea)" % (i, quote("invalid: " + r["name"]), r["hex"])
                            for i, r in enumerate(invalid, 1)))
    lines.append(") v(n, vector, b)\nORDER BY n;")
    parts.append("\n".join(lines) + "\n")
    lines = ["SELECT n, vector, pg_temp.accepted(b) AS accepted", "FROM (VALUES"]
    lines.append(",\n".join("  (%d, %s, '\\x%s'::bytea)" % (i, quote("valid: " + r["name"]), r["hex"])
                            for i, r in enumerate(accepted, 1)))
    lines.append(") v(n, vector, b)\nORDER BY n;")
    parts.append("\n".join(lines) + "\n")
    parts.append(DROP_ENUM + "\n")
    return "\n".join(p for p in parts if p)


def main():
    psql("CREATE EXTENSION IF NOT EXISTS probabilistic;")
    version = psql("SELECT current_setting('server_version_num');").strip()
    ext = psql("SELECT extversion FROM pg_extension WHERE extname = 'probabilistic';").strip()
    psql("DROP TYPE IF EXISTS %s CASCADE;\n%s" % (ENUM_TYPE, CREATE_ENUM))
    try:
        main_, operands, unions, intersections, refused, probes, invalid, accepted = bloom_vectors()
    finally:
        psql(DROP_ENUM)
    doc = {
        "description": "probabilistic bloom test vectors (doc/FORMAT.md section 4): inputs, the SQL that "
                       "built them and the exact results of the extension. Regenerate with "
                       "python/make_bloom_vectors.py.",
        "fields": {
            "build": "empty: bloom_empty(capacity, fpr, scalable, seed); agg: bloom_agg(x, capacity, fpr) "
                     "(seed 0); agg_distinct: bloom_agg(x) or bloom_agg(x, fpr_argument), whose capacity and "
                     "fpr are recorded from the result; add: bloom_add of each input value in order, starting "
                     "from bloom_empty(capacity, fpr, scalable, seed)",
            "input": "series [first, last] of a type, values (PostgreSQL text forms) of one type, or "
                     "typed_values [type, text] pairs",
            "layers": "per layer: bit_count m, hash_count k, capacity, bits_set",
            "hex": "the whole value (absent over 20000 bytes: use sha256)",
            "estimated_fpr": "bloom_fpr as PostgreSQL prints it (shortest exact text)",
            "probe": "bloom_contains over the series: values up to present_through were added; "
                     "false_positives lists the absent values that are found",
            "operands": "filters used only as union and intersect inputs",
            "invalid": "bytes every reader must reject (section 4.6)",
            "accepted": "edge bytes every reader must accept (section 4.6's tolerances)",
            "kind": "the kind the value records (section 2.5): that of its values' SQL type, none when it holds "
                    "no value or was built kind_free",
            "kind_cleared": "hex and sha256 are those of the value with its kind cleared (version 1, bytes 6-7 "
                            "zero): vectors pinned before kinds",
            "kind_free": "add: the kind is cleared after the first add (a version 1 filter holding a value, as "
                         "0.4.0 stored it); later values of any type are added by their own rule",
            "operands_kind_cleared": "the operands' kinds are cleared before combining",
            "refused": "queries the server refuses, with their SQLSTATE (section 2.5)",
            "probes": "bloom_contains of a value of another type: answer t, f or the SQLSTATE; equal_to_added: "
                      "whether PostgreSQL's = finds it among the values added (the truth)",
        },
        "extension_version": ext,
        "server_version_num": int(version),
        "bloom": main_,
        "operands": operands,
        "union": unions,
        "intersect": intersections,
        "refused": refused,
        "probes": probes,
        "invalid": invalid,
        "accepted": accepted,
        "enum": {"type": ENUM_TYPE, "labels": make_hll_vectors.ENUM_LABELS},
    }
    check_pinned(VECTORS, doc, ["bloom", "operands", "union", "intersect"])
    os.makedirs(os.path.dirname(VECTORS), exist_ok=True)
    text = json.dumps(doc, indent=1, ensure_ascii=False)
    # Lists of numbers (false positives) on one line each.
    text = re.sub(r"\[\n\s*(-?\d+(?:,\n\s*-?\d+)*)\n\s*\]",
                  lambda mo: "[" + re.sub(r",\n\s*", ", ", mo.group(1)) + "]", text)
    with open(VECTORS, "w") as f:
        f.write(text + "\n")
    make_hll_vectors.write_regression(regression_sql(main_, operands, unions, intersections, refused, probes,
                                                     invalid, accepted),
                                  REGRESS_SQL, REGRESS_OUT, "format_vectors_bloom_gen")
    print("wrote %s, %s, %s" % (VECTORS, REGRESS_SQL, REGRESS_OUT))


if __name__ == "__main__":
    main()
