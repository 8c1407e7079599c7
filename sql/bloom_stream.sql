-- bloom_members(bloom, anyarray): a batch of values probed against a filter in
-- one call, as bloom_contains probes each; and the batch probed against every
-- live slice of a stream's window in one query (doc/STREAMS.md).

CREATE TEMP TABLE seen AS
SELECT bloom_agg(i::bigint, 0.01) AS f FROM generate_series(1, 1000) i;

-- Subscripts of the possible members, ascending; absent values are not listed.
SELECT bloom_members(f, ARRAY[5, 5000000, 7, 1000]::bigint[]) AS members FROM seen;
-- The same answer as bloom_contains element by element, false positives included.
SELECT bloom_members(f, a) = ARRAY(SELECT i FROM generate_subscripts(a, 1) i WHERE bloom_contains(f, a[i]))
       AS same_as_contains,
       cardinality(bloom_members(f, a)) > 1000 AS has_false_positives
FROM seen, (SELECT array_agg(i::bigint ORDER BY i) AS a FROM generate_series(1, 200000) i) b;
-- Values equal under = hash equal: integers of every width, numeric, float.
SELECT bloom_members(f, ARRAY[42, -1]::int2[]) AS int2, bloom_members(f, ARRAY[-1, 42]) AS int4,
       bloom_members(f, ARRAY[42.0, 0.5]) AS numeric, bloom_members(f, ARRAY[0.5, 42]::float8[]) AS float8
FROM seen;
-- A text array equals no bigint: refused.
SELECT bloom_members(f, ARRAY['42']) FROM seen;
-- Other element types hash as bloom_contains hashes them.
SELECT bloom_members(bloom_add(bloom_add(bloom_empty(100), 'a'::text), 'c'::text), ARRAY['a', 'b', 'c']) AS text,
       bloom_members(bloom_add(bloom_empty(100), 'ab'::char(4)), ARRAY['ab', 'ab  ', 'b']::char(4)[]) AS bpchar,
       bloom_members(bloom_add(bloom_empty(100), '00000000-0000-0000-0000-000000000001'::uuid),
                     ARRAY['00000000-0000-0000-0000-000000000001', '00000000-0000-0000-0000-000000000002']::uuid[]) AS uuid,
       bloom_members(bloom_add(bloom_empty(100), '{"a": 1}'::jsonb), ARRAY['{"a":1}', '{"a": 2}']::jsonb[]) AS jsonb,
       bloom_members(bloom_add(bloom_empty(100, 0.01, false, 7), 3), ARRAY[1, 2, 3]) AS seeded;
-- Each layout.
SELECT layout, bloom_members(bloom_add(bloom_add(bloom_empty(100, 0.01, layout => layout), 2), 4),
                             ARRAY[1, 2, 3, 4, 5]) AS members
FROM unnest(ARRAY['fixed', 'scalable', 'blocked']) layout;

-- One call site probing many filters keeps the batch's hashes while the array
-- and the seed stay the same: each filter's own seed and each new array still
-- get their own hashes.
SELECT s AS seed, bloom_members(bloom_add(bloom_empty(10, 0.001, false, s), 5), ARRAY[1, 5, 9]) AS same_array,
       bloom_members(bloom_add(bloom_empty(10, 0.001, false, 1), s * 100), ARRAY[100, 200, 300]) AS seed_1
FROM generate_series(1, 3) s;
SELECT a, bloom_members(bloom_add(bloom_empty(10, 0.001), 7), a) AS members
FROM (VALUES (ARRAY[7, 8]), (ARRAY[8, 7]), (ARRAY[7, 8]), ('[0:1]={7,8}'::int[])) v(a);
-- An enum hashes its label, which can be renamed between two calls of one
-- call site (a PL/pgSQL expression keeps its state through a transaction):
-- answers follow bloom_contains, never hashes kept from before the rename.
CREATE TYPE stream_mood AS ENUM ('calm', 'busy');
CREATE FUNCTION stream_members(f bloom, a stream_mood[]) RETURNS text LANGUAGE plpgsql AS $$
BEGIN
    RETURN bloom_members(f, a)::text || ' ' || bloom_contains(f, a[1])::text;
END $$;
BEGIN;
CREATE TEMP TABLE moods AS SELECT bloom_add(bloom_empty(10, 0.001), 'calm'::stream_mood) AS f;
SELECT stream_members(f, ARRAY['calm']::stream_mood[]) AS before_rename FROM moods;
ALTER TYPE stream_mood RENAME VALUE 'calm' TO 'quiet';
SELECT stream_members(f, ARRAY['quiet']::stream_mood[]) AS after_rename FROM moods;
COMMIT;
DROP FUNCTION stream_members;
DROP TYPE stream_mood CASCADE;

-- The array's lower bound is honoured; NULL elements are never listed.
SELECT bloom_members(f, '[0:3]={1,2,3,2000000}'::bigint[]) AS from_zero,
       bloom_members(f, '[-5:-3]={2000000,9,10}'::bigint[]) AS negative,
       bloom_members(f, '[2147483645:2147483646]={1,2}'::bigint[]) AS at_the_top,
       bloom_members(f, ARRAY[NULL, 1, NULL, 2]::bigint[]) AS nulls,
       bloom_members(f, ARRAY[NULL]::bigint[]) AS only_null,
       bloom_members(f, '{}'::bigint[]) AS empty,
       bloom_members(f, ARRAY[3000000]::bigint[]) AS none
FROM seen;
-- Strict: a NULL filter or array gives NULL.
SELECT bloom_members(NULL, ARRAY[1]) IS NULL AS null_filter, bloom_members(f, NULL::int[]) IS NULL AS null_array
FROM seen;

-- Arrays of more than one dimension are refused, with SQLSTATE 2202E.
SELECT bloom_members(f, ARRAY[[1, 2], [3, 4]]) FROM seen;
DO $$
BEGIN
    PERFORM bloom_members(bloom_empty(10), ARRAY[[1], [2]]);
EXCEPTION WHEN array_subscript_error THEN
    RAISE NOTICE 'array_subscript_error (%)', SQLSTATE;
END $$;
SELECT bloom_members(f, '[1:1][1:1][1:1]={{{1}}}'::int[]) FROM seen;
-- A type without hashing is refused as bloom_contains refuses it.
SELECT bloom_members(bloom_empty(10), ARRAY['(1,2)'::point]);
-- A filter built under hash id 1 (0.1.0, 0.2.0) is probed with the types
-- whose rule did not change, and refused for the others, as by bloom_contains.
SELECT bloom_members('\x420101010100000000000000000000000a000000000000007b14ae47e17a843f60000000000000000a0000000000000000000000000000000700000000000000000000000000000000000000'::bloom,
                     ARRAY['abc']) AS id1_text;
SELECT bloom_members('\x420101010100000000000000000000000a000000000000007b14ae47e17a843f60000000000000000a0000000000000000000000000000000700000000000000000000000000000000000000'::bloom,
                     ARRAY['1 day'::interval]);
-- An untyped literal has no element type, as for bloom_contains.
SELECT bloom_members(bloom_empty(10), '{1}');

-- A batch probed against every live slice of a window in one query: the
-- subscripts of the batch's elements that some slice may hold.
CREATE TEMP TABLE slices (starts int PRIMARY KEY, f bloom NOT NULL);
INSERT INTO slices
SELECT s, bloom_agg(i::bigint, 0.001) FROM generate_series(0, 3) s, generate_series(s * 100, s * 100 + 99) i GROUP BY s;
SELECT array_agg(DISTINCT m ORDER BY m) AS seen_before
FROM slices, unnest(bloom_members(f, ARRAY[5, 150, 399, 400, 1000, 250]::bigint[])) m;
