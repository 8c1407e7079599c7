-- One-hour sliding-window deduplication of a click stream, three ways:
--   exact:  look each id up in the stored clicks of the last hour (an index);
--   cuckoo: one filter of the window (capacity 30,000 at 0.01, and at 0.001): drop the batch's ids the filter holds
--           (@>), add the batch, remove the ids that left the window, read
--           from the stored clicks (only what was added is ever removed);
--   bloom:  rebuild a Bloom filter (30,000 at 0.01) of the last hour's clicks for every batch
--           (a Bloom filter cannot forget).
-- A batch every 5 minutes for 6 hours, 2,000 events per batch, about 10% of
-- them re-sends of a click from the last 55 minutes. Reports duplicates
-- caught, unique clicks lost (false positives), bytes and time per batch.
--
--   psql -X -f demo/cuckoo_window.sql        (any database with the extension)
\set ON_ERROR_STOP on
SET client_min_messages = warning;
DROP SCHEMA IF EXISTS cuckoo_demo CASCADE;
CREATE SCHEMA cuckoo_demo;
SET search_path = cuckoo_demo, public;
CREATE EXTENSION IF NOT EXISTS probabilistic SCHEMA public;
SELECT setseed(0.42);

-- The stream: batch b at minute 5b; ids b * 100000 + 1..1800 are new, 200 events re-send an earlier id.
CREATE TABLE events AS
SELECT b, b * 100000 + i AS id, false AS resent
FROM generate_series(0, 71) b, generate_series(1, 1800) i
UNION ALL
SELECT b, (b - 1 - floor(random() * least(b, 11)))::int * 100000 + 1 + floor(random() * 1800)::int, true
FROM generate_series(1, 71) b, generate_series(1, 200) i;

-- Each method's accepted clicks; the window of batch b is batches b-11 .. b-1.
CREATE TABLE clicks (method text, b int, id bigint);
CREATE INDEX ON clicks (method, id, b);
CREATE TABLE results (method text, b int, caught int, lost int, missed int, ms float8, bytes int);

CREATE FUNCTION run(method text, fpr float8 DEFAULT 0.01) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
    c cuckoo := cuckoo_empty(30000, fpr);
    f bloom;
    t0 timestamptz;
    batch_ids bigint[];
    accepted bigint[];
    truth_dups int;
    leaving bigint;
    elapsed_ms float8;
    missed_ids int;
BEGIN
    FOR batch IN 0..71 LOOP
        SELECT array_agg(DISTINCT id) INTO batch_ids FROM events WHERE b = batch;
        t0 := clock_timestamp();
        IF method = 'exact' THEN
            SELECT array_agg(x) INTO accepted FROM unnest(batch_ids) x
            WHERE NOT EXISTS (SELECT 1 FROM clicks k WHERE k.method = 'exact' AND k.id = x AND k.b >= batch - 11);
        ELSIF method LIKE 'cuckoo%' THEN
            SELECT array_agg(x) INTO accepted FROM unnest(batch_ids) x WHERE NOT c @> x;
            SELECT coalesce(cuckoo_union(c, cuckoo_agg(x, 30000, fpr)), c) INTO c FROM unnest(accepted) x;
            -- Forget the batch leaving the window: exactly the ids that were added for it.
            FOR leaving IN SELECT k.id FROM clicks k WHERE k.method = run.method AND k.b = batch - 11 LOOP
                c := cuckoo_remove(c, leaving);
            END LOOP;
        ELSE
            SELECT coalesce(bloom_agg(k.id, 30000, 0.01), bloom_empty(30000, 0.01)) INTO f
            FROM clicks k WHERE k.method = 'bloom' AND k.b >= batch - 11;
            SELECT array_agg(x) INTO accepted FROM unnest(batch_ids) x WHERE NOT f @> x;
        END IF;
        elapsed_ms := extract(epoch FROM clock_timestamp() - t0) * 1000;
        -- A filter's false negative: an accepted id that this method accepted within the window already.
        SELECT count(*) INTO missed_ids FROM unnest(accepted) x
        WHERE EXISTS (SELECT 1 FROM clicks k WHERE k.method = run.method AND k.id = x AND k.b >= batch - 11);
        INSERT INTO clicks SELECT method, batch, x FROM unnest(accepted) x;
        -- The truth: ids of this batch whose click is in the window.
        SELECT count(*) INTO truth_dups FROM unnest(batch_ids) x
        WHERE EXISTS (SELECT 1 FROM events e WHERE e.id = x AND e.b < batch AND e.b >= batch - 11 AND NOT e.resent);
        INSERT INTO results VALUES (method, batch,
            truth_dups,
            (cardinality(batch_ids) - coalesce(cardinality(accepted), 0)) - truth_dups,
            missed_ids, elapsed_ms,
            CASE WHEN method LIKE 'cuckoo%' THEN octet_length(c::bytea) WHEN method = 'bloom' THEN octet_length(f::bytea) END);
    END LOOP;
END $$;

SELECT run('exact'), run('cuckoo 0.01', 0.01), run('cuckoo 0.001', 0.001), run('bloom');

SELECT method,
       sum(caught) AS duplicates_caught,
       sum(lost) AS uniques_lost,
       round(100.0 * sum(lost) / (SELECT count(DISTINCT id) FROM events WHERE NOT resent), 3) AS lost_pct,
       coalesce(max(bytes)::text, 'index') AS bytes,
       round(percentile_cont(0.5) WITHIN GROUP (ORDER BY ms)::numeric, 1) AS median_ms_per_batch,
       -- A filter never lets through an id it holds: none accepted twice within the window.
       sum(missed) = 0 AS found_every_duplicate
FROM results GROUP BY method ORDER BY method;
SELECT pg_size_pretty(pg_relation_size((SELECT indexrelid FROM pg_index WHERE indrelid = 'clicks'::regclass)))
       AS exact_index_all_methods;

RESET search_path;
DROP SCHEMA cuckoo_demo CASCADE;
