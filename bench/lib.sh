# Shared by the benchmarks: retries, rounds, the arithmetic of the tables and their verdicts.
# Source it after test/cluster.sh (for log).

# retry CMD...: a measurement that fails once (a backend killed by the OOM
# killer on a loaded machine, say) is tried again before the run gives up.
retry() {
	local attempt
	for attempt in 1 2 3; do
		"$@" && return 0
		log "attempt $attempt failed: $*"
		[ $attempt -lt 3 ] && sleep 15
	done
	return 1
}

# tree_state: what a report's "tree:" line says of the code it ran: the
# commit, and whether src, sql or the Makefile differ from it (run from a copy
# that is not a git checkout, it says so rather than print nothing).
tree_state() {
	if ! git rev-parse --git-dir >/dev/null 2>&1; then
		echo "not a git checkout"
		return
	fi
	echo "commit $(git rev-parse --short HEAD)$([ -z "$(git status --porcelain -- src sql Makefile)" ] || echo ' + uncommitted changes in src, sql or Makefile')"
}

# pin_server: a private copy of the server's binaries, libraries and share
# directory with this build installed in it, first on PATH, so the cluster
# start_cluster starts runs this build even when another checkout installs
# its own into the system directories mid-run (PostgreSQL finds its lib and
# share directories relative to its binary). Sets PINNED_SO; removed at exit.
pin_server() {
	local dir
	PINNED_ROOT=$(mktemp -d /tmp/probabilistic-pinned.XXXXXX)
	chmod 755 "$PINNED_ROOT"
	for dir in "$PG_BIN" "$("$PG_BIN/pg_config" --pkglibdir)" "$("$PG_BIN/pg_config" --sharedir)"; do
		mkdir -p "$PINNED_ROOT$(dirname "$dir")"
		cp -a "$dir" "$PINNED_ROOT$(dirname "$dir")/"
	done
	as_root make -s install DESTDIR="$PINNED_ROOT" PG_CONFIG="$PG_BIN/pg_config" >/dev/null
	PINNED_SO=$PINNED_ROOT$("$PG_BIN/pg_config" --pkglibdir)/probabilistic.so
	export PATH="$PINNED_ROOT$PG_BIN:$PATH"
}
unpin_server() { [ -z "${PINNED_ROOT:-}" ] || rm -rf "$PINNED_ROOT"; }

calc() { awk "BEGIN { printf \"%.${2:-2}f\", $1 }"; }
median() { tr ' ' '\n' | { grep . || true; } | sort -g | awk '{ a[NR] = $1 } END { if (!NR) print "-"; else print (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2 }'; }
minimum() { tr ' ' '\n' | { grep . || true; } | sort -g | head -1; }
maximum() { tr ' ' '\n' | { grep . || true; } | sort -g | tail -1; }
# verdict VALUE TARGET: PASS when VALUE <= TARGET, else MISS; NOISE when VALUE is "noise" (ratio below).
verdict() {
	if [ "$1" = noise ]; then echo NOISE
	elif awk -v a="$1" -v b="$2" 'BEGIN { exit !(a <= b) }'; then echo PASS
	else echo MISS
	fi
}
fmt_int() { echo "$1" | sed ':a; s/\B[0-9]\{3\}\>/,&/; ta'; }

# run_rounds [STRIDE]: ROUNDS rounds of every query in IDS, once per round, the
# order rotated by STRIDE each round so no query always follows the same
# neighbour; `measure ID` prints one measurement "wall ms|on-CPU ms|result...",
# collected in the associative array RUNS[ID] and appended to RAW_FILE, with
# the 1-minute load average read after it (LOADS[ID], for load_of).
run_rounds() {
	local stride=${1:-1} r k id out load n=${#IDS[@]}
	declare -gA LOADS
	printf 'round\tquery\tload\tmeasurement\n' >"$RAW_FILE"
	for ((r = 0; r < ROUNDS; r++)); do
		log "round $((r + 1)) of $ROUNDS"
		for ((k = 0; k < n; k++)); do
			id=${IDS[$(((k + stride * r) % n))]}
			out=$(retry measure "$id")
			load=$(cut -d' ' -f1 /proc/loadavg)
			RUNS[$id]+="$out"$'\n'
			LOADS[$id]+="$load "
			printf '%s\t%s\t%s\t%s\n' "$((r + 1))" "$id" "$load" "$out" >>"$RAW_FILE"
		done
	done
}

# load_of ID...: the 1-minute load average read after each round of those queries, as
# "min-max" (one value when they agree): printed beside every timing and every ratio.
load_of() {
	local id
	for id in "$@"; do printf '%s' "${LOADS[$id]:-}"; done | tr ' ' '\n' | { grep . || true; } | sort -g |
		awk 'NR == 1 { lo = $1 } { hi = $1 } END { if (!NR) print "-"; else if (lo == hi) print lo; else print lo "-" hi }'
}

# Fields of the measurements in RUNS[ID]: 1 wall ms, 2 on-CPU ms, 3 result.
WALL=1
CPU=2
field() { printf '%s' "${RUNS[$1]}" | cut -d'|' -f"$2"; }
med() { field "$1" "$2" | median; }
result_of() { field "$1" 3 | head -1; }

# ---- ratios of costs, and when they are noise ----------------------------------------------
# A cost is the median of a query's rounds (COL: $WALL or $CPU), or that median above the
# median of a base query's (the bare scan count(x), say). Its spread is max - min over its
# rounds, plus the base's. The rule, for every benchmark: a cost that is <= 0, or below
# NOISE_SPREADS times its spread, is noise (the base or the rounds' scatter is as large as
# the cost measured), and so is a ratio with such a cost on either side: it prints "noise"
# and its verdict is NOISE, never PASS. Our median under the bare scan (a negative cost),
# or a 2 ms anchor whose rounds differ by 3 ms, is no result.
NOISE_SPREADS=${BENCH_NOISE_SPREADS:-1}
spread() { # ID COL
	calc "$(field "$1" "$2" | maximum) - $(field "$1" "$2" | minimum)" 3
}
# cost COL ID [BASE]: "cost spread".
cost() {
	local col=$1 id=$2 base=${3:-}
	if [ -n "$base" ]; then
		echo "$(calc "$(med "$id" "$col") - $(med "$base" "$col")" 3) $(calc "$(spread "$id" "$col") + $(spread "$base" "$col")" 3)"
	else
		echo "$(med "$id" "$col") $(spread "$id" "$col")"
	fi
}
# ratio COL NUM DEN [BASE [DEN_BASE]]: cost(NUM above BASE) / cost(DEN above DEN_BASE,
# default BASE) to three decimals, or "noise".
ratio() {
	local col=$1 num=$2 den=$3 base=${4:-} den_base=${5:-${4:-}}
	awk -v n="$(cost "$col" "$num" "$base")" -v d="$(cost "$col" "$den" "$den_base")" -v k="$NOISE_SPREADS" 'BEGIN {
		split(n, a, " "); split(d, b, " ")
		if (a[1] <= 0 || a[1] < k * a[2] || b[1] <= 0 || b[1] < k * b[2]) print "noise"
		else printf "%.3f\n", a[1] / b[1] }'
}
# timing_table [WIDTH]: the table of every query in IDS (LABEL[ID] in WIDTH columns, default
# 60): median wall and on-CPU ms, the on-CPU spread of its rounds, the load average read
# after them (load_of) and its result.
timing_table() {
	local w=${1:-60} id
	printf "  %-${w}s %10s %10s %10s %-10s %s\n" query "median ms" "on-CPU ms" "CPU spread" load result
	for id in "${IDS[@]}"; do
		printf "  %-${w}s %10.1f %10.1f %10.1f %-10s %s\n" "${LABEL[$id]}" "$(med "$id" $WALL)" "$(med "$id" $CPU)" \
			"$(spread "$id" $CPU)" "$(load_of "$id")" "$(result_of "$id")"
	done
}
# NOISE_NOTE: the line every report prints under its goals.
NOISE_NOTE="noise: a cost (a median, or a median above a base query's) <= 0 or below ${NOISE_SPREADS} x its rounds' spread (max - min, the base's added); never PASS"

# measure_in_server ID: one run of SQL[ID] in a fresh backend (the caller's sql
# function), WARMUP first, timed by bench_time: "wall ms|on-CPU ms|result".
measure_in_server() {
	sql -c "SELECT format('%s|%s|%s', ms, cpu_ms, result)
		FROM bench_time(\$q\$${SQL[$1]}\$q\$, \$q\$$WARMUP\$q\$)"
}

# goal LABEL VALUE TARGET [ID...]: a line of the goals table in GOALS, PASS when VALUE <=
# TARGET (verdict); with the IDs of the queries timed for it, their load average (load_of).
goal() {
	local label=$1 value=$2 target=$3
	shift 3
	GOALS+=("$(printf '%-66s %-7s %8s %-5s %s' "$label" "<= $target" "$value" "$(verdict "$value" "$target")" \
		"$([ $# -eq 0 ] || echo "load $(load_of "$@")")" | sed 's/ *$//')")
}

# The setup of a filter benchmark (bench/agebloom.sh, bench/fuse.sh): a
# throwaway cluster with the settings every in-memory filter run uses, the
# database $DB with the extension, pg_prewarm and bench/helpers.sql, sql()
# on it, RAW_FILE for bench/results/NAME-latest-raw.tsv and LOAD_AT_START.
filter_bench_setup() {
	local name=$1
	OUT_DIR=bench/results
	RAW_FILE=$OUT_DIR/$name-latest-raw.tsv
	mkdir -p "$OUT_DIR"
	sql() { psql -X -q -At -v ON_ERROR_STOP=1 -d "$DB" "$@"; }
	build_and_install
	start_cluster "shared_buffers = 512MB" "work_mem = 64MB" "jit = off" "max_parallel_workers_per_gather = 0" \
		"autovacuum = off" "synchronous_commit = off"
	LOAD_AT_START=$(cut -d' ' -f1-3 /proc/loadavg)
	psql -X -q -d postgres -c "CREATE DATABASE $DB"
	sql -c "CREATE EXTENSION probabilistic" -c "CREATE EXTENSION pg_prewarm" -f bench/helpers.sql
}
