-- Bad input: each is an ERROR that names what is wrong, with its SQLSTATE.
-- err() runs a statement and returns 'SQLSTATE: message [DETAIL] [HINT]'.
CREATE FUNCTION pg_temp.err(query text) RETURNS text LANGUAGE plpgsql AS $$
DECLARE
    state text;
    message text;
    detail text;
    hint text;
BEGIN
    EXECUTE query;
    RETURN 'ok';
EXCEPTION WHEN OTHERS THEN
    GET STACKED DIAGNOSTICS state = RETURNED_SQLSTATE, message = MESSAGE_TEXT,
                            detail = PG_EXCEPTION_DETAIL, hint = PG_EXCEPTION_HINT;
    RETURN state || ': ' || message
        || CASE WHEN detail <> '' THEN ' [DETAIL: ' || detail || ']' ELSE '' END
        || CASE WHEN hint <> '' THEN ' [HINT: ' || hint || ']' ELSE '' END;
END $$;

-- Valid values to corrupt: a fixed filter of 10 items (96 bits, 7 hashes),
-- one of 1 item at rate 0.5 (2 bits: six pad bits in its last byte), and a
-- scalable filter grown to two layers.
CREATE TEMP TABLE good AS
SELECT bloom_add(bloom_empty(10), 1)::bytea AS f,
       bloom_empty(1, 0.5)::bytea AS tiny,
       bloom_add(bloom_add(bloom_add(bloom_empty(1, 0.1, true), 1), 2), 3)::bytea AS s;
SELECT octet_length(f) AS f_bytes, octet_length(tiny) AS tiny_bytes, octet_length(s) AS s_bytes,
       f::bloom IS NOT NULL AND tiny::bloom IS NOT NULL AND s::bloom IS NOT NULL AS all_valid
FROM good;
-- Writes an unsigned little-endian integer of len bytes at off.
CREATE FUNCTION pg_temp.put(b bytea, off int, len int, v numeric) RETURNS bytea LANGUAGE plpgsql AS $$
BEGIN
    FOR i IN 0..len - 1 LOOP
        -- div(), not floor(v / ...): numeric division rounds (2^64 - 1 would become 2^64).
        b := set_byte(b, off + i, mod(div(v, 256::numeric ^ i), 256)::int);
    END LOOP;
    RETURN b;
END $$;

-- Malformed text.
SELECT label, pg_temp.err(query) AS result FROM (VALUES
    ('empty string',         $q$SELECT ''::bloom$q$),
    ('no \x',                $q$SELECT 'abc'::bloom$q$),
    ('bytea escape format',  $q$SELECT '\102\001'::bloom$q$),
    ('capital X',            $q$SELECT '\X4201'::bloom$q$),
    ('odd hex digits',       $q$SELECT '\x420'::bloom$q$),
    ('bad hex, first',       $q$SELECT '\xzz01'::bloom$q$),
    ('bad hex, high digit',  $q$SELECT '\x42g1'::bloom$q$),
    ('bad hex, low digit',   $q$SELECT '\x420g'::bloom$q$),
    ('space inside',         $q$SELECT '\x42 01'::bloom$q$),
    ('\x alone',             $q$SELECT '\x'::bloom$q$),
    ('a literal needs a cast', $q$SELECT bloom_add(bloom_empty(10), 'abc')$q$),
    ('so does @>',           $q$SELECT bloom_empty(10) @> 'abc'$q$)
) v(label, query);

-- Corrupt binary values, through bytea::bloom (text input, binary COPY run the same checks).
SELECT label, pg_temp.err(query) AS result FROM (VALUES
    ('empty',                 $q$SELECT ''::bytea::bloom$q$),
    ('truncated header',      $q$SELECT substring(f FROM 1 FOR 31)::bloom FROM good$q$),
    ('header only',           $q$SELECT substring(f FROM 1 FOR 32)::bloom FROM good$q$),
    ('truncated layer header', $q$SELECT substring(f FROM 1 FOR 63)::bloom FROM good$q$),
    ('truncated bits',        $q$SELECT substring(f FROM 1 FOR octet_length(f) - 1)::bloom FROM good$q$),
    ('extra byte',            $q$SELECT (f || '\x00'::bytea)::bloom FROM good$q$),
    ('extra layer header',    $q$SELECT (f || substring(f FROM 33))::bloom FROM good$q$),
    ('wrong type tag',        $q$SELECT set_byte(f, 0, ascii('H'))::bloom FROM good$q$),
    ('format version 0',      $q$SELECT set_byte(f, 1, 0)::bloom FROM good$q$),
    ('format version 3',      $q$SELECT set_byte(f, 1, 3)::bloom FROM good$q$),
    ('version 1, kind 20',    $q$SELECT set_byte(f, 1, 1)::bloom FROM good$q$),
    ('version 2, kind 0',     $q$SELECT set_byte(set_byte(f, 6, 0), 7, 0)::bloom FROM good$q$),
    ('hash id 0',             $q$SELECT set_byte(f, 2, 0)::bloom FROM good$q$),
    ('hash id 2',             $q$SELECT set_byte(f, 2, 2)::bloom FROM good$q$),
    ('layout 0',              $q$SELECT set_byte(f, 3, 0)::bloom FROM good$q$),
    ('layout 3',              $q$SELECT set_byte(f, 3, 3)::bloom FROM good$q$),
    ('fixed with 2 layers',   $q$SELECT set_byte(f, 4, 2)::bloom FROM good$q$),
    ('layer count 0',         $q$SELECT set_byte(set_byte(f, 3, 2), 4, 0)::bloom FROM good$q$),
    ('layer count 65',        $q$SELECT set_byte(s, 4, 65)::bloom FROM good$q$),
    ('layer count 3 of 2',    $q$SELECT set_byte(s, 4, 3)::bloom FROM good$q$),
    ('layer count 1 of 2',    $q$SELECT set_byte(s, 4, 1)::bloom FROM good$q$),
    ('kind 10000, ok',        $q$SELECT set_byte(set_byte(f, 6, 16), 7, 39)::bloom FROM good$q$),
    ('kind 65533, ok',        $q$SELECT set_byte(set_byte(f, 6, 253), 7, 255)::bloom FROM good$q$),
    ('empty, with a kind',    $q$SELECT set_byte(set_byte(tiny, 1, 2), 6, 20)::bloom FROM good$q$),
    ('scalable empty, kind',  $q$SELECT set_byte(set_byte(bloom_empty(1, 0.1, true)::bytea, 1, 2), 6, 20)::bloom$q$),
    ('v1 byte 6 not 0',       $q$SELECT set_byte(tiny, 6, 1)::bloom FROM good$q$),
    ('v1 byte 7 not 0',       $q$SELECT set_byte(tiny, 7, 128)::bloom FROM good$q$),
    ('capacity 0',            $q$SELECT pg_temp.put(f, 16, 8, 0)::bloom FROM good$q$),
    ('capacity 2^63',         $q$SELECT pg_temp.put(f, 16, 8, 2::numeric ^ 63)::bloom FROM good$q$),
    ('capacity 11, layer 10', $q$SELECT pg_temp.put(f, 16, 8, 11)::bloom FROM good$q$),
    ('fpr 0',                 $q$SELECT pg_temp.put(f, 24, 8, 0)::bloom FROM good$q$),
    ('fpr 1',                 $q$SELECT overlay(f PLACING '\x000000000000f03f'::bytea FROM 25)::bloom FROM good$q$),
    ('fpr NaN',               $q$SELECT overlay(f PLACING '\x000000000000f87f'::bytea FROM 25)::bloom FROM good$q$),
    ('fpr -0.01',             $q$SELECT set_byte(f, 31, 191)::bloom FROM good$q$),
    ('fpr 0.02, m for 0.01',  $q$SELECT overlay(f PLACING '\x7b14ae47e17a943f'::bytea FROM 25)::bloom FROM good$q$),
    ('scalable, fixed sizes', $q$SELECT set_byte(f, 3, 2)::bloom FROM good$q$),
    ('fixed, scalable sizes', $q$SELECT set_byte(set_byte(s, 3, 1), 4, 1)::bloom FROM good$q$)
) v(label, query);

-- Layer fields: bit count m, capacity, bits set, hash count k, reserved bytes, bits.
SELECT label, pg_temp.err(query) AS result FROM (VALUES
    ('m 0',                   $q$SELECT pg_temp.put(f, 32, 8, 0)::bloom FROM good$q$),
    ('m 95, ok',              $q$SELECT pg_temp.put(f, 32, 8, 95)::bloom FROM good$q$),
    ('m 94',                  $q$SELECT pg_temp.put(f, 32, 8, 94)::bloom FROM good$q$),
    ('m 97',                  $q$SELECT pg_temp.put(f, 32, 8, 97)::bloom FROM good$q$),
    ('m 2^64 - 1',            $q$SELECT pg_temp.put(f, 32, 8, 2::numeric ^ 64 - 1)::bloom FROM good$q$),
    ('layer capacity 9',      $q$SELECT pg_temp.put(f, 40, 8, 9)::bloom FROM good$q$),
    ('bits set 8 of 7',       $q$SELECT pg_temp.put(f, 48, 8, 8)::bloom FROM good$q$),
    ('bits set 97 of 96',     $q$SELECT pg_temp.put(f, 48, 8, 97)::bloom FROM good$q$),
    ('k 0',                   $q$SELECT pg_temp.put(f, 56, 4, 0)::bloom FROM good$q$),
    ('k 6, ok',               $q$SELECT pg_temp.put(f, 56, 4, 6)::bloom FROM good$q$),
    ('k 5',                   $q$SELECT pg_temp.put(f, 56, 4, 5)::bloom FROM good$q$),
    ('k 9',                   $q$SELECT pg_temp.put(f, 56, 4, 9)::bloom FROM good$q$),
    ('layer reserved',        $q$SELECT set_byte(f, 61, 1)::bloom FROM good$q$),
    ('a bit cleared',         $q$SELECT overlay(f PLACING '\x000000000000000000000000'::bytea FROM 65)::bloom FROM good$q$),
    ('pad bit set',           $q$SELECT set_byte(tiny, 64, 4)::bloom FROM good$q$),
    ('top pad bit set',       $q$SELECT set_byte(tiny, 64, 128)::bloom FROM good$q$),
    ('last real bit, ok',     $q$SELECT pg_temp.put(set_byte(tiny, 64, 2), 48, 8, 1)::bloom FROM good$q$),
    ('layer 1 capacity',      $q$SELECT pg_temp.put(s, 65 + 8, 8, 3)::bloom FROM good$q$),
    ('layer 0 not full',      $q$SELECT pg_temp.put(set_byte(s, 64, 0), 48, 8, 0)::bloom FROM good$q$)
) v(label, query);

-- COPY's text input runs the same checks.
CREATE TEMP TABLE bad_copy (b bloom);
COPY bad_copy FROM STDIN;
\\x420201010100000000000000000000000a000000000000007b14ae47e17a843f60000000000000000a0000000000000000000000000000000700000000000000000000000000000000000000
\.
SELECT count(*) FROM bad_copy;

-- Parameters: capacity >= 1, fpr strictly between 0 and 1, and a filter
-- that fits in one value (1 GB), refused before anything is allocated.
SELECT label, pg_temp.err(query) AS result FROM (VALUES
    ('capacity 0',            $q$SELECT bloom_empty(0)$q$),
    ('capacity -1',           $q$SELECT bloom_empty(-1)$q$),
    ('fpr 0',                 $q$SELECT bloom_empty(10, 0)$q$),
    ('fpr 1',                 $q$SELECT bloom_empty(10, 1)$q$),
    ('fpr -0.5',              $q$SELECT bloom_empty(10, -0.5)$q$),
    ('fpr 1.5',               $q$SELECT bloom_empty(10, 1.5)$q$),
    ('fpr NaN',               $q$SELECT bloom_empty(10, 'NaN')$q$),
    ('fpr Infinity',          $q$SELECT bloom_empty(10, 'Infinity')$q$),
    ('too large',             $q$SELECT bloom_empty(1000000000, 0.01)$q$),
    ('too large, scalable',   $q$SELECT bloom_empty(1000000000, 0.01, true)$q$),
    ('far too large',         $q$SELECT bloom_empty(9223372036854775807, 1e-300)$q$),
    ('bloom_agg capacity 0',  $q$SELECT bloom_agg(x, 0, 0.01) FROM generate_series(1, 10) x$q$),
    ('bloom_agg fpr 2',       $q$SELECT bloom_agg(x::text, 10, 2) FROM generate_series(1, 10) x$q$),
    ('bloom_agg too large',   $q$SELECT bloom_agg(x, 1000000000, 0.01) FROM generate_series(1, 10) x$q$),
    ('bloom_agg, no rows',    $q$SELECT bloom_agg(x, 0, 0.01) FROM generate_series(1, 0) x$q$),
    ('bloom_agg, NULL cap',   $q$SELECT bloom_agg(x, NULL, 0.01) FROM generate_series(1, 10) x$q$),
    ('bloom_agg, NULL fpr',   $q$SELECT bloom_agg(x, 10, NULL) FROM generate_series(1, 10) x$q$),
    ('bloom_agg, NULL, no rows', $q$SELECT bloom_agg(x, NULL, 0.01) FROM generate_series(1, 0) x$q$),
    ('bloom_agg(x, fpr 0)',   $q$SELECT bloom_agg(x, 0) FROM generate_series(1, 10) x$q$),
    ('bloom_agg(x, fpr 5)',   $q$SELECT bloom_agg(x, 5) FROM generate_series(1, 10) x$q$),
    ('bloom_agg(x, NaN)',     $q$SELECT bloom_agg(x, 'NaN') FROM generate_series(1, 10) x$q$),
    ('bloom_agg(x, NULL)',    $q$SELECT bloom_agg(x, NULL::float8) FROM generate_series(1, 10) x$q$),
    ('bloom_agg(x, 0), no rows', $q$SELECT bloom_agg(x, 0) FROM generate_series(1, 0) x$q$)
) v(label, query);

-- Combining filters with different parameters: the error names both.
SELECT label, pg_temp.err(query) AS result FROM (VALUES
    ('| seeds',               $q$SELECT bloom_empty(10, 0.01, false, 1) | bloom_empty(10, 0.01, false, 2)$q$),
    ('| capacities',          $q$SELECT bloom_empty(10) | bloom_empty(11)$q$),
    ('bloom_union rates',     $q$SELECT bloom_union(bloom_empty(10, 0.01), bloom_empty(10, 0.02))$q$),
    ('& layouts',             $q$SELECT bloom_empty(10) & bloom_empty(10, 0.01, true)$q$),
    ('bloom_intersect',       $q$SELECT bloom_intersect(bloom_empty(10), bloom_empty(20))$q$),
    ('@> filters',            $q$SELECT bloom_empty(10) @> bloom_empty(20)$q$),
    ('<@ filters',            $q$SELECT bloom_empty(10, 0.01, true) <@ bloom_empty(10, 0.01, false, 5)$q$),
    ('bloom_union_agg',       $q$SELECT bloom_union_agg(b) FROM (VALUES (bloom_empty(10)), (bloom_empty(20))) v(b)$q$),
    ('scalable & after growth', $q$SELECT s::bloom & s::bloom FROM good$q$)
) v(label, query);
-- Equality across parameters is not an error: they are simply different.
SELECT bloom_empty(10) = bloom_empty(20) AS equal, bloom_empty(10) <> bloom_empty(20) AS not_equal;

-- Transition functions outside an aggregate.
SELECT label, pg_temp.err(query) AS result FROM (VALUES
    ('bloom_add_trans',       $q$SELECT bloom_add_trans(NULL::bloom, 1, 10, 0.01)$q$),
    ('bloom_union_trans',     $q$SELECT bloom_union_trans(bloom_empty(10), bloom_empty(10))$q$)
) v(label, query);

-- Nothing was left behind.
SELECT bloom_empty(10) @> 1 AS still_working;
DROP TABLE good, bad_copy;

-- bloom_agg's parameters are one value per aggregate: a row that passes others is an error.
SELECT pg_temp.err($q$SELECT bloom_agg(i, CASE WHEN i < 5 THEN 100 ELSE 200 END, 0.01) FROM generate_series(1, 10) i$q$);
SELECT pg_temp.err($q$SELECT bloom_agg(i, 100, CASE WHEN i < 5 THEN 0.01 ELSE 0.02 END) FROM generate_series(1, 10) i$q$);
SELECT pg_temp.err($q$SELECT bloom_agg(i, 100, CASE WHEN i < 5 THEN 0.01 END) FROM generate_series(1, 10) i$q$);
SELECT pg_temp.err($q$SELECT bloom_agg(i, CASE WHEN i < 5 THEN 0.01 ELSE 0.02 END) FROM generate_series(1, 10) i$q$);
SELECT pg_temp.err($q$SELECT bloom_agg(i, CASE WHEN i < 5 THEN 0.01 END) FROM generate_series(1, 10) i$q$);
-- The same parameters on every row, given by expressions: fine.
SELECT bloom_cardinality(bloom_agg(i, 50 * 2, 0.01)) > 0 AS fixed, bloom_cardinality(bloom_agg(i, 0.005 * 2)) > 0 AS sized
FROM generate_series(1, 10) i;
