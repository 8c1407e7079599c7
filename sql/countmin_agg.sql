-- countmin aggregates: every typed overload, estimates against exact GROUP BY
-- counts, weights, parallel plans (workers build partial sketches, the leader
-- sums them), unions of partitions, windows.

-- Each overload counts its own values, and hashes as the scalar functions do.
SELECT countmin_count(countmin_agg(x::smallint), 7::smallint) AS int2,
       countmin_count(countmin_agg(x::int), 7) AS int4,
       countmin_count(countmin_agg(x::bigint), 7::bigint) AS int8,
       countmin_count(countmin_agg(x::real), 7::real) AS float4,
       countmin_count(countmin_agg(x::float8), 7) AS float8_finds_int,
       countmin_count(countmin_agg(x::numeric), 7.00) AS numeric,
       countmin_count(countmin_agg(x::text), '7'::text) AS text,
       countmin_count(countmin_agg(x::text::bytea), '7'::bytea) AS bytea,
       countmin_count(countmin_agg(md5(x::text)::uuid), md5('7')::uuid) AS uuid,
       countmin_count(countmin_agg(date '2024-01-01' + x), date '2024-01-08') AS date,
       countmin_count(countmin_agg(timestamp '2024-01-01' + x * interval '1 hour'), timestamp '2024-01-01 07:00') AS ts,
       countmin_count(countmin_agg(timestamptz '2024-01-01 00:00+00' + x * interval '1 hour'),
                      timestamptz '2024-01-01 07:00+00') AS tstz,
       countmin_count(countmin_agg(x::text::"char"), '7'::"char") AS char,
       countmin_count(countmin_agg((x > 1)::boolean), true) AS anyelement_bool,
       countmin_agg(x::int) = countmin_agg(x::bigint) AS int4_same_bytes_as_int8
FROM generate_series(1, 10) x, generate_series(1, 3) copies;
-- The four forms of each: (x), (x, epsilon, delta), (x, weight), (x, weight, epsilon, delta).
SELECT countmin_total(countmin_agg(x)) AS plain, countmin_info(countmin_agg(x, 0.01, 0.1))->>'width' AS width,
       countmin_total(countmin_agg(x, 2)) AS weighted, countmin_total(countmin_agg(x, x::bigint, 0.01, 0.1)) AS weighted_sum,
       sum(x) AS exact_sum
FROM generate_series(1, 10) x;
-- NULL values and NULL weights are skipped; the value itself is the state, so window aggregates work.
SELECT countmin_total(countmin_agg(x)) AS plain, countmin_total(countmin_agg(x, w)) AS weighted
FROM (VALUES (1, 2), (NULL, 3), (2, NULL), (3, 4)) v(x, w);
SELECT x, countmin_total(countmin_agg(x, x::bigint) OVER (ORDER BY x)) AS running,
       countmin_count(countmin_agg(x % 2) OVER (ORDER BY x), 1) AS odd_so_far
FROM generate_series(1, 5) x;

-- Estimates against exact counts, on a skewed stream (value k about 1/k of
-- the time: 20,000 rows, 2,000 values) at epsilon 0.002, delta 0.01: never
-- below; above by more than epsilon N in at most delta of the values (a
-- margin: 2 delta, and values never added probed too). N is the exact row count
-- (and sum of weights), never countmin_total's (the code under test).
CREATE TABLE cm_stream AS
SELECT i, (1 + floor(2000 ^ random()))::int AS x, 1 + i % 4 AS w
FROM (SELECT setseed(0.27)) s, generate_series(1, 20000) i;
CREATE TEMP TABLE cm_truth AS
SELECT x, count(*) AS n, sum(w) AS wn FROM cm_stream GROUP BY x
UNION ALL SELECT -g, 0, 0 FROM generate_series(1, 1000) g;
SELECT count(*) AS probes,
       count(*) FILTER (WHERE countmin_count(s, x) < n) AS below,
       count(*) FILTER (WHERE countmin_count(s, x) - n > 0.002 * 20000) AS over_bound,
       count(*) FILTER (WHERE countmin_count(s, x) - n > 0.002 * 20000) <= 0.02 * count(*) AS within_delta,
       count(*) FILTER (WHERE countmin_count(ws, x) < wn) AS weighted_below,
       count(*) FILTER (WHERE countmin_count(ws, x) - wn > 0.002 * (SELECT sum(w) FROM cm_stream)) <= 0.02 * count(*)
           AS weighted_within,
       min(countmin_total(s)) AS total, min(countmin_total(ws)) = (SELECT sum(w) FROM cm_stream) AS weighted_total,
       bool_and((countmin_info(s) ->> 'error_bound')::float8 = 0.002::float8 * 20000) AS error_bound_is_epsilon_n
FROM cm_truth, (SELECT countmin_agg(x, 0.002, 0.01) AS s, countmin_agg(x, w, 0.002, 0.01) AS ws FROM cm_stream) a;

-- Unions of partitions: a || b || ... is order-free (cell-wise sums), and
-- never below the truth, within the same bound. With depth 1 (delta >= e^-1)
-- conservative update is plain count-min, and the union of the partitions'
-- sketches is the whole stream's sketch, byte for byte.
CREATE TABLE cm_parts AS
SELECT i % 5 AS g, countmin_agg(x, 0.002, 0.01) AS s, countmin_agg(x, 0.002, 0.5) AS s1 FROM cm_stream GROUP BY i % 5;
SELECT (SELECT countmin_union_agg(s ORDER BY g) FROM cm_parts) = (SELECT countmin_union_agg(s ORDER BY g DESC) FROM cm_parts)
           AS order_free,
       (SELECT countmin_union_agg(s1) FROM cm_parts) = (SELECT countmin_agg(x, 0.002, 0.5) FROM cm_stream) AS depth_1_whole,
       (SELECT count(*) FROM cm_truth, (SELECT countmin_union_agg(s) AS u FROM cm_parts) p WHERE countmin_count(u, x) < n)
           AS union_below,
       (SELECT count(*) FILTER (WHERE countmin_count(u, x) - n > 0.002 * 20000) <= 0.02 * count(*)
        FROM cm_truth, (SELECT countmin_union_agg(s) AS u FROM cm_parts) p) AS union_within;

-- Parallel plans: workers sum partial sketches.
CREATE TEMP TABLE serial_result AS
SELECT countmin_agg(x, 0.002, 0.01) AS a, countmin_agg(x, 0.002, 0.5) AS a1 FROM cm_stream;
VACUUM ANALYZE cm_stream;
SET parallel_setup_cost = 0;
SET parallel_tuple_cost = 0;
SET min_parallel_table_scan_size = 0;
SET max_parallel_workers_per_gather = 2;
SET parallel_leader_participation = off;
\getenv abs_srcdir PG_ABS_SRCDIR
\i :abs_srcdir/sql/include/parallel_run.psql
EXPLAIN (COSTS OFF)
SELECT countmin_agg(x, 0.002, 0.01) FROM cm_stream;
SELECT * FROM pg_temp.parallel_run($$CREATE TEMP TABLE par_result AS
SELECT countmin_agg(x, 0.002, 0.01) AS a, countmin_agg(x, 0.002, 0.5) AS a1 FROM cm_stream$$);
-- Depth 1: the same bytes. Depth 5: the same total, never below, within the bound.
SELECT p.a1 = s.a1 AS depth_1_same_bytes, countmin_total(p.a) = countmin_total(s.a) AS same_total,
       (SELECT count(*) FROM cm_truth WHERE countmin_count(p.a, x) < n) AS below,
       (SELECT count(*) FILTER (WHERE countmin_count(p.a, x) - n > 0.002 * 20000) <= 0.02 * count(*) FROM cm_truth)
           AS within_delta
FROM par_result p, serial_result s;
-- Grouped, partial aggregation per group in the workers.
SET enable_sort = off;
SELECT * FROM pg_temp.parallel_run($$CREATE TEMP TABLE par_grouped AS
SELECT i % 7 AS g, countmin_agg(x, w, 0.01, 0.5) AS c FROM cm_stream GROUP BY i % 7$$);
SELECT count(*) AS groups, sum(countmin_total(c)) = (SELECT sum(w) FROM cm_stream) AS totals,
       bool_and(c = (SELECT countmin_agg(x, w, 0.01, 0.5) FROM cm_stream q WHERE q.i % 7 = r.g)) AS same_bytes
FROM par_grouped r;
-- countmin_union_agg of partial sketches in parallel: the same bytes as serially.
SELECT * FROM pg_temp.parallel_run($$CREATE TEMP TABLE par_union AS
SELECT countmin_union_agg(s) AS u FROM cm_parts$$);
RESET ALL;
SELECT u = (SELECT countmin_union_agg(s) FROM cm_parts) AS union_same FROM par_union;

-- Cross-type probes behave as bloom's (hashing_kinds.sql): a float column
-- probed with a decimal literal, a numeric column with an integer.
CREATE TEMP TABLE prices(price float8);
INSERT INTO prices VALUES (0.5), (19.99), (19.99), (42);
SELECT countmin_count(c, 19.99) AS c1999, countmin_count(c, 42) AS c42, countmin_count(c, 0.5) AS c05,
       countmin_count(c, 19.990000000000000001) AS rounds_as_sql_does,
       (SELECT count(*) FROM prices WHERE price = 19.990000000000000001) AS sql_says
FROM (SELECT countmin_agg(price) c FROM prices) s;
SELECT countmin_count(countmin_agg(x), 3) AS numeric_by_int FROM (VALUES (3.00::numeric), (3::numeric)) v(x);
-- A numeric column probed with a double: refused with the cast to use, as bloom_contains is.
SELECT countmin_count(countmin_agg(x), 3.0::float8) AS by_float FROM (VALUES (3.00::numeric), (3::numeric)) v(x);
-- A date column probed with a timestamp: found at midnight, as "=" finds it.
SELECT countmin_count(c, timestamp '2024-01-02') AS midnight, countmin_count(c, timestamp '2024-01-02 12:00') AS noon
FROM (SELECT countmin_agg(d) AS c FROM (VALUES (date '2024-01-02'), (date '2024-01-02'), (date '2024-01-03')) v(d)) s;
-- countmin_agg's working state (a list of adds until it would be as large as
-- the cells) gives the bytes of adding the rows to a value from the first row,
-- which a user's aggregate over countmin_add_trans without our final function
-- keeps: per GROUP BY group of 1 to 8,000 rows (past the list's 6,797 adds),
-- in the rows' order, at the defaults and on a small sketch where hashes
-- collide (the order matters).
CREATE AGGREGATE cm_raw(bigint) (SFUNC = countmin_add_trans, STYPE = countmin);
CREATE AGGREGATE cm_raw(bigint, float8, float8) (SFUNC = countmin_add_trans, STYPE = countmin);
CREATE TEMP TABLE cm_groups AS
SELECT i, (i * 7919 % 1000003) % (1 + i % 3000) AS x,
       CASE WHEN i <= 8000 THEN 0 WHEN i <= 8010 THEN -i ELSE 1 + i % 400 END AS g
FROM generate_series(1, 20000) i;
SELECT count(*) AS groups, min(n) AS fewest_rows, max(n) AS most_rows,
       bool_and(a = r) AS same_bytes, bool_and(a_small = r_small) AS same_bytes_small
FROM (SELECT g, count(*) AS n, countmin_agg(x ORDER BY i) AS a, cm_raw(x ORDER BY i) AS r,
             countmin_agg(x, 0.05, 0.01 ORDER BY i) AS a_small, cm_raw(x, 0.05, 0.01 ORDER BY i) AS r_small
      FROM cm_groups GROUP BY g) s;
SELECT bool_and(a = r) AS window_same, count(*) AS rows
FROM (SELECT countmin_agg(x, 0.05, 0.01) OVER w AS a, cm_raw(x, 0.05, 0.01) OVER w AS r
      FROM cm_groups WHERE i <= 300 WINDOW w AS (ORDER BY i)) s;
DROP AGGREGATE cm_raw(bigint);
DROP AGGREGATE cm_raw(bigint, float8, float8);
DROP TABLE cm_stream, cm_truth, cm_parts, prices, cm_groups;
