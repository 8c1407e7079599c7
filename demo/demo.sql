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

DROP SCHEMA demo CASCADE;
