-- Parallel aggregation: workers build partial sketches, the leader combines
-- them with hll_union_trans. The result must be the very sketch a serial
-- plan builds, byte for byte. Each compared result is built through
-- pg_temp.parallel_run, which shows that workers ran a partial aggregate for
-- that very statement (and none for the serial one).
\getenv abs_srcdir PG_ABS_SRCDIR
\i :abs_srcdir/sql/include/parallel_run.psql

CREATE TABLE hll_par AS
SELECT i, i % 7 AS g, (i::bigint * 7919) % 250000 AS x, 'u' || (i % 40000) AS t
FROM generate_series(1, 300000) i;
VACUUM ANALYZE hll_par;

SET parallel_setup_cost = 0;
SET parallel_tuple_cost = 0;
SET min_parallel_table_scan_size = 0;
SET max_parallel_workers_per_gather = 2;
-- Make the workers do the scanning, so the combine step always has partial states to merge.
SET parallel_leader_participation = off;

EXPLAIN (COSTS OFF)
SELECT hll_add_agg(x) FROM hll_par;
SELECT * FROM pg_temp.parallel_run($$CREATE TEMP TABLE par_result AS
SELECT hll_add_agg(x) AS a, hll_add_agg(t) AS b, hll_add_agg(x, 10) AS c, hll_count_distinct(x) AS n,
       hll_add_agg(x) FILTER (WHERE i <= 1000) AS sparse, hll_add_hash_agg(sketch_hash(t)) AS d,
       hll_add_agg(x) FILTER (WHERE false) AS empty
FROM hll_par$$);

-- Grouped: partial aggregation per group in the workers.
SET enable_sort = off;
EXPLAIN (COSTS OFF)
SELECT g, hll_add_agg(x) FROM hll_par GROUP BY g;
SELECT * FROM pg_temp.parallel_run($$CREATE TEMP TABLE par_grouped AS SELECT g, hll_add_agg(x) AS h FROM hll_par GROUP BY g$$);
RESET enable_sort;

-- hll_union_agg over a table of sketches: 300 small and dense sketches.
CREATE TABLE hll_par_sketches AS
SELECT i % 300 AS k, hll_add_agg(x) AS h FROM hll_par GROUP BY 1;
INSERT INTO hll_par_sketches SELECT 1000 + i, hll_add(hll_empty(), i) FROM generate_series(1, 5000) i;
VACUUM ANALYZE hll_par_sketches;
EXPLAIN (COSTS OFF)
SELECT hll_union_agg(h) FROM hll_par_sketches;
SELECT * FROM pg_temp.parallel_run($$CREATE TEMP TABLE par_union AS
SELECT hll_union_agg(h) AS all_sketches, hll_union_agg(h) FILTER (WHERE k >= 1000) AS small_sketches
FROM hll_par_sketches$$);

-- The same queries, serial.
SET max_parallel_workers_per_gather = 0;
EXPLAIN (COSTS OFF)
SELECT hll_add_agg(x) FROM hll_par;
SELECT * FROM pg_temp.parallel_run($$CREATE TEMP TABLE ser_result AS
SELECT hll_add_agg(x) AS a, hll_add_agg(t) AS b, hll_add_agg(x, 10) AS c, hll_count_distinct(x) AS n,
       hll_add_agg(x) FILTER (WHERE i <= 1000) AS sparse, hll_add_hash_agg(sketch_hash(t)) AS d,
       hll_add_agg(x) FILTER (WHERE false) AS empty
FROM hll_par$$);
SELECT * FROM pg_temp.parallel_run($$CREATE TEMP TABLE ser_grouped AS SELECT g, hll_add_agg(x) AS h FROM hll_par GROUP BY g$$);
SELECT * FROM pg_temp.parallel_run($$CREATE TEMP TABLE ser_union AS
SELECT hll_union_agg(h) AS all_sketches, hll_union_agg(h) FILTER (WHERE k >= 1000) AS small_sketches
FROM hll_par_sketches$$);
RESET max_parallel_workers_per_gather;
RESET parallel_leader_participation;

SELECT p.a = s.a AS add_agg_int, p.b = s.b AS add_agg_text, p.c = s.c AS add_agg_p10,
       p.n = s.n AS count_distinct, p.sparse = s.sparse AS sparse, p.d = s.d AS add_hash_agg,
       p.empty = s.empty AS empty
FROM par_result p, ser_result s;
SELECT p.n AS estimate, (SELECT count(DISTINCT x) FROM hll_par) AS exact,
       # p.a AS card_int, # p.b AS card_text, (SELECT count(DISTINCT t) FROM hll_par) AS exact_text,
       # p.sparse AS card_sparse, hll_info(p.sparse)->>'representation' AS repr_sparse, # p.empty AS card_empty
FROM par_result p;
SELECT count(*) AS groups, count(*) FILTER (WHERE p.h = s.h) AS equal
FROM par_grouped p JOIN ser_grouped s USING (g);
SELECT p.all_sketches = s.all_sketches AS union_all, p.small_sketches = s.small_sketches AS union_small,
       p.all_sketches = (SELECT a FROM ser_result) || (SELECT hll_add_agg(i) FROM generate_series(1, 5000) i)
           AS union_is_sketch_of_union,
       # p.small_sketches AS card_small, hll_info(p.small_sketches)->>'representation' AS repr_small
FROM par_union p, ser_union s;

-- Zero rows reach the final function with no state; the precision is read off
-- the call, also in the Finalize step of a parallel plan.
SET parallel_setup_cost = 0;
SET parallel_tuple_cost = 0;
SET min_parallel_table_scan_size = 0;
SET max_parallel_workers_per_gather = 2;
EXPLAIN (COSTS OFF) SELECT hll_add_agg(x, 10) FILTER (WHERE false) FROM hll_par;
SELECT * FROM pg_temp.parallel_run($$CREATE TEMP TABLE par_zero AS
SELECT hll_precision(hll_add_agg(x, 10) FILTER (WHERE false)) AS parallel_zero_rows FROM hll_par$$);
SELECT parallel_zero_rows FROM par_zero;
RESET parallel_setup_cost;
RESET parallel_tuple_cost;
RESET min_parallel_table_scan_size;
RESET max_parallel_workers_per_gather;
SELECT hll_precision(hll_add_agg(x, 10) FILTER (WHERE false)) AS serial_zero_rows FROM hll_par;

DROP TABLE hll_par, hll_par_sketches;
