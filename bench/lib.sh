# Shared by bench/hll.sh and bench/bloom.sh: retries and the arithmetic of the tables.
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
verdict() { awk -v a="$1" -v b="$2" 'BEGIN { exit !(a <= b) }' && echo PASS || echo MISS; }
fmt_int() { echo "$1" | sed ':a; s/\B[0-9]\{3\}\>/,&/; ta'; }

# run_rounds [STRIDE]: ROUNDS rounds of every query in IDS, once per round, the
# order rotated by STRIDE each round so no query always follows the same
# neighbour; `measure ID` prints one measurement "wall ms|on-CPU ms|result...",
# collected in the associative array RUNS[ID] and appended to RAW_FILE.
run_rounds() {
	local stride=${1:-1} r k id out n=${#IDS[@]}
	printf 'round\tquery\tmeasurement\n' >"$RAW_FILE"
	for ((r = 0; r < ROUNDS; r++)); do
		log "round $((r + 1)) of $ROUNDS"
		for ((k = 0; k < n; k++)); do
			id=${IDS[$(((k + stride * r) % n))]}
			out=$(retry measure "$id")
			RUNS[$id]+="$out"$'\n'
			printf '%s\t%s\t%s\n' "$((r + 1))" "$id" "$out" >>"$RAW_FILE"
		done
	done
}

# Fields of the measurements in RUNS[ID]: 1 wall ms, 2 on-CPU ms, 3 result.
WALL=1
CPU=2
field() { printf '%s' "${RUNS[$1]}" | cut -d'|' -f"$2"; }
med() { field "$1" "$2" | median; }
result_of() { field "$1" 3 | head -1; }

# measure_in_server ID: one run of SQL[ID] in a fresh backend (the caller's sql
# function), WARMUP first, timed by bench_time: "wall ms|on-CPU ms|result".
measure_in_server() {
	sql -c "SELECT format('%s|%s|%s', ms, cpu_ms, result)
		FROM bench_time(\$q\$${SQL[$1]}\$q\$, \$q\$$WARMUP\$q\$)"
}

# goal LABEL VALUE TARGET: a line of the goals table in GOALS, PASS when VALUE <= TARGET.
goal() {
	GOALS+=("$(printf '%-66s %-7s %8s %-5s' "$1" "<= $3" "$2" "$(verdict "$2" "$3")")")
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
