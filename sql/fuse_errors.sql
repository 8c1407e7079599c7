-- fuse: bad input is an ERROR that names what is wrong, with its SQLSTATE.
-- pg_temp.err(query) and pg_temp.put(bytes, offset, length, value): sql/include/errors.psql.
\getenv abs_srcdir PG_ABS_SRCDIR
\i :abs_srcdir/sql/include/errors.psql

-- Parameters: a rate in [2^-32, 1), never NULL, the same on every row.
SELECT label, pg_temp.err(query) AS result FROM (VALUES
    ('rate 0',                $q$SELECT fuse_agg(x, 0) FROM generate_series(1, 3) x$q$),
    ('rate 1',                $q$SELECT fuse_agg(x, 1) FROM generate_series(1, 3) x$q$),
    ('rate NaN',              $q$SELECT fuse_agg(x, 'NaN') FROM generate_series(1, 3) x$q$),
    ('rate 2^-33',            $q$SELECT fuse_keys_agg(x, 2^(-33)) FROM generate_series(1, 3) x$q$),
    ('rate 0, zero rows',     $q$SELECT fuse_agg(x, 0) FROM generate_series(1, 0) x$q$),
    ('NULL rate',             $q$SELECT fuse_agg(x, NULL) FROM generate_series(1, 3) x$q$),
    ('NULL seed',             $q$SELECT fuse_keys_agg(x, 0.01, NULL) FROM generate_series(1, 3) x$q$),
    ('rate changes',          $q$SELECT fuse_agg(x, CASE WHEN x < 3 THEN 0.01 ELSE 0.001 END) FROM generate_series(1, 5) x$q$),
    ('seed changes',          $q$SELECT fuse_keys_agg(x, 0.01, x) FROM generate_series(1, 5) x$q$),
    ('not an aggregate',      $q$SELECT fuse_add_trans(NULL::fuse, 1)$q$),
    ('union trans',           $q$SELECT fuse_union_trans(a, a) FROM (SELECT fuse_keys_agg(1) a) s$q$)
) v(label, query);

-- A filter takes no more keys: union them as key sets.
CREATE TEMP TABLE vals AS
SELECT (SELECT fuse_agg(x) FROM generate_series(1, 10) x) AS filter,
       (SELECT fuse_keys_agg(x) FROM generate_series(1, 10) x) AS keys;
SELECT label, pg_temp.err(query) AS result FROM (VALUES
    ('union of filters',      $q$SELECT fuse_union(filter, filter) FROM vals$q$),
    ('union, filter right',   $q$SELECT fuse_union(keys, filter) FROM vals$q$),
    ('union_agg of filters',  $q$SELECT fuse_union_agg(f) FROM vals, (VALUES (1), (2)) n(i), LATERAL (SELECT filter) s(f)$q$),
    ('union_agg, one filter', $q$SELECT fuse_union_agg(filter) FROM vals$q$),
    ('union, other seeds',    $q$SELECT fuse_union(fuse_keys_agg(1, 0.01, 1), fuse_keys_agg(1, 0.01, 2))$q$),
    ('union, other rates',    $q$SELECT fuse_union(fuse_keys_agg(1, 0.01), fuse_keys_agg(1, 0.001))$q$),
    ('union_agg, other rates', $q$SELECT fuse_union_agg(k) FROM (VALUES ((SELECT fuse_keys_agg(1, 0.01))), ((SELECT fuse_keys_agg(2, 0.001)))) v(k)$q$),
    ('a literal needs a cast', $q$SELECT filter @> 'abc' FROM vals$q$)
) v(label, query);

-- Malformed text.
SELECT label, pg_temp.err(query) AS result FROM (VALUES
    ('empty string',          $q$SELECT ''::fuse$q$),
    ('no \x',                 $q$SELECT 'abc'::fuse$q$),
    ('odd hex digits',        $q$SELECT '\x460'::fuse$q$),
    ('\x alone',              $q$SELECT '\x'::fuse$q$)
) v(label, query);

-- Corrupt values, field by field, through the bytea cast; text input runs
-- the same checks. A filter of one key at rate 0.05 (5-bit fingerprints):
-- 3 segments of 4 entries, 60 bits in 8 bytes, 4 pad bits; a key set of 3 keys.
CREATE TEMP TABLE good AS
SELECT (SELECT fuse_agg(x, 0.05) FROM generate_series(1, 1) x)::bytea AS f,
       (SELECT fuse_keys_agg(x) FROM generate_series(1, 3) x)::bytea AS k,
       (SELECT fuse_agg(x) FROM generate_series(1, 0) x)::bytea AS e;
SELECT octet_length(f) AS f_bytes, octet_length(k) AS k_bytes, octet_length(e) AS e_bytes,
       f::fuse IS NOT NULL AND k::fuse IS NOT NULL AND e::fuse IS NOT NULL AS all_valid,
       fuse_info(f::fuse) - 'bytes' AS f_info
FROM good;
SELECT label, pg_temp.err(format('SELECT %L::bytea::fuse', b)) AS via_bytea,
       pg_temp.err(format('SELECT %L::fuse', b::text)) = pg_temp.err(format('SELECT %L::bytea::fuse', b)) AS text_same
FROM good, LATERAL (VALUES
    ('empty',                 ''::bytea),
    ('truncated header',      substring(f FROM 1 FOR 63)),
    ('header only',           substring(f FROM 1 FOR 64)),
    ('truncated array',       substring(f FROM 1 FOR octet_length(f) - 1)),
    ('extra byte',            f || '\x00'::bytea),
    ('wrong type tag',        set_byte(f, 0, ascii('C'))),
    ('format version 0',      set_byte(f, 1, 0)),
    ('format version 3',      set_byte(f, 1, 3)),
    ('version 1, a kind',     set_byte(f, 1, 1)),
    ('version 2, kind 0',     set_byte(set_byte(f, 6, 0), 7, 0)),
    ('kind 10000, ok',        set_byte(set_byte(f, 6, 16), 7, 39)),
    ('hash id 1',             set_byte(f, 2, 1)),
    ('hash id 3',             set_byte(f, 2, 3)),
    ('form 0',                set_byte(f, 3, 0)),
    ('form 3',                set_byte(f, 3, 3)),
    ('working state',         set_byte(k, 3, 129)),
    ('fingerprint bits 6',    set_byte(f, 4, 6)),
    ('fingerprint bits 33',   set_byte(f, 4, 33)),
    ('arity 4',               set_byte(f, 5, 4)),
    ('fpr 0',                 pg_temp.put(f, 16, 8, 0)),
    ('fpr 1',                 overlay(f PLACING '\x000000000000f03f'::bytea FROM 17)),
    ('fpr NaN',               overlay(f PLACING '\x000000000000f87f'::bytea FROM 17)),
    ('fpr negative',          set_byte(f, 23, get_byte(f, 23) | 128)),
    ('reserved',              set_byte(f, 56, 1)),
    ('filter: keys 0',        pg_temp.put(f, 24, 8, 0)),
    ('filter: keys 2',        pg_temp.put(f, 24, 8, 2)),
    ('filter: segment length', pg_temp.put(f, 32, 8, 8)),
    ('filter: segment count', pg_temp.put(f, 40, 8, 2)),
    ('filter: attempt 4',     pg_temp.put(f, 48, 8, 4)),
    ('filter: attempt 1024',  pg_temp.put(f, 48, 8, 1024)),
    ('filter: pad bit',       set_byte(f, 71, get_byte(f, 71) | 128)),
    ('empty filter: L',       pg_temp.put(e, 32, 8, 4)),
    ('empty filter: a byte',  e || '\x00'::bytea),
    ('keys: segment length',  pg_temp.put(k, 32, 8, 4)),
    ('keys: attempt',         pg_temp.put(k, 48, 8, 1)),
    ('keys: n 4',             pg_temp.put(k, 24, 8, 4)),
    ('keys: n 2^60',          pg_temp.put(k, 24, 8, 2::numeric ^ 60)),
    ('keys: a key short',     substring(k FROM 1 FOR octet_length(k) - 8)),
    ('keys: out of order',    substring(k FROM 1 FOR 64) || substring(k FROM 73 FOR 8) || substring(k FROM 65 FOR 8)
                                  || substring(k FROM 81)),
    ('keys: a repeat',        substring(k FROM 1 FOR 72) || substring(k FROM 65 FOR 8) || substring(k FROM 81))
) c(label, b);
-- Any values of a filter's entries are a filter (FORMAT.md 12): accepted.
SELECT set_byte(f, 64, get_byte(f, 64) # 1)::fuse IS NOT NULL AS entry_changed_ok FROM good;

-- Binary receive (COPY in binary format) runs the same checks: a bytea
-- column's binary form is its bytes, read back as fuse.
CREATE TEMP TABLE corrupt AS SELECT set_byte(f, 71, get_byte(f, 71) | 128) AS b FROM good;
CREATE TEMP TABLE corrupt_keys AS SELECT set_byte(k, 3, 129) AS b FROM good;
CREATE TEMP TABLE received (v fuse);
\copy corrupt TO 'results/fuse_errors.bin' WITH (FORMAT binary)
\copy received FROM 'results/fuse_errors.bin' WITH (FORMAT binary)
\copy corrupt_keys TO 'results/fuse_errors.bin' WITH (FORMAT binary)
\copy received FROM 'results/fuse_errors.bin' WITH (FORMAT binary)
-- The valid ones go through.
\copy (SELECT f FROM good UNION ALL SELECT k FROM good) TO 'results/fuse_errors.bin' WITH (FORMAT binary)
\copy received FROM 'results/fuse_errors.bin' WITH (FORMAT binary)
SELECT count(*) AS received, bool_and(v::bytea IN (SELECT f FROM good UNION SELECT k FROM good)) AS same_bytes FROM received;

-- COPY's text input runs the same checks (form 3).
CREATE TEMP TABLE bad_copy (v fuse);
COPY bad_copy FROM STDIN;
\\x46020203080314000000000000000000000000000000703f00000000000000000000000000000000000000000000000000000000000000000000000000000000
\.
SELECT count(*) FROM bad_copy;

SELECT (SELECT fuse_agg(x) FROM generate_series(1, 3) x) @> 1 AS still_working;
DROP TABLE good, vals, corrupt, corrupt_keys, received, bad_copy;
