#!/usr/bin/env python3
"""Regenerates the cuckoo test vectors from a running server with the extension.

    . test/cluster.sh && start_cluster     # or any server: PGHOST, PGPORT, PGUSER, PGDATABASE
    /usr/bin/python3 python/make_cuckoo_vectors.py

Each vector is a list of operations (add or remove a value of a type) on
cuckoo_empty(capacity, fpr, seed), optionally followed by the union with
another such list, or cuckoo_agg over values. Format version 2 (section 2.5):
a filter of values records their kind; the vectors pinned before kinds keep
their version 1 bytes, compared with the kind cleared (and the kind checked on
its own), or built kind-free (the kind cleared after each operation). Writes test/vectors/cuckoo.json (the exact bytes the
extension produced), sql/format_vectors_cuckoo.sql (the same vectors, so the
regression suite fails if the extension's output drifts) and
expected/format_vectors_cuckoo.out (that file run through psql as pg_regress
runs it). The vectors are the contract of doc/FORMAT.md section 5: regenerate
them only with a format version or hash id change, never to make a failing
test pass. Needs only psql.
"""

import hashlib
import json
import os

import make_hll_vectors
from make_hll_vectors import (ANSWER_OF, CREATE_ENUM, DROP_ENUM, ENUM_TYPE, KIND_ENUM, KIND_MIXED, KIND_NONE, ROOT,
                              answers, answers_section, check_pinned, check_refused, clear_kind_bytes, kind_of_bytes,
                              literal, psql, quote, refused_section, values_source)

VECTORS = os.path.join(ROOT, "test", "vectors", "cuckoo.json")
REGRESS_SQL = os.path.join(ROOT, "sql", "format_vectors_cuckoo.sql")
REGRESS_OUT = os.path.join(ROOT, "expected", "format_vectors_cuckoo.out")
# Values longer than this are stored in the JSON as their SHA-256 only ...
MAX_HEX_BYTES = 20000
# ... and compared inline in the regression test only up to this size.
MAX_INLINE_BYTES = 400
# Bytes 6-7 of a format version 1 cuckoo value: its sub-filter count, 1 (section 5.2).
VERSION_1_BYTES_6 = 1

APPLY = r"""
CREATE FUNCTION pg_temp.apply(c cuckoo, ops jsonb, kind_free boolean DEFAULT false) RETURNS cuckoo
LANGUAGE plpgsql AS $$
DECLARE op jsonb;
BEGIN
    FOR op IN SELECT * FROM jsonb_array_elements(ops) LOOP
        IF op->>0 IN ('add_range', 'remove_range') THEN
            FOR i IN (op->>2)::bigint..(op->>3)::bigint BY (op->>4)::bigint LOOP
                IF op->>0 = 'add_range' THEN c := cuckoo_add(c, i); ELSE c := cuckoo_remove(c, i); END IF;
            END LOOP;
        ELSIF op->>1 = 'bigint' THEN
            IF op->>0 = 'add' THEN c := cuckoo_add(c, (op->>2)::bigint);
            ELSE c := cuckoo_remove(c, (op->>2)::bigint); END IF;
        ELSIF op->>1 = 'text' THEN
            IF op->>0 = 'add' THEN c := cuckoo_add(c, op->>2);
            ELSE c := cuckoo_remove(c, op->>2); END IF;
        ELSE
            EXECUTE format('SELECT cuckoo_%s($1, %L::%s)', op->>0, op->>2, op->>1) INTO c USING c;
        END IF;
        -- kind_free: the filter recording no kind after each operation, as 0.4.0 stored
        -- filters (format version 1; section 2.5): values of any type by their own rule.
        IF kind_free AND get_byte(c::bytea, 1) = 2 THEN
            c := set_byte(set_byte(set_byte(c::bytea, 1, 1), 6, 1), 7, 0)::cuckoo;
        END IF;
    END LOOP;
    RETURN c;
END $$;
"""


def adds(kind, values):
    if isinstance(values, range):
        return [["add_range", kind, values.start, values[-1], values.step]]
    return [["add", kind, str(v)] for v in values]


def removes(kind, values):
    if isinstance(values, range):
        return [["remove_range", kind, values.start, values[-1], values.step]]
    return [["remove", kind, str(v)] for v in values]


def vectors():
    out = []

    def v(name, capacity, fpr, seed, ops, union=None, kind=KIND_NONE, kind_free=False, agg=None):
        """kind: what section 2.5 says the result records (the truth the server's bytes are
        checked against); agg: cuckoo_agg(x, capacity, fpr) over {"type", "values"} instead
        of ops (seed 0)."""
        out.append({"name": name, "capacity": capacity, "fpr": fpr, "seed": seed, "ops": ops, "union_ops": union,
                    "kind": kind, "kind_free": kind_free, "agg": agg})

    # Pinned before kinds (format version 1).
    v("empty capacity 1", 1, 0.01, 0, [])
    v("empty capacity 1000", 1000, 0.01, 0, [])
    v("empty rate 0.5 seed -1", 10, 0.5, -1, [])
    v("empty rate 0.1 with pad bits", 2, 0.1, 0, [])
    v("one bigint", 10, 0.01, 0, adds("bigint", [42]), kind=20)
    v("one text", 10, 0.01, 0, adds("text", ["hello"]), kind=25)
    v("duplicates fill two buckets", 100, 0.01, 0, adds("bigint", [7] * 8), kind=20)
    v("to capacity, kicks", 200, 0.01, 0, adds("bigint", range(1, 201)), kind=20)
    v("to capacity at 0.1", 50, 0.1, 3, adds("bigint", range(1, 51)), kind=20)
    v("to capacity at 1e-5 (20-bit)", 300, 1e-05, 0, adds("bigint", range(1, 301)), kind=20)
    v("32-bit fingerprints", 100, 2e-09, 5, adds("bigint", range(1, 101)), kind=20)
    v("adds and removes", 300, 0.001, 11,
      adds("bigint", range(1, 301)) + removes("bigint", range(1, 301, 3)) + removes("bigint", [100000])
      + adds("text", ["a", "b", "c"]), kind_free=True)
    v("union", 500, 0.01, 0, adds("bigint", range(1, 201)), adds("bigint", range(150, 351)), kind=20)
    v("union at 0.001 seed 9", 400, 0.001, 9, adds("text", ["t%d" % i for i in range(150)]),
      adds("text", ["t%d" % i for i in range(100, 300)]), kind=25)
    v("large", 20000, 0.01, 0, adds("bigint", range(20000)), kind=20)
    # Format version 2 (section 2.5): pinned as the server writes them.
    v("v2 double precision", 20, 0.01, 0, adds("double precision", ["0.5", "19.99", "42", "NaN", "-0"]), kind=701)
    v("v2 integer (kind bigint)", 20, 0.01, 7, adds("integer", [1, 2, 2, -5]), kind=20)
    v("v2 numeric", 20, 0.001, 0, adds("numeric", ["1.50", "42.000", "-1e20"]), kind=1700)
    v("v2 date, seed -1", 20, 0.01, -1, adds("date", ["2024-01-01", "infinity", "1999-12-31"]), kind=1082)
    v("v2 enum (kind of its own)", 20, 0.01, 0, adds(ENUM_TYPE, ["ok", "sad", "ok"]), kind=KIND_ENUM)
    v("v2 text[]", 20, 0.01, 0, adds("text[]", ["{a,b}", "{}"]), kind=1009)
    v("v2 cuckoo_agg timestamp", 50, 0.01, 0, [], kind=1114,
      agg={"type": "timestamp", "values": ["2024-01-01 00:00:00", "2024-01-01 00:00:00", "-infinity"]})
    v("v2 cuckoo_agg varchar (kind text)", 50, 0.1, 0, [], kind=25,
      agg={"type": "varchar", "values": ["a", "b", None]})
    v("v2 cuckoo_agg zero rows (no kind)", 50, 0.01, 0, [], agg={"type": "bigint", "values": []})
    # Values of other types converted as = converts them: another copy of an equal value.
    v("v2 double precision, then the same as numeric and integer", 20, 0.01, 0,
      adds("double precision", ["0.5", "3"]) + adds("numeric", ["0.5", "19.99"]) + adds("integer", [3]), kind=701)
    v("v2 bigint, then integral double precision and numeric", 20, 0.01, 3,
      adds("bigint", [1, 2]) + adds("double precision", ["2"]) + adds("numeric", ["1.000"]), kind=20)
    v("v2 date, then a timestamp removes it, a midnight adds one", 20, 0.01, 0,
      adds("date", ["2024-01-01", "2024-01-02"]) + removes("timestamp", ["2024-01-01 00:00:00"])
      + adds("timestamp", ["2024-01-03 00:00:00"]), kind=1082)
    v("v2 the last item removed (no kind)", 20, 0.01, 0,
      adds("numeric", ["7"]) + removes("integer", [7]))
    v("v2 emptied, then text", 20, 0.01, 0,
      adds("bigint", [7]) + removes("bigint", [7]) + adds("text", ["x"]), kind=25)
    v("v2 union of two kinds", 50, 0.01, 0, adds("bigint", range(1, 11)), adds("text", ["a", "b"]), kind=KIND_MIXED)
    v("v2 union with an empty side", 50, 0.01, 0, adds("date", ["2024-01-01"]), [], kind=1082)
    v("v2 union of an emptied side and text", 50, 0.01, 0, adds("bigint", [1]) + removes("bigint", [1]),
      adds("text", ["a"]), kind=25)
    return out


# Refused (section 2.5): (name, vector, operation, [type, text], SQLSTATE).
REFUSED = [
    ("add text to bigint", "v2 integer (kind bigint)", "add", ["text", "1"], "42883"),
    ("add double precision 2.5 to bigint", "v2 integer (kind bigint)", "add", ["double precision", "2.5"], "42804"),
    ("add timestamp 00:00:01 to date", "v2 date, seed -1", "add", ["timestamp", "2024-01-03 00:00:01"], "42804"),
    ("count double precision in numeric", "v2 numeric", "count", ["double precision", "1.5"], "42804"),
    ("add double precision 2^60 to bigint", "v2 integer (kind bigint)", "add", ["double precision", "1.152921504606847e+18"],
     "42804"),
    ("remove timestamptz from date", "v2 date, seed -1", "remove", ["timestamptz", "2024-01-01 00:00:00+00"], "42804"),
    ("contains text in enum", "v2 enum (kind of its own)", "contains", ["text", "ok"], "42804"),
    ("add bigint to a union of two kinds", "v2 union of two kinds", "add", ["bigint", "1"], "42804"),
]

# cuckoo_count of values of other types: (vector, type, text).
PROBES = [
    ("v2 double precision", "numeric", "0.5"),
    ("v2 double precision", "numeric", "19.99"),
    ("v2 double precision", "bigint", "42"),
    ("v2 double precision", "real", "0.5"),
    ("v2 double precision", "real", "19.99"),
    ("v2 double precision", "integer", "0"),
    ("v2 double precision, then the same as numeric and integer", "numeric", "0.5"),
    ("v2 double precision, then the same as numeric and integer", "double precision", "3"),
    ("v2 double precision, then the same as numeric and integer", "smallint", "3"),
    ("v2 bigint, then integral double precision and numeric", "numeric", "2.0"),
    ("v2 bigint, then integral double precision and numeric", "double precision", "1"),
    # Not probed: 2.5 (added as double precision) by numeric 2.5, which = calls equal: against
    # kind bigint each is hashed by its own rule (section 2.5), so one does not find the other.
    ("v2 integer (kind bigint)", "smallint", "2"),
    ("v2 integer (kind bigint)", "numeric", "-5.00"),
    ("v2 numeric", "integer", "42"),
    ("v2 date, seed -1", "timestamp", "2024-01-01 00:00:00"),
    ("v2 date, seed -1", "timestamp", "infinity"),
    ("v2 date, seed -1", "timestamp", "1999-12-31 12:00:00"),
    ("v2 date, then a timestamp removes it, a midnight adds one", "date", "2024-01-03"),
    ("v2 date, then a timestamp removes it, a midnight adds one", "timestamp", "2024-01-02 00:00:00"),
    ("v2 cuckoo_agg timestamp", "date", "2024-01-01"),
    ("v2 cuckoo_agg timestamp", "date", "-infinity"),
    ("v2 cuckoo_agg varchar (kind text)", "text", "a"),
    ("v2 cuckoo_agg varchar (kind text)", "name", "b"),
    ("v2 enum (kind of its own)", ENUM_TYPE, "ok"),
]


def build_sql(v, ops_key="ops"):
    """The expression that builds a vector (or, with ops_key "union_ops", its union's right side)."""
    if v["agg"] is not None and ops_key == "ops":
        return "(SELECT cuckoo_agg(x, %d, %r) FROM %s)" % (v["capacity"], v["fpr"], values_source(v["agg"]))
    return "pg_temp.apply(cuckoo_empty(%d, %r, %d), %s%s)" % (
        v["capacity"], v["fpr"], v["seed"], quote(json.dumps(v[ops_key])) + "::jsonb",
        ", true" if v["kind_free"] else "")


def op_values(v):
    """The values the operations add, as SQL literals, or None if they remove any."""
    if v["agg"] is not None:
        return [literal(v["agg"]["type"], t) for t in v["agg"]["values"] if t is not None]
    out = []
    for op in v["ops"] + (v["union_ops"] or []):
        if op[0] == "add":
            out.append(literal(op[1], op[2]))
        elif op[0] == "add_range":
            out += ["%d::bigint" % i for i in range(op[2], op[3] + 1, op[4])]
        else:
            return None
    return out


def equal_count(v, probe):
    """The truth: how many of the values added equal the probe under PostgreSQL's = (None
    when some are removed, or a type has no = with the probe's)."""
    added = op_values(v)
    if added is None:
        return None
    if not added:
        return 0
    try:
        return int(psql("SELECT %s;" % " + ".join("(%s = %s)::int" % (x, probe) for x in added)))
    except RuntimeError:
        return None


def regression_sql(vs, refused, probes):
    """The vectors as a pg_regress test: the same operations, the same bytes."""
    rows = []
    for i, v in enumerate(vs, 1):
        expr = v["sql"][len("SELECT "):]
        x = "pg_temp.without_kind((%s)::bytea)" % expr if v["kind_cleared"] else "(%s)::bytea" % expr
        if v["bytes"] <= MAX_INLINE_BYTES:
            got, expected = x, "'\\x%s'::bytea" % v["hex"]
        else:
            got, expected = "sha256(%s)" % x, "'\\x%s'::bytea" % v["sha256"]
        rows.append("  (%d, %s,\n   %s,\n   %s, pg_temp.kind_of((%s)::bytea), %d)"
                    % (i, quote(v["name"]), got, expected, expr, v["kind"]))
    inline = [(i, v) for i, v in enumerate(vs, 1) if "hex" in v and v["bytes"] <= MAX_INLINE_BYTES]
    return "\n".join([
        "-- The cuckoo binary format as a contract (doc/FORMAT.md section 5): the",
        "-- extension must keep producing exactly these bytes for these operations, so",
        "-- the format cannot drift silently. Generated with test/vectors/cuckoo.json by",
        "-- python/make_cuckoo_vectors.py; the same vectors are checked against an",
        "-- independent implementation in python/cuckoo_format.py.",
        "-- A changed byte here needs a new format version or hash id, not a new file.",
        "-- Format version 2 (section 2.5): a filter of values records their kind. The",
        "-- vectors pinned before kinds are compared with it cleared (version 1, bytes 6-7",
        "-- the sub-filter count 1) and their kind on its own; \"adds and removes\" mixes",
        "-- types and clears the kind after each operation, as 0.4.0 stored filters.",
        "",
        "-- An enum: a type outside the built-in catalog (a kind of its own); dropped at the end.",
        CREATE_ENUM,
        "-- pg_temp.answer_of(query): its one value as text, or the SQLSTATE of its error.",
        ANSWER_OF.strip(),
        "-- The kind a header records, and the value with its kind cleared.",
        "CREATE FUNCTION pg_temp.kind_of(b bytea) RETURNS integer LANGUAGE sql IMMUTABLE AS",
        "$$ SELECT CASE get_byte(b, 1) WHEN 1 THEN 0 ELSE get_byte(b, 6) + 256 * get_byte(b, 7) END $$;",
        "CREATE FUNCTION pg_temp.without_kind(b bytea) RETURNS bytea LANGUAGE sql IMMUTABLE AS",
        "$$ SELECT set_byte(set_byte(set_byte(b, 1, 1), 6, 1), 7, 0) $$;",
        "",
        "-- pg_temp.apply(c, ops, kind_free): the operations of a vector, in order (see the",
        "-- \"fields\" of test/vectors/cuckoo.json).",
        APPLY.strip(),
        "",
        "-- Each vector's bytes (values over %d bytes by their SHA-256) and kind." % MAX_INLINE_BYTES,
        "SELECT n, vector, got = expected AS same_bytes, got_kind = kind AS same_kind",
        "FROM (VALUES",
        ",\n".join(rows),
        ") v(n, vector, got, expected, got_kind, kind)",
        "ORDER BY n;",
        "",
        "-- The server reads the vectors' bytes back (bytea and text input) unchanged.",
        "SELECT n, vector, b::cuckoo::bytea = b AS bytea_round_trip,",
        "       (encode(b, 'hex') = substr(b::cuckoo::text, 3)) AS text_output,",
        "       ('\\x' || encode(b, 'hex'))::cuckoo = b::cuckoo AS text_input",
        "FROM (VALUES",
        ",\n".join("  (%d, %s, '\\x%s'::bytea)" % (i, quote(v["name"]), v["hex"]) for i, v in inline),
        ") v(n, vector, b)",
        "ORDER BY n;",
        "",
        refused_section(refused, ["Refused (section 2.5): values no conversion compares with the filter's kind."]),
        answers_section([("%s: %s %s" % (p["vector"], p["type"], p["text"]), p["query"], p["answer"]) for p in probes],
                        ["cuckoo_count of values of other types (section 2.5): converted as = converts them."]),
        "-- Outside bytes every reader must reject (section 5.4), and version 2 edges.",
        "SELECT n, vector, pg_temp.answer_of(format('SELECT %L::bytea::cuckoo IS NOT NULL', b)) AS answer",
        "FROM (VALUES",
        ",\n".join("  (%d, %s, '\\x%s'::bytea)" % (i, quote(r["name"]), r["hex"])
                   for i, r in enumerate(CRAFTED, 1)),
        ") v(n, vector, b)",
        "ORDER BY n;",
        "",
        DROP_ENUM,
        "",
    ])


def crafted(base):
    """Headers of one valid version 1 value edited (section 5.4): (name, bytes, accepted)."""
    def edit(version, kind):
        return base[:1] + bytes([version]) + base[2:6] + kind.to_bytes(2, "little") + base[8:]
    return [("format version 3", edit(3, 20), False), ("format version 0", edit(0, 1), False),
            ("format version 2 with kind 0", edit(2, 0), False),
            ("format version 1, bytes 6-7 = 0", edit(1, 0), False), ("format version 1, bytes 6-7 = 2", edit(1, 2), False),
            ("format version 1 with a kind (20) at bytes 6-7", edit(1, 20), False),
            ("format version 1, bytes 6-7 = 1", edit(1, 1), True), ("format version 2, kind 1", edit(2, 1), True),
            ("format version 2, kind 9999", edit(2, 9999), True), ("format version 2, kind 10000", edit(2, 10000), True),
            ("format version 2, kind 65533", edit(2, 65533), True), ("format version 2, kind 65534", edit(2, 65534), True),
            ("format version 2, kind 65535", edit(2, 65535), True)]


CRAFTED = []


def main():
    psql("CREATE EXTENSION IF NOT EXISTS probabilistic;")
    psql("DROP TYPE IF EXISTS %s CASCADE;\n%s" % (ENUM_TYPE, CREATE_ENUM))
    try:
        vs, refused, probes = build_vectors()
    finally:
        psql(DROP_ENUM)
    version = psql("SELECT extversion FROM pg_extension WHERE extname = 'probabilistic'").strip()
    doc = {
        "description": "probabilistic cuckoo test vectors (doc/FORMAT.md section 5): operations on "
                       "cuckoo_empty(capacity, fpr, seed) and the exact bytes the extension produced. "
                       "Regenerate with python/make_cuckoo_vectors.py.",
        "fields": {
            "ops": "in order: [add|remove, type, text of the value] adds or removes one copy; "
                   "[add_range|remove_range, bigint, first, last, step] does so for each bigint of the range",
            "union_ops": "when present, the result is cuckoo_union(ops applied, union_ops applied)",
            "agg": "when present, the vector is cuckoo_agg(x, capacity, fpr) over these values (seed 0)",
            "kind": "the kind the result records (section 2.5)",
            "kind_cleared": "hex and sha256 are those of the result with its kind cleared (version 1, bytes 6-7 "
                            "the sub-filter count 1): vectors pinned before kinds",
            "kind_free": "the kind is cleared after each operation (a version 1 filter, as 0.4.0 stored it)",
            "hex": "the whole value (absent over 20000 bytes: use sha256)",
            "refused": "operations the server refuses, with their SQLSTATE (section 2.5)",
            "probes": "cuckoo_count of a value of another type: the answer (or SQLSTATE); equal_count: how many "
                      "values added equal it under PostgreSQL's = (the truth), when known",
            "crafted": "edited headers: accepted or not (sections 5.4 and 2.5)",
        },
        "extension_version": version,
        "cuckoo": vs,
        "refused": refused,
        "probes": probes,
        "crafted": CRAFTED,
        "enum": {"type": ENUM_TYPE, "labels": make_hll_vectors.ENUM_LABELS},
    }
    check_pinned(VECTORS, doc, ["cuckoo"])
    with open(VECTORS, "w") as fh:
        json.dump(doc, fh, indent=1)
        fh.write("\n")
    make_hll_vectors.write_regression(regression_sql(vs, refused, probes), REGRESS_SQL, REGRESS_OUT,
                                      "format_vectors_cuckoo_gen")
    print("wrote %s, %s, %s" % (VECTORS, REGRESS_SQL, REGRESS_OUT))


def build_vectors():
    vs = vectors()
    sql = APPLY
    for v in vs:
        expr = build_sql(v)
        if v["union_ops"] is not None:
            expr = "cuckoo_union(%s, %s)" % (expr, build_sql(v, "union_ops"))
        v["sql"] = "SELECT " + expr
        sql += "SELECT encode(%s::bytea, 'hex');\n" % expr
    lines = psql(sql).split()
    assert len(lines) == len(vs), lines
    for v, hexed in zip(vs, lines):
        data = bytes.fromhex(hexed)
        assert kind_of_bytes(data) == v["kind"], "%s: the server records kind %d, section 2.5 says %d" % (
            v["name"], kind_of_bytes(data), v["kind"])
        v["kind_cleared"] = not v["name"].startswith("v2 ") and v["kind"] != KIND_NONE
        if v["kind_cleared"]:
            data = clear_kind_bytes(data, VERSION_1_BYTES_6)
        v["bytes"] = len(data)
        v["sha256"] = hashlib.sha256(data).hexdigest()
        if len(data) <= MAX_HEX_BYTES:
            v["hex"] = data.hex()
    every = {v["name"]: v for v in vs}
    refused = []
    for name, vector, op, (sql_type, text), sqlstate in REFUSED:
        refused.append({"name": name, "vector": vector, "op": op, "type": sql_type, "text": text,
                        "sqlstate": sqlstate, "query": "SELECT cuckoo_%s(%s, %s)" % (
                            op, every[vector]["sql"][len("SELECT "):], literal(sql_type, text))})
    check_refused(refused, APPLY)
    probes = [{"vector": vector, "type": sql_type, "text": text,
               "query": "SELECT cuckoo_count(%s, %s)" % (every[vector]["sql"][len("SELECT "):],
                                                          literal(sql_type, text))}
              for vector, sql_type, text in PROBES]
    for p, got in zip(probes, answers([p["query"] for p in probes], APPLY)):
        p["answer"] = got
        p["equal_count"] = equal_count(every[p["vector"]], literal(p["type"], p["text"]))
        assert p["equal_count"] is None or not got.isdigit() or int(got) >= p["equal_count"], (
            "a copy is missed: %r" % p)
    base = bytes.fromhex(every["one bigint"]["hex"])
    for name, raw, ok in crafted(base):
        got = answers(["SELECT '\\x%s'::bytea::cuckoo IS NOT NULL" % raw.hex()])[0]
        assert got == ("true" if ok else "22P03"), (name, got)
        CRAFTED.append({"name": name, "hex": raw.hex(), "accepted": ok, "answer": got})
    return vs, refused, probes


if __name__ == "__main__":
    main()
