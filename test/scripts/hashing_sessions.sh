#!/usr/bin/env bash
# Hashing across sessions and databases (issue 11): a filter or sketch built
# in one session finds and counts the same values in another (rows, whose
# anonymous record type ids and stored forms differ between sessions, and
# types hashed by their operator class), and text hashes the same in a
# UTF-8 and a LATIN1 database, so values move between them.
# Needs the cluster of test/run_tests.sh (PGHOST, PGPORT, superuser PGUSER).
set -euo pipefail
cd "$(dirname "$0")/../.."
. test/checks.sh

db=hashing_sessions_$$
latin1=hashing_latin1_$$
export PGCLIENTENCODING=UTF8
q() { psql -X -q -v ON_ERROR_STOP=1 -At "$@"; }
cleanup() {
	q -d postgres -c "DROP DATABASE IF EXISTS $db" -c "DROP DATABASE IF EXISTS $latin1" >/dev/null 2>&1 || true
}
trap cleanup EXIT
q -d postgres -c "CREATE DATABASE $db TEMPLATE template0 ENCODING 'UTF8' LC_COLLATE 'C' LC_CTYPE 'C'"
q -d postgres -c "CREATE DATABASE $latin1 TEMPLATE template0 ENCODING 'LATIN1' LC_COLLATE 'C' LC_CTYPE 'C'"
for d in $db $latin1; do q -d $d -c "CREATE EXTENSION probabilistic"; done

# Session 1 builds; each later psql is a new session (and a new backend).
q -d $db <<'SQL'
CREATE TYPE hs_mood AS ENUM ('sad', 'ok', 'happy');
CREATE TYPE hs_pair AS (i int, t text);
CREATE TABLE hs_values AS
SELECT i, (i, repeat(md5(i::text), 100))::hs_pair AS big, i::text::name AS n,
       (ARRAY['sad', 'ok', 'happy'])[1 + i % 3]::hs_mood AS mood, ('{"k": ' || i || '}')::jsonb AS j,
       make_interval(days => i) AS iv, ARRAY[i, i + 1] AS arr, int4range(i, i + 10) AS rng
FROM generate_series(1, 1000) i;
CREATE TABLE hs_sketches AS
SELECT bloom_agg(ROW(i, i)) AS f_row, bloom_agg(big) AS f_big, bloom_agg(n) AS f_name, bloom_agg(mood) AS f_mood,
       bloom_agg(j) AS f_jsonb, bloom_agg(iv) AS f_interval, bloom_agg(arr) AS f_array, bloom_agg(rng) AS f_range,
       hll_add_agg(ROW(i, i)) AS h_row, hll_add_agg(iv) AS h_interval, hll_add_agg(n) AS h_name,
       cuckoo_agg(ROW(i, i), 2000, 0.01) AS c_row, cuckoo_agg(big, 2000, 0.01) AS c_big,
       cuckoo_agg(j, 2000, 0.01) AS c_jsonb, cuckoo_agg(rng, 2000, 0.01) AS c_range,
       -- issue-28 agebloom: a count window holding all 1000 rows, a time window
       agebloom_agg(ROW(i, i), 1000, 0.01 ORDER BY i) AS a_row, agebloom_agg(big, 1000, 0.01 ORDER BY i) AS a_big,
       agebloom_agg(j, interval '1 day', 64000, 0.01, timestamptz '2026-01-01 00:00+00' + i * interval '1 second') AS a_jsonb,
       agebloom_agg(iv, interval '1 day', 64000, 0.01, timestamptz '2026-01-01 00:00+00' + i * interval '1 second') AS a_interval,
       -- issue-28 fuse: filters and a key set
       fuse_agg(ROW(i, i)) AS fu_row, fuse_agg(big) AS fu_big, fuse_keys_agg(j) AS fu_jsonb, fuse_agg(iv, 0.001, 5) AS fu_interval
FROM hs_values;
SQL

misses=$(q -d $db -c "
SELECT count(*) FILTER (WHERE NOT bloom_contains(f_row, ROW(i, i)) OR NOT f_row @> ROW(i, i)) || ' ' ||
       count(*) FILTER (WHERE NOT bloom_contains(f_big, big)) || ' ' ||
       count(*) FILTER (WHERE NOT bloom_contains(f_name, n) OR NOT f_name @> n) || ' ' ||
       count(*) FILTER (WHERE NOT bloom_contains(f_mood, mood)) || ' ' ||
       count(*) FILTER (WHERE NOT bloom_contains(f_jsonb, j)) || ' ' ||
       count(*) FILTER (WHERE NOT bloom_contains(f_interval, iv) OR NOT f_interval @> (iv + interval '0 hours')) || ' ' ||
       count(*) FILTER (WHERE NOT bloom_contains(f_array, arr)) || ' ' ||
       count(*) FILTER (WHERE NOT bloom_contains(f_range, rng))
FROM hs_values, hs_sketches")
check "another session finds every row (row, stored row, name, enum, jsonb, interval, array, range)" "$misses" "0 0 0 0 0 0 0 0"

# A PL/pgSQL row variable, in yet another session.
plpgsql=$(q -d $db -c "
DO \$\$
DECLARE r record; f bloom; missed int := 0;
BEGIN
    SELECT f_row INTO f FROM hs_sketches;
    FOR r IN SELECT i, i AS j FROM generate_series(1, 1000) i LOOP
        IF NOT bloom_contains(f, ROW(r.i, r.j)) THEN missed := missed + 1; END IF;
    END LOOP;
    RAISE NOTICE 'missed %', missed;
END \$\$" 2>&1)
check "a PL/pgSQL loop in another session finds every row" "$plpgsql" "NOTICE:  missed 0"

cuckoo_misses=$(q -d $db -c "
SELECT count(*) FILTER (WHERE cuckoo_count(c_row, ROW(i, i)) < 1 OR NOT c_row @> ROW(i, i)) || ' ' ||
       count(*) FILTER (WHERE cuckoo_count(c_big, big) < 1) || ' ' ||
       count(*) FILTER (WHERE cuckoo_count(c_jsonb, j) < 1) || ' ' ||
       count(*) FILTER (WHERE cuckoo_count(c_range, rng) < 1)
FROM hs_values, hs_sketches")
check "another session finds every row's copy in cuckoo filters (row, stored row, jsonb, range)" "$cuckoo_misses" "0 0 0 0"
# Removing in another session: every row's copy is found and taken out, none left over.
removed=$(q -d $db -c "
DO \$\$
DECLARE f cuckoo; r record;
BEGIN
    SELECT c_row INTO f FROM hs_sketches;
    FOR r IN SELECT i FROM generate_series(1, 1000) i LOOP
        f := cuckoo_remove(f, ROW(r.i, r.i));
    END LOOP;
    RAISE NOTICE 'left %', cuckoo_cardinality(f);
END \$\$" 2>&1)
check "another session removes every row from a cuckoo filter built in the first" "$removed" "NOTICE:  left 0"

# issue-28 agebloom
agebloom_misses=$(q -d $db -c "
SELECT count(*) FILTER (WHERE NOT agebloom_contains(a_row, ROW(i, i))) || ' ' ||
       count(*) FILTER (WHERE NOT agebloom_contains(a_big, big)) || ' ' ||
       count(*) FILTER (WHERE NOT agebloom_contains(a_jsonb, j)) || ' ' ||
       count(*) FILTER (WHERE NOT agebloom_contains(a_interval, iv + interval '0 hours'))
FROM hs_values, hs_sketches")
check "another session finds every row in agebloom filters (row, stored row, jsonb, interval)" "$agebloom_misses" "0 0 0 0"

# issue-28 fuse
fuse_misses=$(q -d $db -c "
SELECT count(*) FILTER (WHERE NOT fuse_contains(fu_row, ROW(i, i)) OR NOT fu_row @> ROW(i, i)) || ' ' ||
       count(*) FILTER (WHERE NOT fuse_contains(fu_big, big)) || ' ' ||
       count(*) FILTER (WHERE NOT fuse_contains(fu_jsonb, j)) || ' ' ||
       count(*) FILTER (WHERE NOT fuse_contains(fu_interval, iv + interval '0 hours')) || ' ' ||
       ((SELECT fu_row FROM hs_sketches) = (SELECT fuse_agg(ROW(i, i)) FROM hs_values)
        AND (SELECT fu_jsonb FROM hs_sketches) = (SELECT fuse_keys_agg(j) FROM hs_values))
FROM hs_values, hs_sketches")
check "another session finds every row in fuse filters and key sets (row, stored row, jsonb, interval) and builds the same bytes" "$fuse_misses" "0 0 0 0 true"

same=$(q -d $db -c "
SELECT (SELECT h_row FROM hs_sketches) = hll_add_agg(ROW(i, i)),
       (SELECT h_interval FROM hs_sketches) = hll_add_agg(iv + interval '0 days'),
       (SELECT h_name FROM hs_sketches) = hll_add_agg(n::text)
FROM hs_values")
check "another session builds the same hll sketches" "$same" "t|t|t"

# The same text in a UTF-8 and a LATIN1 database hashes the same.
strings="('héllo'), ('Ünïcödé'), ('plain'), ('ÿ')"
for d in $db $latin1; do
	q -d $d -c "CREATE TYPE hs_e AS ENUM ('café'); CREATE TABLE hs_text AS SELECT s, s::name AS n, s::char(12) AS c FROM (VALUES $strings) v(s)" >/dev/null
done
sig() {
	q -d "$1" -c "
SELECT string_agg(sketch_hash(s)::text || ',' || sketch_hash(n) || ',' || sketch_hash(c), ' ' ORDER BY s),
       hll_add_agg(s)::text, bloom_agg(s)::text, hll_add_agg(n)::text, sketch_hash('café'::hs_e)
FROM hs_text"
}
check "text, name, char(n) and enum labels hash the same in UTF-8 and LATIN1 databases" "$(sig $latin1)" "$(sig $db)"

moved=$(q -d $db -c "
SELECT count(*) FILTER (WHERE NOT bloom_contains('$(q -d $latin1 -c "SELECT bloom_agg(s) FROM hs_text")'::bloom, s))
FROM hs_text")
check "a filter built in the LATIN1 database finds every string in the UTF-8 one" "$moved" "0"
moved=$(q -d $db -c "
SELECT count(*) FILTER (WHERE cuckoo_count('$(q -d $latin1 -c "SELECT cuckoo_agg(s, 10, 0.01) FROM hs_text")'::cuckoo, s) < 1)
FROM hs_text")
check "a cuckoo filter built in the LATIN1 database finds every string in the UTF-8 one" "$moved" "0"
# issue-28: an agebloom filter (a count window and a time window) likewise.
moved=$(q -d $db -c "
SELECT count(*) FILTER (WHERE NOT agebloom_contains('$(q -d $latin1 -c "SELECT agebloom_agg(s, 10, 0.01) FROM hs_text")'::agebloom, s)
                           OR NOT agebloom_contains('$(q -d $latin1 -c "SELECT agebloom_agg(s, interval '1 hour', 100, 0.01, '2026-01-01 00:00+00') FROM hs_text")'::agebloom, s))
FROM hs_text")
check "agebloom filters built in the LATIN1 database find every string in the UTF-8 one" "$moved" "0"
# issue-28: a fuse filter likewise, and the same bytes.
moved=$(q -d $db -c "
SELECT count(*) FILTER (WHERE NOT fuse_contains('$(q -d $latin1 -c "SELECT fuse_agg(s) FROM hs_text")'::fuse, s)) || ' ' ||
       ((SELECT fuse_agg(s) FROM hs_text) = '$(q -d $latin1 -c "SELECT fuse_agg(s) FROM hs_text")'::fuse)
FROM hs_text")
check "a fuse filter built in the LATIN1 database finds every string in the UTF-8 one, with the same bytes" "$moved" "0 true"

# Issue 38: a type outside the built-in catalog has the same kind in every
# database, whatever its OID or schema: doc/FORMAT.md 2.5's 10000 +
# XXH3-64(identity) mod 55534, computed with Python's xxhash: 'citext' 00
# 'citext' is 49992, 00 'hs_tag' 63803, 'citext' 00 'citext[]' 14550. The
# second database creates other types first and puts them in other schemas.
q -d $db -c "CREATE EXTENSION citext; CREATE SCHEMA hs_a; CREATE TYPE hs_a.hs_tag AS ENUM ('ok', 'no')" >/dev/null
q -d $latin1 -c "CREATE TYPE hs_pad AS ENUM ('x'); CREATE SCHEMA hs_b; CREATE EXTENSION citext SCHEMA hs_b;
                 CREATE TYPE hs_b.hs_tag AS ENUM ('no', 'ok')" >/dev/null
outside() {
	q -d "$1" -c "SET search_path = public, hs_a, hs_b;
SELECT hll_info(hll_add(hll_empty(), 'a'::citext))->>'kind', bloom_info(bloom_add(bloom_empty(10), 'ok'::hs_tag))->>'kind',
       cuckoo_info(cuckoo_add(cuckoo_empty(10), ARRAY['a'::citext]))->>'kind'"
}
check "citext, an enum and citext[] have the same kinds in two databases (other OIDs, schemas, encodings)" \
	"$(outside $db) $(outside $latin1)" "other 49992|other 63803|other 14550 other 49992|other 63803|other 14550"
oids=$(for d in $db $latin1; do q -d $d -c "SET search_path = public, hs_a, hs_b; SELECT 'hs_tag'::regtype::oid"; done | sort -u | wc -l)
check "the two enums have different OIDs" "$oids" "2"
moved=$(q -d $db -c "SET search_path = public, hs_a;
SELECT f @> 'ok'::hs_tag, f @> 'no'::hs_tag, c @> 'AbC'::citext, hll_cardinality(hll_add(h, 'ABC'::citext))
FROM (SELECT '$(q -d $latin1 -c "SET search_path = hs_b, public; SELECT bloom_agg(x, 10, 0.01) FROM (VALUES ('ok'::hs_tag)) v(x)")'::bloom AS f,
             '$(q -d $latin1 -c "SET search_path = hs_b, public; SELECT cuckoo_agg(x, 10, 0.01) FROM (VALUES ('abc'::citext)) v(x)")'::cuckoo AS c,
             '$(q -d $latin1 -c "SET search_path = hs_b, public; SELECT hll_add_agg(x) FROM (VALUES ('abc'::citext)) v(x)")'::hll AS h) s")
check "sketches of an enum and citext built in the other database find and count their values here" "$moved" "t|f|t|1"
refused=$(q -d $db -c "SET search_path = public, hs_a;
SELECT '$(q -d $latin1 -c "SET search_path = hs_b, public; SELECT bloom_agg(x, 10, 0.01) FROM (VALUES ('ok'::hs_tag)) v(x)")'::bloom @> 'ok'::citext" 2>&1 || true)
case "$refused" in
*"cannot compare a value of type citext"*) pass "a filter of the enum built in the other database refuses a citext probe" ;;
*) fail "a filter of the enum built in the other database refuses a citext probe" "got: $refused" ;;
esac

# A value built before hash id 2 hashed LATIN1 text as its LATIN1 bytes: refused there.
old=$(q -d $latin1 -c "SELECT hll_add('\\x480101010e1a00000000000000000000'::hll, 'héllo'::text)" 2>&1 || true)
case "$old" in
*"built under hash id 1"*) pass "hash id 1 values refuse text in a LATIN1 database" ;;
*) fail "hash id 1 values refuse text in a LATIN1 database" "got: $old" ;;
esac
ok_utf8=$(q -d $db -c "SELECT hll_cardinality(hll_add('\\x480101010e1a00000000000000000000'::hll, 'héllo'::text))")
check "hash id 1 values take text in a UTF-8 database (the rule did not change there)" "$ok_utf8" "1"

finish_checks
