#!/usr/bin/env python3
"""Regenerates the cuckoo test vectors from a running server with the extension.

    . test/cluster.sh && start_cluster     # or any server: PGHOST, PGPORT, PGUSER, PGDATABASE
    /usr/bin/python3 python/make_cuckoo_vectors.py

Each vector is a list of operations (add or remove a bigint or text value) on
cuckoo_empty(capacity, fpr, seed), optionally followed by the union with
another such list. Writes test/vectors/cuckoo.json (the exact bytes the
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
from make_hll_vectors import ROOT, psql, quote

VECTORS = os.path.join(ROOT, "test", "vectors", "cuckoo.json")
REGRESS_SQL = os.path.join(ROOT, "sql", "format_vectors_cuckoo.sql")
REGRESS_OUT = os.path.join(ROOT, "expected", "format_vectors_cuckoo.out")
# Values longer than this are stored in the JSON as their SHA-256 only ...
MAX_HEX_BYTES = 20000
# ... and compared inline in the regression test only up to this size.
MAX_INLINE_BYTES = 400

APPLY = r"""
CREATE FUNCTION pg_temp.apply(c cuckoo, ops jsonb) RETURNS cuckoo LANGUAGE plpgsql AS $$
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
        ELSE
            IF op->>0 = 'add' THEN c := cuckoo_add(c, op->>2);
            ELSE c := cuckoo_remove(c, op->>2); END IF;
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

    def v(name, capacity, fpr, seed, ops, union=None):
        out.append({"name": name, "capacity": capacity, "fpr": fpr, "seed": seed, "ops": ops, "union_ops": union})

    v("empty capacity 1", 1, 0.01, 0, [])
    v("empty capacity 1000", 1000, 0.01, 0, [])
    v("empty rate 0.5 seed -1", 10, 0.5, -1, [])
    v("empty rate 0.1 with pad bits", 2, 0.1, 0, [])
    v("one bigint", 10, 0.01, 0, adds("bigint", [42]))
    v("one text", 10, 0.01, 0, adds("text", ["hello"]))
    v("duplicates fill two buckets", 100, 0.01, 0, adds("bigint", [7] * 8))
    v("to capacity, kicks", 200, 0.01, 0, adds("bigint", range(1, 201)))
    v("to capacity at 0.1", 50, 0.1, 3, adds("bigint", range(1, 51)))
    v("to capacity at 1e-5 (20-bit)", 300, 1e-05, 0, adds("bigint", range(1, 301)))
    v("32-bit fingerprints", 100, 2e-09, 5, adds("bigint", range(1, 101)))
    v("adds and removes", 300, 0.001, 11,
      adds("bigint", range(1, 301)) + removes("bigint", range(1, 301, 3)) + removes("bigint", [100000])
      + adds("text", ["a", "b", "c"]))
    v("union", 500, 0.01, 0, adds("bigint", range(1, 201)), adds("bigint", range(150, 351)))
    v("union at 0.001 seed 9", 400, 0.001, 9, adds("text", ["t%d" % i for i in range(150)]),
      adds("text", ["t%d" % i for i in range(100, 300)]))
    v("large", 20000, 0.01, 0, adds("bigint", range(20000)))
    return out


def regression_sql(vs):
    """The vectors as a pg_regress test: the same operations, the same bytes."""
    rows = []
    for i, v in enumerate(vs, 1):
        expr = v["sql"][len("SELECT "):]
        if v["bytes"] <= MAX_INLINE_BYTES:
            got, expected = "(%s)::bytea" % expr, "'\\x%s'::bytea" % v["hex"]
        else:
            got, expected = "sha256((%s)::bytea)" % expr, "'\\x%s'::bytea" % v["sha256"]
        rows.append("  (%d, %s,\n   %s,\n   %s)" % (i, quote(v["name"]), got, expected))
    inline = [(i, v) for i, v in enumerate(vs, 1) if "hex" in v and v["bytes"] <= MAX_INLINE_BYTES]
    return "\n".join([
        "-- The cuckoo binary format as a contract (doc/FORMAT.md section 5): the",
        "-- extension must keep producing exactly these bytes for these operations, so",
        "-- the format cannot drift silently. Generated with test/vectors/cuckoo.json by",
        "-- python/make_cuckoo_vectors.py; the same vectors are checked against an",
        "-- independent implementation in python/cuckoo_format.py.",
        "-- A changed byte here needs a new format version or hash id, not a new file.",
        "",
        "-- pg_temp.apply(c, ops): the operations of a vector, in order (see the",
        "-- \"fields\" of test/vectors/cuckoo.json).",
        APPLY.strip(),
        "",
        "-- Each vector's bytes; values over %d bytes are compared by their SHA-256." % MAX_INLINE_BYTES,
        "SELECT n, vector, got = expected AS same_bytes",
        "FROM (VALUES",
        ",\n".join(rows),
        ") v(n, vector, got, expected)",
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
    ])


def main():
    psql("CREATE EXTENSION IF NOT EXISTS probabilistic;")
    vs = vectors()
    sql = APPLY
    for v in vs:
        base = "pg_temp.apply(cuckoo_empty(%d, %r, %d), %s)" % (
            v["capacity"], v["fpr"], v["seed"], "'" + json.dumps(v["ops"]) + "'::jsonb")
        expr = base
        if v["union_ops"] is not None:
            other = "pg_temp.apply(cuckoo_empty(%d, %r, %d), %s)" % (
                v["capacity"], v["fpr"], v["seed"], "'" + json.dumps(v["union_ops"]) + "'::jsonb")
            expr = "cuckoo_union(%s, %s)" % (base, other)
        v["sql"] = "SELECT " + expr
        sql += "SELECT encode(%s::bytea, 'hex');\n" % expr
    lines = psql(sql).split()
    assert len(lines) == len(vs), lines
    for v, hexed in zip(vs, lines):
        data = bytes.fromhex(hexed)
        v["bytes"] = len(data)
        v["sha256"] = hashlib.sha256(data).hexdigest()
        if len(data) <= MAX_HEX_BYTES:
            v["hex"] = hexed
    version = psql("SELECT extversion FROM pg_extension WHERE extname = 'probabilistic'").strip()
    doc = {
        "description": "probabilistic cuckoo test vectors (doc/FORMAT.md section 5): operations on "
                       "cuckoo_empty(capacity, fpr, seed) and the exact bytes the extension produced. "
                       "Regenerate with python/make_cuckoo_vectors.py.",
        "fields": {
            "ops": "in order: [add|remove, type, text of the value] adds or removes one copy; "
                   "[add_range|remove_range, bigint, first, last, step] does so for each bigint of the range",
            "union_ops": "when present, the result is cuckoo_union(ops applied, union_ops applied)",
            "hex": "the whole value (absent over 20000 bytes: use sha256)",
        },
        "extension_version": version,
        "cuckoo": vs,
    }
    with open(VECTORS, "w") as fh:
        json.dump(doc, fh, indent=1)
        fh.write("\n")
    make_hll_vectors.write_regression(regression_sql(vs), REGRESS_SQL, REGRESS_OUT, "format_vectors_cuckoo_gen")
    print("wrote %s, %s, %s" % (VECTORS, REGRESS_SQL, REGRESS_OUT))


if __name__ == "__main__":
    main()
