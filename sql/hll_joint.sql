-- Joint estimates of two hll sketches and error bounds (issues 13, 29, 30, 31).
-- Every answer is checked against the truth, computed by SQL from the values
-- themselves (count(DISTINCT), INTERSECT, EXCEPT), never against another
-- estimate.

-- Pairs of integer sets in every relationship, at every mix of sparse and
-- dense and of precisions.
CREATE TEMP TABLE pairs (what text, pa int, pb int, a_from int, a_to int, b_from int, b_to int);
INSERT INTO pairs VALUES
    ('disjoint 300/300, both sparse', 14, 14, 1, 300, 1001, 1300),            -- issue 29: differences read 0
    ('disjoint 2000/2000, both sparse', 14, 14, 1, 2000, 100001, 102000),
    ('nested, both sparse', 14, 14, 1, 2500, 1001, 1300),
    ('equal, both sparse', 14, 14, 1, 2500, 1, 2500),
    ('one in common, both sparse', 14, 14, 1, 300, 300, 599),
    ('1 and 1, disjoint', 4, 18, 5, 5, 7, 7),
    ('big audience minus 2 values', 14, 14, 1, 50000, 1000000, 1000001),      -- issue 30: read 0
    ('2 values minus a big audience', 14, 14, 1000000, 1000001, 1, 50000),
    ('2 values inside a big audience', 14, 14, 1, 50000, 20000, 20001),
    ('sparse half inside dense', 14, 14, 1, 50000, 49001, 51000),
    ('sparse inside dense, p 18', 18, 18, 1, 20000, 5001, 9000),
    ('sparse outside dense, p 4 and 18', 4, 18, 1, 2000, 100001, 102000),
    ('disjoint, both dense', 14, 14, 1, 100000, 200001, 300000),
    ('overlapping, both dense', 14, 14, 1, 100000, 90001, 200000),
    ('nested, both dense', 12, 12, 1, 100000, 20001, 40000),
    ('equal, both dense', 10, 10, 1, 30000, 1, 30000),
    ('few in common, both dense', 14, 14, 1, 100000, 99998, 150000),
    ('overlapping, p 14 and 10', 14, 10, 1, 100000, 90001, 200000);

CREATE TEMP TABLE j AS
SELECT what, pa, pb,
       (SELECT hll_add_agg(i, pa) FROM generate_series(a_from, a_to) i) AS a,
       (SELECT hll_add_agg(i, pb) FROM generate_series(b_from, b_to) i) AS b,
       (SELECT count(DISTINCT i) FROM generate_series(a_from, a_to) i) AS t_a,
       (SELECT count(DISTINCT i) FROM generate_series(b_from, b_to) i) AS t_b,
       (SELECT count(*) FROM (SELECT i FROM generate_series(a_from, a_to) i
                              UNION SELECT i FROM generate_series(b_from, b_to) i) u) AS t_union,
       (SELECT count(*) FROM (SELECT i FROM generate_series(a_from, a_to) i
                              INTERSECT SELECT i FROM generate_series(b_from, b_to) i) x) AS t_inter,
       (SELECT count(*) FROM (SELECT i FROM generate_series(a_from, a_to) i
                              EXCEPT SELECT i FROM generate_series(b_from, b_to) i) d) AS t_a_minus_b,
       (SELECT count(*) FROM (SELECT i FROM generate_series(b_from, b_to) i
                              EXCEPT SELECT i FROM generate_series(a_from, a_to) i) d) AS t_b_minus_a
FROM pairs;

CREATE TEMP TABLE counts AS
SELECT what, pa, pb, t_a, t_b, t_union,
       hll_info(a)->>'representation' AS a_repr, hll_info(b)->>'representation' AS b_repr, o, k,
       (o->k->>'estimate')::float8 AS est, (o->k->>'standard_error')::float8 AS se,
       (o->k->>'lower')::float8 AS lower, (o->k->>'upper')::float8 AS upper,
       CASE k WHEN 'a' THEN t_a WHEN 'b' THEN t_b WHEN 'union' THEN t_union WHEN 'intersection' THEN t_inter
              WHEN 'a_minus_b' THEN t_a_minus_b WHEN 'b_minus_a' THEN t_b_minus_a END::float8 AS truth
FROM j, LATERAL (SELECT hll_overlap(a, b) AS o) ov,
     unnest(ARRAY['a', 'b', 'union', 'intersection', 'a_minus_b', 'b_minus_a']) k;

-- Two sparse sketches are compared entry by entry: every count exact (no two
-- of these values share an index at precision 26), whatever the relationship;
-- the differences of disjoint sets are the sets themselves.
SELECT what, string_agg(k || ' ' || round(est) || (CASE WHEN round(est) = truth THEN ' = ' ELSE ' <> ' END) || truth,
                        ', ' ORDER BY k) AS exact
FROM counts WHERE a_repr = 'sparse' AND b_repr = 'sparse'
GROUP BY what ORDER BY what;

-- The functions agree with hll_overlap, and the differences of the disjoint
-- sets are their sizes.
SELECT what, hll_difference_cardinality(a, b) = round((o->'a_minus_b'->>'estimate')::float8) AS difference,
       hll_difference_cardinality(b, a) = round((o->'b_minus_a'->>'estimate')::float8) AS reverse,
       hll_intersection_cardinality(a, b) = round((o->'intersection'->>'estimate')::float8) AS intersection,
       hll_jaccard(a, b) = (o->'jaccard'->>'estimate')::float8 AS jaccard,
       abs(hll_difference_cardinality(a, b) - t_a_minus_b) <= greatest(0.03 * t_a_minus_b, 1) AS difference_near_truth,
       abs(hll_difference_cardinality(b, a) - t_b_minus_a) <= greatest(0.03 * t_b_minus_a, 1) AS reverse_near_truth
FROM j, LATERAL (SELECT hll_overlap(a, b) AS o) ov
WHERE what LIKE 'disjoint%' OR what LIKE '%minus%' OR what LIKE '1 and 1%'
ORDER BY what;

-- Issue 30's example: a big audience minus a tiny segment (it read 0, the
-- intersection -49,944 unclamped, and `a` lay outside its own bounds).
SELECT abs(hll_difference_cardinality(a, b) - 50000) < 1500 AS difference_near_50000,
       hll_intersection_cardinality(a, b) AS intersection,
       (o->'intersection'->>'unclamped')::float8 <= 0 AS unclamped_not_above,
       (o->'a'->>'lower')::float8 <= (o->'a'->>'estimate')::float8
           AND (o->'a'->>'estimate')::float8 <= (o->'a'->>'upper')::float8 AS a_inside_its_bounds,
       (o->'a_minus_b'->>'lower')::bigint <= 50000 AND 50000 <= (o->'a_minus_b'->>'upper')::bigint AS truth_inside
FROM j, LATERAL (SELECT hll_overlap(a, b) AS o) ov WHERE what = 'big audience minus 2 values';

-- Every count of every pair: its estimate (rounded) lies inside its own 95%
-- bounds, and is within 4 standard errors of the truth, the standard error
-- computed here, not the one hll_overlap reports (the code under test): HLL's
-- 1.04 / sqrt(m) of the count at the common precision for |A|, |B|, |A ∪ B|, and
-- of |A| + |B| + |A ∪ B| for the parts found by inclusion-exclusion (a bound:
-- the joint estimate does better).
SELECT what, a_repr || '/' || b_repr AS representations,
       bool_and(lower <= round(est) AND round(est) <= upper) AS inside_own_bounds,
       bool_and(abs(est - truth) <= 4 * 1.04 / sqrt(2 ^ least(pa, pb))
                                    * CASE WHEN k IN ('a', 'b', 'union') THEN truth ELSE t_a + t_b + t_union END + 1)
           AS near_truth
FROM counts GROUP BY what, a_repr, b_repr ORDER BY what;

-- The 95% bounds hold the truth: each count, counted over the pairs (of 108
-- counts, at least 100 asserted; per pair, the ones missed).
SELECT count(*) AS counts, sum((lower <= truth AND truth <= upper)::int) >= 100 AS held,
       string_agg(CASE WHEN NOT (lower <= truth AND truth <= upper) THEN what || ': ' || k END, '; ') AS missed
FROM counts;

-- The Jaccard index: the estimate inside its bounds, near the truth: within 4
-- standard errors computed here as above (of |A ∩ B| and of |A ∪ B|, over
-- |A ∪ B|), not hll_overlap's own.
SELECT bool_and((o->'jaccard'->>'lower')::float8 <= (o->'jaccard'->>'estimate')::float8
                AND (o->'jaccard'->>'estimate')::float8 <= (o->'jaccard'->>'upper')::float8) AS inside,
       bool_and(abs((o->'jaccard'->>'estimate')::float8 - t_inter::float8 / t_union)
                <= 4 * 1.04 / sqrt(2 ^ least(pa, pb)) * (t_a + t_b + 2 * t_union) / t_union + 1e-6) AS near_truth
FROM j, LATERAL (SELECT hll_overlap(a, b) AS o) ov;

-- The joint counts are consistent with each other, the keys and the confidence.
SELECT bool_and(abs((o->'a'->>'estimate')::float8 - (o->'a_minus_b'->>'estimate')::float8
                    - (o->'intersection'->>'estimate')::float8) < 1e-6 * greatest((o->'a'->>'estimate')::float8, 1)) AS a_is_sum,
       bool_and(abs((o->'union'->>'estimate')::float8 - (o->'a'->>'estimate')::float8
                    - (o->'b_minus_a'->>'estimate')::float8) < 1e-6 * greatest((o->'union'->>'estimate')::float8, 1)) AS union_is_sum,
       bool_and((o->'intersection'->>'unclamped')::float8 <= (o->'intersection'->>'estimate')::float8) AS unclamped_not_above,
       bool_and((o->'intersection'->>'unclamped')::float8 >= 0
                OR (o->'intersection'->>'estimate')::float8 = 0) AS signed_only_at_zero,
       min((SELECT array_agg(k ORDER BY k) FROM jsonb_object_keys(o) k)::text) AS keys,
       min((SELECT array_agg(k ORDER BY k) FROM jsonb_object_keys(o->'intersection') k)::text) AS intersection_keys,
       min(o->>'confidence') AS confidence
FROM j, LATERAL (SELECT hll_overlap(a, b) AS o) ov;

-- A higher confidence widens the bounds.
SELECT (w->'intersection'->>'lower')::bigint < (n->'intersection'->>'lower')::bigint AS wider_lower,
       (w->'intersection'->>'upper')::bigint > (n->'intersection'->>'upper')::bigint AS wider_upper,
       (w->'a_minus_b'->>'upper')::bigint > (n->'a_minus_b'->>'upper')::bigint AS wider_difference
FROM j, LATERAL (SELECT hll_overlap(a, b, 0.99) AS w, hll_overlap(a, b, 0.5) AS n) t
WHERE what = 'overlapping, both dense';

-- Two dense values of different precisions compare at the smaller one.
SELECT hll_intersection_cardinality(a, b) = hll_intersection_cardinality(a::hll(10), b) AS folded
FROM j WHERE what = 'overlapping, p 14 and 10';

-- Empty sketches: nothing in common, the other side whole.
SELECT hll_intersection_cardinality(hll_empty(), a) AS with_empty,
       hll_difference_cardinality(a, hll_empty()) = hll_cardinality(a) AS minus_empty,
       hll_difference_cardinality(hll_empty(), hll_empty()) AS both_empty,
       hll_jaccard(hll_empty(), hll_empty()) AS empty_jaccard
FROM j WHERE what = 'overlapping, both dense';

-- Bounds of one sketch against the truth: a sparse one from its entry count
-- up by the collision count's bound (issue 30: it was one point, the entry
-- count, which missed the truth whenever a collision hid a value); a dense
-- one about ±1.6% wide at p = 14.
SELECT n, hll_cardinality(h) AS estimate, b.lower <= n AND n <= b.upper AS holds_truth, b.upper - b.lower AS width
FROM (SELECT n, (SELECT hll_add_agg(i, 15) FROM generate_series(1, n) i) AS h
      FROM unnest(ARRAY[1000, 2500, 4000]) n) s, hll_cardinality_bounds(h) b
ORDER BY n;
SELECT b.lower <= 100000 AND 100000 <= b.upper AS dense_holds_truth,
       b.upper - b.lower BETWEEN 2000 AND 5000 AS dense_width
FROM j, hll_cardinality_bounds(a, 0.95) b WHERE what = 'overlapping, both dense';
SELECT * FROM hll_cardinality_bounds(hll_empty());
SELECT hll_relative_error(hll_empty()) AS empty,
       hll_relative_error(b) < 0.001 AS sparse_small,
       round(hll_relative_error(a)::numeric, 3) AS dense
FROM j WHERE what = 'sparse half inside dense';

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
