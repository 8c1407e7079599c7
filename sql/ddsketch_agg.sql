-- ddsketch aggregates: answers against exact percentile_disc and
-- percentile_cont on several distributions (within alpha of the value, at
-- every q), parallel plans giving the serial bytes, the union of partitions
-- giving the whole's bytes, windows, zero rows and NULLs.

-- Five distributions of 10000 values each, from fixed low-discrepancy
-- sequences (u, w in (0, 1)): lognormal (sigma 1 and 3, Box-Muller), Pareto
-- (shape 1), integers 1..1000, and both signs with zeros.
CREATE TABLE dd_data AS
SELECT d, i, CASE d
    WHEN 'lognormal 1' THEN exp(sqrt(-2 * ln(u)) * cos(2 * pi() * w))
    WHEN 'lognormal 3' THEN exp(3 * sqrt(-2 * ln(u)) * cos(2 * pi() * w))
    WHEN 'pareto 1' THEN 1 / u
    WHEN 'integers' THEN floor(u * 1000) + 1
    ELSE CASE i % 5 WHEN 0 THEN 0 WHEN 1 THEN -exp(4 * sqrt(-2 * ln(u)) * cos(2 * pi() * w))
                    ELSE exp(2 * sqrt(-2 * ln(u)) * cos(2 * pi() * w)) END
    END AS x
FROM unnest('{lognormal 1, lognormal 3, pareto 1, integers, mixed signs}'::text[]) d,
     generate_series(1, 10000) i,
     LATERAL (SELECT (i * 0.6180339887498949 + 0.5 / 10000) % 1 AS u, (i * 0.7548776662466927) % 1 AS w) s;
VACUUM ANALYZE dd_data;

-- quantile() against percentile_disc at 15 q, per distribution: no answer off by more than alpha.
CREATE TEMP TABLE dd_q AS SELECT '{0, 0.0001, 0.001, 0.01, 0.1, 0.25, 0.5, 0.75, 0.9, 0.99, 0.999, 0.9999, 0.99999, 1}'::float8[] AS q;
SELECT d, count(*) AS points, count(*) FILTER (WHERE abs(est - exact) > 0.01 * abs(exact)) AS outside_alpha,
       max(abs(est - exact) / nullif(abs(exact), 0)) <= 0.01 AS max_rel_within
FROM (SELECT d, unnest(quantiles(ddsketch_agg(x), q)) AS est,
             unnest(percentile_disc(q) WITHIN GROUP (ORDER BY x)) AS exact
      FROM dd_data, dd_q GROUP BY d, q) v
GROUP BY d ORDER BY d;
-- At alpha 0.001 and 0.05, with room for every bucket.
SELECT a, count(*) FILTER (WHERE abs(est - exact) > a * abs(exact)) AS outside_alpha
FROM (SELECT a, unnest(quantiles(ddsketch_agg(x, a, 65536), q)) AS est,
             unnest(percentile_disc(q) WITHIN GROUP (ORDER BY x)) AS exact
      FROM dd_data, dd_q, unnest('{0.001, 0.05}'::float8[]) a GROUP BY d, q, a) v
GROUP BY a ORDER BY a;
-- approx_percentile_cont against percentile_cont, on the one-signed distributions.
SELECT d, count(*) FILTER (WHERE abs(est - exact) > 0.01 * abs(exact)) AS outside_alpha
FROM (SELECT d, unnest(approx_percentile_cont(q) WITHIN GROUP (ORDER BY x)) AS est,
             unnest(percentile_cont(q) WITHIN GROUP (ORDER BY x)) AS exact
      FROM dd_data, dd_q WHERE d <> 'mixed signs' GROUP BY d, q) v
GROUP BY d ORDER BY d;
SELECT approx_percentile_cont(0.5) WITHIN GROUP (ORDER BY x) AS median, percentile_cont(0.5) WITHIN GROUP (ORDER BY x) AS exact
FROM dd_data WHERE d = 'integers';
-- count, min, max exactly; the sum is the exact sum of the doubles rounded
-- once: within half a unit in the last place of the exact sum, computed in
-- numeric from each double's bits (x = m 2^e, scaled by 2^200 to an integer).
CREATE FUNCTION pg_temp.bits(x float8, OUT m numeric, OUT e int) LANGUAGE sql IMMUTABLE AS $$
    SELECT sign(x)::numeric * CASE WHEN f > 0 THEN (b & 4503599627370495) + 4503599627370496 ELSE b & 4503599627370495 END,
           CASE WHEN f > 0 THEN f - 1075 ELSE -1074 END
    FROM (SELECT ('x' || encode(float8send(x), 'hex'))::bit(64)::bigint AS b) v,
         LATERAL (SELECT ((b >> 52) & 2047)::int AS f) w $$;
CREATE FUNCTION pg_temp.scaled(x float8) RETURNS numeric LANGUAGE sql IMMUTABLE AS $$
    SELECT m * 2::numeric ^ (e + 200) FROM pg_temp.bits(x) $$;
SELECT d, ddsketch_count(s) = n AS count_exact, ddsketch_min(s) = mn AS min_exact, ddsketch_max(s) = mx AS max_exact,
       abs(pg_temp.scaled(ddsketch_sum(s)) - exact) <= 2::numeric ^ ((pg_temp.bits(ddsketch_sum(s))).e + 199) AS sum_rounded_once,
       abs(pg_temp.scaled(ddsketch_sum(s)) - exact) <= abs(pg_temp.scaled(float_sum) - exact) AS at_least_as_close_as_sum
FROM (SELECT d, ddsketch_agg(x) AS s, count(x) AS n, min(x) AS mn, max(x) AS mx, sum(x) AS float_sum
      FROM dd_data GROUP BY d) v
JOIN (SELECT d, sum(m * 2::numeric ^ (e + 200)) AS exact
      FROM (SELECT d, (b).e, sum((b).m) AS m FROM (SELECT d, pg_temp.bits(x) AS b FROM dd_data) v GROUP BY d, (b).e) w
      GROUP BY d) e USING (d)
ORDER BY d;
-- quantile_rank against the exact fraction at or below x: within the fractions
-- at x / (1 + alpha) and x / (1 - alpha).
SELECT d, count(*) FILTER (WHERE r < lo OR r > hi) AS outside
FROM (SELECT d, t, avg((x <= least(t / 1.01, t / 0.99))::int) AS lo, avg((x <= greatest(t / 1.01, t / 0.99))::int) AS hi
      FROM dd_data, unnest('{-100, -1, -0.01, 0, 0.01, 0.5, 1, 2, 10, 100, 1000}'::float8[]) t GROUP BY d, t) e
JOIN (SELECT d, t, quantile_rank(ddsketch_agg(x), t) AS r
      FROM dd_data, unnest('{-100, -1, -0.01, 0, 0.01, 0.5, 1, 2, 10, 100, 1000}'::float8[]) t GROUP BY d, t) a USING (d, t)
GROUP BY d ORDER BY d;

-- The union of partitions is the whole's sketch, byte for byte, in any grouping and order.
SELECT d, (SELECT ddsketch_union_agg(s ORDER BY k DESC) FROM
              (SELECT i % 7 AS k, ddsketch_agg(x) AS s FROM dd_data e WHERE e.d = w.d GROUP BY i % 7) p) = w.s AS by_7,
          (SELECT ddsketch_union_agg(s ORDER BY k) FROM
              (SELECT x > 1 AS k, ddsketch_agg(x) AS s FROM dd_data e WHERE e.d = w.d GROUP BY x > 1) p) = w.s AS by_value
FROM (SELECT d, ddsketch_agg(x) AS s FROM dd_data GROUP BY d) w ORDER BY d;
-- With collapsing (64 buckets): still the same bytes, and the collapse is reported.
SELECT (SELECT ddsketch_union_agg(s) FROM (SELECT ddsketch_agg(x, 0.01, 64) AS s FROM dd_data GROUP BY i % 5) p)
           = ddsketch_agg(x, 0.01, 64) AS collapsed_union_is_whole,
       ddsketch_info(ddsketch_agg(x, 0.01, 64)) -> 'positive' -> 'collapsed' AS positive_collapsed,
       ddsketch_info(ddsketch_agg(x, 0.01, 64)) -> 'negative' -> 'collapsed' AS negative_collapsed
FROM dd_data;
-- After a collapse, quantiles whose value is above the collapse bound keep the
-- guarantee; those below are answered positive and at most the lowest bucket's value.
-- Which is which is computed here from the spec: dd_index is doc/FORMAT.md 6.2's
-- index (x = f * 2^e with 0.5 <= f < 1, then the cubic), the store keeps the
-- indexes lo = index(max) - 511 and up (6.4), and the collapse bound that
-- ddsketch_info reports (the code under test) must be lower(lo): the edge
-- between the indexes lo - 1 and lo.
CREATE FUNCTION pg_temp.dd_index(x float8, alpha float8) RETURNS int LANGUAGE sql AS $$
    SELECT ceil((7.0::float8 / (20.0::float8 * alpha))
                * ((e - 1)::float8 + (((6.0::float8 / 35.0::float8) * s + (-3.0::float8 / 5.0::float8)) * s
                                     + 10.0::float8 / 7.0::float8) * s))::int
    FROM (SELECT e, 2.0::float8 * (x / 2.0::float8 ^ e) - 1.0::float8 AS s
          FROM (SELECT CASE WHEN x >= 2.0::float8 ^ g THEN g + 1 WHEN x < 2.0::float8 ^ (g - 1) THEN g - 1 ELSE g END AS e
                FROM (SELECT floor(ln(x) / ln(2.0::float8))::int + 1 AS g) g) e) s $$;
SELECT count(*) FILTER (WHERE exact_index >= lo) AS guaranteed_points,
       count(*) FILTER (WHERE exact_index >= lo AND abs(est - exact) > 0.01 * abs(exact)) AS outside_alpha,
       count(*) FILTER (WHERE exact_index < lo) AS folded_points,
       count(*) FILTER (WHERE exact_index < lo AND NOT (est > 0 AND pg_temp.dd_index(est, 0.01) <= lo)) AS folded_outside,
       bool_and(pg_temp.dd_index(bound * (1 - 1e-12), 0.01) = lo - 1 AND pg_temp.dd_index(bound * (1 + 1e-12), 0.01) = lo)
           AS collapse_bound_is_lower_lo
FROM (SELECT unnest(quantiles(s, q)) AS est, unnest(exact) AS exact, pg_temp.dd_index(unnest(exact), 0.01) AS exact_index,
             (SELECT pg_temp.dd_index(max(x), 0.01) - 511 FROM dd_data WHERE d = 'lognormal 3') AS lo,
             (ddsketch_info(s) -> 'positive' ->> 'collapse_bound')::float8 AS bound
      FROM (SELECT ddsketch_agg(x, 0.01, 512) AS s, percentile_disc(q) WITHIN GROUP (ORDER BY x) AS exact, q
            FROM dd_data, dd_q WHERE d = 'lognormal 3' GROUP BY q) v) w;

-- NULLs are skipped; zero rows give the empty sketch of the call's parameters
-- (ddsketch_union_agg and approx_percentile_cont: NULL).
SELECT ddsketch_count(ddsketch_agg(x)) AS n FROM (VALUES (1), (NULL), (2), (NULL)) v(x);
SELECT ddsketch_info(ddsketch_agg(x, 0.05, 100)) ->> 'alpha' AS alpha, ddsketch_info(ddsketch_agg(x, 0.05, 100)) ->> 'max_buckets' AS mb,
       ddsketch_union_agg(NULL::ddsketch) IS NULL AS union_null,
       approx_percentile_cont(0.5) WITHIN GROUP (ORDER BY x) IS NULL AS approx_null
FROM dd_data WHERE false;
-- Window aggregates: the state is the value itself.
SELECT i, ddsketch_count(ddsketch_agg(i) OVER (ORDER BY i)) AS running, quantile(ddsketch_agg(i) OVER w, 0.5) AS moving_median
FROM generate_series(1, 6) i WINDOW w AS (ORDER BY i ROWS BETWEEN 2 PRECEDING AND CURRENT ROW);

-- Parallel plans: workers build partial sketches, the leader unions them: the
-- serial bytes exactly.
CREATE TEMP TABLE serial_result AS SELECT ddsketch_agg(x) AS s, ddsketch_agg(x::real, 0.02, 500) AS r FROM dd_data;
CREATE TEMP TABLE serial_grouped AS SELECT d, ddsketch_agg(x) AS s FROM dd_data GROUP BY d;
SET parallel_setup_cost = 0;
SET parallel_tuple_cost = 0;
SET min_parallel_table_scan_size = 0;
SET max_parallel_workers_per_gather = 2;
SET parallel_leader_participation = off;
\getenv abs_srcdir PG_ABS_SRCDIR
\i :abs_srcdir/sql/include/parallel_run.psql
SELECT * FROM pg_temp.parallel_run($$CREATE TEMP TABLE par_result AS
SELECT ddsketch_agg(x) AS s, ddsketch_agg(x::real, 0.02, 500) AS r FROM dd_data$$);
SELECT p.s = s.s AS same_bytes, p.r = s.r AS same_bytes_params FROM par_result p, serial_result s;
SET enable_sort = off;
SELECT * FROM pg_temp.parallel_run($$CREATE TEMP TABLE par_grouped AS
SELECT d, ddsketch_agg(x) AS s FROM dd_data GROUP BY d$$);
SELECT count(*) AS groups, count(*) FILTER (WHERE p.s = s.s) AS same_bytes FROM par_grouped p JOIN serial_grouped s USING (d);
CREATE TABLE dd_parts AS SELECT i % 50 AS k, ddsketch_agg(x) AS s FROM dd_data GROUP BY i % 50;
VACUUM ANALYZE dd_parts;
SELECT * FROM pg_temp.parallel_run($$CREATE TEMP TABLE par_union AS
SELECT ddsketch_union_agg(s) AS u FROM dd_parts$$);
SELECT u = s AS union_same_bytes FROM par_union, serial_result;
RESET ALL;
DROP TABLE dd_data, dd_parts;
