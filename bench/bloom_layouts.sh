#!/usr/bin/env bash
# The classic and blocked Bloom layouts side by side (issue 12), on a
# throwaway cluster: for filters of each key count at 1%, probing a table of
# ids (half of them keys) with the classic filter and with the blocked one,
# against a trivial scan and the exact hash semi-join; building each filter
# against count(); memory and the measured false positive rate of each.
# Prints a table and writes it to bench/results/bloom-layouts-latest.txt.
#
#   bench/bloom_layouts.sh                                              10^6 and 10^7 keys, 2M probes, 5 rounds
#   BENCH_KEYS="1000000 10000000 100000000" BENCH_PROBES=4000000 bench/bloom_layouts.sh
#   BENCH_KEYS=100000 BENCH_PROBES=200000 BENCH_ROUNDS=2 bench/bloom_layouts.sh   quick smoke run
#   BENCH_PATTERN=alternate bench/bloom_layouts.sh                      probe ids as runs before 2026-12-03
#
# Which probe ids are keys (BENCH_PATTERN): "random", the default, decides each
# by a hash of its row number, so a probe's answer is as unpredictable as in
# real use; "alternate" makes every other id a key, as runs before 2026-12-03
# did. That pattern flatters a probe one row at a time: the CPU's branch
# predictor learns it, runs on into the next row while a miss is outstanding,
# and so overlaps the misses of consecutive rows (bench/RESULTS.md).
#
# Ratios are of medians over interleaved rounds (every query once per round,
# the order rotated), each run in a fresh backend, timed in the server
# (bench/helpers.sql); on-CPU time is the guide on a shared machine.
set -euo pipefail
cd "$(dirname "$0")/.."
. test/cluster.sh
. bench/lib.sh

KEY_COUNTS=(${BENCH_KEYS:-1000000 10000000})
PROBES=${BENCH_PROBES:-2000000}
ROUNDS=${BENCH_ROUNDS:-5}
PATTERN=${BENCH_PATTERN:-random}
case $PATTERN in
	random) KEY_OR_NOT="(hashint8(i) & 1)" ;;
	alternate) KEY_OR_NOT="(i % 2)" ;;
	*) echo "BENCH_PATTERN is random or alternate, not $PATTERN" >&2; exit 2 ;;
esac
DB=bench_bloom_layouts
OUT_DIR=bench/results
RAW_FILE=$OUT_DIR/bloom-layouts-latest-raw.tsv
mkdir -p "$OUT_DIR"

SERVER_SETTINGS=(
	"shared_buffers = 3GB"
	"work_mem = 2GB"
	"jit = off"
	"max_parallel_workers_per_gather = 0"
	"autovacuum = off"
	"wal_level = minimal"
	"max_wal_senders = 0"
	"max_wal_size = 20GB"
	"synchronous_commit = off"
)
WARMUP="SELECT bloom_empty(1) IS NOT NULL"
sql() { psql -X -q -At -v ON_ERROR_STOP=1 -d "$DB" "$@"; }

ensure_packages "${BASE_PACKAGES[@]}"
build_and_install
start_cluster "${SERVER_SETTINGS[@]}"
LOAD_AT_START=$(cut -d' ' -f1-3 /proc/loadavg)
psql -X -q -d postgres -c "CREATE DATABASE $DB"
sql -c "CREATE EXTENSION probabilistic" -c "CREATE EXTENSION pg_prewarm"
sql -f bench/helpers.sql

# Per key count n: keys_n(id) = the even ids 2, 4, ..., 2n; t_n(id) = PROBES ids
# spread over 1..2n, each odd (never a key) or even (a key) as PATTERN says; filters_n
# one row per layout, bloom_agg(id, n, 0.01 [, layout]) over keys_n.
for n in "${KEY_COUNTS[@]}"; do
	log "loading $n keys and $PROBES probe ids"
	step=$(((2 * n / PROBES) & ~1))
	[ "$step" -ge 2 ] || step=2
	sql <<-SQL >/dev/null
	BEGIN;
	CREATE TABLE keys_$n (id bigint NOT NULL);
	INSERT INTO keys_$n SELECT 2 * i FROM generate_series(1, $n::bigint) i;
	CREATE TABLE t_$n (id bigint NOT NULL);
	INSERT INTO t_$n SELECT i * $step + $KEY_OR_NOT FROM generate_series(1, $PROBES::bigint) i;
	CREATE TABLE classic_$n (b bloom NOT NULL);
	INSERT INTO classic_$n SELECT bloom_agg(id, $n, 0.01) FROM keys_$n;
	CREATE TABLE blocked_$n (b bloom NOT NULL);
	INSERT INTO blocked_$n SELECT bloom_agg(id, $n, 0.01, 'blocked') FROM keys_$n;
	COMMIT;
	VACUUM (FREEZE, ANALYZE) keys_$n, t_$n, classic_$n, blocked_$n;
	SELECT sum(pg_prewarm(c.oid)) FROM pg_class c
	WHERE c.relname IN ('keys_$n', 't_$n', 'classic_$n', 'blocked_$n')
	   OR c.oid IN (SELECT reltoastrelid FROM pg_class WHERE relname IN ('classic_$n', 'blocked_$n'));
	SQL
done

declare -A SQL RUNS
IDS=()
for n in "${KEY_COUNTS[@]}"; do
	IDS+=("trivial_$n" "classic_probe_$n" "blocked_probe_$n" "exact_$n" "count_$n" "classic_build_$n" "blocked_build_$n")
	SQL[trivial_$n]="SELECT count(*) FROM t_$n WHERE id <> -1"
	SQL[classic_probe_$n]="SELECT count(*) FROM t_$n, classic_$n f WHERE f.b @> t_$n.id"
	SQL[blocked_probe_$n]="SELECT count(*) FROM t_$n, blocked_$n f WHERE f.b @> t_$n.id"
	SQL[exact_$n]="SELECT count(*) FROM t_$n WHERE id IN (SELECT id FROM keys_$n)"
	SQL[count_$n]="SELECT count(id) FROM keys_$n"
	SQL[classic_build_$n]="SELECT bloom_cardinality(bloom_agg(id, $n, 0.01)) FROM keys_$n"
	SQL[blocked_build_$n]="SELECT bloom_cardinality(bloom_agg(id, $n, 0.01, 'blocked')) FROM keys_$n"
done

measure() {
	sql -c "SELECT format('%s|%s|%s', ms, cpu_ms, result)
		FROM bench_time(\$q\$${SQL[$1]}\$q\$, \$q\$$WARMUP\$q\$)"
}

run_rounds

# The cost of the probe above the scan (ratios of costs: ratio in bench/lib.sh).
above() { calc "($(med "$1" "$3") - $(med "$2" "$3"))" 1; }
ON_CPU=$(printf '%s' "${RUNS[@]}" | awk -F'|' '$2 != "" { w += $1; c += $2 } END { printf "%.0f", 100 * c / w }')

report() {
	echo "probabilistic bloom layouts benchmark, $(date -u '+%Y-%m-%d %H:%M UTC')"
	echo "tree:     $(tree_state)"
	echo "machine:  $(nproc) CPUs, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ *//'), $(awk '/MemTotal/ { printf "%.1f GiB", $2 / 1048576 }' /proc/meminfo) RAM; load average $LOAD_AT_START at start, $(cut -d' ' -f1-3 /proc/loadavg) at end;"
	echo "          the queries were on a CPU for $ON_CPU% of their wall time"
	echo "method:   $ROUNDS rounds, every query once per round, order rotated; fresh backend per run; medians;"
	echo "          $(fmt_int "$PROBES") probe ids per filter, about half of them keys ($PATTERN pattern); filters at fpr 0.01 (seed 0)"
	for n in "${KEY_COUNTS[@]}"; do
		local members probes_c probes_b nonmembers
		members=$(result_of "exact_$n")
		probes_c=$(result_of "classic_probe_$n")
		probes_b=$(result_of "blocked_probe_$n")
		nonmembers=$((PROBES - members))
		[ "$probes_c" -ge "$members" ] && [ "$probes_b" -ge "$members" ] ||
			{ echo "false negatives at $n keys" >&2; exit 1; }
		echo
		echo "$(fmt_int "$n") keys                                  median ms (on-CPU ms)  load"
		for id in trivial exact count classic_probe blocked_probe classic_build blocked_build; do
			printf '  %-40s %10.1f (%10.1f)  %s\n' "$id" "$(med "${id}_$n" $WALL)" "$(med "${id}_$n" $CPU)" "$(load_of "${id}_$n")"
		done
		for layout in classic blocked; do
			printf '  %-8s memory %12s bytes; k = %s; measured fpr %s; probe above scan %s ms (on-CPU %s)\n' "$layout" \
				"$(fmt_int "$(sql -c "SELECT (bloom_info(b)->>'bytes') FROM ${layout}_$n")")" \
				"$(sql -c "SELECT bloom_info(b)->'hash_count' FROM ${layout}_$n")" \
				"$(calc "($(result_of "${layout}_probe_$n") - $members) / $nonmembers" 5)" \
				"$(above "${layout}_probe_$n" "trivial_$n" $WALL)" "$(above "${layout}_probe_$n" "trivial_$n" $CPU)"
		done
		echo "  ratios                                        wall    on-CPU  load"
		printf '  %-44s %7s %8s  %s\n' "blocked / classic, probe cost above the scan" \
			"$(ratio $WALL "blocked_probe_$n" "classic_probe_$n" "trivial_$n")" \
			"$(ratio $CPU "blocked_probe_$n" "classic_probe_$n" "trivial_$n")" \
			"$(load_of "blocked_probe_$n" "classic_probe_$n" "trivial_$n")"
		for layout in classic blocked; do
			printf '  %-44s %7s %8s  %s\n' "$layout probe / exact hash semi-join" \
				"$(ratio $WALL "${layout}_probe_$n" "exact_$n")" "$(ratio $CPU "${layout}_probe_$n" "exact_$n")" \
				"$(load_of "${layout}_probe_$n" "exact_$n")"
			printf '  %-44s %7s %8s  %s\n' "$layout build / count(id)" \
				"$(ratio $WALL "${layout}_build_$n" "count_$n")" "$(ratio $CPU "${layout}_build_$n" "count_$n")" \
				"$(load_of "${layout}_build_$n" "count_$n")"
		done
	done
	echo
	echo "$NOISE_NOTE"
}

report | tee "$OUT_DIR/bloom-layouts-latest.txt"
