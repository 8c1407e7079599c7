-- countmin: bad input is an ERROR that names what is wrong, with its SQLSTATE.
-- pg_temp.err(query) and pg_temp.put(bytes, offset, length, value): sql/include/errors.psql.
\getenv abs_srcdir PG_ABS_SRCDIR
\i :abs_srcdir/sql/include/errors.psql

-- Valid values to corrupt: epsilon 0.5 and delta 0.2 (2 rows of 6 cells,
-- 144 bytes) holding 1 (weight 3) and 2 (weight 4), and the same empty.
CREATE TEMP TABLE good AS
SELECT countmin_add(countmin_add(countmin_empty(0.5, 0.2), 1, 3), 2, 4)::bytea AS s,
       countmin_empty(0.5, 0.2)::bytea AS e;
SELECT octet_length(s) AS bytes, s::countmin IS NOT NULL AND e::countmin IS NOT NULL AS all_valid,
       encode(substring(s FROM 49), 'hex') AS cells
FROM good;

-- Malformed text.
SELECT label, pg_temp.err(query) AS result FROM (VALUES
    ('empty string',         $q$SELECT ''::countmin$q$),
    ('no \x',                $q$SELECT 'abc'::countmin$q$),
    ('odd hex digits',       $q$SELECT '\x4d0'::countmin$q$),
    ('\x alone',             $q$SELECT '\x'::countmin$q$),
    ('a literal needs a cast', $q$SELECT countmin_count(countmin_empty(), 'abc')$q$)
) v(label, query);

-- Corrupt binary values, field by field, through the bytea cast.
SELECT label, pg_temp.err(query) AS result FROM (VALUES
    ('empty',                 $q$SELECT ''::bytea::countmin$q$),
    ('truncated header',      $q$SELECT substring(s FROM 1 FOR 47)::countmin FROM good$q$),
    ('header only',           $q$SELECT substring(s FROM 1 FOR 48)::countmin FROM good$q$),
    ('truncated cells',       $q$SELECT substring(s FROM 1 FOR octet_length(s) - 1)::countmin FROM good$q$),
    ('extra byte',            $q$SELECT (s || '\x00'::bytea)::countmin FROM good$q$),
    ('wrong type tag',        $q$SELECT set_byte(s, 0, ascii('C'))::countmin FROM good$q$),
    ('format version 0',      $q$SELECT set_byte(s, 1, 0)::countmin FROM good$q$),
    ('format version 3',      $q$SELECT set_byte(s, 1, 3)::countmin FROM good$q$),
    ('version 1, kind 20',    $q$SELECT set_byte(s, 1, 1)::countmin FROM good$q$),
    ('version 2, kind 0',     $q$SELECT set_byte(set_byte(s, 6, 0), 7, 0)::countmin FROM good$q$),
    ('kind 10000, ok',        $q$SELECT set_byte(set_byte(s, 6, 16), 7, 39)::countmin FROM good$q$),
    ('empty, v1, bytes 6-7 1', $q$SELECT set_byte(e, 6, 1)::countmin FROM good$q$),
    ('hash id 1',             $q$SELECT set_byte(s, 2, 1)::countmin FROM good$q$),
    ('hash id 3',             $q$SELECT set_byte(s, 2, 3)::countmin FROM good$q$),
    ('update rule 0',         $q$SELECT set_byte(s, 3, 0)::countmin FROM good$q$),
    ('update rule 2',         $q$SELECT set_byte(s, 3, 2)::countmin FROM good$q$),
    ('depth 0',               $q$SELECT set_byte(s, 4, 0)::countmin FROM good$q$),
    ('depth 3',               $q$SELECT set_byte(s, 4, 3)::countmin FROM good$q$),
    ('depth 33',              $q$SELECT set_byte(s, 4, 33)::countmin FROM good$q$),
    ('reserved byte 5',       $q$SELECT set_byte(s, 5, 1)::countmin FROM good$q$),
    ('epsilon 0',             $q$SELECT pg_temp.put(s, 16, 8, 0)::countmin FROM good$q$),
    ('epsilon 1',             $q$SELECT overlay(s PLACING '\x000000000000f03f'::bytea FROM 17)::countmin FROM good$q$),
    ('epsilon NaN',           $q$SELECT overlay(s PLACING '\x000000000000f87f'::bytea FROM 17)::countmin FROM good$q$),
    ('epsilon -0.5',          $q$SELECT set_byte(s, 23, 191)::countmin FROM good$q$),
    ('epsilon 0.25, width 6', $q$SELECT overlay(s PLACING '\x000000000000d03f'::bytea FROM 17)::countmin FROM good$q$),
    ('delta 1',               $q$SELECT overlay(s PLACING '\x000000000000f03f'::bytea FROM 25)::countmin FROM good$q$),
    ('delta 1e-15',           $q$SELECT overlay(s PLACING '\x3d4ab3d9e0a5d13c'::bytea FROM 25)::countmin FROM good$q$),
    ('delta 0.5, depth 2',    $q$SELECT overlay(s PLACING '\x000000000000e03f'::bytea FROM 25)::countmin FROM good$q$),
    ('width 7',               $q$SELECT pg_temp.put(s, 32, 8, 7)::countmin FROM good$q$),
    ('width 2^61',            $q$SELECT pg_temp.put(s, 32, 8, 2::numeric ^ 61)::countmin FROM good$q$),
    ('total 2^63',            $q$SELECT pg_temp.put(s, 40, 8, 2::numeric ^ 63)::countmin FROM good$q$),
    ('total 6: a row sums to 7', $q$SELECT pg_temp.put(s, 40, 8, 6)::countmin FROM good$q$),
    ('total 15: rows sum to 14', $q$SELECT pg_temp.put(s, 40, 8, 15)::countmin FROM good$q$),
    ('a cell raised',         $q$SELECT set_byte(s, 48, get_byte(s, 48) + 1)::countmin FROM good$q$),
    ('empty, a cell set',     $q$SELECT set_byte(e, 48, 1)::countmin FROM good$q$),
    ('a high cell byte',      $q$SELECT set_byte(s, 55, 1)::countmin FROM good$q$),
    ('cells moved, ok',       $q$SELECT (substring(s FROM 1 FOR 48) || substring(s FROM 97 FOR 48) || substring(s FROM 49 FOR 48))::countmin IS NOT NULL FROM good$q$)
) v(label, query);

-- Text input and binary COPY run the same checks (this value has total 6).
SELECT label, pg_temp.err(query) AS result FROM (VALUES
    ('text input, total 6',   $q$SELECT pg_temp.put(s, 40, 8, 6)::text::countmin FROM good$q$),
    ('text input, depth 3',   $q$SELECT set_byte(s, 4, 3)::text::countmin FROM good$q$)
) v(label, query);
CREATE TEMP TABLE cm_copy (s countmin);
SELECT current_setting('data_directory') || '/countmin_errors_copy.bin' AS copy_file \gset
COPY (SELECT pg_temp.put(s, 40, 8, 6) FROM good) TO :'copy_file' WITH (FORMAT binary);
COPY cm_copy FROM :'copy_file' WITH (FORMAT binary);
COPY (SELECT set_byte(s, 3, 2) FROM good) TO :'copy_file' WITH (FORMAT binary);
COPY cm_copy FROM :'copy_file' WITH (FORMAT binary);
COPY (SELECT s FROM good) TO :'copy_file' WITH (FORMAT binary);
COPY cm_copy FROM :'copy_file' WITH (FORMAT binary);
SELECT countmin_count(s, 2) AS two, countmin_total(s) AS total FROM cm_copy;
COPY (SELECT WHERE false) TO PROGRAM 'rm -f countmin_errors_copy.bin';

-- Parameters: epsilon in (0, 1), delta in [e^-32, 1), a sketch that fits in
-- one value; weights >= 0.
SELECT label, pg_temp.err(query) AS result FROM (VALUES
    ('epsilon 0',             $q$SELECT countmin_empty(0, 0.01)$q$),
    ('epsilon 1',             $q$SELECT countmin_empty(1, 0.01)$q$),
    ('epsilon -0.1',          $q$SELECT countmin_empty(-0.1, 0.01)$q$),
    ('epsilon NaN',           $q$SELECT countmin_empty('NaN', 0.01)$q$),
    ('delta 0',               $q$SELECT countmin_empty(0.01, 0)$q$),
    ('delta 1',               $q$SELECT countmin_empty(0.01, 1)$q$),
    ('delta Infinity',        $q$SELECT countmin_empty(0.01, 'Infinity')$q$),
    ('delta 1e-15',           $q$SELECT countmin_empty(0.01, 1e-15)$q$),
    ('too large',             $q$SELECT countmin_empty(1e-7, 0.01)$q$),
    ('countmin_agg epsilon 2', $q$SELECT countmin_agg(x, 2, 0.01) FROM generate_series(1, 10) x$q$),
    ('countmin_agg too large', $q$SELECT countmin_agg(x, 1e-7, 2e-14) FROM generate_series(1, 10) x$q$),
    ('NULL epsilon',          $q$SELECT countmin_agg(x, NULL, 0.01) FROM generate_series(1, 10) x$q$),
    ('NULL delta, weighted',  $q$SELECT countmin_agg(x, 1, 0.01, NULL) FROM generate_series(1, 10) x$q$),
    ('changed',               $q$SELECT countmin_agg(i, CASE WHEN i < 5 THEN 0.01 ELSE 0.02 END, 0.01) FROM generate_series(1, 10) i$q$),
    ('changed, weighted',     $q$SELECT countmin_agg(i, 1, 0.01, CASE WHEN i < 5 THEN 0.01 ELSE 0.02 END) FROM generate_series(1, 10) i$q$),
    ('negative weight, agg',  $q$SELECT countmin_agg(x, 2 - x) FROM generate_series(1, 10) x$q$),
    ('negative weight, add',  $q$SELECT countmin_add(countmin_empty(), 1, -1)$q$)
) v(label, query);

-- Counters never wrap: a total past 2^63 - 1 is refused, the sketch unchanged.
SELECT label, pg_temp.err(query) AS result FROM (VALUES
    ('add past the limit',    $q$SELECT countmin_add(countmin_add(countmin_empty(0.5, 0.5), 1, 9223372036854775807), 2)$q$),
    ('agg past the limit',    $q$SELECT countmin_agg(x, 4611686018427387904) FROM generate_series(1, 2) x$q$),
    ('union past the limit',  $q$SELECT a || a FROM (SELECT countmin_add(countmin_empty(0.5, 0.5), 1, 4611686018427387904) a) v$q$),
    ('at the limit, ok',      $q$SELECT countmin_total(countmin_add(countmin_add(countmin_empty(0.5, 0.5), 1, 9223372036854775806), 2))$q$)
) v(label, query);

-- Combining sketches with different parameters: the error names both.
SELECT label, pg_temp.err(query) AS result FROM (VALUES
    ('seeds',                 $q$SELECT countmin_union(countmin_empty(0.01, 0.01, 1), countmin_empty(0.01, 0.01, 2))$q$),
    ('epsilons',              $q$SELECT countmin_empty(0.01, 0.01) || countmin_empty(0.02, 0.01)$q$),
    ('deltas',                $q$SELECT countmin_empty(0.01, 0.01) || countmin_empty(0.01, 0.02)$q$),
    ('countmin_union_agg',    $q$SELECT countmin_union_agg(c) FROM (VALUES (countmin_empty()), (countmin_empty(0.002))) v(c)$q$),
    ('countmin_add_trans',    $q$SELECT countmin_add_trans(NULL::countmin, 1)$q$),
    ('countmin_union_trans',  $q$SELECT countmin_union_trans(countmin_empty(), countmin_empty())$q$)
) v(label, query);

SELECT countmin_count(countmin_empty(), 1) AS still_working;
DROP TABLE good, cm_copy;
