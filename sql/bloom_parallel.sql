-- Parallel aggregation: workers build partial filters (or partial sets of
-- hashes), the leader combines them. The result must be the very filter a
-- serial plan builds, byte for byte. Each compared result is built through
-- pg_temp.parallel_run, which shows that workers ran a partial aggregate for
-- that very statement (and none for the serial one).
\getenv abs_srcdir PG_ABS_SRCDIR
\i :abs_srcdir/sql/include/parallel_run.psql

CREATE TABLE bloom_par AS
SELECT i, i % 7 AS g, (i::bigint * 7919) % 250000 AS x, 'u' || (i % 40000) AS t
FROM generate_series(1, 300000) i;
VACUUM ANALYZE bloom_par;

SET parallel_setup_cost = 0;
SET parallel_tuple_cost = 0;
SET min_parallel_table_scan_size = 0;
SET max_parallel_workers_per_gather = 2;
-- Make the workers do the scanning, so the combine step always has partial states to merge.
SET parallel_leader_participation = off;

EXPLAIN (COSTS OFF)
SELECT bloom_agg(x, 250000, 0.01) FROM bloom_par;
EXPLAIN (COSTS OFF)
SELECT bloom_agg(x) FROM bloom_par;
SELECT * FROM pg_temp.parallel_run($$CREATE TEMP TABLE par_result AS
SELECT bloom_agg(x, 250000, 0.01) AS a, bloom_agg(t, 40000, 0.001) AS b, bloom_agg(x) AS c,
       bloom_agg(t, 0.05) AS d, bloom_agg(x, 1000, 0.01) FILTER (WHERE i <= 1000) AS small,
       bloom_agg(x, 1000, 0.01) FILTER (WHERE false) AS empty, bloom_agg(x, 0.001) FILTER (WHERE false) AS empty_sized
FROM bloom_par$$);

-- Grouped: partial aggregation per group in the workers.
SET enable_sort = off;
EXPLAIN (COSTS OFF)
SELECT g, bloom_agg(x, 50000, 0.01), bloom_agg(x) FROM bloom_par GROUP BY g;
SELECT * FROM pg_temp.parallel_run($$CREATE TEMP TABLE par_grouped AS
SELECT g, bloom_agg(x, 50000, 0.01) AS fixed, bloom_agg(x) AS sized FROM bloom_par GROUP BY g$$);
RESET enable_sort;

-- bloom_union_agg over a table of 3,000 filters of the values 0..1999.
CREATE TABLE bloom_par_filters AS
SELECT i % 3000 AS k, bloom_agg(x % 2000, 2000, 0.01) AS b FROM bloom_par GROUP BY 1;
VACUUM ANALYZE bloom_par_filters;
EXPLAIN (COSTS OFF)
SELECT bloom_union_agg(b) FROM bloom_par_filters;
SELECT * FROM pg_temp.parallel_run($$CREATE TEMP TABLE par_union AS SELECT bloom_union_agg(b) AS u FROM bloom_par_filters$$);

-- Membership tests in the workers, each with its own cached filter (from a
-- regular table: workers cannot read temporary ones).
CREATE TABLE bloom_par_probe AS SELECT bloom_agg(x, 100000, 0.01) AS b FROM bloom_par WHERE i % 3 = 0;
EXPLAIN (COSTS OFF)
SELECT count(*) FROM bloom_par WHERE (SELECT b FROM bloom_par_probe) @> x;
SELECT * FROM pg_temp.parallel_run($$CREATE TEMP TABLE par_probe AS
SELECT count(*) AS n FROM bloom_par WHERE (SELECT b FROM bloom_par_probe) @> x$$);

-- Zero rows in a parallel plan: the Finalize step reads the constants off the
-- partial step's call, through Gather and a partitionwise Append.
CREATE TABLE bloom_par_parts (i int, x bigint) PARTITION BY RANGE (i);
CREATE TABLE bloom_par_parts_1 PARTITION OF bloom_par_parts FOR VALUES FROM (0) TO (150001);
CREATE TABLE bloom_par_parts_2 PARTITION OF bloom_par_parts FOR VALUES FROM (150001) TO (300001);
INSERT INTO bloom_par_parts SELECT i, x FROM bloom_par;
VACUUM ANALYZE bloom_par_parts;
SET enable_partitionwise_aggregate = on;
EXPLAIN (COSTS OFF)
SELECT bloom_agg(x, 1000, 0.05) FILTER (WHERE false), bloom_agg(x, 0.001) FILTER (WHERE x < 0),
       bloom_agg(x, 250000, 0.01)
FROM bloom_par_parts;
SELECT * FROM pg_temp.parallel_run($$CREATE TEMP TABLE parts_result AS
SELECT bloom_agg(x, 1000, 0.05) FILTER (WHERE false) AS fixed_empty, bloom_agg(x, 0.001) FILTER (WHERE x < 0) AS sized_empty,
       bloom_agg(x, 250000, 0.01) AS a
FROM bloom_par_parts$$);
RESET enable_partitionwise_aggregate;
SELECT p.fixed_empty = bloom_empty(1000, 0.05) AS fixed_empty, p.sized_empty = bloom_empty(1, 0.001) AS sized_empty,
       p.a = r.a AS partitionwise_equal
FROM parts_result p, par_result r;

-- The same queries, serial.
SET max_parallel_workers_per_gather = 0;
EXPLAIN (COSTS OFF)
SELECT bloom_agg(x, 250000, 0.01) FROM bloom_par;
SELECT * FROM pg_temp.parallel_run($$CREATE TEMP TABLE ser_result AS
SELECT bloom_agg(x, 250000, 0.01) AS a, bloom_agg(t, 40000, 0.001) AS b, bloom_agg(x) AS c,
       bloom_agg(t, 0.05) AS d, bloom_agg(x, 1000, 0.01) FILTER (WHERE i <= 1000) AS small,
       bloom_agg(x, 1000, 0.01) FILTER (WHERE false) AS empty, bloom_agg(x, 0.001) FILTER (WHERE false) AS empty_sized
FROM bloom_par$$);
SELECT * FROM pg_temp.parallel_run($$CREATE TEMP TABLE ser_grouped AS
SELECT g, bloom_agg(x, 50000, 0.01) AS fixed, bloom_agg(x) AS sized FROM bloom_par GROUP BY g$$);
SELECT * FROM pg_temp.parallel_run($$CREATE TEMP TABLE ser_union AS SELECT bloom_union_agg(b) AS u FROM bloom_par_filters$$);
SELECT * FROM pg_temp.parallel_run($$CREATE TEMP TABLE ser_probe AS
SELECT count(*) AS n FROM bloom_par WHERE (SELECT b FROM bloom_par_probe) @> x$$);
RESET max_parallel_workers_per_gather;
RESET parallel_leader_participation;

SELECT p.a = s.a AS fixed_int, p.b = s.b AS fixed_text, p.c = s.c AS sized_int, p.d = s.d AS sized_text,
       p.small = s.small AS small, p.empty = s.empty AS empty, p.empty_sized = s.empty_sized AS empty_sized,
       p.empty = bloom_empty(1000) AS empty_is_empty, p.empty_sized = bloom_empty(1, 0.001) AS sized_is_empty
FROM par_result p, ser_result s;
SELECT bloom_info(p.c)->'capacity' AS sized_capacity, (SELECT count(DISTINCT x) FROM bloom_par) AS distinct_x,
       bloom_info(p.d)->'capacity' AS sized_text_capacity, p.a = p.c AS same_as_fixed_at_that_capacity
FROM par_result p;
SELECT count(*) AS groups, count(*) FILTER (WHERE p.fixed = s.fixed AND p.sized = s.sized) AS equal
FROM par_grouped p JOIN ser_grouped s USING (g);
SELECT p.u = s.u AS union_equal,
       p.u = (SELECT bloom_agg(x % 2000, 2000, 0.01) FROM bloom_par) AS union_is_filter_of_all
FROM par_union p, ser_union s;
SELECT p.n = s.n AS probe_equal, p.n - e.n BETWEEN 0 AND 3000 AS members_and_about_1pct_more
FROM par_probe p, ser_probe s,
     (SELECT count(*) AS n FROM bloom_par WHERE x IN (SELECT x FROM bloom_par WHERE i % 3 = 0)) e;
-- No false negatives in what the parallel plan built.
SELECT count(*) FILTER (WHERE a @> x AND c @> x AND b @> t AND d @> t) AS found, count(*) AS rows_
FROM bloom_par, par_result;

DROP TABLE bloom_par, bloom_par_filters, bloom_par_probe, bloom_par_parts;
