-- agebloom at its edges: the ends of the timestamp range, every constructor
-- parameter's edge (what a constructor returns, its own input takes back),
-- times without a time zone, and the window's last instant at every
-- alignment. Truth from PostgreSQL's own arithmetic (extract(epoch) is exact
-- numeric) and from doc/FORMAT.md 11.
\getenv abs_srcdir PG_ABS_SRCDIR
\i :abs_srcdir/sql/include/errors.psql
SET TimeZone = 'UTC';

-- 1. The ends of the timestamp range. The core counts microseconds since
-- 1970 in 64 bits: the last time it can hold is 2^63 - 1 microseconds after
-- 1970 (294247-01-10 04:00:54.775807 UTC, computed here by PostgreSQL).
CREATE TEMP TABLE ends AS
SELECT timestamptz '1970-01-01 00:00+00' + interval '106751991 days 04:00:54.775807' AS last_fit,
       timestamptz '4714-11-24 00:00:00+00 BC' AS lowest;
-- (extract(epoch) itself falls back to binary64 that far out: it is taken of
-- the time 106751991 days earlier, and the days added in exact numeric.)
SELECT last_fit, extract(epoch FROM last_fit - interval '106751991 days') * 1000000 + 106751991 * 86400000000::numeric
                 = 2::numeric ^ 63 - 1 AS is_2_63_minus_1,
       lowest, extract(epoch FROM lowest) * 1000000 AS lowest_micros FROM ends;
-- The last time that fits: added and found there, in the generation floor(t / d)
-- (one-hour window of 32 generations: d = 112.5 s).
SELECT agebloom_contains(f, 1, last_fit) AS found_at_last,
       (agebloom_info(f)->>'generation')::numeric = floor((2::numeric ^ 63 - 1) / 112500000) AS generation_right
FROM ends, LATERAL (SELECT agebloom_add(agebloom_empty(interval '1 hour', 100), 1, last_fit) AS f) s;
-- The lowest timestamp: found there and a window later, in its (negative) generation.
SELECT agebloom_contains(f, 1, lowest) AS found_at_lowest, agebloom_contains(f, 1, lowest + interval '1 hour') AS found_window_later,
       (agebloom_info(f)->>'generation')::numeric = floor(extract(epoch FROM lowest) * 1000000 / 112500000) AS generation_right
FROM ends, LATERAL (SELECT agebloom_add(agebloom_empty(interval '1 hour', 100), 1, lowest) AS f) s;
-- Past it, and the infinities: refused (22008), never wrapped around.
SELECT label, pg_temp.err(query) AS result FROM (VALUES
    ('add, 1 us past',       $q$SELECT agebloom_add(agebloom_empty(interval '1 hour', 100), 1, timestamptz '294247-01-10 04:00:54.775808+00')$q$),
    ('add, highest',         $q$SELECT agebloom_add(agebloom_empty(interval '1 hour', 100), 1, timestamptz '294276-12-31 23:59:59.999999+00')$q$),
    ('add, infinity',        $q$SELECT agebloom_add(agebloom_empty(interval '1 hour', 100), 1, 'infinity')$q$),
    ('add, -infinity',       $q$SELECT agebloom_add(agebloom_empty(interval '1 hour', 100), 1, '-infinity')$q$),
    ('contains, 1 us past',  $q$SELECT agebloom_contains(agebloom_add(agebloom_empty(interval '1 hour', 100), 1, '2026-01-01 10:00+00'), 1, timestamptz '294247-01-10 04:00:54.775808+00')$q$),
    ('contains, infinity',   $q$SELECT agebloom_contains(agebloom_add(agebloom_empty(interval '1 hour', 100), 1, '2026-01-01 10:00+00'), 1, 'infinity')$q$),
    ('contains, -infinity',  $q$SELECT agebloom_contains(agebloom_add(agebloom_empty(interval '1 hour', 100), 1, '2026-01-01 10:00+00'), 1, '-infinity')$q$),
    ('agg, 1 us past',       $q$SELECT agebloom_agg(x, interval '1 hour', 100, 0.01, timestamptz '294247-01-10 04:00:54.775808+00') FROM generate_series(1, 2) x$q$),
    ('agg, infinity',        $q$SELECT agebloom_agg(x, interval '1 hour', 100, 0.01, 'infinity'::timestamptz) FROM generate_series(1, 2) x$q$)
) t(label, query);

-- 2. Every constructor parameter at its edges: a filter that a constructor
-- returns is taken back by text input and the bytea cast, empty and after an
-- add. pg_temp.edge(query) returns the SQLSTATE of a refusal, or whether both
-- round trips give the same filter.
CREATE FUNCTION pg_temp.edge(query text) RETURNS text LANGUAGE plpgsql AS $$
DECLARE
    f agebloom;
    g agebloom;
    state text;
BEGIN
    BEGIN
        EXECUTE query INTO f;
    EXCEPTION WHEN OTHERS THEN
        GET STACKED DIAGNOSTICS state = RETURNED_SQLSTATE;
        RETURN 'refused ' || state;
    END;
    BEGIN
        g := agebloom_add(f, 42, '2026-01-01 10:00+00');
        IF (f::text)::agebloom = f AND (f::bytea)::agebloom = f AND (g::text)::agebloom = g AND (g::bytea)::agebloom = g THEN
            RETURN 'round trip';
        END IF;
        RETURN 'NOT EQUAL after a round trip';
    EXCEPTION WHEN OTHERS THEN
        GET STACKED DIAGNOSTICS state = RETURNED_SQLSTATE;
        RETURN 'REFUSED BY ITS OWN INPUT ' || state || ': ' || SQLERRM;
    END;
END $$;
-- Count windows: window, rate and generations at and past their ends.
SELECT w AS "window", fpr, l AS generations, pg_temp.edge(format('SELECT agebloom_empty(%s, %s, %s)', w, fpr, l)) AS result
FROM (VALUES (0), (1), (2), (31), (32), (33), (1099511627776), (1099511627777)) w(w),
     (VALUES ('1e-15'), ('0.999999999999999e-15'), ('0.5'), ('0.9999999999999999'), ('1')) r(fpr),
     (VALUES (-1), (0), (1), (1024), (1025)) g(l)
WHERE (w = 1 OR l = 0) AND (w <> 1099511627776 OR fpr = '0.9999999999999999')
ORDER BY 1, 2, 3;
-- Time windows: windows around l microseconds (the default l = 32 too) and
-- 2^62 microseconds (1281023894 hours 27.387904 s), capacities at their ends.
SELECT w AS "window", l AS generations, c AS capacity,
       pg_temp.edge(format('SELECT agebloom_empty(%L::interval, %s, 0.01, %s)', w, c, l)) AS result
FROM (VALUES ('1 microsecond'), ('2 microseconds'), ('20 microseconds'), ('31 microseconds'), ('32 microseconds'),
             ('33 microseconds'), ('1023 microseconds'), ('1024 microseconds'), ('1 hour'),
             ('1281023894 hours 27.387904 seconds'), ('1281023894 hours 27.387905 seconds')) w(w),
     (VALUES (0), (1), (2), (32), (1024)) g(l),
     (VALUES (1), (1099511627776), (1099511627777)) c(c)
WHERE c = 1 OR (w = '1 hour' AND l IN (0, 1024))
ORDER BY w, l, c;
-- The seed at its ends, and the rate's ends in a time window.
SELECT s AS seed, pg_temp.edge(format('SELECT agebloom_empty(interval %L, 100, 0.01, 0, %s)', '1 hour', s)) AS time_result,
       pg_temp.edge(format('SELECT agebloom_empty(100, 0.01, 0, %s)', s)) AS count_result
FROM (VALUES ('-9223372036854775808'), ('-1'), ('0'), ('9223372036854775807')) s(s);
SELECT fpr, pg_temp.edge(format('SELECT agebloom_empty(interval %L, 100, %s)', '1 hour', fpr)) AS result
FROM (VALUES ('1e-15'), ('0.9999999999999999')) r(fpr);
-- The aggregates (generations 0, that is 32) at the same edges, with rows and without.
SELECT w AS "window", pg_temp.edge(format('SELECT agebloom_agg(x, %s, 0.01) FROM generate_series(1, 3) x', w)) AS rows,
       pg_temp.edge(format('SELECT agebloom_agg(x, %s, 0.01) FROM generate_series(1, 0) x', w)) AS zero_rows
FROM (VALUES (0), (1), (31), (32), (1099511627777)) w(w);
SELECT w AS "window", pg_temp.edge(format('SELECT agebloom_agg(x, %L::interval, 100, 0.01, timestamptz %L) FROM generate_series(1, 3) x', w, '2026-01-01 10:00+00')) AS rows,
       pg_temp.edge(format('SELECT agebloom_agg(x, %L::interval, 100, 0.01, now()) FROM generate_series(1, 0) x', w)) AS zero_rows
FROM (VALUES ('20 microseconds'), ('31 microseconds'), ('32 microseconds'), ('1281023894 hours 27.387904 seconds')) w(w);

-- 3. A time without a time zone names no instant: converting it depends on
-- the session's TimeZone, so it is refused (as values are by the hashing
-- rules); timestamptz, and a timestamp with AT TIME ZONE, are the same
-- instant in every session.
CREATE TEMP TABLE tz_results (zone text, how text, result text);
CREATE TEMP TABLE tz_rows AS SELECT i, timestamp '2026-01-01' + i * interval '10 ms' AS ts FROM generate_series(1, 100000) i;
PREPARE tz_probe(timestamp) AS
    SELECT agebloom_contains(agebloom_add(agebloom_empty(interval '1 hour', 100), 1, '2026-01-01 10:00+00'), 1, $1);
CREATE FUNCTION pg_temp.under(zone text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
    PERFORM set_config('TimeZone', zone, true);
    INSERT INTO tz_results SELECT zone, how, pg_temp.err(query) FROM (VALUES
        ('add timestamp',      $q$SELECT agebloom_add(agebloom_empty(interval '1 hour', 100), 1, timestamp '2026-01-01 10:00')$q$),
        ('add date',           $q$SELECT agebloom_add(agebloom_empty(interval '1 hour', 100), 1, date '2026-01-01')$q$),
        ('contains timestamp', $q$SELECT agebloom_contains(agebloom_add(agebloom_empty(interval '1 hour', 100), 1, '2026-01-01 10:00+00'), 1, timestamp '2026-01-01 10:30')$q$),
        ('contains date',      $q$SELECT agebloom_contains(agebloom_add(agebloom_empty(interval '1 hour', 100), 1, '2026-01-01 10:00+00'), 1, date '2026-01-02')$q$),
        ('agg timestamp',      $q$SELECT agebloom_agg(x, interval '1 hour', 100, 0.01, timestamp '2026-01-01 10:00') FROM generate_series(1, 2) x$q$),
        ('agg timestamp, 0 rows', $q$SELECT agebloom_agg(x, interval '1 hour', 100, 0.01, timestamp '2026-01-01 10:00') FROM generate_series(1, 0) x$q$),
        ('agg date',           $q$SELECT agebloom_agg(x::text, interval '1 hour', 100, 0.01, date '2026-01-01' + x) FROM generate_series(1, 2) x$q$),
        ('agg timestamp column, parallel', $q$SELECT agebloom_agg(i, interval '1 hour', 400000, 0.01, ts) FROM tz_rows$q$),
        ('prepared timestamp', $q$EXECUTE tz_probe(timestamp '2026-01-01 10:30')$q$)
    ) t(how, query);
    INSERT INTO tz_results SELECT zone, 'same bytes in every zone', encode(sha256(f::bytea), 'hex') FROM (
        SELECT agebloom_add(agebloom_add(agebloom_empty(interval '1 hour', 100), 1, timestamptz '2026-01-01 10:00+00'),
                            2, timestamp '2026-01-01 10:20' AT TIME ZONE 'UTC') AS f) s;
    INSERT INTO tz_results SELECT zone, 'found half an hour later', agebloom_contains(f, 1, timestamp '2026-01-01 10:30' AT TIME ZONE 'UTC')::text
    FROM (SELECT agebloom_agg(x, interval '1 hour', 100, 0.01, timestamp '2026-01-01 10:00' AT TIME ZONE 'UTC') AS f
          FROM generate_series(1, 2) x) s;
END $$;
SET parallel_setup_cost = 0; SET parallel_tuple_cost = 0; SET min_parallel_table_scan_size = 0; SET max_parallel_workers_per_gather = 2;
SELECT pg_temp.under(zone) FROM (VALUES ('UTC'), ('America/New_York'), ('Asia/Kolkata'), ('Pacific/Chatham')) z(zone);
RESET parallel_setup_cost; RESET parallel_tuple_cost; RESET min_parallel_table_scan_size; RESET max_parallel_workers_per_gather;
-- Each refusal is the same in every zone (one line each), and so are the bytes and answers.
SELECT how, count(DISTINCT result) AS distinct_results, count(*) AS zones, min(result) AS result
FROM tz_results GROUP BY how ORDER BY how;
SET TimeZone = 'UTC';
-- An explicit cast is the caller's own conversion (in the session's TimeZone, here UTC): taken.
SELECT agebloom_contains(agebloom_add(agebloom_empty(interval '1 hour', 100), 1, '2026-01-01 10:00+00'), 1,
                         timestamp '2026-01-01 10:30'::timestamptz) AS explicit_cast_taken;

-- 4. The window's oldest instant, at every alignment (doc/FORMAT.md 11.4).
-- Count windows: after every add the oldest of the last N ids (N back, the
-- truth) is found, with N a multiple of l (the tightest: l g = N) and not.
CREATE FUNCTION pg_temp.oldest_found(n int, l int) RETURNS text LANGUAGE plpgsql AS $$
DECLARE
    f agebloom := agebloom_empty(n, 0.01, l);
    g bigint := (agebloom_info(agebloom_empty(n, 0.01, l))->>'generation_items')::bigint;
    checked int := 0;
    missed int := 0;
BEGIN
    FOR i IN 1..n + 3 * g * l LOOP
        f := agebloom_add(f, i);
        IF i >= n THEN
            checked := checked + 1;
            IF NOT agebloom_contains(f, i - n + 1) THEN missed := missed + 1; END IF;
        END IF;
    END LOOP;
    RETURN format('g %s: %s checked, %s missed', g, checked, missed);
END $$;
SELECT n AS "window", l AS generations, pg_temp.oldest_found(n, l) AS oldest_of_the_window
FROM (VALUES (1, 1), (8, 4), (9, 4), (12, 3), (128, 32), (100, 32)) v(n, l);
-- The count aggregate (l = 32): 128 = 32 x 4, every alignment of the newest generation.
SELECT count(*) AS checked, count(*) FILTER (WHERE agebloom_contains(f, n - 127)) AS oldest_found
FROM (SELECT n, agebloom_agg(n, 128, 0.01) OVER (ORDER BY n) AS f FROM generate_series(1, 400) n) s WHERE n >= 128;
-- Time windows: a value added at t is found at t + W exactly (and as of a
-- newer add then), for t at the first, second, middle and last microsecond of
-- its generation; from generation floor(t / d) + l + 1 on, its run is gone
-- (one value alone: nothing else sets a bit). W = 1 hour, l = 12: d = 5 minutes.
SELECT off_us, agebloom_contains(f, 7, t + interval '1 hour') AS at_t_plus_w,
       agebloom_contains(agebloom_add(f, 8, t + interval '1 hour'), 7) AS newest_add_at_t_plus_w,
       agebloom_contains(f, 7, gen_start + 13 * interval '5 minutes' - interval '1 microsecond') AS last_us_found,
       agebloom_contains(f, 7, gen_start + 13 * interval '5 minutes') AS gone_after
FROM (VALUES (0), (1), (150000000), (299999999)) o(off_us),
     LATERAL (SELECT timestamptz '2026-01-01 10:00+00' AS gen_start,
                     timestamptz '2026-01-01 10:00+00' + off_us * interval '1 microsecond' AS t) ts,
     LATERAL (SELECT agebloom_add(agebloom_empty(interval '1 hour', 120, 0.01, 12), 7, t) AS f) s
ORDER BY off_us;
-- W not a multiple of l: W = 1 hour, l = 7, d = ceil(3600e6 / 7) us; found at t + W.
SELECT count(*) AS checked, count(*) FILTER (WHERE agebloom_contains(f, 7, t + interval '1 hour')) AS found_at_t_plus_w
FROM generate_series(0, 3 * 514285715, 7919 * 10007) off_us,
     LATERAL (SELECT timestamptz '2026-01-01 10:00+00' + off_us * interval '1 microsecond' AS t) ts,
     LATERAL (SELECT agebloom_add(agebloom_empty(interval '1 hour', 120, 0.01, 7), 7, t) AS f) s;
