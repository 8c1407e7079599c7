-- sketch_hash: the canonical hash hll and bloom compute for a value.
-- Equal values hash equal across the types that compare equal, so a sketch
-- does not depend on which integer or text type a column happens to use.

-- Test vectors: XXH3-64 of the canonical bytes (doc/FORMAT.md), checked
-- against libxxhash directly: integers, dates and timestamps as 8 bytes
-- little-endian, text as its bytes, uuid as its 16 bytes, non-integral
-- numeric as its normalised decimal text, non-integral float8 as its bits.
SELECT sketch_hash(1) AS int_1,
       sketch_hash(1, 1) AS int_1_seed_1,
       sketch_hash('ab'::text) AS text_ab,
       sketch_hash(''::text) AS text_empty;
SELECT sketch_hash('2024-01-01'::date) AS date_2024,
       sketch_hash('2024-01-01'::timestamp) AS timestamp_2024,
       sketch_hash('a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11'::uuid) AS uuid;
SELECT sketch_hash(1.5::numeric) AS numeric_1_5,
       sketch_hash('NaN'::numeric) AS numeric_nan,
       sketch_hash(1.5::float8) AS float8_1_5;

-- The seed: default 0, and each seed gives another hash. (Every comparison
-- below takes two routes to its answer: an immutable function compared with
-- itself on the same literal could not fail.)
SELECT sketch_hash(7) = sketch_hash(7, 0) AS default_seed_0,
       sketch_hash(7, 1) <> sketch_hash(7, 2) AS seeds_differ;
SELECT sketch_hash(NULL::integer), sketch_hash(1, NULL);

-- Integers: int2, int4 and int8 of the same number hash equal.
SELECT sketch_hash(1::int2) = sketch_hash(1::int4) AS int2_int4,
       sketch_hash(1::int4) = sketch_hash(1::int8) AS int4_int8,
       sketch_hash((-32768)::int2) = sketch_hash((-32768)::int8) AS negative,
       sketch_hash(0::int2) = sketch_hash(0::int8) AS zero,
       sketch_hash(1::int4) <> sketch_hash(2::int4) AS different_numbers_differ;
SELECT count(*) FILTER (WHERE sketch_hash(i::int2) = sketch_hash(i::int4)
                          AND sketch_hash(i::int4) = sketch_hash(i::int8)) AS equal,
       count(DISTINCT sketch_hash(i::int4)) AS distinct_hashes
FROM generate_series(-1000, 1000) i;
SELECT sketch_hash(2147483647::int4) = sketch_hash(2147483647::int8) AS int4_max,
       sketch_hash((-2147483648)::int4) = sketch_hash((-2147483648)::int8) AS int4_min;

-- numeric: trailing zeros and integral values hash as the integer.
SELECT sketch_hash(1.0::numeric) = sketch_hash(1.00::numeric) AS "1.0 = 1.00",
       sketch_hash(1.0::numeric) = sketch_hash(1::numeric) AS "1.0 = 1",
       sketch_hash(1.00::numeric) = sketch_hash(1::int8) AS "1.00 = int8 1",
       sketch_hash(-5.000::numeric) = sketch_hash(-5::int2) AS "-5.000 = int2 -5",
       sketch_hash(1.50::numeric) = sketch_hash(1.5::numeric) AS "1.50 = 1.5",
       sketch_hash(1.5::numeric) <> sketch_hash(1.05::numeric) AS "1.5 <> 1.05",
       sketch_hash(0.0::numeric) = sketch_hash(0::int4) AS "0.0 = 0";
SELECT sketch_hash(9223372036854775807::numeric) = sketch_hash(9223372036854775807::int8) AS int8_max,
       sketch_hash(9223372036854775808::numeric) <> sketch_hash(9223372036854775807::int8) AS beyond_int8,
       sketch_hash(9223372036854775808.0::numeric) = sketch_hash(9223372036854775808::numeric) AS beyond_int8_scale,
       sketch_hash('Infinity'::numeric) <> sketch_hash('-Infinity'::numeric) AS signed_infinity;

-- float8 and float4: -0.0 is 0.0, integral values hash as the integer.
SELECT sketch_hash(-0.0::float8) = sketch_hash(0.0::float8) AS "-0.0 = 0.0",
       sketch_hash(42.0::float8) = sketch_hash(42) AS "42.0 = int 42",
       sketch_hash(42.0::float8) = sketch_hash(42.0::numeric) AS "42.0 = numeric 42.0",
       sketch_hash(42::float4) = sketch_hash(42::float8) AS "float4 42 = float8 42",
       sketch_hash(-0.0::float4) = sketch_hash(0::int2) AS "float4 -0.0 = 0",
       sketch_hash(0.5::float4) = sketch_hash(0.5::float8) AS "float4 0.5 = float8 0.5",
       sketch_hash(0.1::float8) <> sketch_hash(0.2::float8) AS "0.1 <> 0.2";
SELECT sketch_hash('NaN'::float8) = sketch_hash('NaN'::float4) AS nan,
       sketch_hash('Infinity'::float8) = sketch_hash('Infinity'::float4) AS infinity,
       sketch_hash('Infinity'::float8) <> sketch_hash('-Infinity'::float8) AS signed_infinity,
       sketch_hash(1e30::float4) = sketch_hash(1e30::float4::float8) AS "huge float4 = float8";

-- text and varchar hash equal; char(n) ignores its trailing blanks, as it compares.
SELECT sketch_hash('abc'::text) = sketch_hash('abc'::varchar) AS text_varchar,
       sketch_hash('abc'::varchar(10)) = sketch_hash('abc'::text) AS varchar_n,
       sketch_hash('abc'::char(10)) = sketch_hash('abc'::text) AS bpchar_padded,
       sketch_hash('abc   '::char(4)) = sketch_hash('abc'::char(8)) AS bpchar_lengths,
       sketch_hash('abc '::text) <> sketch_hash('abc'::text) AS text_keeps_blanks,
       sketch_hash('Abc'::text) <> sketch_hash('abc'::text) AS case_sensitive,
       sketch_hash(''::char(3)) = sketch_hash(''::text) AS blank_bpchar_is_empty;
-- Long and toasted text hashes by content.
SELECT sketch_hash(repeat('x', 100000)) = sketch_hash(repeat('x', 100000)::varchar) AS long_text;
-- bytea hashes its bytes, the same as text of the same bytes.
SELECT sketch_hash('\x616263'::bytea) = sketch_hash('abc'::text) AS bytea_bytes,
       sketch_hash('\x'::bytea) = sketch_hash(''::text) AS empty_bytea;

-- uuid, date, timestamp, timestamptz, bool: deterministic, distinct values differ.
SELECT sketch_hash('a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11'::uuid) = sketch_hash('A0EEBC99-9C0B-4EF8-BB6D-6BB9BD380A11'::uuid) AS uuid_spelling,
       sketch_hash('a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11'::uuid) <> sketch_hash('a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a12'::uuid) AS uuid_differ;
SELECT sketch_hash('2024-02-29'::date) = sketch_hash('2024-03-01'::date - 1) AS date_arithmetic,
       sketch_hash('2024-02-29'::date) <> sketch_hash('2024-03-01'::date) AS date_differ,
       sketch_hash('2000-01-02'::date) = sketch_hash(1) AS date_is_days_since_2000;
-- timestamptz hashes the instant, whatever the session time zone.
SET TIME ZONE 'UTC';
SELECT sketch_hash('2024-01-01 12:00:00+00'::timestamptz) AS utc_noon \gset
SET TIME ZONE 'America/New_York';
SELECT sketch_hash('2024-01-01 07:00:00-05'::timestamptz) = :utc_noon AS same_instant,
       sketch_hash('2024-01-01 12:00:00'::timestamptz) <> :utc_noon AS other_instant;
RESET TIME ZONE;
SELECT sketch_hash('2024-01-01 12:00:00'::timestamp) = sketch_hash('2024-01-01 12:00:00+00'::timestamptz) AS timestamp_timestamptz,
       sketch_hash('2024-01-01 12:00:00.000001'::timestamp) <> sketch_hash('2024-01-01 12:00:00'::timestamp) AS microseconds;
SELECT sketch_hash(true) <> sketch_hash(false) AS bool_differ,
       sketch_hash(true) = sketch_hash(1) AND sketch_hash(false) = sketch_hash(0) AS bool_is_0_1;

-- Fallback for other types: their binary value. Distinct values differ.
SELECT sketch_hash('192.168.0.1'::inet) <> sketch_hash('192.168.0.2'::inet) AS inet_differ,
       sketch_hash('192.168.0.1/32'::inet) = sketch_hash('192.168.0.1'::inet) AS inet_spelling;
-- interval hashes through its hash opclass: '1 day' and '24 hours' compare equal, so hash equal.
SELECT sketch_hash('1 day'::interval) = sketch_hash('24 hours'::interval) AS interval_1_day_vs_24_hours,
       sketch_hash('1 day 02:00'::interval) = sketch_hash('26 hours'::interval - '24 hours'::interval + '1 day'::interval)
           AS interval_same_fields;
SELECT sketch_hash('12:34:56'::time) = sketch_hash('12:34:55'::time + '1 second'::interval) AS time_arithmetic,
       sketch_hash('12:34:56'::time) <> sketch_hash('12:34:57'::time) AS time_differ,
       sketch_hash('{1,2,3}'::int[]) = sketch_hash(ARRAY[1, 2, 3]) AS array_spelling,
       sketch_hash('{"a": 1}'::jsonb) = sketch_hash('{ "a" : 1 }'::jsonb) AS jsonb_spelling,
       sketch_hash('int4'::name) = (SELECT sketch_hash(typname) FROM pg_type WHERE oid = 'int4'::regtype) AS name_column,
       sketch_hash('x'::"char") <> sketch_hash('y'::"char") AS char_differ;
-- A domain hashes as its base type.
CREATE DOMAIN small_count AS integer CHECK (VALUE >= 0);
SELECT sketch_hash(5::small_count) = sketch_hash(5::int8) AS domain_as_base;

-- Many distinct values give distinct hashes: no trivial collisions.
SELECT count(DISTINCT sketch_hash(i)) AS ints,
       count(DISTINCT sketch_hash(i::text)) AS texts,
       count(DISTINCT sketch_hash(i / 8.0)) AS numerics,
       count(DISTINCT sketch_hash(i * 0.25::float8)) AS floats
FROM generate_series(1, 20000) i;

-- The hash does not depend on where the value came from: table columns
-- (short varlena headers, toasted values) hash as literals do.
CREATE TEMP TABLE hv (t text, c char(8), n numeric, f float8, u uuid);
INSERT INTO hv VALUES ('abc', 'abc', 1.000, -0.0, 'a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11'),
                      (repeat('y', 5000), 'x', 10, 10, NULL);
SELECT t = 'abc' AS short,
       sketch_hash(t) = sketch_hash(CASE WHEN t = 'abc' THEN 'abc' ELSE repeat('y', 5000) END) AS text_same,
       sketch_hash(c) = sketch_hash(rtrim(c)::text) AS bpchar_same,
       sketch_hash(n) = sketch_hash(n::int8) AS numeric_same,
       sketch_hash(f) = sketch_hash(f::int8) AS float_same
FROM hv ORDER BY 1;
-- Infinities read from a table (a short varlena header) hash as the literals do.
CREATE TEMP TABLE hv_infinity AS SELECT 'Infinity'::numeric AS n, '-Infinity'::float8 AS f;
SELECT sketch_hash(n) = sketch_hash('Infinity'::numeric) AS numeric_infinity,
       sketch_hash(f) = sketch_hash('-Infinity'::float8) AS float8_minus_infinity
FROM hv_infinity;

-- hll uses the same hash: adding x or adding sketch_hash(x) is the same sketch,
-- and equal values of different types are the same element.
SELECT hll_add(hll_empty(), 1::int2) = hll_add(hll_empty(), 1::int8) AS int2_int8,
       hll_add(hll_add(hll_empty(), 1), 1.0::numeric) = hll_add(hll_empty(), 1) AS numeric_adds_nothing_to_int,
       hll_add(hll_empty(), 'a'::char(3)) = hll_add(hll_empty(), 'a'::varchar) AS bpchar_varchar,
       hll_add(hll_add(hll_empty(), 0), -0.0::float8) = hll_add(hll_empty(), 0) AS negative_zero_adds_nothing;
SELECT # hll_add(hll_add(hll_add(hll_add(hll_empty(), 1::int2), 1::int4), 1.0::numeric), 1.0::float8) AS one_element;

DROP DOMAIN small_count;
