-- kll: bad input is an ERROR that names what is wrong, with its SQLSTATE.
-- pg_temp.err(query): 'SQLSTATE: message [DETAIL] [HINT]'; pg_temp.put: a little-endian integer written into bytes.
\getenv abs_srcdir PG_ABS_SRCDIR
\i :abs_srcdir/sql/include/errors.psql

-- A double as the format stores it: little-endian binary64.
CREATE FUNCTION pg_temp.le(x float8) RETURNS bytea LANGUAGE sql IMMUTABLE AS $$
    SELECT decode(string_agg(substr(h, 15 - 2 * i, 2), '' ORDER BY i), 'hex')
    FROM (SELECT encode(float8send(x), 'hex') AS h) v, generate_series(0, 7) i $$;

-- A valid value to corrupt: 1..100 at k = 8, four levels (sizes at bytes
-- 40..55, items from byte 56: level 0 first).
CREATE TEMP TABLE good AS SELECT kll_agg(x, 8)::bytea AS s FROM generate_series(1, 100) x;
SELECT octet_length(s) AS bytes, kll_info(s::kll) -> 'level_sizes' AS level_sizes FROM good;
-- And a DataSketches image of it.
CREATE TEMP TABLE ds AS SELECT kll_export(s::kll) AS b FROM good;

-- Malformed text.
SELECT label, pg_temp.err(query) AS result FROM (VALUES
    ('empty string',   $q$SELECT ''::kll$q$),
    ('no \x',          $q$SELECT 'abc'::kll$q$),
    ('odd hex digits', $q$SELECT '\x4c0'::kll$q$)
) v(label, query);

-- Corrupt binary values, field by field (bytea cast; text input runs the same checks).
SELECT label, pg_temp.err(query) AS result FROM (VALUES
    ('truncated header',     $q$SELECT substring(s FROM 1 FOR 39)::kll FROM good$q$),
    ('truncated items',      $q$SELECT substring(s FROM 1 FOR octet_length(s) - 1)::kll FROM good$q$),
    ('extra byte',           $q$SELECT (s || '\x00'::bytea)::kll FROM good$q$),
    ('wrong type tag',       $q$SELECT set_byte(s, 0, ascii('D'))::kll FROM good$q$),
    ('format version 2',     $q$SELECT set_byte(s, 1, 2)::kll FROM good$q$),
    ('hash id 1',            $q$SELECT set_byte(s, 2, 1)::kll FROM good$q$),
    ('unknown flag',         $q$SELECT set_byte(s, 3, 4)::kll FROM good$q$),
    ('working state flag',   $q$SELECT set_byte(s, 3, 2)::kll FROM good$q$),
    ('sorted flag, unsorted', $q$SELECT set_byte(s, 3, 1)::kll FROM good$q$),
    ('k 7',                  $q$SELECT pg_temp.put(s, 4, 2, 7)::kll FROM good$q$),
    ('min_k 9 above k',      $q$SELECT pg_temp.put(s, 6, 2, 9)::kll FROM good$q$),
    ('n 101',                $q$SELECT pg_temp.put(s, 8, 8, 101)::kll FROM good$q$),
    ('min 100',              $q$SELECT overlay(s PLACING pg_temp.le(100) FROM 17)::kll FROM good$q$),
    ('max NaN',              $q$SELECT overlay(s PLACING pg_temp.le('NaN') FROM 25)::kll FROM good$q$),
    ('min above max',        $q$SELECT overlay(s PLACING pg_temp.le(1000) FROM 17)::kll FROM good$q$),
    ('level count 0',        $q$SELECT set_byte(s, 32, 0)::kll FROM good$q$),
    ('level count 62',       $q$SELECT set_byte(s, 32, 62)::kll FROM good$q$),
    ('m 9',                  $q$SELECT set_byte(s, 33, 9)::kll FROM good$q$),
    ('reserved byte 34',     $q$SELECT set_byte(s, 34, 1)::kll FROM good$q$),
    ('free slots 1',         $q$SELECT pg_temp.put(s, 36, 4, 1)::kll FROM good$q$),
    ('level 0 size + 1',     $q$SELECT pg_temp.put(s, 40, 4, get_byte(s, 40) + 1)::kll FROM good$q$),
    ('item NaN',             $q$SELECT overlay(s PLACING pg_temp.le('NaN') FROM 57)::kll FROM good$q$),
    ('item past max',        $q$SELECT overlay(s PLACING pg_temp.le(101) FROM 57)::kll FROM good$q$),
    ('top level unsorted',   $q$SELECT overlay(s PLACING pg_temp.le(1) FROM octet_length(s) - 7)::kll FROM good$q$),
    ('empty with min 1',     $q$SELECT overlay(kll_agg(x)::bytea PLACING pg_temp.le(1) FROM 17)::kll FROM generate_series(1, 0) x$q$)
) v(label, query);

-- Text input and binary receive (COPY) run the same checks.
SELECT label, pg_temp.err(query) AS result FROM (VALUES
    ('text input, tag', $q$SELECT ('\x44' || substr(s::text, 5))::kll FROM good$q$),
    ('text input, n',   $q$SELECT pg_temp.put(s, 8, 8, 101)::text::kll FROM good$q$)
) v(label, query);
SELECT current_setting('data_directory') || '/kll_errors_copy.bin' AS copy_file \gset
COPY (SELECT set_byte(s, 33, 9) FROM good) TO :'copy_file' WITH (FORMAT binary);
CREATE TEMP TABLE bad_copy (s kll);
\set VERBOSITY terse
COPY bad_copy FROM :'copy_file' WITH (FORMAT binary);
\set VERBOSITY default
COPY (SELECT s FROM good) TO :'copy_file' WITH (FORMAT binary);
COPY bad_copy FROM :'copy_file' WITH (FORMAT binary);
SELECT s::bytea = (SELECT s FROM good) AS binary_round_trip FROM bad_copy;

-- DataSketches images, field by field (kll_import).
SELECT label, pg_temp.err(query) AS result FROM (VALUES
    ('7 bytes',              $q$SELECT kll_import(substring(b FROM 1 FOR 7)) FROM ds$q$),
    ('family 7',             $q$SELECT kll_import(set_byte(b, 2, 7)) FROM ds$q$),
    ('serial version 3',     $q$SELECT kll_import(set_byte(b, 1, 3)) FROM ds$q$),
    ('serial version 2',     $q$SELECT kll_import(set_byte(b, 1, 2)) FROM ds$q$),
    ('unknown flag',         $q$SELECT kll_import(set_byte(b, 3, 8)) FROM ds$q$),
    ('empty and single',     $q$SELECT kll_import(set_byte(b, 3, 5)) FROM ds$q$),
    ('preamble ints 2',      $q$SELECT kll_import(set_byte(b, 0, 2)) FROM ds$q$),
    ('k 4',                  $q$SELECT kll_import(pg_temp.put(b, 4, 2, 4)) FROM ds$q$),
    ('m 6',                  $q$SELECT kll_import(set_byte(b, 6, 6)) FROM ds$q$),
    ('n 99',                 $q$SELECT kll_import(pg_temp.put(b, 8, 8, 99)) FROM ds$q$),
    ('min k 300',            $q$SELECT kll_import(pg_temp.put(b, 16, 2, 300)) FROM ds$q$),
    ('level count 0',        $q$SELECT kll_import(set_byte(b, 18, 0)) FROM ds$q$),
    ('level offset past next', $q$SELECT kll_import(pg_temp.put(b, 24, 4, 1000)) FROM ds$q$),
    ('truncated',            $q$SELECT kll_import(substring(b FROM 1 FOR octet_length(b) - 1)) FROM ds$q$),
    ('empty, 9 bytes',       $q$SELECT kll_import('\x02010f01c800080000'::bytea)$q$),
    ('single item, 13 bytes', $q$SELECT kll_import('\x02020f04c80008000000204000'::bytea)$q$),
    ('single item NaN',      $q$SELECT kll_import('\x02020f04c80008000000c07f'::bytea)$q$)
) v(label, query);
SELECT kll_count(kll_import('\x02010f01c8000800'::bytea)) AS empty_n,
       quantile(kll_import('\x02020f04c800080000002040'::bytea), 0.5) AS single_float;

-- Values and parameters: NaN refused from every input type that has it; k in
-- 8..65535, not NULL, not changing; kll_export's items 'double' or 'float'.
SELECT label, pg_temp.err(query) AS result FROM (VALUES
    ('NaN double',        $q$SELECT kll_agg(x) FROM (VALUES (1::float8), ('NaN')) v(x)$q$),
    ('NaN real',          $q$SELECT kll_agg('NaN'::real)$q$),
    ('NaN numeric',       $q$SELECT kll_agg('NaN'::numeric)$q$),
    ('k 7',               $q$SELECT kll_agg(x, 7) FROM generate_series(1, 3) x$q$),
    ('k 65536',           $q$SELECT kll_agg(x, 65536) FROM generate_series(1, 3) x$q$),
    ('k 7, zero rows',    $q$SELECT kll_agg(x, 7) FROM generate_series(1, 0) x$q$),
    ('k NULL',            $q$SELECT kll_agg(x, NULL) FROM generate_series(1, 3) x$q$),
    ('k changes',         $q$SELECT kll_agg(x, 8 + x::int) FROM generate_series(1, 3) x$q$),
    ('quantile 1.5',      $q$SELECT quantile(kll_agg(x), 1.5) FROM generate_series(1, 3) x$q$),
    ('quantile NaN',      $q$SELECT quantiles(kll_agg(x), '{0.5, NaN}') FROM generate_series(1, 3) x$q$),
    ('rank of NaN',       $q$SELECT quantile_rank(kll_agg(x), 'NaN') FROM generate_series(1, 3) x$q$),
    ('export items text', $q$SELECT kll_export(kll_agg(x), 'text') FROM generate_series(1, 3) x$q$),
    ('trans outside an aggregate', $q$SELECT kll_add_trans(NULL::kll, 1::float8)$q$)
) v(label, query);
