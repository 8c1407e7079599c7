-- bloom aggregates as window functions. The transition functions update the
-- state in place, and a window aggregate keeps updating its state after a
-- row's result was handed out: each result must be a copy, not the state.

CREATE TEMP TABLE stream AS
SELECT i, (i * 37) % 400 AS x FROM generate_series(1, 600) i;

-- A running filter: every row's result is the previous row's plus that row's
-- value, and equals a filter built from scratch over the prefix.
CREATE TEMP TABLE running AS
SELECT i, x, bloom_agg(x, 1000, 0.01) OVER (ORDER BY i) AS f, bloom_agg(x) OVER (ORDER BY i) AS sized
FROM stream;
SELECT count(*) AS rows_,
       count(*) FILTER (WHERE f = bloom_add(prev, x)) AS previous_plus_value,
       count(*) FILTER (WHERE f = prev) AS value_already_in
FROM (SELECT i, x, f, lag(f) OVER (ORDER BY i) AS prev FROM running) s WHERE prev IS NOT NULL;
SELECT count(*) FILTER (WHERE f = (SELECT bloom_agg(x, 1000, 0.01) FROM stream s WHERE s.i <= r.i)) AS equal_direct,
       count(*) FILTER (WHERE sized = (SELECT bloom_agg(x) FROM stream s WHERE s.i <= r.i)) AS sized_equal_direct,
       count(*) FILTER (WHERE bloom_info(sized)->>'capacity' = (SELECT count(DISTINCT x) FROM stream s WHERE s.i <= r.i)::text)
           AS sized_to_prefix,
       count(*) AS rows_
FROM running r WHERE i % 50 = 1 OR i > 590;

-- A sliding frame (the aggregate restarts for every row) against each window built directly.
SELECT count(*) FILTER (WHERE w.f = (SELECT bloom_agg(x, 100, 0.01) FROM stream s WHERE s.i BETWEEN w.i - 4 AND w.i))
           AS equal_direct,
       count(*) FILTER (WHERE w.sized = (SELECT bloom_agg(x) FROM stream s WHERE s.i BETWEEN w.i - 4 AND w.i))
           AS sized_equal_direct,
       count(*) AS rows_
FROM (SELECT i, bloom_agg(x, 100, 0.01) OVER w AS f, bloom_agg(x) OVER w AS sized
      FROM stream WINDOW w AS (ORDER BY i ROWS 4 PRECEDING)) w;

-- Peers share a result: ORDER BY a non-unique key (RANGE frame).
SELECT g, x, bloom_cardinality(bloom_agg(x, 100, 0.01) OVER (ORDER BY g)) AS running,
       count(*) OVER (ORDER BY g) AS rows_so_far
FROM (SELECT i / 3 AS g, i AS x FROM generate_series(0, 11) i) s ORDER BY g, x;

-- Partitioned, with the default frame and the whole partition, and the same
-- call twice over one window.
SELECT p, i, bloom_agg(x, 100, 0.01) OVER w = bloom_agg(x, 100, 0.01) OVER w AS twice_equal,
       bloom_cardinality(bloom_agg(x, 100, 0.01) OVER w) AS running,
       bloom_info(bloom_agg(x) OVER (PARTITION BY p))->'capacity' AS whole_capacity,
       bloom_agg(x, 100, 0.01) OVER (PARTITION BY p) @> i AS whole_has_i
FROM (SELECT i % 2 AS p, i, i AS x FROM generate_series(0, 9) i) s
WINDOW w AS (PARTITION BY p ORDER BY i) ORDER BY p, i;

-- An empty frame is zero rows. A window's final function sees no Aggref: the
-- parameters are read off the window's calls with that final function when
-- they agree (bloom_agg(i): fpr 0.01), else the result is NULL (bloom_agg(i,
-- 10, 0.01) shares bloom_agg_final with bloom_union_agg, which has none).
SELECT i, bloom_agg(i, 10, 0.01) OVER w IS NULL AS fixed_null, bloom_agg(i) OVER w IS NULL AS sized_null,
       bloom_union_agg(bloom_empty(10)) OVER w IS NULL AS union_null
FROM generate_series(1, 3) i WINDOW w AS (ORDER BY i ROWS BETWEEN 1 FOLLOWING AND 1 FOLLOWING);

-- bloom_union_agg over daily filters, a rolling 3-day union.
CREATE TEMP TABLE daily AS
SELECT d, bloom_agg(d * 100 + u, 1000, 0.01) AS f FROM generate_series(1, 10) d, generate_series(1, 150) u GROUP BY d;
SELECT count(*) FILTER (WHERE r.f = (SELECT bloom_agg(d * 100 + u, 1000, 0.01) FROM generate_series(r.d - 2, r.d) d,
                                     generate_series(1, 150) u WHERE d >= 1)) AS equal_direct,
       count(*) AS days
FROM (SELECT d, bloom_union_agg(f) OVER (ORDER BY d ROWS 2 PRECEDING) AS f FROM daily) r;
SELECT d, bloom_cardinality(bloom_union_agg(f) OVER (ORDER BY d ROWS BETWEEN 1 PRECEDING AND 1 FOLLOWING)) AS three_days,
       bloom_cardinality(bloom_union_agg(f) OVER ()) AS all_days
FROM daily WHERE d <= 4 ORDER BY d;

DROP TABLE stream, running, daily;
