#!/usr/bin/env bash
# Faults: what errors, cancels and memory pressure do to a backend.
#
# 1. Leaks. In one backend, every kind of failing call (bad text and bytea
#    input, parameters that do not match, failing aggregates and operators,
#    aggregates aborted by an error in their input) runs LEAK_CALLS times, each
#    caught in its own subtransaction (BEGIN ... EXCEPTION), with the SQLSTATE
#    checked; the backend's memory-context total and its anonymous RSS (read
#    from /proc/<pid>/status) must stay flat, as they must for the same loop
#    of succeeding calls.
# 2. Interrupts. The longest work the extension does (aggregates over many
#    rows, bloom_agg(x)'s final function over a low-fpr filter, whole-filter
#    operations on large filters) is cancelled by statement_timeout and by
#    pg_cancel_backend from a second session within CANCEL_LATENCY_MS, where
#    the uncancelled statement would take at least 10 times the timeout.
# 3. Limits. Requests beyond what a value can hold are refused with their
#    SQLSTATE at once, without the backend's peak RSS moving; grouped
#    aggregates over many groups with a small work_mem spill (HashAgg batches
#    > 1), give the same results as a sorted plan, and no backend crashes.
#
# Runs against the server in PGHOST/PGPORT as the superuser PGUSER (what
# test/run_tests.sh sets up with test/cluster.sh), on the same machine (it
# reads the backends' /proc entries). Creates and drops its own database.
# Exits non-zero if any check fails. Sizes can be set in the environment.
set -euo pipefail

# ---- sizes and bounds ----
# A leak of 100 bytes per call in any one kind (LEAK_CALLS x 100 bytes) passes both bounds.
LEAK_CALLS=${FAULTS_LEAK_CALLS:-5000}           # failing calls per kind (28 kinds), and as many succeeding
LEAK_WARMUP=${FAULTS_LEAK_WARMUP:-200}          # calls per kind before the first measurement
LEAK_CONTEXT_BOUND_KB=${FAULTS_LEAK_CONTEXT_BOUND_KB:-192}  # growth allowed over one loop
LEAK_RSS_BOUND_KB=${FAULTS_LEAK_RSS_BOUND_KB:-384}
TIMEOUT_MS=${FAULTS_TIMEOUT_MS:-500}            # statement_timeout, and the delay before pg_cancel_backend
CANCEL_LATENCY_MS=${FAULTS_CANCEL_LATENCY_MS:-2500}  # from the timeout (or the cancel) to the error at the client;
# generous for loaded CI machines: every statement would run at least 4.5 s past its interrupt without checks
AGG_ROWS=${FAULTS_AGG_ROWS:-500000000}          # rows of the per-row aggregates (never run to the end)
DISTINCT_ROWS=${FAULTS_DISTINCT_ROWS:-20000000} # distinct values for bloom_agg(x) (never run to the end)
UNION_REPEAT=${FAULTS_UNION_REPEAT:-5000}       # hll_union_agg over 100 dense sketches, this many times
FINAL_ROWS=${FAULTS_FINAL_ROWS:-500000}         # bloom_agg(x, 1e-300): a short scan, a long final function
BIG_CAPACITY=${FAULTS_BIG_CAPACITY:-13000000}   # bloom_empty(BIG_CAPACITY): about 16 MB
SPILL_GROUPS=${FAULTS_SPILL_GROUPS:-50000}
SPILL_ROWS_PER_GROUP=${FAULTS_SPILL_ROWS_PER_GROUP:-3}
SPILL_WORK_MEM=${FAULTS_SPILL_WORK_MEM:-1MB}
REFUSAL_MS=${FAULTS_REFUSAL_MS:-1000}           # a refused request answers within this (the peak RSS check is the strict one)
REFUSAL_HWM_BOUND_KB=${FAULTS_REFUSAL_HWM_BOUND_KB:-65536}  # a fresh backend's first use; a refused filter is >= 1 GB

DB=prob_faults_db
export PGDATABASE=$DB

sql() { psql -X -q -At -v ON_ERROR_STOP=1 "$@"; }
now_ms() { date +%s%3N; }

failures=0
pass() { echo "ok - $*"; }
fail() {
	echo "not ok - $*"
	failures=$((failures + 1))
}

cleanup() { psql -X -q -d postgres -c "DROP DATABASE IF EXISTS $DB WITH (FORCE)" 2>/dev/null || true; }
trap cleanup EXIT
cleanup
psql -X -q -d postgres -v ON_ERROR_STOP=1 -c "CREATE DATABASE $DB"
sql -c "CREATE EXTENSION probabilistic"
# A crashed backend makes the postmaster restart every process but itself.
server_processes() { sql -c "SELECT pid || ' started ' || backend_start FROM pg_stat_activity WHERE backend_type = 'checkpointer'"; }
SERVER_PROCESSES=$(server_processes)
# The server log of test/cluster.sh's cluster, from here on.
SERVER_LOG=$PGHOST/server.log
SERVER_LOG_START=$( [ -r "$SERVER_LOG" ] && stat -c %s "$SERVER_LOG" || echo 0)
SCRIPT_START=$(now_ms)

# ============================================================================
# 1. Leaks
# ============================================================================
# faults_loop(n, failing): runs every kind n times; failing picks the broken
# input of each kind, else the valid one (the control). Returns per kind the
# calls whose outcome (SQLSTATE, or success) was not the expected one.
sql <<'SQL'
CREATE FUNCTION faults_loop(n int, failing bool)
RETURNS TABLE (kind text, want text, calls bigint, unexpected bigint, example text)
LANGUAGE plpgsql
-- Generic plans: the calls run in the executor, not folded by the planner.
SET plan_cache_mode = force_generic_plan AS $fn$
DECLARE
    kinds text[] := ARRAY[
        'text -> hll, not hex:22P02', 'text -> hll, truncated:22P03', 'text -> bloom, odd digits:22P02',
        'text -> bloom, bits flipped:22P03', 'bytea -> hll, unknown version:22P03',
        'bytea -> hll, entries unsorted:22P03', 'bytea -> hll, a bloom value:22P03',
        'bytea -> bloom, truncated:22P03', 'bytea -> bloom, unknown version:22P03',
        'hll(12) -> hll(13), precision too low:22023', 'hll_union, seeds differ:22023',
        'hll || hll, seeds differ:22023', 'hll @> hll, seeds differ:22023', 'bloom_union, capacities differ:22023',
        'bloom | bloom, fpr differs:22023', 'bloom @> bloom, seeds differ:22023', 'bloom & bloom, layouts differ:22023',
        'hll_empty, precision 3:22023', 'bloom_empty, over 1 GB:54000', 'hll_add_agg(x, p), p = 30:22023',
        'hll_union_agg, seeds differ:22023', 'bloom_agg(x, fpr), fpr = 2:22023',
        'bloom_agg(x, capacity, fpr), capacity 0:22023', 'bloom_agg(x, capacity, fpr), NULL capacity:22004',
        'bloom_union_agg, capacities differ:22023', 'hll_add_trans outside an aggregate:0A000',
        'bloom_agg(x) over 200 values, then an error in its input:22012',
        'hll_add_agg(x, 6) over 200 values, then an error in its input:22012'];
    k_count int := array_length(kinds, 1);
    bad bigint[] := array_fill(0::bigint, ARRAY[k_count]);
    examples text[] := array_fill(NULL::text, ARRAY[k_count]);
    expected text;
    state text;
    -- Valid values, and the inputs that break them when failing.
    hll_bytes bytea := hll_add(hll_add(hll_empty(), 1), 2)::bytea;
    bloom_bytes bytea := bloom_add(bloom_empty(100), 1)::bytea;
    t_hll text := CASE WHEN failing THEN 'garbage' ELSE hll_bytes::text END;
    t_hll_short text := CASE WHEN failing THEN substr(hll_bytes::text, 1, 30) ELSE hll_bytes::text END;
    t_bloom_odd text := bloom_bytes::text || CASE WHEN failing THEN '0' ELSE '' END;
    t_bloom_flip text := CASE WHEN failing THEN set_byte(bloom_bytes, length(bloom_bytes) - 20, 255)::text
                              ELSE bloom_bytes::text END;
    b_hll_version bytea := CASE WHEN failing THEN set_byte(hll_bytes, 1, 99) ELSE hll_bytes END;
    b_hll_unsorted bytea := CASE WHEN failing
                                 THEN substr(hll_bytes, 1, 16) || substr(hll_bytes, 21, 4) || substr(hll_bytes, 17, 4)
                                 ELSE hll_bytes END;
    b_hll_tag bytea := CASE WHEN failing THEN bloom_bytes ELSE hll_bytes END;
    b_bloom_short bytea := CASE WHEN failing THEN substr(bloom_bytes, 1, length(bloom_bytes) - 1) ELSE bloom_bytes END;
    b_bloom_version bytea := CASE WHEN failing THEN set_byte(bloom_bytes, 1, 99) ELSE bloom_bytes END;
    h_typmod hll := hll_add(hll_empty(CASE WHEN failing THEN 12 ELSE 14 END), 1);
    h_a hll := hll_add(hll_empty(14, 1), 1);
    h_b hll := hll_add(hll_empty(14, CASE WHEN failing THEN 2 ELSE 1 END), 2);
    f_a bloom := bloom_add(bloom_empty(100), 1);
    f_cap bloom := bloom_add(bloom_empty(CASE WHEN failing THEN 101 ELSE 100 END), 2);
    f_fpr bloom := bloom_add(bloom_empty(100, CASE WHEN failing THEN 0.02 ELSE 0.01 END), 2);
    f_seed bloom := bloom_add(bloom_empty(100, 0.01, false, CASE WHEN failing THEN 7 ELSE 0 END), 2);
    f_layout bloom := bloom_add(bloom_empty(100, 0.01, failing), 2);
    precision_arg int := CASE WHEN failing THEN 3 ELSE 10 END;
    capacity_arg bigint := CASE WHEN failing THEN 100000000000 ELSE 1000 END;
    agg_precision int := CASE WHEN failing THEN 30 ELSE 12 END;
    fpr_arg float8 := CASE WHEN failing THEN 2 ELSE 0.01 END;
    agg_capacity bigint := CASE WHEN failing THEN 0 ELSE 100 END;
    null_capacity bigint := CASE WHEN failing THEN NULL ELSE 100 END;
    divisor int := CASE WHEN failing THEN 0 ELSE 1 END;
BEGIN
    FOR i IN 1..n LOOP
        FOR k IN 1..k_count LOOP
            BEGIN
                CASE k
                WHEN 1 THEN PERFORM t_hll::hll;
                WHEN 2 THEN PERFORM t_hll_short::hll;
                WHEN 3 THEN PERFORM t_bloom_odd::bloom;
                WHEN 4 THEN PERFORM t_bloom_flip::bloom;
                WHEN 5 THEN PERFORM b_hll_version::hll;
                WHEN 6 THEN PERFORM b_hll_unsorted::hll;
                WHEN 7 THEN PERFORM b_hll_tag::hll;
                WHEN 8 THEN PERFORM b_bloom_short::bloom;
                WHEN 9 THEN PERFORM b_bloom_version::bloom;
                WHEN 10 THEN PERFORM h_typmod::hll(13);
                WHEN 11 THEN PERFORM hll_union(h_a, h_b);
                WHEN 12 THEN PERFORM h_a || h_b;
                WHEN 13 THEN PERFORM h_a @> h_b;
                WHEN 14 THEN PERFORM bloom_union(f_a, f_cap);
                WHEN 15 THEN PERFORM f_a | f_fpr;
                WHEN 16 THEN PERFORM f_a @> f_seed;
                WHEN 17 THEN PERFORM f_a & f_layout;
                WHEN 18 THEN PERFORM hll_empty(precision_arg);
                WHEN 19 THEN PERFORM bloom_empty(capacity_arg);
                WHEN 20 THEN PERFORM hll_add_agg(x, agg_precision) FROM generate_series(1, 3) x;
                WHEN 21 THEN PERFORM hll_union_agg(h) FROM (VALUES (h_a), (h_b), (h_a)) v(h);
                WHEN 22 THEN PERFORM bloom_agg(x, fpr_arg) FROM generate_series(1, 3) x;
                WHEN 23 THEN PERFORM bloom_agg(x, agg_capacity, 0.01) FROM generate_series(1, 3) x;
                WHEN 24 THEN PERFORM bloom_agg(x, null_capacity, 0.01) FROM generate_series(1, 3) x;
                WHEN 25 THEN PERFORM bloom_union_agg(f) FROM (VALUES (f_a), (f_cap), (f_a)) v(f);
                WHEN 26 THEN
                    IF failing THEN PERFORM hll_add_trans(h_a, 1::bigint); ELSE PERFORM hll_add(h_a, 1::bigint); END IF;
                WHEN 27 THEN PERFORM bloom_agg(x / CASE WHEN x = 200 THEN divisor ELSE 1 END)
                                 FROM generate_series(1, 200) x;
                WHEN 28 THEN PERFORM hll_add_agg(x / CASE WHEN x = 200 THEN divisor ELSE 1 END, 6)
                                 FROM generate_series(1, 200) x;
                END CASE;
                state := '00000';
            EXCEPTION WHEN others THEN
                state := SQLSTATE;
                IF examples[k] IS NULL AND state <> split_part(kinds[k], ':', 2) THEN
                    examples[k] := state || ': ' || SQLERRM;
                END IF;
            END;
            expected := CASE WHEN failing THEN split_part(kinds[k], ':', 2) ELSE '00000' END;
            IF state <> expected THEN
                bad[k] := bad[k] + 1;
            END IF;
        END LOOP;
    END LOOP;
    RETURN QUERY SELECT split_part(kinds[k], ':', 1), CASE WHEN failing THEN split_part(kinds[k], ':', 2)
                                                            ELSE '00000' END,
                        n::bigint, bad[k], examples[k]
        FROM generate_series(1, k_count) k;
END
$fn$;
SQL

echo "# leaks: $LEAK_CALLS failing and $LEAK_CALLS succeeding calls of each kind, one backend"
sql -F ' -> ' -c "SELECT kind, want FROM faults_loop(0, true)" | sed 's/^/#   /'
# One session: memory is read after the warm-up, after the succeeding loop,
# and after the failing loop. The RSS comes from /proc through psql's shell escape.
leak_out=$(sql -v warmup="$LEAK_WARMUP" -v calls="$LEAK_CALLS" <<'SQL'
SELECT pg_backend_pid() AS pid \gset
\setenv FAULTS_PID :pid
SELECT 'unexpected|warm-up|' || kind || '|' || want || '|' || unexpected || '|' || coalesce(example, '')
    FROM faults_loop(:warmup, true) WHERE unexpected > 0;
SELECT 'unexpected|warm-up|' || kind || '|' || want || '|' || unexpected || '|' || coalesce(example, '')
    FROM faults_loop(:warmup, false) WHERE unexpected > 0;
SELECT 'ctx|warm|' || sum(total_bytes) FROM pg_backend_memory_contexts;
\! awk '/^(RssAnon|VmRSS):/ {print "rss|warm|" $1 "|" $2}' /proc/$FAULTS_PID/status
SELECT 'clock|warm|' || (extract(epoch FROM clock_timestamp()) * 1000)::bigint;
SELECT 'unexpected|control|' || kind || '|' || want || '|' || unexpected || '|' || coalesce(example, '')
    FROM faults_loop(:calls, false) WHERE unexpected > 0;
SELECT 'clock|control|' || (extract(epoch FROM clock_timestamp()) * 1000)::bigint;
SELECT 'ctx|control|' || sum(total_bytes) FROM pg_backend_memory_contexts;
\! awk '/^(RssAnon|VmRSS):/ {print "rss|control|" $1 "|" $2}' /proc/$FAULTS_PID/status
SELECT 'unexpected|failing|' || kind || '|' || want || '|' || unexpected || '|' || coalesce(example, '')
    FROM faults_loop(:calls, true) WHERE unexpected > 0;
SELECT 'clock|failing|' || (extract(epoch FROM clock_timestamp()) * 1000)::bigint;
SELECT 'ctx|failing|' || sum(total_bytes) FROM pg_backend_memory_contexts;
\! awk '/^(RssAnon|VmRSS):/ {print "rss|failing|" $1 "|" $2}' /proc/$FAULTS_PID/status
SQL
)
field() { awk -F'|' -v a="$1" -v b="$2" -v c="${3:-}" '$1 == a && $2 == b && (c == "" || $3 == c) {print $NF}' <<<"$leak_out"; }
kinds=$(sql -c "SELECT count(*) FROM faults_loop(0, true)")
unexpected=$(grep '^unexpected|' <<<"$leak_out" || true)
if [ -z "$unexpected" ]; then
	pass "leaks: every one of $((kinds * LEAK_CALLS)) failing calls raised its kind's SQLSTATE, every succeeding one succeeded"
else
	fail "leaks: calls with an unexpected outcome (phase|kind|want|count|first example):"
	sed 's/^unexpected|/    /' <<<"$unexpected"
fi
for phase in control failing; do
	prev=$([ $phase = control ] && echo warm || echo control)
	ctx_growth=$(( $(field ctx $phase) - $(field ctx $prev) ))
	rss_growth=$(( $(field rss $phase RssAnon:) - $(field rss $prev RssAnon:) ))
	ms=$(( $(field clock $phase) - $(field clock $prev) ))
	what="$phase loop, $((kinds * LEAK_CALLS)) calls in ${ms} ms: memory contexts $(field ctx $prev) -> $(field ctx $phase) bytes (${ctx_growth}), RssAnon $(field rss $prev RssAnon:) -> $(field rss $phase RssAnon:) kB (${rss_growth} kB), VmRSS $(field rss $prev VmRSS:) -> $(field rss $phase VmRSS:) kB"
	if [ "$ctx_growth" -le $((LEAK_CONTEXT_BOUND_KB * 1024)) ] && [ "$rss_growth" -le "$LEAK_RSS_BOUND_KB" ]; then
		pass "leaks: $what"
	else
		fail "leaks: $what (bounds: ${LEAK_CONTEXT_BOUND_KB} kB of contexts, ${LEAK_RSS_BOUND_KB} kB of RssAnon)"
	fi
done
echo "# a leak of 100 bytes per call in a single kind would add $((LEAK_CALLS * 100 / 1024)) kB"

# ============================================================================
# 2. Interrupts
# ============================================================================
# stmt_ms SQL: the statement's time as psql's \timing sees it (no connection time).
stmt_ms() {
	local out
	if ! out=$(psql -X -q -At -v ON_ERROR_STOP=1 -c '\timing on' -c "$1" 2>&1); then
		echo "statement failed: $1: $out" >&2
		return 1
	fi
	awk '/^Time: / {printf "%d\n", $2}' <<<"$out" | tail -1
}

# at_least_10x LABEL ESTIMATE_MS: the uncancelled statement would take ten timeouts or more.
at_least_10x() {
	if [ "$2" -ge $((10 * TIMEOUT_MS)) ]; then
		echo "#   $1: uncancelled about $2 ms"
	else
		fail "$1: uncancelled only about $2 ms, under 10 x $TIMEOUT_MS ms: raise its size to make the check prove something"
	fi
}

# cancel_check HOW LABEL LATENCY_MS BOUND_MS OUTPUT REASON: the statement ended
# with 57014 for REASON within the bound.
cancel_check() {
	local how=$1 label=$2 latency=$3 bound=$4 output=$5 reason=$6
	if ! grep -q "57014: canceling statement due to $reason" <<<"$output"; then
		fail "$how: $label did not end with 57014 ($reason): $(head -c 300 <<<"$output")"
	elif [ "$latency" -gt "$bound" ]; then
		fail "$how: $label ended with 57014 $latency ms after the interrupt (bound $bound ms)"
	else
		pass "$how: $label ended with 57014 $latency ms after the interrupt (bound $bound ms)"
	fi
}

# with_timeout LABEL SQL [TIMEOUT_MS [EXTRA_BOUND_MS]]: latency = statement time - timeout.
with_timeout() {
	local label=$1 query=$2 timeout=${3:-$TIMEOUT_MS} extra=${4:-0} output ms
	output=$(psql -X -q -At -v VERBOSITY=verbose -c "SET statement_timeout = $timeout" -c '\timing on' \
		-c "$query" 2>&1) || true
	ms=$(awk '/^Time: / {printf "%d\n", $2}' <<<"$output" | tail -1)
	cancel_check "statement_timeout $timeout ms" "$label" $((${ms:-0} - timeout)) $((CANCEL_LATENCY_MS + extra)) \
		"$output" "statement timeout"
}

# with_cancel LABEL DELAY_MS SQL [EXTRA_BOUND_MS]: a second session cancels the statement
# DELAY_MS after it shows as active; latency = from the pg_cancel_backend call
# (the server's clock) to the client seeing the statement end. A statement_timeout
# well past that stops a statement the cancel did not (and the check fails).
with_cancel() {
	local label=$1 delay=$2 query=$3 extra=${4:-0} out bg pid cancelled_at
	out=$(mktemp)
	PGAPPNAME=faults_cancel PGOPTIONS="-c statement_timeout=$((delay + 2 * (CANCEL_LATENCY_MS + extra) + 5000))" \
		psql -X -q -At -v VERBOSITY=verbose -c "$query" >"$out" 2>&1 &
	bg=$!
	pid=
	for _ in $(seq 250); do
		pid=$(sql -c "SELECT pid FROM pg_stat_activity WHERE application_name = 'faults_cancel' AND state = 'active'")
		[ -n "$pid" ] && break
		sleep 0.02
	done
	if [ -z "$pid" ]; then
		wait "$bg" || true
		fail "pg_cancel_backend: $label never showed as active: $(head -c 300 "$out")"
		rm -f "$out"
		return
	fi
	sleep "$(awk -v ms="$delay" 'BEGIN {print ms / 1000}')"
	cancelled_at=$(sql -c "SELECT pg_cancel_backend($pid), (extract(epoch FROM clock_timestamp()) * 1000)::bigint" | cut -d'|' -f2)
	wait "$bg" || true
	cancel_check "pg_cancel_backend after $delay ms" "$label" $(($(now_ms) - cancelled_at)) \
		$((CANCEL_LATENCY_MS + extra)) "$(cat "$out")" "user request"
	rm -f "$out"
}

echo "# leaks took $(( ($(now_ms) - SCRIPT_START) / 1000 )) s"
echo "# interrupts: statement_timeout $TIMEOUT_MS ms; at most $CANCEL_LATENCY_MS ms from the interrupt to the error"

# Per-row aggregates, between whose rows the executor checks for interrupts.
# Uncancelled times are extrapolated from a million or 250,000 rows, or a hundredth of the unions.
sql -c "CREATE TABLE faults_dense AS SELECT d, hll_add_agg(d * 100000 + i) AS h
            FROM generate_series(1, 100) d, generate_series(1, 20000) i GROUP BY d"
agg_hll="SELECT hll_add_agg(g) FROM (SELECT generate_series(1, $AGG_ROWS) g) s"
agg_bloom="SELECT bloom_agg(g, 1000000, 0.01) FROM (SELECT generate_series(1, $AGG_ROWS) g) s"
agg_distinct="SELECT bloom_agg(g) FROM (SELECT generate_series(1, $DISTINCT_ROWS) g) s"
agg_union="SELECT hll_union_agg(h) FROM faults_dense, generate_series(1, $UNION_REPEAT)"
at_least_10x "hll_add_agg over $AGG_ROWS rows" \
	$((AGG_ROWS / 1000000 * $(stmt_ms "SELECT hll_add_agg(g) FROM (SELECT generate_series(1, 1000000) g) s")))
at_least_10x "bloom_agg(x, capacity, fpr) over $AGG_ROWS rows" \
	$((AGG_ROWS / 250000 * $(stmt_ms "SELECT bloom_agg(g, 1000000, 0.01) FROM (SELECT generate_series(1, 250000) g) s")))
at_least_10x "bloom_agg(x) over $DISTINCT_ROWS distinct values" \
	$((DISTINCT_ROWS / 250000 * $(stmt_ms "SELECT bloom_agg(g) FROM (SELECT generate_series(1, 250000) g) s")))
at_least_10x "hll_union_agg over $((100 * UNION_REPEAT)) dense sketches" \
	$((100 * $(stmt_ms "SELECT hll_union_agg(h) FROM faults_dense, generate_series(1, $((UNION_REPEAT / 100)))")))
with_timeout "hll_add_agg over $AGG_ROWS rows" "$agg_hll"
with_timeout "bloom_agg(x, capacity, fpr) over $AGG_ROWS rows" "$agg_bloom"
with_timeout "bloom_agg(x) over $DISTINCT_ROWS distinct values" "$agg_distinct"
with_timeout "hll_union_agg over $((100 * UNION_REPEAT)) dense sketches" "$agg_union"
with_cancel "hll_add_agg over $AGG_ROWS rows" "$TIMEOUT_MS" "$agg_hll"
with_cancel "bloom_agg(x) over $DISTINCT_ROWS distinct values" "$TIMEOUT_MS" "$agg_distinct"

# bloom_agg(x [, fpr])'s final function builds the filter from the hash set
# after the scan. At fpr 1e-300 each value sets 997 bits, so a scan of a
# fraction of a second is followed by many seconds in the final function,
# which must check for interrupts itself. One timeout (and a cancel) fires as
# the final function starts, twice the scan's time into the statement: the
# function's first check must come soon. Another fires ten timeouts into the
# statement, which also shows that the uncancelled statement takes that long.
final_query="SELECT pg_column_size(bloom_agg(g, 1e-300)) FROM (SELECT generate_series(1, $FINAL_ROWS) g) s"
scan_ms=$(stmt_ms "SELECT bloom_agg(g, 0.5) FROM (SELECT generate_series(1, $FINAL_ROWS) g) s")
final_start_ms=$((2 * scan_ms + 100))
echo "#   bloom_agg(x, 1e-300) over $FINAL_ROWS values: the scan (and a 1-hash final) takes $scan_ms ms"
with_timeout "bloom_agg(x, 1e-300) over $FINAL_ROWS values, as its final function starts" "$final_query" \
	"$final_start_ms"
with_cancel "bloom_agg(x, 1e-300) over $FINAL_ROWS values, as its final function starts" "$final_start_ms" \
	"$final_query"
with_timeout "bloom_agg(x, 1e-300) over $FINAL_ROWS values, ten timeouts into the statement" \
	"$final_query" $((10 * TIMEOUT_MS))

# Whole-filter operations: one call is one pass of the core over the filter
# (and, for a result, the allocation of a new one) with no interrupt check
# inside. A statement builds the filter in a subquery (not a constant the
# planner would fold), then repeats the operation until it would take 20
# timeouts. A call's time comes from the same statement with 1 and with 6
# calls; the bound grows by twice the first (bloom_empty and a first call,
# whose fresh memory costs most). bloom_cardinality is left out: it reads the
# bits-set count kept in the header, O(1).
big_from="FROM (SELECT bloom_empty((SELECT ${BIG_CAPACITY}::bigint)) f OFFSET 0) s"
big_bytes=$(sql -c "SELECT pg_column_size(f) $big_from")
for op in 'f | f' 'f @> f' 'f::bytea::bloom'; do
	one_ms=$(stmt_ms "SELECT count($op) $big_from, generate_series(1, 1)")
	six_ms=$(stmt_ms "SELECT count($op) $big_from, generate_series(1, 6)")
	call_ms=$(( (six_ms - one_ms) / 5 > 0 ? (six_ms - one_ms) / 5 : 1 ))
	repeat=$(( 20 * TIMEOUT_MS / call_ms + 1 ))
	echo "#   $op on a $big_bytes-byte filter: bloom_empty and one call $one_ms ms, then about $call_ms ms a call ($((call_ms * 1073741824 / big_bytes)) ms per GB)"
	at_least_10x "$op on a $big_bytes-byte filter, $repeat times" $((repeat * call_ms))
	query="SELECT count($op) $big_from, generate_series(1, $repeat)"
	with_timeout "$op on a $big_bytes-byte filter, $repeat times" "$query" "$TIMEOUT_MS" $((2 * one_ms))
	if [ "$op" = 'f | f' ]; then
		with_cancel "$op on a $big_bytes-byte filter, $repeat times" "$TIMEOUT_MS" "$query" $((2 * one_ms))
	fi
done

# ============================================================================
# 3. Limits
# ============================================================================
echo "# leaks and interrupts took $(( ($(now_ms) - SCRIPT_START) / 1000 )) s"
# Requests beyond a value's 1 GB (or out of range) are refused at once, in a
# fresh backend whose peak RSS (VmHWM) must not move.
sql <<'SQL'
CREATE FUNCTION faults_refusals()
RETURNS TABLE (request text, want text, got text, ms numeric) LANGUAGE plpgsql
SET plan_cache_mode = force_generic_plan AS $fn$
DECLARE
    -- The largest capacity whose filter at 1% fits in a value (1 GB - 5 bytes), plus one percent.
    over_limit bigint := (((1073741819::bigint - 64) * 8) / (-ln(0.01) / ln(2) ^ 2) * 1.01)::bigint;
    requests text[] := ARRAY[
        'bloom_empty(' || over_limit || '), 1% over 1 GB:54000:SELECT bloom_empty(' || over_limit || ')',
        'bloom_empty(' || over_limit || ', 0.01, true), scalable:54000:SELECT bloom_empty(' || over_limit || ', 0.01, true)',
        'bloom_empty(9223372036854775807):54000:SELECT bloom_empty(9223372036854775807)',
        'bloom_empty(10000000, 1e-300), 1.8 GB:54000:SELECT bloom_empty(10000000, 1e-300)',
        'bloom_agg(x, 2000000000, 0.01):54000:SELECT bloom_agg(x, 2000000000, 0.01) FROM generate_series(1, 3) x',
        'bloom_agg(x, 100000000, 1e-300):54000:SELECT bloom_agg(x, 100000000, 1e-300) FROM generate_series(1, 3) x',
        'bloom_empty(0):22023:SELECT bloom_empty(0)',
        'bloom_empty(10, ''NaN''):22023:SELECT bloom_empty(10, ''NaN'')',
        'hll_empty(19):22023:SELECT hll_empty(19)',
        'hll_empty(-2147483648):22023:SELECT hll_empty(-2147483648)',
        'hll_add_agg(x, 19):22023:SELECT hll_add_agg(x, 19) FROM generate_series(1, 3) x',
        'hll_add_agg(x, 2147483647) over zero rows:22023:SELECT hll_add_agg(x, 2147483647) FROM generate_series(1, 0) x',
        'a column hll(19):22023:CREATE TEMP TABLE faults_typmod (h hll(19))',
        'an hll header claiming precision 60:22P03:SELECT set_byte(hll_empty()::bytea, 4, 60)::hll',
        'a bloom header claiming a capacity of 2^62:22P03:SELECT set_byte(bloom_empty(100)::bytea, 23, 64)::bloom'];
    parts text[];
    t timestamptz;
BEGIN
    FOREACH request IN ARRAY requests LOOP
        parts := regexp_match(request, '^(.*):([0-9A-Z]{5}):(.*)$');
        t := clock_timestamp();
        BEGIN
            EXECUTE parts[3];
            got := '00000';
        EXCEPTION WHEN others THEN
            got := SQLSTATE || ' ' || SQLERRM;
        END;
        ms := round(extract(epoch FROM clock_timestamp() - t) * 1000, 1);
        request := parts[1];
        want := parts[2];
        RETURN NEXT;
    END LOOP;
END
$fn$;
SQL
refusals=$(sql -F '|' <<'SQL'
SELECT pg_backend_pid() AS pid \gset
\setenv FAULTS_PID :pid
\! awk '/^VmHWM:/ {print "hwm|before|" $2}' /proc/$FAULTS_PID/status
SELECT 'refusal', * FROM faults_refusals();
\! awk '/^VmHWM:/ {print "hwm|after|" $2}' /proc/$FAULTS_PID/status
SQL
)
while IFS='|' read -r _ request want got ms; do
	if [ "${got%% *}" != "$want" ]; then
		fail "limits: $request: want $want, got $got"
	elif awk -v ms="$ms" -v bound="$REFUSAL_MS" 'BEGIN {exit !(ms > bound)}'; then
		fail "limits: $request: refused with $want, but after $ms ms (bound $REFUSAL_MS ms)"
	else
		pass "limits: $request: refused with $want in $ms ms"
	fi
done < <(grep '^refusal|' <<<"$refusals")
hwm_before=$(awk -F'|' '$1 == "hwm" && $2 == "before" {print $3}' <<<"$refusals")
hwm_after=$(awk -F'|' '$1 == "hwm" && $2 == "after" {print $3}' <<<"$refusals")
if [ $((hwm_after - hwm_before)) -le "$REFUSAL_HWM_BOUND_KB" ]; then
	pass "limits: the refusing backend's peak RSS (VmHWM) went from $hwm_before to $hwm_after kB"
else
	fail "limits: the refusing backend's peak RSS (VmHWM) went from $hwm_before to $hwm_after kB (bound +$REFUSAL_HWM_BOUND_KB kB): something was allocated before the refusal"
fi

# Grouped aggregates over many groups with a small work_mem: the hash
# aggregate spills (more than one batch, disk used), its memory stays near
# its limit, and the results equal a sorted plan's.
sql -v groups="$SPILL_GROUPS" -v per_group="$SPILL_ROWS_PER_GROUP" <<'SQL'
CREATE TABLE faults_spill AS
    SELECT i % :groups AS g, i AS x, hll_add(hll_empty(10), i) AS h
    FROM generate_series(1, :groups * :per_group) i;
ANALYZE faults_spill;

-- The hashed plan's numbers and the digest of the grouped result: the group
-- key and the md5 of each result's bytes, in group order.
CREATE FUNCTION faults_spill_check(grouped text, hashed bool)
RETURNS TABLE (strategy text, batches bigint, disk_kb bigint, peak_kb bigint, groups bigint, digest text)
LANGUAGE plpgsql AS $fn$
DECLARE
    digest_query text := 'SELECT count(*) AS groups, md5(string_agg(g || '':'' || md5(r::bytea), '','' ORDER BY g)) AS digest'
                         || ' FROM (' || grouped || ') q';
    plan jsonb;
    node jsonb;
BEGIN
    PERFORM set_config('enable_hashagg', hashed::text, true);
    PERFORM set_config('enable_sort', (NOT hashed)::text, true);
    -- One run gives both the plan's numbers and the result (each call has its own session).
    EXECUTE 'EXPLAIN (ANALYZE, FORMAT JSON) CREATE TEMP TABLE faults_spill_result AS ' || digest_query INTO plan;
    node := jsonb_path_query_first(plan, 'strict $.**?(@."Node Type" == "Aggregate" && @."Group Key" != null)');
    strategy := node ->> 'Strategy';
    batches := (node ->> 'HashAgg Batches')::bigint;
    disk_kb := (node ->> 'Disk Usage')::bigint;
    peak_kb := (node ->> 'Peak Memory Usage')::bigint;
    SELECT r.groups, r.digest INTO groups, digest FROM faults_spill_result r;
    RETURN NEXT;
END
$fn$;
SQL
hash_mem_kb=$(sql -c "SET work_mem = '$SPILL_WORK_MEM'" \
	-c "SELECT (pg_size_bytes(current_setting('work_mem')) * current_setting('hash_mem_multiplier')::float8 / 1024)::bigint")
echo "# spills: $SPILL_GROUPS groups of $SPILL_ROWS_PER_GROUP rows, work_mem $SPILL_WORK_MEM (hash aggregate limit ${hash_mem_kb} kB)"
spill() {
	local label=$1 grouped=$2 hashed sorted
	hashed=$(sql -F '|' -c "SET work_mem = '$SPILL_WORK_MEM'" -c "SET max_parallel_workers_per_gather = 0" \
		-c "SELECT * FROM faults_spill_check(\$q\$$grouped\$q\$, true)")
	sorted=$(sql -F '|' -c "SET work_mem = '$SPILL_WORK_MEM'" -c "SET max_parallel_workers_per_gather = 0" \
		-c "SELECT * FROM faults_spill_check(\$q\$$grouped\$q\$, false)")
	local strategy batches disk peak groups digest s_strategy s_groups s_digest
	IFS='|' read -r strategy batches disk peak groups digest <<<"$hashed"
	IFS='|' read -r s_strategy _ _ _ s_groups s_digest <<<"$sorted"
	local what="$label: $groups groups, hashed in $batches batches, ${disk:-0} kB on disk, peak ${peak} kB"
	if [ "$strategy" != Hashed ] || [ "$s_strategy" != Sorted ]; then
		fail "$label: plans were $strategy and $s_strategy, not Hashed and Sorted"
	elif [ "${batches:-1}" -le 1 ] || [ "${disk:-0}" -le 0 ]; then
		fail "$what: it did not spill"
	elif [ "$peak" -gt $((2 * hash_mem_kb + 1024)) ]; then
		fail "$what: its memory passed twice its limit"
	elif [ "$groups" != "$s_groups" ] || [ "$digest" != "$s_digest" ]; then
		fail "$what: results differ from the sorted plan's ($groups groups, $digest against $s_groups, $s_digest)"
	else
		pass "$what; the same results as the sorted plan"
	fi
}
spill "hll_add_agg(x)" "SELECT g, hll_add_agg(x) AS r FROM faults_spill GROUP BY g"
spill "bloom_agg(x, 10, 0.01)" "SELECT g, bloom_agg(x, 10, 0.01) AS r FROM faults_spill GROUP BY g"
spill "bloom_agg(x)" "SELECT g, bloom_agg(x) AS r FROM faults_spill GROUP BY g"
spill "hll_union_agg(h)" "SELECT g, hll_union_agg(h) AS r FROM faults_spill GROUP BY g"
spill "bloom_union_agg(bloom_add(bloom_empty(10), x))" \
	"SELECT g, bloom_union_agg(bloom_add(bloom_empty(10), x)) AS r FROM faults_spill GROUP BY g"
spill "bloom_agg(x, 100000, 0.01), 2000 groups of 117 kB states" \
	"SELECT g % 2000 AS g, bloom_agg(x, 100000, 0.01) AS r FROM faults_spill GROUP BY 1"

# No backend crashed: after a crash the postmaster restarts every other
# process (the checkpointer too), and the server log says so.
if [ "$(server_processes)" = "$SERVER_PROCESSES" ]; then
	pass "no crash: the checkpointer is still the one that was running at the start (pid $SERVER_PROCESSES)"
else
	fail "the server restarted its processes during the script (checkpointer $SERVER_PROCESSES, now $(server_processes)): a backend crashed"
fi
crashes=$( [ -r "$SERVER_LOG" ] && tail -c +$((SERVER_LOG_START + 1)) "$SERVER_LOG" |
	grep -E 'terminated by signal|terminated by exception|exited with exit code [1-9]' || true)
if [ -n "$crashes" ]; then
	fail "the server log reports crashed processes:"
	tail -5 <<<"$crashes"
fi

echo "# faults: $(( ($(now_ms) - SCRIPT_START) / 1000 )) s"
if [ "$failures" -ne 0 ]; then
	echo "$failures check(s) failed" >&2
	exit 1
fi
