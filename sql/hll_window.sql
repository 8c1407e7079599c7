-- hll aggregates as window functions. The transition functions update the
-- state in place, and a window aggregate keeps updating its state after a
-- row's result was handed out: each result must be a copy, not the state.

-- Daily events: each day's users are a window of 1500 ids that slides by 300
-- a day. A 7-day window then holds 3300 distinct users once it is full: more
-- than the 3072 sparse entries of p = 14, so dense.
CREATE TEMP TABLE events AS
SELECT DATE '2024-01-01' + d AS day, d * 300 + u AS user_id
FROM generate_series(0, 29) d, generate_series(0, 1499) u;
CREATE TEMP TABLE daily AS
SELECT day, hll_add_agg(user_id) AS h FROM events GROUP BY day;

-- Rolling 7-day uniques from the daily sketches, against an exact count per
-- window, and against a sketch built directly from each window's events.
CREATE TEMP TABLE rolling AS
SELECT day,
       hll_union_agg(h) OVER w AS h,
       hll_cardinality(hll_union_agg(h) OVER w) AS estimate
FROM daily d
WINDOW w AS (ORDER BY day ROWS 6 PRECEDING);
CREATE TEMP TABLE windows AS
SELECT d.day, count(DISTINCT e.user_id) AS exact, hll_add_agg(e.user_id) AS direct
FROM daily d JOIN events e ON e.day BETWEEN d.day - 6 AND d.day
GROUP BY d.day;
SELECT day, estimate, exact, round(100.0 * (estimate - exact) / exact, 2) AS error_pct,
       hll_info(h)->>'representation' AS repr, h = direct AS equals_direct
FROM rolling JOIN windows USING (day) ORDER BY day;
SELECT count(*) AS windows,
       count(*) FILTER (WHERE abs(estimate - exact) <= 0.02 * exact) AS within_2_pct,
       count(*) FILTER (WHERE hll_info(h)->>'representation' = 'sparse' AND estimate = exact) AS sparse_exact,
       count(*) FILTER (WHERE h = direct) AS equal_direct
FROM rolling JOIN windows USING (day);

-- A running hll_add_agg over values with repeats: every prefix's sketch, against exact counts.
CREATE TEMP TABLE stream AS
SELECT i, (i * 37) % 4000 AS x FROM generate_series(1, 6000) i;
CREATE TEMP TABLE running AS
SELECT i, h, # h AS estimate, n, exact
FROM (SELECT i, hll_add_agg(x) OVER (ORDER BY i) AS h, hll_count_distinct(x) OVER (ORDER BY i) AS n,
             count(*) FILTER (WHERE first) OVER (ORDER BY i) AS exact
      FROM (SELECT i, x, row_number() OVER (PARTITION BY x ORDER BY i) = 1 AS first FROM stream) s) w;
SELECT count(*) AS rows_,
       count(*) FILTER (WHERE estimate = exact) AS exact_match,
       count(*) FILTER (WHERE abs(estimate - exact) <= 0.02 * exact) AS within_2_pct,
       count(*) FILTER (WHERE estimate = n) AS add_agg_matches_count_distinct,
       max(exact) AS final_exact
FROM running;
-- Sampled prefixes, compared with a sketch built from scratch: byte-equal.
SELECT i, estimate, exact, hll_info(h)->>'representation' AS repr,
       h = (SELECT hll_add_agg(x) FROM stream s WHERE s.i <= r.i) AS equals_direct
FROM running r WHERE i IN (1, 2, 10, 100, 1000, 3072, 3073, 4000, 6000) ORDER BY i;
-- Every row's result is the previous row's plus that row's value: no result
-- was changed afterwards by the in-place updates of the state.
SELECT count(*) AS rows_,
       count(*) FILTER (WHERE h = hll_add(prev_h, x)) AS previous_plus_value,
       count(*) FILTER (WHERE h = prev_h) AS value_already_in
FROM (SELECT i, h, lag(h) OVER (ORDER BY i) AS prev_h FROM running) s JOIN stream USING (i)
WHERE prev_h IS NOT NULL;

-- Peers share a result: ORDER BY a non-unique key (RANGE frame).
SELECT g, # hll_add_agg(x) OVER (ORDER BY g) AS running, count(*) OVER (ORDER BY g) AS rows_so_far
FROM (SELECT i / 3 AS g, i AS x FROM generate_series(0, 11) i) s ORDER BY g, x;

-- Partitioned, with a sliding frame over raw values and the default frame.
SELECT p, i, # hll_add_agg(x) OVER (PARTITION BY p ORDER BY i ROWS BETWEEN 2 PRECEDING AND CURRENT ROW) AS last3,
       # hll_add_agg(x, 8) OVER (PARTITION BY p ORDER BY i) AS running_p8,
       hll_count_distinct(x) OVER (PARTITION BY p) AS whole
FROM (SELECT i % 2 AS p, i, i / 4 AS x FROM generate_series(0, 15) i) s ORDER BY p, i;

-- Several aggregates over one window: hll_add_agg and hll_count_distinct side by side.
SELECT count(*) FILTER (WHERE # a = c) AS consistent, count(*) AS rows_
FROM (SELECT hll_add_agg(x) OVER w AS a, hll_count_distinct(x) OVER w AS c
      FROM stream WHERE i <= 2000 WINDOW w AS (ORDER BY i ROWS BETWEEN 50 PRECEDING AND 50 FOLLOWING)) s;

-- hll_union_agg over a frame that moves forward and restarts.
SELECT day, # hll_union_agg(h) OVER (ORDER BY day ROWS BETWEEN 1 PRECEDING AND 1 FOLLOWING) AS three_days,
       # hll_union_agg(h) OVER (ORDER BY day ROWS BETWEEN UNBOUNDED PRECEDING AND UNBOUNDED FOLLOWING) AS all_days
FROM daily WHERE day < DATE '2024-01-05' ORDER BY day;

DROP TABLE events, daily, rolling, windows, stream, running;
