-- Issue 11, items 7 and 8: parameter checks hold in every plan shape, empty
-- window frames follow the zero-row rule, and an aggregate's building state
-- never leaves it (sketch.h: one working-state policy for every type).

-- 7. Parameters that change between partitions are refused as between rows
-- (partitionwise aggregation combines one partial result per partition).
CREATE TABLE ar_pt (k int, x int) PARTITION BY LIST (k);
CREATE TABLE ar_pt1 PARTITION OF ar_pt FOR VALUES IN (1);
CREATE TABLE ar_pt2 PARTITION OF ar_pt FOR VALUES IN (2);
INSERT INTO ar_pt SELECT 1 + i % 2, i FROM generate_series(1, 1000) i;
ANALYZE ar_pt;
SET enable_partitionwise_aggregate = on;
EXPLAIN (COSTS OFF) SELECT hll_add_agg(x, 10 + k) FROM ar_pt;
SELECT hll_add_agg(x, 10 + k) FROM ar_pt;
SELECT hll_add_hash_agg(x, 10 + k) FROM ar_pt;
SELECT bloom_agg(x, 0.01 * k) FROM ar_pt;
SELECT bloom_agg(x, 100 * k, 0.01) FROM ar_pt;
SELECT ddsketch_agg(x, 0.01 * k) FROM ar_pt;
-- Constant parameters: each partition's partial sketch unions into the whole's bytes.
SELECT ddsketch_agg(x, 0.02, 64) = (SELECT ddsketch_agg(x, 0.02, 64) FROM (SELECT x FROM ar_pt ORDER BY x) o) AS ddsketch_same
FROM ar_pt;
-- One value per aggregate still combines, and hll_union_agg still folds precisions.
SELECT hll_precision(hll_add_agg(x, 12)) AS p, hll_cardinality(hll_add_agg(x)) AS n,
       hll_precision(hll_union_agg(hll_add(hll_empty(10 + k), x))) AS union_p,
       bloom_info(bloom_agg(x, 0.05))->>'fpr' AS fpr
FROM ar_pt;
RESET enable_partitionwise_aggregate;
DROP TABLE ar_pt;

-- Zero rows: a NULL parameter is the error a first row would raise.
SELECT hll_add_agg(x, NULL) FROM generate_series(1, 0) x;
SELECT bloom_agg(x, NULL) FROM generate_series(1, 0) x;
SELECT ddsketch_agg(x, NULL) FROM generate_series(1, 0) x;
-- An empty window frame is zero rows: the call's constant p, as without a window.
SELECT x, hll_precision(hll_add_agg(x, 10) OVER w) AS p10, bloom_info(bloom_agg(x, 0.05) OVER w)->>'fpr' AS fpr,
       ddsketch_info(ddsketch_agg(x, 0.05) OVER w)->>'alpha' AS alpha
FROM generate_series(1, 2) x WINDOW w AS (ORDER BY x ROWS BETWEEN 1 FOLLOWING AND 1 FOLLOWING);
-- Calls that share a final function and disagree: NULL, never a wrong p.
SELECT x, hll_precision(hll_add_agg(x, 10) OVER w) AS p10, hll_precision(hll_add_agg(x, 12) OVER w) AS p12
FROM generate_series(1, 2) x WINDOW w AS (ORDER BY x ROWS BETWEEN 1 FOLLOWING AND 1 FOLLOWING);

-- 8. A user's aggregate over a transition function that may keep a working
-- form (hll's representation 3) without our final function: the state stays
-- a valid value from the first row (sketch.h's one policy), so the result is
-- hll_add_agg's sketch, byte for byte, for every plan (plain, window), and
-- its estimate is the exact count of these small sets.
CREATE AGGREGATE ar_raw_hll(bigint) (SFUNC = hll_add_trans, STYPE = hll);
SELECT ar_raw_hll(x) = hll_add_agg(x) AS same, hll_cardinality(ar_raw_hll(x)) AS n,
       hll_info(ar_raw_hll(x))->>'kind' AS kind
FROM generate_series(1, 3) x;
SELECT bool_and(w = a) AS window_same, count(*) AS rows
FROM (SELECT ar_raw_hll(x) OVER () AS w, hll_add_agg(x) OVER () AS a FROM generate_series(1, 1000) x) s;
SELECT hll_cardinality(ar_raw_hll(x)) = 1000 AS exact FROM generate_series(1, 1000) x;
-- hll_union_trans returns valid values: a user's aggregate over it is fine.
CREATE AGGREGATE ar_raw_union(hll) (SFUNC = hll_union_trans, STYPE = hll);
SELECT ar_raw_union(h) = hll_union_agg(h) AS union_same, hll_info(ar_raw_union(h))->>'representation' AS repr
FROM (SELECT hll_add(hll_empty(), x) h FROM generate_series(1, 3) x) s;
CREATE AGGREGATE ar_raw_hash(bigint) (SFUNC = hll_add_hash_trans, STYPE = hll);
SELECT ar_raw_hash(x) = hll_add_hash_agg(x) AS hash_same FROM generate_series(1, 3) x;
-- With our final function it keeps the working form and gives the same sketch.
CREATE AGGREGATE ar_finished_hll(bigint) (SFUNC = hll_add_trans, STYPE = hll, FINALFUNC = hll_agg_final);
SELECT ar_finished_hll(x) = hll_add_agg(x) AS same FROM generate_series(1, 3) x;
DROP AGGREGATE ar_raw_hll(bigint);
DROP AGGREGATE ar_raw_union(hll);
DROP AGGREGATE ar_raw_hash(bigint);
DROP AGGREGATE ar_finished_hll(bigint);

-- 6. Every value the extension creates has a text form, which pg_dump and
-- COPY write: filters over 511 MiB are refused before allocating, with a hint.
\set VERBOSITY default
SELECT bloom_empty(450000000, 0.01);
SELECT bloom_agg(x, 450000000, 0.01) FROM generate_series(1, 0) x;
\set VERBOSITY terse

-- The SQL defaults are the core's, which the aggregates (that take no such
-- argument) use: hll_empty's precision and seed are hll_add_agg(x)'s,
-- bloom_empty's rate and seed bloom_agg(x)'s, cuckoo_empty's seed cuckoo_agg's.
SELECT hll_empty() = (SELECT hll_add_agg(x) FROM generate_series(1, 0) x) AS hll_defaults,
       bloom_empty(1) = (SELECT bloom_agg(x) FROM generate_series(1, 0) x) AS bloom_defaults,
       cuckoo_info(cuckoo_empty(10, 0.01))->'seed' = cuckoo_info(cuckoo_agg(1, 10, 0.01))->'seed' AS cuckoo_seed,
       sketch_hash(42) = sketch_hash(42::bigint, 0) AS sketch_hash_seed;

-- BEGIN issue-27 countmin
-- countmin_empty's defaults are countmin_agg(x)'s and countmin_agg(x, weight)'s.
SELECT countmin_empty() = (SELECT countmin_agg(x) FROM generate_series(1, 0) x) AS countmin_defaults,
       countmin_empty() = (SELECT countmin_agg(x, x::bigint) FROM generate_series(1, 0) x) AS weighted_defaults,
       countmin_empty(0.01, 0.1) = (SELECT countmin_agg(x, 0.01, 0.1) FROM generate_series(1, 0) x) AS zero_rows,
       countmin_empty(0.01, 0.1) = (SELECT countmin_agg(x, 2, 0.01, 0.1) FROM generate_series(1, 0) x) AS zero_rows_weighted,
       (SELECT countmin_union_agg(s) FROM (SELECT countmin_empty() s WHERE false) t) IS NULL AS union_zero_rows_null,
       countmin_info(countmin_empty())->'seed' = countmin_info(countmin_agg(1))->'seed' AS countmin_seed;
-- Parameters that change between partitions are refused as between rows; a
-- NULL one over zero rows is the first row's error; parameters that are not
-- constants give NULL over zero rows, never a guess.
CREATE TABLE ar_cm (k int, x int) PARTITION BY LIST (k);
CREATE TABLE ar_cm1 PARTITION OF ar_cm FOR VALUES IN (1);
CREATE TABLE ar_cm2 PARTITION OF ar_cm FOR VALUES IN (2);
INSERT INTO ar_cm SELECT 1 + i % 2, i FROM generate_series(1, 1000) i;
ANALYZE ar_cm;
SET enable_partitionwise_aggregate = on;
SELECT countmin_agg(x, 0.01 * k, 0.1) FROM ar_cm;
SELECT countmin_agg(x, 1, 0.01, 0.05 * k) FROM ar_cm;
SELECT countmin_total(countmin_agg(x, k, 0.01, 0.1)) AS weighted_total, sum(k) AS exact FROM ar_cm;
RESET enable_partitionwise_aggregate;
SELECT countmin_agg(x, 0.01 * k, 0.1) IS NULL AS not_constant FROM ar_cm WHERE false;
DROP TABLE ar_cm;
SELECT countmin_agg(x, NULL, 0.1) FROM generate_series(1, 0) x;
-- An empty window frame is zero rows: the call's constant parameters; calls
-- that share the final function and disagree, NULL.
SELECT x, countmin_info(countmin_agg(x, 0.01, 0.1) OVER w)->>'width' AS width
FROM generate_series(1, 2) x WINDOW w AS (ORDER BY x ROWS BETWEEN 1 FOLLOWING AND 1 FOLLOWING);
SELECT x, countmin_total(countmin_agg(x, 5::bigint) OVER w) AS weighted
FROM generate_series(1, 2) x WINDOW w AS (ORDER BY x ROWS BETWEEN 1 FOLLOWING AND 1 FOLLOWING);
SELECT x, countmin_info(countmin_agg(x, 0.01, 0.1) OVER w)->>'width' AS width,
       countmin_total(countmin_agg(x, 5::bigint) OVER w) AS weighted
FROM generate_series(1, 2) x WINDOW w AS (ORDER BY x ROWS BETWEEN 1 FOLLOWING AND 1 FOLLOWING);
-- END issue-27
-- topk (issue 27): the same rules for topk_agg's size.
CREATE TABLE ar_tk (k int, x int) PARTITION BY LIST (k);
CREATE TABLE ar_tk1 PARTITION OF ar_tk FOR VALUES IN (1);
CREATE TABLE ar_tk2 PARTITION OF ar_tk FOR VALUES IN (2);
INSERT INTO ar_tk SELECT 1 + i % 2, i % 37 FROM generate_series(1, 1000) i;
ANALYZE ar_tk;
SET enable_partitionwise_aggregate = on;
SELECT topk_agg(x, 10 + k) FROM ar_tk;
SELECT topk_agg(x, 1::bigint, 10 + k) FROM ar_tk;
SELECT topk_info(topk_agg(x, 8))->'size' AS size, topk_count(topk_agg(x, x::bigint)) AS weighted FROM ar_tk;
RESET enable_partitionwise_aggregate;
DROP TABLE ar_tk;
SELECT topk_agg(x, NULL::integer) FROM generate_series(1, 0) x;
SELECT x, topk_info(topk_agg(x, 7) OVER w)->'size' AS size7, topk_info(topk_agg(x, 1::bigint, 9) OVER w)->'size' AS size9
FROM generate_series(1, 2) x WINDOW w AS (ORDER BY x ROWS BETWEEN 1 FOLLOWING AND 1 FOLLOWING);
-- A user's aggregate over topk_add_trans without our final function keeps a
-- valid value from the first row (purged down to the size at once, where
-- topk_agg's working state waits for twice the size): the same bytes while
-- nothing is purged, a valid sketch whose bounds hold otherwise.
CREATE AGGREGATE ar_raw_topk(bigint) (SFUNC = topk_add_trans, STYPE = topk);
CREATE AGGREGATE ar_raw_topk(bigint, integer) (SFUNC = topk_add_trans, STYPE = topk);
SELECT ar_raw_topk(x % 10) = topk_agg(x % 10) AS same FROM generate_series(1, 100) x;
SELECT bool_and(w = a) AS window_same, count(*) AS rows
FROM (SELECT ar_raw_topk(x % 10) OVER () AS w, topk_agg(x % 10) OVER () AS a FROM generate_series(1, 100) x) s;
SELECT (topk_info(r)->>'total')::int AS total, (topk_info(r)->>'items')::int <= 4 AS within_size,
       bool_and(e.c BETWEEN i.lower AND i.upper) AS bounds_hold
FROM (SELECT ar_raw_topk(x % 7 * x % 11, 4) AS r FROM generate_series(1, 300) x) s,
     topk_items(r, 4, NULL::bigint) i,
     (SELECT x % 7 * x % 11 AS v, count(*) AS c FROM generate_series(1, 300) x GROUP BY 1) e
WHERE e.v = i.item GROUP BY r;
-- With our final function it keeps the working state and gives topk_agg's bytes.
CREATE AGGREGATE ar_finished_topk(bigint, integer) (SFUNC = topk_add_trans, STYPE = topk, FINALFUNC = topk_agg_final);
SELECT ar_finished_topk(x % 7 * x % 11, 4) = topk_agg(x % 7 * x % 11, 4) AS same FROM generate_series(1, 300) x;
DROP AGGREGATE ar_raw_topk(bigint);
DROP AGGREGATE ar_raw_topk(bigint, integer);
DROP AGGREGATE ar_finished_topk(bigint, integer);
SELECT topk_empty() = (SELECT topk_agg(x) FROM generate_series(1, 0) x) AS topk_defaults;

-- BEGIN issue-26 kll
-- kll_agg: a k that changes between partitions is refused as between rows;
-- constant k combines partitions within the rank error.
CREATE TABLE ar_kl (k int, x int) PARTITION BY LIST (k);
CREATE TABLE ar_kl1 PARTITION OF ar_kl FOR VALUES IN (1);
CREATE TABLE ar_kl2 PARTITION OF ar_kl FOR VALUES IN (2);
INSERT INTO ar_kl SELECT 1 + i % 2, i FROM generate_series(1, 1000) i;
ANALYZE ar_kl;
SET enable_partitionwise_aggregate = on;
SELECT kll_agg(x, 8 * k) FROM ar_kl;
SELECT kll_count(kll_agg(x, 16)) AS n, abs(quantile_rank(kll_agg(x, 16), 500) - 0.5) <= 2.296::float8 / 16::float8 ^ 0.9723::float8 AS within
FROM ar_kl;
RESET enable_partitionwise_aggregate;
DROP TABLE ar_kl;
SELECT kll_agg(x, NULL) FROM generate_series(1, 0) x;
SELECT x, kll_info(kll_agg(x, 20) OVER w)->'k' AS k20, kll_count(kll_agg(x) OVER w) AS n
FROM generate_series(1, 2) x WINDOW w AS (ORDER BY x ROWS BETWEEN 1 FOLLOWING AND 1 FOLLOWING);
-- A user's aggregate over kll_add_trans without our final function keeps a
-- valid value from the first row: kll_agg's bytes, in a window too.
CREATE AGGREGATE ar_raw_kll(float8, integer) (SFUNC = kll_add_trans, STYPE = kll);
SELECT ar_raw_kll(x, 8) = kll_agg(x, 8) AS same, ar_raw_kll(x, 8)::bytea::kll IS NOT NULL AS valid
FROM generate_series(1, 300) x;
SELECT bool_and(w = a) AS window_same, count(*) AS rows
FROM (SELECT ar_raw_kll(x, 8) OVER () AS w, kll_agg(x::float8, 8) OVER () AS a FROM generate_series(1, 100) x) s;
DROP AGGREGATE ar_raw_kll(float8, integer);
-- END issue-26
-- BEGIN issue-28 agebloom: the same rules for agebloom_agg's window, capacity and rate.
-- Zero rows: agebloom_empty of the constants, in both windows; agebloom_union_agg: NULL.
SELECT agebloom_empty(100, 0.01) = (SELECT agebloom_agg(x, 100, 0.01) FROM generate_series(1, 0) x) AS count_zero_rows,
       agebloom_empty(interval '1 hour', 100, 0.01)
         = (SELECT agebloom_agg(x, interval '1 hour', 100, 0.01, now()) FROM generate_series(1, 0) x) AS time_zero_rows,
       (SELECT agebloom_union_agg(f) FROM (SELECT agebloom_empty(10) f WHERE false) t) IS NULL AS union_zero_rows_null,
       agebloom_info(agebloom_empty(100))->'seed' = agebloom_info(agebloom_agg(1, 100, 0.01))->'seed' AS agebloom_seed;
-- Parameters that change between partitions are refused as between rows; not constants: NULL over zero rows.
CREATE TABLE ar_ab (k int, x int, at timestamptz) PARTITION BY LIST (k);
CREATE TABLE ar_ab1 PARTITION OF ar_ab FOR VALUES IN (1);
CREATE TABLE ar_ab2 PARTITION OF ar_ab FOR VALUES IN (2);
INSERT INTO ar_ab SELECT 1 + i % 2, i, timestamptz '2026-01-01 00:00+00' + i * interval '1 second' FROM generate_series(1, 1000) i;
ANALYZE ar_ab;
SET enable_partitionwise_aggregate = on;
SELECT agebloom_agg(x, 100 * k, 0.01) FROM ar_ab;
SELECT agebloom_agg(x, interval '1 hour', 100000 * k, 0.01, at) FROM ar_ab;
-- A time window's filter per partition, united, has the whole one's counts and slices.
CREATE TEMP TABLE ar_ab_parts AS SELECT k, agebloom_agg(x, interval '1 hour', 100000, 0.01, at) AS f FROM ar_ab GROUP BY k;
RESET enable_partitionwise_aggregate;
SELECT substring(agebloom_union_agg(f)::bytea FROM 89)
       = (SELECT substring(agebloom_agg(x, interval '1 hour', 100000, 0.01, at)::bytea FROM 89) FROM ar_ab) AS parts_unite
FROM ar_ab_parts;
DROP TABLE ar_ab_parts;
SELECT agebloom_agg(x, 100 * k, 0.01) IS NULL AS not_constant FROM ar_ab WHERE false;
DROP TABLE ar_ab;
-- An empty window frame is zero rows: the call's constant parameters.
SELECT x, agebloom_info(agebloom_agg(x, 50, 0.01) OVER w)->>'items' AS items
FROM generate_series(1, 2) x WINDOW w AS (ORDER BY x ROWS BETWEEN 1 FOLLOWING AND 1 FOLLOWING);
-- END issue-28
-- BEGIN issue-28 fuse: the same rules for fuse_agg's and fuse_keys_agg's rate and seed,
-- and for their working state (hashes appended unsorted), which never leaves them.
-- Zero rows: the filter of none, the empty key set; fuse_union_agg: NULL.
SELECT fuse_info(f) - 'bytes' AS zero_rows_filter, fuse_build(k) = f AS builds, fuse_info(k)->>'form' AS keys_form,
       (SELECT fuse_union_agg(u) FROM (SELECT k u WHERE false) t) IS NULL AS union_zero_rows_null
FROM (SELECT fuse_agg(x, 0.01, 9) AS f, fuse_keys_agg(x, 0.01, 9) AS k FROM generate_series(1, 0) x) s;
-- Parameters that change between partitions are refused as between rows; constant ones
-- unite each partition's key set into the whole's; not constants: NULL over zero rows.
CREATE TABLE ar_fu (k int, x int) PARTITION BY LIST (k);
CREATE TABLE ar_fu1 PARTITION OF ar_fu FOR VALUES IN (1);
CREATE TABLE ar_fu2 PARTITION OF ar_fu FOR VALUES IN (2);
INSERT INTO ar_fu SELECT 1 + i % 2, i FROM generate_series(1, 1000) i;
ANALYZE ar_fu;
SET enable_partitionwise_aggregate = on;
EXPLAIN (COSTS OFF) SELECT fuse_agg(x, 0.01 * k) FROM ar_fu;
SELECT fuse_agg(x, 0.01 * k) FROM ar_fu;
SELECT fuse_keys_agg(x, 0.01, k) FROM ar_fu;
SELECT fuse_agg(x) = (SELECT fuse_agg(x) FROM (SELECT x FROM ar_fu ORDER BY x) o) AS same_bytes,
       fuse_keys_agg(x, 0.001, 4) = (SELECT fuse_keys_agg(x, 0.001, 4) FROM (SELECT x FROM ar_fu ORDER BY x) o) AS same_keys
FROM ar_fu;
RESET enable_partitionwise_aggregate;
SELECT fuse_agg(x, 0.01 * k) IS NULL AS not_constant FROM ar_fu WHERE false;
DROP TABLE ar_fu;
SELECT fuse_agg(x, NULL) FROM generate_series(1, 0) x;
-- An empty window frame is zero rows: the call's constant parameters.
SELECT x, fuse_info(fuse_agg(x, 0.01) OVER w)->>'fingerprint_bits' AS f, fuse_cardinality(fuse_keys_agg(x) OVER w) AS n
FROM generate_series(1, 2) x WINDOW w AS (ORDER BY x ROWS BETWEEN 1 FOLLOWING AND 1 FOLLOWING);
-- A user's aggregate over fuse_add_trans without our final function keeps a
-- canonical key set from the first row: fuse_keys_agg's bytes, in a window
-- too, and a value that validation accepts; with our final function, fuse_agg's.
CREATE AGGREGATE ar_raw_fuse(bigint) (SFUNC = fuse_add_trans, STYPE = fuse);
CREATE AGGREGATE ar_finished_fuse(bigint) (SFUNC = fuse_add_trans, STYPE = fuse, FINALFUNC = fuse_agg_final);
SELECT ar_raw_fuse(x % 300) = fuse_keys_agg(x % 300) AS same, ar_raw_fuse(x % 300)::bytea::fuse IS NOT NULL AS valid,
       ar_finished_fuse(x % 300) = fuse_agg(x % 300) AS finished_same
FROM generate_series(1, 1000) x;
SELECT bool_and(w = a) AS window_same, count(*) AS rows
FROM (SELECT ar_raw_fuse(x % 50) OVER (ORDER BY x) AS w, fuse_keys_agg(x % 50) OVER (ORDER BY x) AS a
      FROM generate_series(1, 200) x) s;
DROP AGGREGATE ar_raw_fuse(bigint);
DROP AGGREGATE ar_finished_fuse(bigint);
-- END issue-28
