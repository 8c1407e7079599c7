#!/usr/bin/env bash
# pg_regress against a server that runs under valgrind (memcheck): no invalid
# read or write, no use of uninitialised memory, in any server process.
#
# Its own throwaway cluster, whose postmaster (and so every backend and worker
# it forks) runs under valgrind; one log per process in $VG_DIR/vg.<pid>.log.
# The stock PostgreSQL is not built with USE_VALGRIND, so palloc chunks are not
# tracked one by one; still caught: reads and writes outside malloc'd blocks
# (palloc's blocks are malloc'd), uninitialised memory used in a branch, an
# address or a system call, and everything in libc. test/valgrind.supp holds
# the known false positives of PostgreSQL itself, never one in our code.
#
#   VALGRIND_SUITE="hll_basic ..."   the tests to run (default below); "all" = every test in sql/
#   VALGRIND_KEEP=1                  keep the cluster directory and logs afterwards
#   VALGRIND_ORIGINS=yes             say where uninitialised values came from (about twice
#                                    as slow; rerun with it to diagnose such a report)
# Exits non-zero if a test's output differs or any process has an error report.
set -euo pipefail
cd "$(dirname "$0")/../.."
. test/cluster.sh

# libc6-dbg: libc frames by name in the reports (valgrind recommends it).
ensure_packages valgrind libc6-dbg

# The cheapest tests that, with the few statements run after them below, reach
# every line of src/ that the whole suite reaches (measured with gcov, one test
# at a time): about 2 minutes under valgrind, against 27 for the whole suite;
# then the tests of what 0.3.0 added (hll joint estimates, cuckoo), 0.4.0's
# bloom_members and 0.6.0's ddsketch, countmin and topk, whole.
DEFAULT_SUITE="hll_basic hll_errors hll_hash hll_typmod hll_agg bloom_basic bloom_errors hll_joint cuckoo_basic cuckoo_errors bloom_stream ddsketch_basic ddsketch_errors ddsketch_datadog"
DEFAULT_SUITE="$DEFAULT_SUITE countmin_basic countmin_errors"
DEFAULT_SUITE="$DEFAULT_SUITE topk_basic topk_errors"
DEFAULT_SUITE="$DEFAULT_SUITE kll_basic kll_errors"  # issue-26 (0.7.0)
DEFAULT_SUITE="$DEFAULT_SUITE agebloom_basic agebloom_errors"  # issue-28
DEFAULT_SUITE="$DEFAULT_SUITE fuse_basic fuse_errors"  # issue-28 fuse
SUITE=${VALGRIND_SUITE:-$DEFAULT_SUITE}
ORIGINS=${VALGRIND_ORIGINS:-no}
if [ "$SUITE" = all ]; then
	SUITE=$(ls sql/*.sql | sed -e 's|^sql/||' -e 's|\.sql$||' | grep -v '^probabilistic\(--.*\)\?$' | sort | tr '\n' ' ')
fi
PG_REGRESS=$("$PG_BIN/pg_config" --pgxs | sed 's|/src/makefiles/pgxs.mk$||')/src/test/regress/pg_regress
REPO=$PWD
SUPP=$REPO/test/valgrind.supp

VG_DIR=$(mktemp -d /tmp/probabilistic-vg.XXXXXX)
chmod 755 "$VG_DIR"
[ "$(id -u)" = 0 ] && chown postgres: "$VG_DIR"
DATA=$VG_DIR/data
VG_PID=

stop_vg_cluster() {
	if [ -n "$VG_PID" ]; then
		run_pg pg_ctl -D "$DATA" -m fast -w -t 600 stop >/dev/null 2>&1 || true
		wait "$VG_PID" 2>/dev/null || true
		VG_PID=
	fi
}
cleanup() {
	local rc=$?
	stop_vg_cluster
	if [ "${VALGRIND_KEEP:-0}" = 1 ]; then
		echo "kept $VG_DIR" >&2
	elif [ $rc -ne 0 ]; then
		# The logs and the regression diffs stay for a look; the data goes.
		rm -rf "$DATA"
		echo "valgrind logs and pg_regress output kept in $VG_DIR" >&2
	else
		rm -rf "$VG_DIR"
	fi
}
trap cleanup EXIT

port=${VALGRIND_PGPORT:-56432}
while (exec 3<>/dev/tcp/127.0.0.1/$port) 2>/dev/null || [ -e "/tmp/.s.PGSQL.$port" ]; do port=$((port + 1)); done
export PGHOST=$VG_DIR PGPORT=$port PGUSER=postgres PGDATABASE=postgres

log "valgrind cluster in $VG_DIR (port $port), tests: $SUITE"
run_pg initdb -D "$DATA" -A trust -U postgres -E UTF8 --locale=C >/dev/null
# Small and quiet; parallel workers stay available (the *_parallel tests ask
# for them) and run under valgrind like backends.
run_pg tee -a "$DATA/postgresql.conf" >/dev/null <<EOF
port = $port
listen_addresses = ''
unix_socket_directories = '$VG_DIR'
fsync = off
full_page_writes = off
wal_level = minimal
max_wal_senders = 0
shared_buffers = 16MB
max_connections = 20
max_worker_processes = 4
max_parallel_workers = 2
max_parallel_workers_per_gather = 2
autovacuum = off
jit = off
huge_pages = off
dynamic_shared_memory_type = posix
checkpoint_timeout = 1h
max_wal_size = 1GB
EOF

start=$SECONDS
# The postmaster is started directly, not by pg_ctl, to put valgrind in front;
# pg_ctl still stops it through postmaster.pid.
run_pg valgrind --tool=memcheck --trace-children=yes --track-origins="$ORIGINS" \
	--suppressions="$SUPP" --gen-suppressions=all --num-callers=40 \
	--read-var-info=no --leak-check=no --log-file="$VG_DIR/vg.%p.log" \
	"$PG_BIN/postgres" -D "$DATA" >"$VG_DIR/server.log" 2>&1 &
VG_PID=$!
# No clock decides how long a start under valgrind may take (it is tens of
# times slower than a plain start, and more on a slow or loaded machine): the
# wait ends when the server accepts connections, or fails when it exits.
until pg_isready -q; do
	kill -0 "$VG_PID" 2>/dev/null || { cat "$VG_DIR/server.log" >&2; echo "the server under valgrind did not start" >&2; exit 1; }
	[ $(( (SECONDS - start) % 60 )) -ne 59 ] || echo "# still starting under valgrind after $((SECONDS - start)) s"
	sleep 1
done
echo "server up under valgrind in $((SECONDS - start)) s"

regress_rc=0
mkdir -p "$VG_DIR/regress"
# From the output directory: tests that \copy to results/ write there, not into the tree.
# shellcheck disable=SC2086 # the suite is a list of words
(cd "$VG_DIR/regress" && "$PG_REGRESS" --inputdir="$REPO" --outputdir=. --bindir="$PG_BIN" \
	--dbname=contrib_regression --load-extension=probabilistic $SUITE) || regress_rc=$?

# What the suite above leaves out, in a few seconds: partial aggregation in
# one process (a partitionwise aggregate serializes each partition's state, the
# Finalize step deserializes and combines them, as between parallel workers
# and the leader, where valgrind would not see across processes), zero rows
# through an Append, hll_add turning a sketch dense, and TOASTed filters
# probed joined and interleaved. Each result also checked.
extra_rc=0
extra_want="Partial Aggregate|t|t|t|t|0|0"
extra_got=$(psql -X -q -At -v ON_ERROR_STOP=1 -d contrib_regression 2>&1 <<'SQL'
CREATE TEMP TABLE vg_parts (i int, x bigint, t text) PARTITION BY RANGE (i);
CREATE TEMP TABLE vg_parts_1 PARTITION OF vg_parts FOR VALUES FROM (0) TO (1501);
CREATE TEMP TABLE vg_parts_2 PARTITION OF vg_parts FOR VALUES FROM (1501) TO (3001);
INSERT INTO vg_parts SELECT i, (i * 7919) % 2000, 'u' || (i % 700) FROM generate_series(1, 3000) i;
ANALYZE vg_parts;
CREATE TEMP VIEW vg_aggs AS
SELECT bloom_agg(x) AS a, bloom_agg(t, 0.001) AS b, bloom_agg(x, 5000, 0.01) AS c,
       bloom_agg(x, 100, 0.05) FILTER (WHERE false) AS d, bloom_union_agg(bloom_add(bloom_empty(100), x)) AS e,
       hll_add_agg(x) AS f, hll_add_agg(t, 10) AS g, hll_union_agg(hll_add(hll_empty(), x)) AS h
FROM vg_parts;
SET max_parallel_workers_per_gather = 0;
CREATE TEMP TABLE vg_serial AS SELECT * FROM vg_aggs;
SET enable_partitionwise_aggregate = on;
DO $$ DECLARE line text; BEGIN
    FOR line IN EXECUTE 'EXPLAIN (COSTS OFF) SELECT * FROM vg_aggs' LOOP
        IF line ~ 'Partial Aggregate' THEN RAISE NOTICE 'plan: %', 'Partial Aggregate'; RETURN; END IF;
    END LOOP;
END $$;
CREATE TEMP TABLE vg_filters AS
SELECT n, bloom_agg(i * n, 20000, 0.01) AS b FROM generate_series(1, 3) n, generate_series(1, 20000) i GROUP BY n;
CREATE TEMP TABLE vg_probe AS SELECT i FROM generate_series(1, 2000) i;
SELECT p.a = s.a AND p.b = s.b AND p.c = s.c AND p.d = bloom_empty(100, 0.05) AND p.e = s.e
       AND p.f = s.f AND p.g = s.g AND p.h = s.h AS partial_states_combine_to_the_serial_result,
       (SELECT hll_add(hll_add(hll_add(hll_add(hll_empty(4), 1::bigint), 2::bigint), 3::bigint), 4::bigint)
               = hll_add_agg(x, 4) FROM generate_series(1::bigint, 4) x) AS sparse_to_dense_on_add,
       (SELECT bool_and(hll_add(d, v) = d || hll_add(hll_empty(4), v))
        FROM (SELECT hll_add_agg(x, 4) AS d FROM generate_series(1::bigint, 1000) x) s,
             generate_series(1001::bigint, 2000) v) AS dense_add,
       (SELECT pg_relation_size(reltoastrelid) > 60000 FROM pg_class WHERE oid = 'vg_filters'::regclass) AS filters_toasted,
       (SELECT count(*) FILTER (WHERE i % n = 0 AND NOT b @> i::bigint) FROM vg_filters, vg_probe) AS false_negatives_joined,
       (SELECT count(*) FILTER (WHERE i % n = 0 AND NOT hit) FROM vg_probe,
               LATERAL (SELECT n, b @> i::bigint AS hit FROM vg_filters OFFSET 0) l) AS false_negatives_interleaved
FROM vg_aggs p, vg_serial s;
SQL
) || extra_rc=$?
extra_got=$(sed 's/^NOTICE:  plan: //' <<<"$extra_got" | paste -sd'|')
if [ "$extra_rc" -ne 0 ] || [ "$extra_got" != "$extra_want" ]; then
	echo "not ok - partial aggregation, dense adds and TOASTed filters under valgrind"
	echo "    got:  $extra_got"
	echo "    want: $extra_want"
	extra_rc=1
else
	echo "ok - partial aggregation, dense adds and TOASTed filters under valgrind"
fi
echo "tests under valgrind: $((SECONDS - start)) s"
stop_vg_cluster

# ---- the valgrind logs: one per process, each must end with a clean summary ----
shopt -s nullglob
logs=("$VG_DIR"/vg.*.log)
processes=${#logs[@]}
errors=0 suppressed=0 dirty=0 incomplete=0
for f in "${logs[@]}"; do
	summary=$(grep -E '== ERROR SUMMARY: [0-9]+ errors' "$f" | tail -n 1 || true)
	if [ -z "$summary" ]; then
		incomplete=$((incomplete + 1))
		echo "---- $f: no ERROR SUMMARY (the process did not exit under valgrind)"
		tail -n 40 "$f"
		continue
	fi
	n=$(sed -E 's/.*ERROR SUMMARY: ([0-9]+) errors.*/\1/' <<<"$summary")
	s=$(sed -nE 's/.*\(suppressed: ([0-9]+) from.*/\1/p' <<<"$summary")
	errors=$((errors + n))
	suppressed=$((suppressed + ${s:-0}))
	if [ "$n" -gt 0 ]; then
		dirty=$((dirty + 1))
		echo "---- $f: $summary"
		if grep -q 'probabilistic\.so' "$f"; then echo "     a stack in it passes through probabilistic.so"; fi
		# The reports of the first few, without valgrind's banner.
		if [ "$dirty" -le 5 ]; then
			grep -vE '^==[0-9]+== (Memcheck|Copyright|Using Valgrind|Command|Parent PID)' "$f" | head -n 300
		fi
	fi
done

echo "valgrind: $processes processes checked, $errors errors in $dirty of them, $suppressed suppressed (test/valgrind.supp), $incomplete logs without a summary"
fail=0
# At least the postmaster, its auxiliary processes and the backends pg_regress connected.
if [ "$processes" -lt 5 ]; then
	echo "only $processes valgrind logs: the server did not run under valgrind" >&2
	fail=1
fi
if [ "$regress_rc" -ne 0 ]; then
	echo "pg_regress failed under valgrind:" >&2
	head -n 200 "$VG_DIR/regress/regression.diffs" 2>/dev/null >&2 || true
	fail=1
fi
[ "$extra_rc" -eq 0 ] || fail=1
[ "$errors" -eq 0 ] && [ "$incomplete" -eq 0 ] || fail=1
exit $fail
