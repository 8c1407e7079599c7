-- bloom: empty filters, adding and testing values, combining, estimates,
-- equality and sizes.

-- An empty filter carries its parameters.
SELECT jsonb_pretty(bloom_info(bloom_empty(1000)));
SELECT bloom_info(bloom_empty(1000, 0.001, false, 42)) - 'layers' AS info;
SELECT bloom_info(bloom_empty(1000, 0.01, true)) - 'layers' AS info,
       bloom_info(bloom_empty(1000, 0.01, true))->'layers' AS layers;
-- bloom_info, cuckoo_info and hll_info print each floating-point number as the
-- shortest decimal that reads back as the same double, whatever
-- extra_float_digits says (doc/FORMAT.md 1): 0.1 + 0.2 is not 0.3.
SET extra_float_digits = 0;
SELECT 0.1::float8 + 0.2::float8 AS float8_prints, bloom_info(b)->>'fpr' AS bloom_fpr,
       (bloom_info(b)->>'fpr')::float8 = 0.1::float8 + 0.2::float8 AS bloom_reads_back,
       bloom_info(b)->'layers'->0->>'design_fpr' AS design_fpr, cuckoo_info(c)->>'fpr' AS cuckoo_fpr,
       (cuckoo_info(c)->>'fpr')::float8 = 0.1::float8 + 0.2::float8 AS cuckoo_reads_back
FROM (SELECT bloom_empty(10, 0.1::float8 + 0.2::float8, 'scalable') AS b,
             cuckoo_empty(10, 0.1::float8 + 0.2::float8) AS c) s;
RESET extra_float_digits;
SELECT bloom_empty(1) = bloom_empty(1, 0.01, false, 0) AS defaults,
       bloom_cardinality(bloom_empty(1000)) AS cardinality, bloom_fpr(bloom_empty(1000)) AS fpr;

-- Adding and testing. NULL values leave a filter unchanged; a NULL filter stays NULL.
SELECT bloom_add(bloom_empty(100), 42) @> 42 AS added,
       bloom_add(bloom_empty(100), 42) @> 43 AS other,
       42 <@ bloom_add(bloom_empty(100), 42) AS contained,
       bloom_contains(bloom_add(bloom_empty(100), 42), 42) AS contains_fn,
       bloom_contained(42, bloom_add(bloom_empty(100), 42)) AS contained_fn,
       bloom_empty(100) @> 42 AS empty_has_nothing;
SELECT bloom_add(bloom_empty(100), NULL::int) = bloom_empty(100) AS null_value_unchanged,
       bloom_add(NULL::bloom, 1) IS NULL AS null_filter,
       bloom_contains(bloom_empty(100), NULL::int) IS NULL AS null_probe,
       (NULL::bloom @> 1) IS NULL AS null_filter_probe;
-- Adding a value twice changes nothing.
SELECT bloom_add(bloom_add(bloom_empty(100), 'x'::text), 'x'::text) = bloom_add(bloom_empty(100), 'x'::text) AS idempotent;

-- Values hash canonically, with the filter's seed: a filter built from a bigint
-- column finds integer literals, numerics and floats of the same value.
CREATE TEMP TABLE ids AS SELECT i::bigint AS id FROM generate_series(1, 5000) i;
CREATE TEMP TABLE f AS SELECT bloom_agg(id, 5000, 0.01) AS b FROM ids;
SELECT b @> 42 AS int4, b @> 42::smallint AS int2, b @> 42::bigint AS int8, b @> 42.0 AS numeric,
       b @> 42::real AS float4, b @> 42.0::float8 AS float8
FROM f;
-- A text value equals no bigint (there is no = between them): refused, not a silent "no".
SELECT b @> '42'::text FROM f;
SELECT bloom_add(bloom_empty(100), 'abc'::text) @> 'abc'::varchar AS varchar,
       bloom_add(bloom_empty(100), 'abc'::char(5)) @> 'abc'::text AS bpchar_trailing_blanks;
-- Each seed sets different bits; each filter finds its own values.
SELECT bloom_add(bloom_empty(100, 0.01, false, 1), 7) = bloom_add(bloom_empty(100, 0.01, false, 2), 7) AS same_bits,
       bloom_add(bloom_empty(100, 0.01, false, 1), 7) @> 7 AS seed_1,
       bloom_add(bloom_empty(100, 0.01, false, -9223372036854775808), 7) @> 7 AS seed_min;

-- No false negatives, and false positives near the target rate:
-- 5,000 members at capacity, 100,000 non-members.
SELECT count(*) FILTER (WHERE b @> id) AS found, count(*) AS added FROM f, ids;
SELECT count(*) FILTER (WHERE b @> i) BETWEEN 700 AND 1300 AS about_1000_false_positives
FROM f, generate_series(100001, 200000) i;
SELECT bloom_cardinality(b) BETWEEN 4850 AND 5150 AS cardinality_within_3pct,
       bloom_fpr(b) BETWEEN 0.008 AND 0.012 AS estimated_fpr_near_target
FROM f;

-- Union and intersection: bitwise, and nothing added to either side is lost.
CREATE TEMP TABLE two AS
SELECT (SELECT bloom_agg(i, 5000, 0.01) FROM generate_series(1, 3000) i) AS a,
       (SELECT bloom_agg(i, 5000, 0.01) FROM generate_series(2001, 5000) i) AS b;
SELECT (a | b) = bloom_union(a, b) AS op_is_fn, (a & b) = bloom_intersect(a, b) AS and_op_is_fn,
       (a | b) = (b | a) AS union_commutes, (a & b) = (b & a) AS intersect_commutes,
       (a | a) = a AS union_idempotent, (a & a) = a AS intersect_idempotent,
       (a | b) = (SELECT bloom_agg(i, 5000, 0.01) FROM generate_series(1, 5000) i) AS union_is_filter_of_union
FROM two;
SELECT count(*) FILTER (WHERE (a | b) @> i) AS union_found,
       count(*) FILTER (WHERE i BETWEEN 2001 AND 3000 AND (a & b) @> i) AS intersection_found_common
FROM two, generate_series(1, 5000) i;
SELECT bloom_info(a & b)->'bits_set' <= bloom_info(a)->'bits_set' AS intersect_has_fewer_bits,
       bloom_info(a | b)->'bits_set' >= bloom_info(a)->'bits_set' AS union_has_more_bits
FROM two;
-- Containment of filters: every bit of one set in the other.
SELECT (a | b) @> a AS union_contains_a, a <@ (a | b) AS a_in_union, a @> b AS a_contains_b,
       (a & b) <@ b AS intersection_in_b, bloom_superset(a | b, b) AS superset_fn,
       bloom_subset(a & b, a) AS subset_fn, bloom_empty(5000) <@ a AS empty_in_any, a @> a AS reflexive
FROM two;
-- bloom_union_agg: the union of a column of filters; NULL filters are skipped.
SELECT bloom_union_agg(b) = (SELECT bloom_agg(i, 5000, 0.01) FROM generate_series(1, 5000) i) AS union_agg
FROM (SELECT bloom_agg(i, 5000, 0.01) AS b FROM generate_series(1, 5000) i GROUP BY i % 10
      UNION ALL SELECT NULL) s;

-- Scalable filters add layers as they fill; each layer holds twice the
-- previous capacity at half its rate, so the total stays below the target.
CREATE FUNCTION pg_temp.fill(f bloom, n int) RETURNS bloom LANGUAGE plpgsql AS $$
BEGIN
    FOR i IN 1..n LOOP
        f := bloom_add(f, i);
    END LOOP;
    RETURN f;
END $$;
CREATE TEMP TABLE grown AS SELECT n, pg_temp.fill(bloom_empty(100, 0.01, true), n) AS b
FROM (VALUES (50), (100), (150), (1000), (3000)) v(n);
SELECT n, (bloom_info(b)->>'layer_count')::int AS layers, bloom_info(b)->'capacity' AS capacity,
       (SELECT count(*) FROM generate_series(1, n) i WHERE b @> i) = n AS all_found,
       bloom_fpr(b) < 0.01 AS fpr_below_target,
       bloom_cardinality(b) BETWEEN 0.95 * n AND 1.05 * n AS cardinality_within_5pct
FROM grown ORDER BY n;
SELECT l->'capacity' AS capacity, l->'design_fpr' AS design_fpr, l->'hash_count' AS k, l->'bit_count' AS m,
       (l->>'bits_set')::bigint > 0 AS used
FROM grown, jsonb_array_elements(bloom_info(b)->'layers') l WHERE n = 3000;
SELECT count(*) FILTER (WHERE b @> i) AS false_positives_in_100000
FROM grown, generate_series(1000001, 1100000) i WHERE n = 3000;
-- A scalable union keeps the longer list of layers; containment follows.
SELECT bloom_info(s.b | l.b)->'layer_count' AS layers, (s.b | l.b) = l.b AS absorbs_the_smaller,
       (s.b | l.b) = (l.b | s.b) AS commutes, l.b @> s.b AS large_contains_small, s.b <@ l.b AS small_in_large
FROM grown s, grown l WHERE s.n = 150 AND l.n = 3000;
-- A grown filter that does not cover another layer by layer may still hold
-- its values in other layers: refused, not false (sql/bloom_containment.sql).
\set VERBOSITY terse
SELECT s.b @> l.b AS small_contains_large FROM grown s, grown l WHERE s.n = 150 AND l.n = 3000;
\set VERBOSITY default
-- Scalable filters that have not grown intersect like fixed ones.
SELECT (b & b) = b AS intersect_one_layer FROM grown WHERE n = 50;

-- Equality and hashing: GROUP BY, DISTINCT, UNION and hash joins on filters.
CREATE TEMP TABLE eq AS
SELECT i, bloom_agg(x, 100, 0.01) AS b FROM generate_series(1, 12) i, generate_series(1, i % 3) x GROUP BY i;
SELECT bloom_cardinality(b) AS items, count(*) FROM eq GROUP BY b ORDER BY 1;
SELECT count(*) AS distinct_filters FROM (SELECT DISTINCT b FROM eq) d;
SELECT count(*) FROM (SELECT b FROM eq UNION SELECT b FROM eq) u;
SET enable_mergejoin = off;
SET enable_nestloop = off;
EXPLAIN (COSTS OFF) SELECT count(*) FROM eq a JOIN eq b ON a.b = b.b;
SELECT count(*) FROM eq a JOIN eq b ON a.b = b.b;
RESET enable_mergejoin;
RESET enable_nestloop;
SELECT a = b AS eq, a <> b AS ne, a = a AS self_eq, a <> a AS self_ne,
       bloom_empty(10, 0.01, false, 1) = bloom_empty(10, 0.01, false, 2) AS other_seed_equal
FROM two;
SELECT bloom_hash(a) = bloom_hash(bloom_union(a, bloom_empty(5000))) AS hash_stable,
       bloom_hash_extended(a, 0) = bloom_hash_extended(a::text::bloom, 0) AS extended_stable,
       bloom_hash_extended(a, 0) <> bloom_hash_extended(a, 1) AS seeded
FROM two;

-- bytea casts: bloom::bytea is the binary format; bytea::bloom validates it.
SELECT b::bytea::bloom = b AS round_trip, octet_length(b::bytea) = (bloom_info(b)->>'bytes')::int - 4 AS format_bytes
FROM f;

-- Sizes: m = ceil(-n ln p / ln(2)^2) bits, k = round((m/n) ln 2), so a filter
-- is within 2% (or the byte rounding) of the optimum plus its 64 header bytes
-- and the 4 of the varlena.
SELECT n, p, (bloom_info(b)->>'bit_count')::bigint AS m, bloom_info(b)->'hash_count' AS k,
       (bloom_info(b)->>'bytes')::bigint AS bytes,
       abs((bloom_info(b)->>'bytes')::bigint - 68 - (-n * ln(p) / ln(2) ^ 2) / 8)
           <= greatest(1, 0.02 * (-n * ln(p) / ln(2) ^ 2) / 8) AS within_2pct,
       pg_column_size(b) = (bloom_info(b)->>'bytes')::int AS column_size
FROM (VALUES (1, 0.5), (10, 0.01), (1000, 0.01), (1000, 0.001), (100000, 0.01), (1000000, 0.01),
             (1000000, 0.0001), (10000000, 0.05)) v(n, p),
     LATERAL (SELECT bloom_empty(n, p) AS b) e
ORDER BY n, p;

DROP TABLE ids, f, two, grown, eq;
