#!/usr/bin/env bash
# Stored sketches outlive the server and move between databases unchanged:
#  1. crash safety: on a second throwaway cluster of its own (fsync = on),
#     concurrent clients insert and update hll, bloom and fuse values of every
#     representation, logging each row's bytes (md5) once COMMIT returns; the
#     postmaster and its backends are killed with SIGKILL mid-load, the server
#     restarts and recovers, and every committed row must be there with exactly
#     the logged bytes, every value must read back valid, and amcheck must find
#     the heap, its TOAST table and their indexes sound;
#  2. pg_dump / pg_restore, plain and custom format, byte for byte, also with
#     the extension in a schema of its own;
#  3. COPY TO / FROM, binary and text format, byte for byte.
#
# Parts 2 and 3 run against the server in PGHOST/PGPORT as the superuser
# PGUSER (what test/run_tests.sh sets up with test/cluster.sh) and create and
# drop their own databases. Runs as root or as any user. Exits non-zero on
# the first failed check.
set -euo pipefail
cd "$(dirname "$0")/../.."
. test/cluster.sh

WORK=$(mktemp -d /tmp/probabilistic-durability.XXXXXX)
DATABASES=(prob_durability_src prob_durability_plain prob_durability_custom
	prob_durability_sk prob_durability_sk_plain prob_durability_sk_custom)
CLIENTS=4
CLIENT_PIDS=()

sql() { PGOPTIONS="${PGOPTIONS:-} -c client_min_messages=warning" psql -X -q -At -v ON_ERROR_STOP=1 "$@"; }
ok() { echo "ok - $*"; }
fail() { echo "not ok - $*" >&2; exit 1; }
expect() {
	local what=$1 got=$2 want=$3
	[ "$got" = "$want" ] || fail "$what"$'\n'"    got:  $got"$'\n'"    want: $want"
	ok "$what"
}
same_file() {
	cmp -s "$2" "$3" || fail "$1: $(basename "$2") and $(basename "$3") differ ($(cmp "$2" "$3" 2>&1 | head -1))"
}
same_values() { # what file1 file2, as written by values_of
	same_file "$1 (column types)" "$2.types" "$3.types"
	same_file "$1" "$2" "$3"
}

# On a loaded machine a psql start costs about 0.4 s: one per step, not per statement.
drop_databases() {
	local db statements=()
	for db in "${DATABASES[@]}"; do statements+=(-c "DROP DATABASE IF EXISTS $db"); done
	sql -d postgres "${statements[@]}"
}
cleanup() {
	drop_databases 2>/dev/null || true
	rm -rf "$WORK"
}
trap cleanup EXIT

# Loops that build what no aggregate builds: sketches with a seed, scalable
# filters with several layers. The values added are first .. first + n - 1.
FILL_FUNCTIONS=$(cat <<'SQL'
CREATE FUNCTION fill_hll(h hll, first bigint, n integer) RETURNS hll LANGUAGE plpgsql AS $$
BEGIN
    FOR i IN 0 .. n - 1 LOOP h := hll_add(h, first + i); END LOOP;
    RETURN h;
END $$;
CREATE FUNCTION fill_bloom(b bloom, first bigint, n integer) RETURNS bloom LANGUAGE plpgsql AS $$
BEGIN
    FOR i IN 0 .. n - 1 LOOP b := bloom_add(b, first + i); END LOOP;
    RETURN b;
END $$;
SQL
)

# ---------------------------------------------------------------------------
# 1. Crash safety
# ---------------------------------------------------------------------------

# The sketches of load row `kind` (n % 8 for a client's n-th transaction),
# whose values start at x: every representation, and NULL.
LOAD_SCHEMA=$(cat <<'SQL'
CREATE TABLE load (id integer PRIMARY KEY, kind integer NOT NULL, h hll, b bloom, fu fuse);
CREATE FUNCTION load_hll(kind integer, x bigint) RETURNS hll LANGUAGE plpgsql AS $$
BEGIN
    CASE kind
    WHEN 0 THEN RETURN hll_empty(14);
    WHEN 1 THEN RETURN (SELECT hll_add_agg(v) FROM generate_series(x, x + 19) v);        -- sparse p = 14
    WHEN 2 THEN RETURN (SELECT hll_add_agg(v, 10) FROM generate_series(x, x + 1999) v);  -- dense p = 10
    WHEN 3 THEN RETURN (SELECT hll_add_agg(v, 4) FROM generate_series(x, x + 99) v);     -- dense p = 4
    WHEN 4 THEN RETURN (SELECT hll_add_agg(v, 18) FROM generate_series(x, x + 999) v);   -- sparse p = 18
    WHEN 5 THEN RETURN (SELECT hll_add_agg(v, 18) FROM generate_series(x, x + 59999) v); -- dense p = 18, TOASTed
    WHEN 6 THEN RETURN fill_hll(hll_empty(12, 42), x, 300);                              -- sparse, seeded
    ELSE RETURN fill_hll(hll_empty(8, -5), x, 500);                                      -- dense, seeded
    END CASE;
END $$;
CREATE FUNCTION load_bloom(kind integer, x bigint) RETURNS bloom LANGUAGE plpgsql AS $$
BEGIN
    CASE kind
    WHEN 0 THEN RETURN bloom_empty(1000, 0.01);
    WHEN 1 THEN RETURN (SELECT bloom_agg(v, 1000, 0.01) FROM generate_series(x, x + 499) v);
    WHEN 2 THEN RETURN fill_bloom(bloom_empty(100, 0.01, true), x, 800);            -- 4 layers
    WHEN 3 THEN RETURN bloom_empty(100, 0.01, true);
    WHEN 4 THEN RETURN fill_bloom(bloom_empty(2000, 0.001, false, 7), x, 300);      -- fixed, seeded
    WHEN 5 THEN RETURN (SELECT bloom_agg(v, 200000, 0.01) FROM generate_series(x, x + 9999) v); -- TOASTed
    WHEN 6 THEN RETURN NULL;
    ELSE RETURN fill_bloom(bloom_empty(50, 0.05, true, 9), x, 400);                  -- 4 layers, seeded
    END CASE;
END $$;
-- BEGIN issue-28 fuse: filters and key sets, seeded, empty, TOASTed, NULL.
CREATE FUNCTION load_fuse(kind integer, x bigint) RETURNS fuse LANGUAGE plpgsql AS $$
BEGIN
    CASE kind
    WHEN 0 THEN RETURN (SELECT fuse_agg(v) FROM generate_series(1, 0) v);                       -- empty filter
    WHEN 1 THEN RETURN (SELECT fuse_agg(v) FROM generate_series(x, x + 499) v);
    WHEN 2 THEN RETURN (SELECT fuse_keys_agg(v) FROM generate_series(x, x + 299) v);            -- key set
    WHEN 3 THEN RETURN (SELECT fuse_agg(v, 2^(-16)) FROM generate_series(x, x + 19999) v);       -- TOASTed
    WHEN 4 THEN RETURN (SELECT fuse_keys_agg(v, 0.01, 7) FROM generate_series(x, x + 4999) v); -- TOASTed, seeded
    WHEN 5 THEN RETURN NULL;
    WHEN 6 THEN RETURN (SELECT fuse_agg(v, 0.01, 7) FROM generate_series(x, x + 999) v);       -- seeded
    ELSE RETURN (SELECT fuse_keys_agg(v, 0.001) FROM generate_series(1, 0) v);                -- empty key set
    END CASE;
END $$;
-- A key set takes one more key; a filter takes none (stays as it is).
CREATE FUNCTION grow_fuse(f fuse, x bigint) RETURNS fuse LANGUAGE plpgsql AS $$
BEGIN
    IF f IS NULL OR fuse_info(f) ->> 'form' = 'filter' THEN RETURN f; END IF;
    RETURN fuse_union(f, (SELECT fuse_keys_agg(x, (fuse_info(f) ->> 'fpr')::float8, (fuse_info(f) ->> 'seed')::bigint)));
END $$;
-- END issue-28
-- A union with a one-value sketch of the same precision and seed.
CREATE FUNCTION grow_hll(h hll, x bigint) RETURNS hll LANGUAGE sql AS $$
    SELECT hll_union(h, hll_add(hll_empty(hll_precision(h), (hll_info(h) ->> 'seed')::bigint), x))
$$;
SQL
)

# Client c's transactions, endless: its n-th inserts row c * 1000000 + n and
# updates one of its earlier rows, and after COMMIT returns, psql prints
# "C|n". Each statement prints "R|id|md5(h)|md5(b)|md5(fu)" of the row it wrote, so
# the rows printed since the last "C" belong to a transaction whose fate is
# unknown. Clients own disjoint ids: no waits, no deadlocks.
load_transactions() {
	awk -v c="$1" 'BEGIN {
		ret = "RETURNING '\''R'\'', id, md5(h::bytea), md5(b::bytea), md5(fu::bytea);"
		for (n = 1; ; n++) {
			id = c * 1000000 + n
			print "BEGIN;"
			printf "INSERT INTO load SELECT %d, %d, load_hll(%d, %d * 100000::bigint), load_bloom(%d, %d * 100000::bigint), load_fuse(%d, %d * 100000::bigint) %s\n", id, n % 8, n % 8, id, n % 8, id, n % 8, id, ret
			if (n >= 2) {
				target = c * 1000000 + (n % 2 == 0 || n < 9 ? int(n / 2) : 1 + n % 7)
				printf "UPDATE load SET h = grow_hll(h, %d * 100000::bigint + %d), b = bloom_add(b, %d * 100000::bigint + %d), fu = grow_fuse(fu, %d * 100000::bigint + %d) WHERE id = %d %s\n", target, n, target, n, target, n, target, ret
			}
			print "COMMIT;"
			printf "\\echo C|%d\n", n
		}
	}'
}

commits() { grep -c '^C|' "$1" || true; }

# Waits until each client has committed at least $1 transactions. No fixed
# clock decides: a client that stops (an error ends its psql) fails the wait,
# and so does one that commits nothing for STALL_FACTOR times the slowest
# commit seen so far in any client (the first one's time counts from the
# clients' start, so it includes connecting), measured as the load runs.
STALL_FACTOR=20
SLOWEST_COMMIT_MS=0
SEEN_COMMITS=()
SEEN_MS=()
now_ms() { date +%s%3N; }
wait_for_commits() {
	local want=$1 c n now pending per_commit
	while :; do
		pending=0
		now=$(now_ms)
		for c in $(seq 1 $CLIENTS); do
			kill -0 "${CLIENT_PIDS[$c]}" 2>/dev/null || fail "load client $c stopped before the crash: $(cat "$WORK/client$c.err")"
			n=$(commits "$WORK/client$c.log")
			if [ "$n" -gt "${SEEN_COMMITS[$c]:-0}" ]; then
				per_commit=$(( (now - ${SEEN_MS[$c]:-$CLIENTS_STARTED_MS}) / (n - ${SEEN_COMMITS[$c]:-0}) ))
				SLOWEST_COMMIT_MS=$(( per_commit > SLOWEST_COMMIT_MS ? per_commit : SLOWEST_COMMIT_MS ))
				SEEN_COMMITS[$c]=$n
				SEEN_MS[$c]=$now
			elif [ "$SLOWEST_COMMIT_MS" -gt 0 ] &&
				[ $((now - ${SEEN_MS[$c]:-$CLIENTS_STARTED_MS})) -gt $((STALL_FACTOR * SLOWEST_COMMIT_MS)) ]; then
				fail "load client $c committed nothing for $((now - ${SEEN_MS[$c]:-$CLIENTS_STARTED_MS})) ms, over $STALL_FACTOR x the slowest commit so far ($SLOWEST_COMMIT_MS ms), at $n of $want transactions"
			fi
			[ "$n" -ge "$want" ] || pending=1
		done
		[ "$pending" -eq 1 ] || return 0
		sleep 0.1
	done
}

# A process that is gone or a zombie holds no memory, no shared memory and no
# socket any more.
dead() { [ ! -e "/proc/$1" ] || [ "$(awk '{print $3}' "/proc/$1/stat" 2>/dev/null)" = Z ]; }

# SIGKILL to the postmaster and to every process it started, as a power cut
# would. The postmaster is stopped first, so it cannot fork in between, and
# killed last, so no backend sees it go and ends cleanly.
crash_server() {
	local postmaster children pid deadline
	postmaster=$(head -1 "$CLUSTER_DIR/data/postmaster.pid")
	kill -STOP "$postmaster"
	children=$(ps -o pid= --ppid "$postmaster" | tr -d ' ' | tr '\n' ' ' || true)
	for pid in $children; do kill -KILL "$pid" 2>/dev/null || true; done
	kill -KILL "$postmaster"
	echo "killed the postmaster ($postmaster) and its $(echo "$children" | wc -w) processes with SIGKILL"
	# The waits below are bounded by what this machine was measured to need
	# for far more work: initdb and a start, 20 times over (crash_test).
	deadline=$((SECONDS + SLOW_BOUND_S))
	for pid in $postmaster $children; do
		until dead "$pid"; do
			[ $SECONDS -lt $deadline ] || fail "process $pid still alive $SLOW_BOUND_S s after SIGKILL"
			sleep 0.1
		done
	done
	# PostgreSQL takes a postmaster.pid whose process still exists for a live
	# server; an init that reaps orphans late (some containers' does) leaves
	# the killed postmaster a zombie for a while.
	deadline=$((SECONDS + SLOW_BOUND_S))
	while [ -e "/proc/$postmaster" ]; do
		[ $SECONDS -lt $deadline ] || fail "the killed postmaster ($postmaster) was not reaped in $SLOW_BOUND_S s; PostgreSQL would refuse to start"
		sleep 0.2
	done
}

crash_test() {
	local started=$SECONDS
	start_cluster "fsync = on"
	# initdb and a first start, timed: the kill, the reaping and the recovery
	# after the crash may each take 20 times that.
	SLOW_BOUND_S=$(( 20 * (SECONDS - started + 1) ))
	echo "initdb and a start took $((SECONDS - started)) s (whole seconds): the crash's waits are bounded by $SLOW_BOUND_S s"
	trap 'for pid in "${CLIENT_PIDS[@]}"; do kill "$pid" 2>/dev/null || true; done; stop_cluster' EXIT
	local db=postgres c
	sql -d $db -c "CREATE EXTENSION probabilistic" -c "CREATE EXTENSION amcheck" -c "$FILL_FUNCTIONS" -c "$LOAD_SCHEMA"

	CLIENTS_STARTED_MS=$(now_ms)
	for c in $(seq 1 $CLIENTS); do
		load_transactions "$c" | sql -d $db -F '|' >"$WORK/client$c.log" 2>"$WORK/client$c.err" &
		CLIENT_PIDS[$c]=$!
	done
	wait_for_commits 10
	sql -d $db -c "CHECKPOINT"  # recovery then replays full-page images after it
	wait_for_commits 30
	for c in $(seq 1 $CLIENTS); do
		kill -0 "${CLIENT_PIDS[$c]}" 2>/dev/null || fail "load client $c stopped before the crash: $(cat "$WORK/client$c.err")"
	done
	crash_server
	for c in $(seq 1 $CLIENTS); do
		wait "${CLIENT_PIDS[$c]}" && fail "load client $c ended without an error although its server was killed"
		! grep -q 'ERROR:' "$WORK/client$c.err" || fail "load client $c failed otherwise: $(cat "$WORK/client$c.err")"
	done
	CLIENT_PIDS=()

	# (pg_ctl warns that postmaster.pid was left behind.)
	local rc=0
	run_pg pg_ctl -D "$CLUSTER_DIR/data" -l "$CLUSTER_DIR/server.log" -w -t "$SLOW_BOUND_S" start >"$WORK/pg_ctl.out" 2>"$WORK/pg_ctl.err" || rc=$?
	[ $rc -eq 0 ] || fail "the server did not restart after the crash within $SLOW_BOUND_S s (pg_ctl exit $rc): $(cat "$WORK/pg_ctl.out" "$WORK/pg_ctl.err"; tail -5 "$CLUSTER_DIR/server.log")"
	grep -q 'database system was interrupted' "$CLUSTER_DIR/server.log" ||
		fail "the restart did no crash recovery: $(tail -5 "$CLUSTER_DIR/server.log")"
	grep -q 'redo done at' "$CLUSTER_DIR/server.log" ||
		fail "the restart replayed no WAL: $(tail -5 "$CLUSTER_DIR/server.log")"
	ok "restarted after the crash: $(grep -o 'redo done at [^ ]*' "$CLUSTER_DIR/server.log" | tail -1)"

	# The state the clients saw committed: per id the value of its last
	# acknowledged write; and the writes of each client's unacknowledged
	# last transaction, which may or may not have committed.
	awk -F'|' -v committed="$WORK/committed" -v unsure="$WORK/unsure" '
		function end_of_log() { for (i = 1; i <= open; i++) print rows[i] > unsure; open = 0 }
		FNR == 1 && NR > 1 { end_of_log() }
		$1 == "R" { rows[++open] = $0; next }
		$1 == "C" { for (i = 1; i <= open; i++) { split(rows[i], f, "|"); last[f[2]] = rows[i] }; open = 0; next }
		{ print "unexpected line in a client log: " $0 > "/dev/stderr"; broken = 1 }
		END { end_of_log(); for (id in last) print last[id] > committed; printf "" > unsure; exit broken }
	' "$WORK"/client*.log
	# Every value read in full: its bytes, then through text, binary and the
	# functions that walk it; amcheck; and a write.
	sql -d $db -F '|' -c "\\o $WORK/table" -c "SELECT 'R', id, md5(h::bytea), md5(b::bytea), md5(fu::bytea) FROM load" -c "\\o" -c "
		SELECT count(h) = count(*) FILTER (WHERE h::text::hll::bytea = h::bytea AND h::bytea::hll = h
		           AND hll_cardinality(h) >= 0 AND hll_info(h) ->> 'precision' = hll_precision(h)::text),
		       count(b) = count(*) FILTER (WHERE b::text::bloom::bytea = b::bytea AND b::bytea::bloom = b
		           AND bloom_cardinality(b) >= 0 AND bloom_fpr(b) >= 0 AND (bloom_info(b) ->> 'layer_count')::int >= 1),
		       count(*) FILTER (WHERE kind IN (1, 2, 3, 4, 5, 6, 7) AND NOT hll_cardinality(h) > 0),
		       count(*) FILTER (WHERE kind IN (1, 2, 4, 5, 7) AND NOT b @> id * 100000::bigint),
		       count(fu) = count(*) FILTER (WHERE fu::text::fuse::bytea = fu::bytea AND fu::bytea::fuse = fu
		           AND fuse_cardinality(fu) >= 0 AND fuse_info(fu) ->> 'form' IN ('keys', 'filter')),
		       count(*) FILTER (WHERE kind IN (1, 2, 3, 4, 6) AND NOT fu @> id * 100000::bigint)
		FROM load" -c "
		SELECT count(*) || ' hll (' || count(*) FILTER (WHERE hll_cardinality(h) = 0) || ' empty; '
		       || string_agg(DISTINCT (hll_info(h) ->> 'representation') || ' p=' || hll_precision(h)
		          || CASE WHEN hll_info(h) ->> 'seed' <> '0' THEN ' seeded' ELSE '' END, ', ') || '), '
		       || (SELECT count(b) || ' bloom (' || count(*) FILTER (WHERE bloom_info(b) ->> 'layout' = 'fixed') || ' fixed, '
		           || count(*) FILTER (WHERE (bloom_info(b) ->> 'layer_count')::int >= 3) || ' scalable with 3 or more layers, '
		           || count(*) FILTER (WHERE bloom_cardinality(b) = 0) || ' empty), ' FROM load)
		       || (SELECT count(fu) || ' fuse (' || count(*) FILTER (WHERE fuse_info(fu) ->> 'form' = 'keys') || ' key sets, '
		           || count(*) FILTER (WHERE fuse_cardinality(fu) = 0) || ' empty)' FROM load)
		FROM load WHERE h IS NOT NULL" -c "
		SELECT (SELECT count(*) FROM verify_heapam('load', check_toast => true)),
		       (SELECT count(*) FROM verify_heapam(c.reltoastrelid)),
		       (SELECT count(*) FROM (SELECT bt_index_check('load_pkey', true)) s),
		       (SELECT count(*) FROM pg_index i, LATERAL (SELECT bt_index_check(i.indexrelid, true)) s
		        WHERE i.indrelid = c.reltoastrelid)
		FROM pg_class c WHERE c.oid = 'load'::regclass" \
		-c "UPDATE load SET h = grow_hll(h, 1), b = bloom_add(b, 1) WHERE id % 1000000 <= 8" \
		-c "SELECT count(*) FILTER (WHERE b @> 1) = count(b) FROM load WHERE id % 1000000 <= 8" >"$WORK/checks"
	local verdict transactions
	transactions=$(cat "$WORK"/client*.log | grep -c '^C|')
	verdict=$(awk -F'|' '
		FILENAME == ARGV[1] { want[$2] = $0; wanted++; next }
		FILENAME == ARGV[2] { maybe[$2] = $0; next }
		{
			rows++; seen[$2] = 1; client = int($2 / 1000000)
			if (($2 in want) && $0 == want[$2]) { matched++; if (($2 in maybe) && $0 != maybe[$2]) before[client]++ }
			else if (($2 in maybe) && $0 == maybe[$2]) { unacknowledged++; after[client]++ }
			else { bad++; print "row " $2 ": " (($2 in want) ? "not the bytes last committed" : "never written by a client") > "/dev/stderr" }
		}
		END {
			for (id in want) if (!(id in seen)) { bad++; print "committed row " id " is missing" > "/dev/stderr" }
			for (id in maybe) if (!(id in seen) && !(id in want)) before[int(id / 1000000)]++
			for (client in after) if (client in before) { bad++; print "client " client ": its last transaction is half there" > "/dev/stderr" }
			printf "%d %d %d %d %d\n", wanted, rows, matched, unacknowledged, bad
		}' "$WORK/committed" "$WORK/unsure" "$WORK/table")
	read -r wanted rows matched unacknowledged bad <<<"$verdict"
	[ "$bad" -eq 0 ] || fail "after recovery, $bad row(s) differ from what the clients committed (above)"
	[ "$unacknowledged" -le $((2 * CLIENTS)) ] || fail "$unacknowledged rows from unacknowledged transactions, more than $CLIENTS clients can have in flight"
	ok "after recovery: all $wanted rows are there with the bytes $transactions acknowledged transactions left them with ($rows rows; $unacknowledged as transactions in flight at the crash left them)"

	expect "after recovery, every value reads back valid through text and binary, and its functions run" \
		"$(sed -n 1p "$WORK/checks")" "t|t|0|0|t|0"
	echo "   values: $(sed -n 2p "$WORK/checks")"
	expect "after recovery, amcheck finds the heap, its TOAST table and both indexes sound" "$(sed -n 3p "$WORK/checks")" "0|0|1|1"
	expect "after recovery, the server takes writes again" "$(sed -n 4p "$WORK/checks")" "t"
	# A throwaway: no shutdown checkpoint (stop_cluster then finds it stopped).
	run_pg pg_ctl -D "$CLUSTER_DIR/data" -m immediate -w stop >/dev/null
}

drop_databases
echo "# 1. crash safety under a concurrent insert and update load ($CLIENTS clients)"
(crash_test)

# ---------------------------------------------------------------------------
# 2. pg_dump / pg_restore and 3. COPY, on the caller's server
# ---------------------------------------------------------------------------

# Every representation; the bloom of row 10 is about 4.8 MB, out of line.
SOURCE_TABLE=$(cat <<'SQL'
CREATE TABLE sketches (id integer PRIMARY KEY, what text NOT NULL, h hll, h10 hll(10), b bloom, c cuckoo, d ddsketch, k topk);
INSERT INTO sketches (id, what, h, b) VALUES
 (1, 'hll empty p=14; bloom empty fixed', hll_empty(), bloom_empty(1000)),
 (2, 'hll empty p=4 seed 42; bloom empty scalable seed 7', hll_empty(4, 42), bloom_empty(100, 0.001, true, 7)),
 (3, 'hll sparse p=4; bloom fixed filled', (SELECT hll_add_agg(x, 4) FROM generate_series(1, 3) x),
     (SELECT bloom_agg(x, 10000, 0.01) FROM generate_series(1, 10000) x)),
 (4, 'hll dense p=4; bloom fixed seed 7', (SELECT hll_add_agg(x, 4) FROM generate_series(1, 1000) x),
     fill_bloom(bloom_empty(1000, 0.05, false, 7), 1, 500)),
 (5, 'hll sparse p=10; bloom scalable, 4 layers', (SELECT hll_add_agg(x, 10) FROM generate_series(1, 20) x),
     fill_bloom(bloom_empty(100, 0.01, true), 1, 1500)),
 (6, 'hll dense p=10; bloom scalable seed 7, 3 layers', (SELECT hll_add_agg(x, 10) FROM generate_series(1, 5000) x),
     fill_bloom(bloom_empty(64, 0.02, true, 7), 1, 300)),
 (7, 'hll sparse p=14; bloom NULL', (SELECT hll_add_agg(x) FROM generate_series(1, 1000) x), NULL),
 (8, 'hll dense p=14; bloom fixed past its capacity', (SELECT hll_add_agg(x) FROM generate_series(1, 10000) x),
     (SELECT bloom_agg(x, 100, 0.01) FROM generate_series(1, 1000) x)),
 (9, 'hll sparse p=18; bloom capacity 1', (SELECT hll_add_agg(x, 18) FROM generate_series(1, 3000) x), bloom_empty(1, 0.5)),
 (10, 'hll dense p=18; bloom fixed 4 million, TOASTed', (SELECT hll_add_agg(x, 18) FROM generate_series(1, 20000) x),
     (SELECT bloom_agg(x, 4000000, 0.01) FROM generate_series(1, 20000) x)),
 (11, 'hll sparse p=12 seed 42; bloom scalable seed -3, 5 layers', fill_hll(hll_empty(12, 42), 1, 100),
     fill_bloom(bloom_empty(10, 0.1, true, -3), 1, 200)),
 (12, 'hll dense p=8 seed -1; bloom fixed fpr 1e-6', fill_hll(hll_empty(8, -1), 1, 2000),
     (SELECT bloom_agg(x, 5000, 0.000001) FROM generate_series(1, 5000) x)),
 (13, 'hll NULL; bloom empty capacity 1', NULL, bloom_empty(1)),
 (14, 'hll NULL; bloom NULL', NULL, NULL);
UPDATE sketches SET h10 = h WHERE hll_precision(h) >= 10;  -- folds to p = 10
-- cuckoo: empty, at capacity (about 27 kB), seeded with removes, NULL.
UPDATE sketches SET c = CASE id % 4
    WHEN 0 THEN cuckoo_empty(1000)
    WHEN 1 THEN (SELECT cuckoo_agg(x, 20000, 0.001) FROM generate_series(1, 20000) x)
    WHEN 2 THEN cuckoo_remove(cuckoo_add(cuckoo_add(cuckoo_empty(10, 0.1, 7), 1), 2::bigint), 1) END;
-- ddsketch: empty, both signs and zeros, collapsed at 32 buckets, alpha 0.0001 over a
-- wide range (about 90 kB, out of line), NULL.
UPDATE sketches SET d = CASE id % 5
    WHEN 0 THEN (SELECT ddsketch_agg(x) FROM generate_series(1, 0) x)
    WHEN 1 THEN (SELECT ddsketch_agg((x % 3 - 1) * exp(sin(x) * 8)) FROM generate_series(1, 20000) x)
    WHEN 2 THEN (SELECT ddsketch_agg(exp(sin(x) * 30), 0.01, 32) FROM generate_series(1, 5000) x)
    WHEN 3 THEN (SELECT ddsketch_agg(exp(sin(x) * 3), 0.0001, 65536) FROM generate_series(1, 20000) x) END;
-- BEGIN issue-27 countmin: empty at the defaults (108 kB, out of line), weighted
-- text with collisions, seeded with a kind, a union, NULL.
ALTER TABLE sketches ADD COLUMN cm countmin;
UPDATE sketches SET cm = CASE id % 5
    WHEN 0 THEN countmin_empty()
    WHEN 1 THEN (SELECT countmin_agg('k' || x % 700, x::bigint % 9, 0.01, 0.05) FROM generate_series(1, 20000) x)
    WHEN 2 THEN countmin_add(countmin_add(countmin_empty(0.5, 0.5, -7), 42), 43::smallint, 1000)
    WHEN 3 THEN (SELECT countmin_agg(x) FROM generate_series(1, 3000) x)
                || (SELECT countmin_agg(x % 10) FROM generate_series(1, 3000) x) END;
-- END issue-27
-- topk: empty, bigint items with purges, text, uuid and bytea items (one of 1 kB), NULL.
UPDATE sketches SET k = CASE id % 6
    WHEN 0 THEN topk_empty(7)
    WHEN 1 THEN (SELECT topk_agg(x % 997 / (1 + x % 13), 64) FROM generate_series(1, 20000) x)
    WHEN 2 THEN (SELECT topk_agg('ü' || x % 50, (x % 7)::bigint, 8) FROM generate_series(1, 3000) x)
    WHEN 3 THEN (SELECT topk_agg(md5((x % 20)::text)::uuid) FROM generate_series(1, 500) x)
    WHEN 4 THEN (SELECT topk_agg(decode(repeat(to_hex(x % 16), 2048), 'hex'), 3) FROM generate_series(1, 100) x) END;
-- BEGIN issue-26 kll: empty at k 8, one level, many levels at k 8, k 4000 over 50000
-- values (out of line), a union of two k, a DataSketches float image imported, NULL.
ALTER TABLE sketches ADD COLUMN kl kll;
UPDATE sketches SET kl = CASE id % 7
    WHEN 0 THEN (SELECT kll_agg(x, 8) FROM generate_series(1, 0) x)
    WHEN 1 THEN (SELECT kll_agg(x * 0.5) FROM generate_series(1, 150) x)
    WHEN 2 THEN (SELECT kll_agg(sin(x) * 1e6, 8) FROM generate_series(1, 20000) x)
    WHEN 3 THEN (SELECT kll_agg(exp(sin(x) * 20), 4000) FROM generate_series(1, 50000) x)
    WHEN 4 THEN (SELECT kll_agg(x, 50) FROM generate_series(1, 3000) x) || (SELECT kll_agg(-x) FROM generate_series(1, 9000) x)
    WHEN 5 THEN kll_import(kll_export((SELECT kll_agg(x / 7.0, 30) FROM generate_series(1, 5000) x), 'float')) END;
-- END issue-26
-- BEGIN issue-28 agebloom: a count window filled past it, an empty time window, a
-- time window over three hours with a seed (about 200 kB, out of line), NULL.
ALTER TABLE sketches ADD COLUMN ab agebloom;
UPDATE sketches SET ab = CASE id % 4
    WHEN 0 THEN (SELECT agebloom_agg(x, 1000, 0.01 ORDER BY x) FROM generate_series(1, 3500) x)
    WHEN 1 THEN agebloom_empty(interval '1 hour', 1000, 0.001, 8, -5)
    WHEN 2 THEN (SELECT agebloom_agg('c' || x, interval '1 hour', 40000, 0.001,
                                     timestamptz '2026-01-01 00:00+00' + x * interval '1 second')
                 FROM generate_series(1, 10800) x) END;
-- END issue-28
-- BEGIN issue-28 fuse: a filter of 20000 values at 2^-16 (about 45 kB, out of line), an
-- empty filter, a seeded key set, an empty key set, a filter of one value at 0.5, NULL.
ALTER TABLE sketches ADD COLUMN fu fuse;
UPDATE sketches SET fu = CASE id % 6
    WHEN 0 THEN (SELECT fuse_agg(x, 2^(-16)) FROM generate_series(1, 20000) x)
    WHEN 1 THEN (SELECT fuse_agg(x) FROM generate_series(1, 0) x)
    WHEN 2 THEN (SELECT fuse_keys_agg('k' || x, 0.01, -3) FROM generate_series(1, 3000) x)
    WHEN 3 THEN (SELECT fuse_keys_agg(x) FROM generate_series(1, 0) x)
    WHEN 4 THEN (SELECT fuse_agg(x, 0.5) FROM generate_series(1, 1) x) END;
-- END issue-28
SQL
)
# Issue 38: sketches of types outside the built-in catalog (an extension's
# type, an enum, a domain, an array) record a kind derived from the types'
# names, so the restored values, whose types have other OIDs, keep working.
# The kinds are doc/FORMAT.md 2.5's 10000 + XXH3-64(identity) mod 55534,
# computed with Python's xxhash: 'citext' 00 'citext' is 49992, 00 'du_mood'
# 36928, 00 'du_mood[]' 37806.
OUTSIDE_TABLE=$(cat <<'SQL'
CREATE EXTENSION citext;
CREATE TYPE du_mood AS ENUM ('sad', 'ok');
CREATE DOMAIN du_ci AS citext;
CREATE TABLE outside AS
SELECT hll_add_agg(c) AS h, bloom_agg(c, 10, 0.01) AS b, cuckoo_agg(m, 10, 0.01) AS c, bloom_agg(ARRAY[m], 10, 0.01) AS ba
FROM (VALUES ('Ok'::du_ci, 'ok'::du_mood)) v(c, m);
SQL
)
OUTSIDE_STATE="CREATE FUNCTION pg_temp.refused(q text) RETURNS text LANGUAGE plpgsql AS \$\$
BEGIN EXECUTE q; RETURN 'answered'; EXCEPTION WHEN datatype_mismatch THEN RETURN 'refused'; END \$\$;
SELECT hll_info(h)->>'kind', bloom_info(b)->>'kind', cuckoo_info(c)->>'kind', bloom_info(ba)->>'kind',
       hll_info(h)->'kind' = hll_info(hll_add(hll_empty(), 'a'::citext))->'kind',
       b @> 'OK'::citext, cuckoo_contains(c, 'ok'::du_mood), ba @> ARRAY['ok'::du_mood],
       hll_cardinality(hll_add(h, 'oK'::du_ci)), pg_temp.refused('SELECT b @> ''ok''::du_mood FROM outside')
FROM outside"
OUTSIDE_WANT="other 49992|other 49992|other 36928|other 37806|t|t|t|t|1|refused"

COVERAGE="SELECT string_agg(DISTINCT (hll_info(h) ->> 'representation') || ' ' || hll_precision(h), ', '),
	count(*) FILTER (WHERE hll_info(h) ->> 'seed' <> '0'), count(*) FILTER (WHERE bloom_info(b) ->> 'seed' <> '0'),
	count(*) FILTER (WHERE (bloom_info(b) ->> 'layer_count')::int >= 3),
	max(octet_length(b::bytea)) > 4000000
	AND (SELECT pg_relation_size(reltoastrelid) FROM pg_class WHERE oid = 'sketches'::regclass) > 4000000,
	count(*) FILTER (WHERE h IS NULL OR b IS NULL), count(*)
	FROM sketches"

# Statements that write a table's values, their very bytes (binary COPY of
# bytea), to file, and its columns' types to file.types.
values_to() { # table file
	printf '%s\n' "RESET search_path;" "\\o $2.types" \
		"SELECT attname || ' ' || format_type(atttypid, atttypmod) FROM pg_attribute WHERE attrelid = '$1'::regclass AND attnum > 0 ORDER BY attnum;" \
		"\\o" "\\copy (SELECT id, what, h::bytea, h10::bytea, b::bytea, c::bytea, d::bytea, cm::bytea, k::bytea, kl::bytea, ab::bytea, fu::bytea FROM $1 ORDER BY id) TO '$2' (FORMAT binary)"
}
same_values() { # what file1 file2, as written by values_to
	same_file "$1 (column types)" "$2.types" "$3.types"
	same_file "$1" "$2" "$3"
}

echo "# 2. pg_dump and pg_restore"
statements=()
for db in "${DATABASES[@]}"; do statements+=(-c "CREATE DATABASE $db TEMPLATE template0"); done
sql -d postgres "${statements[@]}"
sql -d prob_durability_src -c "CREATE EXTENSION probabilistic" -c "CREATE SCHEMA build" \
	-c "SET search_path = build, public" -c "$FILL_FUNCTIONS" \
	-c "SET search_path = public, build" -c "$SOURCE_TABLE" -c "DROP SCHEMA build CASCADE" -c "$OUTSIDE_TABLE" \
	-f <(values_to sketches "$WORK/source") -c "$COVERAGE" >"$WORK/coverage"
expect "the table holds every representation (hll sparse and dense at p = 4, 10, 14, 18, seeded; bloom scalable with 3+ layers, seeded; a 4.8 MB bloom in TOAST; NULLs)" \
	"$(cat "$WORK/coverage")" \
	"dense 10, dense 14, dense 18, dense 4, dense 8, sparse 10, sparse 12, sparse 14, sparse 18, sparse 4|3|4|3|t|3|14"
SOURCE_ROWS=14

pg_dump -Fp -d prob_durability_src -f "$WORK/dump.sql"
pg_dump -Fc -d prob_durability_src -f "$WORK/dump.custom"
sql -d prob_durability_plain -f "$WORK/dump.sql" -f <(values_to sketches "$WORK/plain") >/dev/null
pg_restore --exit-on-error -d prob_durability_custom "$WORK/dump.custom"
sql -d prob_durability_custom -f <(values_to sketches "$WORK/custom")
same_values "pg_dump -Fp, restored with psql" "$WORK/source" "$WORK/plain"
same_values "pg_dump -Fc, restored with pg_restore" "$WORK/source" "$WORK/custom"
ok "pg_dump -Fp | psql and pg_dump -Fc | pg_restore: all $SOURCE_ROWS rows byte for byte, column types hll, hll(10), bloom, cuckoo, ddsketch, countmin, topk, kll, agebloom, fuse kept ($(du -k "$WORK/dump.sql" | cut -f1) kB plain dump)"
for db in prob_durability_src prob_durability_plain prob_durability_custom; do
	expect "types outside the catalog in $db: citext, enum and array kinds as FORMAT.md 2.5 derives them, found, counted once, another type refused" \
		"$(sql -d $db -c "$OUTSIDE_STATE")" "$OUTSIDE_WANT"
done
oids=$(for db in prob_durability_src prob_durability_plain prob_durability_custom; do
	sql -d $db -c "SELECT 'du_mood'::regtype::oid || ' ' || 'citext'::regtype::oid"; done | sort -u | wc -l)
expect "the restored enum and citext have OIDs other than the source's (the kinds above do not come from OIDs)" "$oids" "3"

# The extension in a schema of its own, used by a default, a check, indexes,
# a view and a materialized view that pg_restore refreshes with an empty
# search_path.
sql -d prob_durability_sk <<'SQL'
CREATE SCHEMA sk;
CREATE EXTENSION probabilistic SCHEMA sk;
CREATE TABLE public.events (id integer PRIMARY KEY, h sk.hll(12) NOT NULL DEFAULT sk.hll_empty(12)
    CHECK (sk.hll_precision(h) = 12), b sk.bloom);
INSERT INTO public.events (id, h, b)
SELECT g, (SELECT sk.hll_add_agg(x, 14) FROM generate_series(1, g * 100) x),
       (SELECT sk.bloom_agg(x, 1000, 0.01) FROM generate_series(1, g * 10) x)
FROM generate_series(1, 30) g;
INSERT INTO public.events (id) VALUES (0);
CREATE INDEX events_h ON public.events USING hash (h);
CREATE INDEX events_cardinality ON public.events ((sk.hll_cardinality(h)));
CREATE VIEW public.events_seen AS
SELECT id, sk.hll_cardinality(h) AS n, b OPERATOR(sk.@>) id AS seen, h OPERATOR(sk.||) h AS h FROM public.events;
CREATE MATERIALIZED VIEW public.events_total AS
SELECT sk.hll_union_agg(h) AS h, sk.bloom_union_agg(b) AS b, count(*) AS n FROM public.events;
SQL
# What a restore must reproduce: the values, the view and the materialized
# view byte for byte, the schema, default, check and indexes, an index scan.
sk_state() { # file
	printf '%s\n' "RESET search_path;" "\\o $1.catalog" "SET enable_seqscan = off;" \
		"SELECT count(*) FROM events;" "SELECT count(*) FROM events WHERE h OPERATOR(sk.=) (SELECT h FROM events WHERE id = 7);" \
		"SELECT e.extnamespace::regnamespace, (SELECT count(*) FROM pg_indexes WHERE tablename = 'events'),
		        (SELECT count(*) FROM pg_constraint WHERE conrelid = 'events'::regclass AND contype = 'c'),
		        pg_get_expr(d.adbin, d.adrelid), format_type(a.atttypid, a.atttypmod)
		 FROM pg_extension e, pg_attrdef d, pg_attribute a WHERE e.extname = 'probabilistic'
		     AND d.adrelid = 'events'::regclass AND a.attrelid = d.adrelid AND a.attnum = d.adnum;" "\\o" \
		"\\copy (SELECT id, h::bytea, b::bytea FROM events ORDER BY id) TO '$1' (FORMAT binary)" \
		"\\copy (SELECT id, n, seen, h::bytea FROM events_seen ORDER BY id) TO '$1.view' (FORMAT binary)" \
		"\\copy (SELECT h::bytea, b::bytea, n FROM events_total) TO '$1.matview' (FORMAT binary)"
}
sql -d prob_durability_sk -f <(sk_state "$WORK/sk_source")
expect "extension in schema sk: its default, check, indexes and an index scan" \
	"$(cat "$WORK/sk_source.catalog")" "$(printf '31\n1\nsk|3|1|sk.hll_empty(12)|sk.hll(12)')"
pg_dump -Fp -d prob_durability_sk -f "$WORK/sk_dump.sql"
pg_dump -Fc -d prob_durability_sk -f "$WORK/sk_dump.custom"
sql -d prob_durability_sk_plain -f "$WORK/sk_dump.sql" -f <(sk_state "$WORK/sk_plain") >/dev/null
pg_restore --exit-on-error -d prob_durability_sk_custom "$WORK/sk_dump.custom"
sql -d prob_durability_sk_custom -f <(sk_state "$WORK/sk_custom")
for restored in sk_plain sk_custom; do
	for part in catalog "" view matview; do
		same_file "extension in schema sk, $restored" "$WORK/sk_source${part:+.$part}" "$WORK/$restored${part:+.$part}"
	done
done
ok "extension in schema sk: pg_dump -Fp | psql and pg_dump -Fc | pg_restore: $(head -1 "$WORK/sk_source.catalog") rows, the view and the refreshed materialized view byte for byte, the schema, default, check and indexes kept"

echo "# 3. COPY TO and FROM"
for format in binary text; do
	sql -d prob_durability_src -c "\\copy sketches TO '$WORK/copy.$format' (FORMAT $format)" \
		-c "CREATE TABLE sketches_$format (LIKE sketches INCLUDING ALL)" \
		-c "\\copy sketches_$format FROM '$WORK/copy.$format' (FORMAT $format)" \
		-f <(values_to "sketches_$format" "$WORK/copy_$format")
	same_values "COPY (FORMAT $format) round trip" "$WORK/source" "$WORK/copy_$format"
	ok "COPY TO and FROM (FORMAT $format): all $SOURCE_ROWS rows byte for byte ($(du -k "$WORK/copy.$format" | cut -f1) kB)"
done
# Binary COPY sends a value as the documented format, the very bytes of ::bytea.
sql -d prob_durability_src -c "\\copy (SELECT h, h10, b, c, d, cm, k, kl, ab, fu FROM sketches ORDER BY id) TO '$WORK/typed.bin' (FORMAT binary)" \
	-c "\\copy (SELECT h::bytea, h10::bytea, b::bytea, c::bytea, d::bytea, cm::bytea, k::bytea, kl::bytea, ab::bytea, fu::bytea FROM sketches ORDER BY id) TO '$WORK/bytea.bin' (FORMAT binary)"
same_file "binary COPY of hll, bloom, cuckoo, ddsketch, countmin, topk, kll, agebloom and fuse against their ::bytea" "$WORK/typed.bin" "$WORK/bytea.bin"
ok "binary COPY writes each value as the bytes of value::bytea"
echo "durability: every check passed in $SECONDS s"
