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
pass. Needs only psql; does not use python/probabilistic_format.py (the crafted
invalid values are edits of the server's bytes, made here with struct).
"""

import hashlib
import json
import math
import os
import re
import struct

import make_hll_vectors
from make_hll_vectors import ROOT, literal, psql, quote, series, typed, values

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


def add_sql(capacity, fpr, scalable, seed, inp, layout=None):
    """bloom_add from bloom_empty, one value at a time, in order: a recursive CTE
    over a series or an array, or nested calls for values of mixed types."""
    empty = empty_sql(capacity, fpr, scalable, seed, layout)
    if "typed_values" in inp:
        expr = empty
        for _, value in value_exprs(inp):
            expr = "bloom_add(%s, %s)" % (expr, value)
        return expr
    if "series" in inp:
        first, last = inp["series"]
        count = last - first + 1
        value = "(i + %d)::%s" % (first, inp["type"])
    else:
        count = len(inp["values"])
        value = "(ARRAY[%s]::%s[])[i + 1]" % (", ".join(quote(t) for t in inp["values"]), inp["type"])
    return ("(WITH RECURSIVE r(i, b) AS (SELECT 0, %s UNION ALL SELECT i + 1, bloom_add(b, %s) FROM r WHERE i < %d) "
            "SELECT b FROM r WHERE i = %d)" % (empty, value, count, count))


def agg_source(inp):
    """(x expression, FROM clause) of an aggregate over the input."""
    if "series" in inp:
        first, last = inp["series"]
        return "x::%s" % inp["type"], "generate_series(%d, %d) x" % (first, last)
    array = "ARRAY[%s]::%s[]" % (", ".join(quote(t) for t in inp["values"]), inp["type"])
    return "x", "unnest(%s) x" % array


def build_sql(v):
    build, inp = v["build"], v["input"]
    layout = v.get("layout_argument")
    if build == "empty":
        return empty_sql(v["capacity"], v["fpr"], v["scalable"], v["seed"], layout)
    if build == "add":
        return add_sql(v["capacity"], v["fpr"], v["scalable"], v["seed"], inp, layout)
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
    ("fixed 20 at 0.01 seed 42 bloom_add mixed types", add(20, 0.01, False, 42, typed(MIXED))),
    ("fixed 300 at 0.02 seed -1 bloom_add bigint 1..300", add(300, 0.02, False, -1, series("bigint", 1, 300))),
    ("scalable 10 at 0.01 bigint 1..5 (one layer)", add(10, 0.01, True, 0, series("bigint", 1, 5))),
    ("scalable 1 at 0.5 bigint 1..20", add(1, 0.5, True, 0, series("bigint", 1, 20))),
    ("scalable 4 at 0.1 bigint 1..40", add(4, 0.1, True, 0, series("bigint", 1, 40))),
    # Layers of a few dozen bits and k = 8..11: repeated clear positions decide layers here.
    ("scalable 2 at 0.01 bigint 1..20", add(2, 0.01, True, 0, series("bigint", 1, 20))),
    ("scalable 100 at 0.01 bigint 1..3000", add(100, 0.01, True, 0, series("bigint", 1, 3000))),
    ("scalable 50 at 0.001 seed -1 text 1..400", add(50, 0.001, True, -1, series("text", 1, 400))),
    ("scalable 8 at 0.05 seed 7 bloom_add mixed types", add(8, 0.05, True, 7, typed(MIXED * 2))),
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
    ("blocked 20 at 0.05 seed 42 bloom_add mixed types", blocked(add(20, 0.05, False, 42, typed(MIXED)))),
    ("blocked 20000 at 0.01 bigint 1..20000", blocked(agg(20000, 0.01, series("bigint", 1, 20000)))),
]

UNION_VECTORS = [
    # (name, left, right): names of BLOOM_VECTORS; bloom_union(left, right)
    ("fixed 1000 at 0.001: bigint 1..1000 | empty", "fixed 1000 at 0.001 bigint 1..1000", None),
    ("fixed 20 at 0.01: text | numeric", "fixed 20 at 0.01 text", "fixed 20 at 0.01 numeric"),
    ("fixed 20 at 0.01: bytea | uuid", "fixed 20 at 0.01 bytea", "fixed 20 at 0.01 uuid"),
    ("scalable 4 at 0.1: 1..40 | 1..40", "scalable 4 at 0.1 bigint 1..40", "scalable 4 at 0.1 bigint 1..40"),
    ("scalable 10 at 0.01: one layer | empty", "scalable 10 at 0.01 bigint 1..5 (one layer)",
     "empty scalable 10 at 0.01"),
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
    ("scalable 4 at 0.1: more layers | fewer", "scalable 4 at 0.1 bigint 1..40", "scalable 4 at 0.1 text 1..10"),
    ("scalable 4 at 0.1: fewer layers | more", "scalable 4 at 0.1 text 1..10", "scalable 4 at 0.1 bigint 1..40"),
    ("scalable 4 at 0.1: bigint 1..40 | text 1..100", "scalable 4 at 0.1 bigint 1..40",
     "scalable 4 at 0.1 text 1..100"),
    ("fixed 20 at 0.01: text 1..15 | text 10..25", "fixed 20 at 0.01 text 1..15", "fixed 20 at 0.01 text 10..25"),
    ("blocked 100 at 0.01: 1..100 | 50..150", "blocked 100 at 0.01 bigint 1..100", "blocked 100 at 0.01 bigint 50..150"),
]
INTERSECT_VECTORS = [
    ("fixed 20 at 0.01: text 1..15 & text 10..25", "fixed 20 at 0.01 text 1..15", "fixed 20 at 0.01 text 10..25"),
    ("fixed 20 at 0.01: text & numeric", "fixed 20 at 0.01 text", "fixed 20 at 0.01 numeric"),
    ("scalable 10 at 0.01: one layer & one layer", "scalable 10 at 0.01 bigint 1..5 (one layer)",
     "scalable 10 at 0.01 bigint 3..9 (one layer)"),
    ("blocked 100 at 0.01: 1..100 & 50..150", "blocked 100 at 0.01 bigint 1..100", "blocked 100 at 0.01 bigint 50..150"),
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


def record(name, sql, spec=None):
    raw, info, cardinality, fpr = fetch(sql)
    rec = {"name": name}
    if spec is not None:
        rec.update(spec)
        if rec["build"] == "agg_distinct":  # its parameters are an output
            rec["capacity"], rec["fpr"] = info["capacity"], info["fpr"]
    rec.update({
        "sql": sql,
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
        ("format version 2", byte(f, 1, 2)),
        ("hash id 3", byte(f, 2, 3)),
        ("hash id 0", byte(f, 2, 0)),
        ("layout 0", byte(f, 3, 0)),
        ("layout 3", byte(f, 3, 3)),
        ("fixed with layer count 2", u16(f, 4, 2) + f[32:]),
        ("fixed with layer count 0", u16(f, 4, 0)),
        ("scalable with layer count 0", u16(s, 4, 0)),
        ("scalable with layer count 65", u16(s, 4, 65)),
        ("reserved byte 6 set", byte(f, 6, 1)),
        ("reserved byte 7 set", byte(f, 7, 0x80)),
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
    for name, spec in BLOOM_VECTORS + EXTRA_OPERANDS:
        rec, raw = record(name, build_sql(spec), spec)
        filters[name], raws[name] = rec, raw
    for name, rec in filters.items():
        if name.startswith("empty") or "zero rows" in name:
            assert all(l["bits_set"] == 0 for l in rec["layers"]), name
        if name.startswith("scalable") and "one layer" not in name:
            assert len(rec["layers"]) >= 2, (name, rec["layers"])

    def combine(fn, vectors):
        out = []
        for name, left, right in vectors:
            right = right or "empty fixed 1000 at 0.001"
            rec, _ = record(name, "%s(%s, %s)" % (fn, filters[left]["sql"], filters[right]["sql"]))
            rec.update({"left": left, "right": right})
            out.append(rec)
        return out
    unions = combine("bloom_union", UNION_VECTORS)
    intersections = combine("bloom_intersect", INTERSECT_VECTORS)
    invalid, accepted = crafted_vectors(raws["fixed bloom_agg(x) bigint 1..3"], raws["scalable 4 at 0.1 text 1..10"],
                                        raws["blocked 100 at 0.01 bigint 1..100"])
    check_crafted(invalid, accepted)
    main = [filters[name] for name, _ in BLOOM_VECTORS]
    operands = [filters[name] for name, _ in EXTRA_OPERANDS]
    return (main, operands, unions, intersections,
            [{"name": n, "hex": r.hex()} for n, r in invalid], [{"name": n, "hex": r.hex()} for n, r in accepted])


# ---------------------------------------------------------------- the regression test

def expected_sql(rec):
    if rec["bytes"] <= MAX_INLINE_BYTES:
        return "'\\x%s'::bytea" % rec["hex"]
    return "'\\x%s'::bytea" % rec["sha256"]


def regression_sql(main, operands, unions, intersections, invalid, accepted):
    parts = ["""-- The bloom binary format as a contract (doc/FORMAT.md section 4): the
-- extension must keep producing exactly these bytes, estimates and membership
-- answers, so the format cannot drift silently. Generated with
-- test/vectors/bloom.json by python/make_bloom_vectors.py; the same vectors are
-- checked against an independent implementation in python/.
-- A changed byte here needs a new format version or hash id, not a new file.

-- Text vectors are UTF-8 (section 2.1 hashes text in the database encoding).
SET client_encoding = 'UTF8';
"""]

    def check(title, rows):
        lines = ["-- " + line for line in title]
        lines.append("SELECT n, vector,")
        lines.append("       CASE WHEN octet_length(b::bytea) <= %d THEN b::bytea ELSE sha256(b::bytea) END"
                     " = expected AS same_bytes," % MAX_INLINE_BYTES)
        lines.append("       bloom_cardinality(b) = cardinality AS same_cardinality,")
        lines.append("       abs(bloom_fpr(b) - fpr) <= 1e-12 * fpr AS same_fpr")
        lines.append("FROM (VALUES")
        lines.append(",\n".join("  (%d, %s,\n   %s,\n   %s, %d, %s::float8)"
                                % (i, quote(r["name"]), r["sql"], expected_sql(r), r["cardinality"],
                                   quote(r["estimated_fpr"]))
                                for i, r in enumerate(rows, 1)))
        lines.append(") v(n, vector, b, expected, cardinality, fpr)\nORDER BY n;")
        parts.append("\n".join(lines) + "\n")

    check(["bloom values: fixed and scalable layouts, empty and filled, several rates,",
           "capacities, seeds and SQL types (sections 4.2 - 4.7). Values over %d bytes" % MAX_INLINE_BYTES,
           "are compared by their SHA-256; bloom_fpr within 1e-12 (it depends on libm's",
           "last bits, section 4.9)."], main + operands)
    check(["bloom_union (section 4.8): OR layer by layer, the longer list of layers kept."], unions)
    check(["bloom_intersect (section 4.8): AND, for filters of one layer."], intersections)

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
    return "\n".join(p for p in parts if p)


def main():
    psql("CREATE EXTENSION IF NOT EXISTS probabilistic;")
    version = psql("SELECT current_setting('server_version_num');").strip()
    ext = psql("SELECT extversion FROM pg_extension WHERE extname = 'probabilistic';").strip()
    main_, operands, unions, intersections, invalid, accepted = bloom_vectors()
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
        },
        "extension_version": ext,
        "server_version_num": int(version),
        "bloom": main_,
        "operands": operands,
        "union": unions,
        "intersect": intersections,
        "invalid": invalid,
        "accepted": accepted,
    }
    os.makedirs(os.path.dirname(VECTORS), exist_ok=True)
    text = json.dumps(doc, indent=1, ensure_ascii=False)
    # Lists of numbers (false positives) on one line each.
    text = re.sub(r"\[\n\s*(-?\d+(?:,\n\s*-?\d+)*)\n\s*\]",
                  lambda mo: "[" + re.sub(r",\n\s*", ", ", mo.group(1)) + "]", text)
    with open(VECTORS, "w") as f:
        f.write(text + "\n")
    make_hll_vectors.write_regression(regression_sql(main_, operands, unions, intersections, invalid, accepted),
                                  REGRESS_SQL, REGRESS_OUT, "format_vectors_bloom_gen")
    print("wrote %s, %s, %s" % (VECTORS, REGRESS_SQL, REGRESS_OUT))


if __name__ == "__main__":
    main()
