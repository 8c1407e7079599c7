-- bloom_agg(x, capacity, fpr [, layout]) with constant parameters reads them
-- once per call site, and once a state exists adds each later row in place
-- through the layer it remembered (fixed and blocked filters). The filters
-- must be the bytes the core builds when the parameters come from a column
-- (checked, and added through the core, at every row), with every stored
-- population right (the bytea cast validates each one in full).
CREATE TABLE bloom_build AS SELECT g % 50 AS grp, g AS x FROM generate_series(1, 20000) AS g;
CREATE TABLE bloom_build_params AS
SELECT 1000::bigint AS capacity, 0.01::float8 AS fpr, 'blocked'::text AS blocked, 'scalable'::text AS scalable;
ANALYZE bloom_build, bloom_build_params;

-- Hashed grouping: the 50 groups' states are all alive at once, at different addresses.
SET enable_sort = off;
EXPLAIN (COSTS OFF)
SELECT grp, bloom_agg(x, 1000, 0.01) FROM bloom_build GROUP BY grp;
CREATE TEMP TABLE bloom_build_const AS
SELECT grp, bloom_agg(x, 1000, 0.01) AS f, bloom_agg(x, 1000, 0.01, 'blocked') AS b,
       bloom_agg(x, 1000, 0.01, 'scalable') AS s, bloom_agg(x::text, 1000, 0.01) AS t,
       bloom_agg(CASE WHEN x > 5000 THEN x END, 1000, 0.01) AS late
FROM bloom_build GROUP BY grp;
CREATE TEMP TABLE bloom_build_column AS
SELECT grp, bloom_agg(x, p.capacity, p.fpr) AS f, bloom_agg(x, p.capacity, p.fpr, p.blocked) AS b,
       bloom_agg(x, p.capacity, p.fpr, p.scalable) AS s, bloom_agg(x::text, p.capacity, p.fpr) AS t,
       bloom_agg(CASE WHEN x > 5000 THEN x END, p.capacity, p.fpr) AS late
FROM bloom_build, bloom_build_params p GROUP BY grp;
RESET enable_sort;
SELECT count(*) AS groups,
       count(*) FILTER (WHERE c.f = k.f) AS fixed_same, count(*) FILTER (WHERE c.b = k.b) AS blocked_same,
       count(*) FILTER (WHERE c.s = k.s) AS scalable_same, count(*) FILTER (WHERE c.t = k.t) AS text_same,
       count(*) FILTER (WHERE c.late = k.late) AS late_values_same,
       count(*) FILTER (WHERE c.f::bytea::bloom = c.f AND c.b::bytea::bloom = c.b AND c.t::bytea::bloom = c.t
                        AND c.late::bytea::bloom = c.late) AS valid,
       min(bloom_cardinality(c.f)) BETWEEN 380 AND 420 AS cardinality_close,
       bool_and(bloom_info(c.b)->>'layout' = 'blocked') AS blocked_layout
FROM bloom_build_const c JOIN bloom_build_column k USING (grp);
-- Every value is in its group's filters.
SELECT count(*) FILTER (WHERE NOT (f @> x AND b @> x AND s @> x AND t @> x::text)) AS false_negatives,
       count(*) FILTER (WHERE x > 5000 AND NOT late @> x) AS late_false_negatives
FROM bloom_build JOIN bloom_build_const USING (grp);

-- Sorted grouping: one state after another from the same call site.
SET enable_hashagg = off;
SELECT count(*) AS groups, count(*) FILTER (WHERE s.f = k.f AND s.b = k.b) AS same
FROM (SELECT grp, bloom_agg(x, 1000, 0.01) AS f, bloom_agg(x, 1000, 0.01, 'blocked') AS b
      FROM bloom_build GROUP BY grp) s
JOIN bloom_build_column k USING (grp);
RESET enable_hashagg;

-- Parameters that are not constants are still checked at every row.
SELECT bloom_agg(x, CASE WHEN x < 10 THEN 1000 ELSE 2000 END, 0.01) FROM bloom_build;

DROP TABLE bloom_build, bloom_build_params;
