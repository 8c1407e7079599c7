#!/usr/bin/env python3
"""Regenerates the ddsketch test vectors from a running server with the extension.

    . test/cluster.sh && start_cluster     # or any server: PGHOST, PGPORT, PGUSER, PGDATABASE
    /usr/bin/python3 python/make_ddsketch_vectors.py

Each vector is ddsketch_agg(x, alpha, max_buckets) over a list of values (each
written as the shortest text that reads back as its double, with a repeat
count), the bytes the extension produced, and its quantiles at a few q; a union
vector is the union of two lists' sketches. Writes test/vectors/ddsketch.json
and sql/format_vectors_ddsketch.sql (the same vectors, so the regression suite
fails if the extension's output drifts; its expected output is what pg_regress
prints, every comparison true: run the test and copy results/ to expected/ after
checking that). The vectors are the contract of
doc/FORMAT.md section 6: regenerate them only with a format version change,
never to make a failing test pass. Needs only psql.
"""

import json
import math
import os
import random

from make_hll_vectors import ROOT, psql

VECTORS = os.path.join(ROOT, "test", "vectors", "ddsketch.json")
REGRESS_SQL = os.path.join(ROOT, "sql", "format_vectors_ddsketch.sql")
QS = [0.0, 0.01, 0.25, 0.5, 0.9, 0.99, 1.0]


def ones(values):
    return [[repr(float(v)), 1] for v in values]


def cases():
    rng = random.Random(20261204)
    lognormal = [rng.lognormvariate(0, 1) for _ in range(300)]
    wide = [math.copysign(math.exp(rng.uniform(-40, 40)), rng.random() - 0.3) for _ in range(400)]
    return [
        ("empty", 0.01, 2048, []),
        ("one", 0.01, 2048, ones([1.0])),
        ("zeros, signs, extremes", 0.01, 2048,
         ones([0.0, -0.0, -2.5, 3.0, 1e-300, -1e300, 5e-324, 1.7976931348623157e308, -5e-324])),
        ("integers 1..200", 0.01, 2048, ones(range(1, 201))),
        ("counts past 255, 65535", 0.01, 2048, [["1.0", 300], ["2.0", 70000], ["-7.5", 3]]),
        ("lognormal, alpha 0.05", 0.05, 2048, ones(lognormal)),
        ("lognormal, alpha 0.0001", 0.0001, 65536, ones(lognormal[:100])),
        ("wide, collapsed at 32", 0.01, 32, ones(wide)),
        ("max_buckets 1", 0.02, 1, ones([1.0, 10.0, 1000.0, -3.0, -0.5, 0.0])),
        ("sum needs many limbs", 0.01, 2048, ones([1e300, 5e-324, -1e-310, 3.0, 1e-200])),
    ]


def agg_sql(alpha, max_buckets, values):
    vals = "ARRAY[%s]::text[]" % ", ".join("'%s'" % v for v, _ in values) if values else "ARRAY[]::text[]"
    times = "ARRAY[%s]::int[]" % ", ".join(str(t) for _, t in values) if values else "ARRAY[]::int[]"
    return ("(SELECT ddsketch_agg(v::float8, %r, %d) FROM unnest(%s, %s) u(v, t), generate_series(1, t))"
            % (alpha, max_buckets, vals, times))


TABLE = """CREATE TEMP TABLE dd_vectors (name text, alpha float8, max_buckets int, vals text[], times int[], hex text);
INSERT INTO dd_vectors VALUES
%s;
"""
# Each vector whole, and as the union of the sketches of its odd and even values (in
# either order), against its bytes.
CHECK = """SELECT name,
       cardinality(vals) = 0 OR encode((SELECT ddsketch_agg(v::float8, alpha, max_buckets) FROM unnest(vals, times) u(v, t),
               generate_series(1, t))::bytea, 'hex') = hex AS same_bytes,
       cardinality(vals) < 2 OR (SELECT encode((ddsketch_agg(v::float8, alpha, max_buckets) FILTER (WHERE o % 2 = 0)
                     || ddsketch_agg(v::float8, alpha, max_buckets) FILTER (WHERE o % 2 = 1))::bytea, 'hex') = hex
               FROM unnest(vals, times) WITH ORDINALITY u(v, t, o), generate_series(1, t)) AS union_of_halves
FROM dd_vectors ORDER BY name;
-- Zero rows: the empty sketch of the call's constant parameters (with parameters
-- read from a table, as above, zero rows give NULL: they are not constants).
SELECT encode(ddsketch_agg(x)::bytea, 'hex') = (SELECT hex FROM dd_vectors WHERE name = 'empty') AS empty_same_bytes
FROM generate_series(1, 0) x;
"""


def main():
    psql("CREATE EXTENSION IF NOT EXISTS probabilistic;")
    version = psql("SELECT extversion FROM pg_extension WHERE extname = 'probabilistic';").strip()
    out, rows_sql = [], []
    for name, alpha, max_buckets, values in cases():
        sketch = agg_sql(alpha, max_buckets, values)
        rows = psql("SELECT encode(s::bytea, 'hex'), coalesce(array_to_string(quantiles(s, '{%s}'), ','), '') "
                    "FROM %s AS v(s);" % (",".join(map(repr, QS)), sketch)).strip().split("|")
        out.append({"name": name, "alpha": alpha, "max_buckets": max_buckets, "values": values, "bytes": rows[0],
                    "quantiles": [float(x) for x in rows[1].split(",")] if rows[1] else None})
        rows_sql.append("    ('%s', %r, %d, '{%s}', '{%s}', '%s')" % (
            name, alpha, max_buckets, ",".join(v for v, _ in values), ",".join(str(t) for _, t in values), rows[0]))
    regress = [TABLE % ",\n".join(rows_sql), CHECK]
    # The check itself, on the server: every vector's bytes, whole and as the union of its halves.
    checked = [line.split("|") for line in psql(TABLE % ",\n".join(rows_sql) + CHECK).splitlines()]
    assert len(checked) == len(out) + 1 and all(c[1:] == ["t", "t"] for c in checked[:-1]), checked
    assert checked[-1] == ["t"], checked
    doc = {
        "description": "ddsketch_agg(x, alpha, max_buckets) over each list of values (text of a double, repeat "
                       "count): the exact bytes (doc/FORMAT.md section 6) and quantile() at each q of 'qs' "
                       "(null for an empty sketch). The union of any split of a vector's values is its bytes.",
        "extension_version": version,
        "qs": QS,
        "ddsketch": out,
    }
    with open(VECTORS, "w") as f:
        json.dump(doc, f, indent=1)
        f.write("\n")
    with open(REGRESS_SQL, "w") as f:
        f.write("-- The ddsketch binary format as a contract (doc/FORMAT.md section 6): the\n"
                "-- extension must keep producing exactly these bytes for these values, also as\n"
                "-- the union of two halves. Generated with test/vectors/ddsketch.json by\n"
                "-- python/make_ddsketch_vectors.py; python/ddsketch_format.py, an independent\n"
                "-- implementation, is checked against the same vectors.\n")
        f.write("".join(regress))
    print("wrote %s (%d vectors) and %s" % (os.path.relpath(VECTORS), len(out), os.path.relpath(REGRESS_SQL)))


if __name__ == "__main__":
    main()
