-- Data and helpers of the bloom benchmark (bench/bloom.sh), loaded with
--   psql -v rows=10000000 -v keys=1000000 -f bench/bloom.sql
-- into a database that has probabilistic, pg_prewarm and bench/helpers.sql.
--
--   t(id)          :rows ids 1..:rows, the table that is probed
--   keys(id)       :keys of them (every (:rows / :keys)-th id), the set to test against
--   filters(b)     one row: bloom_agg(id, :keys, 0.01) over keys, stored out of line
\set ON_ERROR_STOP on

BEGIN;
CREATE TABLE t (id bigint NOT NULL);
INSERT INTO t SELECT i FROM generate_series(1, :rows::bigint) i;
CREATE TABLE keys (id bigint NOT NULL);
INSERT INTO keys SELECT i * (:rows / :keys) FROM generate_series(1, :keys::bigint) i;
CREATE TABLE filters (b bloom NOT NULL);
INSERT INTO filters SELECT bloom_agg(id, :keys, 0.01) FROM keys;
COMMIT;
VACUUM (FREEZE, ANALYZE) t, keys, filters;

-- Every table and the filters' TOAST table in shared_buffers.
SELECT sum(pg_prewarm(c.oid)) > 0 AS prewarmed FROM pg_class c
WHERE c.oid IN ('t'::regclass, 'keys'::regclass, 'filters'::regclass)
   OR c.oid = (SELECT reltoastrelid FROM pg_class WHERE oid = 'filters'::regclass);

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
