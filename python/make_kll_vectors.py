#!/usr/bin/env python3
"""Regenerates the kll test vectors from a running server with the extension.

    . test/cluster.sh && start_cluster     # or any server: PGHOST, PGPORT, PGUSER, PGDATABASE
    /usr/bin/python3 python/make_kll_vectors.py

Each vector is kll_agg(x, k) over a list of values in order (each written as the
shortest text that reads back as its double, with a repeat count), the bytes
the extension produced, its quantiles at a few q, its ranks at a few x, and
kll_export's DataSketches images (doubles and floats); a union vector is
kll_agg(first list, k) || kll_agg(second list, k2). Writes test/vectors/kll.json
and sql/format_vectors_kll.sql (the same vectors, so the regression suite fails
if the extension's output drifts; its expected output is what pg_regress prints,
every comparison true: run the test and copy results/ to expected/ after
checking that). The vectors are the contract of doc/FORMAT.md section 10:
regenerate them only with a format version change, never to make a failing test
pass. Needs only psql.
"""

import json
import math
import os
import random

from make_hll_vectors import ROOT, psql

VECTORS = os.path.join(ROOT, "test", "vectors", "kll.json")
REGRESS_SQL = os.path.join(ROOT, "sql", "format_vectors_kll.sql")
QS = [0.0, 0.001, 0.01, 0.25, 0.5, 0.9, 0.99, 1.0]


def ones(values):
    return [[repr(float(v)), 1] for v in values]


def cases():
    rng = random.Random(20261204)
    lognormal = [rng.lognormvariate(0, 2) for _ in range(1000)]
    few = [rng.choice((-0.0, 0.0, 1.0, 2.0, -3.5)) for _ in range(600)]
    return [
        ("empty", 200, [], None),
        ("one", 200, ones([2.5]), None),
        ("three at k 8", 8, ones([1.0, 2.0, 3.0]), None),
        ("1..200 at k 200, one level", 200, ones(range(1, 201)), None),
        ("1..100 at k 8", 8, ones(range(1, 101)), None),
        ("repeats at k 8", 8, [["1.0", 300], ["-2.0", 77], ["1e300", 5]], None),
        ("lognormal at k 20", 20, ones(lognormal), None),
        ("lognormal at k 100", 100, ones(lognormal), None),
        ("sorted at k 9", 9, ones(range(600)), None),
        ("reverse at k 33", 33, ones(range(600, 0, -1)), None),
        ("infinities and signed zeros at k 8", 8,
         ones([math.inf, -0.0, 0.0, -math.inf, 5e-324, -1.7976931348623157e308] * 40) + ones(few[:200]), None),
        ("ties at k 12", 12, ones(few), None),
        ("union, k 50 and 20", 50, ones(lognormal[:600]), (20, ones(lognormal[600:]))),
        ("union, k 8 and 200", 8, ones(range(300)), (200, ones(range(300, 900)))),
        ("union into one level", 200, ones(range(10)), (16, ones(range(1000)))),
        ("union with empty", 30, ones(range(100)), (30, [])),
    ]


def values_sql(values):
    vals = "ARRAY[%s]::text[]" % ", ".join("'%s'" % v for v, _ in values) if values else "ARRAY[]::text[]"
    times = "ARRAY[%s]::int[]" % ", ".join(str(t) for _, t in values) if values else "ARRAY[]::int[]"
    return vals, times


def agg_sql(k, values):
    vals, times = values_sql(values)
    # ORDER BY: the values in list order (a kll depends on the order).
    return ("(SELECT kll_agg(v::float8, %d ORDER BY o, g) FROM unnest(%s, %s) WITH ORDINALITY u(v, t, o), "
            "generate_series(1, t) g)" % (k, vals, times))


TABLE = """CREATE TEMP TABLE kll_vectors (name text, k int, vals text[], times int[], k2 int, vals2 text[], times2 int[],
                               hex text, ds_double text, ds_float text);
INSERT INTO kll_vectors VALUES
%s;
"""
CHECK = """CREATE FUNCTION pg_temp.sketch(k int, vals text[], times int[]) RETURNS kll LANGUAGE sql AS $$
    SELECT coalesce(kll_agg(v::float8, k ORDER BY o, g),  -- zero rows: the empty sketch of k, from its image
                    kll_import(set_byte(set_byte('\\x02010f01c8000800'::bytea, 4, k % 256), 5, k / 256)))
    FROM unnest(vals, times) WITH ORDINALITY u(v, t, o), generate_series(1, t) g $$;
SELECT name,
       encode(CASE WHEN k2 IS NULL THEN pg_temp.sketch(k, vals, times)
                   ELSE pg_temp.sketch(k, vals, times) || pg_temp.sketch(k2, vals2, times2) END::bytea, 'hex') = hex
           AS same_bytes,
       encode(kll_export(decode(hex, 'hex')::kll), 'hex') = ds_double AS same_double_image,
       encode(kll_export(decode(hex, 'hex')::kll, 'float'), 'hex') = ds_float AS same_float_image,
       kll_import(decode(ds_double, 'hex')) = decode(hex, 'hex')::kll AS double_image_imports
FROM kll_vectors ORDER BY name;
"""


def main():
    psql("CREATE EXTENSION IF NOT EXISTS probabilistic;")
    version = psql("SELECT extversion FROM pg_extension WHERE extname = 'probabilistic';").strip()
    out, rows_sql = [], []
    for name, k, values, other in cases():
        sketch = agg_sql(k, values) if values else "(SELECT kll_agg(x, %d) FROM generate_series(1, 0) x)" % k
        if other is not None:
            k2, values2 = other
            sketch2 = agg_sql(k2, values2) if values2 else "(SELECT kll_agg(x, %d) FROM generate_series(1, 0) x)" % k2
            sketch = "(SELECT %s || %s)" % (sketch, sketch2)
        row = psql("SELECT encode(s::bytea, 'hex'), coalesce(array_to_string(quantiles(s, '{%s}'), ','), ''), "
                   "coalesce(array_to_string(ARRAY(SELECT quantile_rank(s, x) FROM unnest('{-1,0,1,2.5,100}'::float8[]) x), ','), ''), "
                   "encode(kll_export(s), 'hex'), encode(kll_export(s, 'float'), 'hex') FROM %s AS v(s);"
                   % (",".join(map(repr, QS)), sketch)).strip().split("|")
        vec = {"name": name, "k": k, "values": values, "bytes": row[0],
               "quantiles": [float(x) for x in row[1].split(",")] if row[1] else None,
               "ranks": [float(x) for x in row[2].split(",")] if row[2] else None,
               "datasketches_double": row[3], "datasketches_float": row[4]}
        if other is not None:
            vec["union_with"] = {"k": other[0], "values": other[1]}
        out.append(vec)
        v1, t1 = (",".join(v for v, _ in values), ",".join(str(t) for _, t in values))
        if other is not None:
            v2, t2 = (",".join(v for v, _ in other[1]), ",".join(str(t) for _, t in other[1]))
            extra = "%d, '{%s}', '{%s}'" % (other[0], v2, t2)
        else:
            extra = "NULL, NULL, NULL"
        rows_sql.append("    ('%s', %d, '{%s}', '{%s}', %s, '%s', '%s', '%s')"
                        % (name, k, v1, t1, extra, row[0], row[3], row[4]))
    regress = [TABLE % ",\n".join(rows_sql), CHECK]
    checked = [line.split("|") for line in psql("".join(regress)).splitlines() if "|" in line]
    assert len(checked) == len(out) and all(c[1:] == ["t"] * 4 for c in checked), checked
    doc = {
        "description": "kll_agg(x, k) over each list of values in order (text of a double, repeat count), or "
                       "for 'union_with' that sketch || kll_agg(second list, its k): the exact bytes "
                       "(doc/FORMAT.md section 10), quantile() at each q of 'qs' and quantile_rank() at each x "
                       "of 'xs' (null for an empty sketch), and kll_export's DataSketches images.",
        "extension_version": version,
        "qs": QS,
        "xs": [-1.0, 0.0, 1.0, 2.5, 100.0],
        "kll": out,
    }
    with open(VECTORS, "w") as f:
        # One vector a line: its value lists stay on it.
        head = json.dumps({key: value for key, value in doc.items() if key != "kll"}, indent=1)
        f.write(head[:-2] + ',\n "kll": [\n  ' + ",\n  ".join(json.dumps(v) for v in out) + "\n ]\n}\n")
    with open(REGRESS_SQL, "w") as f:
        f.write("-- The kll binary format as a contract (doc/FORMAT.md section 10): the extension\n"
                "-- must keep producing exactly these bytes for these values in this order, and\n"
                "-- these DataSketches images. Generated with test/vectors/kll.json by\n"
                "-- python/make_kll_vectors.py; python/kll_format.py, an independent\n"
                "-- implementation, is checked against the same vectors.\n")
        f.write("".join(regress))
    print("wrote %s (%d vectors) and %s" % (os.path.relpath(VECTORS), len(out), os.path.relpath(REGRESS_SQL)))


if __name__ == "__main__":
    main()
