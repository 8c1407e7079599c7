#!/usr/bin/env python3
"""Regenerates the countmin test vectors from a running server with the extension.

    . test/cluster.sh && start_cluster     # or any server: PGHOST, PGPORT, PGUSER, PGDATABASE
    /usr/bin/python3 python/make_countmin_vectors.py

Each vector is a list of adds (a value of a type, a weight) on
countmin_empty(epsilon, delta, seed), optionally followed by the union with
another such list, or countmin_agg over values. Writes test/vectors/countmin.json
(the exact bytes the extension produced), sql/format_vectors_countmin.sql (the
same vectors, so the regression suite fails if the extension's output drifts)
and expected/format_vectors_countmin.out (that file run through psql as
pg_regress runs it). The vectors are the contract of doc/FORMAT.md section 7:
regenerate them only with a format version or hash id change, never to make a
failing test pass. Needs only psql.
"""

import hashlib
import json
import os

import make_hll_vectors
from make_hll_vectors import ROOT, psql, quote

VECTORS = os.path.join(ROOT, "test", "vectors", "countmin.json")
REGRESS_SQL = os.path.join(ROOT, "sql", "format_vectors_countmin.sql")
REGRESS_OUT = os.path.join(ROOT, "expected", "format_vectors_countmin.out")
# Values longer than this are stored in the JSON as their SHA-256 only ...
MAX_HEX_BYTES = 20000
# ... and compared inline in the regression test only up to this size.
MAX_INLINE_BYTES = 400

APPLY = r"""
CREATE FUNCTION pg_temp.apply(s countmin, ops jsonb) RETURNS countmin
LANGUAGE plpgsql AS $$
DECLARE op jsonb;
BEGIN
    FOR op IN SELECT * FROM jsonb_array_elements(ops) LOOP
        IF op->>0 = 'add_range' THEN
            FOR i IN (op->>1)::bigint..(op->>2)::bigint LOOP
                s := countmin_add(s, i % (op->>3)::bigint, 1 + i % (op->>4)::bigint);
            END LOOP;
        ELSE
            EXECUTE format('SELECT countmin_add($1, %L::%s, %s)', op->>2, op->>1, op->>3) INTO s USING s;
        END IF;
    END LOOP;
    RETURN s;
END $$;
"""


def adds(sql_type, texts, weight=1):
    return [["add", sql_type, t, weight] for t in texts]


def vectors():
    vs = []

    def v(name, epsilon, delta, seed, ops, union_ops=None, union_seed=None):
        vs.append({"name": name, "epsilon": epsilon, "delta": delta, "seed": seed, "ops": ops,
                   "union_ops": union_ops})

    v("empty defaults", 0.001, 0.01, 0, [])
    v("empty, seed -5", 0.01, 0.1, -5, [])
    v("one bigint, one row", 0.5, 0.5, 3, adds("bigint", ["42"]))
    v("bigints, weights", 0.01, 0.05, 0, adds("bigint", [str(i) for i in range(1, 60)]) +
      adds("bigint", ["7", "8"], 1000))
    v("integers as bigint", 0.01, 0.05, 0, adds("integer", [str(i) for i in range(1, 60)]) +
      adds("smallint", ["7", "8"], 1000))
    v("text", 0.02, 0.01, 7, adds("text", ["apple", "banana", "", "héllo", "apple"]))
    v("numeric", 0.05, 0.2, 0, adds("numeric", ["1.50", "1.5", "2", "-0.00", "NaN"]))
    v("double precision", 0.05, 0.2, 0, adds("double precision", ["2", "2.5", "-0", "NaN", "Infinity"]))
    v("uuid and timestamps", 0.05, 0.2, 1,
      adds("uuid", ["a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11"]) + adds("uuid", ["a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11"], 9))
    v("collisions, depth 2", 0.5, 0.2, 0, [["add_range", 1, 500, 37, 3]])
    v("collisions, depth 5", 0.1, 0.01, 0, [["add_range", 1, 3000, 211, 5]])
    v("zero weight", 0.1, 0.1, 0, adds("bigint", ["1"], 0))
    v("union", 0.05, 0.05, 0, [["add_range", 1, 400, 50, 2]], [["add_range", 300, 900, 70, 3]])
    v("union with empty", 0.05, 0.05, 0, adds("text", ["x"]), [])
    v("union of kinds", 0.05, 0.05, 0, adds("bigint", ["1"]), adds("text", ["1"]))
    v("default size, many", 0.001, 0.01, 0, [["add_range", 1, 5000, 1000, 7]])
    return vs


def build_sql(v, key="ops"):
    return "pg_temp.apply(countmin_empty(%r, %r, %d), %s::jsonb)" % (
        v["epsilon"], v["delta"], v["seed"], quote(json.dumps(v[key])))


def expression(v):
    expr = build_sql(v)
    if v["union_ops"] is not None:
        expr = "countmin_union(%s, %s)" % (expr, build_sql(v, "union_ops"))
    return expr


def regression_sql(vs):
    lines = [
        "-- The countmin binary format as a contract (doc/FORMAT.md section 7): the",
        "-- extension must keep producing exactly these bytes for these adds, so the",
        "-- format cannot drift silently. Generated with test/vectors/countmin.json by",
        "-- python/make_countmin_vectors.py; the same vectors are checked against an",
        "-- independent implementation in python/countmin_format.py.",
        "-- A changed byte here needs a new format version or hash id, not a new file.",
        "",
        "-- pg_temp.apply(s, ops): the adds of a vector, in order (see the \"fields\" of",
        "-- test/vectors/countmin.json).",
        APPLY.strip(),
        "",
        "SELECT name, same FROM (VALUES",
    ]
    rows = []
    for v in vs:
        got = "encode(%s::bytea, 'hex')" % expression(v)
        if v["bytes"] <= MAX_INLINE_BYTES:
            check = "%s = %s" % (got, quote(v["hex"]))
        else:
            check = "encode(sha256(%s::bytea), 'hex') = %s" % (expression(v), quote(v["sha256"]))
        rows.append("    (%s, %s)" % (quote(v["name"]), check))
    lines.append(",\n".join(rows))
    lines.append(") t(name, same);")
    lines.append("")
    lines.append("-- The server reads the vectors' bytes back (bytea and text input) unchanged.")
    rows = []
    for v in vs:
        if v["bytes"] <= MAX_INLINE_BYTES:
            rows.append("    (%s, %s::bytea)" % (quote(v["name"]), quote("\\x" + v["hex"])))
    lines.append("SELECT name, b::countmin::bytea = b AS bytea_in, b::countmin::text::countmin::bytea = b AS text_in"
                 " FROM (VALUES\n" + ",\n".join(rows) + "\n) t(name, b);")
    lines.append("")
    return "\n".join(lines)


def main():
    psql("CREATE EXTENSION IF NOT EXISTS probabilistic;")
    ext = psql("SELECT extversion FROM pg_extension WHERE extname = 'probabilistic';").strip()
    vs = vectors()
    sql = APPLY + "".join("SELECT encode(%s::bytea, 'hex');\n" % expression(v) for v in vs)
    for v, hexed in zip(vs, psql(sql).split()):
        raw = bytes.fromhex(hexed)
        v["bytes"] = len(raw)
        v["sha256"] = hashlib.sha256(raw).hexdigest()
        if len(raw) <= MAX_HEX_BYTES:
            v["hex"] = hexed
    doc = {
        "description": "probabilistic countmin test vectors (doc/FORMAT.md section 7): adds on "
                       "countmin_empty(epsilon, delta, seed) and the exact bytes the extension produced. "
                       "Regenerate with python/make_countmin_vectors.py.",
        "fields": {
            "ops": "in order: [add, type, text of the value, weight] adds weight for one value; "
                   "[add_range, first, last, m, k] adds, for each bigint i of the range, the value i % m "
                   "(bigint) with weight 1 + i % k",
            "union_ops": "when present, the result is countmin_union(ops applied, union_ops applied)",
            "hex": "the whole value (absent over 20000 bytes: use sha256)",
        },
        "extension_version": ext,
        "countmin": vs,
    }
    with open(VECTORS, "w") as fh:
        json.dump(doc, fh, indent=1)
        fh.write("\n")
    make_hll_vectors.write_regression(regression_sql(vs), REGRESS_SQL, REGRESS_OUT, "format_vectors_countmin_gen")
    print("wrote %s, %s, %s" % (VECTORS, REGRESS_SQL, REGRESS_OUT))


if __name__ == "__main__":
    main()
