-- bloom_agg(x, capacity, fpr [, layout]) of a fixed or blocked filter of at
-- least 16 kB keeps a working state: the filter and a buffer of hashes not
-- yet in its bits (bloom.hpp). Every way out applies the buffer first: the
-- final function (also per row in a window), the combine function of a
-- parallel plan. The filters must be the bytes of the same values added one
-- by one: pg_temp.plain has no final function, so its states are always
-- filters, updated in place row by row.
CREATE AGGREGATE pg_temp.plain(bigint, bigint, double precision, text) (SFUNC = bloom_add_trans, STYPE = bloom);
-- An aggregate that reads the state with another final function shares it
-- with bloom_agg, which then keeps no buffer (bloom_cardinality refuses a working state).
CREATE AGGREGATE pg_temp.bits(bigint, bigint, double precision, text) (
    SFUNC = bloom_add_trans, STYPE = bloom, FINALFUNC = bloom_cardinality, FINALFUNC_MODIFY = READ_ONLY
);
CREATE TABLE bloom_batched AS
SELECT i, i % 40 AS grp, CASE WHEN i % 97 <> 0 THEN i::bigint * 7919 END AS x FROM generate_series(1, 120000) i;
CREATE TABLE bloom_batched_params AS
SELECT 20000::bigint AS capacity, 0.01::float8 AS fpr;
VACUUM ANALYZE bloom_batched, bloom_batched_params;

-- One group: every layout, constants and column parameters (checked per row).
CREATE TEMP TABLE whole AS
SELECT 'classic' AS layout, bloom_agg(x, 120000, 0.01, 'classic') AS f,
       bloom_agg(x, p.capacity * 6, p.fpr, 'classic') AS col, pg_temp.plain(x, 120000, 0.01, 'classic') AS ref
FROM bloom_batched, bloom_batched_params p
UNION ALL
SELECT 'blocked', bloom_agg(x, 120000, 0.01, 'blocked'), bloom_agg(x, p.capacity * 6, p.fpr, 'blocked'),
       pg_temp.plain(x, 120000, 0.01, 'blocked')
FROM bloom_batched, bloom_batched_params p
UNION ALL
SELECT 'scalable', bloom_agg(x, 12000, 0.01, 'scalable'), bloom_agg(x, p.capacity * 6 / 10, p.fpr, 'scalable'),
       pg_temp.plain(x, 12000, 0.01, 'scalable')
FROM bloom_batched, bloom_batched_params p;
SELECT layout, f = ref AS same, col = ref AS column_same, f::bytea::bloom = f AS valid,
       f::text = ref::text AS same_text, bloom_send(f) = bloom_send(ref) AS same_binary,
       pg_column_size(f) > 16384 AS large,
       (SELECT count(*) FROM bloom_batched WHERE x IS NOT NULL AND NOT f @> x) AS false_negatives
FROM whole ORDER BY layout;
-- bloom_agg(x, capacity, fpr) (no layout) is the classic filter.
SELECT (SELECT bloom_agg(x, 120000, 0.01) FROM bloom_batched) = f AS three_arguments FROM whole WHERE layout = 'classic';
-- Sharing a state with another final function: both right.
SELECT bloom_agg(x, 120000, 0.01, 'blocked') = (SELECT f FROM whole WHERE layout = 'blocked') AS shared_same,
       pg_temp.bits(x, 120000, 0.01, 'blocked') = bloom_cardinality(bloom_agg(x, 120000, 0.01, 'blocked'))
           AS shared_cardinality
FROM bloom_batched;

-- Many groups, hashed and sorted: 40 states alive at once, each with its own
-- buffer, and one after another.
SET enable_sort = off;
CREATE TEMP TABLE grouped AS
SELECT grp, bloom_agg(x, 20000, 0.01) AS f, bloom_agg(x, 20000, 0.01, 'blocked') AS b,
       pg_temp.plain(x, 20000, 0.01, 'classic') AS fr, pg_temp.plain(x, 20000, 0.01, 'blocked') AS br
FROM bloom_batched GROUP BY grp;
RESET enable_sort;
SET enable_hashagg = off;
CREATE TEMP TABLE sorted AS
SELECT grp, bloom_agg(x, 20000, 0.01) AS f, bloom_agg(x, 20000, 0.01, 'blocked') AS b FROM bloom_batched GROUP BY grp;
RESET enable_hashagg;
SELECT count(*) AS groups, count(*) FILTER (WHERE g.f = g.fr AND g.b = g.br) AS hashed_same,
       count(*) FILTER (WHERE s.f = g.fr AND s.b = g.br) AS sorted_same,
       count(*) FILTER (WHERE g.f::bytea::bloom = g.f AND g.b::bytea::bloom = g.b) AS valid
FROM grouped g JOIN sorted s USING (grp);

-- Window aggregates: the final function runs after every row while the
-- state keeps its buffer. A running frame, against the filter of each prefix,
-- and a moving frame (the aggregate restarts for each row).
CREATE TEMP TABLE running AS
SELECT i, bloom_agg(x, 20000, 0.01) OVER w AS f, bloom_agg(x, 20000, 0.01, 'blocked') OVER w AS b
FROM bloom_batched WHERE i <= 300 WINDOW w AS (ORDER BY i);
SELECT count(*) AS rows_,
       count(*) FILTER (WHERE f = (SELECT pg_temp.plain(x, 20000, 0.01, 'classic') FROM bloom_batched s WHERE s.i <= r.i)
                        AND b = (SELECT pg_temp.plain(x, 20000, 0.01, 'blocked') FROM bloom_batched s WHERE s.i <= r.i))
           AS prefix_same
FROM running r WHERE i % 7 = 0 OR i > 290;
SELECT count(*) AS rows_,
       count(*) FILTER (WHERE f = (SELECT pg_temp.plain(x, 20000, 0.01, 'classic') FROM bloom_batched s
                                   WHERE s.i BETWEEN w.i - 40 AND w.i)) AS frame_same
FROM (SELECT i, bloom_agg(x, 20000, 0.01) OVER (ORDER BY i ROWS 40 PRECEDING) AS f
      FROM bloom_batched WHERE i <= 200) w;

-- A parallel plan: the workers' partial states, buffers and all, combined by
-- the leader; pg_temp.parallel_run shows that workers ran a partial aggregate
-- for the very statements compared.
\getenv abs_srcdir PG_ABS_SRCDIR
\i :abs_srcdir/sql/include/parallel_run.psql
SET parallel_setup_cost = 0;
SET parallel_tuple_cost = 0;
SET min_parallel_table_scan_size = 0;
SET max_parallel_workers_per_gather = 2;
SET parallel_leader_participation = off;
EXPLAIN (COSTS OFF)
SELECT bloom_agg(x, 120000, 0.01, 'blocked') FROM bloom_batched;
SELECT * FROM pg_temp.parallel_run($$CREATE TEMP TABLE par AS
SELECT bloom_agg(x, 120000, 0.01) AS f, bloom_agg(x, 120000, 0.01, 'blocked') AS b FROM bloom_batched$$);
SELECT * FROM pg_temp.parallel_run($$CREATE TEMP TABLE par_grouped AS
SELECT grp, bloom_agg(x, 20000, 0.01) AS f, bloom_agg(x, 20000, 0.01, 'blocked') AS b FROM bloom_batched GROUP BY grp$$);
RESET parallel_setup_cost;
RESET parallel_tuple_cost;
RESET min_parallel_table_scan_size;
RESET max_parallel_workers_per_gather;
RESET parallel_leader_participation;
SELECT p.f = c.f AS classic_same, p.b = b.f AS blocked_same
FROM par p, whole c, whole b WHERE c.layout = 'classic' AND b.layout = 'blocked';
SELECT count(*) AS groups, count(*) FILTER (WHERE p.f = g.fr AND p.b = g.br) AS same
FROM par_grouped p JOIN grouped g USING (grp);

DROP TABLE bloom_batched, bloom_batched_params;
