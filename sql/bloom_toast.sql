-- Large filters are stored out of line, uncompressed (STORAGE external), and
-- a membership test detoasts one once per query, not once per row: the
-- detoasted filter is kept, keyed by its TOAST pointer.

SELECT typstorage FROM pg_type WHERE typname = 'bloom';

-- A 1,000,000-item filter (1.2 MB) of the even numbers, in a table.
CREATE TABLE bloom_toast_filters (name text, b bloom);
INSERT INTO bloom_toast_filters
SELECT 'even', bloom_agg(2 * i, 1000000, 0.01) FROM generate_series(1, 1000000) i;
SELECT pg_column_size(b) AS stored_bytes, (bloom_info(b)->>'bytes')::int AS bytes,
       pg_column_compression(b) AS compression,
       pg_relation_size(reltoastrelid) >= pg_column_size(b) AS out_of_line
FROM bloom_toast_filters, pg_class WHERE relname = 'bloom_toast_filters';
-- 100,000 rows to probe with.
CREATE TABLE bloom_toast_probe AS SELECT i AS id FROM generate_series(1, 100000) i;
VACUUM ANALYZE bloom_toast_filters, bloom_toast_probe;

-- The join passes the same TOAST pointer to every call.
EXPLAIN (COSTS OFF)
SELECT count(*) FROM bloom_toast_probe t, bloom_toast_filters f WHERE f.b @> t.id;
SELECT count(*) FILTER (WHERE f.b @> t.id) AS probable_members,
       count(*) FILTER (WHERE t.id <@ f.b AND t.id % 2 = 1) BETWEEN 250 AND 750 AS about_1pct_of_odd,
       count(*) FILTER (WHERE t.id % 2 = 0 AND NOT f.b @> t.id) AS false_negatives
FROM bloom_toast_probe t, bloom_toast_filters f;

-- The TOAST table was read for one copy of the filter per function call site,
-- not 100,000: PostgreSQL counts the blocks it reads (the statistics are
-- flushed when a statement ends).
CREATE TEMP TABLE toast_blocks AS
SELECT c.reltoastrelid AS toastrelid, 0::bigint AS before FROM pg_class c WHERE c.relname = 'bloom_toast_filters';
SELECT pg_stat_force_next_flush();
UPDATE toast_blocks SET before = (SELECT heap_blks_read + heap_blks_hit FROM pg_statio_all_tables WHERE relid = toastrelid);
SELECT count(*) FROM bloom_toast_probe t, bloom_toast_filters f WHERE f.b @> t.id;
SELECT pg_stat_force_next_flush();
SELECT (SELECT heap_blks_read + heap_blks_hit FROM pg_statio_all_tables WHERE relid = toastrelid) - before
           BETWEEN 1 AND 1000 AS read_once_not_per_row
FROM toast_blocks;

-- bloom_members keeps the filter the same way: one stored filter probed with
-- 200 arrays of 500 ids reads the TOAST table for one copy, not one per
-- array, and finds what bloom_contains finds id by id.
CREATE TABLE bloom_toast_batches AS
SELECT array_agg(id ORDER BY id) AS ids FROM bloom_toast_probe GROUP BY (id - 1) / 500;
VACUUM ANALYZE bloom_toast_batches;
SELECT count(*) AS arrays FROM bloom_toast_batches;
SELECT pg_stat_force_next_flush();
UPDATE toast_blocks SET before = (SELECT heap_blks_read + heap_blks_hit FROM pg_statio_all_tables WHERE relid = toastrelid);
SELECT sum(cardinality(bloom_members(f.b, a.ids))) AS members_found,
       sum(cardinality(bloom_members(f.b, a.ids))) =
           (SELECT count(*) FROM bloom_toast_probe t, bloom_toast_filters g WHERE g.b @> t.id) AS as_contains
FROM bloom_toast_batches a, bloom_toast_filters f;
SELECT pg_stat_force_next_flush();
SELECT (SELECT heap_blks_read + heap_blks_hit FROM pg_statio_all_tables WHERE relid = toastrelid) - before
           BETWEEN 1 AND 2000 AS members_read_once_not_per_array
FROM toast_blocks;

-- Several filters in one query: the cache follows the pointer it is given.
INSERT INTO bloom_toast_filters
SELECT 'odd', bloom_agg(2 * i + 1, 1000000, 0.01) FROM generate_series(0, 999999) i UNION ALL
SELECT 'small', bloom_agg(i, 1000, 0.01) FROM generate_series(1, 1000) i UNION ALL
SELECT 'thirds', bloom_agg(3 * i, 1000000, 0.01) FROM generate_series(1, 1000000) i;
SELECT name, count(*) FILTER (WHERE f.b @> t.id) AS found
FROM bloom_toast_filters f, bloom_toast_probe t GROUP BY name ORDER BY name;
-- The filters interleaved row by row: a LATERAL subquery kept apart by
-- OFFSET 0 runs once per probe row, so the pointer changes at almost every call.
EXPLAIN (COSTS OFF)
SELECT count(*) FROM bloom_toast_probe t, LATERAL (SELECT f.b @> t.id AS hit FROM bloom_toast_filters f OFFSET 0) l
WHERE t.id <= 300;
SELECT count(*) AS calls, count(*) FILTER (WHERE hit) AS hits,
       count(*) FILTER (WHERE member AND NOT hit) AS false_negatives
FROM bloom_toast_probe t,
     LATERAL (SELECT f.b @> t.id AS hit,
                     CASE f.name WHEN 'even' THEN t.id % 2 = 0 WHEN 'odd' THEN t.id % 2 = 1
                                 WHEN 'thirds' THEN t.id % 3 = 0 ELSE t.id <= 1000 END AS member
              FROM bloom_toast_filters f OFFSET 0) l
WHERE t.id <= 300;
-- bloom_members with the filters interleaved row by row, each array against
-- each filter: the same subscripts as bloom_contains element by element.
SELECT count(*) AS calls,
       count(*) FILTER (WHERE l.members = l.by_contains) AS as_contains
FROM (SELECT ids FROM bloom_toast_batches ORDER BY ids[1] LIMIT 20) a,
     LATERAL (SELECT bloom_members(f.b, a.ids) AS members,
                     ARRAY(SELECT i FROM generate_subscripts(a.ids, 1) i WHERE f.b @> a.ids[i]) AS by_contains
              FROM bloom_toast_filters f OFFSET 0) l;
-- An updated filter is a new row version with a new TOAST pointer.
UPDATE bloom_toast_filters SET b = bloom_add(b, 1) WHERE name = 'even';
SELECT count(*) FILTER (WHERE f.b @> t.id) AS found_even_and_1
FROM bloom_toast_probe t, bloom_toast_filters f WHERE f.name = 'even' AND (t.id % 2 = 0 OR t.id = 1);
SELECT 1 = ANY(bloom_members(f.b, ARRAY[1, 3, 5]::int[])) AS members_sees_1
FROM bloom_toast_filters f WHERE f.name = 'even';

DROP TABLE bloom_toast_filters, bloom_toast_probe, bloom_toast_batches, toast_blocks;
