-- p50 and p99 latency per endpoint, three ways, against exact percentile_disc:
--   raw:     quantile(ddsketch_agg(ms), q) over the request rows;
--   rollup:  one ddsketch per endpoint and day, stored; the month's p50/p99 from
--            ddsketch_union_agg of the daily sketches (no rescan of the requests);
--   swap:    approx_percentile_cont(q) WITHIN GROUP (ORDER BY ms), one word changed.
-- The rollup's sketch is the raw one byte for byte, so both give the same answers,
-- each within 1% (alpha 0.01) of the exact one.
--
--   psql -X -f demo/latency_percentiles.sql        (any database with the extension)
\set ON_ERROR_STOP on
\pset footer off
SET client_min_messages = warning;
DROP SCHEMA IF EXISTS latency_demo CASCADE;
CREATE SCHEMA latency_demo;
SET search_path = latency_demo, public;
CREATE EXTENSION IF NOT EXISTS probabilistic SCHEMA public;
SELECT setseed(0.26) AS seeded \gset

\echo
\echo '== A month of requests: 1 million rows, 4 endpoints, lognormal latencies with a slow tail'
CREATE TABLE requests AS
SELECT date '2026-11-01' + (i / 4) % 30 AS day,
       (ARRAY['/search', '/checkout', '/login', '/home'])[1 + i % 4] AS endpoint,
       (1 + i % 4) * 5 * exp(sqrt(-2 * ln(1 - random())) * cos(2 * pi() * random()))
           * CASE WHEN random() < 0.01 THEN 20 ELSE 1 END AS ms
FROM generate_series(1, 1000000) AS i;
ANALYZE requests;

\echo
\echo '== Daily rollup: one sketch per endpoint and day'
CREATE TABLE latency_daily AS
SELECT day, endpoint, ddsketch_agg(ms) AS s FROM requests GROUP BY day, endpoint;
SELECT count(*) AS sketches, round(avg(pg_column_size(s))) AS avg_bytes FROM latency_daily;

\echo
\echo '== p50 and p99 per endpoint: exact, from the raw rows, from the rollups'
SELECT e.endpoint,
       round(e.p50::numeric, 2) AS exact_p50, round(quantile(r.raw, 0.5)::numeric, 2) AS raw_p50,
       round(quantile(u.rollup, 0.5)::numeric, 2) AS rollup_p50,
       round(e.p99::numeric, 2) AS exact_p99, round(quantile(r.raw, 0.99)::numeric, 2) AS raw_p99,
       round(quantile(u.rollup, 0.99)::numeric, 2) AS rollup_p99,
       r.raw = u.rollup AS same_bytes,
       abs(quantile(u.rollup, 0.5) - e.p50) <= 0.01 * e.p50
           AND abs(quantile(u.rollup, 0.99) - e.p99) <= 0.01 * e.p99 AS within_1pct
FROM (SELECT endpoint, percentile_disc(0.5) WITHIN GROUP (ORDER BY ms) AS p50,
             percentile_disc(0.99) WITHIN GROUP (ORDER BY ms) AS p99 FROM requests GROUP BY endpoint) e
JOIN (SELECT endpoint, ddsketch_agg(ms) AS raw FROM requests GROUP BY endpoint) r USING (endpoint)
JOIN (SELECT endpoint, ddsketch_union_agg(s) AS rollup FROM latency_daily GROUP BY endpoint) u USING (endpoint)
ORDER BY endpoint;

\echo
\echo '== The same query with one word swapped: percentile_cont -> approx_percentile_cont'
SELECT endpoint,
       round((percentile_cont(0.99) WITHIN GROUP (ORDER BY ms))::numeric, 2) AS exact_p99,
       round((approx_percentile_cont(0.99) WITHIN GROUP (ORDER BY ms))::numeric, 2) AS approx_p99
FROM requests GROUP BY endpoint ORDER BY endpoint;

\echo
\echo '== A week of one endpoint: count, mean and p99.9 from its seven daily sketches'
SELECT ddsketch_count(s) AS requests, round(ddsketch_mean(s)::numeric, 3) AS mean_ms,
       round(quantile(s, 0.999)::numeric, 2) AS p999_ms,
       (SELECT round(avg(ms)::numeric, 3) FROM requests
         WHERE endpoint = '/checkout' AND day < date '2026-11-08') AS exact_mean_ms
FROM (SELECT ddsketch_union_agg(s) AS s FROM latency_daily
      WHERE endpoint = '/checkout' AND day < date '2026-11-08') w;

DROP SCHEMA latency_demo CASCADE;
