#!/usr/bin/env bash
# Benchmark: probabilistic's hll against count(), exact count(DISTINCT) and
# postgresql-hll (Debian postgresql-15-hll), side by side in one run on a
# throwaway cluster. Prints a table and writes it to bench/results/latest.txt.
#
#   bench/hll.sh                                    full run: 10M rows, 5 rounds
#   BENCH_ROWS=200000 BENCH_ROUNDS=2 bench/hll.sh   quick smoke run
#
# A missed goal prints MISS; the exit status only says whether the run worked.
# Method: bench/RESULTS.md.
set -euo pipefail
cd "$(dirname "$0")/.."
. test/cluster.sh
. bench/lib.sh

ROWS=${BENCH_ROWS:-10000000}
ROUNDS=${BENCH_ROUNDS:-5}
SKETCHES=${BENCH_SKETCHES:-10000}
SKETCH_VALUES=${BENCH_SKETCH_VALUES:-20000}
NGROUPS=${BENCH_GROUPS:-100000}
# postgresql-hll's hashed GROUP BY slows down super-linearly with the number
# of groups (2,500 groups: 3 s, 5,000: 12 s), so the hashed comparison runs at
# a tenth of the groups; 100,000 groups are compared with a sorted GROUP BY.
NGROUPS_SMALL=${BENCH_GROUPS_SMALL:-$((NGROUPS / 10))}
OURS=bench_prob
THEIRS=bench_citus_hll
OUT_DIR=bench/results
RAW_FILE=$OUT_DIR/latest-raw.tsv
mkdir -p "$OUT_DIR"

# Like-for-like timings: one core per query (no parallel workers), no JIT,
# every table in shared_buffers, no autovacuum waking up mid-measurement.
SERVER_SETTINGS=(
	"shared_buffers = 3GB"
	"work_mem = 256MB"
	"maintenance_work_mem = 1GB"
	"jit = off"
	"max_parallel_workers_per_gather = 0"
	"autovacuum = off"
	"wal_level = minimal"
	"max_wal_senders = 0"
	"max_wal_size = 20GB"
	"synchronous_commit = off"
)
# The GROUP BY queries: a HashAggregate with room, so that its "Peak Memory
# Usage" is the memory the sketches need; or a sorted GroupAggregate.
HASHED="-c enable_sort=off -c work_mem=1GB"
SORTED="-c enable_hashagg=off"
# Both extensions have these two functions; calling them loads the library.
WARMUP="SELECT hll_cardinality(hll_empty())"

# ---- helpers ---------------------------------------------------------------

sql() { local db=$1; shift; psql -X -q -At -v ON_ERROR_STOP=1 -d "$db" "$@"; }


# ---- build, cluster, data --------------------------------------------------

ensure_packages "${BASE_PACKAGES[@]}" "postgresql-$PG_MAJOR-hll"
build_and_install
pin_server
start_cluster "${SERVER_SETTINGS[@]}"
trap 'stop_cluster; unpin_server' EXIT
LOAD_AT_START=$(cut -d' ' -f1-3 /proc/loadavg)

log "loading $ROWS rows once, then copying the database for each extension"
sql postgres -c "CREATE DATABASE bench_base"
sql bench_base <<-SQL
	BEGIN;
	CREATE TABLE t (id bigint NOT NULL, s text NOT NULL);
	INSERT INTO t SELECT i, md5(i::text) FROM generate_series(1, $ROWS::bigint) i;
	COMMIT;
	VACUUM (FREEZE, ANALYZE) t;
SQL
# Both databases get the same pages, so neither side has a better layout.
for db in $OURS $THEIRS; do
	sql postgres -c "CREATE DATABASE $db TEMPLATE bench_base STRATEGY FILE_COPY"
done
sql postgres -c "DROP DATABASE bench_base"

create_ours() {
	sql $OURS <<-SQL
		DROP EXTENSION IF EXISTS probabilistic CASCADE;
		CREATE EXTENSION probabilistic;
	SQL
}
retry create_ours
sql $THEIRS -c "CREATE EXTENSION hll"
# postgresql-hll stores its sketches as plain bytes but has no cast to bytea;
# the union's floor query (below) needs one.
sql $THEIRS -c "CREATE CAST (hll AS bytea) WITHOUT FUNCTION"

log "building $SKETCHES sketches of $SKETCH_VALUES values each, in each database"
build_sketches() { # db, sketch expression over v
	sql "$1" <<-SQL
		CREATE EXTENSION pg_prewarm;
		\i bench/helpers.sql
		CREATE TABLE sketches AS
			SELECT g, x.h
			FROM generate_series(0, $SKETCHES - 1) g,
			     LATERAL (SELECT $2 AS h
			              FROM generate_series(g::bigint * $SKETCH_VALUES, (g + 1)::bigint * $SKETCH_VALUES - 1) v) x;
		VACUUM (FREEZE, ANALYZE) sketches;
	SQL
}
build_sketches $OURS "hll_add_agg(v)"
build_sketches $THEIRS "hll_add_agg(hll_hash_bigint(v), 14, 5)"

prewarm() {
	sql "$1" -c "SELECT sum(pg_prewarm(c.oid)) FROM pg_class c
		WHERE c.oid IN ('t'::regclass, 'sketches'::regclass)
		   OR c.oid = (SELECT reltoastrelid FROM pg_class WHERE oid = 'sketches'::regclass)" >/dev/null
}
prewarm $OURS
prewarm $THEIRS

# ---- what is measured ------------------------------------------------------

IDS=()
declare -A KIND DB SQL OPTS LABEL
add() { # id kind db label sql [PGOPTIONS]
	IDS+=("$1"); KIND[$1]=$2; DB[$1]=$3; LABEL[$1]=$4; SQL[$1]=$5; OPTS[$1]=${6:-}
}
group_query() { # groups, aggregate: 5 values per group
	echo "SELECT g, $2 AS h FROM (SELECT i % $1 AS g, i AS v FROM generate_series(1, $(($1 * 5))::bigint) i) s GROUP BY g"
}

add count_id       time $OURS   "count(id)  [probabilistic db]" "SELECT count(id) FROM t"
add count_id_hll   time $THEIRS "count(id)  [postgresql-hll db]" "SELECT count(id) FROM t"
add ours_id        time $OURS   "ours    hll_add_agg(id)" "SELECT hll_cardinality(hll_add_agg(id)) FROM t"
add theirs_id      time $THEIRS "pg-hll  hll_add_agg(hll_hash_bigint(id), 14, 5)" "SELECT hll_cardinality(hll_add_agg(hll_hash_bigint(id), 14, 5)) FROM t"
add exact_id       time $OURS   "exact   count(DISTINCT id)" "SELECT count(DISTINCT id) FROM t"
add count_s        time $OURS   "count(s)  [probabilistic db]" "SELECT count(s) FROM t"
add count_s_hll    time $THEIRS "count(s)  [postgresql-hll db]" "SELECT count(s) FROM t"
add ours_s         time $OURS   "ours    hll_add_agg(s)" "SELECT hll_cardinality(hll_add_agg(s)) FROM t"
add theirs_s       time $THEIRS "pg-hll  hll_add_agg(hll_hash_text(s), 14, 5)" "SELECT hll_cardinality(hll_add_agg(hll_hash_text(s), 14, 5)) FROM t"
add exact_s        time $OURS   "exact   count(DISTINCT s)" "SELECT count(DISTINCT s) FROM t"
# Reading the sketches is the union's floor, as count() is the aggregates':
# get_byte detoasts the whole value and reads one byte of it.
READ_SKETCHES="SELECT count(get_byte(h::bytea, 0)) FROM sketches"
add read_ours      time $OURS   "count(get_byte(h::bytea, 0))  [probabilistic db]" "$READ_SKETCHES"
add read_theirs    time $THEIRS "count(get_byte(h::bytea, 0))  [postgresql-hll db]" "$READ_SKETCHES"
add union_ours     time $OURS   "ours    hll_union_agg(h)" "SELECT hll_cardinality(hll_union_agg(h)) FROM sketches"
add union_theirs   time $THEIRS "pg-hll  hll_union_agg(h)" "SELECT hll_cardinality(hll_union_agg(h)) FROM sketches"
OURS_AGG="hll_add_agg(v)"
THEIRS_AGG="hll_add_agg(hll_hash_bigint(v), 14, 5)"
add hash_ours      mem  $OURS   "ours    $OURS_AGG" "$(group_query "$NGROUPS" "$OURS_AGG")" "$HASHED"
add hash_ours_s    mem  $OURS   "ours    $OURS_AGG" "$(group_query "$NGROUPS_SMALL" "$OURS_AGG")" "$HASHED"
add hash_theirs_s  mem  $THEIRS "pg-hll  $THEIRS_AGG" "$(group_query "$NGROUPS_SMALL" "$THEIRS_AGG")" "$HASHED"
add sort_ours      mem  $OURS   "ours    $OURS_AGG" "$(group_query "$NGROUPS" "$OURS_AGG")" "$SORTED"
add sort_theirs    mem  $THEIRS "pg-hll  $THEIRS_AGG" "$(group_query "$NGROUPS" "$THEIRS_AGG")" "$SORTED"

# measure ID: one run in a fresh backend; prints "ms|cpu_ms|result" or
# "ms|cpu_ms|strategy|hashagg_peak_kb|batches|disk_kb|rss_growth_kb".
measure() {
	local id=$1
	if [ "${KIND[$id]}" = time ]; then
		PGOPTIONS=${OPTS[$id]} sql "${DB[$id]}" -c "SELECT format('%s|%s|%s', ms, cpu_ms, result)
			FROM bench_time(\$q\$${SQL[$id]}\$q\$, \$q\$$WARMUP\$q\$)"
	else
		PGOPTIONS=${OPTS[$id]} sql "${DB[$id]}" -c "SELECT format('%s|%s|%s|%s|%s|%s|%s', ms, cpu_ms,
			strategy, hashagg_peak_kb, batches, disk_kb, rss_growth_kb)
			FROM bench_mem(\$q\$${SQL[$id]}\$q\$, \$q\$$WARMUP\$q\$)"
	fi
}

# ---- the rounds ------------------------------------------------------------

declare -A RUNS
run_rounds 3

# ---- report ----------------------------------------------------------------

# Fields of a measurement (bench/lib.sh): 1 wall ms, 2 on-CPU ms, then the result
# (time) or 3 strategy, 4 HashAgg peak kB, 5 batches, 6 disk kB, 7 RSS growth kB (mem).

# Expected spread of a p = 14 estimate: 1.04 / sqrt(2^14); goal: within 3 sigma.
ERR_GOAL=$(calc "3 * 104 / sqrt(16384)" 2)

timing_row() { # id
	printf '  %-60s %10.1f %9.1f %9.1f %10.1f %-10s %s\n' "${LABEL[$1]}" "$(med "$1" $WALL)" \
		"$(field "$1" $WALL | minimum)" "$(field "$1" $WALL | maximum)" "$(med "$1" $CPU)" "$(load_of "$1")" \
		"$(calc "$(result_of "$1")" 0)"
}

# above_floor UNIT N OURS FLOOR THEIRS FLOOR: each aggregate's median time
# above its floor in its own database, per row (ns) or per sketch (us).
above_floor() {
	local scale=1000000
	[ "$1" = "us per sketch" ] && scale=1000
	printf '     above the floor (%s): ours %s wall, %s on-CPU; pg-hll %s wall, %s on-CPU\n' "$1" \
		"$(calc "($(med "$3" $WALL) - $(med "$4" $WALL)) * $scale / $2" 1)" \
		"$(calc "($(med "$3" $CPU) - $(med "$4" $CPU)) * $scale / $2" 1)" \
		"$(calc "($(med "$5" $WALL) - $(med "$6" $WALL)) * $scale / $2" 1)" \
		"$(calc "($(med "$5" $CPU) - $(med "$6" $CPU)) * $scale / $2" 1)"
}

group_row() { # id
	printf '  %-50s %10.1f %9.1f %9.1f %10.1f %12s %7s %7s %11s  %-10s %s\n' "${LABEL[$1]}" "$(med "$1" $WALL)" \
		"$(field "$1" $WALL | minimum)" "$(field "$1" $WALL | maximum)" "$(med "$1" $CPU)" \
		"$(med "$1" 4)" "$(med "$1" 5)" "$(med "$1" 6)" "$(med "$1" 7)" "$(load_of "$1")" \
		"$(field "$1" 3 | sort -u | paste -sd,)"
}

GOALS=()
# goal_ratio LABEL NUMERATOR DENOMINATOR [GOAL [MARK]]: the ratio of wall
# medians (the verdict) and of on-CPU medians (what an idle machine would most
# likely show). No GOAL: a ratio to read the others by. MARK flags the goal.
goal_ratio() {
	local goal=${4:-} mark=${5:-} wall cpu
	wall=$(ratio $WALL "$2" "$3")
	cpu=$(ratio $CPU "$2" "$3")
	GOALS+=("$(printf '%-62s %-14s %8s %-5s %8s %-5s load %s' "$1" "${goal:+<= $goal$mark}" \
		"$wall" "$([ -z "$goal" ] || verdict "$wall" "$goal")" "$cpu" "$([ -z "$goal" ] || verdict "$cpu" "$goal")" \
		"$(load_of "$2" "$3")")")
}
# goal_above LABEL OURS FLOOR THEIRS THEIR_FLOOR GOAL: the aggregates' own cost,
# each above the scan of its database: (ours - floor) / (theirs - their floor).
goal_above() {
	local wall cpu
	wall=$(ratio $WALL "$2" "$4" "$3" "$5")
	cpu=$(ratio $CPU "$2" "$4" "$3" "$5")
	GOALS+=("$(printf '%-62s %-14s %8s %-5s %8s %-5s load %s' "$1" "<= $6" \
		"$wall" "$(verdict "$wall" "$6")" "$cpu" "$(verdict "$cpu" "$6")" "$(load_of "$2" "$3" "$4" "$5")")")
}
goal_error() { # label estimate-id exact-value
	local err
	err=$(calc "100 * ($(result_of "$2") - $3) / $3" 3)
	GOALS+=("$(printf '%-62s %-14s %7s%% %-5s' "$1" "|e| <= $ERR_GOAL%" "$err" "$(verdict "${err#-}" "$ERR_GOAL")")")
}
goal_mem() { # label ours-id theirs-id field goal mark
	local ratio
	ratio=$(calc "$(med "$2" "$4") / $(med "$3" "$4")" 4)
	GOALS+=("$(printf '%-62s %-14s %8s %-5s' "$1" "<= $5$6" "$ratio" "$(verdict "$ratio" "$5")")")
}

exact_id=$(result_of exact_id)
exact_s=$(result_of exact_s)
union_exact=$((SKETCHES * SKETCH_VALUES))

goal_ratio "1 bigint: ours / count(id)" ours_id count_id 1.15
goal_ratio "1 bigint: ours / pg-hll" ours_id theirs_id 0.80
goal_ratio "  (count(id) / pg-hll: the best ours / pg-hll can be)" count_id theirs_id
goal_above "1 bigint: ours / pg-hll above the scan" ours_id count_id theirs_id count_id_hll 0.60
goal_error "1 bigint: ours error vs count(DISTINCT)" ours_id "$exact_id"
goal_error "1 bigint: pg-hll error vs count(DISTINCT)" theirs_id "$exact_id"
goal_ratio "2 text: ours / count(s)" ours_s count_s 1.15
goal_ratio "2 text: ours / pg-hll" ours_s theirs_s 0.80
goal_ratio "  (count(s) / pg-hll: the best ours / pg-hll can be)" count_s theirs_s
goal_above "2 text: ours / pg-hll above the scan" ours_s count_s theirs_s count_s_hll 0.60
goal_error "2 text: ours error vs count(DISTINCT)" ours_s "$exact_s"
goal_error "2 text: pg-hll error vs count(DISTINCT)" theirs_s "$exact_s"
# Goals marked * were not set by the project; the benchmark assumes them.
goal_ratio "3 union: ours / pg-hll" union_ours union_theirs 0.80 " *"
goal_ratio "  (reading the sketches / pg-hll: the best it can be)" read_ours union_theirs
goal_error "3 union: ours error vs $(fmt_int "$union_exact")" union_ours "$union_exact"
goal_error "3 union: pg-hll error vs $(fmt_int "$union_exact")" union_theirs "$union_exact"
goal_mem "4 hashed, $(fmt_int "$NGROUPS_SMALL") groups, HashAgg peak: ours / pg-hll" hash_ours_s hash_theirs_s 4 1.00 " *"
goal_mem "4 hashed, $(fmt_int "$NGROUPS_SMALL") groups, RSS growth: ours / pg-hll" hash_ours_s hash_theirs_s 7 1.00 " *"
goal_ratio "4 hashed, $(fmt_int "$NGROUPS_SMALL") groups, time: ours / pg-hll" hash_ours_s hash_theirs_s 0.80 " *"
goal_ratio "4 sorted, $(fmt_int "$NGROUPS") groups, time: ours / pg-hll" sort_ours sort_theirs 0.80 " *"

sketch_shape() { # db, representation expression
	sql "$1" -c "SELECT format('%s sketches: %s, avg %s bytes', sum(n), string_agg(n || ' ' || r, ', '),
		round(sum(n * b) / sum(n))) FROM (SELECT $2 AS r, count(*) AS n, avg(pg_column_size(h)) AS b
		FROM sketches GROUP BY 1) s"
}
OURS_SHAPE=$(sketch_shape $OURS "hll_info(h)->>'representation'")
THEIRS_SHAPE=$(sketch_shape $THEIRS "CASE hll_type(h) WHEN 4 THEN 'full' WHEN 3 THEN 'sparse' WHEN 2 THEN 'explicit' ELSE 'type ' || hll_type(h) END")
# How much of the measured wall time was spent on a CPU: the rest is waiting
# for one (other processes on this machine) or for I/O.
ON_CPU=$(printf '%s' "${RUNS[@]}" | awk -F'|' '$2 != "" { w += $1; c += $2 } END { printf "%.0f", 100 * c / w }')

report() {
	echo "probabilistic benchmark, $(date -u '+%Y-%m-%d %H:%M UTC')"
	echo "tree:     $(tree_state); probabilistic.so sha256 $(sha256sum "$PINNED_SO" | cut -c1-12), pinned for the run (bench/lib.sh)"
	echo "machine:  $(nproc) CPUs, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ *//'), $(awk '/MemTotal/ { printf "%.1f GiB", $2 / 1048576 }' /proc/meminfo) RAM; load average $LOAD_AT_START at start, $(cut -d' ' -f1-3 /proc/loadavg) at end;"
	echo "          the queries were on a CPU for $ON_CPU% of their wall time"
	echo "server:   PostgreSQL $(sql $OURS -c 'SHOW server_version'); probabilistic $(sql $OURS -c "SELECT extversion FROM pg_extension WHERE extname = 'probabilistic'"), postgresql-hll $(sql $THEIRS -c "SELECT extversion FROM pg_extension WHERE extname = 'hll'") (Debian postgresql-$PG_MAJOR-hll $(dpkg-query -W -f='${Version}' "postgresql-$PG_MAJOR-hll"))"
	echo "settings: $(sql $OURS -c "SELECT string_agg(name || '=' || current_setting(name), ' ') FROM unnest(ARRAY['shared_buffers', 'work_mem', 'jit', 'max_parallel_workers_per_gather']) name")"
	echo "          no parallel workers: every timing is single-threaded, so the comparisons are like for like;"
	echo "          tables prewarmed into shared_buffers; autovacuum off"
	echo "method:   $ROUNDS rounds, every query once per round, interleaved across both databases, order rotated"
	echo "          each round; each run in a fresh backend, timed in the server around EXECUTE (bench/helpers.sql):"
	echo "          wall time, and on-CPU time from /proc/self/schedstat (excludes waiting for a CPU);"
	echo "          medians of the $ROUNDS runs; every ratio is of medians from this same run"
	echo "data:     t(id bigint, s text = md5(id::text)), $(fmt_int "$ROWS") rows, id 1..$(fmt_int "$ROWS"), the same pages in both databases"
	echo
	printf '  %-60s %10s %9s %9s %10s %-10s %s\n' query "median ms" "min ms" "max ms" "on-CPU ms" load result
	echo "1. bigint column, $(fmt_int "$ROWS") distinct values, p = 14"
	for id in count_id count_id_hll ours_id theirs_id exact_id; do timing_row $id; done
	above_floor "ns per row" "$ROWS" ours_id count_id theirs_id count_id_hll
	echo "2. text column (md5), $(fmt_int "$ROWS") distinct values, p = 14"
	for id in count_s count_s_hll ours_s theirs_s exact_s; do timing_row $id; done
	above_floor "ns per row" "$ROWS" ours_s count_s theirs_s count_s_hll
	echo "3. hll_cardinality(hll_union_agg(h)) over $(fmt_int "$SKETCHES") p = 14 sketches of $(fmt_int "$SKETCH_VALUES") values each"
	echo "     ours:   $OURS_SHAPE"
	echo "     pg-hll: $THEIRS_SHAPE"
	for id in read_ours read_theirs union_ours union_theirs; do timing_row $id; done
	above_floor "us per sketch" "$SKETCHES" union_ours read_ours union_theirs read_theirs
	echo
	echo "4. GROUP BY g, 5 values per group, one sketch per group; timed around EXPLAIN (ANALYZE, TIMING OFF); kB"
	printf '  %-50s %10s %9s %9s %10s %12s %7s %7s %11s  %-10s %s\n' query "median ms" "min ms" "max ms" "on-CPU ms" \
		"HashAgg peak" batches disk "RSS growth" load strategy
	echo "HashAggregate (enable_sort=off, work_mem=1GB), $(fmt_int "$NGROUPS") groups"
	group_row hash_ours
	echo "HashAggregate (enable_sort=off, work_mem=1GB), $(fmt_int "$NGROUPS_SMALL") groups"
	group_row hash_ours_s
	group_row hash_theirs_s
	echo "GroupAggregate (enable_hashagg=off: sort, then one group at a time), $(fmt_int "$NGROUPS") groups"
	group_row sort_ours
	group_row sort_theirs
	echo "     HashAgg peak: the executor's own accounting of the hash table and the aggregate states;"
	echo "     RSS growth: the backend's peak resident set (VmHWM) after the query minus before"
	echo "     (memory really touched); medians of the $ROUNDS runs"
	echo
	printf '%-62s %-14s %8s %-5s %8s %-5s\n' "goal" "target" "wall" "" "on-CPU" ""
	printf '%s\n' "${GOALS[@]}"
	echo "     wall: ratio of the wall-time medians, the verdict asked for; on-CPU: the same from on-CPU time,"
	echo "     the better guide on a busy machine; * a goal this benchmark assumes (the project set none)"
	echo "     load: the 1-minute load average read after the rounds of the queries in the row or ratio"
	echo "     $NOISE_NOTE"
}

report | tee "$OUT_DIR/latest.txt"
