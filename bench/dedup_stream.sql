-- The replay machinery of bench/dedup_stream.sh, installed in its database
-- after bench/helpers.sql and examples/dedup_stream.sql (the recipe, in schema
-- public). psql variables: rate (clicks/s), window_s (the scaled window: a
-- day), seconds (stream to generate), fpr.
--
-- Time is scaled: the window of :window_s seconds stands for a day, so an
-- "hour" slice holds window_s / 24 seconds of clicks and a batch window_s /
-- 1440 seconds; the stream itself runs at its real rate.

SELECT :window_s / 24.0 AS hour_s, :window_s / 1440.0 AS batch_s \gset
UPDATE dedup_settings SET window_length = make_interval(secs => :window_s),
    hour_length = make_interval(secs => :hour_s), batch_length = make_interval(secs => :batch_s), fpr = :fpr,
    layout = 'fixed';
-- The same recipe in schema fz with fuse slices (approach 'fuse': its replay
-- runs with search_path fz, public).
UPDATE fz.dedup_settings f SET window_length = p.window_length, hour_length = p.hour_length,
    batch_length = p.batch_length, fpr = p.fpr, layout = 'fuse' FROM public.dedup_settings p;

-- The stream, in the order it arrives: t seconds from the start, batch b.
-- Originals at a steady rate; 5% of them clicked twice within a second; 0.5%
-- repeated 1 to 30 (scaled) hours later, so some repeats fall inside the window
-- and some after it. Ids: 70% time-ordered (snowflake-like: milliseconds and
-- a sequence number), 30% random 63-bit.
CREATE UNLOGGED TABLE stream (t double precision NOT NULL, b int NOT NULL, id bigint NOT NULL);
SELECT setseed(0.12);
WITH originals AS (
    SELECT o, o / (:rate / 1.055) AS t,
           CASE WHEN o % 10 < 7
                THEN (1735689600000 + floor(o * 1000 / (:rate / 1.055)))::bigint * 4194304 + o % 4194304
                ELSE hashint8extended(o, 42) & 9223372036854775807 END AS id
    FROM generate_series(1, (:seconds * :rate / 1.055)::bigint) o
), events AS (
    SELECT t, id FROM originals
    UNION ALL
    SELECT t + random(), id FROM originals WHERE random() < 0.05
    UNION ALL
    SELECT t + (1 + 29 * random()) * :hour_s, id FROM originals WHERE random() < 0.005
)
INSERT INTO stream SELECT t, floor(t / :batch_s)::int, id FROM events WHERE t < :seconds ORDER BY t;
CREATE INDEX ON stream (b);
ANALYZE stream;

-- Exact deduplication: a table partitioned by (scaled) day with a unique
-- index; a click is new when neither today's partition (the unique index,
-- ON CONFLICT) nor yesterday's (a lookup, within the window) holds it.
CREATE TABLE exact_seen (day int NOT NULL, click_id bigint NOT NULL, seen_at timestamptz NOT NULL,
                         PRIMARY KEY (click_id, day)) PARTITION BY RANGE (day);

CREATE FUNCTION exact_batch(batch_start timestamptz, ids bigint[]) RETURNS bigint[]
LANGUAGE plpgsql AS $$
DECLARE
    w interval := (SELECT window_length FROM dedup_settings);
    d int := floor(extract(epoch FROM batch_start - timestamptz '2000-01-01') / extract(epoch FROM w));
    kept bigint[];
BEGIN
    WITH fresh AS (
        SELECT DISTINCT id FROM unnest(ids) id
        WHERE id IS NOT NULL
          AND NOT EXISTS (SELECT FROM exact_seen e
                          WHERE e.click_id = id AND e.day = d - 1 AND e.seen_at > batch_start - w)
    ), ins AS (
        INSERT INTO exact_seen SELECT d, id, batch_start FROM fresh ON CONFLICT DO NOTHING RETURNING click_id
    )
    SELECT array_agg(click_id) INTO kept FROM ins;
    RETURN coalesce(kept, '{}');
END
$$;

-- Today's partition exists before its first batch; the day before yesterday's goes.
CREATE FUNCTION exact_rotate(batch_start timestamptz) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
    d int := floor(extract(epoch FROM batch_start - timestamptz '2000-01-01')
                   / extract(epoch FROM (SELECT window_length FROM dedup_settings)));
    p record;
BEGIN
    EXECUTE format('CREATE TABLE IF NOT EXISTS exact_seen_%s PARTITION OF exact_seen FOR VALUES FROM (%s) TO (%s)',
                   d, d, d + 1);
    FOR p IN SELECT c.relname FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
             WHERE i.inhparent = 'exact_seen'::regclass
               AND substring(c.relname FROM '^exact_seen_(\d+)$')::int < d - 1 LOOP
        EXECUTE format('DROP TABLE %I', p.relname);
    END LOOP;
END
$$;

-- BEGIN issue-28 agebloom
-- The one-filter form: an agebloom of the window (time mode) in one row, sized
-- for the window's ids with 10% to spare; a batch keeps the ids it does not
-- contain as of the batch's time, and adds them (the batch's filter, united
-- with the row's). One statement's work per batch; the row is rewritten whole.
CREATE TABLE age_seen (f agebloom NOT NULL);
INSERT INTO age_seen SELECT agebloom_empty(window_length, ceil(:rate * :window_s * 1.1)::bigint, fpr) FROM dedup_settings;
CREATE FUNCTION agebloom_batch(batch_start timestamptz, ids bigint[]) RETURNS bigint[]
LANGUAGE plpgsql AS $$
DECLARE
    fresh bigint[];
    kept bigint[];
    s dedup_settings;
    cap bigint;
BEGIN
    SELECT * INTO s FROM dedup_settings;
    SELECT (agebloom_info(f)->>'capacity')::bigint INTO cap FROM age_seen;
    fresh := ARRAY(SELECT DISTINCT id FROM unnest(ids) id WHERE id IS NOT NULL);
    SELECT ARRAY(SELECT id FROM unnest(fresh) id WHERE NOT agebloom_contains(a.f, id, batch_start)) INTO kept
    FROM age_seen a;
    IF cardinality(kept) > 0 THEN
        UPDATE age_seen SET f = agebloom_union(f, (SELECT agebloom_agg(id, s.window_length, cap, s.fpr, batch_start)
                                                   FROM unnest(kept) id));
    END IF;
    RETURN kept;
END
$$;
-- The clicks a filter of this form may still drop after the window: k generations.
CREATE FUNCTION agebloom_slack_s() RETURNS double precision
LANGUAGE sql AS $$
    SELECT (agebloom_info(f)->>'k')::int * (agebloom_info(f)->>'generation_us')::double precision / 1e6 FROM age_seen
$$;
-- END issue-28

-- What each approach kept, per batch (UNLOGGED: no part of the measured WAL).
CREATE UNLOGGED TABLE kept (approach text NOT NULL, b int NOT NULL, id bigint NOT NULL);
-- Costs: on-CPU nanoseconds of the deduplication's own calls, WAL bytes.
-- phase: 'unpaced' (a scaled hour of batches), 'vacuum' (of the slices, after
-- that hour), 'paced'; 'storage' holds the bytes kept for the window in wal_bytes.
CREATE UNLOGGED TABLE costs (approach text, phase text, hour int, clicks bigint, cpu_ns bigint,
                             wal_bytes numeric, wall_s double precision);

-- Replays batches first .. last through one approach, a transaction per
-- batch. On-CPU time is taken around the approach's calls only (its batch
-- and its rotation), not around fetching the batch or logging what it kept;
-- WAL is the whole replay's (the stream, kept and costs are UNLOGGED). paced:
-- each batch waits for its time in the stream (first batch at the call), so
-- the approach meets the stream at its real rate.
CREATE PROCEDURE replay(approach text, phase text, first int, last int, paced boolean)
LANGUAGE plpgsql AS $$
DECLARE
    s dedup_settings;
    ids bigint[];
    got bigint[];
    at timestamptz;
    hour_of_last timestamptz;
    cpu0 bigint;
    cpu bigint := 0;
    clicks bigint := 0;
    lsn0 pg_lsn := pg_current_wal_insert_lsn();
    started timestamptz := clock_timestamp();
    wait double precision;
BEGIN
    SELECT * INTO s FROM dedup_settings;
    FOR batch IN first .. last LOOP
        SELECT array_agg(id ORDER BY t) INTO ids FROM stream WHERE stream.b = batch;
        ids := coalesce(ids, '{}');
        IF paced THEN
            wait := extract(epoch FROM (batch - first + 1) * s.batch_length - (clock_timestamp() - started));
            IF wait > 0 THEN PERFORM pg_sleep(wait); END IF;
        END IF;
        at := timestamptz '2026-01-01' + batch * s.batch_length;
        cpu0 := bench_cpu_ns();
        IF approach IN ('bloom', 'fuse') THEN  -- fuse: the recipe in schema fz
            -- The hour's rotation once its last batch is in.
            IF hour_of_last IS DISTINCT FROM date_bin(s.hour_length, at, timestamptz '2000-01-01') THEN
                PERFORM dedup_rotate(at);
                hour_of_last := date_bin(s.hour_length, at, timestamptz '2000-01-01');
            END IF;
            got := dedup_batch(at, ids);
        ELSIF approach = 'agebloom' THEN  -- issue-28
            got := agebloom_batch(at, ids);
        ELSE
            IF batch = first OR date_bin(s.window_length, at, timestamptz '2000-01-01')
                            <> date_bin(s.window_length, at - s.batch_length, timestamptz '2000-01-01') THEN
                PERFORM exact_rotate(at);
            END IF;
            got := exact_batch(at, ids);
        END IF;
        cpu := cpu + (bench_cpu_ns() - cpu0);
        clicks := clicks + cardinality(ids);
        INSERT INTO kept SELECT approach, batch, unnest(got);
        COMMIT;
    END LOOP;
    INSERT INTO costs VALUES (approach, phase, first / 60, clicks, cpu,
                              pg_current_wal_insert_lsn() - lsn0, extract(epoch FROM clock_timestamp() - started));
    COMMIT;
END
$$;

-- The bytes an approach keeps for its window, now.
CREATE FUNCTION storage(approach text) RETURNS bigint
LANGUAGE sql AS $$
    SELECT CASE WHEN approach = 'bloom'
        THEN pg_total_relation_size('dedup_slices') + pg_total_relation_size('dedup_recent')
        WHEN approach = 'fuse' THEN pg_total_relation_size('fz.dedup_slices') + pg_total_relation_size('fz.dedup_recent')
        WHEN approach = 'agebloom' THEN pg_total_relation_size('age_seen')  -- issue-28
        ELSE (SELECT coalesce(sum(pg_total_relation_size(i.inhrelid)), 0)
              FROM pg_inherits i WHERE i.inhparent = 'exact_seen'::regclass) END
$$;

-- Against the truth of the stream, both approaches in one pass. Per (id,
-- batch): how many clicks, whether each approach kept the id there, and how
-- long before (batch times, as the approaches see them) it last kept it. In a
-- batch, the clicks after the first repeat it (duplicates, caught by the
-- batch's DISTINCT); the first is a duplicate when the id was kept less than a
-- window before (let through if kept again), and a unique click when it was
-- not kept within window + one hour slice (the filters' window reaches up to
-- a slice further back than the exact one's: repeats in between count as
-- neither). Clicks of batches up to last_batch count; unique ones only from
-- first_batch on (the steady state, every slice live).
CREATE FUNCTION verdict(first_batch int, last_batch int)
RETURNS TABLE (approach text, clicks bigint, kept_clicks bigint, duplicates bigint, duplicates_caught bigint,
               duplicates_through bigint, unique_clicks bigint, unique_dropped bigint)
LANGUAGE sql AS $$
    WITH s AS (SELECT extract(epoch FROM window_length) AS w, extract(epoch FROM hour_length) AS h,
                      extract(epoch FROM batch_length) AS bl,
                      (SELECT agebloom_slack_s()) AS age_slack FROM dedup_settings),  -- issue-28: once
    g AS (
        SELECT st.id, st.b, count(*) AS n FROM stream st WHERE st.b <= last_batch GROUP BY st.id, st.b
    ), k AS (
        SELECT g.*, kb.id IS NOT NULL AS kept_bloom, ke.id IS NOT NULL AS kept_exact, ka.id IS NOT NULL AS kept_age,
               kf.id IS NOT NULL AS kept_fuse
        FROM g
        LEFT JOIN kept kb ON kb.approach = 'bloom' AND kb.b = g.b AND kb.id = g.id
        LEFT JOIN kept ke ON ke.approach = 'exact' AND ke.b = g.b AND ke.id = g.id
        LEFT JOIN kept ka ON ka.approach = 'agebloom' AND ka.b = g.b AND ka.id = g.id
        LEFT JOIN kept kf ON kf.approach = 'fuse' AND kf.b = g.b AND kf.id = g.id
    ), p AS (
        SELECT k.b, k.n, k.kept_bloom, k.kept_exact, k.kept_age, k.kept_fuse,
               (k.b - max(k.b) FILTER (WHERE k.kept_fuse) OVER w) * s.bl AS since_fuse,
               (k.b - max(k.b) FILTER (WHERE k.kept_bloom) OVER w) * s.bl AS since_bloom,
               (k.b - max(k.b) FILTER (WHERE k.kept_exact) OVER w) * s.bl AS since_exact,
               (k.b - max(k.b) FILTER (WHERE k.kept_age) OVER w) * s.bl AS since_age
        FROM k, s
        WINDOW w AS (PARTITION BY k.id ORDER BY k.b ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING)
    ), per AS (
        SELECT 'bloom' AS approach, b, n, kept_bloom AS kept, since_bloom AS since, s.h AS slack FROM p, s
        UNION ALL
        SELECT 'exact', b, n, kept_exact, since_exact, s.h FROM p, s
        UNION ALL
        SELECT 'fuse', b, n, kept_fuse, since_fuse, s.h FROM p, s
        WHERE EXISTS (SELECT FROM kept WHERE kept.approach = 'fuse')
        UNION ALL  -- issue-28: an agebloom may still drop a repeat up to k generations after the window
        SELECT 'agebloom', b, n, kept_age, since_age, greatest(s.h, s.age_slack) FROM p, s
        WHERE EXISTS (SELECT FROM kept WHERE kept.approach = 'agebloom')
    )
    SELECT per.approach, sum(n)::bigint, count(*) FILTER (WHERE kept),
           sum(n - 1 + coalesce(since < s.w, false)::int)::bigint,
           sum(n - 1 + coalesce(since < s.w AND NOT kept, false)::int)::bigint,
           count(*) FILTER (WHERE since < s.w AND kept),
           count(*) FILTER (WHERE b >= first_batch AND (since IS NULL OR since >= s.w + per.slack)),
           count(*) FILTER (WHERE b >= first_batch AND (since IS NULL OR since >= s.w + per.slack) AND NOT kept)
    FROM per, s
    GROUP BY per.approach
    ORDER BY per.approach
$$;

-- An approach's numbers: over the unpaced hours from steady_from on (all
-- slices live) with their VACUUMs, on-CPU ns and WAL bytes per click; storage
-- at the end of the unpaced replay; the paced part's on-CPU share of one core
-- and the rate it kept up with.
CREATE FUNCTION summary(approach text, steady_from int, OUT cpu_ns_per_click double precision,
                        OUT wal_per_click double precision, OUT storage_bytes bigint,
                        OUT paced_core_share double precision, OUT paced_clicks_per_s double precision)
LANGUAGE sql AS $$
    SELECT sum(cpu_ns) FILTER (WHERE phase IN ('unpaced', 'vacuum') AND hour >= steady_from)
               / sum(clicks) FILTER (WHERE phase = 'unpaced' AND hour >= steady_from),
           sum(wal_bytes) FILTER (WHERE phase IN ('unpaced', 'vacuum') AND hour >= steady_from)
               / sum(clicks) FILTER (WHERE phase = 'unpaced' AND hour >= steady_from),
           max(wal_bytes) FILTER (WHERE phase = 'storage')::bigint,
           sum(cpu_ns) FILTER (WHERE phase = 'paced') / 1e9 / sum(wall_s) FILTER (WHERE phase = 'paced'),
           sum(clicks) FILTER (WHERE phase = 'paced') / sum(wall_s) FILTER (WHERE phase = 'paced')
    FROM costs WHERE costs.approach = summary.approach
$$;
