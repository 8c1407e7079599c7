-- Data and helpers of the bloom benchmark (bench/bloom.sh), loaded with
--   psql -v rows=10000000 -v keys=1000000 -v batch=1000 -v layout_arg= -f bench/bloom.sql
-- into a database that has probabilistic, pg_prewarm and bench/helpers.sql.
--
--   t(id)          :rows ids 1..:rows, the table that is probed
--   keys(id)       :keys ids, every step-th with step = greatest(:rows / :keys, 2), the set
--                  to test against: all in t when :rows >= 2 * :keys, else t holds
--                  :rows / 2 of them (a large filter probed with fewer ids)
--   filters(b)     one row: bloom_agg(id, :keys, 0.01 :layout_arg) over keys, stored out
--                  of line (layout_arg empty, or e.g. ", 'blocked'")
--   id_batches(ids) the ids of t in order, :batch to an array, for bloom_members
\set ON_ERROR_STOP on

BEGIN;
CREATE TABLE t (id bigint NOT NULL);
INSERT INTO t SELECT i FROM generate_series(1, :rows::bigint) i;
CREATE TABLE keys (id bigint NOT NULL);
INSERT INTO keys SELECT i * greatest(:rows / :keys, 2) FROM generate_series(1, :keys::bigint) i;
CREATE TABLE filters (b bloom NOT NULL);
INSERT INTO filters SELECT bloom_agg(id, :keys, 0.01 :layout_arg) FROM keys;
CREATE TABLE id_batches (ids bigint[] NOT NULL);
INSERT INTO id_batches SELECT array_agg(id ORDER BY id) FROM t GROUP BY (id - 1) / :batch;
COMMIT;
VACUUM (FREEZE, ANALYZE) t, keys, filters, id_batches;

-- Every table and the TOAST tables of filters and id_batches in shared_buffers.
SELECT sum(pg_prewarm(c.oid)) > 0 AS prewarmed FROM pg_class c
WHERE c.oid IN ('t'::regclass, 'keys'::regclass, 'filters'::regclass, 'id_batches'::regclass)
   OR c.oid IN (SELECT reltoastrelid FROM pg_class WHERE oid IN ('filters'::regclass, 'id_batches'::regclass));

-- The hash tables a query built, in kB: the largest "Peak Memory Usage" of
-- its Hash nodes under EXPLAIN ANALYZE (the memory a hash join's inner side takes).
CREATE FUNCTION bench_hash_kb(q text) RETURNS bigint
LANGUAGE plpgsql AS $$
DECLARE
	plan jsonb;
BEGIN
	EXECUTE 'EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, FORMAT JSON) ' || q INTO plan;
	RETURN (SELECT max(v::text::bigint) FROM jsonb_path_query(plan, 'strict $.**."Peak Memory Usage"') v);
END
$$;
