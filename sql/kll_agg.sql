-- kll aggregates: answers against exact percentile_disc and ranks on several
-- distributions (every rank within the rank error, computed here), parallel plans and unions
-- of partitions within the same bound, windows, zero rows, NULLs, and the
-- transition function under an aggregate of a user's (no working state).

-- Seven distributions of 10000 values each, from fixed low-discrepancy
-- sequences (u, w in (0, 1)): lognormal (sigma 1 and 3, Box-Muller), Pareto
-- (shape 1), integers 1..1000, both signs with zeros, sorted and reverse-sorted.
CREATE TABLE kll_data AS
SELECT d, i, CASE d
    WHEN 'lognormal 1' THEN exp(sqrt(-2 * ln(u)) * cos(2 * pi() * w))
    WHEN 'lognormal 3' THEN exp(3 * sqrt(-2 * ln(u)) * cos(2 * pi() * w))
    WHEN 'pareto 1' THEN 1 / u
    WHEN 'integers' THEN floor(u * 1000) + 1
    WHEN 'sorted' THEN i
    WHEN 'reverse' THEN -i
    ELSE CASE i % 5 WHEN 0 THEN 0 WHEN 1 THEN -exp(4 * sqrt(-2 * ln(u)) * cos(2 * pi() * w))
                    ELSE exp(2 * sqrt(-2 * ln(u)) * cos(2 * pi() * w)) END
    END AS x
FROM unnest('{lognormal 1, lognormal 3, pareto 1, integers, mixed signs, sorted, reverse}'::text[]) d,
     generate_series(1, 10000) i,
     LATERAL (SELECT (i * 0.6180339887498949 + 0.5 / 10000) % 1 AS u, (i * 0.7548776662466927) % 1 AS w) s
ORDER BY d, CASE WHEN d = 'reverse' THEN -i ELSE i END;
VACUUM ANALYZE kll_data;

-- The tolerance of every check: DataSketches' normalized rank error of k
-- (doc/FORMAT.md 10.6, datasketches-cpp's get_normalized_rank_error),
-- computed here, never kll_rank_error (the code under test; kll_basic checks it).
CREATE FUNCTION pg_temp.eps(k int) RETURNS float8 LANGUAGE sql AS $$ SELECT 2.296::float8 / k::float8 ^ 0.9723::float8 $$;
-- quantile() at 13 q per distribution: the exact rank interval of the answer
-- (the fractions below it and at or below it) is within the rank error of q.
CREATE TEMP TABLE kll_q AS SELECT unnest('{0, 0.0001, 0.001, 0.01, 0.1, 0.25, 0.5, 0.75, 0.9, 0.99, 0.999, 0.9999, 1}'::float8[]) AS q;
CREATE TEMP TABLE kll_sketches AS SELECT d, kll_agg(x) AS s FROM kll_data GROUP BY d;
-- Exact fractions below and at or below a value, per distribution.
CREATE FUNCTION pg_temp.exact(dist text, t float8[], OUT t float8, OUT below float8, OUT at_or_below float8)
RETURNS SETOF record LANGUAGE sql AS $$
    SELECT t, avg((x < t)::int)::float8, avg((x <= t)::int)::float8
    FROM kll_data, unnest(t) t WHERE d = dist GROUP BY t $$;
SELECT d, count(*) AS points, count(*) FILTER (WHERE q < below - e OR q > at_or_below + e) AS outside_error,
       min(kll_count(s)) AS n
FROM (SELECT d, s, pg_temp.eps(200) AS e, unnest(qs) AS q, unnest(quantiles(s, qs)) AS est
      FROM kll_sketches, (SELECT array_agg(q) AS qs FROM kll_q) q) v,
     LATERAL (SELECT * FROM pg_temp.exact(d, ARRAY[est]) ) x
GROUP BY d ORDER BY d;
SELECT d, kll_min(s) = min(x) AS min_exact, kll_max(s) = max(x) AS max_exact
FROM kll_sketches JOIN kll_data USING (d) GROUP BY d, s ORDER BY d;
-- quantile_rank against the exact fraction at or below percentile_disc's values.
CREATE TEMP TABLE kll_points AS
SELECT d, array_agg(t) AS ts FROM (SELECT d, percentile_disc(q) WITHIN GROUP (ORDER BY x) AS t FROM kll_data, kll_q GROUP BY d, q) p
GROUP BY d;
-- outside(s, dist, k): the points whose rank is off by more than the rank error of k.
CREATE FUNCTION pg_temp.outside(s kll, dist text, k int DEFAULT 200) RETURNS bigint LANGUAGE sql AS $$
    SELECT count(*) FILTER (WHERE abs(quantile_rank(s, t) - at_or_below) > pg_temp.eps(k))
    FROM kll_points, pg_temp.exact(dist, ts) WHERE d = dist $$;
SELECT d, pg_temp.outside(s, d) AS outside_error FROM kll_sketches ORDER BY d;
-- At k = 50 and k = 1000, with their own bounds.
SELECT k, sum(pg_temp.outside(s, d, k)) AS outside_error
FROM (SELECT d, k, kll_agg(x, k) AS s FROM kll_data, unnest('{50, 1000}'::int[]) k GROUP BY d, k) a
GROUP BY k ORDER BY k;

-- The union of partitions, in any grouping and order, within the bound of the whole.
SELECT d, pg_temp.outside((SELECT kll_union_agg(s ORDER BY k DESC) FROM
              (SELECT i % 7 AS k, kll_agg(x) AS s FROM kll_data e WHERE e.d = w.d GROUP BY i % 7) p), d) AS by_7_outside,
          pg_temp.outside((SELECT kll_union_agg(s ORDER BY k) FROM
              (SELECT x > 1 AS k, kll_agg(x, 100) AS s FROM kll_data e WHERE e.d = w.d GROUP BY x > 1) p), d, 100) AS by_value_outside,
          (SELECT kll_count(kll_union_agg(s)) FROM (SELECT kll_agg(x) AS s FROM kll_data e WHERE e.d = w.d GROUP BY i % 7) p) AS n
FROM (SELECT DISTINCT d FROM kll_data) w ORDER BY d;

-- NULLs are skipped; zero rows give the empty sketch of the call's k
-- (kll_union_agg: NULL).
SELECT kll_count(kll_agg(x)) AS n FROM (VALUES (1), (NULL), (2), (NULL)) v(x);
SELECT kll_info(kll_agg(x, 64)) ->> 'k' AS k, kll_count(kll_agg(x, 64)) AS n, kll_union_agg(NULL::kll) IS NULL AS union_null
FROM kll_data WHERE false;
-- Window aggregates: the final function never changes the state.
SELECT i, kll_count(kll_agg(i) OVER (ORDER BY i)) AS running, quantile(kll_agg(i) OVER w, 0.5) AS moving_median,
       kll_max(kll_agg(i, 8) OVER (ORDER BY i)) AS running_max
FROM generate_series(1, 12) i WINDOW w AS (ORDER BY i ROWS BETWEEN 2 PRECEDING AND CURRENT ROW);
-- Under an aggregate of a user's, the state is a value from the first row
-- (no working state): the same bytes as kll_agg's.
CREATE AGGREGATE pg_temp.my_kll(float8) (SFUNC = kll_add_trans, STYPE = kll);
SELECT pg_temp.my_kll(x) = kll_agg(x) AS same_bytes, pg_temp.my_kll(x)::bytea::kll IS NOT NULL AS valid
FROM kll_data WHERE d = 'pareto 1';

-- Parallel plans: workers build partial sketches, the leader merges them;
-- the answers hold within the bound.
CREATE TEMP TABLE serial_grouped AS SELECT d, kll_agg(x) AS s FROM kll_data GROUP BY d;
SET parallel_setup_cost = 0;
SET parallel_tuple_cost = 0;
SET min_parallel_table_scan_size = 0;
SET max_parallel_workers_per_gather = 2;
SET parallel_leader_participation = off;
\getenv abs_srcdir PG_ABS_SRCDIR
\i :abs_srcdir/sql/include/parallel_run.psql
SELECT * FROM pg_temp.parallel_run($$CREATE TEMP TABLE par_result AS
SELECT kll_agg(x) AS s, kll_agg(x::real, 100) AS r FROM kll_data WHERE d = 'lognormal 3'$$);
SELECT pg_temp.outside(s, 'lognormal 3') AS outside, pg_temp.outside(r, 'lognormal 3', 100) AS outside_k100,
       kll_count(s) AS n, kll_info(r) ->> 'k' AS k FROM par_result;
SET enable_sort = off;
SELECT * FROM pg_temp.parallel_run($$CREATE TEMP TABLE par_grouped AS
SELECT d, kll_agg(x) AS s FROM kll_data GROUP BY d$$);
SELECT count(*) AS groups, count(*) FILTER (WHERE pg_temp.outside(p.s, d) = 0) AS within,
       count(*) FILTER (WHERE kll_count(p.s) = 10000) AS counts_exact FROM par_grouped p;
CREATE TABLE kll_parts AS SELECT i % 50 AS k, kll_agg(x) AS s FROM kll_data WHERE d = 'mixed signs' GROUP BY i % 50;
VACUUM ANALYZE kll_parts;
SELECT * FROM pg_temp.parallel_run($$CREATE TEMP TABLE par_union AS
SELECT kll_union_agg(s) AS u FROM kll_parts$$);
SELECT pg_temp.outside(u, 'mixed signs') AS union_outside, kll_count(u) AS n FROM par_union;
RESET ALL;
DROP TABLE kll_data, kll_parts;
