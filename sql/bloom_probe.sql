-- The membership functions keep a filter they were given once for the calls
-- that pass the same one (bloom_toast covers filters stored out of line);
-- every other filter is read at each call. Each check below uses filters
-- that differ only in their bits (same parameters, same size, same header)
-- and so few items that a false positive is out of reach (about 1e-20 per
-- probe): a probe answered from another row's filter shows up as a false
-- negative, or as a hit that cannot be a false positive.

-- 200 filters stored inline (360 bytes each), filter i holding 10i+1 .. 10i+10.
CREATE TABLE bloom_probe_small AS
SELECT i, bloom_agg(10 * i + j, 100, 1e-6) AS f
FROM generate_series(0, 199) AS i, generate_series(1, 10) AS j GROUP BY i;
SELECT count(DISTINCT pg_column_size(f)) AS sizes, min(pg_column_size(f)) < 2000 AS inline,
       count(DISTINCT f::bytea) AS distinct_filters
FROM bloom_probe_small;
-- Every filter against every value of 0 .. 2009, rows of different filters in turn.
SELECT count(*) AS probes,
       count(*) FILTER (WHERE v BETWEEN 10 * i + 1 AND 10 * i + 10 AND NOT f @> v) AS false_negatives,
       count(*) FILTER (WHERE f @> v AND NOT v BETWEEN 10 * i + 1 AND 10 * i + 10) AS foreign_hits,
       count(*) FILTER (WHERE v <@ f) AS hits
FROM (SELECT v FROM generate_series(0, 2009) AS v) AS vals, bloom_probe_small
WHERE (v + i) % 7 <> 0 OR v BETWEEN 10 * i + 1 AND 10 * i + 10;

-- A filter computed per row: each lives in the row's memory, likely at the
-- address of the previous row's, with the same header.
SELECT count(*) FILTER (WHERE NOT bloom_contains(bloom_add(bloom_empty(100, 1e-6), g), g)) AS false_negatives,
       count(*) FILTER (WHERE bloom_contains(bloom_add(bloom_empty(100, 1e-6), g), g + 1)) AS foreign_hits,
       count(*) FILTER (WHERE g <@ bloom_add(bloom_empty(100, 1e-6, 'blocked'), g)
                        AND NOT g + 1 <@ bloom_add(bloom_empty(100, 1e-6, 'blocked'), g)) AS blocked_right
FROM generate_series(1, 1000) AS g;

-- A filter written as a constant is read once; its answers are the table's.
SELECT f::text AS filter_7 FROM bloom_probe_small WHERE i = 7 \gset
SELECT count(*) FILTER (WHERE :'filter_7'::bloom @> v) AS const_hits,
       count(*) FILTER (WHERE bloom_contains(:'filter_7'::bloom, v) AND v BETWEEN 71 AND 80) AS const_members,
       count(*) FILTER (WHERE v <@ :'filter_7'::bloom) AS const_contained_hits
FROM generate_series(0, 2009) AS v;
-- ANY over an array constant passes a different element at each call.
SELECT string_agg(f::text, ',' ORDER BY i) AS filters FROM bloom_probe_small WHERE i IN (3, 5, 9) \gset
SELECT array_agg(v ORDER BY v) AS in_any_of_3_5_9
FROM generate_series(0, 2009) AS v WHERE v <@ ANY (string_to_array(:'filters', ',')::bloom[]);
SELECT count(*) AS in_all_of_3_5_9
FROM generate_series(0, 2009) AS v WHERE v <@ ALL (string_to_array(:'filters', ',')::bloom[]);

-- A parameter: the filter may change between executions of one plan.
SET plan_cache_mode = force_generic_plan;
SELECT max(f::text) FILTER (WHERE i = 11) AS filter_11, max(f::text) FILTER (WHERE i = 12) AS filter_12
FROM bloom_probe_small \gset
PREPARE bloom_probe_param(bloom) AS SELECT array_agg(v ORDER BY v) FROM generate_series(0, 2009) AS v WHERE $1 @> v;
EXECUTE bloom_probe_param(:'filter_11');
EXECUTE bloom_probe_param(:'filter_12');
DEALLOCATE bloom_probe_param;
RESET plan_cache_mode;

-- PL/pgSQL keeps a simple expression's state across evaluations while the
-- variable it reads changes: every iteration probes a new filter.
DO $$
DECLARE
    f bloom;
    wrong int := 0;
BEGIN
    FOR i IN 1..500 LOOP
        f := bloom_add(bloom_empty(100, 1e-6, CASE WHEN i % 2 = 0 THEN 'blocked' ELSE 'classic' END), i);
        IF NOT f @> i OR f @> i + 1 OR NOT bloom_contains(f, i) OR i - 1 <@ f THEN
            wrong := wrong + 1;
        END IF;
    END LOOP;
    FOR r IN 0..199 LOOP
        SELECT b.f INTO f FROM bloom_probe_small b WHERE b.i = r;
        IF NOT f @> 10 * r + 5 OR f @> 10 * r + 15 THEN
            wrong := wrong + 1;
        END IF;
    END LOOP;
    RAISE NOTICE 'wrong answers in 700 iterations: %', wrong;
END
$$;

-- A scalable filter that has grown probes every layer.
WITH RECURSIVE r(n, f) AS (
    SELECT 1, bloom_add(bloom_empty(10, 1e-6, true), 1)
    UNION ALL SELECT n + 1, bloom_add(f, n + 1) FROM r WHERE n < 200)
SELECT bloom_info(f)->'layer_count' AS layers,
       (SELECT count(*) FROM generate_series(1, 200) AS g WHERE f @> g) AS hits_of_200,
       (SELECT count(*) FROM generate_series(201, 20200) AS g WHERE f @> g) AS foreign_hits_of_20000
FROM r WHERE n = 200;

DROP TABLE bloom_probe_small;
