-- A change detector, not an accuracy test: the estimates of a few fixed sets,
-- pinned as the code computes them (one sample per precision and size, so an
-- equally accurate change of the estimator changes them too, and a wrong
-- estimator could pass the loose "within" columns by luck). Accuracy, the bias
-- and RMSE of hll_cardinality at every precision 4..18 over many random sets,
-- is measured and asserted in test/stat/hll_accuracy_test.cpp and published in
-- doc/HLL_ACCURACY.md. What this file does assert: sets up to the sparse limit
-- count (near) exactly, and the samples fall within a few standard errors,
-- 1.04 / sqrt(2^p): 0.81% at p = 14, 3.25% at p = 10, 0.20% at p = 18.

-- p = 14: every n from 1 to 1000 within 0.1% (exact for these sets; a random
-- set of 1,000 values has two in one sparse entry, one short, 0.75% of the time).
SELECT count(*) AS sets,
       count(*) FILTER (WHERE abs(est - n) <= 0.001 * n) AS within_0_1_pct,
       count(*) FILTER (WHERE est = n) AS exact,
       count(*) FILTER (WHERE repr = 'sparse') AS sparse
FROM (SELECT n, # hll_add_agg(x) AS est, hll_info(hll_add_agg(x))->>'representation' AS repr
      FROM generate_series(1, 1000) n, generate_series(1, n) x GROUP BY n) s;
-- The same with text values, and with random-looking uuids.
SELECT count(*) FILTER (WHERE est = n) AS exact_text
FROM (SELECT n, hll_count_distinct('item-' || x) AS est
      FROM generate_series(1, 1000, 7) n, generate_series(1, n) x GROUP BY n) s;
SELECT count(*) FILTER (WHERE est = n) AS exact_uuid
FROM (SELECT n, hll_count_distinct(md5(x::text)::uuid) AS est
      FROM generate_series(1, 1000, 7) n, generate_series(1, n) x GROUP BY n) s;
-- Up to the sparse limit (3072 entries at p = 14) still near exact.
SELECT n, # hll_add_agg(x) AS est, hll_info(hll_add_agg(x))->>'representation' AS repr
FROM (VALUES (2000), (3000), (3072)) v(n), generate_series(1, n) x GROUP BY n ORDER BY n;

-- Every precision: exact while sparse; sparse_limit(p) = min(3 * 2^p / 16, 4096) entries.
SELECT p, limit_, # hll_add_agg(x, p) FILTER (WHERE x <= limit_) AS at_limit,
       hll_info(hll_add_agg(x, p) FILTER (WHERE x <= limit_))->>'representation' AS repr_at_limit,
       hll_info(hll_add_agg(x, p) FILTER (WHERE x <= limit_ + 1))->>'representation' AS repr_past_limit
FROM generate_series(4, 18) p, LATERAL (SELECT least(3 * (1 << p) / 16, 4096) AS limit_) l,
     generate_series(1, 4097) x
GROUP BY p, limit_ ORDER BY p;

-- Large sets, against count(DISTINCT): p = 14 within 3%.
CREATE TEMP TABLE big AS
SELECT (i * 2654435761::bigint) % 1000003 AS k, 'user-' || (i % 150000) AS name
FROM generate_series(1, 400000) i;
SELECT count(DISTINCT k) AS exact, hll_count_distinct(k) AS est,
       round(100.0 * (hll_count_distinct(k) - count(DISTINCT k)) / count(DISTINCT k), 2) AS error_pct,
       abs(hll_count_distinct(k) - count(DISTINCT k)) <= 0.03 * count(DISTINCT k) AS within_3_pct
FROM big;
SELECT count(DISTINCT name) AS exact, hll_count_distinct(name) AS est,
       round(100.0 * (hll_count_distinct(name) - count(DISTINCT name)) / count(DISTINCT name), 2) AS error_pct,
       abs(hll_count_distinct(name) - count(DISTINCT name)) <= 0.03 * count(DISTINCT name) AS within_3_pct
FROM big;
-- Per precision: within four standard errors.
SELECT p, # hll_add_agg(k, p) AS est,
       round(100.0 * abs((# hll_add_agg(k, p)) - count(DISTINCT k)) / count(DISTINCT k), 2) AS error_pct,
       round((4 * 104.0 / sqrt(2 ^ p))::numeric, 2) AS bound_pct,
       abs((# hll_add_agg(k, p)) - count(DISTINCT k)) <= 4 * 1.04 / sqrt(2 ^ p) * count(DISTINCT k) AS within_bound
FROM big, (VALUES (8), (10), (12), (14), (16), (18)) v(p) GROUP BY p ORDER BY p;
-- Across the range of one precision (p = 10, 1024 registers): small, mid and many times 2^p.
SELECT n, # hll_add_agg(x, 10) AS est,
       abs((# hll_add_agg(x, 10)) - n) <= 4 * 0.0325 * n AS within_4_sigma
FROM (VALUES (500), (1000), (2500), (10000), (50000), (300000)) v(n), generate_series(1, n) x
GROUP BY n ORDER BY n;

-- Unions: the union of two overlapping halves estimates the whole.
SELECT # (a || b) AS union_est, (SELECT count(DISTINCT k) FROM big) AS exact,
       abs((# (a || b)) - (SELECT count(DISTINCT k) FROM big)) <= 0.03 * (SELECT count(DISTINCT k) FROM big) AS within_3_pct
FROM (SELECT hll_add_agg(k) FILTER (WHERE k % 3 <> 0) AS a, hll_add_agg(k) FILTER (WHERE k % 3 <> 1) AS b FROM big) s;
-- Duplicates do not count: 400000 rows of 150000 names, added again and again.
SELECT # hll_add_agg(name) = # (hll_add_agg(name) || hll_add_agg(name)) AS duplicates_ignored FROM big;

DROP TABLE big;
