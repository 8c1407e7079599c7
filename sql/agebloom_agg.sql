-- agebloom_agg: every typed overload, zero rows, NULLs, parallel plans.
CREATE TEMP TABLE typed AS
SELECT i::smallint AS s, i::integer AS i4, i::bigint AS i8, i::real AS r, i::double precision AS d, i::numeric AS n,
       ('v' || i)::text AS t, ('v' || i)::bytea AS b, md5(i::text)::uuid AS u, date '2026-01-01' + i AS dt,
       timestamp '2026-01-01' + i * interval '1 minute' AS ts, timestamptz '2026-01-01 00:00+00' + i * interval '1 minute' AS tz,
       chr(65 + i % 26)::"char" AS c, (i, 'x')::record::text AS other,
       timestamptz '2026-01-01 00:00+00' + i * interval '1 second' AS at
FROM generate_series(1, 200) i;
-- Count window of the last 50 (in id order): each type finds its last value.
SELECT agebloom_contains(agebloom_agg(s, 50, 0.01 ORDER BY i4), 200::smallint) AS s,
       agebloom_contains(agebloom_agg(i4, 50, 0.01 ORDER BY i4), 200) AS i4,
       agebloom_contains(agebloom_agg(i8, 50, 0.01 ORDER BY i4), 200::bigint) AS i8,
       agebloom_contains(agebloom_agg(r, 50, 0.01 ORDER BY i4), 200::real) AS r,
       agebloom_contains(agebloom_agg(d, 50, 0.01 ORDER BY i4), 200.0::float8) AS d,
       agebloom_contains(agebloom_agg(n, 50, 0.01 ORDER BY i4), 200.00::numeric) AS n,
       agebloom_contains(agebloom_agg(t, 50, 0.01 ORDER BY i4), 'v200'::text) AS t,
       agebloom_contains(agebloom_agg(b, 50, 0.01 ORDER BY i4), 'v200'::bytea) AS b,
       agebloom_contains(agebloom_agg(u, 50, 0.01 ORDER BY i4), md5('200')::uuid) AS u,
       agebloom_contains(agebloom_agg(dt, 50, 0.01 ORDER BY i4), date '2026-01-01' + 200) AS dt,
       agebloom_contains(agebloom_agg(ts, 50, 0.01 ORDER BY i4), timestamp '2026-01-01' + 200 * interval '1 minute') AS ts,
       agebloom_contains(agebloom_agg(tz, 50, 0.01 ORDER BY i4), timestamptz '2026-01-01 00:00+00' + 200 * interval '1 minute') AS tz,
       agebloom_contains(agebloom_agg(c, 50, 0.01 ORDER BY i4), chr(65 + 200 % 26)::"char") AS c,
       agebloom_contains(agebloom_agg(other, 50, 0.01 ORDER BY i4), (200, 'x')::record::text) AS other
FROM typed;
-- Time window: every type, all 200 values within the hour.
SELECT bool_and(agebloom_contains(f_s, s)) AND bool_and(agebloom_contains(f_i8, i8)) AND bool_and(agebloom_contains(f_n, n))
       AND bool_and(agebloom_contains(f_t, t)) AND bool_and(agebloom_contains(f_u, u)) AND bool_and(agebloom_contains(f_tz, tz))
       AS all_found
FROM typed, (SELECT agebloom_agg(s, interval '1 hour', 10000, 0.01, at) AS f_s,
                    agebloom_agg(i8, interval '1 hour', 10000, 0.01, at) AS f_i8,
                    agebloom_agg(n, interval '1 hour', 10000, 0.01, at) AS f_n,
                    agebloom_agg(t, interval '1 hour', 10000, 0.01, at) AS f_t,
                    agebloom_agg(u, interval '1 hour', 10000, 0.01, at) AS f_u,
                    agebloom_agg(tz, interval '1 hour', 10000, 0.01, at) AS f_tz FROM typed) f;
-- Zero rows: the empty filter of constant parameters; NULL values are skipped.
SELECT agebloom_agg(i8, 50, 0.01) = agebloom_empty(50, 0.01) AS zero_rows_count,
       agebloom_agg(i8, interval '1 hour', 1000, 0.01, at) = agebloom_empty(interval '1 hour', 1000, 0.01) AS zero_rows_time
FROM typed WHERE false;
SELECT agebloom_info(agebloom_agg(NULL::bigint, 50, 0.01))->>'items' AS null_skipped FROM typed;
SELECT agebloom_union_agg(f) IS NULL AS union_zero_rows FROM (SELECT agebloom_empty(interval '1 hour', 10) AS f) s WHERE false;
-- Parallel plans: the time aggregate combines partial states to the serial result.
CREATE TEMP TABLE big AS SELECT i, timestamptz '2026-01-01 00:00+00' + i * interval '10 ms' AS at FROM generate_series(1, 200000) i;
SET parallel_setup_cost = 0; SET parallel_tuple_cost = 0; SET min_parallel_table_scan_size = 0; SET max_parallel_workers_per_gather = 2;
CREATE TEMP TABLE par AS SELECT agebloom_agg(i, interval '1 hour', 400000, 0.01, at) AS f FROM big;
RESET parallel_setup_cost; RESET parallel_tuple_cost; RESET min_parallel_table_scan_size; RESET max_parallel_workers_per_gather;
SET max_parallel_workers_per_gather = 0;
SELECT agebloom_agg(i, interval '1 hour', 400000, 0.01, at) = (SELECT f FROM par) AS parallel_equals_serial FROM big;
RESET max_parallel_workers_per_gather;
