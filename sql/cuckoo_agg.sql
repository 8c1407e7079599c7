-- cuckoo aggregates: every typed overload, parallel plans (workers build
-- partial filters, the leader takes their multiset union), and a large
-- filter stored out of line probed through a join.

-- Each overload finds its own values, and hashes as the scalar functions do.
SELECT cuckoo_agg(x::smallint, 100, 0.01) @> 7::smallint AS int2,
       cuckoo_agg(x::int, 100, 0.01) @> 7 AS int4,
       cuckoo_agg(x::bigint, 100, 0.01) @> 7::bigint AS int8,
       cuckoo_agg(x::real, 100, 0.01) @> 7::real AS float4,
       cuckoo_agg(x::float8, 100, 0.01) @> 7 AS float8_finds_int,
       cuckoo_agg(x::numeric, 100, 0.01) @> 7.00 AS numeric,
       cuckoo_agg(x::text, 100, 0.01) @> '7'::text AS text,
       cuckoo_agg(x::text::bytea, 100, 0.01) @> '7'::bytea AS bytea,
       cuckoo_agg(md5(x::text)::uuid, 100, 0.01) @> md5('7')::uuid AS uuid,
       cuckoo_agg(date '2024-01-01' + x, 100, 0.01) @> date '2024-01-08' AS date,
       cuckoo_agg(timestamp '2024-01-01' + x * interval '1 hour', 100, 0.01) @> timestamp '2024-01-01 07:00' AS ts,
       cuckoo_agg(timestamptz '2024-01-01 00:00+00' + x * interval '1 hour', 100, 0.01)
           @> timestamptz '2024-01-01 07:00+00' AS tstz,
       cuckoo_agg((x > 1)::boolean, 100, 0.01) FILTER (WHERE x <= 3) @> true AS anyelement_bool,
       cuckoo_agg(x::int, 100, 0.01) = cuckoo_agg(x::bigint, 100, 0.01) AS int4_same_bytes_as_int8
FROM generate_series(1, 50) x;
-- NULLs are skipped; the value itself is the state, so window aggregates work.
SELECT cuckoo_cardinality(cuckoo_agg(x, 100, 0.01)) AS items
FROM (VALUES (1), (NULL), (2), (NULL)) v(x);
SELECT x, cuckoo_cardinality(cuckoo_agg(x, 100, 0.01) OVER (ORDER BY x)) AS running
FROM generate_series(1, 4) x;

CREATE TABLE cuckoo_par AS
SELECT i, i % 7 AS g, (i::bigint * 7919) % 250000 AS x FROM generate_series(1, 200000) i;
VACUUM ANALYZE cuckoo_par;
CREATE TEMP TABLE serial_result AS
SELECT cuckoo_agg(x, 200000, 0.01) AS a FROM cuckoo_par;

SET parallel_setup_cost = 0;
SET parallel_tuple_cost = 0;
SET min_parallel_table_scan_size = 0;
SET max_parallel_workers_per_gather = 2;
SET parallel_leader_participation = off;
-- pg_temp.parallel_run: workers ran a partial aggregate for the very statement checked.
\getenv abs_srcdir PG_ABS_SRCDIR
\i :abs_srcdir/sql/include/parallel_run.psql
EXPLAIN (COSTS OFF)
SELECT cuckoo_agg(x, 200000, 0.01) FROM cuckoo_par;
SELECT * FROM pg_temp.parallel_run($$CREATE TEMP TABLE par_result AS
SELECT cuckoo_agg(x, 200000, 0.01) AS a FROM cuckoo_par$$);
-- The same multiset (placement may differ with the order rows arrive in):
-- every value found, as many items.
SELECT cuckoo_cardinality(p.a) = cuckoo_cardinality(s.a) AS same_items,
       cuckoo_cardinality(p.a) AS items,
       (SELECT count(*) FROM cuckoo_par WHERE NOT p.a @> x) AS missing
FROM par_result p, serial_result s;
-- Grouped, partial aggregation per group in the workers.
SET enable_sort = off;
SELECT * FROM pg_temp.parallel_run($$CREATE TEMP TABLE par_grouped AS
SELECT g, cuckoo_agg(x, 50000, 0.01) AS c FROM cuckoo_par GROUP BY g$$);
SELECT count(*) AS groups, sum(cuckoo_cardinality(c)) AS items,
       sum((SELECT count(*) FROM cuckoo_par q WHERE q.g = r.g AND NOT r.c @> q.x)) AS missing
FROM par_grouped r;
-- cuckoo_union_agg of partial filters in parallel.
CREATE TABLE cuckoo_parts AS
SELECT g, cuckoo_agg(x, 200000, 0.01) AS c FROM cuckoo_par GROUP BY g;
SELECT * FROM pg_temp.parallel_run($$CREATE TEMP TABLE par_union AS
SELECT cuckoo_union_agg(c) AS u FROM cuckoo_parts$$);
SELECT cuckoo_cardinality(u) AS union_items, (SELECT sum(cuckoo_cardinality(c)) FROM cuckoo_parts) AS parts_items
FROM par_union;
RESET ALL;
SELECT count(*) FILTER (WHERE NOT u @> x) AS union_missing FROM cuckoo_par, par_union;

-- A filter stored out of line (TOAST), probed once per row through a join.
CREATE TABLE cuckoo_store (c cuckoo);
INSERT INTO cuckoo_store SELECT a FROM serial_result;
SELECT pg_column_size(c) < octet_length(c::bytea) OR
       (SELECT reltoastrelid <> 0 FROM pg_class WHERE oid = 'cuckoo_store'::regclass) AS toastable,
       octet_length(c::bytea) AS bytes
FROM cuckoo_store;
SELECT count(*) FILTER (WHERE s.c @> p.x) AS found, count(*) AS rows
FROM cuckoo_par p, cuckoo_store s;
DROP TABLE cuckoo_par, cuckoo_parts, cuckoo_store;
