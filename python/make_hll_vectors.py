#!/usr/bin/env python3
"""Regenerates the format test vectors from a running server with the extension.

    . test/cluster.sh && start_cluster     # or any server: PGHOST, PGPORT, PGUSER, PGDATABASE
    /usr/bin/python3 python/make_hll_vectors.py

Writes test/vectors/hll.json (inputs, SQL, and the exact bytes and results the
extension produced), sql/format_vectors.sql (the same vectors inline, so the
regression suite fails if the extension's output drifts) and
expected/format_vectors.out (that file run through psql as pg_regress runs it).

The vectors are the contract in doc/FORMAT.md: regenerate them only together
with a format version or hash id change, never to make a failing test pass.
A vector already in the file keeps its bytes (main() refuses to write a change).
Needs only psql; does not use python/probabilistic/probabilistic_format.py.

Format version 2 (section 2.5) records the kind of the values a sketch holds.
The vectors pinned before it ("build": "hashes") are built from sketch_hash
values with hll_add_hash_agg and hll_add_hash, which record no kind, so the
server still produces their version 1 bytes; the "typed" vectors are built
from values by hll_add_agg and hll_add, whose kind SPEC_KINDS (section 2.5's
table) says in advance and the server must record.
"""

import hashlib
import json
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
VECTORS = os.path.join(ROOT, "test", "vectors", "hll.json")
REGRESS_SQL = os.path.join(ROOT, "sql", "format_vectors.sql")
REGRESS_OUT = os.path.join(ROOT, "expected", "format_vectors.out")

# Values longer than this are stored in the JSON as their SHA-256 only ...
MAX_HEX_BYTES = 20000
# ... and written inline in the regression test only up to this size.
MAX_INLINE_BYTES = 400


def psql(sql, database=None):
    env = dict(os.environ, PGCLIENTENCODING="UTF8")
    if database:
        env["PGDATABASE"] = database
    run = subprocess.run(["psql", "-X", "-At", "-q", "-v", "ON_ERROR_STOP=1", "-f", "-"],
                         input=sql, capture_output=True, text=True, env=env)
    if run.returncode != 0:
        raise RuntimeError("psql failed: %s\n--- SQL ---\n%s" % (run.stderr, sql[:2000]))
    return run.stdout


def quote(text):
    return "'" + text.replace("'", "''") + "'"


def literal(sql_type, text):
    return "NULL::%s" % sql_type if text is None else "%s::%s" % (quote(text), sql_type)


# An enum (a type outside the built-in catalog, section 2.5) created by the
# generators and by their regression tests, which drop it at the end.
ENUM_TYPE = "vector_mood"
ENUM_LABELS = ["sad", "ok", "happy"]
CREATE_ENUM = "CREATE TYPE %s AS ENUM (%s);" % (ENUM_TYPE, ", ".join(quote(l) for l in ENUM_LABELS))
DROP_ENUM = "DROP TYPE %s;" % ENUM_TYPE

# Section 2.5's table for the SQL types of the vectors: the kind a sketch of
# their values records. The truth the server's bytes and the Python
# implementation are checked against, written from the specification.
KIND_NONE, KIND_OTHER, KIND_MIXED = 0, 65534, 65535
# Section 2.5: 10000 + XXH3-64 of (no extension name, a 0 byte, the type's
# name [, "[]"]) mod 55534, computed with xxhash: 00 "vector_mood" and 00 "vector_mood[]".
KIND_ENUM, KIND_ENUM_ARRAY = 17340, 47842
SPEC_KINDS = {
    "smallint": 20, "integer": 20, "bigint": 20, "real": 701, "double precision": 701,
    "numeric": 1700, "text": 25, "varchar": 25, "varchar(40)": 25, "char(4)": 25, "char(6)": 25, "char(10)": 25,
    "name": 25, '"char"': 25,
    "boolean": 16, "bytea": 17, "uuid": 2950, "date": 1082, "timestamp": 1114, "timestamptz": 1184,
    "integer[]": 1016, "bigint[]": 1016, "text[]": 1009, "date[]": 1182, ENUM_TYPE: KIND_ENUM,
    ENUM_TYPE + "[]": KIND_ENUM_ARRAY,
}


def kind_of_bytes(raw):
    """The kind a value's header records (bytes 6-7 of a format version 2 value, section 2.5)."""
    return 0 if raw[1] == 1 else int.from_bytes(raw[6:8], "little")


# ---------------------------------------------------------------- sketch_hash vectors

HASH_VALUES = [
    ("smallint", ["0", "1", "-1", "32767", "-32768"]),
    ("integer", ["0", "42", "2147483647", "-2147483648"]),
    ("bigint", ["0", "1", "-2", "42", "9223372036854775807", "-9223372036854775808"]),
    ("boolean", ["true", "false"]),
    ("real", ["0.5", "0.1", "-0", "42", "16777216", "3.4028235e+38", "1e-45", "NaN", "Infinity", "-Infinity"]),
    ("double precision", ["0.1", "-0", "42", "1.5", "-2.75", "1e+19", "9223372036854775807",
                          "-9223372036854775808", "1e+300", "5e-324", "NaN", "Infinity", "-Infinity"]),
    ("numeric", ["0", "1.50", "-0.001", "0.00001", "42.000", "1.5e3", "123456789.123456789",
                 "9223372036854775807", "9223372036854775808", "-9223372036854775808",
                 "-9223372036854775809", "-1e20", "NaN", "Infinity", "-Infinity"]),
    ("text", ["", "a", "abc", "abc ", "h\u00e9llo w\u00f6rld", "\u65e5\u672c\u8a9e", "x" * 300]),
    ("varchar", ["abc"]),
    ("char(6)", ["abc", "  a", ""]),
    ("bytea", ["\\x", "\\x00", "\\x616263", "\\xdeadbeef"]),
    ("uuid", ["a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11", "00000000-0000-0000-0000-000000000000",
              "ffffffff-ffff-ffff-ffff-ffffffffffff"]),
    ("date", ["2000-01-01", "2000-01-02", "1999-12-31", "2024-02-29", "0001-01-01", "9999-12-31",
              "infinity", "-infinity"]),
    ("timestamp", ["2000-01-01 00:00:00", "2024-01-01 12:00:00.000001", "1970-01-01 00:00:00",
                   "infinity", "-infinity"]),
    ("timestamptz", ["2024-01-01 12:00:00+00", "2024-01-01 07:00:00-05", "1999-12-31 23:59:59.999999+00"]),
    # Hash id 2 (section 2.1): name and "char" as text, arrays element by element.
    ("name", ["", "abc", "h\u00e9llo"]),
    ('"char"', ["x", "\\303", ""]),
    ("integer[]", ["{}", "{1,2,3}", "{1,NULL,3}", "[0:1]={5,6}", "{{1,2},{3,4}}"]),
    ("bigint[]", ["{1,2,3}"]),
    ("text[]", ['{a,"b c",NULL}']),
]
# Every value with seed 0; these also with other seeds (the seed is XXH3's, section 2).
SEEDED_HASH_VALUES = [("bigint", "42"), ("text", "abc"), ("numeric", "1.50"),
                      ("double precision", "1.5"), ("uuid", "a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11"),
                      ("integer[]", "{1,NULL,3}")]
MORE_SEEDS = [1, -1, 1311768467294899695]

# Values of the rules new in hash id 2 with their canonical bytes written out (section 2.1).
ENCODED_VALUES = [
    ("name", "abc", "616263"),
    ('"char"', "x", "78"),
    ('"char"', "\\351", "5c333531"),
    ("integer[]", "{}", "00000000"),
]


def hash_vectors():
    rows = []
    for sql_type, texts in HASH_VALUES:
        for text in texts:
            seeds = [0] + (MORE_SEEDS if (sql_type, text) in SEEDED_HASH_VALUES else [])
            rows.extend({"type": sql_type, "text": text, "seed": seed} for seed in seeds)
    fallback = [{"type": t, "text": text, "encoding": enc, "seed": seed}
                for t, text, enc in ENCODED_VALUES for seed in (0, -1)]
    for row in rows + fallback:
        row["sql"] = "sketch_hash(%s, %d)" % (literal(row["type"], row["text"]), row["seed"])
    out = psql("SET TimeZone = 'UTC';\n" + "".join("SELECT %s;\n" % r["sql"] for r in rows + fallback))
    for row, value in zip(rows + fallback, out.split()):
        row["hash"] = int(value)
    return rows, fallback


# ---------------------------------------------------------------- hll vectors

def series(sql_type, first, last):
    return {"type": sql_type, "series": [first, last]}


def values(sql_type, texts):
    return {"type": sql_type, "values": texts}


def typed(pairs):
    return {"typed_values": [list(p) for p in pairs]}


def input_kind(inp):
    """The kind the first value of an input gives an empty sketch (section 2.5); a hash
    added first ("hash" in typed_values) records none, and a sketch with a value and no
    kind keeps none."""
    if "typed_values" in inp:
        first = inp["typed_values"][0][0]
        return KIND_NONE if first == "hash" else SPEC_KINDS[first]
    has_value = any(t is not None for t in inp.get("values", [])) or (
        "series" in inp and inp["series"][0] <= inp["series"][1])
    return SPEC_KINDS[inp["type"]] if has_value else KIND_NONE


def hashes(values):
    return {"hashes": values}


# Hashes that real data almost never produces: all-zero and all-one bit strings,
# single bits at the precision and sparse-precision boundaries. They reach the
# largest ranks (65 - p, 39), the folding rule's "d + rank" branch and the
# estimator's tau term, which c[q+1] = 0 leaves unused.
EDGE_HASHES = sorted({0, 1, -1, -2, -(1 << 63), 1 << 62, 1 << 40, 1 << 38, (1 << 38) - 1, 1 << 37,
                      1 << 20, 1 << 5, (1 << 44) - 1, 3 << 56} | {k << 58 for k in range(1, 16)})


def distinct_values(inp):
    """The truth for an input of values: how many are distinct under PostgreSQL's = (a
    value equal to an earlier one, across types too, adds nothing), asked of PostgreSQL
    itself; None for hashes, and for values of types without = between them."""
    if "hashes" in inp:
        return None
    if "series" in inp:
        first, last = inp["series"]
        return max(0, last - first + 1)
    if "values" in inp:
        return int(psql("SELECT count(DISTINCT x) FROM %s;" % values_source(inp)))
    pairs = inp["typed_values"]
    if any(t == "hash" for t, _ in pairs):
        return None
    lits = [literal(t, text) for t, text in pairs]
    equal_to_earlier = ["(%s)" % " OR ".join("%s = %s" % (lits[j], lits[i]) for j in range(i)) for i in range(1, len(lits))]
    try:
        out = psql("SELECT %s;" % ", ".join(equal_to_earlier)).strip() if equal_to_earlier else ""
    except RuntimeError:
        return None
    return 1 + sum(1 for v in out.split("|") if v == "f") if pairs else 0


def values_source(inp):
    """A FROM clause whose column x holds the input values, typed (NULLs included)."""
    texts = inp["values"]
    if not texts:
        return "(VALUES (%s)) v(x) WHERE x IS NOT NULL" % literal(inp["type"], None)
    return "(VALUES %s) v(x)" % ", ".join("(%s)" % literal(inp["type"], t) for t in texts)


def build_sql(precision, seed, inp, build="hashes"):
    """The SQL expression that builds the sketch. "hashes": from sketch_hash values (no
    kind): hll_add_hash_agg for seed 0, hll_add_hash for others; "typed": from the values,
    hll_add_agg for seed 0, hll_add from hll_empty in order for others and for mixed types."""
    if "hashes" in inp:
        assert seed == 0 and build == "hashes"
        return "(SELECT hll_add_hash_agg(h, %d) FROM unnest(ARRAY[%s]::bigint[]) h)" % (
            precision, ", ".join(map(str, inp["hashes"])))
    if seed != 0 or "typed_values" in inp:
        pairs = inp.get("typed_values") or [[inp["type"], t] for t in inp["values"]]
        expr = "hll_empty(%d, %d)" % (precision, seed)
        for sql_type, text in pairs:
            if sql_type == "hash":
                expr = "hll_add_hash(%s, %s)" % (expr, text)
            elif build == "typed":
                expr = "hll_add(%s, %s)" % (expr, literal(sql_type, text))
            else:
                expr = "hll_add_hash(%s, sketch_hash(%s, %d))" % (expr, literal(sql_type, text), seed)
        return expr
    if "series" in inp:
        first, last = inp["series"]
        x = "x::%s" % inp["type"] if build == "typed" else "sketch_hash(x::%s)" % inp["type"]
        return "(SELECT hll_add%s_agg(%s, %d) FROM generate_series(%d, %d) x)" % (
            "" if build == "typed" else "_hash", x, precision, first, last)
    if build == "typed":
        return "(SELECT hll_add_agg(x, %d) FROM %s)" % (precision, values_source(inp))
    array = "ARRAY[%s]::%s[]" % (", ".join(quote(t) for t in inp["values"]), inp["type"])
    return "(SELECT hll_add_hash_agg(sketch_hash(x), %d) FROM unnest(%s) x)" % (precision, array)


HLL_VECTORS = [
    # (name, precision, seed, input)
    ("empty p=4", 4, 0, values("bigint", [])),
    ("empty p=14", 14, 0, values("bigint", [])),
    ("empty p=18", 18, 0, values("bigint", [])),
    ("empty p=10 seed -1", 10, -1, values("bigint", [])),
    ("empty p=12 seed 1311768467294899695", 12, 1311768467294899695, values("bigint", [])),
    ("sparse p=14 bigint 1..3", 14, 0, series("bigint", 1, 3)),
    ("sparse p=4 at the limit (3 entries)", 4, 0, series("bigint", 1, 3)),
    ("dense p=4 one past the limit", 4, 0, series("bigint", 1, 4)),
    ("sparse p=10 at the limit (192 entries)", 10, 0, series("bigint", 1, 192)),
    ("dense p=10 one past the limit", 10, 0, series("bigint", 1, 193)),
    ("sparse p=14 at the limit (3072 entries)", 14, 0, series("bigint", 1, 3072)),
    ("dense p=14 one past the limit", 14, 0, series("bigint", 1, 3073)),
    ("dense p=14 bigint 1..100000", 14, 0, series("bigint", 1, 100000)),
    ("dense p=8 bigint 1..1000000", 8, 0, series("bigint", 1, 1000000)),
    ("sparse p=18 at the limit (4096 entries)", 18, 0, series("bigint", 1, 4096)),
    ("dense p=18 one past the limit", 18, 0, series("bigint", 1, 4097)),
    ("sparse p=12 text 1..500", 12, 0, series("text", 1, 500)),
    ("dense p=12 text 1..5000", 12, 0, series("text", 1, 5000)),
    ("sparse p=8 smallint", 8, 0, values("smallint", ["-32768", "0", "1", "7", "32767"])),
    ("sparse p=8 integer", 8, 0, values("integer", ["-2147483648", "0", "1", "7", "2147483647"])),
    ("sparse p=8 boolean", 8, 0, values("boolean", ["true", "false", "true"])),
    ("sparse p=8 real", 8, 0, values("real", ["0.5", "0.1", "-0", "42", "NaN", "Infinity", "-1e-45"])),
    ("sparse p=8 double precision", 8, 0,
     values("double precision", ["0.1", "-0", "0", "42", "1.5", "1e+19", "NaN", "-Infinity"])),
    ("sparse p=8 numeric", 8, 0,
     values("numeric", ["1.50", "1.5", "-0.001", "42.000", "9223372036854775808", "NaN", "-Infinity"])),
    ("sparse p=8 text", 8, 0, values("text", ["", "a", "abc", "abc ", "h\u00e9llo", "\u65e5\u672c\u8a9e"])),
    ("sparse p=8 char(6)", 8, 0, values("char(6)", ["abc", "abc   ", "  a", ""])),
    ("sparse p=8 bytea", 8, 0, values("bytea", ["\\x", "\\x00", "\\x616263", "\\xdeadbeef"])),
    ("sparse p=8 uuid", 8, 0, values("uuid", ["a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11",
                                             "00000000-0000-0000-0000-000000000000"])),
    ("sparse p=8 date", 8, 0, values("date", ["2000-01-01", "2024-02-29", "0001-01-01", "infinity"])),
    ("sparse p=8 timestamp", 8, 0,
     values("timestamp", ["2000-01-01 00:00:00", "2024-01-01 12:00:00.000001", "-infinity"])),
    ("sparse p=8 timestamptz", 8, 0,
     values("timestamptz", ["2024-01-01 12:00:00+00", "2024-01-01 07:00:00-05", "1999-12-31 23:59:59.999999+00"])),
    ("dense p=4 mixed types", 4, 0,
     typed([("bigint", "1"), ("text", "a"), ("numeric", "2.5"), ("double precision", "0.25"),
            ("uuid", "a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11"), ("date", "2024-01-01"), ("bytea", "\\xff")])),
    ("sparse p=14 edge hashes", 14, 0, hashes(EDGE_HASHES)),
    ("dense p=6 edge hashes", 6, 0, hashes(EDGE_HASHES)),
    # 15 of 16 registers at the maximum 61: the estimate is mostly tau's term.
    ("dense p=4 all registers but one at the maximum", 4, 0, hashes([k << 60 for k in range(-7, 8)])),
    ("sparse p=10 seed 42 hll_add", 10, 42, values("bigint", ["1", "2", "3", "1"])),
    ("sparse p=10 seed -1 hll_add mixed", 10, -1,
     typed([("bigint", "1"), ("text", "a"), ("numeric", "1.0"), ("double precision", "1")])),
    ("dense p=5 seed 7 hll_add", 5, 7, values("bigint", [str(i) for i in range(1, 21)])),
]

# Format version 2 (section 2.5): sketches built from values record their kind.
TYPED_VECTORS = [
    # (name, precision, seed, input): hll_add_agg for seed 0, hll_add in order otherwise.
    ("typed p=12 bigint 1..300", 12, 0, series("bigint", 1, 300)),
    ("typed p=12 integer 1..300 (kind bigint)", 12, 0, series("integer", 1, 300)),
    ("typed p=8 smallint (kind bigint)", 8, 0, values("smallint", ["-32768", "0", "7", None])),
    ("typed p=8 double precision", 8, 0,
     values("double precision", ["0.5", "19.99", "-0", "42", "NaN", "-Infinity"])),
    ("typed p=8 real (kind double precision)", 8, 0, values("real", ["0.5", "0.1", "42"])),
    ("typed p=8 numeric", 8, 0, values("numeric", ["1.50", "42.000", "-0.001", "9223372036854775808", "NaN"])),
    ("typed p=10 text 1..200", 10, 0, series("text", 1, 200)),
    ("typed p=8 varchar (kind text)", 8, 0, values("varchar", ["abc", "h\u00e9llo"])),
    ("typed p=8 char(6) (kind text)", 8, 0, values("char(6)", ["abc", "  a"])),
    ("typed p=8 name (kind text)", 8, 0, values("name", ["abc", "pg_class"])),
    ("typed p=8 boolean", 8, 0, values("boolean", ["true", "false"])),
    ("typed p=8 bytea", 8, 0, values("bytea", ["\\x", "\\xdeadbeef"])),
    ("typed p=8 uuid", 8, 0, values("uuid", ["a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11"])),
    ("typed p=8 date", 8, 0, values("date", ["2024-01-01", "infinity", "0001-01-01"])),
    ("typed p=8 timestamp", 8, 0,
     values("timestamp", ["2024-01-01 00:00:00", "2024-01-01 12:00:00.000001", "-infinity"])),
    ("typed p=8 timestamptz", 8, 0,
     values("timestamptz", ["2024-01-01 12:00:00+00", "1999-12-31 23:59:59.999999+00"])),
    ("typed p=8 enum (kind of its own)", 8, 0, values(ENUM_TYPE, ["sad", "ok", "happy"])),
    ("typed p=8 enum array (kind of its own)", 8, 0, values(ENUM_TYPE + "[]", ["{ok,sad}", "{happy}"])),
    ("typed p=8 integer[] (kind bigint[])", 8, 0,
     values("integer[]", ["{1,2,3}", "{}", "[0:1]={5,6}", "{{1,2},{3,4}}"])),
    ("typed p=8 text[]", 8, 0, values("text[]", ['{a,"b c",NULL}', "{}"])),
    ("typed dense p=4 double precision 1..100", 4, 0, series("double precision", 1, 100)),
    ("typed dense p=6 text 1..1000", 6, 0, series("text", 1, 1000)),
    ("typed p=14 bigint zero rows (no kind)", 14, 0, values("bigint", [])),
    ("typed p=14 text NULLs only (no kind)", 14, 0, values("text", [None, None])),
    # hll_add to an empty sketch records the kind of its first value; later values
    # of other types are converted as = converts them (section 2.5, rule 5).
    ("typed p=10 seed 42 hll_add text", 10, 42, values("text", ["a", "b", "a"])),
    ("typed p=10 seed 42 hll_add double precision, numeric and integer", 10, 42,
     typed([("double precision", "0.5"), ("numeric", "0.25"), ("numeric", "19.99"), ("integer", "3")])),
    ("typed p=10 hll_add bigint, then integral double precision and numeric", 10, 0,
     typed([("bigint", "1"), ("double precision", "2"), ("numeric", "3.000"), ("smallint", "4")])),
    ("typed p=10 seed 7 hll_add date and midnight and infinite timestamps", 10, 7,
     typed([("date", "2024-01-01"), ("timestamp", "2024-01-02 00:00:00"), ("timestamp", "infinity")])),
    ("typed p=10 seed 7 hll_add timestamp and dates", 10, 7,
     typed([("timestamp", "2024-01-01 06:00:00"), ("date", "2024-01-02"), ("date", "-infinity")])),
    ("typed p=10 seed -1 hll_add text, varchar, char(4) and name", 10, -1,
     typed([("text", "ab"), ("varchar", "cd"), ("char(4)", "ef  "), ("name", "gh")])),
    # Values equal under = across types are one value: the conversions find them.
    ("typed p=10 hll_add bigint 2, then 2 as double precision, numeric and integer", 10, 0,
     typed([("bigint", "2"), ("double precision", "2"), ("numeric", "2.000"), ("integer", "2")])),
    ("typed p=10 hll_add double precision 0.5 and 19.99, then as numeric", 10, 0,
     typed([("double precision", "0.5"), ("double precision", "19.99"), ("numeric", "0.5"), ("numeric", "19.99")])),
    ("typed p=10 hll_add date, then its midnight as timestamp", 10, 0,
     typed([("date", "2024-01-01"), ("timestamp", "2024-01-01 00:00:00"), ("date", "infinity"),
            ("timestamp", "infinity")])),
    ("typed p=10 hll_add timestamp midnight, then its date", 10, 0,
     typed([("timestamp", "2024-01-01 00:00:00"), ("date", "2024-01-01"), ("timestamp", "-infinity"),
            ("date", "-infinity")])),
    # A hash first: the sketch holds a value and no kind, and keeps none.
    ("typed p=10 hll_add_hash, then hll_add of text and bigint (no kind)", 10, 0,
     typed([("hash", "42"), ("text", "a"), ("bigint", "7")])),
]

UNION_VECTORS = [
    # (name, left, right): names of HLL_VECTORS
    ("sparse p=14 | sparse p=12 text", "sparse p=14 bigint 1..3", "sparse p=12 text 1..500"),
    ("sparse p=10 | sparse p=10 over the limit", "sparse p=10 at the limit (192 entries)", "sparse p=8 text"),
    ("sparse p=14 | dense p=10", "sparse p=14 bigint 1..3", "dense p=10 one past the limit"),
    ("dense p=10 | sparse p=14", "dense p=10 one past the limit", "sparse p=14 bigint 1..3"),
    ("dense p=14 | dense p=4", "dense p=14 bigint 1..100000", "dense p=4 one past the limit"),
    ("dense p=14 | dense p=12", "dense p=14 bigint 1..100000", "dense p=12 text 1..5000"),
    ("sparse p=18 | empty p=14", "sparse p=18 at the limit (4096 entries)", "empty p=14"),
    ("dense p=10 | sparse edge hashes p=14", "dense p=10 one past the limit", "sparse p=14 edge hashes"),
    ("seed 42 | seed 42", "sparse p=10 seed 42 hll_add", "sparse p=10 seed 42 hll_add"),
]

# (name, left, right, the kind section 2.5's union rule gives): names of TYPED_VECTORS and HLL_VECTORS.
TYPED_UNION_VECTORS = [
    ("typed bigint | typed text: mixed", "typed p=12 bigint 1..300", "typed p=10 text 1..200", KIND_MIXED),
    ("typed bigint | typed integer: bigint", "typed p=12 bigint 1..300", "typed p=12 integer 1..300 (kind bigint)", 20),
    ("no kind | typed text: text", "sparse p=12 text 1..500", "typed p=10 text 1..200", 25),
    ("typed double precision | empty: double precision", "typed dense p=4 double precision 1..100", "empty p=14", 701),
    ("typed zero rows | typed enum: the enum's", "typed p=14 bigint zero rows (no kind)",
     "typed p=8 enum (kind of its own)", KIND_ENUM),
    ("typed enum | typed enum array: mixed", "typed p=8 enum (kind of its own)",
     "typed p=8 enum array (kind of its own)", KIND_MIXED),
    ("typed zero rows | empty: no kind", "typed p=14 bigint zero rows (no kind)", "empty p=4", KIND_NONE),
]

FOLD_VECTORS = [
    # (name, source, precision)
    ("sparse p=14 to 4, stays sparse", "sparse p=14 bigint 1..3", 4),
    ("sparse p=14 at the limit to 10, densifies", "sparse p=14 at the limit (3072 entries)", 10),
    ("sparse p=18 at the limit to 14, densifies", "sparse p=18 at the limit (4096 entries)", 14),
    ("sparse p=18 at the limit to 15, stays sparse", "sparse p=18 at the limit (4096 entries)", 15),
    ("dense p=14 to 8", "dense p=14 bigint 1..100000", 8),
    ("dense p=18 to 4", "dense p=18 one past the limit", 4),
    ("sparse edge hashes p=14 to 4, densifies", "sparse p=14 edge hashes", 4),
    ("dense edge hashes p=6 to 4", "dense p=6 edge hashes", 4),
    ("typed bigint p=12 to 6, densifies", "typed p=12 bigint 1..300", 6),
    ("typed text p=10 to 4, densifies", "typed p=10 text 1..200", 4),
    ("typed zero rows p=14 to 4", "typed p=14 bigint zero rows (no kind)", 4),
]

# What the server refuses (section 2.5), with its SQLSTATE: (name, operation, left,
# right or the value's [type, text]). "add" is hll_add, "contains" hll @> hll.
REFUSED = [
    ("add integer to text", "add", "typed p=10 text 1..200", ["integer", "1"], "42883"),
    ("add text to bigint", "add", "typed p=12 bigint 1..300", ["text", "1"], "42883"),
    ("add double precision 2^53 to bigint", "add", "typed p=12 bigint 1..300",
     ["double precision", "9007199254740992"], "42804"),
    ("add double precision -1e17 to bigint", "add", "typed p=12 bigint 1..300", ["double precision", "-1e17"], "42804"),
    ("add double precision to numeric", "add", "typed p=8 numeric", ["double precision", "0.5"], "42804"),
    ("add double precision 2.5 to bigint", "add", "typed p=12 bigint 1..300", ["double precision", "2.5"], "42804"),
    ("add numeric 3.5 to bigint", "add", "typed p=12 bigint 1..300", ["numeric", "3.5"], "42804"),
    ("add timestamp 12:00 to date", "add", "typed p=8 date", ["timestamp", "2024-01-02 12:00:00"], "42804"),
    ("add timestamptz to date", "add", "typed p=8 date", ["timestamptz", "2024-01-01 00:00:00+00"], "42804"),
    ("add date to timestamptz", "add", "typed p=8 timestamptz", ["date", "2024-01-01"], "42804"),
    ("add text to enum", "add", "typed p=8 enum (kind of its own)", ["text", "ok"], "42804"),
    ("add bigint[] to text[]", "add", "typed p=8 text[]", ["bigint[]", "{1}"], "42883"),
    ("add numeric[] to integer[]", "add", "typed p=8 integer[] (kind bigint[])", ["numeric[]", "{1}"], "42883"),
    ("add anything to a union of kinds", "add", "typed bigint | typed text: mixed", ["bigint", "1"], "42804"),
    ("bigint @> text", "contains", "typed p=12 bigint 1..300", "typed p=10 text 1..200", "22023"),
    ("mixed @> bigint", "contains", "typed bigint | typed text: mixed", "typed p=12 bigint 1..300", "22023"),
]

# Outside bytes every reader must reject (doc/FORMAT.md section 3.5). p=4, seed 0 unless noted.
H4 = "4801010104" "1a" "0000" "0000000000000000"       # sparse header, p=4
D4 = "4801010204" "1a" "0000" "0000000000000000"       # dense header, p=4
INVALID_VECTORS = [
    ("shorter than the header", H4[:30]),
    ("type tag not H", "49" + H4[2:]),
    ("format version 0", "4800" + H4[4:]),
    ("format version 2 with kind 0", "4802" + H4[4:]),
    ("empty sparse value recording a kind", "480201010b1a2a000000000000000000"),
    ("format version 3", "4803" + H4[4:]),
    ("format version 3 with a kind", "4803010104" "1a" "1400" + H4[16:]),
    ("hash id 3", "480103" + H4[6:]),
    ("hash id 0", "480100" + H4[6:]),
    ("precision 3", "4801010103" + H4[10:]),
    ("precision 19", "4801010113" + H4[10:]),
    ("sparse precision 25", "4801010104" "19" + H4[12:]),
    ("format version 1, bytes 6-7 = 1", "48010101041a" "0100" + H4[16:]),
    ("format version 1, byte 7 set", "48010101041a" "0001" + H4[16:]),
    ("format version 1 with a kind (20) at bytes 6-7", "48010101041a" "1400" + H4[16:]),
    ("empty sparse value recording kind 10000", "48020101041a" "1027" + H4[16:]),
    ("format version 2, kind 0, dense", "48020102041a" "0000" + D4[16:] + "00" * 12),
    ("representation 0", "48010100" + H4[8:]),
    ("representation 3 (aggregate state)", "48010103" + H4[8:] + "00000000" "00000000"),
    ("dense payload too short", D4 + "00" * 11),
    ("dense payload too long", D4 + "00" * 13),
    ("dense register above 65 - p", D4 + "3e0000" + "00" * 9),
    ("sparse payload not whole entries", H4 + "410000"),
    ("sparse entries above the limit", H4 + "41000000" "81000000" "c1000000" "01010000"),
    ("sparse rank 0", H4 + "40000000"),
    ("sparse rank 40", H4 + "68000000"),
    ("sparse entries out of order", H4 + "81000000" "41000000"),
    ("sparse index repeated", H4 + "41000000" "42000000"),
]


# Valid version 2 headers at the ends of the kinds' ranges (section 2.5), and a dense one.
# Each holds a value: an empty value records no kind (it is format version 1's bytes).
ACCEPTED_VECTORS = [
    ("format version 2, kind 1", "48020201041a" "0100" + H4[16:] + "41000000"),
    ("format version 2, kind 9999", "48020201041a" "0f27" + H4[16:] + "41000000"),
    ("format version 2, kind 10000", "48020201041a" "1027" + H4[16:] + "41000000"),
    ("format version 2, kind 65533", "48020201041a" "fdff" + H4[16:] + "41000000"),
    ("format version 2, kind 65534", "48020201041a" "feff" + H4[16:] + "41000000"),
    ("format version 2, kind 65535", "48020201041a" "ffff" + H4[16:] + "41000000"),
    ("format version 2, kind 20, dense", "48020202041a" "1400" + D4[16:] + "00" * 12),
    ("format version 2, kind 25, hash id 1, one entry", "48020101041a" "1900" + H4[16:] + "41000000"),
]


def sketch_record(name, sql, kind, inp=None, precision=None, seed=None, build=None):
    """A vector: what the server builds with the SQL, whose kind must be `kind` (the truth)."""
    info = json.loads(psql("SELECT hll_info(h) FROM (SELECT %s AS h) s;" % sql))
    estimate = psql("SELECT hll_info(%s)->>'estimate';" % sql).strip()
    raw = bytes.fromhex(psql("SELECT encode((%s)::bytea, 'hex');" % sql).strip())
    cardinality = int(psql("SELECT hll_cardinality(%s);" % sql))
    assert kind_of_bytes(raw) == kind, "%s: the server records kind %d, section 2.5 says %d" % (
        name, kind_of_bytes(raw), kind)
    record = {"name": name}
    if inp is not None:
        record.update({"precision": precision, "seed": seed, "build": build, "input": inp})
    if inp is not None and build == "typed":
        record["distinct"] = distinct_values(inp)
    record.update({
        "sql": sql,
        "kind": kind,
        "representation": info["representation"],
        "sparse_entries": info["sparse_entries"],
        "bytes": len(raw),
        "sha256": hashlib.sha256(raw).hexdigest(),
        "cardinality": cardinality,
        "estimate": estimate,
    })
    if len(raw) <= MAX_HEX_BYTES:
        record["hex"] = raw.hex()
    return record


# The answer of a one-value query as text, or the SQLSTATE of its error.
ANSWER_OF = """CREATE FUNCTION pg_temp.answer_of(query text) RETURNS text LANGUAGE plpgsql AS $$
DECLARE answer text;
BEGIN
    EXECUTE query INTO answer;
    RETURN answer;
EXCEPTION WHEN OTHERS THEN
    RETURN SQLSTATE;
END $$;
"""


def answers(queries, setup=""):
    """The server's answer (as text) or SQLSTATE for each query."""
    out = psql(setup + ANSWER_OF + "".join("SELECT pg_temp.answer_of(%s);\n" % quote(q) for q in queries))
    out = out.split("\n")[:len(queries)]
    assert len(out) == len(queries)
    return out


def check_refused(refused, setup=""):
    """Asserts that the server refuses each {"name", "query", "sqlstate"} with its SQLSTATE."""
    for r, got in zip(refused, answers([r["query"] for r in refused], setup)):
        assert got == r["sqlstate"], "%s: the server answers %s, not %s" % (r["name"], got, r["sqlstate"])


def answers_section(rows, title, what="answer"):
    """The regression test's check of each (name, query, expected answer or SQLSTATE)."""
    lines = ["-- " + line for line in title]
    lines.append("SELECT n, vector, pg_temp.answer_of(q) = expected AS same_%s" % what)
    lines.append("FROM (VALUES")
    lines.append(",\n".join("  (%d, %s,\n   %s, %s)" % (i, quote(name), quote(query), quote(expected))
                            for i, (name, query, expected) in enumerate(rows, 1)))
    lines.append(") v(n, vector, q, expected)\nORDER BY n;")
    return "\n".join(lines) + "\n"


def refused_section(refused, title):
    """The regression test's check that each refused query fails with its SQLSTATE."""
    return answers_section([(r["name"], r["query"], r["sqlstate"]) for r in refused], title, "sqlstate")


def clear_kind_sql(expr, type_name, version_1_bytes_6=0):
    """The value with its kind cleared: version 1 and bytes 6-7 as version 1 holds them
    (0, or cuckoo's sub-filter count 1), as 0.4.0 wrote it."""
    return "set_byte(set_byte(set_byte((%s)::bytea, 1, 1), 6, %d), 7, 0)::%s" % (expr, version_1_bytes_6, type_name)


def clear_kind_bytes(raw, version_1_bytes_6=0):
    """clear_kind_sql on bytes."""
    return raw[:1] + b"\x01" + raw[2:6] + bytes([version_1_bytes_6, 0]) + raw[8:]


def hll_vectors():
    sketches = {}
    for name, precision, seed, inp in HLL_VECTORS:
        sketches[name] = sketch_record(name, build_sql(precision, seed, inp), KIND_NONE, inp, precision, seed,
                                       "hashes")
    for name, precision, seed, inp in TYPED_VECTORS:
        sketches[name] = sketch_record(name, build_sql(precision, seed, inp, "typed"), input_kind(inp), inp,
                                       precision, seed, "typed")
    # The "at the limit" vectors must really hold L(p) entries.
    for name, rec in sketches.items():
        if "at the limit" in name:
            limit = int(name.split("(")[1].split()[0])
            assert rec["representation"] == "sparse" and rec["sparse_entries"] == limit, (name, rec)
        assert name.split()[0] not in ("sparse", "dense") or rec["representation"] == name.split()[0], name
        typed_repr = name.split()[1] if name.startswith("typed ") else None
        assert typed_repr not in ("sparse", "dense") or rec["representation"] == typed_repr, name
    unions = []
    for name, left, right, kind in [u + (KIND_NONE,) for u in UNION_VECTORS] + TYPED_UNION_VECTORS:
        rec = sketch_record(name, "hll_union(%s, %s)" % (sketches[left]["sql"], sketches[right]["sql"]), kind)
        rec.update({"left": left, "right": right})
        unions.append(rec)
    folds = []
    for name, source, precision in FOLD_VECTORS:
        kind = sketches[source]["kind"] if sketches[source]["cardinality"] else KIND_NONE
        rec = sketch_record(name, "(%s)::hll(%d)" % (sketches[source]["sql"], precision), kind)
        rec.update({"source": source, "precision": precision})
        folds.append(rec)
    every = dict(sketches, **{u["name"]: u for u in unions})
    refused = []
    for name, op, left, right, sqlstate in REFUSED:
        if op == "add":
            query = "SELECT hll_add(%s, %s)" % (every[left]["sql"], literal(*right))
        else:
            query = "SELECT %s @> %s" % (every[left]["sql"], every[right]["sql"])
        refused.append({"name": name, "op": op, "left": left, "right": right, "sqlstate": sqlstate,
                        "query": query})
    check_refused(refused)
    invalid, accepted = [], []
    for name, hexstr in INVALID_VECTORS:
        psql("DO $$ BEGIN PERFORM '\\x%s'::bytea::hll; RAISE EXCEPTION 'accepted'; "
                     "EXCEPTION WHEN invalid_binary_representation THEN NULL; END $$;" % hexstr)
        invalid.append({"name": name, "hex": hexstr})
    for name, hexstr in ACCEPTED_VECTORS:
        assert psql("SELECT encode('\\x%s'::bytea::hll::bytea, 'hex');" % hexstr).strip() == hexstr, name
        accepted.append({"name": name, "hex": hexstr})
    return list(sketches.values()), unions, folds, refused, invalid, accepted


# ---------------------------------------------------------------- the regression test

def expected_bytes_sql(rec):
    if rec["bytes"] <= MAX_INLINE_BYTES:
        return "'\\x%s'" % rec["hex"]
    return "'\\x%s'" % rec["sha256"]


def got_bytes_sql(rec):
    if rec["bytes"] <= MAX_INLINE_BYTES:
        return "(%s)::bytea" % rec["sql"]
    return "sha256((%s)::bytea)" % rec["sql"]


def values_check(title, rows, got, expected, kind, one_line=False):
    lines = ["-- " + line for line in title]
    lines.append("SELECT n, vector, got = expected::%s AS same" % kind)
    lines.append("FROM (VALUES")
    layout = "  (%d, %s, %s, %s)" if one_line else "  (%d, %s,\n   %s,\n   %s)"
    lines.append(",\n".join(layout % (i, quote(rec["name"]), got(rec), expected(rec))
                            for i, rec in enumerate(rows, 1)))
    lines.append(") v(n, vector, got, expected)\nORDER BY n;")
    return "\n".join(lines) + "\n"


def regression_sql(hashes, fallback, sketches, unions, folds, refused, invalid, accepted):
    parts = ["""-- The binary format as a contract (doc/FORMAT.md): the extension must keep
-- producing exactly these bytes, so the format cannot drift silently.
-- Generated with test/vectors/hll.json by python/make_hll_vectors.py; the same
-- vectors are checked against an independent implementation in python/.
-- A changed byte here needs a new format version or hash id, not a new file.
-- The vectors of format version 1 are built from sketch_hash values (no kind);
-- the "typed" ones from values, recording their kind (section 2.5).

-- Text vectors are UTF-8 (section 2.1 hashes text in the database encoding).
SET client_encoding = 'UTF8';
-- An enum: a type outside the built-in catalog (kind 65534); dropped at the end.
%s
-- pg_temp.answer_of(query): its one value as text, or the SQLSTATE of its error.
%s""" % (CREATE_ENUM, ANSWER_OF)]
    for rec in hashes + fallback:
        rec["name"] = "%s %s seed %d" % (rec["type"], rec["text"] if len(rec["text"]) < 40 else
                                          rec["text"][:20] + "...", rec["seed"])
    parts.append(values_check(
        ["sketch_hash: XXH3-64 of the canonical bytes of each type (section 2)."],
        hashes, lambda r: r["sql"], lambda r: str(r["hash"]), "bigint", one_line=True))
    parts.append(values_check(
        ["The rules new in hash id 2, with their canonical bytes written out (section 2.1)."],
        fallback, lambda r: r["sql"], lambda r: str(r["hash"]), "bigint", one_line=True))
    parts.append(values_check(
        ["hll values: every representation at several precisions; values over",
         "%d bytes are compared by their SHA-256 (section 3). Format version 1" % MAX_INLINE_BYTES,
         "without a kind, version 2 with the kind of the values (section 2.5)."],
        sketches, got_bytes_sql, expected_bytes_sql, "bytea"))
    parts.append(values_check(
        ["Union (section 3.8): the smaller precision; sparse while within the limit;",
         "kinds joined (section 2.5: one kind stays, several are 65535)."],
        unions, got_bytes_sql, expected_bytes_sql, "bytea"))
    parts.append(values_check(
        ["Fold to a lower precision through the typmod cast (section 3.9)."],
        folds, got_bytes_sql, expected_bytes_sql, "bytea"))
    parts.append(values_check(
        ["hll_cardinality: Ertl's estimator, rounded half away from zero (section 3.10)."],
        sketches + unions + folds, lambda r: "hll_cardinality(%s)" % r["sql"],
        lambda r: str(r["cardinality"]), "bigint"))
    lines = ["-- Outside bytes every reader must reject (section 3.5), with SQLSTATE 22P03.",
             "CREATE FUNCTION pg_temp.rejected(b bytea) RETURNS boolean LANGUAGE plpgsql AS $$",
             "BEGIN",
             "    PERFORM b::hll;",
             "    RETURN false;",
             "EXCEPTION WHEN invalid_binary_representation THEN",
             "    RETURN true;",
             "END $$;",
             "SELECT n, vector, pg_temp.rejected(b) AS rejected",
             "FROM (VALUES"]
    lines.append(",\n".join("  (%d, %s, '\\x%s'::bytea)" % (i, quote(r["name"]), r["hex"])
                            for i, r in enumerate(invalid, 1)))
    lines.append(") v(n, vector, b)\nORDER BY n;")
    parts.append("\n".join(lines) + "\n")
    lines = ["-- Valid version 2 headers (section 3.5): read back unchanged.",
             "SELECT n, vector, b::hll::bytea = b AS accepted", "FROM (VALUES"]
    lines.append(",\n".join("  (%d, %s, '\\x%s'::bytea)" % (i, quote(r["name"]), r["hex"])
                            for i, r in enumerate(accepted, 1)))
    lines.append(") v(n, vector, b)\nORDER BY n;")
    parts.append("\n".join(lines) + "\n")
    parts.append(refused_section(refused, [
        "Refused (section 2.5): a value no conversion compares with the sketch's kind,",
        "containment of sketches of different kinds; each with its SQLSTATE."]))
    parts.append(DROP_ENUM + "\n")
    return "\n".join(parts)


def check_pinned(path, doc, lists, key=lambda r: r["name"], pinned=lambda r: r["sha256"]):
    """Refuses to change what the file already pins for a vector of `lists` (the bytes, by
    name): a vector is removed or added, never changed."""
    if not os.path.exists(path):
        return
    with open(path, encoding="utf-8") as f:
        old = json.load(f)
    for name in lists:
        new = {key(r): pinned(r) for r in doc[name]}
        for rec in old.get(name, []):
            assert new.get(key(rec), pinned(rec)) == pinned(rec), \
                "vector %r of %s changed its bytes: the format is a contract" % (key(rec), name)


def regression_out(sql_path, db="format_vectors_gen"):
    """Runs the file as pg_regress does (psql -X -a -q, its environment) in a scratch database."""
    psql("DROP DATABASE IF EXISTS %s;\nCREATE DATABASE %s;" % (db, db))
    try:
        psql("CREATE EXTENSION probabilistic;", database=db)
        env = dict(os.environ, PGDATABASE=db, PGTZ="PST8PDT", PGDATESTYLE="Postgres, MDY")
        with open(sql_path) as f:
            run = subprocess.run(["psql", "-X", "-a", "-q"], stdin=f, capture_output=True,
                                 text=True, env=env)
        if run.returncode != 0 or run.stderr:
            raise RuntimeError("psql failed: " + run.stderr)
        return run.stdout
    finally:
        psql("DROP DATABASE IF EXISTS %s;" % db)


def write_regression(sql_text, sql_path, out_path, db):
    """Writes a pg_regress test and, run against the server, its expected output."""
    with open(sql_path, "w") as f:
        f.write(sql_text)
    out = regression_out(sql_path, db)
    if re.search(r"\|\s*f\s*$", out, re.M) or "ERROR" in out:
        sys.exit("the extension disagrees with its own vectors?\n" + out)
    with open(out_path, "w") as f:
        f.write(out)


def main():
    psql("CREATE EXTENSION IF NOT EXISTS probabilistic;")
    version = psql("SELECT current_setting('server_version_num');").strip()
    ext = psql("SELECT extversion FROM pg_extension WHERE extname = 'probabilistic';").strip()
    psql("DROP TYPE IF EXISTS %s CASCADE;\n%s" % (ENUM_TYPE, CREATE_ENUM))
    try:
        hashes, fallback = hash_vectors()
        sketches, unions, folds, refused, invalid, accepted = hll_vectors()
    finally:
        psql(DROP_ENUM)
    doc = {
        "description": "probabilistic hll and sketch_hash test vectors (doc/FORMAT.md): inputs, "
                       "the SQL that built them and the exact results of the extension. "
                       "Regenerate with python/make_hll_vectors.py.",
        "extension_version": ext,
        "server_version_num": int(version),
        "sketch_hash": hashes,
        "encoded_hash": fallback,
        "hll": sketches,
        "union": unions,
        "fold": folds,
        "refused": refused,
        "invalid": invalid,
        "accepted": accepted,
        "enum": {"type": ENUM_TYPE, "labels": ENUM_LABELS},
    }
    check_pinned(VECTORS, doc, ["hll", "union", "fold"])
    check_pinned(VECTORS, doc, ["sketch_hash", "encoded_hash"], key=lambda r: (r["type"], r["text"], r["seed"]),
                 pinned=lambda r: r["hash"])
    os.makedirs(os.path.dirname(VECTORS), exist_ok=True)
    with open(VECTORS, "w") as f:
        json.dump(doc, f, indent=1, ensure_ascii=False)
        f.write("\n")
    write_regression(regression_sql([dict(r) for r in hashes], [dict(r) for r in fallback],
                                    sketches, unions, folds, refused, invalid, accepted),
                     REGRESS_SQL, REGRESS_OUT, "format_vectors_gen")
    print("wrote %s, %s, %s" % (VECTORS, REGRESS_SQL, REGRESS_OUT))


if __name__ == "__main__":
    main()
