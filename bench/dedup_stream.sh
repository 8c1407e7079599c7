#!/usr/bin/env bash
# Deduplicating the click stream at its real rate: the recipe of
# examples/dedup_stream.sql (time-sliced Bloom filters, doc/STREAMS.md) against
# exact deduplication with a unique index on a day-partitioned table, on the
# same stream in the same run, on a throwaway cluster.
#
# The stream runs at its real rate (10,000 clicks/s); the window is scaled:
# BENCH_WINDOW seconds of it stand for a day, so an "hour" slice holds
# BENCH_WINDOW / 24 seconds of clicks and a batch BENCH_WINDOW / 1440. Ids: 5%
# double clicks within a second, 0.5% repeats 1 to 30 (scaled) hours later.
#   1. unpaced replay of BENCH_WINDOWS windows through each approach, as fast as
#      it goes: on-CPU time per click (of the approach's own calls, and the
#      VACUUM the slices need), WAL bytes per click, storage for the window at
#      the end, duplicates caught and let through, unique clicks dropped;
#   2. paced replay of BENCH_PACED seconds more of the stream, each batch at its
#      time: the share of one core the backend spends on-CPU at the real rate.
#
#   bench/dedup_stream.sh                                   720 s window (one day), 1.25 windows, 30 s paced (~10 min)
#   BENCH_WINDOW=3600 bench/dedup_stream.sh                 one hour standing for a day (5 times the clicks and the time)
#   BENCH_WINDOW=144 BENCH_PACED=10 bench/dedup_stream.sh   quick smoke run
#
# Goals (issue 12): 10,000 clicks/s on < 0.25 core; WAL per click <= 0.2x and
# storage <= 0.1x exact's; unique clicks dropped <= 1.1x the configured rate;
# no duplicate within the window let through. A missed goal prints MISS; the
# exit status only says whether the run worked.
set -euo pipefail
cd "$(dirname "$0")/.."
. test/cluster.sh
. bench/lib.sh

RATE=${BENCH_RATE:-10000}
WINDOW=${BENCH_WINDOW:-720}
WINDOWS=${BENCH_WINDOWS:-1.25}
PACED=${BENCH_PACED:-30}
FPR=${BENCH_FPR:-0.01}
DB=bench_dedup
OUT_DIR=bench/results
OUT=$OUT_DIR/dedup_stream-latest.txt
mkdir -p "$OUT_DIR"

SERVER_SETTINGS=(
	"shared_buffers = 1GB"
	"work_mem = 64MB"
	"jit = off"
	"max_parallel_workers_per_gather = 0"
	# VACUUM runs where the recipe needs it (the slices, after each rotation),
	# measured as the approach's cost; exact's partitions are insert-only.
	"autovacuum = off"
	"synchronous_commit = off"
	"max_wal_size = 4GB"
	"checkpoint_timeout = 1h"
)

sql() { psql -X -q -At -v ON_ERROR_STOP=1 -d "$DB" "$@"; }

build_and_install
start_cluster "${SERVER_SETTINGS[@]}"
LOAD_AT_START=$(cut -d' ' -f1-3 /proc/loadavg)

REPLAY_S=$(calc "$WINDOW * $WINDOWS" 3)
BATCH_S=$(calc "$WINDOW / 1440" 6)
BATCHES_PER_HOUR=60
# Whole scaled hours of unpaced replay, then the paced part.
HOURS=$(calc "$REPLAY_S / ($WINDOW / 24)" 0)
LAST_UNPACED=$((HOURS * BATCHES_PER_HOUR - 1))
LAST_PACED=$(calc "$LAST_UNPACED + $PACED / $BATCH_S" 0)
SECONDS_OF_STREAM=$(calc "($LAST_PACED + 2) * $BATCH_S" 3)

log "generating $(calc "$SECONDS_OF_STREAM * $RATE / 1e6" 1) M clicks ($SECONDS_OF_STREAM s at $RATE/s)"
psql -X -q -d postgres -c "CREATE DATABASE $DB"
sql -c "CREATE EXTENSION probabilistic" -c "CREATE EXTENSION pg_prewarm" -f bench/helpers.sql -f examples/dedup_stream.sql \
	-c "CREATE SCHEMA fz" -c "SET search_path = fz, public" -f examples/dedup_stream.sql
sql -v rate="$RATE" -v window_s="$WINDOW" -v seconds="$SECONDS_OF_STREAM" -v fpr="$FPR" -f bench/dedup_stream.sql >/dev/null
sql -c "SELECT sum(pg_prewarm(c.oid)) FROM pg_class c WHERE c.relname LIKE 'stream%'" >/dev/null

# replay APPROACH: the unpaced hours (a CALL per scaled hour; the recipe
# VACUUMs its slices after each rotation), then the paced part, in one session.
replay() {
	local approach=$1 h
	{
		echo "SET client_min_messages = warning;"
		# fuse: the recipe installed in schema fz, with fuse slices.
		[ "$approach" = fuse ] && echo "SET search_path = fz, public;"
		echo "CHECKPOINT;"
		for ((h = 0; h < HOURS; h++)); do
			echo "CALL replay('$approach', 'unpaced', $((h * 60)), $((h * 60 + 59)), false);"
			[ "$approach" = bloom ] || [ "$approach" = fuse ] && cat <<SQL
SELECT bench_cpu_ns() AS c0, pg_current_wal_insert_lsn() AS l0 \gset
VACUUM dedup_slices;
INSERT INTO costs SELECT '$approach', 'vacuum', $h, 0, bench_cpu_ns() - :c0, pg_current_wal_insert_lsn() - :'l0', 0;
SQL
			# issue-28: the one-filter form's row versions, vacuumed as often, at its cost.
			[ "$approach" = agebloom ] && cat <<SQL
SELECT bench_cpu_ns() AS c0, pg_current_wal_insert_lsn() AS l0 \gset
VACUUM age_seen;
INSERT INTO costs SELECT 'agebloom', 'vacuum', $h, 0, bench_cpu_ns() - :c0, pg_current_wal_insert_lsn() - :'l0', 0;
SQL
		done
		echo "INSERT INTO costs SELECT '$approach', 'storage', $HOURS, 0, 0, storage('$approach'), 0;"
		echo "CALL replay('$approach', 'paced', $((LAST_UNPACED + 1)), $LAST_PACED, true);"
	} | sql
}

# The 1-minute load average read after each approach's replay, printed beside its results.
declare -A REPLAY_LOAD
log "replaying $HOURS scaled hours ($((LAST_UNPACED + 1)) batches of $BATCH_S s) and ${PACED} s paced: bloom"
replay bloom
REPLAY_LOAD[bloom]=$(cut -d' ' -f1 /proc/loadavg)
log "the same through the recipe with fuse slices"
replay fuse
REPLAY_LOAD[fuse]=$(cut -d' ' -f1 /proc/loadavg)
log "the same through exact deduplication"
replay exact
REPLAY_LOAD[exact]=$(cut -d' ' -f1 /proc/loadavg)
log "the same through one agebloom filter of the window (issue 28)"
replay agebloom
REPLAY_LOAD[agebloom]=$(cut -d' ' -f1 /proc/loadavg)
log "checking both against the stream"

# Steady state: the hours after the first window, when every slice is live.
STEADY_FROM=24
[ "$HOURS" -gt "$STEADY_FROM" ] || STEADY_FROM=0
declare -A M
for a in bloom exact agebloom fuse; do
	read -r cpu wal storage share rate < <(sql -F' ' -c "SELECT * FROM summary('$a', $STEADY_FROM)")
	M[$a.cpu]=$cpu M[$a.wal]=$wal M[$a.storage]=$storage M[$a.share]=$share M[$a.rate]=$rate
done
while read -r a clicks kept dups caught through uniq dropped; do
	M[$a.clicks]=$clicks M[$a.kept]=$kept M[$a.dups]=$dups M[$a.caught]=$caught M[$a.through]=$through
	M[$a.uniq]=$uniq M[$a.dropped]=$dropped
done < <(sql -F' ' -c "SELECT * FROM verdict($((STEADY_FROM * 60)), $LAST_UNPACED)")
SLICES=$(sql -c "SELECT kind || ': ' || count(*) || ' of ' || pg_size_pretty(avg(pg_column_size(filter))::bigint) FROM dedup_slices GROUP BY kind ORDER BY kind" | paste -sd';' | sed 's/;/; /g')
SLICE_FPR=$(sql -c "SELECT hour_fpr FROM dedup_slice_rates()")
# Bits per id of the hour slices (the window's ids all pass through one), and
# the fuse recipe's rates.
BITS_BLOOM=$(sql -c "SELECT round(sum(octet_length(filter::bytea)) * 8.0 / sum(clicks), 2) FROM dedup_slices WHERE kind = 'hour'")
BITS_FUSE=$(sql -c "SELECT round(sum(octet_length(fuse_filter::bytea)) * 8.0 / sum(clicks), 2) FROM fz.dedup_slices WHERE kind = 'hour'")
# At the real scale: an hour slice of 36 million ids, built once each way at the
# rates the recipe picks for a day of hours at 1%.
log "an hour slice at the real scale: 36 million ids through fuse_agg and bloom_agg"
REAL_BITS=$(sql -c "SELECT format('%s|%s', round(8.0 * octet_length(fuse_agg(i, power(2, -12))::bytea) / 36e6, 3),
	round(8.0 * octet_length(bloom_agg(i, 36000000, 0.01 / 85)::bytea) / 36e6, 3)) FROM generate_series(1, 36000000::bigint) i")
IFS='|' read -r REAL_FUSE REAL_BLOOM <<<"$REAL_BITS"
FUSE_RATES=$(sql -c "SET search_path = fz, public" -c "SELECT format('hour slices at 2^%s, batch slices at 2^%s', log(2, hour_fpr::numeric)::int, log(2, batch_fpr::numeric)::int) FROM fz.dedup_slice_rates()")

core_at_rate() { calc "${M[$1.cpu]} * $RATE / 1e9" 3; }
wal_ratio=$(calc "${M[bloom.wal]} / ${M[exact.wal]}" 3)
storage_ratio=$(calc "${M[bloom.storage]} / ${M[exact.storage]}" 3)
drop_rate=$(calc "${M[bloom.dropped]} / ${M[bloom.uniq]}" 5)
drop_ratio=$(calc "$drop_rate / $FPR" 3)
{
	echo "bench/dedup_stream.sh, $(date -u '+%Y-%m-%d %H:%M UTC'), $(git rev-parse --short HEAD)$(git diff --quiet HEAD -- src sql examples bench || echo ' + uncommitted changes')"
	echo "machine:  $(nproc) CPUs, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ *//'); load average $LOAD_AT_START at start, $(cut -d' ' -f1-3 /proc/loadavg) at end"
	echo "          1-minute load average after each replay: bloom ${REPLAY_LOAD[bloom]}, fuse ${REPLAY_LOAD[fuse]}, exact ${REPLAY_LOAD[exact]}, agebloom ${REPLAY_LOAD[agebloom]}"
	echo "stream:   $RATE clicks/s; a window of $WINDOW s stands for a day (hour slice $(calc "$WINDOW / 24" 1) s, batch $BATCH_S s); $(fmt_int "${M[bloom.clicks]}") clicks replayed unpaced ($HOURS scaled hours), ${PACED} s paced"
	echo "          $(fmt_int "${M[bloom.dups]}") of them repeat a click seen less than a window before (double clicks within a second, repeats hours apart)"
	echo "recipe:   examples/dedup_stream.sql, window rate $FPR, each slice at $SLICE_FPR; slices at the end: $SLICES"
	echo "exact:    a unique index on (click_id, day) of a table partitioned by (scaled) day; yesterday's partition probed too"
	echo "measured: steady state = scaled hours $STEADY_FROM..$((HOURS - 1)) (every slice live); on-CPU time of the approach's own calls"
	echo "          (/proc/self/schedstat), its VACUUMs included; WAL from pg_current_wal_insert_lsn; storage: pg_total_relation_size"
	echo
	printf '%-44s %14s %14s %9s\n' "" "bloom slices" "exact" "ratio"
	printf '%-44s %14s %14s\n' "1-minute load average after its replay" "${REPLAY_LOAD[bloom]}" "${REPLAY_LOAD[exact]}"
	printf '%-44s %14s %14s %9s\n' "on-CPU per click (us)" "$(calc "${M[bloom.cpu]} / 1000" 2)" "$(calc "${M[exact.cpu]} / 1000" 2)" "$(calc "${M[bloom.cpu]} / ${M[exact.cpu]}" 3)"
	printf '%-44s %14s %14s\n' "clicks/s per core (on-CPU)" "$(fmt_int "$(calc "1e9 / ${M[bloom.cpu]}" 0)")" "$(fmt_int "$(calc "1e9 / ${M[exact.cpu]}" 0)")"
	printf '%-44s %14s %14s\n' "core at $RATE clicks/s (from the above)" "$(core_at_rate bloom)" "$(core_at_rate exact)"
	printf '%-44s %14s %14s\n' "paced at the real rate: on-CPU share of a core" "$(calc "${M[bloom.share]}" 3)" "$(calc "${M[exact.share]}" 3)"
	printf '%-44s %14s %14s\n' "paced: clicks/s kept up with" "$(fmt_int "$(calc "${M[bloom.rate]}" 0)")" "$(fmt_int "$(calc "${M[exact.rate]}" 0)")"
	printf '%-44s %14s %14s %9s\n' "WAL per click (bytes)" "$(calc "${M[bloom.wal]}" 2)" "$(calc "${M[exact.wal]}" 2)" "$wal_ratio"
	printf '%-44s %14s %14s %9s\n' "storage for the window (MB)" "$(calc "${M[bloom.storage]} / 1048576" 1)" "$(calc "${M[exact.storage]} / 1048576" 1)" "$storage_ratio"
	printf '%-44s %14s %14s\n' "duplicates caught" "$(fmt_int "${M[bloom.caught]}")" "$(fmt_int "${M[exact.caught]}")"
	printf '%-44s %14s %14s\n' "duplicates within the window let through" "${M[bloom.through]}" "${M[exact.through]}"
	printf '%-44s %14s %14s\n' "unique clicks wrongly dropped" "$(fmt_int "${M[bloom.dropped]}") ($(calc "$drop_rate * 100" 3)%)" "${M[exact.dropped]}"
	echo
	printf '%-58s %-10s %9s %s\n' goal target measured ""
	printf '%-58s %-10s %9s %s\n' "10,000 clicks/s on-CPU (paced), share of one core" "< 0.25" "$(calc "${M[bloom.share]}" 3)" "$(verdict "${M[bloom.share]}" 0.25)"
	printf '%-58s %-10s %9s %s\n' "the same from the unpaced cost per click" "< 0.25" "$(core_at_rate bloom)" "$(verdict "$(core_at_rate bloom)" 0.25)"
	printf '%-58s %-10s %9s %s\n' "WAL per click / exact's" "<= 0.2" "$wal_ratio" "$(verdict "$wal_ratio" 0.2)"
	printf '%-58s %-10s %9s %s\n' "storage for the window / exact's" "<= 0.1" "$storage_ratio" "$(verdict "$storage_ratio" 0.1)"
	printf '%-58s %-10s %9s %s\n' "unique clicks dropped / configured rate ($FPR)" "<= 1.1" "$drop_ratio" "$(verdict "$drop_ratio" 1.1)"
	printf '%-58s %-10s %9s %s\n' "duplicates within the window let through" "0" "${M[bloom.through]}" "$(verdict "${M[bloom.through]}" 0)"
	# BEGIN issue-28 agebloom: one agebloom filter of the window (time mode) in one row.
	age_design=$(sql -c "SELECT format('k %s, %s generations, %s bits per windowed id (capacity %s)', agebloom_info(f)->>'k',
		agebloom_info(f)->>'generations', round((agebloom_info(f)->>'bits_per_item')::numeric, 2), agebloom_info(f)->>'capacity') FROM age_seen")
	age_drop=$(calc "${M[agebloom.dropped]} / ${M[agebloom.uniq]}" 5)
	echo
	echo "agebloom: one filter of the window in one row ($age_design), rewritten by each batch"
	printf '%-44s %14s %14s %9s\n' "" "agebloom" "bloom slices" "ratio"
	printf '%-44s %14s %14s %9s\n' "on-CPU per click (us)" "$(calc "${M[agebloom.cpu]} / 1000" 2)" "$(calc "${M[bloom.cpu]} / 1000" 2)" "$(calc "${M[agebloom.cpu]} / ${M[bloom.cpu]}" 3)"
	printf '%-44s %14s %14s %9s\n' "WAL per click (bytes)" "$(calc "${M[agebloom.wal]}" 2)" "$(calc "${M[bloom.wal]}" 2)" "$(calc "${M[agebloom.wal]} / ${M[bloom.wal]}" 3)"
	printf '%-44s %14s %14s %9s\n' "storage for the window (MB)" "$(calc "${M[agebloom.storage]} / 1048576" 1)" "$(calc "${M[bloom.storage]} / 1048576" 1)" "$(calc "${M[agebloom.storage]} / ${M[bloom.storage]}" 3)"
	printf '%-44s %14s %14s\n' "duplicates within the window let through" "${M[agebloom.through]}" "${M[bloom.through]}"
	printf '%-44s %14s %14s\n' "unique clicks wrongly dropped" "$(fmt_int "${M[agebloom.dropped]}") ($(calc "$age_drop * 100" 3)%)" "$(fmt_int "${M[bloom.dropped]}") ($(calc "$drop_rate * 100" 3)%)"
	# END issue-28
	# issue-28: the table-backed form, one row per slice written once, with
	# binary fuse filters for slices against the same recipe's Bloom slices.
	fuse_drop=$(calc "${M[fuse.dropped]} / ${M[fuse.uniq]}" 5)
	bits_ratio=$(calc "$BITS_FUSE / $BITS_BLOOM" 3)
	echo
	echo "fuse slices: the same recipe (schema fz), layout 'fuse': $FUSE_RATES"
	printf '%-44s %14s %14s %9s\n' "" "fuse slices" "bloom slices" "ratio"
	printf '%-44s %14s %14s %9s\n' "bits per id of the hour slices" "$BITS_FUSE" "$BITS_BLOOM" "$bits_ratio"
	printf '%-44s %14s %14s %9s\n' "on-CPU per click (us)" "$(calc "${M[fuse.cpu]} / 1000" 2)" "$(calc "${M[bloom.cpu]} / 1000" 2)" "$(calc "${M[fuse.cpu]} / ${M[bloom.cpu]}" 3)"
	printf '%-44s %14s %14s %9s\n' "WAL per click (bytes)" "$(calc "${M[fuse.wal]}" 2)" "$(calc "${M[bloom.wal]}" 2)" "$(calc "${M[fuse.wal]} / ${M[bloom.wal]}" 3)"
	printf '%-44s %14s %14s %9s\n' "storage for the window (MB)" "$(calc "${M[fuse.storage]} / 1048576" 1)" "$(calc "${M[bloom.storage]} / 1048576" 1)" "$(calc "${M[fuse.storage]} / ${M[bloom.storage]}" 3)"
	printf '%-44s %14s %14s\n' "paced at the real rate: on-CPU share of a core" "$(calc "${M[fuse.share]}" 3)" "$(calc "${M[bloom.share]}" 3)"
	printf '%-44s %14s %14s\n' "duplicates within the window let through" "${M[fuse.through]}" "${M[bloom.through]}"
	printf '%-44s %14s %14s\n' "unique clicks wrongly dropped" "$(fmt_int "${M[fuse.dropped]}") ($(calc "$fuse_drop * 100" 3)%)" "$(fmt_int "${M[bloom.dropped]}") ($(calc "$drop_rate * 100" 3)%)"
	printf '%-44s %14s %14s %9s\n' "the same, an hour of 36M ids (real scale)" "$REAL_FUSE" "$REAL_BLOOM" "$(calc "$REAL_FUSE / $REAL_BLOOM" 3)"
	printf '%-58s %-10s %9s %s\n' "bits per windowed id at the real scale, fuse / Bloom slices" "<= 0.75" "$(calc "$REAL_FUSE / $REAL_BLOOM" 3)" "$(verdict "$(calc "$REAL_FUSE / $REAL_BLOOM" 3)" 0.75)"
	printf '%-58s %-10s %9s %s\n' "the same at this run's scale" "<= 0.75" "$bits_ratio" "$(verdict "$bits_ratio" 0.75)"
	printf '%-58s %-10s %9s %s\n' "fuse: unique clicks dropped / configured rate ($FPR)" "<= 1.1" "$(calc "$fuse_drop / $FPR" 3)" "$(verdict "$(calc "$fuse_drop / $FPR" 3)" 1.1)"
	printf '%-58s %-10s %9s %s\n' "fuse: duplicates within the window let through" "0" "${M[fuse.through]}" "$(verdict "${M[fuse.through]}" 0)"
} | tee "$OUT"
