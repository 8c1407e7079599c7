#!/usr/bin/env bash
# The stream deduplication recipe (examples/dedup_stream.sql, doc/STREAMS.md)
# on a small simulated stream, in a scratch database: no click whose id was
# kept within the window is kept again; unique clicks are dropped at the rate
# the live slices' fill predicts (within 5 standard deviations), below the
# configured one; each hour's batch slices become one hour slice and slices
# leave at the end of the window; a batch whose stored ids a crash lost keeps
# its batch slice, so its ids are still caught. Time is simulated (batch_start
# values), so nothing depends on the machine's speed. Run once for each kind
# of slice: binary fuse filters (layout 'fuse', the default) and Bloom filters
# ('fixed').
set -euo pipefail
cd "$(dirname "$0")/../.."
DB=
trap '[ -z "$DB" ] || psql -X -q -d postgres -c "DROP DATABASE IF EXISTS $DB" >/dev/null 2>&1 || true' EXIT
sql() { psql -X -q -At -v ON_ERROR_STOP=1 -d "$DB" "$@"; }

failed=0
LAYOUT=
check() { # check NAME CONDITION-RESULT DETAIL
	if [ "$2" = t ]; then echo "ok - $LAYOUT: $1${3:+: $3}"; else echo "not ok - $LAYOUT: $1${3:+: $3}"; failed=1; fi
}

run_layout() {
LAYOUT=$1
DB=prob_dedup_stream_${LAYOUT}_$$
psql -X -q -d postgres -c "CREATE DATABASE $DB"
sql -c "CREATE EXTENSION probabilistic" -f examples/dedup_stream.sql -c "UPDATE dedup_settings SET layout = '$LAYOUT'"

# A window of 4 hours of 10-minute batches (S = 4 + 6 slices, each at
# 0.05 / 11), 2,000 clicks a batch for 7 hours: new ids, double clicks in the
# same batch, repeats 1 to 3 batches later and 1 to 6 hours later (inside the
# window and past it). For every batch: what it kept, and the drop
# probability of a new id from the slices it was probed against (1 - the
# product of 1 - rate over them: a Bloom slice's bloom_fpr, its fill's
# prediction; a fuse slice's 2^-f).
sql <<'SQL'
UPDATE dedup_settings SET window_length = '4 hours', hour_length = '1 hour', batch_length = '10 minutes', fpr = 0.05;
CREATE TABLE stream (b int, id bigint);
SELECT setseed(0.5);
INSERT INTO stream
SELECT b, b * 10000 + i FROM generate_series(0, 41) b, generate_series(1, 1800) i;
INSERT INTO stream  -- double clicks and repeats 1 to 3 batches later
SELECT b, b * 10000 + 1 + floor(random() * 1800)::int FROM generate_series(0, 41) b, generate_series(1, 100) i
UNION ALL
SELECT b, (b - 1 - floor(random() * least(b, 3)))::int * 10000 + 1 + floor(random() * 1800)::int
FROM generate_series(1, 41) b, generate_series(1, 50) i
UNION ALL  -- repeats 1 to 6 hours later
SELECT b, (b - 6 - floor(random() * least(b - 5, 31)))::int * 10000 + 1 + floor(random() * 1800)::int
FROM generate_series(6, 41) b, generate_series(1, 50) i;
CREATE TABLE kept (b int, id bigint);
CREATE TABLE probed (b int, drop_p double precision, slices int);
CREATE TABLE rotations (b int, action text, starts timestamptz, slices bigint, clicks bigint);

DO $$
DECLARE
    at timestamptz;
BEGIN
    FOR batch IN 0 .. 41 LOOP
        at := timestamptz '2026-01-01' + batch * interval '10 minutes';
        IF batch % 6 = 0 THEN
            INSERT INTO rotations SELECT batch, r.* FROM dedup_rotate(at) r;
        END IF;
        -- A crash in hour 2 empties the UNLOGGED buffer after its third batch.
        IF batch = 15 THEN
            TRUNCATE dedup_recent;
        END IF;
        INSERT INTO probed
        SELECT batch, 1 - exp(sum(ln(1 - coalesce(bloom_fpr(filter), (fuse_info(fuse_filter)->>'estimated_fpr')::float8)))),
               count(*)
        FROM dedup_slices WHERE ends > at - interval '4 hours';
        INSERT INTO kept
        SELECT batch, unnest(dedup_batch(at, (SELECT array_agg(id ORDER BY random()) FROM stream s WHERE s.b = batch)));
    END LOOP;
END $$;
SQL

# Per (batch, id): kept or not, and the batches since the id was last kept.
read -r dup_kept dup_dropped grey new_clicks new_dropped expected sd < <(sql -F' ' <<'SQL'
WITH occ AS (
    SELECT DISTINCT s.b, s.id, k.id IS NOT NULL AS is_kept FROM stream s LEFT JOIN kept k ON k.b = s.b AND k.id = s.id
), since AS (
    SELECT o.*, o.b - max(o.b) FILTER (WHERE o.is_kept)
                      OVER (PARTITION BY o.id ORDER BY o.b ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING) AS since
    FROM occ o
), new AS (
    SELECT s.*, p.drop_p FROM since s JOIN probed p USING (b) WHERE s.since IS NULL OR s.since > 30
)
SELECT (SELECT count(*) FROM since WHERE since <= 24 AND is_kept),
       (SELECT count(*) FROM since WHERE since <= 24 AND NOT is_kept),
       (SELECT count(*) FROM since WHERE since BETWEEN 25 AND 30),
       (SELECT count(*) FROM new), (SELECT count(*) FROM new WHERE NOT is_kept),
       (SELECT round(sum(drop_p)::numeric, 1) FROM new), (SELECT round(sqrt(sum(drop_p * (1 - drop_p)))::numeric, 1) FROM new)
SQL
)
check "no id kept again within the window" "$([ "$dup_kept" = 0 ] && [ "$dup_dropped" -gt 3000 ] && echo t)" \
	"$dup_dropped repeats within 4 hours dropped, $dup_kept kept ($grey between 4 and 5 hours, either way)"
in_bound=$(awk -v d="$new_dropped" -v e="$expected" -v s="$sd" 'BEGIN { print (d >= e - 5 * s && d <= e + 5 * s) ? "t" : "f" }')
check "unique clicks dropped at the slices' predicted rate" "$in_bound" \
	"$new_dropped of $new_clicks dropped, predicted $expected +- $sd (5 sd allowed)"
below=$(awk -v d="$new_dropped" -v n="$new_clicks" 'BEGIN { print (d / n <= 0.05) ? "t" : "f" }')
check "the drop rate is below the configured 0.05" "$below" "$(awk -v d="$new_dropped" -v n="$new_clicks" 'BEGIN { printf "%.4f", d / n }')"

# Hour 2's batch slices that a crash kept live are probed until 06:30 (batch 39).
read -r max_slices max_after hours_built < <(sql -F' ' -c \
	"SELECT max(slices), max(slices) FILTER (WHERE b >= 39), (SELECT count(*) FROM rotations WHERE action = 'hour built') FROM probed")
check "a batch is probed against at most window/hour + hour/batch slices" \
	"$([ "$max_after" -le 10 ] && [ "$max_slices" -le 13 ] && echo t)" "at most $max_after (and $max_slices with 3 a crash kept)"
check "each whole hour became one hour slice" "$([ "$hours_built" = 6 ] && echo t)" "$hours_built hour slices built"
sql -c "SELECT count(*) FROM dedup_rotate('2026-01-01 07:00')" >/dev/null
read -r old live_batches kept_batches < <(sql -F' ' -c "SELECT (SELECT count(*) FROM dedup_slices WHERE ends <= '2026-01-01 03:00'),
	           (SELECT count(*) FROM dedup_slices WHERE kind = 'batch' AND starts >= '2026-01-01 03:00'),
	           (SELECT count(*) FROM dedup_slices WHERE kind = 'batch' AND starts < '2026-01-01 03:00')")
check "slices leave at the end of the window" "$([ "$old" = 0 ] && echo t)" "$old slices older than 4 hours"
check "batch slices are replaced by their hour's slice" "$([ "$live_batches" = 0 ] && [ "$kept_batches" = 0 ] && echo t)" \
	"$live_batches batch slices left of the last 4 hours"
# The crash: hour 2's first three batches kept their batch slices (their ids
# were gone from dedup_recent), the other three went into the hour slice.
crash_hour=$(sql -c "SELECT slices FROM rotations WHERE action = 'hour built' AND starts = '2026-01-01 02:00'")
check "after a crash, the batches whose ids were lost keep their batch slices" "$([ "$crash_hour" = 3 ] && echo t)" \
	"the hour slice of hour 2 replaced $crash_hour of its 6 batch slices"
kinds=$(sql -c "SELECT string_agg(DISTINCT CASE WHEN filter IS NULL THEN 'fuse' ELSE (bloom_info(filter)->>'layout') END, ',') FROM dedup_slices")
check "the slices are of the layout set" "$([ "$kinds" = "$LAYOUT" ] && echo t)" "slices: $kinds"
psql -X -q -d postgres -c "DROP DATABASE $DB"
DB=
}

run_layout fuse
run_layout fixed
exit $failed
