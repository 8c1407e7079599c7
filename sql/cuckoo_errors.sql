-- cuckoo: bad input is an ERROR that names what is wrong, with its SQLSTATE.
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
-- Writes an unsigned little-endian integer of len bytes at off.
CREATE FUNCTION pg_temp.put(b bytea, off int, len int, v numeric) RETURNS bytea LANGUAGE plpgsql AS $$
BEGIN
    FOR i IN 0..len - 1 LOOP
        b := set_byte(b, off + i, mod(floor(v / 256::numeric ^ i), 256)::int);
    END LOOP;
    RETURN b;
END $$;

-- Valid values to corrupt: 10 items at 0.01 (6 buckets of 4 entries of 10
-- bits: 30 bytes of table, no pad bits) holding one value, and 2 items at 0.1
-- (3 buckets of 4 entries of 7 bits: 84 bits, four pad bits in the last byte).
CREATE TEMP TABLE good AS
SELECT cuckoo_add(cuckoo_empty(10), 1)::bytea AS f, cuckoo_empty(2, 0.1)::bytea AS tiny;
SELECT octet_length(f) AS f_bytes, octet_length(tiny) AS tiny_bytes,
       f::cuckoo IS NOT NULL AND tiny::cuckoo IS NOT NULL AS all_valid
FROM good;

-- Malformed text.
SELECT label, pg_temp.err(query) AS result FROM (VALUES
    ('empty string',         $q$SELECT ''::cuckoo$q$),
    ('no \x',                $q$SELECT 'abc'::cuckoo$q$),
    ('odd hex digits',       $q$SELECT '\x430'::cuckoo$q$),
    ('bad hex digit',        $q$SELECT '\x43g1'::cuckoo$q$),
    ('space inside',         $q$SELECT '\x43 01'::cuckoo$q$),
    ('\x alone',             $q$SELECT '\x'::cuckoo$q$),
    ('a literal needs a cast', $q$SELECT cuckoo_add(cuckoo_empty(10), 'abc')$q$)
) v(label, query);

-- Corrupt binary values, field by field (text input and binary COPY run the same checks).
SELECT label, pg_temp.err(query) AS result FROM (VALUES
    ('empty',                 $q$SELECT ''::bytea::cuckoo$q$),
    ('truncated header',      $q$SELECT substring(f FROM 1 FOR 47)::cuckoo FROM good$q$),
    ('header only',           $q$SELECT substring(f FROM 1 FOR 48)::cuckoo FROM good$q$),
    ('truncated table',       $q$SELECT substring(f FROM 1 FOR octet_length(f) - 1)::cuckoo FROM good$q$),
    ('extra byte',            $q$SELECT (f || '\x00'::bytea)::cuckoo FROM good$q$),
    ('wrong type tag',        $q$SELECT set_byte(f, 0, ascii('B'))::cuckoo FROM good$q$),
    ('format version 0',      $q$SELECT set_byte(f, 1, 0)::cuckoo FROM good$q$),
    ('format version 3',      $q$SELECT set_byte(f, 1, 3)::cuckoo FROM good$q$),
    ('version 1, kind 20',    $q$SELECT set_byte(f, 1, 1)::cuckoo FROM good$q$),
    ('version 2, kind 0',     $q$SELECT set_byte(set_byte(f, 6, 0), 7, 0)::cuckoo FROM good$q$),
    ('kind 10000, ok',        $q$SELECT set_byte(set_byte(f, 6, 16), 7, 39)::cuckoo FROM good$q$),
    ('empty, with a kind',    $q$SELECT set_byte(set_byte(set_byte(tiny, 1, 2), 6, 20), 7, 0)::cuckoo FROM good$q$),
    ('hash id 1',             $q$SELECT set_byte(f, 2, 1)::cuckoo FROM good$q$),
    ('hash id 3',             $q$SELECT set_byte(f, 2, 3)::cuckoo FROM good$q$),
    ('layout 0',              $q$SELECT set_byte(f, 3, 0)::cuckoo FROM good$q$),
    ('layout 2',              $q$SELECT set_byte(f, 3, 2)::cuckoo FROM good$q$),
    ('fingerprint bits 9',    $q$SELECT set_byte(f, 4, 9)::cuckoo FROM good$q$),
    ('fingerprint bits 33',   $q$SELECT set_byte(f, 4, 33)::cuckoo FROM good$q$),
    ('bucket size 2',         $q$SELECT set_byte(f, 5, 2)::cuckoo FROM good$q$),
    ('v1 sub-filter count 0', $q$SELECT set_byte(tiny, 6, 0)::cuckoo FROM good$q$),
    ('v1 sub-filter count 257', $q$SELECT set_byte(tiny, 7, 1)::cuckoo FROM good$q$),
    ('capacity 0',            $q$SELECT pg_temp.put(f, 16, 8, 0)::cuckoo FROM good$q$),
    ('capacity 2^62 + 1',     $q$SELECT pg_temp.put(f, 16, 8, 2::numeric ^ 62 + 1)::cuckoo FROM good$q$),
    ('capacity 11',          $q$SELECT pg_temp.put(f, 16, 8, 11)::cuckoo FROM good$q$),
    ('capacity 30',           $q$SELECT pg_temp.put(f, 16, 8, 30)::cuckoo FROM good$q$),
    ('fpr 0',                 $q$SELECT pg_temp.put(f, 24, 8, 0)::cuckoo FROM good$q$),
    ('fpr 1',                 $q$SELECT overlay(f PLACING '\x000000000000f03f'::bytea FROM 25)::cuckoo FROM good$q$),
    ('fpr NaN',               $q$SELECT overlay(f PLACING '\x000000000000f87f'::bytea FROM 25)::cuckoo FROM good$q$),
    ('fpr -0.01',             $q$SELECT set_byte(f, 31, 191)::cuckoo FROM good$q$),
    ('fpr 0.001, 10 bits',    $q$SELECT overlay(f PLACING '\xfca9f1d24d62503f'::bytea FROM 25)::cuckoo FROM good$q$),
    ('bucket count 5',        $q$SELECT pg_temp.put(f, 32, 8, 5)::cuckoo FROM good$q$),
    ('bucket count 2^40',    $q$SELECT pg_temp.put(f, 32, 8, 2::numeric ^ 40)::cuckoo FROM good$q$),
    ('items 0 of 1',          $q$SELECT pg_temp.put(f, 40, 8, 0)::cuckoo FROM good$q$),
    ('items 2 of 1',          $q$SELECT pg_temp.put(f, 40, 8, 2)::cuckoo FROM good$q$),
    ('items 25 of 24 entries', $q$SELECT pg_temp.put(f, 40, 8, 25)::cuckoo FROM good$q$),
    ('an entry cleared',      $q$SELECT overlay(f PLACING '\x000000000000000000000000000000000000000000000000000000000000'::bytea FROM 49)::cuckoo FROM good$q$),
    ('pad bit set',           $q$SELECT set_byte(tiny, 58, 16)::cuckoo FROM good$q$),
    ('top pad bit set',       $q$SELECT set_byte(tiny, 58, 128)::cuckoo FROM good$q$),
    ('last entry, ok',        $q$SELECT pg_temp.put(set_byte(tiny, 58, 8), 40, 8, 1)::cuckoo FROM good$q$)
) v(label, query);

-- COPY's text input runs the same checks (this value has layout 10).
CREATE TEMP TABLE bad_copy (c cuckoo);
COPY bad_copy FROM STDIN;
\\x4301020a0402010000000000000000000a000000000000007b14ae47e17a843f06000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000
\.
SELECT count(*) FROM bad_copy;

-- Parameters: capacity in 1..2^62, fpr in [8/2^32, 1), a filter that fits in one value.
SELECT label, pg_temp.err(query) AS result FROM (VALUES
    ('capacity 0',            $q$SELECT cuckoo_empty(0)$q$),
    ('capacity -1',           $q$SELECT cuckoo_empty(-1)$q$),
    ('capacity 2^62 + 1',     $q$SELECT cuckoo_empty(4611686018427387905)$q$),
    ('fpr 0',                 $q$SELECT cuckoo_empty(10, 0)$q$),
    ('fpr 1',                 $q$SELECT cuckoo_empty(10, 1)$q$),
    ('fpr NaN',               $q$SELECT cuckoo_empty(10, 'NaN')$q$),
    ('fpr 1e-10',             $q$SELECT cuckoo_empty(10, 1e-10)$q$),
    ('too large',             $q$SELECT cuckoo_empty(1000000000, 0.01)$q$),
    ('cuckoo_agg capacity 0', $q$SELECT cuckoo_agg(x, 0, 0.01) FROM generate_series(1, 10) x$q$),
    ('cuckoo_agg fpr 2',      $q$SELECT cuckoo_agg(x::text, 10, 2) FROM generate_series(1, 10) x$q$),
    ('cuckoo_agg, NULL cap',  $q$SELECT cuckoo_agg(x, NULL, 0.01) FROM generate_series(1, 10) x$q$),
    ('cuckoo_agg, NULL fpr',  $q$SELECT cuckoo_agg(x, 10, NULL) FROM generate_series(1, 10) x$q$),
    ('cuckoo_agg, changed',   $q$SELECT cuckoo_agg(i, CASE WHEN i < 5 THEN 100 ELSE 200 END, 0.01) FROM generate_series(1, 10) i$q$)
) v(label, query);

-- A full table: the add that finds no place is refused (54000) with the
-- capacity in the hint, and the filter is unchanged. Eight copies of one
-- value fill its two buckets.
SELECT label, pg_temp.err(query) AS result FROM (VALUES
    ('ninth copy',            $q$SELECT cuckoo_add(c, 5) FROM (SELECT cuckoo_agg(5, 1000, 0.01) AS c FROM generate_series(1, 8)) s$q$),
    ('aggregate past capacity', $q$SELECT cuckoo_agg(i, 100, 0.01) FROM generate_series(1, 1000) i$q$),
    ('union past capacity',   $q$SELECT cuckoo_union(cuckoo_agg(i, 100, 0.01), cuckoo_agg(-i, 100, 0.01)) FROM generate_series(1, 100) i$q$)
) v(label, query);

-- Combining filters with different parameters: the error names both.
SELECT label, pg_temp.err(query) AS result FROM (VALUES
    ('seeds',                 $q$SELECT cuckoo_union(cuckoo_empty(10, 0.01, 1), cuckoo_empty(10, 0.01, 2))$q$),
    ('capacities',            $q$SELECT cuckoo_union(cuckoo_empty(10), cuckoo_empty(11))$q$),
    ('cuckoo_union_agg',      $q$SELECT cuckoo_union_agg(c) FROM (VALUES (cuckoo_empty(10)), (cuckoo_empty(20))) v(c)$q$),
    ('cuckoo_add_trans',      $q$SELECT cuckoo_add_trans(NULL::cuckoo, 1, 10, 0.01)$q$),
    ('cuckoo_union_trans',    $q$SELECT cuckoo_union_trans(cuckoo_empty(10), cuckoo_empty(10))$q$)
) v(label, query);

SELECT cuckoo_empty(10) @> 1 AS still_working;
DROP TABLE good, bad_copy;
