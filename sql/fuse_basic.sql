-- fuse: filters and key sets built from sets of values, membership against
-- the truth (every value of the set found; absent values found at rate
-- 2^-f), union of key sets, members of arrays, equality, bytes.

-- Zero rows: the filter of no keys (fuse_agg), the empty key set (fuse_keys_agg).
SELECT jsonb_pretty(fuse_info(fuse_agg(x))) FROM generate_series(1, 0) x;
SELECT fuse_info(fuse_keys_agg(x, 0.001, 42)) AS info FROM generate_series(1, 0) x;
SELECT fuse_agg(x) @> 1 AS empty_has_nothing, fuse_cardinality(fuse_agg(x)) AS n FROM generate_series(1, 0) x;

-- A small set: the filter's and the key set's headers.
SELECT fuse_info(fuse_agg(x)) AS filter_info, fuse_info(fuse_keys_agg(x)) AS keys_info
FROM generate_series(1, 1000) x;

-- The default rate is 2^-8: 8-bit fingerprints. The rate picks the fewest
-- bits f with 2^-f at most the rate.
SELECT fpr, fuse_info(fuse_agg(x, fpr))->'fingerprint_bits' AS f
FROM (VALUES (0.5), (0.2), (0.0078125), (0.01), (0.0039), (2^(-32))) r(fpr), generate_series(1, 10) x
GROUP BY fpr ORDER BY fpr DESC;

-- Values hash canonically: a filter of a bigint column finds integer
-- literals, numerics and floats of the same value.
CREATE TEMP TABLE ids AS SELECT i::bigint AS id FROM generate_series(1, 20000) i;
CREATE TEMP TABLE f AS SELECT fuse_agg(id) AS filter, fuse_keys_agg(id) AS keys FROM ids;
SELECT filter @> 42 AS int4, filter @> 42::smallint AS int2, filter @> 42::bigint AS int8, filter @> 42.0 AS numeric,
       filter @> 42::real AS float4, filter @> 42.0::float8 AS float8, 42 <@ filter AS contained,
       fuse_contains(filter, 42) AS contains_fn, fuse_contained(42, filter) AS contained_fn,
       fuse_contains(filter, NULL::int) IS NULL AS null_probe,
       fuse_cardinality(filter) AS n, fuse_cardinality(keys) AS keys_n
FROM f;
-- A text value equals no bigint (there is no = between them): refused, not a silent "no".
SELECT filter @> '42'::text FROM f;

-- No false negatives: every value of the set is found, by the filter and the key set.
SELECT count(*) FILTER (WHERE filter @> id) AS filter_found, count(*) FILTER (WHERE keys @> id) AS keys_found,
       count(*) AS added
FROM f, ids;
-- False positives on 100,000 absent values: rate 2^-8 gives 390.6 on
-- average (binomial, standard deviation 19.7); within five deviations.
-- A key set errs only on a collision of 64-bit hashes: none.
SELECT count(*) FILTER (WHERE filter @> i) BETWEEN 292 AND 489 AS filter_rate_within_bound,
       count(*) FILTER (WHERE keys @> i) AS keys_false_positives
FROM f, generate_series(100001, 200000) i;
-- At 2^-12: 24.4 on average (deviation 4.9).
CREATE TEMP TABLE f12 AS SELECT fuse_agg(id, 2^(-12)) AS filter FROM ids;
SELECT count(*) FILTER (WHERE filter @> i) BETWEEN 1 AND 49 AS rate_within_bound,
       (SELECT count(*) FILTER (WHERE filter @> id) FROM ids) AS found,
       fuse_info(filter)->'bits_per_key' AS bits_per_key, fuse_info(filter)->'estimated_fpr' AS estimated_fpr
FROM f12, generate_series(100001, 200000) i GROUP BY filter;
-- The array's size is the contract's sizes(n, a) (FORMAT.md 12), computed here in SQL:
-- b = bit_length(n), L = 2^min(18, 2 + 4b/7), C = max(1, ceil(cap / L) - 2) + a / 4,
-- (C + 2) L entries of f bits; 1.125 f bits a key only for large n.
SELECT n, fuse_info(v)->'array_length' AS array_length, (fuse_info(v)->>'array_length')::numeric = want AS as_sized,
       fuse_info(v)->'bits_per_key' AS bits_per_key, octet_length(v::bytea) = 64 + ceil(want * 12 / 8) AS bytes
FROM (VALUES (1), (2), (3), (7), (8), (1000), (20000)) s(n),
     LATERAL (SELECT fuse_agg(i, 2^(-12)) AS v FROM generate_series(1, n) i) f,
     LATERAL (SELECT floor(log(2, n)) + 1 AS b) b,
     LATERAL (SELECT 2 ^ least(18, 2 + div(4 * b, 7)) AS l,
                     CASE WHEN b = 1 THEN ceil(9 * n / 8.0)
                          ELSE greatest(ceil(9 * n / 8.0), ceil(7 * n / 8.0) + ceil(5 * n / (b - 1))) END AS cap) c,
     LATERAL (SELECT (greatest(1, ceil(cap / l) - 2) + div((fuse_info(v)->>'attempt')::numeric, 4) + 2) * l AS want) w
ORDER BY n;

-- The same set gives the same bytes in any order, with repeats; another seed other bytes.
SELECT filter = (SELECT fuse_agg(id) FROM (SELECT id FROM ids ORDER BY id DESC) s) AS order_free,
       filter = (SELECT fuse_agg(id % 20000 + 1) FROM generate_series(1, 40000) id) AS repeats_free,
       keys = (SELECT fuse_keys_agg(id) FROM (SELECT id FROM ids ORDER BY -id) s) AS keys_order_free,
       filter <> (SELECT fuse_agg(id, 2^(-8), 7) FROM ids) AS seed_changes_bytes,
       (SELECT fuse_agg(id, 2^(-8), -9223372036854775808) @> 5 FROM ids) AS seed_min
FROM f;

-- A key set builds the filter fuse_agg makes; a filter builds itself.
SELECT fuse_build(keys) = filter AS build_is_agg, fuse_build(filter) = filter AS filter_as_is,
       fuse_info(fuse_build(keys))->>'form' AS form
FROM f;

-- Union of key sets: the distinct values of both, exactly; its filter finds them all.
CREATE TEMP TABLE two AS
SELECT (SELECT fuse_keys_agg(i) FROM generate_series(1, 3000) i) AS a,
       (SELECT fuse_keys_agg(i) FROM generate_series(2001, 4000) i) AS b;
SELECT fuse_cardinality(fuse_union(a, b)) AS n,
       fuse_union(a, b) = (SELECT fuse_keys_agg(i) FROM generate_series(1, 4000) i) AS same_as_keys_of_all,
       fuse_union(a, b) = fuse_union(b, a) AS commutes,
       (SELECT count(*) FROM generate_series(1, 4000) i WHERE fuse_build(fuse_union(a, b)) @> i) AS found,
       fuse_union(a, (SELECT fuse_keys_agg(x) FROM generate_series(1, 0) x)) = a AS empty_is_identity
FROM two;
SELECT fuse_cardinality(fuse_union_agg(k)) AS n, count(*) FILTER (WHERE k IS NULL) AS nulls_skipped,
       fuse_union_agg(k) = (SELECT fuse_keys_agg(i) FROM generate_series(1, 5000) i) AS same_as_keys_of_all
FROM (SELECT fuse_keys_agg(i) AS k FROM generate_series(1, 5000) i GROUP BY i % 10
      UNION ALL SELECT NULL) s;
SELECT fuse_union_agg(k) IS NULL AS union_agg_of_nothing FROM (SELECT NULL::fuse AS k WHERE false) s;

-- fuse_members: the subscripts fuse_contains finds, one call for an array
-- (NULL elements never listed; the array's own lower bound).
SELECT fuse_members(filter, ARRAY[1, -5, NULL, 20000, 20001, 7]) AS members,
       fuse_members(filter, '[0:2]={3,-3,4}'::int[]) AS lower_bound_0,
       fuse_members(filter, ARRAY[]::int[]) AS none,
       fuse_members(keys, ARRAY[1, -5, 3]) AS of_keys
FROM f;
SELECT fuse_members(filter, ARRAY(SELECT generate_series(10000, 30000))) =
       ARRAY(SELECT i - 9999 FROM generate_series(10000, 30000) i WHERE filter @> i ORDER BY i) AS members_match_contains
FROM f;
SELECT fuse_members(filter, ARRAY[[1, 2], [3, 4]]) FROM f;

-- Equality and hashing: GROUP BY and hash joins use the hash opclass.
SELECT count(*) AS distinct_values
FROM (SELECT v FROM (VALUES ((SELECT fuse_agg(1))), ((SELECT fuse_agg(1))), ((SELECT fuse_keys_agg(1))),
                             ((SELECT fuse_agg(2)))) t(v) GROUP BY v) g;
SELECT count(*) AS hash_joined
FROM (VALUES ((SELECT fuse_agg(1))), ((SELECT fuse_agg(2)))) a(v)
JOIN (VALUES ((SELECT fuse_agg(2)))) b(v) ON a.v = b.v;
SELECT filter <> keys AS forms_differ, filter <> filter AS ne_same FROM f;

-- Bytes: the bytea casts and text round-trip, byte for byte; fuse_info's bytes.
SELECT octet_length(filter::bytea) AS filter_bytes, octet_length(keys::bytea) AS keys_bytes,
       (fuse_info(filter)->>'bytes')::int - 4 = octet_length(filter::bytea) AS info_bytes,
       filter::bytea::fuse = filter AS bytea_round_trip, filter::text::fuse = filter AS text_round_trip,
       keys::bytea::fuse = keys AS keys_bytea_round_trip, fuse_send(keys) = keys::bytea AS send
FROM f;
