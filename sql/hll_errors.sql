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

-- Valid values to corrupt: a sparse one (three entries, p = 14), a sparse one
-- at p = 4 (three entries, its limit), and a dense one at p = 4.
CREATE TEMP TABLE good AS
SELECT (SELECT hll_add_agg(x)::bytea FROM generate_series(1, 3) x) AS sparse,
       (SELECT hll_add_agg(x, 4)::bytea FROM generate_series(1, 3) x) AS sparse4,
       (SELECT hll_add_agg(x, 4)::bytea FROM generate_series(1, 100) x) AS dense4,
       (SELECT hll_add_agg(x)::bytea FROM generate_series(1, 3072) x) AS sparse_full;
SELECT octet_length(sparse), get_byte(sparse, 3) AS repr, octet_length(sparse4), get_byte(sparse4, 3) AS repr4,
       octet_length(dense4), get_byte(dense4, 3) AS repr_dense4,
       octet_length(sparse_full), get_byte(sparse_full, 3) AS repr_full
FROM good;
SELECT sparse::hll IS NOT NULL, sparse4::hll IS NOT NULL, dense4::hll IS NOT NULL, sparse_full::hll IS NOT NULL
FROM good;

-- Malformed text.
SELECT label, pg_temp.err(query) AS result FROM (VALUES
    ('empty string',         $q$SELECT ''::hll$q$),
    ('no \x',                $q$SELECT 'abc'::hll$q$),
    ('bytea escape format',  $q$SELECT '\110\001'::hll$q$),
    ('capital X',            $q$SELECT '\X480101010e1a00000000000000000000'::hll$q$),
    ('odd hex digits',       $q$SELECT '\x480'::hll$q$),
    ('bad hex, first',       $q$SELECT '\xzz0101010e1a00000000000000000000'::hll$q$),
    ('bad hex, high digit',  $q$SELECT '\x48g1'::hll$q$),
    ('bad hex, low digit',   $q$SELECT '\x480g'::hll$q$),
    ('space inside',         $q$SELECT '\x48 01'::hll$q$),
    ('\x alone',             $q$SELECT '\x'::hll$q$)
) v(label, query);

-- Corrupt binary values, through bytea::hll (and the same checks in text input and COPY).
SELECT label, pg_temp.err(query) AS result FROM (VALUES
    ('empty',                 $q$SELECT ''::bytea::hll$q$),
    ('truncated header',      $q$SELECT substring(sparse FROM 1 FOR 15)::hll FROM good$q$),
    ('truncated sparse',      $q$SELECT substring(sparse FROM 1 FOR octet_length(sparse) - 1)::hll FROM good$q$),
    ('truncated dense',       $q$SELECT substring(dense4 FROM 1 FOR octet_length(dense4) - 1)::hll FROM good$q$),
    ('dense, header only',    $q$SELECT substring(dense4 FROM 1 FOR 16)::hll FROM good$q$),
    ('extra byte, sparse',    $q$SELECT (sparse || '\x00'::bytea)::hll FROM good$q$),
    ('extra byte, dense',     $q$SELECT (dense4 || '\x00'::bytea)::hll FROM good$q$),
    ('extra 3 bytes, dense',  $q$SELECT (dense4 || '\x000000'::bytea)::hll FROM good$q$),
    ('wrong type tag',        $q$SELECT set_byte(sparse, 0, ascii('B'))::hll FROM good$q$),
    ('type tag lowercase h',  $q$SELECT set_byte(sparse, 0, ascii('h'))::hll FROM good$q$),
    ('format version 0',      $q$SELECT set_byte(sparse, 1, 0)::hll FROM good$q$),
    ('format version 3',      $q$SELECT set_byte(sparse, 1, 3)::hll FROM good$q$),
    ('version 1, kind 20',    $q$SELECT set_byte(sparse, 1, 1)::hll FROM good$q$),
    ('version 2, kind 0',     $q$SELECT set_byte(set_byte(sparse, 6, 0), 7, 0)::hll FROM good$q$),
    ('empty, with a kind',    $q$SELECT '\x480201010b1a2a000000000000000000'::bytea::hll$q$),
    ('hash id 0',             $q$SELECT set_byte(sparse, 2, 0)::hll FROM good$q$),
    ('hash id 2',             $q$SELECT set_byte(sparse, 2, 2)::hll FROM good$q$),
    ('representation 0',      $q$SELECT set_byte(sparse, 3, 0)::hll FROM good$q$),
    ('representation 3',      $q$SELECT set_byte(sparse, 3, 3)::hll FROM good$q$),
    ('sparse as dense',       $q$SELECT set_byte(sparse, 3, 2)::hll FROM good$q$),
    ('dense as sparse',       $q$SELECT set_byte(dense4, 3, 1)::hll FROM good$q$),
    ('precision 3',           $q$SELECT set_byte(sparse, 4, 3)::hll FROM good$q$),
    ('precision 19',          $q$SELECT set_byte(sparse, 4, 19)::hll FROM good$q$),
    ('sparse precision 25',   $q$SELECT set_byte(sparse, 5, 25)::hll FROM good$q$),
    ('kind 10000, ok',        $q$SELECT set_byte(set_byte(sparse, 6, 16), 7, 39)::hll FROM good$q$),
    ('kind 65533, ok',        $q$SELECT set_byte(set_byte(sparse, 6, 253), 7, 255)::hll FROM good$q$),
    ('v1 byte 6 not 0',       $q$SELECT set_byte(set_byte(sparse, 1, 1), 6, 1)::hll FROM good$q$),
    ('v1 byte 7 not 0',       $q$SELECT set_byte(set_byte(set_byte(sparse, 1, 1), 6, 0), 7, 128)::hll FROM good$q$),
    ('same, as text',         $q$SELECT '\x480101010e1a01000000000000000000'::hll$q$),
    ('same, via hll_in typmod', $q$SELECT '\x480101010e1a01000000000000000000'::hll(12)$q$)
) v(label, query);

-- Dense registers: at most 65 - p (61 at p = 4, 47 at p = 18).
SELECT label, pg_temp.err(query) AS result FROM (VALUES
    ('register 0 = 61, ok',   $q$SELECT set_byte(dense4, 16, (get_byte(dense4, 16) & 192) | 61)::hll FROM good$q$),
    ('register 0 = 62',       $q$SELECT set_byte(dense4, 16, (get_byte(dense4, 16) & 192) | 62)::hll FROM good$q$),
    ('register 3 = 63',       $q$SELECT set_byte(dense4, 18, get_byte(dense4, 18) | 252)::hll FROM good$q$),
    ('register 15 = 63',      $q$SELECT set_byte(dense4, 27, get_byte(dense4, 27) | 252)::hll FROM good$q$),
    ('p = 18, register 7 = 47, ok',
        $q$SELECT set_byte(h, 21, (get_byte(h, 21) & 3) | (47 << 2))::hll
           FROM (SELECT hll_add_agg(x, 18)::bytea h FROM generate_series(1, 5000) x) d$q$),
    ('p = 18, register 7 = 48',
        $q$SELECT set_byte(h, 21, (get_byte(h, 21) & 3) | (48 << 2))::hll
           FROM (SELECT hll_add_agg(x, 18)::bytea h FROM generate_series(1, 5000) x) d$q$)
) v(label, query);

-- Sparse entries: strictly increasing index, rank 1..39, at most sparse_limit(p) of them.
-- Entry k is bytes 16 + 4k .. 19 + 4k, (index26 << 6 | rank) little-endian.
SELECT label, pg_temp.err(query) AS result FROM (VALUES
    ('entries swapped',       $q$SELECT overlay(sparse PLACING substring(sparse FROM 21 FOR 4) || substring(sparse FROM 17 FOR 4)
                                     FROM 17 FOR 8)::hll FROM good$q$),
    ('entry duplicated',      $q$SELECT overlay(sparse PLACING substring(sparse FROM 17 FOR 4) FROM 21 FOR 4)::hll FROM good$q$),
    ('index repeated, ranks 1 and 2',
                              $q$SELECT (hll_empty()::bytea || '\x4100000042000000'::bytea)::hll$q$),
    ('index 1 rank 1, index 2 rank 1, ok',
                              $q$SELECT (hll_empty()::bytea || '\x4100000081000000'::bytea)::hll$q$),
    ('rank 0',                $q$SELECT (hll_empty()::bytea || '\x40000000'::bytea)::hll$q$),
    ('rank 39, ok',           $q$SELECT (hll_empty()::bytea || '\x67000000'::bytea)::hll$q$),
    ('rank 40',               $q$SELECT (hll_empty()::bytea || '\x68000000'::bytea)::hll$q$),
    ('rank 63',               $q$SELECT (hll_empty()::bytea || '\xffffffff'::bytea)::hll$q$),
    ('index 0 rank 1, ok',    $q$SELECT (hll_empty()::bytea || '\x01000000'::bytea)::hll$q$),
    ('4 entries at p = 4',    $q$SELECT (sparse4 || '\xc1ffffff'::bytea)::hll FROM good$q$),
    ('3073 entries at p = 14', $q$SELECT (sparse_full || '\xc1ffffff'::bytea)::hll FROM good$q$)
) v(label, query);
-- The p = 4 limit value itself is fine: three entries.
SELECT hll_info(sparse4::hll)->'sparse_entries' AS entries FROM good;

-- COPY's text input runs the same checks.
CREATE TEMP TABLE bad_copy (h hll);
COPY bad_copy FROM STDIN;
\\x480101010e1a01000000000000000000
\.
SELECT count(*) FROM bad_copy;

-- Precision outside 4..18.
SELECT label, pg_temp.err(query) AS result FROM (VALUES
    ('hll_empty(3)',          $q$SELECT hll_empty(3)$q$),
    ('hll_empty(19)',         $q$SELECT hll_empty(19)$q$),
    ('hll_empty(-1)',         $q$SELECT hll_empty(-1)$q$),
    ('hll_add_agg(x, 3)',     $q$SELECT hll_add_agg(x, 3) FROM generate_series(1, 10) x$q$),
    ('hll_add_agg(x, 19)',    $q$SELECT hll_add_agg(x, 19) FROM generate_series(1, 10) x$q$),
    ('hll_add_agg(text, 0)',  $q$SELECT hll_add_agg(x::text, 0) FROM generate_series(1, 10) x$q$),
    ('hll_add_agg(inet, 99)', $q$SELECT hll_add_agg('10.0.0.1'::inet, 99)$q$),
    ('hll_add_agg, all NULL', $q$SELECT hll_add_agg(NULL::int, 3)$q$),
    ('hll_add_agg, no rows',  $q$SELECT hll_add_agg(x, 3) FROM generate_series(1, 0) x$q$),
    ('hll_add_hash_agg(h, 20)', $q$SELECT hll_add_hash_agg(sketch_hash(x), 20) FROM generate_series(1, 10) x$q$),
    ('hll_add_agg(x, NULL)',  $q$SELECT hll_add_agg(x, NULL) FROM generate_series(1, 10) x$q$),
    ('cast to hll(3)',        $q$SELECT hll_empty()::hll(3)$q$),
    ('column hll(19)',        $q$CREATE TEMP TABLE t (h hll(19))$q$),
    ('column hll(1, 2)',      $q$CREATE TEMP TABLE t (h hll(1, 2))$q$),
    ('p = 10 into hll(12)',   $q$SELECT hll_empty(10)::hll(12)$q$),
    ('hll(h, 16, false)',     $q$SELECT hll(hll_empty(), 16, false)$q$)
) v(label, query);

-- Combining sketches with different seeds: the error names both parameter sets.
SELECT label, pg_temp.err(query) AS result FROM (VALUES
    ('hll_union',             $q$SELECT hll_union(hll_empty(14, 1), hll_empty(14, 2))$q$),
    ('||, precisions differ', $q$SELECT hll_empty(12, 0) || hll_add(hll_empty(10, 42), 1)$q$),
    ('hll_union_agg',         $q$SELECT hll_union_agg(h) FROM (VALUES (hll_empty()), (hll_empty(14, 5))) v(h)$q$),
    ('@>',                    $q$SELECT hll_empty(14, 1) @> hll_empty(14, 2)$q$),
    ('<@',                    $q$SELECT hll_empty(14, -1) <@ hll_empty()$q$),
    ('dense with sparse',     $q$SELECT hll_add_agg(x) || hll_add(hll_empty(14, 3), 1) FROM generate_series(1, 5000) x$q$)
) v(label, query);
-- Equality across seeds is not an error: they are simply different.
SELECT hll_empty(14, 1) = hll_empty(14, 2) AS equal, hll_empty(14, 1) <> hll_empty(14, 2) AS not_equal;

-- Transition functions outside an aggregate.
SELECT label, pg_temp.err(query) AS result FROM (VALUES
    ('hll_add_trans',         $q$SELECT hll_add_trans(NULL::hll, 1)$q$),
    ('hll_add_hash_trans',    $q$SELECT hll_add_hash_trans(hll_empty(), 1::bigint)$q$),
    ('hll_union_trans',       $q$SELECT hll_union_trans(hll_empty(), hll_empty())$q$)
) v(label, query);

-- Nothing was left behind.
SELECT hll_cardinality(hll_empty()) AS still_working;
DROP TABLE good, bad_copy;

-- An aggregate's precision is one value: a row that passes another is an error,
-- never a sketch silently built at the first row's precision.
SELECT pg_temp.err($q$SELECT hll_add_agg(i, CASE WHEN i < 5 THEN 10 ELSE 12 END) FROM generate_series(1, 10) i$q$);
SELECT pg_temp.err($q$SELECT hll_add_hash_agg(i, CASE WHEN i < 5 THEN 10 ELSE 12 END) FROM generate_series(1, 10) i$q$);
SELECT pg_temp.err($q$SELECT hll_add_agg(i, CASE WHEN i < 5 THEN 10 END) FROM generate_series(1, 10) i$q$);
-- The same precision on every row, given by an expression: fine.
SELECT hll_precision(hll_add_agg(i, 5 + 5)) AS p, hll_cardinality(hll_add_agg(i, (SELECT 10))) AS n
FROM generate_series(1, 10) i;
