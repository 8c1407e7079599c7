-- Joint estimates of two hll sketches and error bounds (issue 13).
CREATE TEMP TABLE s AS
SELECT (SELECT hll_add_agg(i) FROM generate_series(1, 1000) i) AS small_a,
       (SELECT hll_add_agg(i) FROM generate_series(601, 2000) i) AS small_b,
       (SELECT hll_add_agg(i) FROM generate_series(1, 100000) i) AS big_a,
       (SELECT hll_add_agg(i) FROM generate_series(90001, 200000) i) AS big_b,
       (SELECT hll_add_agg(i, 10) FROM generate_series(90001, 200000) i) AS big_b10;

-- Two sparse sketches: compared entry by entry, near exact.
SELECT hll_intersection_cardinality(small_a, small_b) AS inter,
       hll_difference_cardinality(small_a, small_b) AS a_minus_b,
       hll_difference_cardinality(small_b, small_a) AS b_minus_a,
       round(hll_jaccard(small_a, small_b)::numeric, 4) AS jaccard
FROM s;

-- Dense: within four standard errors of the truth (10,000 in common).
SELECT abs((o->'intersection'->>'estimate')::float8 - 10000) <= 4 * (o->'intersection'->>'standard_error')::float8 AS inter_ok,
       abs((o->'a_minus_b'->>'estimate')::float8 - 90000) <= 4 * (o->'a_minus_b'->>'standard_error')::float8 AS diff_ok,
       abs((o->'union'->>'estimate')::float8 - 200000) <= 4 * (o->'union'->>'standard_error')::float8 AS union_ok,
       abs((o->'jaccard'->>'estimate')::float8 - 0.05) <= 4 * (o->'jaccard'->>'standard_error')::float8 AS jaccard_ok,
       (o->'intersection'->>'lower')::bigint <= 10000 AND 10000 <= (o->'intersection'->>'upper')::bigint AS bounds_ok,
       (SELECT array_agg(k ORDER BY k) FROM jsonb_object_keys(o) k) AS keys,
       o->'confidence' AS confidence
FROM (SELECT hll_overlap(big_a, big_b) AS o FROM s) t;

-- The joint counts are consistent with each other.
SELECT abs((o->'a'->>'estimate')::float8 - (o->'a_minus_b'->>'estimate')::float8
           - (o->'intersection'->>'estimate')::float8) < 1e-6 AS a_is_sum,
       hll_intersection_cardinality(big_a, big_b) = round((o->'intersection'->>'estimate')::float8) AS rounded
FROM s, LATERAL (SELECT hll_overlap(big_a, big_b) AS o) t;

-- Disjoint sets: the unclamped maximum-likelihood intersection may go below 0
-- (here for some of four disjoint sets; which ones depends on the sample);
-- the estimate and the count are max(0, it), the bounds start at 0.
SELECT (SELECT array_agg(k ORDER BY k) FROM jsonb_object_keys(o->'intersection') k) AS intersection_keys,
       bool_or((o->'intersection'->>'unclamped')::float8 < 0) AS some_below_zero,
       bool_and((o->'intersection'->>'estimate')::float8 = greatest((o->'intersection'->>'unclamped')::float8, 0)) AS clamped,
       bool_and(hll_intersection_cardinality(big_a, far) = round(greatest((o->'intersection'->>'unclamped')::float8, 0))) AS count_rounded,
       bool_and((o->'intersection'->>'lower')::bigint = 0) AS lower_zero,
       bool_and((o->'intersection'->>'upper')::bigint > 0) AS upper_positive
FROM s, (SELECT hll_add_agg(i) AS far FROM generate_series(1, 4) f, generate_series(200001 + 100000 * f, 300000 + 100000 * f) i
         GROUP BY f) f,
     LATERAL (SELECT hll_overlap(big_a, far) AS o) t
GROUP BY 1;

-- A higher confidence widens the bounds.
SELECT (w->'intersection'->>'lower')::bigint < (n->'intersection'->>'lower')::bigint AS wider_lower,
       (w->'intersection'->>'upper')::bigint > (n->'intersection'->>'upper')::bigint AS wider_upper
FROM (SELECT hll_overlap(big_a, big_b, 0.99) AS w, hll_overlap(big_a, big_b, 0.5) AS n FROM s) t;

-- Different precisions compare at the smaller one, as union does.
SELECT hll_intersection_cardinality(big_a, big_b10) = hll_intersection_cardinality(big_a::hll(10), big_b10) AS folded
FROM s;

-- |A|, |B| and |A ∪ B| have the bounds hll_cardinality_bounds gives for A and
-- B folded to the common precision and for their union, whatever the
-- representations (dense and mixed, sparse with dense, both sparse, one empty).
SELECT x, (o->'a'->>'lower')::bigint = fa.lower AND (o->'a'->>'upper')::bigint = fa.upper AS a_same,
       (o->'b'->>'lower')::bigint = fb.lower AND (o->'b'->>'upper')::bigint = fb.upper AS b_same,
       (o->'union'->>'lower')::bigint = u.lower AND (o->'union'->>'upper')::bigint = u.upper AS union_same
FROM s, LATERAL (VALUES ('dense', big_a, big_b, big_a, big_b), ('p14 with p10', big_a, big_b10, big_a::hll(10), big_b10),
                        ('sparse with p10', small_a, big_b10, small_a::hll(10), big_b10),
                        ('sparse', small_a, small_b, small_a, small_b),
                        ('empty', big_a, hll_empty(), big_a, hll_empty())) v(x, l, r, l_folded, r_folded),
     LATERAL (SELECT hll_overlap(l, r, 0.9) AS o) t,
     hll_cardinality_bounds(l_folded, 0.9) fa, hll_cardinality_bounds(r_folded, 0.9) fb,
     hll_cardinality_bounds(hll_union(l, r), 0.9) u;

-- |A \ B| and |B \ A|: profile likelihood-ratio bounds, holding the estimate
-- and the truth (90,000 and 100,000), about as wide as ±1.96 standard errors.
SELECT (o->'a_minus_b'->>'lower')::bigint <= 90000 AND 90000 <= (o->'a_minus_b'->>'upper')::bigint AS a_covers,
       (o->'b_minus_a'->>'lower')::bigint <= 100000 AND 100000 <= (o->'b_minus_a'->>'upper')::bigint AS b_covers,
       abs(((o->'a_minus_b'->>'upper')::float8 - (o->'a_minus_b'->>'lower')::float8)
           / (2 * 1.96 * (o->'a_minus_b'->>'standard_error')::float8) - 1) < 0.1 AS a_width,
       (o->'a_minus_b'->>'lower')::float8 <= (o->'a_minus_b'->>'estimate')::float8
           AND (o->'a_minus_b'->>'estimate')::float8 <= (o->'a_minus_b'->>'upper')::float8 AS a_holds_estimate
FROM (SELECT hll_overlap(big_a, big_b) AS o FROM s) t;

-- Identical and disjoint sets, empty sketches.
SELECT hll_difference_cardinality(big_a, big_a) AS none_missing,
       round(hll_jaccard(big_a, big_a)::numeric, 6) AS same,
       hll_intersection_cardinality(small_a, (SELECT hll_add_agg(i) FROM generate_series(5001, 6000) i)) AS disjoint,
       hll_intersection_cardinality(hll_empty(), big_a) AS with_empty,
       hll_difference_cardinality(hll_empty(), hll_empty()) AS both_empty,
       hll_jaccard(hll_empty(), hll_empty()) AS empty_jaccard
FROM s;

-- Bounds and relative error of one sketch.
SELECT b.lower <= 1000 AND 1000 <= b.upper AND b.upper - b.lower <= 4 AS sparse_tight,
       d.lower <= 100000 AND 100000 <= d.upper AS dense_covers,
       d.upper - d.lower BETWEEN 2000 AND 5000 AS dense_width
FROM s, hll_cardinality_bounds(small_a) b, hll_cardinality_bounds(big_a, 0.95) d;
SELECT * FROM hll_cardinality_bounds(hll_empty());
SELECT hll_relative_error(hll_empty()) AS empty,
       hll_relative_error(small_a) < 0.001 AS sparse_small,
       round(hll_relative_error(big_a)::numeric, 3) AS dense
FROM s;

-- NULL in, NULL out.
SELECT hll_intersection_cardinality(NULL, hll_empty()) IS NULL AS a,
       hll_difference_cardinality(hll_empty(), NULL) IS NULL AS b,
       hll_jaccard(NULL, NULL) IS NULL AS c,
       hll_overlap(hll_empty(), hll_empty(), NULL) IS NULL AS d,
       (SELECT lower FROM hll_cardinality_bounds(NULL)) IS NULL AS e,
       (SELECT upper FROM hll_cardinality_bounds(hll_empty(), NULL)) IS NULL AS f,
       hll_relative_error(NULL) IS NULL AS g;

-- Errors.
SELECT hll_intersection_cardinality(hll_empty(14, 1), hll_empty(14, 2));
SELECT hll_overlap(hll_empty(), hll_empty(), 1.0);
SELECT * FROM hll_cardinality_bounds(hll_empty(), 0);
SELECT * FROM hll_cardinality_bounds(hll_empty(), 'NaN');

-- Every new function is IMMUTABLE, STRICT and PARALLEL SAFE, with a comment.
SELECT p.oid::regprocedure, p.provolatile, p.proisstrict, p.proparallel, d.description IS NOT NULL AS commented
FROM pg_proc p LEFT JOIN pg_description d ON d.objoid = p.oid AND d.classoid = 'pg_proc'::regclass
WHERE p.proname IN ('hll_intersection_cardinality', 'hll_difference_cardinality', 'hll_jaccard',
                    'hll_overlap', 'hll_cardinality_bounds', 'hll_relative_error')
ORDER BY 1::text;
