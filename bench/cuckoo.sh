#!/usr/bin/env bash
# Benchmark of the cuckoo type against bloom on the same keys, on a throwaway
# cluster: probing a table of ids against each filter (the cost above a
# trivial scan), and building each filter from the keys. Interleaved rounds
# (every query once per round, the order rotated), medians, ratios of medians.
# Prints a table with PASS/MISS per goal and writes bench/results/cuckoo-latest.txt.
#
#   bench/cuckoo.sh                                                    2M ids, 200k keys, 5 rounds
#   BENCH_ROWS=500000 BENCH_KEYS=50000 BENCH_ROUNDS=3 bench/cuckoo.sh  quick smoke run
#
# Goals (issue 14): probe cost above a trivial scan <= 1.2 x bloom's; build <= 1.5 x bloom's.
# A missed goal prints MISS; the exit status only says whether the run worked.
set -euo pipefail
cd "$(dirname "$0")/.."
. test/cluster.sh
. bench/lib.sh

ROWS=${BENCH_ROWS:-2000000}
KEYS=${BENCH_KEYS:-200000}
ROUNDS=${BENCH_ROUNDS:-5}
FPR=${BENCH_FPR:-0.01}
DB=bench_cuckoo
OUT_DIR=bench/results
RAW_FILE=$OUT_DIR/cuckoo-latest-raw.tsv
mkdir -p "$OUT_DIR"

SERVER_SETTINGS=(
	"shared_buffers = 512MB"
	"work_mem = 64MB"
	"jit = off"
	"max_parallel_workers_per_gather = 0"
	"autovacuum = off"
	"synchronous_commit = off"
)
WARMUP="SELECT bloom_empty(1) IS NOT NULL AND cuckoo_empty(1) IS NOT NULL"

sql() { psql -X -q -At -v ON_ERROR_STOP=1 -d "$DB" "$@"; }

build_and_install
start_cluster "${SERVER_SETTINGS[@]}"
LOAD_AT_START=$(cut -d' ' -f1-3 /proc/loadavg)

log "loading $ROWS ids and $KEYS keys"
psql -X -q -d postgres -c "CREATE DATABASE $DB"
sql -c "CREATE EXTENSION probabilistic" -c "CREATE EXTENSION pg_prewarm"
sql -f bench/helpers.sql
sql <<SQL >/dev/null
BEGIN;
CREATE TABLE t (id bigint NOT NULL);
INSERT INTO t SELECT i FROM generate_series(1, $ROWS::bigint) i;
CREATE TABLE keys (id bigint NOT NULL);
INSERT INTO keys SELECT i * ($ROWS / $KEYS) FROM generate_series(1, $KEYS::bigint) i;
CREATE TABLE filters (b bloom NOT NULL, c cuckoo NOT NULL);
INSERT INTO filters SELECT bloom_agg(id, $KEYS, $FPR), cuckoo_agg(id, $KEYS, $FPR) FROM keys;
COMMIT;
VACUUM (FREEZE, ANALYZE) t, keys, filters;
SELECT sum(pg_prewarm(c.oid)) FROM pg_class c
WHERE c.oid IN ('t'::regclass, 'keys'::regclass, 'filters'::regclass)
   OR c.oid = (SELECT reltoastrelid FROM pg_class WHERE oid = 'filters'::regclass);
SQL

IDS=(trivial bloom_probe cuckoo_probe bloom_build cuckoo_build)
declare -A SQL LABEL RUNS
LABEL[trivial]="trivial scan     count(*) FROM t WHERE id <> -1"
SQL[trivial]="SELECT count(*) FROM t WHERE id <> -1"
LABEL[bloom_probe]="bloom probe      count(*) FROM t, filters f WHERE f.b @> t.id"
SQL[bloom_probe]="SELECT count(*) FROM t, filters f WHERE f.b @> t.id"
LABEL[cuckoo_probe]="cuckoo probe     count(*) FROM t, filters f WHERE f.c @> t.id"
SQL[cuckoo_probe]="SELECT count(*) FROM t, filters f WHERE f.c @> t.id"
LABEL[bloom_build]="bloom_agg(id, $KEYS, $FPR) FROM keys"
SQL[bloom_build]="SELECT octet_length(bloom_agg(id, $KEYS, $FPR)::bytea) FROM keys"
LABEL[cuckoo_build]="cuckoo_agg(id, $KEYS, $FPR) FROM keys"
SQL[cuckoo_build]="SELECT octet_length(cuckoo_agg(id, $KEYS, $FPR)::bytea) FROM keys"

measure() { measure_in_server "$1"; }

run_rounds

GOALS=()
for col in $WALL $CPU; do
	name=$([ $col = $WALL ] && echo wall || echo on-CPU)
	goal "probe ($name): (cuckoo - trivial) / (bloom - trivial)" "$(ratio $col cuckoo_probe bloom_probe trivial)" 1.2 \
		cuckoo_probe bloom_probe trivial
	goal "build ($name): cuckoo_agg / bloom_agg" "$(ratio $col cuckoo_build bloom_build)" 1.5 cuckoo_build bloom_build
done
BLOOM_FOUND=$(result_of bloom_probe)
CUCKOO_FOUND=$(result_of cuckoo_probe)
SIZES=$(sql -c "SELECT format('bloom %s bytes, cuckoo %s bytes (%s bits per key; load %s)', octet_length(b::bytea),
	octet_length(c::bytea), round(8.0 * octet_length(c::bytea) / $KEYS, 2), round((cuckoo_info(c)->>'load')::numeric, 3))
	FROM filters")

report() {
	echo "probabilistic cuckoo benchmark, $(date -u '+%Y-%m-%d %H:%M UTC'), commit $(git rev-parse --short HEAD)"
	echo "machine:  $(nproc) CPUs; load average $LOAD_AT_START at start, $(cut -d' ' -f1-3 /proc/loadavg) at end"
	echo "method:   $ROUNDS interleaved rounds, order rotated; each run in a fresh backend, timed in the server"
	echo "          (bench/helpers.sql); medians; $(fmt_int "$ROWS") ids probed, $(fmt_int "$KEYS") keys, fpr $FPR"
	echo
	timing_table
	echo "  found: bloom $(fmt_int "$BLOOM_FOUND"), cuckoo $(fmt_int "$CUCKOO_FOUND") of $(fmt_int "$KEYS") members"
	echo "  sizes: $SIZES"
	echo
	printf '%-66s %-7s %8s\n' goal target ratio
	printf '%s\n' "${GOALS[@]}"
	echo "$NOISE_NOTE"
}

[ "$CUCKOO_FOUND" -ge "$KEYS" ] || { echo "false negatives: cuckoo found $CUCKOO_FOUND of $KEYS members" >&2; exit 1; }
report | tee "$OUT_DIR/cuckoo-latest.txt"
