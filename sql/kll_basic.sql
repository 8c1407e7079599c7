-- kll: the value's text and binary forms, exact answers while a sketch keeps
-- every value (n <= k), quantiles and ranks against percentile_disc, union,
-- equality, casts, and DataSketches images in and out.

-- The empty sketch of kll_agg(x) over zero rows: 'L', version 1, hash id 0,
-- no flags, k = min_k = 200, n 0, min and max 0, one level, m 8, no items: 44 bytes.
SELECT kll_agg(x) AS empty FROM generate_series(1, 0) x;
SELECT octet_length(kll_agg(x)::bytea) AS empty_bytes, kll_count(kll_agg(x)) AS n,
       kll_min(kll_agg(x)) IS NULL AS min_null, kll_max(kll_agg(x)) IS NULL AS max_null,
       quantile(kll_agg(x), 0.5) IS NULL AS quantile_null, quantiles(kll_agg(x), '{0.5}') IS NULL AS quantiles_null,
       quantile_rank(kll_agg(x), 1) IS NULL AS rank_null
FROM generate_series(1, 0) x;
-- Three values at k = 8: level 0 holds them newest first.
SELECT kll_agg(x, 8) AS three FROM (VALUES (1.0::float8), (2), (3)) v(x);
SELECT kll_info(kll_agg(x, 8)) AS three_info FROM (VALUES (1.0::float8), (2), (3)) v(x);

-- Text, bytea and binary forms round-trip; input takes either case.
SELECT s::text::kll = s AS text_round_trip, ('\x' || upper(substr(s::text, 3)))::kll = s AS upper_in,
       s::bytea::kll = s AS bytea_round_trip, encode(kll_send(s), 'hex') = substr(s::text, 3) AS send_is_bytes
FROM (SELECT kll_agg(x) AS s FROM generate_series(-50, 2000) x) v;

-- While n <= k every value is kept: quantile() is percentile_disc exactly
-- (DataSketches' inclusive rule: the first value whose count reaches ceil(q n)),
-- and quantile_rank the exact fraction at or below x.
SELECT count(*) AS points, count(*) FILTER (WHERE est = exact) AS exact
FROM (SELECT unnest(quantiles(kll_agg(x), q)) AS est, unnest(percentile_disc(q) WITHIN GROUP (ORDER BY x)) AS exact
      FROM (SELECT (i * 7919) % 150 - 20 AS x FROM generate_series(1, 200) i) v,
           (SELECT '{0, 0.001, 0.01, 0.1, 0.25, 0.333, 0.5, 0.75, 0.9, 0.99, 1}'::float8[] AS q) qs GROUP BY q) w;
SELECT x, quantile_rank(s, x) AS rank, (SELECT avg((v <= x)::int) FROM generate_series(1, 100) v)::float8 AS exact
FROM (SELECT kll_agg(v) AS s FROM generate_series(1, 100) v) v,
     unnest('{-1, 0.5, 1, 10, 50, 99.5, 100, 1000}'::float8[]) x;
SELECT quantiles(s, '{0.5, NULL, 0.99}') AS with_null, quantiles(s, '{}') AS none,
       quantile(s, 0) AS q0, quantile(s, 1) AS q1, kll_min(s) AS min, kll_max(s) AS max, kll_count(s) AS n
FROM (SELECT kll_agg(x) AS s FROM generate_series(1, 100) x) v;
-- Infinities are values like any other (DataSketches keeps them too); -0 and 0 tie.
SELECT quantiles(kll_agg(x), '{0, 0.3, 0.5, 0.7, 1}') AS with_infinities
FROM (VALUES ('-Infinity'::float8), (-0.0), (0), (1), ('Infinity')) v(x);

-- -0 and +0 tie in min and max (doc/FORMAT.md 10.3, 10.4): the zero seen first
-- stays, sign and all, and a union keeps the left's; kll_info writes -0 as 0 and
-- an infinite min or max as null (sections 1 and 10.9).
SELECT kll_min(a)::text AS a_min, kll_max(a)::text AS a_max, kll_min(b)::text AS b_min, kll_max(b)::text AS b_max,
       kll_min(a || b)::text AS ab_min, kll_max(b || a)::text AS ba_max,
       kll_min(a || z)::text AS a_z_min, kll_max(z || a)::text AS z_a_max, kll_max(b || nz)::text AS b_nz_max,
       kll_info(a) -> 'min' AS a_info_min, kll_info(c) -> 'min' AS c_info_min, kll_info(c) -> 'max' AS c_info_max
FROM (SELECT kll_agg(x ORDER BY i) FILTER (WHERE g = 1) AS a, kll_agg(x ORDER BY i) FILTER (WHERE g = 2) AS b,
             kll_agg(x ORDER BY i) FILTER (WHERE g = 3) AS c, kll_agg(x) FILTER (WHERE g = 4) AS z,
             kll_agg(x) FILTER (WHERE g = 5) AS nz
      FROM (VALUES (1, 1, '-0'::float8), (1, 2, '0'), (2, 1, '0'), (2, 2, '-0'),
                   (3, 1, '-Infinity'), (3, 2, '1'), (3, 3, 'Infinity'), (4, 1, '0'), (5, 1, '-0')) v(g, i, x)) s;

-- Past k, answers hold within the rank error: 100000 values at k = 200. The
-- error is DataSketches' normalized rank error (doc/FORMAT.md 10.6), computed
-- here: kll_rank_error and kll_info's are its numbers, and the tolerance of the
-- checks is the computed one, not kll_rank_error's (under test).
CREATE FUNCTION pg_temp.eps(k int, double_sided boolean DEFAULT false) RETURNS float8 LANGUAGE sql AS $$
    SELECT CASE WHEN double_sided THEN 2.446::float8 / k::float8 ^ 0.9433::float8
                ELSE 2.296::float8 / k::float8 ^ 0.9723::float8 END $$;
SELECT round(kll_rank_error(s)::numeric, 5) AS single_sided, round(kll_rank_error(s, true)::numeric, 5) AS double_sided,
       kll_rank_error(s) = pg_temp.eps(200) AND kll_rank_error(s, true) = pg_temp.eps(200, true)
           AND (kll_info(s) ->> 'rank_error')::float8 = pg_temp.eps(200)
           AND (kll_info(s) ->> 'rank_error_double_sided')::float8 = pg_temp.eps(200, true) AS the_specs,
       kll_info(s) ->> 'levels' AS levels, kll_count(s) AS n,
       abs(quantile_rank(s, 50000) - 0.5) <= pg_temp.eps(200) AS median_rank_within,
       abs(quantile(s, 0.9) - 90000) <= 100000 * pg_temp.eps(200) AS p90_within
FROM (SELECT kll_agg(x) AS s FROM generate_series(1, 100000) x) v;

-- Union: DataSketches' merge; within the bound of the whole; || is the union;
-- the left's k stays, the smaller k is the error's.
SELECT abs(quantile_rank(a || b, 2500) - 0.5) <= pg_temp.eps(200) AS union_within,
       kll_union(a, b) = a || b AS same_as_function, kll_count(a || b) AS n,
       kll_info(a || c) ->> 'k' AS k, kll_info(a || c) ->> 'min_k' AS min_k,
       kll_rank_error(a || c) = pg_temp.eps(50) AS error_of_smaller_k
FROM (SELECT kll_agg(x) FILTER (WHERE x % 3 = 0) AS a, kll_agg(x) FILTER (WHERE x % 3 <> 0) AS b,
             kll_agg(x, 50) AS c FROM generate_series(1, 5000) x) v;
-- Equality is the bytes'; hashing groups equal sketches.
SELECT count(*) AS distinct_sketches, sum(n) AS sketches
FROM (SELECT s, count(*) AS n FROM (SELECT kll_agg(x) AS s FROM generate_series(1, 10) x GROUP BY x % 2
      UNION ALL SELECT kll_agg(x) FROM generate_series(1, 10) x WHERE x % 2 = 0) v GROUP BY s) g;

-- Each typed overload reads the same numbers: the same bytes.
SELECT kll_agg(x::smallint) = kll_agg(x::float8) AS int2,
       kll_agg(x::int) = kll_agg(x::float8) AS int4,
       kll_agg(x::bigint) = kll_agg(x::float8) AS int8,
       kll_agg(x::real) = kll_agg(x::float8) AS float4,
       kll_agg(x::numeric) = kll_agg(x::float8) AS numeric,
       kll_agg(x / 4.0, 30) = kll_agg((x / 4.0)::float8, 30) AS numeric_k
FROM generate_series(-3000, 3000) x;

-- DataSketches images: kll_export writes what datasketches-cpp writes (8 bytes
-- empty, 8 + one item single, 20 + levels + min, max and items full; floats
-- half as wide), kll_import reads them back to the same sketch.
SELECT encode(kll_export(kll_agg(x)), 'hex') AS ds_empty FROM generate_series(1, 0) x;
SELECT encode(kll_export(kll_agg(x)), 'hex') AS ds_single, encode(kll_export(kll_agg(x), 'float'), 'hex') AS ds_single_float
FROM (VALUES (2.5::float8)) v(x);
-- The flags (doc/FORMAT.md 10.7): 0x01 empty, 0x04 one item, 0x06 for a one-item
-- image imported flagged sorted, which keeps its flag until an add.
SELECT encode(kll_export(i), 'hex') AS ds_single_sorted, kll_info(i) -> 'level_zero_sorted' AS sorted,
       get_byte(kll_export(i || kll_agg(x)), 3) AS flags_after_an_add
FROM (VALUES (3.0::float8)) v(x), (SELECT kll_import('\x02020f06c80008000000000000000440') AS i) c GROUP BY i;
SELECT octet_length(kll_export(s)) AS double_bytes, octet_length(kll_export(s, 'float')) AS float_bytes,
       kll_info(s) ->> 'levels' AS levels, kll_info(s) ->> 'retained' AS retained,
       kll_import(kll_export(s)) = s AS double_round_trip,
       kll_export(kll_import(kll_export(s, 'float')), 'float') = kll_export(s, 'float') AS float_round_trip,
       kll_import(kll_export(s, 'float')) = s AS integers_are_floats,
       kll_import(kll_export(t)) = t AS thirds_double,
       kll_import(kll_export(t, 'float')) = t AS thirds_rounded,
       kll_count(kll_import(kll_export(t, 'float'))) AS thirds_n
FROM (SELECT kll_agg(x) AS s, kll_agg(x / 3.0, 40) AS t FROM generate_series(1, 3000) x) v;
