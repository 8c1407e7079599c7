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
