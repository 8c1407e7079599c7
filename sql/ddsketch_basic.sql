-- ddsketch: the value's text and binary forms, the exact summary, quantiles
-- and ranks of small sketches checked by hand, union, equality and casts.

-- The empty sketch of ddsketch_agg(x) over zero rows: 'D', version 1, hash id
-- 0, alpha 0.01 (0x3F847AE147AE147B), 2048 buckets, every count 0: 80 bytes.
SELECT ddsketch_agg(x) AS empty FROM generate_series(1, 0) x;
SELECT octet_length(ddsketch_agg(x)::bytea) AS empty_bytes, ddsketch_count(ddsketch_agg(x)) AS n,
       ddsketch_min(ddsketch_agg(x)) IS NULL AS min_null, ddsketch_sum(ddsketch_agg(x)) IS NULL AS sum_null,
       quantile(ddsketch_agg(x), 0.5) IS NULL AS quantile_null, quantiles(ddsketch_agg(x), '{0.5}') IS NULL AS quantiles_null,
       quantile_rank(ddsketch_agg(x), 1) IS NULL AS rank_null
FROM generate_series(1, 0) x;
-- One value, 1.0: bucket 0 of the positive store; the sum 1 as one limb at 2^0.
SELECT ddsketch_agg(1.0::float8) AS one;
SELECT ddsketch_info(ddsketch_agg(1.0::float8)) AS one_info;

-- Text, bytea and binary forms round-trip; input takes either case.
SELECT s::text::ddsketch = s AS text_round_trip, ('\x' || upper(substr(s::text, 3)))::ddsketch = s AS upper_in,
       s::bytea::ddsketch = s AS bytea_round_trip, encode(ddsketch_send(s), 'hex') = substr(s::text, 3) AS send_is_bytes
FROM (SELECT ddsketch_agg(x) AS s FROM generate_series(-50, 200) x) v;

-- The summary is exact: count, min, max, and the sum of the exact values (0.1
-- ten times is 1.0000000000000000555 exactly, which rounds to 1; a double loop
-- gives 0.9999999999999999).
SELECT ddsketch_count(s) AS n, ddsketch_min(s) AS min, ddsketch_max(s) AS max, ddsketch_sum(s) AS sum,
       ddsketch_mean(s) AS mean
FROM (SELECT ddsketch_agg(x) AS s FROM (VALUES (-2.5), (0), (0), (3), (7.25), (NULL)) v(x)) v;
SELECT ddsketch_sum(ddsketch_agg(0.1::float8)) AS exact_sum, sum(0.1::float8) AS float_sum FROM generate_series(1, 10);
SELECT ddsketch_sum(ddsketch_agg(x)) AS cancels FROM (VALUES (1e308::float8), (1e308), (-1e308), (-1e308), (5e-324)) v(x);

-- Quantiles of 1..100: each within 1% of percentile_disc's, and interpolated
-- like percentile_cont's; quantile 0 and 1 are min and max exactly.
SELECT q, quantile(s, q) AS estimate, d AS exact, abs(quantile(s, q) - d) <= 0.01 * abs(d) AS within
FROM (SELECT ddsketch_agg(x) AS s FROM generate_series(1, 100) x) v,
     LATERAL (SELECT q, percentile_disc(q) WITHIN GROUP (ORDER BY x) AS d FROM generate_series(1, 100) x,
              unnest('{0, 0.01, 0.25, 0.5, 0.9, 0.99, 1}'::float8[]) q GROUP BY q) e
ORDER BY q;
SELECT quantiles(s, '{0.5, NULL, 0.99}') AS with_null, quantiles(s, '{}') AS none
FROM (SELECT ddsketch_agg(x) AS s FROM generate_series(1, 100) x) v;
-- Negative values, zeros and positive ones in order.
SELECT quantiles(ddsketch_agg(x), '{0, 0.2, 0.4, 0.6, 0.8, 1}') AS mixed
FROM (VALUES (-1000.0), (-1), (0), (0), (1), (1000)) v(x);

-- quantile_rank: the fraction at or below x; exact below min and at max.
SELECT x, quantile_rank(s, x) AS rank
FROM (SELECT ddsketch_agg(v) AS s FROM generate_series(1, 100) v) v,
     unnest('{-1, 0.5, 1, 10, 50, 99.5, 100, 1000}'::float8[]) x;

-- Union: the same bytes as the sketch of all values, in either order; || is the union.
SELECT a || b = w AS union_is_whole, b || a = w AS either_order, ddsketch_union(a, b) = a || b AS same_as_function
FROM (SELECT ddsketch_agg(x) FILTER (WHERE x % 3 = 0) AS a, ddsketch_agg(x) FILTER (WHERE x % 3 <> 0) AS b,
             ddsketch_agg(x) AS w FROM generate_series(-500, 500) x) v;
-- Equality is the bytes'; hashing groups equal sketches.
SELECT count(*) AS distinct_sketches, sum(n) AS sketches
FROM (SELECT s, count(*) AS n FROM (SELECT ddsketch_agg(x) AS s FROM generate_series(1, 10) x GROUP BY x % 2
      UNION ALL SELECT ddsketch_agg(x) FROM generate_series(1, 10) x WHERE x % 2 = 0) v GROUP BY s) g;

-- Each typed overload reads the same numbers: the same bytes.
SELECT ddsketch_agg(x::smallint) = ddsketch_agg(x::float8) AS int2,
       ddsketch_agg(x::int) = ddsketch_agg(x::float8) AS int4,
       ddsketch_agg(x::bigint) = ddsketch_agg(x::float8) AS int8,
       ddsketch_agg(x::real) = ddsketch_agg(x::float8) AS float4,
       ddsketch_agg(x::numeric) = ddsketch_agg(x::float8) AS numeric,
       ddsketch_agg(x / 4.0, 0.05) = ddsketch_agg((x / 4.0)::float8, 0.05) AS numeric_alpha
FROM generate_series(-300, 300) x;

-- Parameters: alpha and max_buckets are stored; a collapse is reported.
SELECT ddsketch_info(ddsketch_agg(x, 0.05, 16)) AS collapsed_info
FROM generate_series(1, 1000) x;
