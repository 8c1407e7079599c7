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
Needs only psql; does not use python/probabilistic_format.py.
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
    return "%s::%s" % (quote(text), sql_type)


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


def hashes(values):
    return {"hashes": values}


# Hashes that real data almost never produces: all-zero and all-one bit strings,
# single bits at the precision and sparse-precision boundaries. They reach the
# largest ranks (65 - p, 39), the folding rule's "d + rank" branch and the
# estimator's tau term, which c[q+1] = 0 leaves unused.
EDGE_HASHES = sorted({0, 1, -1, -2, -(1 << 63), 1 << 62, 1 << 40, 1 << 38, (1 << 38) - 1, 1 << 37,
                      1 << 20, 1 << 5, (1 << 44) - 1, 3 << 56} | {k << 58 for k in range(1, 16)})


def build_sql(precision, seed, inp):
    """The SQL expression that builds the sketch: the aggregate for seed 0, hll_add for others."""
    if "hashes" in inp:
        assert seed == 0
        return "(SELECT hll_add_hash_agg(h, %d) FROM unnest(ARRAY[%s]::bigint[]) h)" % (
            precision, ", ".join(map(str, inp["hashes"])))
    if seed != 0 or "typed_values" in inp:
        pairs = inp.get("typed_values") or [[inp["type"], t] for t in inp["values"]]
        expr = "hll_empty(%d, %d)" % (precision, seed)
        for sql_type, text in pairs:
            expr = "hll_add(%s, %s)" % (expr, literal(sql_type, text))
        return expr
    if "series" in inp:
        first, last = inp["series"]
        return "(SELECT hll_add_agg(x::%s, %d) FROM generate_series(%d, %d) x)" % (
            inp["type"], precision, first, last)
    array = "ARRAY[%s]::%s[]" % (", ".join(quote(t) for t in inp["values"]), inp["type"])
    return "(SELECT hll_add_agg(x, %d) FROM unnest(%s) x)" % (precision, array)


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
]

# Outside bytes every reader must reject (doc/FORMAT.md section 3.5). p=4, seed 0 unless noted.
H4 = "4801010104" "1a" "0000" "0000000000000000"       # sparse header, p=4
D4 = "4801010204" "1a" "0000" "0000000000000000"       # dense header, p=4
INVALID_VECTORS = [
    ("shorter than the header", H4[:30]),
    ("type tag not H", "49" + H4[2:]),
    ("format version 2", "4802" + H4[4:]),
    ("hash id 3", "480103" + H4[6:]),
    ("hash id 0", "480100" + H4[6:]),
    ("precision 3", "4801010103" + H4[10:]),
    ("precision 19", "4801010113" + H4[10:]),
    ("sparse precision 25", "4801010104" "19" + H4[12:]),
    ("reserved byte 6 set", "48010101041a" "0100" + H4[16:]),
    ("reserved byte 7 set", "48010101041a" "0001" + H4[16:]),
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


def sketch_record(name, sql, inp=None, precision=None, seed=None):
    info = json.loads(psql("SELECT hll_info(h) FROM (SELECT %s AS h) s;" % sql))
    estimate = psql("SELECT hll_info(%s)->>'estimate';" % sql).strip()
    raw = bytes.fromhex(psql("SELECT encode((%s)::bytea, 'hex');" % sql).strip())
    cardinality = int(psql("SELECT hll_cardinality(%s);" % sql))
    record = {"name": name}
    if inp is not None:
        record.update({"precision": precision, "seed": seed, "input": inp})
    record.update({
        "sql": sql,
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


def hll_vectors():
    sketches = {}
    for name, precision, seed, inp in HLL_VECTORS:
        sketches[name] = sketch_record(name, build_sql(precision, seed, inp), inp, precision, seed)
    # The "at the limit" vectors must really hold L(p) entries.
    for name, rec in sketches.items():
        if "at the limit" in name:
            limit = int(name.split("(")[1].split()[0])
            assert rec["representation"] == "sparse" and rec["sparse_entries"] == limit, (name, rec)
        assert name.split()[0] not in ("sparse", "dense") or rec["representation"] == name.split()[0], name
    unions = []
    for name, left, right in UNION_VECTORS:
        rec = sketch_record(name, "hll_union(%s, %s)" % (sketches[left]["sql"], sketches[right]["sql"]))
        rec.update({"left": left, "right": right})
        unions.append(rec)
    folds = []
    for name, source, precision in FOLD_VECTORS:
        rec = sketch_record(name, "(%s)::hll(%d)" % (sketches[source]["sql"], precision))
        rec.update({"source": source, "precision": precision})
        folds.append(rec)
    invalid = []
    for name, hexstr in INVALID_VECTORS:
        psql("DO $$ BEGIN PERFORM '\\x%s'::bytea::hll; RAISE EXCEPTION 'accepted'; "
                     "EXCEPTION WHEN invalid_binary_representation THEN NULL; END $$;" % hexstr)
        invalid.append({"name": name, "hex": hexstr})
    return list(sketches.values()), unions, folds, invalid


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


def regression_sql(hashes, fallback, sketches, unions, folds, invalid):
    parts = ["""-- The binary format as a contract (doc/FORMAT.md): the extension must keep
-- producing exactly these bytes, so the format cannot drift silently.
-- Generated with test/vectors/hll.json by python/make_hll_vectors.py; the same
-- vectors are checked against an independent implementation in python/.
-- A changed byte here needs a new format version or hash id, not a new file.

-- Text vectors are UTF-8 (section 2.1 hashes text in the database encoding).
SET client_encoding = 'UTF8';
"""]
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
         "%d bytes are compared by their SHA-256 (section 3)." % MAX_INLINE_BYTES],
        sketches, got_bytes_sql, expected_bytes_sql, "bytea"))
    parts.append(values_check(
        ["Union (section 3.8): the smaller precision; sparse while within the limit."],
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
    return "\n".join(parts)


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
    hashes, fallback = hash_vectors()
    sketches, unions, folds, invalid = hll_vectors()
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
        "invalid": invalid,
    }
    os.makedirs(os.path.dirname(VECTORS), exist_ok=True)
    with open(VECTORS, "w") as f:
        json.dump(doc, f, indent=1, ensure_ascii=False)
        f.write("\n")
    write_regression(regression_sql([dict(r) for r in hashes], [dict(r) for r in fallback],
                                    sketches, unions, folds, invalid),
                     REGRESS_SQL, REGRESS_OUT, "format_vectors_gen")
    print("wrote %s, %s, %s" % (VECTORS, REGRESS_SQL, REGRESS_OUT))


if __name__ == "__main__":
    main()
