-- agebloom: a filter that forgets. Answers against the truth computed in SQL:
-- the ids really added within the window are always found (no false
-- negatives, whatever the argument's shape), ids long out of the window are
-- found no more often than the rate allows.

-- Count window: the last 500 of 5,000 ids added one by one, in order.
CREATE TEMP TABLE stream AS SELECT i AS id, 1000000 + i * 7919 AS click FROM generate_series(1, 5000) i;
CREATE TEMP TABLE cf AS
SELECT agebloom_agg(click, 500, 0.01 ORDER BY id) AS f FROM stream;
SELECT agebloom_info(f) - 'bytes' - 'fill' - 'estimated_fpr' AS info FROM cf;
-- Every id among the last 500 (exact: ORDER BY id DESC LIMIT 500) is found.
SELECT count(*) AS window_ids, count(*) FILTER (WHERE agebloom_contains(f, click)) AS found
FROM (SELECT click FROM stream ORDER BY id DESC LIMIT 500) w, cf;
-- Ids older than (k + l) generations are forgotten: found at most at a few times the rate.
SELECT count(*) AS old_ids, count(*) FILTER (WHERE agebloom_contains(f, click)) <= 0.03 * count(*) AS forgotten
FROM stream, cf
WHERE id <= 5000 - ((agebloom_info(f)->>'k')::int + 32) * (agebloom_info(f)->>'generation_items')::int;
-- The same filter one add at a time (agebloom_add), and equal to the aggregate's.
CREATE TEMP TABLE cf2 (f agebloom);
INSERT INTO cf2 VALUES (agebloom_empty(500, 0.01));
DO $$ DECLARE r record; BEGIN
  FOR r IN SELECT click FROM stream ORDER BY id LOOP
    UPDATE cf2 SET f = agebloom_add(f, r.click);
  END LOOP; END $$;
SELECT cf.f = cf2.f AS same_as_agg FROM cf, cf2;

-- Argument shapes: a constant, an expression, VALUES, a view, a prepared
-- parameter, other integer widths and numeric spellings of the same values.
SELECT agebloom_contains(f, 1000000 + 5000 * 7919) AS constant,
       agebloom_contains(f, (500000 + 2500 * 7919) * 2::smallint) AS expr_integer,
       agebloom_contains(f, (1000000 + 5000 * 7919)::numeric) AS as_numeric,
       agebloom_contains(f, (1000000 + 5000 * 7919)::double precision) AS as_float8
FROM cf;
SELECT bool_and(agebloom_contains(f, v)) AS from_values
FROM cf, (VALUES (1000000 + 4999 * 7919), (1000000 + 4600 * 7919)) t(v);
CREATE TEMP VIEW last_ids AS SELECT click FROM stream WHERE id > 4500;
SELECT bool_and(agebloom_contains(f, click)) AS from_view FROM cf, last_ids;
PREPARE probe(bigint) AS SELECT agebloom_contains(f, $1) FROM cf;
EXECUTE probe(1000000 + 4999 * 7919);
-- Text values: varchar, text and name of the same string.
SELECT agebloom_contains(f, 'abc'::varchar) AS v, agebloom_contains(f, 'abc'::text) AS t, agebloom_contains(f, 'abc'::name) AS n
FROM (SELECT agebloom_add(agebloom_empty(10), 'abc'::text) AS f) s;

-- Time window: clicks over six hours, a one-hour window of 12 generations
-- (5 minutes each), planned for 2,000 clicks an hour.
CREATE TEMP TABLE clicks AS
SELECT i AS id, (i * 104729) % 1000003 AS click,
       timestamptz '2026-01-01 00:00+00' + (i * 6) * interval '1 second' AS at
FROM generate_series(0, 3599) i;
CREATE TEMP TABLE tf AS
SELECT agebloom_agg(click, interval '1 hour', 2000, 0.01, at) AS f FROM clicks;
SELECT agebloom_info(f) - 'bytes' - 'fill' - 'estimated_fpr' AS info FROM tf;
-- As of the last click: every click of the last hour is found.
SELECT count(*) AS window_clicks, count(*) FILTER (WHERE agebloom_contains(f, click, newest)) AS found
FROM clicks, tf, (SELECT max(at) AS newest FROM clicks) n
WHERE at > newest - interval '1 hour';
-- Clicks older than the window plus k generations are forgotten.
SELECT count(*) FILTER (WHERE agebloom_contains(f, click)) <= 0.03 * count(*) AS forgotten
FROM clicks, tf, (SELECT max(at) AS newest FROM clicks) n
WHERE at < newest - interval '1 hour' - (agebloom_info(f)->>'k')::int * interval '5 minutes';
-- A quiet hour later, asked at that time: nothing of it is left.
SELECT count(*) FILTER (WHERE agebloom_contains(f, click, newest + interval '2 hours')) AS found_after_quiet
FROM clicks, tf, (SELECT max(at) AS newest FROM clicks) n;
-- Row order does not matter for a time window: the same counts and slices
-- (bytes 89 on; the items-added field counts only the adds that changed it).
SELECT substring(agebloom_agg(click, interval '1 hour', 2000, 0.01, at ORDER BY id DESC)::bytea FROM 89)
       = (SELECT substring(f::bytea FROM 89) FROM tf) AS same_slices
FROM clicks;
-- Union of two halves equals the whole in every slice that matters: each click found.
WITH halves AS (
    SELECT agebloom_agg(click, interval '1 hour', 2000, 0.01, at) FILTER (WHERE id % 2 = 0) AS a,
           agebloom_agg(click, interval '1 hour', 2000, 0.01, at) FILTER (WHERE id % 2 = 1) AS b
    FROM clicks)
SELECT count(*) FILTER (WHERE agebloom_contains(agebloom_union(a, b), click)) AS found_in_union, count(*) AS window_clicks
FROM halves, clicks, (SELECT max(at) AS newest FROM clicks) n
WHERE at > newest - interval '1 hour';

-- "Drop a click if its id was seen in the last hour": one filter, one statement
-- per click (kept: the clicks not seen within the hour before them).
CREATE TEMP TABLE seen (f agebloom);
INSERT INTO seen VALUES (agebloom_empty(interval '1 hour', 100000, 0.01));
CREATE TEMP TABLE kept (click bigint, at timestamptz);
CREATE FUNCTION pg_temp.click(c bigint, t timestamptz) RETURNS void LANGUAGE sql AS $$
    WITH old AS (SELECT agebloom_contains(f, c, t) AS dup FROM seen FOR UPDATE),
         upd AS (UPDATE seen SET f = agebloom_add(f, c, t))
    INSERT INTO kept SELECT c, t FROM old WHERE NOT dup $$;
SELECT count(pg_temp.click(c, timestamptz '2026-01-01 10:00+00' + m * interval '1 minute')) AS clicks
FROM (VALUES (1, 7), (2, 8), (3, 7), (30, 8), (200, 7), (201, 9)) v(m, c);
-- 7 at minute 1 kept, 8 at 2 kept, 7 at 3 and 8 at 30 dropped (seen within the
-- hour), 7 at 200 kept (long forgotten), 9 kept.
SELECT click, extract(hour FROM at AT TIME ZONE 'UTC') * 60 + extract(minute FROM at) - 600 AS minute FROM kept ORDER BY at;

-- Equality and hashing: equal filters group together.
SELECT count(*) AS groups FROM (SELECT f FROM cf UNION ALL SELECT f FROM cf2 GROUP BY f) s GROUP BY f;
-- bytea round trip.
SELECT f::bytea::agebloom = f AS bytea_round_trip, (f::text)::agebloom = f AS text_round_trip FROM cf;
