#!/usr/bin/env bash
# Benchmark of topk on a throwaway cluster (issue 27):
#  - recall and error: for Zipf s in {0.8, 1.0, 1.2}, the share of the exact
#    top 100 (GROUP BY x ORDER BY count(*) DESC LIMIT 100) that
#    topk_items(topk_agg(x), 100) reports at the default size, and the mean
#    relative error of its estimates for them;
#  - speed: per row above count(x) on the same rows, topk_agg(x) against the
#    exact GROUP BY x ORDER BY count(*) DESC LIMIT 100, as a ratio of medians
#    of interleaved rounds (fresh backends, timed in the server);
#  - the anchor: Apache DataSketches' frequent_strings_sketch_build (the
#    datasketches-postgresql extension) on the same rows as text, next to
#    topk_agg on them, at lg_k 10 (a map of 2^10 = 1024 slots, our default size
#    1024; it keeps at most 0.75 * 1024 = 768 counters), and the accuracy of its
#    top 100. The extension is built from ../shared/vendor and installed first
#    (test/vendor.sh, as test/scripts/kll_datasketches.sh); when there are neither
#    those tarballs nor an installed extension those rows print SKIP (benchmarks
#    are not tests). Its library is loaded before every timed run, as ours is
#    (WARMUP): a first call's dlopen is charged to no query.
#  - a ratio whose costs are within their rounds' spread prints noise
#    (bench/lib.sh); the load average read after each query's rounds is printed
#    beside its timing and its ratios.
# Prints a table with PASS/MISS per goal and writes bench/results/topk-latest.txt.
#
#   bench/topk.sh                                                 10^6 rows, 10^5 distinct, 5 rounds
#   BENCH_ROWS=200000 BENCH_DISTINCT=20000 BENCH_ROUNDS=3 bench/topk.sh   quick smoke run
#
# Goals: recall 100% at s >= 1.0; topk_agg above count(x) <= 0.25 x the exact
# query above count(x); on text, topk_agg above count(x) <= 0.6 x
# frequent_strings_sketch_build above count(x). Rows are x = the rank of a Zipf(s) draw over BENCH_DISTINCT
# values (inverse transform of a fixed pseudo-random sequence, so every run has the
# same rows). A missed goal prints MISS; the exit status only says whether the run worked.
set -euo pipefail
cd "$(dirname "$0")/.."
. test/cluster.sh
. test/vendor.sh
. bench/lib.sh

ROWS=${BENCH_ROWS:-1000000}
DISTINCT=${BENCH_DISTINCT:-100000}
ROUNDS=${BENCH_ROUNDS:-5}
DB=bench_topk
OUT_DIR=bench/results
RAW_FILE=$OUT_DIR/topk-latest-raw.tsv
mkdir -p "$OUT_DIR"

SERVER_SETTINGS=(
	"shared_buffers = 256MB"
	"work_mem = 256MB"
	"jit = off"
	"max_parallel_workers_per_gather = 0"
	"autovacuum = off"
	"synchronous_commit = off"
)
WARMUP="SELECT topk_empty(1) IS NOT NULL"

sql() { psql -X -q -At -v ON_ERROR_STOP=1 -d "$DB" "$@"; }

DS_LG_K=10
status=0
ensure_datasketches || status=$?
[ $status -le 1 ] || exit 1
HAVE_DS=$((status == 0))

build_and_install
start_cluster "${SERVER_SETTINGS[@]}"
LOAD_AT_START=$(cut -d' ' -f1-3 /proc/loadavg)

log "loading $ROWS rows for each s"
psql -X -q -d postgres -c "CREATE DATABASE $DB"
sql -c "CREATE EXTENSION probabilistic" -c "CREATE EXTENSION pg_prewarm"
sql -f bench/helpers.sql
# The Zipf(s) cumulative weights of ranks 1..DISTINCT, then each row's rank by
# binary search of a uniform draw (setseed: the same rows every run).
sql <<SQL >/dev/null
BEGIN;
CREATE TABLE cdf (s numeric, rank int, c float8);
INSERT INTO cdf
SELECT s, r, sum(1 / power(r, s::float8)) OVER (PARTITION BY s ORDER BY r) / sum(1 / power(r, s::float8)) OVER (PARTITION BY s)
FROM unnest(ARRAY[0.8, 1.0, 1.2]) s, generate_series(1, $DISTINCT) r;
CREATE INDEX ON cdf (s, c);
SELECT setseed(0.27);
CREATE TABLE u AS SELECT i, random() AS p FROM generate_series(1, $ROWS) i;
CREATE TABLE z (s numeric, x bigint);
INSERT INTO z SELECT s.s, (SELECT rank FROM cdf WHERE cdf.s = s.s AND cdf.c >= u.p ORDER BY c LIMIT 1)
FROM unnest(ARRAY[0.8, 1.0, 1.2]) s(s), u;
CREATE TABLE z08 AS SELECT x FROM z WHERE s = 0.8;
CREATE TABLE z10 AS SELECT x FROM z WHERE s = 1.0;
CREATE TABLE z12 AS SELECT x FROM z WHERE s = 1.2;
CREATE TABLE z10t AS SELECT x::text AS x FROM z10;
DROP TABLE z, u, cdf;
COMMIT;
VACUUM (FREEZE, ANALYZE) z08, z10, z12, z10t;
SELECT sum(pg_prewarm(c.oid)) FROM pg_class c WHERE c.oid IN ('z08'::regclass, 'z10'::regclass, 'z12'::regclass, 'z10t'::regclass);
SQL
# DataSketches' frequent items, when the server has the extension (ensure_datasketches above).
if [ $HAVE_DS = 1 ]; then
	sql -c "CREATE EXTENSION datasketches"
	WARMUP+=" AND (SELECT length(frequent_strings_sketch_build($DS_LG_K, 'x')::bytea) > 0)"
fi

# Recall and error, once (deterministic for fixed rows).
accuracy() { # table
	sql -c "WITH exact AS (SELECT x, count(*) AS c FROM $1 GROUP BY x ORDER BY count(*) DESC, x LIMIT 100),
	             k AS (SELECT * FROM topk_items((SELECT topk_agg(x) FROM $1), 100, NULL::bigint))
	        SELECT format('%s|%s|%s|%s', count(k.item), round(avg(abs(k.estimate - e.c)::numeric / e.c), 6),
	                      (SELECT topk_info(topk_agg(x))->>'max_error' FROM $1), (SELECT count(DISTINCT x) FROM $1))
	        FROM exact e LEFT JOIN k ON k.item = e.x"
}
# The same for DataSketches' sketch at lg_k DS_LG_K: its 100 largest estimates
# (result_no_false_negatives: every item whose upper bound passes its error);
# the maximum error is the largest upper - lower it reports.
ds_accuracy() { # table
	sql -c "WITH exact AS (SELECT x, count(*) AS c FROM $1 GROUP BY x ORDER BY count(*) DESC, x LIMIT 100),
	             r AS (SELECT * FROM frequent_strings_sketch_result_no_false_negatives(
	                       (SELECT frequent_strings_sketch_build($DS_LG_K, x::text) FROM $1))),
	             k AS (SELECT str::bigint AS item, estimate FROM r ORDER BY estimate DESC, str LIMIT 100)
	        SELECT format('%s|%s|%s', count(k.item), round(avg(abs(k.estimate - e.c)::numeric / e.c), 6),
	                      (SELECT max(upper_bound - lower_bound) FROM r))
	        FROM exact e LEFT JOIN k ON k.item = e.x"
}
declare -A ACC DS_ACC
for t in z08 z10 z12; do
	ACC[$t]=$(accuracy $t)
	[ $HAVE_DS = 0 ] || DS_ACC[$t]=$(ds_accuracy $t)
done

IDS=(count_x topk_agg exact_top100 count_t topk_text)
[ $HAVE_DS = 0 ] || IDS+=(ds_text)
declare -A SQL LABEL RUNS
LABEL[count_x]="count(x) FROM z10"
SQL[count_x]="SELECT count(x) FROM z10"
LABEL[topk_agg]="topk_count(topk_agg(x)) FROM z10"
SQL[topk_agg]="SELECT topk_count(topk_agg(x)) FROM z10"
LABEL[exact_top100]="exact: GROUP BY x ORDER BY count(*) DESC LIMIT 100"
SQL[exact_top100]="SELECT sum(c) FROM (SELECT count(*) AS c FROM z10 GROUP BY x ORDER BY count(*) DESC LIMIT 100) q"
LABEL[count_t]="count(x) FROM z10t (the same rows as text)"
SQL[count_t]="SELECT count(x) FROM z10t"
LABEL[topk_text]="topk_count(topk_agg(x)) FROM z10t"
SQL[topk_text]="SELECT topk_count(topk_agg(x)) FROM z10t"
LABEL[ds_text]="DataSketches frequent_strings_sketch_build($DS_LG_K, x) FROM z10t"
SQL[ds_text]="SELECT length(frequent_strings_sketch_build($DS_LG_K, x)::bytea) FROM z10t"

measure() { measure_in_server "$1"; }

run_rounds

GOALS=()
for t in z10 z12; do
	missed=$((100 - $(echo "${ACC[$t]}" | cut -d'|' -f1)))
	goal "recall, s = $([ $t = z10 ] && echo 1.0 || echo 1.2): exact top 100 missed" "$missed" 0
done
for col in $WALL $CPU; do
	name=$([ $col = $WALL ] && echo wall || echo on-CPU)
	goal "speed ($name): (topk_agg - count) / (exact - count)" "$(ratio $col topk_agg exact_top100 count_x)" 0.25 \
		topk_agg exact_top100 count_x
done
for col in $WALL $CPU; do
	name=$([ $col = $WALL ] && echo wall || echo on-CPU)
	if [ $HAVE_DS = 0 ]; then
		GOALS+=("$(printf '%-66s %s' "text ($name): (topk_agg - count) / (DataSketches - count)" "SKIP (datasketches not installed)")")
		continue
	fi
	goal "text ($name): (topk_agg - count) / (DataSketches - count)" "$(ratio $col topk_text ds_text count_t)" 0.6 \
		topk_text ds_text count_t
done

report() {
	echo "probabilistic topk benchmark, $(date -u '+%Y-%m-%d %H:%M UTC'), $(tree_state)"
	echo "machine:  $(nproc) CPUs; load average $LOAD_AT_START at start, $(cut -d' ' -f1-3 /proc/loadavg) at end"
	echo "method:   $ROUNDS interleaved rounds, order rotated; each run in a fresh backend, timed in the server"
	echo "          (bench/helpers.sql); medians; $(fmt_int "$ROWS") rows per s, Zipf over $(fmt_int "$DISTINCT") values, default size 1024"
	echo
	printf '  %-6s %-22s %-24s %-12s %s\n' s "exact top 100 found" "mean relative error" "max error" "distinct"
	for t in z08 z10 z12; do
		IFS='|' read -r found err d n <<<"${ACC[$t]}"
		printf '  %-6s %-22s %-24s %-12s %s\n' "$(echo $t | sed 's/z\(.\)\(.\)/\1.\2/')" "$found" "$err" "$d" "$n"
	done
	echo
	if [ $HAVE_DS = 0 ]; then
		echo "  DataSketches frequent_strings_sketch: SKIP (datasketches not installed)"
	else
		echo "  DataSketches frequent_strings_sketch_build($DS_LG_K, x::text), its 100 largest estimates:"
		printf '  %-6s %-22s %-24s %s\n' s "exact top 100 found" "mean relative error" "max error"
		for t in z08 z10 z12; do
			IFS='|' read -r found err d <<<"${DS_ACC[$t]}"
			printf '  %-6s %-22s %-24s %s\n' "$(echo $t | sed 's/z\(.\)\(.\)/\1.\2/')" "$found" "$err" "$d"
		done
	fi
	echo
	timing_table
	echo
	printf '%-66s %-7s %8s\n' goal target value
	printf '%s\n' "${GOALS[@]}"
	echo "$NOISE_NOTE"
}

report | tee "$OUT_DIR/topk-latest.txt"
