-- topk: bad input is an ERROR that names what is wrong, with its SQLSTATE.
-- pg_temp.err(query) and pg_temp.put(bytes, offset, length, value): sql/include/errors.psql.
\getenv abs_srcdir PG_ABS_SRCDIR
\i :abs_srcdir/sql/include/errors.psql

-- Valid values to corrupt: bigint items 1 (3 times) and 2 (once), size 4
-- (a 40-byte header and two 20-byte entries); text items 'a', 'b'; an empty one.
CREATE TEMP TABLE good AS
SELECT (SELECT topk_agg(x, 4)::bytea FROM (VALUES (1), (1), (1), (2)) v(x)) AS k,
       (SELECT topk_agg(x)::bytea FROM (VALUES ('a'), ('b')) v(x)) AS t,
       topk_empty(4)::bytea AS e;
SELECT octet_length(k) AS k_bytes, octet_length(t) AS t_bytes, octet_length(e) AS e_bytes,
       k::topk IS NOT NULL AND t::topk IS NOT NULL AND e::topk IS NOT NULL AS all_valid
FROM good;

-- Malformed text.
SELECT label, pg_temp.err(query) AS result FROM (VALUES
    ('empty string',         $q$SELECT ''::topk$q$),
    ('no \x',                $q$SELECT 'abc'::topk$q$),
    ('odd digits',           $q$SELECT '\x4b0'::topk$q$),
    ('\x alone',             $q$SELECT '\x'::topk$q$)
) v(label, query);

-- Corrupt binary values, field by field, through the bytea cast.
SELECT label, pg_temp.err(query) AS result FROM (VALUES
    ('truncated header',      $q$SELECT substring(k FROM 1 FOR 39)::topk FROM good$q$),
    ('truncated entry',       $q$SELECT substring(k FROM 1 FOR octet_length(k) - 1)::topk FROM good$q$),
    ('extra byte',            $q$SELECT (k || '\x00'::bytea)::topk FROM good$q$),
    ('wrong type tag',        $q$SELECT set_byte(k, 0, ascii('C'))::topk FROM good$q$),
    ('format version 3',      $q$SELECT set_byte(k, 1, 3)::topk FROM good$q$),
    ('working state marker',  $q$SELECT set_byte(k, 1, 165)::topk FROM good$q$),
    ('version 1 with a kind', $q$SELECT set_byte(k, 1, 1)::topk FROM good$q$),
    ('hash id 1',             $q$SELECT set_byte(k, 2, 1)::topk FROM good$q$),
    ('width 4',               $q$SELECT set_byte(k, 3, 4)::topk FROM good$q$),
    ('width 8 of text',       $q$SELECT set_byte(t, 3, 1)::topk FROM good$q$),
    ('reserved 4-5',          $q$SELECT set_byte(k, 4, 1)::topk FROM good$q$),
    ('kind 0 in version 2',   $q$SELECT set_byte(k, 6, 0)::topk FROM good$q$),
    ('kind 21 (int2)',        $q$SELECT set_byte(k, 6, 21)::topk FROM good$q$),
    ('kind 65535 (mixed)',    $q$SELECT set_byte(set_byte(k, 6, 255), 7, 255)::topk FROM good$q$),
    ('size 0',                $q$SELECT pg_temp.put(k, 8, 8, 0)::topk FROM good$q$),
    ('size 65537',            $q$SELECT pg_temp.put(k, 8, 8, 65537)::topk FROM good$q$),
    ('size 1 < 2 items',      $q$SELECT pg_temp.put(k, 8, 8, 1)::topk FROM good$q$),
    ('total 3 < counts',      $q$SELECT pg_temp.put(k, 16, 8, 3)::topk FROM good$q$),
    ('total 2^63',            $q$SELECT pg_temp.put(k, 16, 8, 2::numeric ^ 63)::topk FROM good$q$),
    ('offset 1 (4 + 5 > 4)',  $q$SELECT pg_temp.put(k, 24, 8, 1)::topk FROM good$q$),
    ('offset in empty',       $q$SELECT pg_temp.put(e, 24, 8, 1)::topk FROM good$q$),
    ('total in empty',        $q$SELECT pg_temp.put(e, 16, 8, 1)::topk FROM good$q$),
    ('item count 3',          $q$SELECT pg_temp.put(k, 32, 4, 3)::topk FROM good$q$),
    ('item count 1',          $q$SELECT pg_temp.put(k, 32, 4, 1)::topk FROM good$q$),
    ('reserved 36-39',        $q$SELECT set_byte(k, 36, 1)::topk FROM good$q$),
    ('count 0',               $q$SELECT pg_temp.put(k, 40, 8, 0)::topk FROM good$q$),
    ('count above total',     $q$SELECT pg_temp.put(k, 40, 8, 5)::topk FROM good$q$),
    ('counts ascending',      $q$SELECT pg_temp.put(pg_temp.put(k, 40, 8, 1), 60, 8, 3)::topk FROM good$q$),
    ('equal items',           $q$SELECT pg_temp.put(pg_temp.put(k, 40, 8, 1), 72, 8, 1)::topk FROM good$q$),
    ('length 9, shifting',    $q$SELECT pg_temp.put(k, 48, 4, 9)::topk FROM good$q$),
    ('length 1025',           $q$SELECT pg_temp.put(k, 48, 4, 1025)::topk FROM good$q$),
    ('text not UTF-8',        $q$SELECT set_byte(t, 65, 255)::topk FROM good$q$),
    ('one item, two counts',  $q$SELECT pg_temp.put(k, 72, 8, 1)::topk FROM good$q$)
) v(label, query);

-- Text input and binary COPY run the same checks.
SELECT pg_temp.err(format('SELECT %L::topk', set_byte(k, 3, 4)::text)) AS text_input FROM good;
SELECT current_setting('data_directory') || '/topk_errors_copy.bin' AS copy_file \gset
CREATE TEMP TABLE io_dst (id int, k topk);
COPY (SELECT 1, set_byte(k, 3, 4) FROM good) TO :'copy_file' WITH (FORMAT binary);
COPY io_dst FROM :'copy_file' WITH (FORMAT binary);
COPY (SELECT 2, pg_temp.put(k, 24, 8, 1) FROM good) TO :'copy_file' WITH (FORMAT binary);
COPY io_dst FROM :'copy_file' WITH (FORMAT binary);
COPY (SELECT 3, k FROM good) TO :'copy_file' WITH (FORMAT binary);
COPY io_dst FROM :'copy_file' WITH (FORMAT binary);
SELECT id, topk_count(k) FROM io_dst;
COPY (SELECT WHERE false) TO PROGRAM 'rm -f topk_errors_copy.bin';

-- Sizes, weights, items and types.
SELECT label, pg_temp.err(query) AS result FROM (VALUES
    ('size 0',                $q$SELECT topk_empty(0)$q$),
    ('size 65537',            $q$SELECT topk_empty(65537)$q$),
    ('topk_agg size 0',       $q$SELECT topk_agg(x, 0) FROM generate_series(1, 3) x$q$),
    ('topk_agg size -1',      $q$SELECT topk_agg(x, 1::bigint, -1) FROM generate_series(1, 3) x$q$),
    ('topk_agg NULL size',    $q$SELECT topk_agg(x, NULL::integer) FROM generate_series(1, 3) x$q$),
    ('size changed',          $q$SELECT topk_agg(x, CASE WHEN x < 2 THEN 4 ELSE 5 END) FROM generate_series(1, 3) x$q$),
    ('negative weight',       $q$SELECT topk_agg(x, (x - 2)::bigint) FROM generate_series(1, 3) x$q$),
    ('total past 2^63 - 1',   $q$SELECT topk_agg(x, 9223372036854775807) FROM generate_series(1, 2) x$q$),
    ('union past 2^63 - 1',   $q$SELECT a || a FROM (SELECT topk_agg(1, 9223372036854775807) a) q$q$),
    ('item of 1025 bytes',    $q$SELECT topk_agg(repeat('x', 1025))$q$),
    ('item of 1024 bytes',    $q$SELECT topk_count(topk_agg(repeat('x', 1024)))$q$),
    ('numeric values',        $q$SELECT topk_agg(x::numeric) FROM generate_series(1, 3) x$q$),
    ('union of types',        $q$SELECT topk_agg(1) || topk_agg('a'::text)$q$),
    ('union_agg of types',    $q$SELECT topk_union_agg(s) FROM (SELECT topk_agg(1) UNION ALL SELECT topk_agg('a'::text)) v(s)$q$),
    ('items as text of uuid', $q$SELECT * FROM topk_items((SELECT topk_agg(gen_random_uuid())), 1, NULL::text)$q$),
    ('items as uuid of text', $q$SELECT * FROM topk_items((SELECT topk_agg('a'::text)), 1, NULL::uuid)$q$),
    ('items as int, too big', $q$SELECT * FROM topk_items((SELECT topk_agg(3000000000)), 1, NULL::integer)$q$),
    ('items as smallint',     $q$SELECT * FROM topk_items((SELECT topk_agg(7)), 1, NULL::smallint)$q$),
    ('items n -1',            $q$SELECT * FROM topk_items((SELECT topk_agg(7)), -1)$q$),
    ('topk_add_trans',        $q$SELECT topk_add_trans(NULL::topk, 1)$q$),
    ('topk_union_trans',      $q$SELECT topk_union_trans(topk_empty(), topk_empty())$q$)
) v(label, query);
DROP TABLE good, io_dst;
