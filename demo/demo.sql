-- The main-job demo: unique visitors with hll, against exact answers.
-- Run by ./run.sh on a throwaway cluster; safe to run by hand in any database.
\set ON_ERROR_STOP on
\pset footer off
SET client_min_messages = warning;
DROP SCHEMA IF EXISTS demo CASCADE;
CREATE SCHEMA demo;
SET search_path = demo, public;
CREATE EXTENSION IF NOT EXISTS probabilistic SCHEMA public;

\echo
\echo '== A month of page visits: 3 million rows, users skewed (a few visit daily, most rarely)'
CREATE TABLE visits AS
SELECT date '2026-11-01' + (i % 30) AS day,
       (floor(power(random(), 3) * 2000000))::bigint AS user_id
FROM generate_series(1, 3000000) AS i;
ANALYZE visits;

\echo
\echo '== Unique visitors per day: one 12 KiB sketch per day, kept in a table'
CREATE TABLE daily_uniques AS
SELECT day, hll_add_agg(user_id) AS users FROM visits GROUP BY day;

SELECT d.day,
       hll_cardinality(d.users) AS estimated,
       e.exact,
       round(100.0 * (hll_cardinality(d.users) - e.exact) / e.exact, 2) AS "error %",
       pg_column_size(d.users) AS sketch_bytes
FROM daily_uniques d
JOIN (SELECT day, count(DISTINCT user_id) AS exact FROM visits GROUP BY day) e USING (day)
ORDER BY day
LIMIT 7;

\echo
\echo '== Rolling 7-day unique visitors: union the daily sketches, no rescan of visits'
SELECT day,
       hll_cardinality(hll_union_agg(users) OVER w) AS estimated_7d,
       (SELECT count(DISTINCT user_id) FROM visits v
         WHERE v.day BETWEEN d.day - 6 AND d.day) AS exact_7d
FROM daily_uniques d
WINDOW w AS (ORDER BY day ROWS 6 PRECEDING)
ORDER BY day DESC
LIMIT 5;

\echo
\echo '== The whole month: hll against exact count(DISTINCT), and the memory each used'
CREATE FUNCTION pg_temp.hash_memory_kb(q text) RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE line text; kb bigint := 0;
BEGIN
    FOR line IN EXECUTE 'EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF) ' || q LOOP
        IF line ~ 'Memory Usage: \d+kB' THEN
            kb := greatest(kb, substring(line FROM 'Memory Usage: (\d+)kB')::bigint);
        END IF;
    END LOOP;
    RETURN kb;
END $$;
SET enable_sort = off;  -- the exact count as a hash table, whose memory EXPLAIN reports
SET work_mem = '512MB';
SELECT 'exact count(DISTINCT)' AS method,
       (SELECT count(*) FROM (SELECT DISTINCT user_id FROM visits) s) AS distinct_users,
       pg_temp.hash_memory_kb('SELECT DISTINCT user_id FROM visits') || ' kB hash table' AS memory
UNION ALL
SELECT 'hll_union_agg of the 30 daily sketches', hll_cardinality(u), pg_column_size(u) || ' bytes sketch'
FROM (SELECT hll_union_agg(users) AS u FROM daily_uniques) s
UNION ALL
SELECT 'hll_add_agg(user_id) over all rows', hll_cardinality(u), pg_column_size(u) || ' bytes sketch'
FROM (SELECT hll_add_agg(user_id) AS u FROM visits) s;
RESET enable_sort;
RESET work_mem;

\echo
\echo '== Small sets are exact and tiny: the sketch grows with its content'
SELECT n AS distinct_values,
       hll_cardinality(hll_add_agg(x)) AS estimated,
       hll_info(hll_add_agg(x))->>'representation' AS representation,
       pg_column_size(hll_add_agg(x)) AS bytes
FROM (VALUES (10), (1000), (100000)) AS sizes(n),
     LATERAL generate_series(1, n) AS x
GROUP BY n ORDER BY n;

\echo
\echo '== Click stream: 1,000,000 clicks in 10 batches; 50,000 are double-clicks (a click id sent twice, 0.3 s apart)'
SET jit = off;  -- every query here runs for a second or less: compiling it would take longer
CREATE TABLE clicks AS
WITH base AS (
    -- i * 2654435761 mod 2^40 is a bijection: unique ids that look random. A click
    -- arrives every 10 ms, a batch holds 950 s of them, a double-click comes 300 ms
    -- (30 clicks) later, so near the end of a batch it falls into the next one.
    SELECT i, (i * 2654435761) % 1099511627776 AS click_id, 1 + (i * 7) % 50000 AS user_id,
           timestamp '2026-11-01' + i * interval '10 ms' AS at
    FROM generate_series(0::bigint, 949999) i)
SELECT click_id, user_id, at, (i / 95000)::int AS batch FROM base
UNION ALL
SELECT click_id, user_id, at + interval '300 ms', least((i + 30) / 95000, 9)::int FROM base WHERE i % 19 = 0;
CREATE INDEX ON clicks (batch);
ANALYZE clicks;
SELECT batch, count(*) AS clicks FROM clicks GROUP BY batch ORDER BY batch LIMIT 3;

\echo
\echo '== Deduplicate with a Bloom filter kept in a table: 1,000,000 ids at a 1% false positive rate'
\echo '   Each batch is tested against the filter as a whole (NOT f.b @> click_id; within the batch,'
\echo '   DISTINCT ON keeps the first click), then merged into it with one UPDATE ... SET b = b | batch_filter.'
CREATE TABLE seen (b bloom);
INSERT INTO seen VALUES (bloom_empty(1000000, 0.01));
ANALYZE seen;  -- one row: without statistics the planner would expect many and plan (and JIT-compile) for them
CREATE TABLE kept (click_id bigint, user_id int, at timestamp);
DO $$
BEGIN
    FOR n IN 0..9 LOOP
        INSERT INTO kept
        SELECT DISTINCT ON (c.click_id) c.click_id, c.user_id, c.at
        FROM clicks c, seen f
        WHERE c.batch = n AND NOT f.b @> c.click_id
        ORDER BY c.click_id, c.at;
        UPDATE seen SET b = b | (SELECT bloom_agg(click_id, 1000000, 0.01) FROM clicks WHERE batch = n);
    END LOOP;
END $$;

\echo
\echo '== Against exact deduplication: rows kept, unique clicks lost to false positives, memory'
-- The exact answer is a hash table: EXPLAIN ANALYZE reports its rows and its memory.
CREATE FUNCTION pg_temp.hashed_distinct(q text, OUT n bigint, OUT kb bigint) LANGUAGE plpgsql AS $$
DECLARE plan json;
BEGIN
    EXECUTE 'EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, FORMAT JSON) ' || q INTO plan;
    n := plan -> 0 -> 'Plan' ->> 'Actual Rows';
    kb := plan -> 0 -> 'Plan' ->> 'Peak Memory Usage';
END $$;
SET enable_sort = off;
SET work_mem = '512MB';
CREATE TEMP TABLE exact AS SELECT * FROM pg_temp.hashed_distinct('SELECT DISTINCT click_id FROM clicks');
SELECT 'exact: SELECT DISTINCT click_id' AS method, n AS clicks_kept, 0 AS unique_clicks_dropped,
       kb || ' kB hash table' AS memory
FROM exact
UNION ALL
SELECT 'Bloom filter, batch by batch', (SELECT count(*) FROM kept), n - (SELECT count(*) FROM kept),
       (SELECT pg_column_size(b) FROM seen) || ' bytes filter'
FROM exact;
SELECT (SELECT count(*) FROM kept) - (SELECT n FROM pg_temp.hashed_distinct('SELECT DISTINCT click_id FROM kept'))
           AS double_clicks_let_through,
       bloom_cardinality(b) AS estimated_distinct_seen, round(bloom_fpr(b)::numeric, 4) AS fpr_now
FROM seen;
RESET enable_sort;
RESET work_mem;

\echo
\echo '== Why batches: a per-row UPDATE seen SET b = bloom_add(b, click_id) writes a whole new 1.2 MB'
\echo '   row version (out of line, and WAL-logged) for every click. 20 clicks that way, against one batch:'
CREATE TEMP TABLE wal (what text, clicks int, bytes numeric);
DO $$
DECLARE
    start pg_lsn;
    id bigint;
BEGIN
    start := pg_current_wal_insert_lsn();
    FOR id IN SELECT click_id FROM clicks WHERE batch = 9 LIMIT 20 LOOP
        UPDATE seen SET b = bloom_add(b, id);
    END LOOP;
    INSERT INTO wal VALUES ('per row: UPDATE ... bloom_add(b, id)', 20, pg_wal_lsn_diff(pg_current_wal_insert_lsn(), start));
    start := pg_current_wal_insert_lsn();
    UPDATE seen SET b = b | (SELECT bloom_agg(click_id, 1000000, 0.01) FROM clicks WHERE batch = 9);
    INSERT INTO wal SELECT 'per batch: UPDATE ... b | bloom_agg(...)', count(*),
                           pg_wal_lsn_diff(pg_current_wal_insert_lsn(), start)
                    FROM clicks WHERE batch = 9;
END $$;
SELECT what, clicks, pg_size_pretty(bytes) AS wal_written, pg_size_pretty(round(bytes / clicks)) AS per_click FROM wal;
\echo '   Per row, the million clicks would write over a terabyte; per batch, the filter is written once a batch.'
RESET jit;

\echo
\echo '== Set algebra on stored sketches: intersections, differences and similarity, each with bounds'
\echo '   (joint maximum-likelihood estimate, doc/HLL_SET_ALGEBRA.md; "by hand" is |A| + |B| - |A ∪ B|)'
\echo
\echo '-- Day-1 -> day-7 retention: users of day 1 still active on day 7'
SELECT hll_cardinality(d1.users) AS day1_users,
       hll_intersection_cardinality(d1.users, d7.users) AS retained,
       (o->'intersection'->>'lower') || ' .. ' || (o->'intersection'->>'upper') AS "95% bounds",
       hll_cardinality(d1.users) + hll_cardinality(d7.users) - hll_cardinality(d1.users || d7.users) AS by_hand,
       (SELECT count(*) FROM (SELECT user_id FROM visits WHERE day = date '2026-11-01'
                              INTERSECT SELECT user_id FROM visits WHERE day = date '2026-11-07') s) AS exact,
       round(100.0 * hll_intersection_cardinality(d1.users, d7.users) / hll_cardinality(d1.users), 1) AS "retention %"
FROM daily_uniques d1, daily_uniques d7, LATERAL hll_overlap(d1.users, d7.users) o
WHERE d1.day = date '2026-11-01' AND d7.day = date '2026-11-07';

\echo
\echo '-- Audience overlap of two campaigns: a broad one and a small one inside the same users'
CREATE TABLE campaign_audience AS
SELECT 'broad' AS campaign, hll_add_agg(user_id) AS users
FROM visits WHERE day < date '2026-11-16' AND user_id % 3 = 0
UNION ALL
SELECT 'small', hll_add_agg(user_id)
FROM visits WHERE day >= date '2026-11-10' AND user_id % 40 = 1;
SELECT hll_cardinality(a.users) AS broad, hll_cardinality(b.users) AS small,
       hll_intersection_cardinality(a.users, b.users) AS both_campaigns,
       (o->'intersection'->>'lower') || ' .. ' || (o->'intersection'->>'upper') AS "95% bounds",
       hll_cardinality(a.users) + hll_cardinality(b.users) - hll_cardinality(a.users || b.users) AS by_hand,
       (SELECT count(*) FROM (SELECT user_id FROM visits WHERE day < date '2026-11-16' AND user_id % 3 = 0
                              INTERSECT SELECT user_id FROM visits WHERE day >= date '2026-11-10' AND user_id % 40 = 1) s) AS exact,
       round(hll_jaccard(a.users, b.users)::numeric, 4) AS jaccard
FROM campaign_audience a, campaign_audience b, LATERAL hll_overlap(a.users, b.users) o
WHERE a.campaign = 'broad' AND b.campaign = 'small';

\echo
\echo '-- Churn: last week''s users not seen this week (weekly sketches are unions of the daily ones)'
WITH weeks AS (
    SELECT hll_union_agg(users) FILTER (WHERE day BETWEEN date '2026-11-16' AND date '2026-11-22') AS last_week,
           hll_union_agg(users) FILTER (WHERE day BETWEEN date '2026-11-23' AND date '2026-11-29') AS this_week
    FROM daily_uniques)
SELECT hll_cardinality(last_week) AS last_week_users,
       hll_difference_cardinality(last_week, this_week) AS churned,
       (o->'a_minus_b'->>'lower') || ' .. ' || (o->'a_minus_b'->>'upper') AS "95% bounds",
       hll_cardinality(last_week || this_week) - hll_cardinality(this_week) AS by_hand,
       (SELECT count(*) FROM (SELECT user_id FROM visits WHERE day BETWEEN date '2026-11-16' AND date '2026-11-22'
                              EXCEPT SELECT user_id FROM visits WHERE day BETWEEN date '2026-11-23' AND date '2026-11-29') s) AS exact
FROM weeks, LATERAL hll_overlap(last_week, this_week) o;

\echo
\echo '-- How sure is a count? Bounds and relative error of one sketch'
SELECT d.day, b.lower, hll_cardinality(d.users) AS estimated, b.upper,
       round(100 * hll_relative_error(d.users)::numeric, 2) AS "rel. error %"
FROM daily_uniques d, hll_cardinality_bounds(d.users, 0.95) b
ORDER BY d.day LIMIT 3;

\echo
\echo '== Heavy hitters (topk): the most repeated click ids and the busiest client IPs per hour, rolled up to the day'
\echo '   Each click gets an IP from a skewed distribution (IP n about 1/n^2 of the clicks). A bot replays 12 click ids'
\echo '   from one IP, the n-th 300 n times over the day. One topk sketch of click ids (4096 counters) and one of IPs'
\echo '   (64 counters) an hour; every bound holds, and no item above the threshold total / (size + 1) is missed.'
CREATE TABLE click_ips AS
SELECT at, click_id, '10.' || (ip / 65536) || '.' || (ip / 256 % 256) || '.' || (ip % 256) AS ip
FROM (SELECT at, click_id, floor(100003 / ((click_id % 100003) + 1))::int AS ip FROM clicks
      UNION ALL
      SELECT timestamp '2026-11-01' + (j * 9500.0 / (300 * n)) * interval '1 s',
             (n * 2654435761) % 1099511627776, 66 * 65536 + 6 * 256 + 6
      FROM generate_series(1, 12) n, generate_series(1, 300 * n) j) c;
CREATE TABLE hourly_clicks AS
SELECT date_trunc('hour', at) AS hour, topk_agg(click_id, 4096) AS ids, topk_agg(ip, 64) AS ips
FROM click_ips GROUP BY 1;
SELECT hour, topk_count(ids) AS clicks, (topk_info(ids)->>'max_error')::int AS ids_max_error,
       pg_column_size(ids) AS ids_bytes, (topk_info(ips)->>'max_error')::int AS ips_max_error,
       pg_column_size(ips) AS ips_bytes
FROM hourly_clicks ORDER BY hour;
-- Each hour's 3 most repeated click ids: lower <= exact <= upper.
WITH k AS (SELECT h.hour, i.* FROM hourly_clicks h, topk_items(h.ids, 3, NULL::bigint) i),
     e AS (SELECT date_trunc('hour', at) AS hour, click_id, count(*) AS exact
           FROM click_ips WHERE click_id IN (SELECT item FROM k) GROUP BY 1, 2)
SELECT k.hour, k.item AS click_id, k.lower, k.upper, e.exact, e.exact BETWEEN k.lower AND k.upper AS within
FROM k JOIN e ON e.hour = k.hour AND e.click_id = k.item
ORDER BY k.hour, k.estimate DESC, k.item;
-- The day: the union of the hourly sketches, without rescanning the clicks.
WITH k AS (SELECT * FROM topk_items((SELECT topk_union_agg(ids) FROM hourly_clicks), 6, NULL::bigint)),
     e AS (SELECT click_id, count(*) AS exact FROM click_ips WHERE click_id IN (SELECT item FROM k) GROUP BY 1)
SELECT k.item AS click_id, k.lower, k.upper, e.exact, e.exact BETWEEN k.lower AND k.upper AS within
FROM k JOIN e ON e.click_id = k.item
ORDER BY k.estimate DESC, k.item;
SELECT k.item AS ip, k.lower, k.upper, e.exact, e.exact BETWEEN k.lower AND k.upper AS within
FROM topk_items((SELECT topk_union_agg(ips) FROM hourly_clicks), 8) k
JOIN (SELECT ip, count(*) AS exact FROM click_ips GROUP BY ip) e ON e.ip = k.item
ORDER BY k.estimate DESC, k.item;
-- Against the exact top 8 IPs of the day.
SELECT ip, count(*) AS exact FROM click_ips GROUP BY ip ORDER BY count(*) DESC, ip LIMIT 8;

DROP SCHEMA demo CASCADE;
