#!/usr/bin/env python3
"""Writes test/vectors/topk.json: topk_agg over fixed rows (in a fixed order) on a
running server, with the exact bytes it produced (doc/FORMAT.md section 7).

    . test/cluster.sh && start_cluster     # or any server: PGHOST, PGPORT, PGUSER, PGDATABASE
    /usr/bin/python3 python/make_topk_vectors.py

python/test_topk_format.py rebuilds every vector from its rows with
python/probabilistic/topk_format.py and compares the bytes. Needs only psql.
"""
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from make_hll_vectors import psql, quote  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = os.path.join(ROOT, "test", "vectors", "topk.json")
REGRESS = os.path.join(ROOT, "sql", "format_vectors_topk.sql")


def zipfish(n, distinct, step):
    """A skewed deterministic stream: i-th value floor(distinct / (1 + (i * step) % distinct))."""
    return [str(distinct // (1 + (i * step) % distinct)) for i in range(n)]


def vectors():
    vs = []

    def v(name, sql_type, size, values, weights=None, union=None):
        vs.append({"name": name, "type": sql_type, "size": size, "values": values, "weights": weights,
                   "union": union})

    v("empty", "bigint", 1024, [])
    v("one bigint", "bigint", 1024, ["42"])
    v("worked example", "bigint", 2, ["1", "1", "2", "3"])
    v("integers, no purge", "integer", 16, [str(i % 5 - 2) for i in range(30)])
    v("skewed, size 8", "bigint", 8, zipfish(500, 97, 31))
    v("skewed, size 1", "bigint", 1, zipfish(200, 13, 7))
    v("weighted", "bigint", 4, zipfish(120, 29, 11), weights=[str((i * 7) % 5) for i in range(120)])
    v("text", "text", 3, ["a", "b", "a", "", "ä", "b", "a", "long " * 40, "ä"])
    v("uuid", "uuid", 2, ["00000000-0000-0000-0000-00000000000%d" % (i % 4) for i in range(9)])
    v("bytea", "bytea", 4, ["\\x" + ("%02x" % (i % 6)) * (i % 3) for i in range(20)])
    v("union, sizes 8 and 5", "bigint", 8, zipfish(300, 61, 17),
      union={"size": 5, "values": zipfish(250, 41, 13), "weights": None})
    v("union with empty", "text", 4, ["x", "y", "x"], union={"size": 6, "values": [], "weights": None})
    return vs


def agg_sql(sql_type, size, values, weights):
    arr = "ARRAY[%s]::text[]" % ", ".join(quote(x) for x in values)
    if weights is None:
        return ("(SELECT coalesce(topk_agg(v::%s, %d ORDER BY o), topk_empty(%d)) FROM unnest(%s) WITH ORDINALITY u(v, o))"
                % (sql_type, size, size, arr))
    warr = "ARRAY[%s]::bigint[]" % ", ".join(weights)
    return ("(SELECT coalesce(topk_agg(v::%s, w, %d ORDER BY o), topk_empty(%d)) FROM unnest(%s, %s) WITH ORDINALITY u(v, w, o))"
            % (sql_type, size, size, arr, warr))


def vector_sql(v):
    s = agg_sql(v["type"], v["size"], v["values"], v["weights"])
    if v["union"] is not None:
        u = v["union"]
        s = "(%s || %s)" % (s, agg_sql(v["type"], u["size"], u["values"], u["weights"]))
    return "SELECT %s::text;" % s


def main():
    psql("CREATE EXTENSION IF NOT EXISTS probabilistic;")
    vs = vectors()
    for v in vs:
        v["hex"] = psql(vector_sql(v)).strip()[2:]
    with open(OUT, "w") as f:
        json.dump({"description": "probabilistic topk test vectors (doc/FORMAT.md section 7): topk_agg(x [, weight], "
                   "size ORDER BY row) over the rows, unioned (||) with a second sketch when 'union' is set, and the "
                   "exact bytes the extension produced. Regenerate with python/make_topk_vectors.py.",
                   "vectors": vs}, f, indent=1, ensure_ascii=False)
        f.write("\n")
    with open(REGRESS, "w") as f:
        f.write("-- topk test vectors (test/vectors/topk.json, written by python/make_topk_vectors.py):\n"
                "-- the extension still builds every vector's bytes. Expected: every row true.\n")
        for v in vs:
            f.write("SELECT %s AS vector, %s = %s AS same_bytes;\n"
                    % (quote(v["name"]), vector_sql(v)[len("SELECT "):-len("::text;")], quote("\\x" + v["hex"]) + "::topk"))
    print("wrote %d vectors to %s and %s" % (len(vs), os.path.relpath(OUT), os.path.relpath(REGRESS)))


if __name__ == "__main__":
    main()
