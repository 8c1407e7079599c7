#!/usr/bin/env python3
"""Regenerates the agebloom test vectors from a running server with the extension.

    . test/cluster.sh && start_cluster     # or any server: PGHOST, PGPORT, PGUSER, PGDATABASE
    /usr/bin/python3 python/make_agebloom_vectors.py

Each vector is agebloom_empty(...) in a count or time window followed by adds
(a value of a type, and a time in microseconds since 1970-01-01 UTC), then
optionally the union with another such list. Writes test/vectors/agebloom.json
(the exact bytes the extension produced, or their SHA-256 when long),
sql/format_vectors_agebloom.sql (the same vectors, so the regression suite fails
if the extension's output drifts) and expected/format_vectors_agebloom.out (that
file run through psql as pg_regress runs it). The vectors are the contract of
doc/FORMAT.md section 11: regenerate them only with a format version or hash id
change, never to make a failing test pass. Needs only psql.
"""

import hashlib
import json
import os

import make_hll_vectors
from make_hll_vectors import ROOT, psql, quote

VECTORS = os.path.join(ROOT, "test", "vectors", "agebloom.json")
REGRESS_SQL = os.path.join(ROOT, "sql", "format_vectors_agebloom.sql")
REGRESS_OUT = os.path.join(ROOT, "expected", "format_vectors_agebloom.out")
MAX_HEX_BYTES = 20000
MAX_INLINE_BYTES = 600
HOUR = 3600 * 10**6
T0 = 1767225600 * 10**6  # 2026-01-01 00:00 UTC

APPLY = r"""
CREATE FUNCTION pg_temp.apply(f agebloom, ops jsonb) RETURNS agebloom LANGUAGE plpgsql AS $$
DECLARE op jsonb;
BEGIN
    FOR op IN SELECT * FROM jsonb_array_elements(ops) LOOP
        IF op->>0 = 'add_range' THEN
            -- ["add_range", first, last, first time, microseconds between]
            FOR i IN (op->>1)::bigint..(op->>2)::bigint LOOP
                f := agebloom_add(f, i, to_timestamp(0) + ((op->>3)::bigint + (i - (op->>1)::bigint) * (op->>4)::bigint) * interval '1 microsecond');
            END LOOP;
        ELSE
            -- ["add", type, text, time]
            EXECUTE format('SELECT agebloom_add($1, %L::%s, to_timestamp(0) + %s * interval ''1 microsecond'')',
                           op->>2, op->>1, op->>3) INTO f USING f;
        END IF;
    END LOOP;
    RETURN f;
END $$;
"""


def adds(sql_type, values, at):
    return [["add", sql_type, str(v), at] for v in values]


def vectors():
    out = []

    def v(name, mode, window, capacity, fpr, generations, seed, ops, union=None):
        out.append({"name": name, "mode": mode, "window": window, "capacity": capacity, "fpr": fpr,
                    "generations": generations, "seed": seed, "ops": ops, "union_ops": union})

    v("count empty", "count", 100, 100, 0.01, 0, 0, [])
    v("count one bigint", "count", 10, 10, 0.01, 0, 0, adds("bigint", [42], 0))
    v("count 350 over 4 generations", "count", 100, 100, 0.01, 4, 0, [["add_range", 1, 350, 0, 0]])
    v("count at 0.001 seed -1, text", "count", 50, 50, 0.001, 5, -1,
      adds("text", ["t%d" % i for i in range(120)], 0))
    v("count one generation, k large", "count", 20, 20, 0.0001, 1, 7, [["add_range", 1, 45, 0, 0]])
    v("time empty", "time", HOUR, 1000, 0.01, 0, 0, [])
    v("time one value", "time", HOUR, 1000, 0.01, 0, 0, adds("bigint", [42], T0))
    v("time 400 text over 2 hours", "time", HOUR, 500, 0.001, 0, 0,
      [["add", "text", str(i), T0 + i * 17 * 10**6] for i in range(1, 401)])
    v("time before 1970, seed -3", "time", 600 * 10**6, 50, 0.05, 5, -3,
      adds("double precision", ["1.5", "-0", "NaN"], -10**6))
    v("time late adds and one too old", "time", HOUR, 6000, 0.01, 6, 0,
      [["add_range", 1, 100, T0 + 5 * HOUR, 60 * 10**6], ["add_range", 101, 150, T0 + 4 * HOUR, 60 * 10**6],
       ["add_range", 151, 160, T0, 10**6]])
    v("time quiet hours", "time", HOUR, 1000, 0.01, 12, 0,
      [["add_range", 1, 50, T0, 10**6], ["add_range", 51, 60, T0 + 3 * HOUR, 10**6]])
    v("time numeric and integer (kind numeric)", "time", HOUR, 100, 0.01, 4, 0,
      adds("numeric", ["1.50", "42.000"], T0) + adds("integer", [7], T0))
    v("time union", "time", HOUR, 2000, 0.01, 8, 0,
      [["add_range", 1, 300, T0, 10 * 10**6]], [["add_range", 200, 500, T0 + HOUR, 10 * 10**6]])
    v("time union with an empty side", "time", HOUR, 2000, 0.01, 8, 0, [["add_range", 1, 30, T0, 10**6]], [])
    v("large count", "count", 20000, 20000, 0.01, 0, 0, [["add_range", 1, 30000, 0, 0]])
    return out


def empty_sql(v):
    if v["mode"] == "count":
        return "agebloom_empty(%d, %r, %d, %d)" % (v["window"], v["fpr"], v["generations"], v["seed"])
    return "agebloom_empty(interval '%d microseconds', %d, %r, %d, %d)" % (
        v["window"], v["capacity"], v["fpr"], v["generations"], v["seed"])


def build_sql(v):
    left = "pg_temp.apply(%s, %s::jsonb)" % (empty_sql(v), quote(json.dumps(v["ops"])))
    if v["union_ops"] is None:
        return left
    return "agebloom_union(%s, pg_temp.apply(%s, %s::jsonb))" % (left, empty_sql(v), quote(json.dumps(v["union_ops"])))


def main():
    psql("CREATE EXTENSION IF NOT EXISTS probabilistic;")
    vs = vectors()
    sql = APPLY + "".join("SELECT %s::text;\n" % build_sql(v) for v in vs)
    texts = psql(sql).split("\n")[:len(vs)]
    version = psql("SELECT extversion FROM pg_extension WHERE extname = 'probabilistic';").strip()
    for v, text in zip(vs, texts):
        raw = bytes.fromhex(text[2:])
        v["bytes"] = len(raw)
        v["sha256"] = hashlib.sha256(raw).hexdigest()
        v["hex"] = text[2:] if len(raw) <= MAX_HEX_BYTES else None
    with open(VECTORS, "w") as f:
        json.dump({"description": "agebloom values (doc/FORMAT.md section 11) as the extension writes them",
                   "fields": {"mode": "count or time", "window": "insertions, or microseconds",
                              "ops": "[\"add\", type, text, microseconds since 1970] or "
                                     "[\"add_range\", first, last, first time, microseconds between] (bigint)",
                              "union_ops": "the right side of agebloom_union, or null"},
                   "extension_version": version, "agebloom": vs}, f, indent=1)
        f.write("\n")
    lines = ["-- The agebloom binary format as a contract (doc/FORMAT.md section 11): the",
             "-- extension must keep producing exactly these bytes for these operations.",
             "-- Generated with test/vectors/agebloom.json by python/make_agebloom_vectors.py; the",
             "-- same vectors are checked against python/agebloom_format.py. A changed byte here",
             "-- needs a new format version or hash id, not a new file.",
             APPLY.strip(), ""]
    for v in vs:
        check = ("%s::bytea = %s::bytea" % (build_sql(v), quote("\\x" + v["hex"]))
                 if v["bytes"] <= MAX_INLINE_BYTES else
                 "encode(sha256(%s::bytea), 'hex') = %s" % (build_sql(v), quote(v["sha256"])))
        lines.append("SELECT %s AS name, %s AS same_bytes;" % (quote(v["name"]), check))
    make_hll_vectors.write_regression("\n".join(lines) + "\n", REGRESS_SQL, REGRESS_OUT, "format_vectors_agebloom_gen")
    print("wrote %d vectors" % len(vs))


if __name__ == "__main__":
    main()
