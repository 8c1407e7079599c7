#!/usr/bin/env bash
# Benchmark of kll against Apache DataSketches for PostgreSQL's KLL
# (datasketches-postgresql, CREATE EXTENSION datasketches: kll_double_sketch_build),
# side by side in one run on a throwaway cluster:
#   - accuracy: the rank error of each at q in {0.001, 0.01, 0.5, 0.9, 0.99, 0.999,
#     0.9999} on the issue's distributions (lognormal sigma 1 and 3, Pareto shape 1,
#     a bimodal mix of 1e-6 and 1e6, uniform integers, values stored sorted and
#     reverse-sorted, all values equal, mixed signs with zeros): the distance from q
#     of the answer's exact rank interval (the fractions below it and at or below
#     it), 0 inside; our worst must be within kll_rank_error (1.33% at k = 200);
#   - size: the bytes of each at k = 200 (pg_column_size) per distribution;
#   - speed: the aggregate's on-CPU cost per row above count(x), interleaved rounds,
#     ratio of medians: kll_agg(x) against kll_double_sketch_build(x) on lognormal;
#     the union of 10^4 stored sketches (kll_union_agg against kll_double_sketch_merge)
#     and quantile() on each of them (against kll_double_sketch_get_quantile), reported.
# Prints a table with PASS/MISS per goal and writes bench/results/kll-latest.txt.
#
#   bench/kll.sh                                       1M rows a distribution, 5 rounds
#   BENCH_ROWS=100000 BENCH_ROUNDS=3 bench/kll.sh      quick smoke run
#
# Needs the datasketches extension in the server: built from ../shared/vendor and
# installed first (test/vendor.sh, as test/scripts/kll_datasketches.sh; skip when there
# are neither those tarballs nor an installed extension). A ratio whose costs are within
# their rounds' spread prints noise (bench/lib.sh); the load average read after each
# query's rounds is printed beside its timing and its ratios. Goals (issue
# 26): every kll rank error <= kll_rank_error; kll_agg's cost above count(x) <=
# 0.7 x kll_double_sketch_build's. A missed goal prints MISS; the exit status
# only says whether the run worked.
set -euo pipefail
cd "$(dirname "$0")/.."
. test/cluster.sh
. test/vendor.sh
. bench/lib.sh

ROWS=${BENCH_ROWS:-1000000}
ROUNDS=${BENCH_ROUNDS:-5}
DB=bench_kll
OUT_DIR=bench/results
RAW_FILE=$OUT_DIR/kll-latest-raw.tsv
QS="{0.001,0.01,0.5,0.9,0.99,0.999,0.9999}"
mkdir -p "$OUT_DIR"

status=0
ensure_datasketches || status=$?
if [ $status = 1 ]; then
	echo "skip - neither ../shared/vendor/datasketches-postgresql-*.tar.xz nor the datasketches extension in $PG_BIN's server"
	exit 0
fi
[ $status = 0 ] || exit 1

SERVER_SETTINGS=(
	"shared_buffers = 512MB"
	"work_mem = 256MB"
	"jit = off"
	"max_parallel_workers_per_gather = 0"
	"autovacuum = off"
	"synchronous_commit = off"
)
WARMUP="SELECT kll_count(kll_agg(1)) + kll_double_sketch_get_n(kll_double_sketch_build(1.0::float8))"

sql() { psql -X -q -At -v ON_ERROR_STOP=1 -d "$DB" "$@"; }

build_and_install
start_cluster "${SERVER_SETTINGS[@]}"
LOAD_AT_START=$(cut -d' ' -f1-3 /proc/loadavg)

DISTS=(lognormal1 lognormal3 pareto bimodal integers sorted reverse equal mixed)
log "loading ${#DISTS[@]} x $ROWS values"
psql -X -q -d postgres -c "CREATE DATABASE $DB"
sql -c "CREATE EXTENSION probabilistic" -c "CREATE EXTENSION datasketches" -c "CREATE EXTENSION pg_prewarm"
sql -f bench/helpers.sql
sql <<SQL >/dev/null
SELECT setseed(0.26);
CREATE FUNCTION normal() RETURNS float8 LANGUAGE sql VOLATILE AS
\$\$ SELECT sqrt(-2 * ln(1 - random())) * cos(2 * pi() * random()) \$\$;
CREATE TABLE lognormal1 AS SELECT exp(normal()) AS x FROM generate_series(1, $ROWS);
CREATE TABLE lognormal3 AS SELECT exp(3 * normal()) AS x FROM generate_series(1, $ROWS);
CREATE TABLE pareto AS SELECT 1 / (1 - random()) AS x FROM generate_series(1, $ROWS);
CREATE TABLE bimodal AS SELECT CASE WHEN random() < 0.5 THEN 1e-6 ELSE 1e6 END * exp(0.1 * normal()) AS x
FROM generate_series(1, $ROWS);
CREATE TABLE integers AS SELECT floor(random() * 1000)::float8 AS x FROM generate_series(1, $ROWS);
CREATE TABLE sorted AS SELECT x FROM (SELECT exp(normal()) AS x FROM generate_series(1, $ROWS)) v ORDER BY x;
CREATE TABLE reverse AS SELECT x FROM (SELECT exp(normal()) AS x FROM generate_series(1, $ROWS)) v ORDER BY x DESC;
CREATE TABLE equal AS SELECT 42.0::float8 AS x FROM generate_series(1, $ROWS);
CREATE TABLE mixed AS SELECT CASE i % 4 WHEN 0 THEN 0 WHEN 1 THEN -exp(2 * normal()) ELSE exp(2 * normal()) END AS x
FROM generate_series(1, $ROWS) i;
VACUUM (FREEZE, ANALYZE) lognormal1, lognormal3, pareto, bimodal, integers, sorted, reverse, equal, mixed;
SELECT sum(pg_prewarm(c)) FROM unnest('{lognormal1,lognormal3,pareto,bimodal,integers,sorted,reverse,equal,mixed}'::regclass[]) c;
-- The distance of q from the exact rank interval of an answer: 0 inside [below, at or below].
CREATE FUNCTION rank_errors(t regclass, qs float8[], answers float8[]) RETURNS float8[] LANGUAGE plpgsql AS \$f\$
DECLARE out float8[];
BEGIN
    EXECUTE format('SELECT array_agg(greatest(lo - q, q - hi, 0) ORDER BY o)
        FROM (SELECT o, q, avg((x < a)::int) AS lo, avg((x <= a)::int) AS hi
              FROM %s, unnest(\$1, \$2) WITH ORDINALITY u(q, a, o) GROUP BY o, q) v', t) INTO out USING qs, answers;
    RETURN out;
END \$f\$;
SQL

log "accuracy and size"
ACCURACY=
for d in "${DISTS[@]}"; do
	ACCURACY+=$(sql <<SQL
SELECT format('%-11s %7s %12s %12s %12s %14s', '$d', q, round(ke::numeric, 6), round(de::numeric, 6), round(bound::numeric, 6),
              kb || '/' || db)
FROM (SELECT unnest('$QS'::float8[]) AS q, unnest(rank_errors('$d', '$QS', quantiles(k, '$QS'))) AS ke,
             unnest(rank_errors('$d', '$QS', kll_double_sketch_get_quantiles(s, '$QS'))) AS de,
             kll_rank_error(k) AS bound, pg_column_size(k) AS kb, pg_column_size(s) AS db
      FROM (SELECT kll_agg(x) AS k, kll_double_sketch_build(x) AS s FROM $d) v) w;
SQL
)$'\n'
done
WORST=$(printf '%s' "$ACCURACY" | awk '{ if ($3 > m) m = $3 } END { print m + 0 }')
BOUND=$(printf '%s' "$ACCURACY" | awk 'NR == 1 { print $5 }')
SIZE_RATIO=$(sql -c "SELECT pg_column_size(kll_agg(x))::float8 / pg_column_size(kll_double_sketch_build(x)) FROM lognormal1")

log "10^4 stored sketches of each"
sql <<SQL >/dev/null
CREATE TABLE parts AS SELECT g, kll_agg(x) AS k, kll_double_sketch_build(x) AS s
FROM (SELECT row_number() OVER () % 10000 AS g, x FROM lognormal1) v GROUP BY g;
VACUUM (FREEZE, ANALYZE) parts;
SELECT pg_prewarm('parts');
SQL

IDS=(count kll datasketches union_kll union_ds quantile_kll quantile_ds)
declare -A SQL LABEL RUNS
LABEL[union_kll]="kll_union_agg(k) FROM parts (10^4 sketches)"
SQL[union_kll]="SELECT kll_count(kll_union_agg(k)) FROM parts"
LABEL[union_ds]="kll_double_sketch_merge(s) FROM parts"
SQL[union_ds]="SELECT kll_double_sketch_get_n(kll_double_sketch_merge(s)) FROM parts"
LABEL[quantile_kll]="sum(quantile(k, 0.99)) FROM parts"
SQL[quantile_kll]="SELECT sum(quantile(k, 0.99)) FROM parts"
LABEL[quantile_ds]="sum(kll_double_sketch_get_quantile(s, 0.99))"
SQL[quantile_ds]="SELECT sum(kll_double_sketch_get_quantile(s, 0.99)) FROM parts"
LABEL[count]="count(x) FROM lognormal1"
SQL[count]="SELECT count(x) FROM lognormal1"
LABEL[kll]="kll_agg(x) FROM lognormal1"
SQL[kll]="SELECT pg_column_size(kll_agg(x)) FROM lognormal1"
LABEL[datasketches]="kll_double_sketch_build(x) FROM lognormal1"
SQL[datasketches]="SELECT pg_column_size(kll_double_sketch_build(x)) FROM lognormal1"

measure() { measure_in_server "$1"; }

run_rounds

GOALS=()
goal "accuracy: worst kll rank error, every distribution and q (bound: kll_rank_error)" "$(calc "$WORST" 6)" "$BOUND"
for col in $WALL $CPU; do
	name=$([ $col = $WALL ] && echo wall || echo on-CPU)
	goal "speed ($name): (kll_agg - count) / (kll_double_sketch_build - count)" "$(ratio $col kll datasketches count)" 0.7 \
		kll datasketches count
done

report() {
	echo "probabilistic kll benchmark, $(date -u '+%Y-%m-%d %H:%M UTC'), $(tree_state)"
	echo "machine:  $(nproc) CPUs; load average $LOAD_AT_START at start, $(cut -d' ' -f1-3 /proc/loadavg) at end"
	echo "method:   $ROUNDS interleaved rounds, order rotated; each run in a fresh backend, timed in the server"
	echo "          (bench/helpers.sql); medians; $(fmt_int "$ROWS") values a distribution; both at k = 200"
	echo
	printf '%-11s %7s %12s %12s %12s %14s\n' distrib q "kll err" "datasketches" "bound" "bytes kll/ds"
	printf '%s' "$ACCURACY"
	echo "size, lognormal 1: kll bytes / datasketches bytes = $(calc "$SIZE_RATIO" 3)"
	echo
	timing_table 44
	echo
	printf '%-76s %-9s %8s\n' goal target ratio
	printf '%s\n' "${GOALS[@]}"
	echo "$NOISE_NOTE"
}

report | tee "$OUT_DIR/kll-latest.txt"
