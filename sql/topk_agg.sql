-- topk_agg against exact counts (GROUP BY x ORDER BY count(*) DESC): with
-- more distinct values than counters, every bound contains the exact count,
-- every value counted more than the threshold floor(N / (size + 1)) is
-- reported, every value not reported has an exact count <= the maximum
-- error; the same after unions of partitions, and in parallel plans.
-- A skewed column (about Zipf, s = 1) of 40000 rows, and a weight.
CREATE TABLE topk_z AS
SELECT floor(1 / (((x * 7919) % 10007 + 0.5) / 10007.0))::bigint AS x,
       (x % 13)::bigint AS w, x % 4 AS part, ('v' || floor(1 / (((x * 7919) % 10007 + 0.5) / 10007.0))) AS t
FROM generate_series(1, 40000) x;
ANALYZE topk_z;
-- check(sketch, size, exact): one row of verdicts. exact is (item, count) of
-- every value; the threshold floor(N / (size + 1)) is computed here from the
-- exact total N and the size the test asked for (doc/FORMAT.md 8.5), never read
-- from the sketch under test, and topk_info's must be it.
CREATE FUNCTION pg_temp.check(s topk, size int, exact_query text)
RETURNS TABLE(reported bigint, outside_bounds bigint, missed_above_threshold bigint, absent_above_max_error bigint,
              max_error_within_threshold boolean, info_threshold_right boolean)
LANGUAGE plpgsql AS $$
BEGIN
    RETURN QUERY EXECUTE format($f$
        WITH exact AS (%s), items AS (SELECT * FROM topk_items($1, 1000000, NULL::bigint)),
             info AS (SELECT (topk_info($1)->>'max_error')::bigint AS d, (topk_info($1)->>'threshold')::bigint AS reported_th,
                             (SELECT sum(c) FROM exact)::bigint / ($2 + 1) AS th)
        SELECT (SELECT count(*) FROM items),
               (SELECT count(*) FROM items i JOIN exact e ON e.item = i.item WHERE e.c NOT BETWEEN i.lower AND i.upper)
                 + (SELECT count(*) FROM items i WHERE NOT EXISTS (SELECT FROM exact e WHERE e.item = i.item)),
               (SELECT count(*) FROM exact e, info WHERE e.c > info.th AND NOT EXISTS (SELECT FROM items i WHERE i.item = e.item)),
               (SELECT count(*) FROM exact e, info WHERE e.c > info.d AND NOT EXISTS (SELECT FROM items i WHERE i.item = e.item)),
               (SELECT d <= th FROM info), (SELECT reported_th = th FROM info)$f$, exact_query) USING s, size;
END $$;

SELECT count(*) AS rows, count(DISTINCT x) AS distinct_values FROM topk_z;
-- The exact top 5, and the sketch's.
SELECT x, count(*) FROM topk_z GROUP BY x ORDER BY count(*) DESC, x LIMIT 5;
SELECT * FROM topk_items((SELECT topk_agg(x, 64) FROM topk_z), 5);
-- Counts, sizes 64 and 8.
SELECT (pg_temp.check(topk_agg(x, 64), 64, 'SELECT x AS item, count(*) AS c FROM topk_z GROUP BY x')).* FROM topk_z;
SELECT (pg_temp.check(topk_agg(x, 8), 8, 'SELECT x AS item, count(*) AS c FROM topk_z GROUP BY x')).* FROM topk_z;
SELECT topk_info(topk_agg(x, 64)) - 'bytes' AS info FROM topk_z;
-- Weights.
SELECT (pg_temp.check(topk_agg(x, w, 64), 64, 'SELECT x AS item, sum(w) AS c FROM topk_z GROUP BY x')).* FROM topk_z;
-- Text items: the top 10 against the exact ones, joined on the column.
WITH s AS (SELECT topk_agg(t, 64) AS s FROM topk_z), e AS (SELECT t, count(*) AS c FROM topk_z GROUP BY t)
SELECT count(*) AS top10, count(*) FILTER (WHERE e.c BETWEEN i.lower AND i.upper) AS within_bounds
FROM s, topk_items(s.s, 10, NULL::text) i JOIN e ON e.t = i.item;
-- Union of partitions: per part, then topk_union_agg and || in two orders.
CREATE TEMP TABLE parts AS SELECT part, topk_agg(x, 64) AS s FROM topk_z GROUP BY part;
SELECT (pg_temp.check((SELECT topk_union_agg(s) FROM parts), 64, 'SELECT x AS item, count(*) AS c FROM topk_z GROUP BY x')).*;
SELECT ((SELECT s FROM parts WHERE part = 0) || (SELECT s FROM parts WHERE part = 1))
     = ((SELECT s FROM parts WHERE part = 1) || (SELECT s FROM parts WHERE part = 0)) AS union_commutes;
SELECT (pg_temp.check((SELECT ((SELECT s FROM parts WHERE part = 0) || (SELECT s FROM parts WHERE part = 3))
                           || ((SELECT s FROM parts WHERE part = 2) || (SELECT s FROM parts WHERE part = 1))), 64,
                      'SELECT x AS item, count(*) AS c FROM topk_z GROUP BY x')).*;
-- Different sizes: the union keeps the smaller.
SELECT topk_info((SELECT topk_agg(x, 64) FROM topk_z WHERE part = 0) || (SELECT topk_agg(x, 16) FROM topk_z WHERE part = 1))->'size' AS size;

-- Parallel plans: the workers' partial sketches are combined by the union.
SET parallel_setup_cost = 0;
SET parallel_tuple_cost = 0;
SET min_parallel_table_scan_size = 0;
SET max_parallel_workers_per_gather = 2;
SET parallel_leader_participation = off;
\getenv abs_srcdir PG_ABS_SRCDIR
\i :abs_srcdir/sql/include/parallel_run.psql
SELECT * FROM pg_temp.parallel_run($$CREATE TEMP TABLE par_result AS SELECT topk_agg(x, 64) AS s, topk_agg(x, 4096) AS big FROM topk_z$$);
-- (How many are reported depends on how rows reached the workers: not shown.)
SELECT outside_bounds, missed_above_threshold, absent_above_max_error, max_error_within_threshold, info_threshold_right
FROM par_result, pg_temp.check(s, 64, 'SELECT x AS item, count(*) AS c FROM topk_z GROUP BY x');
-- With more counters than distinct values nothing is purged: parallel equals serial byte for byte.
RESET max_parallel_workers_per_gather;
SET max_parallel_workers_per_gather = 0;
SELECT p.big = s.big AS parallel_equals_serial, (topk_info(p.big)->>'max_error')::int AS max_error
FROM par_result p, (SELECT topk_agg(x, 4096) AS big FROM topk_z) s;
SET max_parallel_workers_per_gather = 2;
-- Grouped, partial aggregation per group in the workers.
SET enable_sort = off;
SELECT * FROM pg_temp.parallel_run($$CREATE TEMP TABLE par_grouped AS SELECT part, topk_agg(x, 32) AS s FROM topk_z GROUP BY part$$);
SELECT part, outside_bounds, missed_above_threshold, absent_above_max_error, max_error_within_threshold, info_threshold_right
FROM par_grouped, pg_temp.check(s, 32, format('SELECT x AS item, count(*) AS c FROM topk_z WHERE part = %s GROUP BY x', part))
ORDER BY part;
RESET enable_sort;
RESET parallel_setup_cost;
RESET parallel_tuple_cost;
RESET min_parallel_table_scan_size;
RESET max_parallel_workers_per_gather;
RESET parallel_leader_participation;
DROP TABLE topk_z;
