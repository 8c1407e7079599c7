-- ddsketch: bad input is an ERROR that names what is wrong, with its SQLSTATE.
-- pg_temp.err(query): 'SQLSTATE: message [DETAIL] [HINT]'; pg_temp.put: a little-endian integer written into bytes.
\getenv abs_srcdir PG_ABS_SRCDIR
\i :abs_srcdir/sql/include/errors.psql

-- A double as the format stores it: little-endian binary64.
CREATE FUNCTION pg_temp.le(x float8) RETURNS bytea LANGUAGE sql IMMUTABLE AS $$
    SELECT decode(string_agg(substr(h, 15 - 2 * i, 2), '' ORDER BY i), 'hex')
    FROM (SELECT encode(float8send(x), 'hex') AS h) v, generate_series(0, 7) i $$;

-- A valid value to corrupt: -3, -1, 0, 0, 2, 5, 300 (sum 303: one limb; the
-- positive store 2..300 is 284 one-byte counts, the negative store -1..-3 39).
CREATE TEMP TABLE good AS
SELECT ddsketch_agg(x)::bytea AS s FROM (VALUES (-3), (-1), (0), (0), (2), (5), (300)) v(x);
SELECT octet_length(s) AS bytes, s::ddsketch IS NOT NULL AS valid,
       ddsketch_info(s::ddsketch) -> 'positive' ->> 'buckets' AS positive_buckets,
       ddsketch_info(s::ddsketch) -> 'negative' ->> 'buckets' AS negative_buckets
FROM good;

-- Malformed text.
SELECT label, pg_temp.err(query) AS result FROM (VALUES
    ('empty string',   $q$SELECT ''::ddsketch$q$),
    ('no \x',          $q$SELECT 'abc'::ddsketch$q$),
    ('odd hex digits', $q$SELECT '\x440'::ddsketch$q$),
    ('\x alone',       $q$SELECT '\x'::ddsketch$q$)
) v(label, query);

-- Corrupt binary values, field by field (bytea cast; text input runs the same checks).
SELECT label, pg_temp.err(query) AS result FROM (VALUES
    ('truncated header',     $q$SELECT substring(s FROM 1 FOR 79)::ddsketch FROM good$q$),
    ('truncated counts',     $q$SELECT substring(s FROM 1 FOR octet_length(s) - 1)::ddsketch FROM good$q$),
    ('extra byte',           $q$SELECT (s || '\x00'::bytea)::ddsketch FROM good$q$),
    ('wrong type tag',       $q$SELECT set_byte(s, 0, ascii('C'))::ddsketch FROM good$q$),
    ('format version 2',     $q$SELECT set_byte(s, 1, 2)::ddsketch FROM good$q$),
    ('format version 3',     $q$SELECT set_byte(s, 1, 3)::ddsketch FROM good$q$),
    ('hash id 2',            $q$SELECT set_byte(s, 2, 2)::ddsketch FROM good$q$),
    ('unknown flag',         $q$SELECT set_byte(s, 3, 8)::ddsketch FROM good$q$),
    ('sum unknown, limbs',   $q$SELECT set_byte(s, 3, 4)::ddsketch FROM good$q$),
    ('collapsed, not full',  $q$SELECT set_byte(s, 3, 1)::ddsketch FROM good$q$),
    ('count width 3',        $q$SELECT set_byte(s, 4, 3)::ddsketch FROM good$q$),
    ('empty store width 1',  $q$SELECT set_byte(ddsketch_agg(1.0::float8)::bytea, 5, 1)::ddsketch$q$),
    ('reserved byte 6',      $q$SELECT set_byte(s, 6, 1)::ddsketch FROM good$q$),
    ('reserved byte 79',     $q$SELECT set_byte(s, 79, 1)::ddsketch FROM good$q$),
    ('alpha 0.6',            $q$SELECT overlay(s PLACING pg_temp.le(0.6) FROM 9)::ddsketch FROM good$q$),
    ('alpha NaN',            $q$SELECT overlay(s PLACING pg_temp.le('NaN') FROM 9)::ddsketch FROM good$q$),
    ('alpha 0.02',           $q$SELECT overlay(s PLACING pg_temp.le(0.02) FROM 9)::ddsketch FROM good$q$),
    ('max buckets 0',        $q$SELECT pg_temp.put(s, 16, 4, 0)::ddsketch FROM good$q$),
    ('max buckets 65537',    $q$SELECT pg_temp.put(s, 16, 4, 65537)::ddsketch FROM good$q$),
    ('max buckets 100',      $q$SELECT pg_temp.put(s, 16, 4, 100)::ddsketch FROM good$q$),
    ('sum limbs 36',         $q$SELECT pg_temp.put(s, 20, 4, 36)::ddsketch FROM good$q$),
    ('count 8',              $q$SELECT pg_temp.put(s, 24, 8, 8)::ddsketch FROM good$q$),
    ('zero count 3',         $q$SELECT pg_temp.put(s, 32, 8, 3)::ddsketch FROM good$q$),
    ('min -4',               $q$SELECT overlay(s PLACING pg_temp.le(-4) FROM 41)::ddsketch FROM good$q$),
    ('min -0',               $q$SELECT overlay(good.s PLACING pg_temp.le('-0') FROM 41)::ddsketch FROM good$q$),
    ('max 310',              $q$SELECT overlay(s PLACING pg_temp.le(310) FROM 49)::ddsketch FROM good$q$),
    ('max Infinity',         $q$SELECT overlay(s PLACING pg_temp.le('Infinity') FROM 49)::ddsketch FROM good$q$),
    ('sum limb 17',          $q$SELECT pg_temp.put(s, 56, 4, 17)::ddsketch FROM good$q$),
    ('sum limb 0 zero',      $q$SELECT pg_temp.put(s, 80, 8, 0)::ddsketch FROM good$q$),
    ('positive lowest + 1',  $q$SELECT pg_temp.put(s, 60, 4, get_byte(s, 60) + 1)::ddsketch FROM good$q$),
    ('positive buckets 285', $q$SELECT pg_temp.put(s, 64, 4, 285)::ddsketch FROM good$q$),
    ('negative buckets 0',   $q$SELECT pg_temp.put(s, 72, 4, 0)::ddsketch FROM good$q$),
    ('first count 0',        $q$SELECT pg_temp.put(set_byte(s, 88, 0), 24, 8, 6)::ddsketch FROM good$q$)
) v(label, query);

-- Text input and binary receive (COPY) run the same checks.
SELECT label, pg_temp.err(query) AS result FROM (VALUES
    ('text input, tag',  $q$SELECT ('\x43' || substr(s::text, 5))::ddsketch FROM good$q$),
    ('text input, count', $q$SELECT pg_temp.put(s, 24, 8, 8)::text::ddsketch FROM good$q$)
) v(label, query);
SELECT current_setting('data_directory') || '/ddsketch_errors_copy.bin' AS copy_file \gset
COPY (SELECT set_byte(s, 1, 2) FROM good) TO :'copy_file' WITH (FORMAT binary);
CREATE TEMP TABLE bad_copy (s ddsketch);
\set VERBOSITY terse
COPY bad_copy FROM :'copy_file' WITH (FORMAT binary);
\set VERBOSITY default
COPY (SELECT s FROM good) TO :'copy_file' WITH (FORMAT binary);
COPY bad_copy FROM :'copy_file' WITH (FORMAT binary);
SELECT s::bytea = (SELECT s FROM good) AS binary_round_trip FROM bad_copy;

-- Values and parameters: NaN and infinities refused from every input type that
-- has them; alpha in [0.0001, 0.5], max_buckets in 1..65536, not NULL, not changing.
SELECT label, pg_temp.err(query) AS result FROM (VALUES
    ('NaN',                $q$SELECT ddsketch_agg(x) FROM (VALUES (1.0::float8), ('NaN')) v(x)$q$),
    ('Infinity',           $q$SELECT ddsketch_agg(x) FROM (VALUES (1.0::float8), ('Infinity')) v(x)$q$),
    ('-Infinity real',     $q$SELECT ddsketch_agg('-Infinity'::real)$q$),
    ('numeric NaN',        $q$SELECT ddsketch_agg('NaN'::numeric)$q$),
    ('numeric Infinity',   $q$SELECT ddsketch_agg('Infinity'::numeric)$q$),
    ('numeric 1e309',      $q$SELECT ddsketch_agg(1e309::numeric)$q$),
    ('approx NaN',         $q$SELECT approx_percentile_cont(0.5) WITHIN GROUP (ORDER BY x) FROM (VALUES ('NaN'::float8)) v(x)$q$),
    ('alpha 0',            $q$SELECT ddsketch_agg(x, 0) FROM generate_series(1, 3) x$q$),
    ('alpha 0.00009',      $q$SELECT ddsketch_agg(x, 0.00009) FROM generate_series(1, 3) x$q$),
    ('alpha 0.6',          $q$SELECT ddsketch_agg(x, 0.6) FROM generate_series(1, 3) x$q$),
    ('alpha NaN',          $q$SELECT ddsketch_agg(x, 'NaN') FROM generate_series(1, 3) x$q$),
    ('alpha 0.6, 0 rows',  $q$SELECT ddsketch_agg(x, 0.6) FROM generate_series(1, 0) x$q$),
    ('max_buckets 0',      $q$SELECT ddsketch_agg(x, 0.01, 0) FROM generate_series(1, 3) x$q$),
    ('max_buckets 65537',  $q$SELECT ddsketch_agg(x, 0.01, 65537) FROM generate_series(1, 3) x$q$),
    ('NULL alpha',         $q$SELECT ddsketch_agg(x, NULL) FROM generate_series(1, 3) x$q$),
    ('NULL max_buckets',   $q$SELECT ddsketch_agg(x, 0.01, NULL) FROM generate_series(1, 3) x$q$),
    ('alpha changed',      $q$SELECT ddsketch_agg(x, CASE WHEN x < 2 THEN 0.01 ELSE 0.02 END) FROM generate_series(1, 3) x$q$),
    ('quantile -0.1',      $q$SELECT quantile(ddsketch_agg(x), -0.1) FROM generate_series(1, 3) x$q$),
    ('quantile 1.5',       $q$SELECT quantile(ddsketch_agg(x), 1.5) FROM generate_series(1, 3) x$q$),
    ('quantiles NaN',      $q$SELECT quantiles(ddsketch_agg(x), '{0.5, NaN}') FROM generate_series(1, 3) x$q$),
    ('approx 2',           $q$SELECT approx_percentile_cont(2) WITHIN GROUP (ORDER BY x) FROM generate_series(1, 3) x$q$),
    ('rank NaN',           $q$SELECT quantile_rank(ddsketch_agg(x), 'NaN') FROM generate_series(1, 3) x$q$),
    ('sum overflow',       $q$SELECT ddsketch_sum(ddsketch_agg(x)) FROM (VALUES (1e308::float8), (1e308)) v(x)$q$),
    ('union alphas',       $q$SELECT ddsketch_agg(x) || ddsketch_agg(x, 0.02) FROM generate_series(1, 3) x$q$),
    ('union max_buckets',  $q$SELECT ddsketch_union_agg(s) FROM (SELECT ddsketch_agg(x) FROM generate_series(1, 3) x UNION ALL SELECT ddsketch_agg(x, 0.01, 10) FROM generate_series(1, 3) x) v(s)$q$),
    ('trans outside agg',  $q$SELECT ddsketch_add_trans(NULL::ddsketch, 1.0::float8)$q$)
) v(label, query);
SELECT ddsketch_count(ddsketch_agg(x)) AS still_working FROM generate_series(1, 3) x;
DROP TABLE good, bad_copy;
