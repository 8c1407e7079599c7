-- fuse aggregates: every typed overload, window aggregates, zero rows,
-- parallel plans (workers keep partial key sets, the leader unites them and
-- builds: the very bytes of the serial plan), and a large filter stored out
-- of line probed through a join.

-- Each overload finds its own values, and hashes as the scalar functions do.
SELECT fuse_agg(x::smallint) @> 7::smallint AS int2,
       fuse_agg(x::int) @> 7 AS int4,
       fuse_agg(x::bigint) @> 7::bigint AS int8,
       fuse_agg(x::real) @> 7::real AS float4,
       fuse_agg(x::float8) @> 7 AS float8_finds_int,
       fuse_agg(x::numeric) @> 7.00 AS numeric,
       fuse_agg(x::text) @> '7'::text AS text,
       fuse_agg(x::text::bytea) @> '7'::bytea AS bytea,
       fuse_agg(md5(x::text)::uuid) @> md5('7')::uuid AS uuid,
       fuse_agg(date '2024-01-01' + x) @> date '2024-01-08' AS date,
       fuse_agg(timestamp '2024-01-01' + x * interval '1 hour') @> timestamp '2024-01-01 07:00' AS ts,
       fuse_agg(timestamptz '2024-01-01 00:00+00' + x * interval '1 hour') @> timestamptz '2024-01-01 07:00+00' AS tstz,
       fuse_agg(chr(64 + x)::"char") @> 'G'::"char" AS char,
       fuse_agg((x > 1)::boolean) FILTER (WHERE x <= 3) @> true AS anyelement_bool,
       fuse_agg(x::int) = fuse_agg(x::bigint) AS int4_same_bytes_as_int8,
       -- numeric records another kind (bytes 6 and 7), the same keys.
       substring(fuse_keys_agg(x::int, 0.01, 5)::bytea FROM 9)
           = substring(fuse_keys_agg(x::numeric, 0.01, 5)::bytea FROM 9) AS keys_int4_same_as_numeric
FROM generate_series(1, 50) x;
-- The kind of the values is recorded.
SELECT fuse_info(fuse_agg(x))->'kind' AS int_kind, fuse_info(fuse_keys_agg(x::text))->'kind' AS text_kind
FROM generate_series(1, 5) x;

-- NULLs are skipped; zero rows (or only NULLs) make the empty filter or key set of the call's rate and seed.
SELECT fuse_cardinality(fuse_agg(x)) AS n FROM (VALUES (1), (NULL), (2), (NULL), (2)) v(x);
SELECT fuse_info(fuse_agg(x, 0.01, 3)) - 'bytes' AS only_nulls FROM (VALUES (NULL::int)) v(x);
SELECT fuse_info(fuse_keys_agg(x, 0.01, 3))->>'form' AS form, fuse_cardinality(fuse_keys_agg(x, 0.01, 3)) AS n
FROM generate_series(1, 0) x;
SELECT fuse_agg(x, 0.01, 3) = fuse_build(fuse_keys_agg(x, 0.01, 3)) AS zero_rows_build FROM generate_series(1, 0) x;
-- A rate that is not a constant: over zero rows, NULL (no guess).
SELECT fuse_agg(x, x * 0.01) IS NULL AS unknown_rate FROM generate_series(1, 0) x;

-- Window aggregates: the state keeps growing after each row's result.
SELECT x, fuse_cardinality(fuse_agg(x) OVER w) AS n, (fuse_agg(x) OVER w) @> x AS finds_own,
       fuse_members(fuse_agg(x) OVER w, ARRAY[1, 2, 3, 4, 5]) AS members,
       fuse_cardinality(fuse_keys_agg(x) OVER w) AS keys_n
FROM generate_series(1, 4) x WINDOW w AS (ORDER BY x);
-- A moving frame (restarted for each row): every row's filter is its frame's.
SELECT bool_and(f = (SELECT fuse_agg(y) FROM generate_series(greatest(x - 2, 1), x) y)) AS frames_right, count(*) AS rows
FROM (SELECT x, fuse_agg(x) OVER (ORDER BY x ROWS 2 PRECEDING) AS f FROM generate_series(1, 200) x) s;

-- Parallel plans: partial key sets in the workers, united and built by the leader.
CREATE TABLE fuse_par AS
SELECT i, i % 7 AS g, (i::bigint * 7919) % 250000 AS x FROM generate_series(1, 200000) i;
VACUUM ANALYZE fuse_par;
CREATE TEMP TABLE serial_result AS
SELECT fuse_agg(x) AS a, fuse_keys_agg(x, 0.001) AS k FROM fuse_par;
CREATE TEMP TABLE serial_grouped AS SELECT g, fuse_agg(x) AS f FROM fuse_par GROUP BY g;

SET parallel_setup_cost = 0;
SET parallel_tuple_cost = 0;
SET min_parallel_table_scan_size = 0;
SET max_parallel_workers_per_gather = 2;
SET parallel_leader_participation = off;
-- pg_temp.parallel_run: workers ran a partial aggregate for the very statement checked.
\getenv abs_srcdir PG_ABS_SRCDIR
\i :abs_srcdir/sql/include/parallel_run.psql
EXPLAIN (COSTS OFF)
SELECT fuse_agg(x) FROM fuse_par;
SELECT * FROM pg_temp.parallel_run($$CREATE TEMP TABLE par_result AS
SELECT fuse_agg(x) AS a, fuse_keys_agg(x, 0.001) AS k FROM fuse_par$$);
-- The same set: the same bytes as the serial plan; every value found.
SELECT p.a = s.a AS same_filter, p.k = s.k AS same_keys, fuse_cardinality(p.a) AS n,
       (SELECT count(DISTINCT x) FROM fuse_par) AS distinct_values,
       (SELECT count(*) FROM fuse_par WHERE NOT p.a @> x) AS missing
FROM par_result p, serial_result s;
-- Grouped, partial aggregation per group in the workers.
SET enable_sort = off;
SELECT * FROM pg_temp.parallel_run($$CREATE TEMP TABLE par_grouped AS
SELECT g, fuse_agg(x) AS f FROM fuse_par GROUP BY g$$);
SELECT count(*) AS groups, bool_and(p.f = s.f) AS same_as_serial
FROM par_grouped p JOIN serial_grouped s USING (g);
-- fuse_union_agg of key sets in parallel.
CREATE TABLE fuse_parts AS SELECT g, fuse_keys_agg(x, 0.001) AS k FROM fuse_par GROUP BY g;
SELECT * FROM pg_temp.parallel_run($$CREATE TEMP TABLE par_union AS
SELECT fuse_union_agg(k) AS u FROM fuse_parts$$);
SELECT u = k AS union_is_keys_of_all FROM par_union, serial_result;
RESET ALL;

-- A filter stored out of line (TOAST), probed once per row through a join.
CREATE TABLE fuse_store (f fuse);
INSERT INTO fuse_store SELECT a FROM serial_result;
SELECT pg_column_size(f) < octet_length(f::bytea) OR
       (SELECT reltoastrelid <> 0 FROM pg_class WHERE oid = 'fuse_store'::regclass) AS toastable,
       octet_length(f::bytea) AS bytes
FROM fuse_store;
SELECT count(*) FILTER (WHERE s.f @> p.x) AS found, count(*) AS rows
FROM fuse_par p, fuse_store s;
-- 1,000 members and 1,000 absent values: all the members and few others (2^-8: 3.9 on average).
SELECT sum(cardinality(fuse_members(s.f, ARRAY[p.x, -p.x - 1]))) - 1000 BETWEEN 0 AND 15 AS members_found
FROM fuse_par p, fuse_store s WHERE p.i <= 1000;
DROP TABLE fuse_par, fuse_parts, fuse_store;
