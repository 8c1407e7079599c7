-- The blocked layout (doc/FORMAT.md 4.13): a layout parameter with readable
-- names, every operation on it, and old calls unchanged.
SET extra_float_digits = 0;

-- Names: 'blocked', 'classic' and 'fixed' (the same layout), 'scalable'.
SELECT l, bloom_info(bloom_empty(1000, 0.01, l)) - 'layers' AS info
FROM unnest(ARRAY['blocked', 'classic', 'fixed', 'scalable']) AS l;
SELECT bloom_empty(1000, 0.01, 'classic') = bloom_empty(1000, 0.01) AS classic_is_the_old_default,
       bloom_empty(1000, 0.01, 'scalable', 7) = bloom_empty(1000, 0.01, true, 7) AS scalable_same,
       bloom_empty(1000, 0.01, 'blocked', 7) <> bloom_empty(1000, 0.01, 'blocked') AS seed_kept;
SELECT bloom_empty(1000, 0.01, 'Blocked');
SELECT bloom_empty(1000, 0.01, NULL::text) IS NULL AS strict;
SELECT bloom_empty(0, 0.01, 'blocked');
SELECT bloom_empty(1000000000, 0.000001, 'blocked');

-- Bits per item against the classic layout, by target rate.
SELECT fpr,
       (bloom_info(bloom_empty(1000000, fpr, 'classic'))->>'bit_count')::bigint / 1000000.0 AS classic_bits_per_item,
       (bloom_info(bloom_empty(1000000, fpr, 'blocked'))->>'bit_count')::bigint / 1000000.0 AS blocked_bits_per_item,
       bloom_info(bloom_empty(1000000, fpr, 'blocked'))->'hash_count' AS blocked_k
FROM unnest(ARRAY[0.1, 0.01, 0.001, 0.0001, 0.00001, 0.000001]::float8[]) AS fpr;

-- Membership, no false negatives, the aggregate, estimates.
CREATE TABLE blocked_f AS
SELECT bloom_agg(g, 20000, 0.01, 'blocked') AS f FROM generate_series(1, 20000) AS g;
SELECT bloom_info(f)->'layout' AS layout, bloom_cardinality(f) BETWEEN 19600 AND 20400 AS cardinality_close,
       bloom_fpr(f) BETWEEN 0.008 AND 0.012 AS fpr_close
FROM blocked_f;
SELECT count(*) FILTER (WHERE NOT f @> g) AS false_negatives FROM blocked_f, generate_series(1, 20000) AS g;
SELECT count(*) FILTER (WHERE f @> g) BETWEEN 150 AND 250 AS about_one_percent
FROM blocked_f, generate_series(20001, 40000) AS g;
-- bloom_add into an empty blocked filter sets what the aggregate sets; other types too.
SELECT bloom_add(bloom_add(bloom_empty(100, 0.01, 'blocked'), 1), 2) =
       (SELECT bloom_agg(g, 100, 0.01, 'blocked') FROM generate_series(1, 2) AS g) AS add_equals_agg;
SELECT bloom_info(bloom_agg(x::text, 100, 0.01, 'blocked'))->'layout' AS text_layout,
       bloom_info(bloom_agg(x::uuid, 100, 0.01, 'blocked'))->'layout' AS uuid_layout
FROM (VALUES ('00000000-0000-0000-0000-000000000001')) AS v(x);
-- Zero rows: an empty filter of the layout; a layout that changes between rows is an error.
SELECT bloom_info(bloom_agg(g, 100, 0.01, 'blocked'))->'layout' AS empty_layout
FROM generate_series(1, 10) AS g WHERE false;
SELECT bloom_agg(g, 100, 0.01, CASE WHEN g > 5 THEN 'blocked' ELSE 'classic' END) FROM generate_series(1, 10) AS g;
SELECT bloom_agg(g, 100, 0.01, NULL::text) FROM generate_series(1, 10) AS g;

-- Combining: union, intersection, containment; another layout is a mismatch.
WITH a AS (SELECT bloom_agg(g, 1000, 0.01, 'blocked') AS f FROM generate_series(1, 600) AS g),
     b AS (SELECT bloom_agg(g, 1000, 0.01, 'blocked') AS f FROM generate_series(401, 1000) AS g)
SELECT bloom_union(a.f, b.f) @> a.f AS union_contains_a, bloom_union(a.f, b.f) @> b.f AS union_contains_b,
       bloom_intersect(a.f, b.f) <@ a.f AS intersection_in_a, a.f @> b.f AS a_contains_b,
       bloom_cardinality(bloom_union(a.f, b.f)) BETWEEN 970 AND 1030 AS union_cardinality
FROM a, b;
SELECT bloom_union(bloom_empty(100, 0.01, 'blocked'), bloom_empty(100, 0.01, 'classic'));

-- Text and binary round trips, and validation of outside bytes.
SELECT bloom_in(bloom_out(f)::cstring) = f AS text_round_trip FROM blocked_f;
SELECT (f::bytea)::bloom = f AS bytea_round_trip FROM blocked_f;
-- A pad bit (each block's last bit: 7 segments of 73 bits use 511 of 512).
SELECT set_bit(bloom_empty(100, 0.01, 'blocked')::bytea, (64 + 63) * 8 + 7, 1)::bloom;
-- Bits that are not whole blocks.
SELECT overlay(bloom_empty(100, 0.01, 'blocked')::bytea PLACING '\xff03'::bytea FROM 33)::bloom;
DROP TABLE blocked_f;
