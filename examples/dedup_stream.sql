-- Deduplicating a click stream over a whole day with time-sliced filters
-- (doc/STREAMS.md explains the design, its rates and its costs).
--
--   psql -X -f examples/dedup_stream.sql      (a database with the extension)
--
-- Then, for every batch of clicks (a minute of them, say):
--   SELECT dedup_batch(batch_start, ids);     -- the ids to keep (first clicks)
-- and once an hour, after the hour's last batch:
--   SELECT * FROM dedup_rotate(now());        -- build the hour's filter, drop old slices
--
-- The window is made of slices, each a filter of the clicks it kept, written
-- once: a binary fuse filter (layout 'fuse', the default: a static filter,
-- about 1.125 f bits an id for a rate of 2^-f) or a Bloom filter ('fixed',
-- 'blocked'):
--   - a batch slice per batch (fuse_agg or bloom_agg of the batch's new ids);
--   - an hour slice per hour, built once from the hour's stored ids, which then
--     replaces the hour's batch slices;
-- a batch is probed against every live slice in one query (fuse_members,
-- bloom_members). The slices' rates add up to less than fpr over the S slices
-- a batch is probed against (24 hour slices and 60 batch slices with the
-- defaults; dedup_slice_rates), so a click seen for the first time is dropped
-- with probability below fpr. Neither filter has false negatives: no click
-- seen within the window is ever kept twice.
--
-- The objects live in the current schema (SET search_path first to choose one).
\set ON_ERROR_STOP on

-- One row: the window, the slices' lengths and the window's false positive rate.
CREATE TABLE dedup_settings (
    one_row boolean PRIMARY KEY DEFAULT true CHECK (one_row),
    window_length interval NOT NULL DEFAULT '24 hours',
    hour_length interval NOT NULL DEFAULT '1 hour',
    batch_length interval NOT NULL DEFAULT '1 minute',
    fpr double precision NOT NULL DEFAULT 0.01 CHECK (fpr > 0 AND fpr < 1),
    -- 'fuse' (binary fuse filters) takes the fewest bits: about 0.72 of a Bloom
    -- filter's at these rates, and three cache misses a probe. Bloom filters:
    -- 'fixed', or 'blocked' (about 16% more bits than 'fixed', one cache miss).
    layout text NOT NULL DEFAULT 'fuse' CHECK (layout IN ('fuse', 'fixed', 'blocked')),
    CHECK (batch_length > '0' AND hour_length >= batch_length AND window_length >= hour_length)
);
INSERT INTO dedup_settings DEFAULT VALUES;

-- The slices' rates. A batch is probed against S = window / hour hour slices
-- and hour / batch batch slices, plus one for a late rotation: their rates add
-- up to at most fpr. Bloom layouts: every slice at fpr / (S + 1). 'fuse': a
-- fuse filter's rate is a power of two, 2^-f, at 1.125 f bits an id; the hour
-- slices hold (nearly) every id of the window and the batch slices only the
-- current hour's, so f is chosen for the fewest bits an hour of ids takes in
-- all of its slices, window/hour * f_hour + f_batch, with
-- (window/hour + 1) 2^-f_hour + (hour/batch) 2^-f_batch <= fpr.
CREATE FUNCTION dedup_slice_rates(OUT hour_fpr double precision, OUT batch_fpr double precision)
LANGUAGE sql STABLE AS $$
    WITH s AS (
        SELECT fpr, layout, ceil(extract(epoch FROM window_length) / extract(epoch FROM hour_length)) AS hours,
               ceil(extract(epoch FROM hour_length) / extract(epoch FROM batch_length)) AS batches
        FROM dedup_settings
    ), fuse AS (
        SELECT fh, fb FROM s, generate_series(1, 32) fh, generate_series(1, 32) fb
        WHERE (s.hours + 1) * 2 ^ -fh + s.batches * 2 ^ -fb <= s.fpr
        ORDER BY s.hours * fh + fb, fh LIMIT 1
    )
    SELECT CASE WHEN layout = 'fuse' THEN 2 ^ -(SELECT fh FROM fuse) ELSE fpr / (hours + batches + 1) END,
           CASE WHEN layout = 'fuse' THEN 2 ^ -(SELECT fb FROM fuse) ELSE fpr / (hours + batches + 1) END
    FROM s
$$;

-- The live slices. kind 'batch': one batch's new ids; 'hour': the ids kept in
-- [starts, ends), built from dedup_recent. clicks is the number of ids in it.
CREATE TABLE dedup_slices (
    kind text NOT NULL CHECK (kind IN ('batch', 'hour')),
    starts timestamptz NOT NULL,
    ends timestamptz NOT NULL,
    clicks bigint NOT NULL,
    filter bloom,           -- layouts 'fixed' and 'blocked'
    fuse_filter fuse,       -- layout 'fuse'
    PRIMARY KEY (kind, starts),
    CHECK ((filter IS NULL) <> (fuse_filter IS NULL))
);

-- The ids kept since the last rotation, from which the hour slice is built.
-- UNLOGGED: no WAL for them. A crash empties it, but the batch slices it
-- stood for are WAL-logged: a batch whose ids are no longer all here keeps its
-- batch slice until that leaves the window (dedup_rotate checks the counts),
-- so a crash costs probes, never a missed duplicate.
CREATE UNLOGGED TABLE dedup_recent (
    batch_start timestamptz NOT NULL,
    click_id bigint NOT NULL
);

-- One batch: returns its ids that no live slice holds, each once (NULLs are
-- dropped), and records them: a batch slice, and their rows in dedup_recent.
-- Batches must come in time order with distinct batch_start values.
CREATE FUNCTION dedup_batch(batch_start timestamptz, ids bigint[]) RETURNS bigint[]
LANGUAGE plpgsql AS $$
DECLARE
    fresh bigint[];
    kept bigint[];
    window_start timestamptz;
BEGIN
    SELECT dedup_batch.batch_start - window_length INTO window_start FROM dedup_settings;
    -- The batch's distinct ids; a double click inside the batch is caught here.
    fresh := ARRAY(SELECT DISTINCT id FROM unnest(ids) id WHERE id IS NOT NULL);
    -- Every live slice probed in one query: the subscripts some slice may hold.
    kept := ARRAY(
        SELECT fresh[i] FROM generate_subscripts(fresh, 1) i
        WHERE i NOT IN (SELECT m FROM dedup_slices s,
                               unnest(coalesce(fuse_members(s.fuse_filter, fresh), bloom_members(s.filter, fresh))) m
                        WHERE s.ends > window_start));
    IF cardinality(kept) > 0 THEN
        INSERT INTO dedup_slices (kind, starts, ends, clicks, filter, fuse_filter)
        SELECT 'batch', dedup_batch.batch_start, dedup_batch.batch_start + batch_length, count(*),
               -- the layout's filter (the other aggregate sees no row)
               CASE WHEN s.layout <> 'fuse' THEN bloom_agg(id, CASE WHEN s.layout = 'fuse' THEN 1 ELSE cardinality(kept) END,
                                                           r.batch_fpr, s.layout) FILTER (WHERE s.layout <> 'fuse') END,
               CASE WHEN s.layout = 'fuse' THEN fuse_agg(id, r.batch_fpr) FILTER (WHERE s.layout = 'fuse') END
        FROM unnest(kept) id, dedup_settings s, dedup_slice_rates() r
        GROUP BY s.layout, s.batch_length;
        INSERT INTO dedup_recent SELECT dedup_batch.batch_start, id FROM unnest(kept) id;
    END IF;
    RETURN kept;
END
$$;

-- Once an hour (or later; at any time is safe): every whole hour before
-- now_at whose batches are all in dedup_recent becomes one hour slice, built
-- from their rows, in place of their batch slices; slices that left the window
-- are dropped. Returns what it did, a row per action.
CREATE FUNCTION dedup_rotate(now_at timestamptz)
RETURNS TABLE (action text, starts timestamptz, slices bigint, clicks bigint)
LANGUAGE plpgsql AS $$
DECLARE
    s dedup_settings;
    h timestamptz;
    hour_clicks bigint;
    hour_fpr double precision := (SELECT r.hour_fpr FROM dedup_slice_rates() r);
BEGIN
    SELECT * INTO s FROM dedup_settings;
    FOR h IN
        SELECT DISTINCT date_bin(s.hour_length, b.starts, timestamptz '2000-01-01')
        FROM dedup_slices b
        WHERE b.kind = 'batch' AND date_bin(s.hour_length, b.starts, timestamptz '2000-01-01') + s.hour_length <= now_at
        ORDER BY 1
    LOOP
        -- The hour's batches whose every kept id is still in dedup_recent (one pass over it).
        CREATE TEMP TABLE dedup_whole ON COMMIT DROP AS
        SELECT b.starts, r.n
        FROM dedup_slices b
        JOIN (SELECT r.batch_start, count(*) AS n FROM dedup_recent r
              WHERE r.batch_start >= h AND r.batch_start < h + s.hour_length GROUP BY r.batch_start) r
          ON r.batch_start = b.starts AND r.n = b.clicks
        WHERE b.kind = 'batch' AND b.starts >= h AND b.starts < h + s.hour_length;
        SELECT sum(n) INTO hour_clicks FROM dedup_whole;
        IF hour_clicks > 0 THEN
            INSERT INTO dedup_slices (kind, starts, ends, clicks, filter, fuse_filter)
            SELECT 'hour', h, h + s.hour_length, count(*),
                   -- the layout's filter (the other aggregate sees no row)
                   CASE WHEN s.layout <> 'fuse' THEN bloom_agg(r.click_id, CASE WHEN s.layout = 'fuse' THEN 1 ELSE hour_clicks END,
                                                               hour_fpr, s.layout) FILTER (WHERE s.layout <> 'fuse') END,
                   CASE WHEN s.layout = 'fuse' THEN fuse_agg(r.click_id, hour_fpr) FILTER (WHERE s.layout = 'fuse') END
            FROM dedup_recent r
            WHERE r.batch_start >= h AND r.batch_start < h + s.hour_length
              AND r.batch_start IN (SELECT w.starts FROM dedup_whole w);
            RETURN QUERY
            WITH gone AS (
                DELETE FROM dedup_slices b USING dedup_whole w
                WHERE b.kind = 'batch' AND b.starts = w.starts RETURNING b.clicks)
            SELECT 'hour built'::text, h, count(*), sum(gone.clicks)::bigint FROM gone;
        END IF;
        DROP TABLE dedup_whole;
        -- The hour's ids are in its slice now (or, for a batch whose rows a
        -- crash lost, in its batch slice). Earlier hours' rows went in earlier
        -- turns of this loop, so unless batches of a later hour came in
        -- before this rotation, they are all the table holds, and TRUNCATE
        -- frees them at once, leaving no dead rows behind.
        IF EXISTS (SELECT FROM dedup_slices b WHERE b.kind = 'batch' AND b.starts >= h + s.hour_length) THEN
            DELETE FROM dedup_recent r WHERE r.batch_start >= h AND r.batch_start < h + s.hour_length;
        ELSE
            TRUNCATE dedup_recent;
        END IF;
    END LOOP;
    RETURN QUERY
    WITH gone AS (DELETE FROM dedup_slices b WHERE b.ends <= now_at - s.window_length RETURNING b.clicks)
    SELECT 'dropped'::text, now_at - s.window_length, count(*), coalesce(sum(gone.clicks), 0)::bigint FROM gone;
END
$$;
