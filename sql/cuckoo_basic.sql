-- cuckoo: empty filters, adding, removing and counting values, union,
-- equality, sizes, and the property the type stands on: no false negatives.

-- An empty filter carries its parameters.
SELECT jsonb_pretty(cuckoo_info(cuckoo_empty(1000)));
SELECT cuckoo_info(cuckoo_empty(1000, 0.001, 42)) AS info;
SELECT cuckoo_empty(1) = cuckoo_empty(1, 0.01, 0) AS defaults, cuckoo_cardinality(cuckoo_empty(1000)) AS cardinality;

-- Adding, testing, counting and removing. NULL values leave a filter
-- unchanged; a NULL filter stays NULL.
SELECT cuckoo_add(cuckoo_empty(100), 42) @> 42 AS added,
       cuckoo_add(cuckoo_empty(100), 42) @> 43 AS other,
       42 <@ cuckoo_add(cuckoo_empty(100), 42) AS contained,
       cuckoo_contains(cuckoo_add(cuckoo_empty(100), 42), 42) AS contains_fn,
       cuckoo_contained(42, cuckoo_add(cuckoo_empty(100), 42)) AS contained_fn,
       cuckoo_empty(100) @> 42 AS empty_has_nothing;
SELECT cuckoo_add(cuckoo_empty(100), NULL::int) = cuckoo_empty(100) AS null_value_unchanged,
       cuckoo_remove(cuckoo_empty(100), NULL::int) = cuckoo_empty(100) AS null_remove_unchanged,
       cuckoo_add(NULL::cuckoo, 1) IS NULL AS null_filter,
       cuckoo_remove(NULL::cuckoo, 1) IS NULL AS null_filter_remove,
       cuckoo_contains(cuckoo_empty(100), NULL::int) IS NULL AS null_probe,
       cuckoo_count(cuckoo_empty(100), NULL::int) IS NULL AS null_count;
-- A multiset: each add stores one more copy, each remove takes one away.
WITH f(c) AS (SELECT cuckoo_add(cuckoo_add(cuckoo_add(cuckoo_empty(100), 'x'::text), 'x'::text), 'y'::text))
SELECT cuckoo_count(c, 'x'::text) AS x_copies, cuckoo_count(c, 'y'::text) AS y_copies,
       cuckoo_count(c, 'z'::text) AS z_copies, cuckoo_cardinality(c) AS items,
       cuckoo_count(cuckoo_remove(c, 'x'::text), 'x'::text) AS x_after_one_remove,
       cuckoo_remove(cuckoo_remove(c, 'x'::text), 'x'::text) @> 'x'::text AS x_after_two,
       cuckoo_remove(cuckoo_remove(cuckoo_remove(c, 'x'::text), 'x'::text), 'y'::text) = cuckoo_empty(100)
           AS back_to_empty,
       cuckoo_remove(c, 'never added'::text) = c AS absent_remove_unchanged
FROM f;

-- Values hash canonically, as for bloom: a filter built from a bigint column
-- finds integer literals, numerics and floats of the same value.
CREATE TEMP TABLE ids AS SELECT i::bigint AS id FROM generate_series(1, 5000) i;
CREATE TEMP TABLE f AS SELECT cuckoo_agg(id, 5000, 0.01) AS c FROM ids;
SELECT c @> 42 AS int4, c @> 42::smallint AS int2, c @> 42::bigint AS int8, c @> 42.0 AS numeric,
       c @> 42::real AS float4, c @> 42.0::float8 AS float8,
       cuckoo_cardinality(c) AS items
FROM f;
-- A text value equals no bigint (there is no = between them): refused, not a silent "no".
SELECT c @> '42'::text FROM f;
-- The same values in the same order give the same bytes, per seed.
SELECT c = (SELECT cuckoo_agg(id, 5000, 0.01) FROM (SELECT id FROM ids ORDER BY id) s) AS same_bytes,
       cuckoo_add(cuckoo_empty(100, 0.01, 1), 7) = cuckoo_add(cuckoo_empty(100, 0.01, 2), 7) AS seeds_equal,
       cuckoo_add(cuckoo_empty(100, 0.01, -9223372036854775808), 7) @> 7 AS seed_min
FROM f;

-- No false negatives, and false positives below the target: 5,000 members at
-- capacity, 100,000 non-members (the filter's fingerprints give about 0.8%).
SELECT count(*) FILTER (WHERE c @> id) AS found, count(*) AS added FROM f, ids;
SELECT count(*) FILTER (WHERE c @> i) BETWEEN 300 AND 1050 AS false_positives_below_target
FROM f, generate_series(100001, 200000) i;
SELECT (cuckoo_info(c)->>'estimated_fpr')::float8 BETWEEN 0.005 AND 0.01 AS estimated_fpr_below_target,
       (cuckoo_info(c)->>'load')::float8 BETWEEN 0.85 AND 0.95 AS load_at_capacity
FROM f;

-- Union: a multiset union of filters with the same parameters.
CREATE TEMP TABLE two AS
SELECT (SELECT cuckoo_agg(i, 5000, 0.01) FROM generate_series(1, 3000) i) AS a,
       (SELECT cuckoo_agg(i, 5000, 0.01) FROM generate_series(2001, 4000) i) AS b;
SELECT cuckoo_cardinality(cuckoo_union(a, b)) AS items,
       count(*) FILTER (WHERE cuckoo_union(a, b) @> i) AS found,
       count(*) FILTER (WHERE i BETWEEN 2001 AND 3000 AND cuckoo_count(cuckoo_union(a, b), i) >= 2) AS common_twice,
       cuckoo_union(a, cuckoo_empty(5000)) = a AS empty_is_identity
FROM two, generate_series(1, 4000) i GROUP BY a, b;
SELECT cuckoo_cardinality(cuckoo_union_agg(c)) AS items, count(*) FILTER (WHERE c IS NULL) AS nulls_skipped
FROM (SELECT cuckoo_agg(i, 5000, 0.01) AS c FROM generate_series(1, 5000) i GROUP BY i % 10
      UNION ALL SELECT NULL) s;
SELECT cuckoo_union_agg(c) IS NULL AS union_agg_of_nothing FROM (SELECT NULL::cuckoo AS c WHERE false) s;
SELECT cuckoo_agg(i, 100, 0.01) = cuckoo_empty(100) AS agg_of_nothing FROM generate_series(1, 0) i;

-- Equality and hashing: GROUP BY and hash joins use the hash opclass.
SELECT count(*) AS distinct_filters
FROM (SELECT c FROM (VALUES (cuckoo_empty(10)), (cuckoo_empty(10)), (cuckoo_add(cuckoo_empty(10), 1))) v(c)
      GROUP BY c) g;
SELECT count(*) AS hash_joined
FROM (VALUES (cuckoo_empty(10)), (cuckoo_add(cuckoo_empty(10), 1))) a(c)
JOIN (VALUES (cuckoo_add(cuckoo_empty(10), 1))) b(c) ON a.c = b.c;
SELECT cuckoo_empty(10) <> cuckoo_add(cuckoo_empty(10), 1) AS ne,
       cuckoo_empty(10) <> cuckoo_empty(10) AS ne_same;

-- Bytes: the bytea casts and text round-trip, byte for byte.
SELECT octet_length(cuckoo_empty(1000, 0.001)::bytea) AS bytes_1000_at_0_001,
       (cuckoo_info(c)->>'bits_per_item')::float8 AS bits_per_item,
       c::bytea::cuckoo = c AS bytea_round_trip, c::text::cuckoo = c AS text_round_trip
FROM f;

-- The property test: random adds and removes, to and past capacity, against
-- an exact multiset. Adds that find the table full fail with 54000 and
-- leave the filter as it was; every value added more often than removed is
-- found, with at least as many copies.
CREATE TEMP TABLE multiset (k int PRIMARY KEY, n int NOT NULL);
CREATE FUNCTION pg_temp.property(capacity int, steps int, universe int, fpr float8)
RETURNS TABLE (adds int, removes int, full_refusals int, unchanged_on_refusal boolean,
               missing bigint, undercounted bigint, cardinality_exact boolean) LANGUAGE plpgsql AS $$
DECLARE
    c cuckoo := cuckoo_empty(capacity, fpr);
    before cuckoo;
    key int;
    have int;
BEGIN
    adds := 0; removes := 0; full_refusals := 0; unchanged_on_refusal := true;
    TRUNCATE multiset;
    FOR step IN 1..steps LOOP
        key := floor(random() * universe)::int;
        IF random() < 0.65 THEN
            before := c;
            BEGIN
                c := cuckoo_add(c, key);
                INSERT INTO multiset VALUES (key, 1) ON CONFLICT (k) DO UPDATE SET n = multiset.n + 1;
                adds := adds + 1;
            EXCEPTION WHEN program_limit_exceeded THEN
                full_refusals := full_refusals + 1;
                unchanged_on_refusal := unchanged_on_refusal AND c = before;
            END;
        ELSE
            SELECT n INTO have FROM multiset WHERE k = key;
            IF have > 0 THEN
                c := cuckoo_remove(c, key);
                UPDATE multiset SET n = n - 1 WHERE k = key;
                removes := removes + 1;
            END IF;
        END IF;
    END LOOP;
    SELECT count(*) FILTER (WHERE NOT c @> k), count(*) FILTER (WHERE cuckoo_count(c, k) < n)
      INTO missing, undercounted FROM multiset WHERE n > 0;
    cardinality_exact := cuckoo_cardinality(c) = (SELECT sum(n) FROM multiset);
    RETURN NEXT;
END $$;
SELECT setseed(0.25);
SELECT full_refusals > 0 AS reached_full, unchanged_on_refusal, missing, undercounted, cardinality_exact
FROM pg_temp.property(300, 3000, 700, 0.01);
SELECT unchanged_on_refusal, missing, undercounted, cardinality_exact
FROM pg_temp.property(50, 1000, 60, 0.1);
SELECT unchanged_on_refusal, missing, undercounted, cardinality_exact
FROM pg_temp.property(2000, 4000, 100000, 0.0001);
