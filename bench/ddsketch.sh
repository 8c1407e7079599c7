#!/usr/bin/env bash
# Benchmark of ddsketch against the tdigest extension (Debian's
# postgresql-15-tdigest, compression 100), side by side in one run on a
# throwaway cluster:
#   - accuracy: the relative error of each at q in {0.001, 0.01, 0.5, 0.9, 0.99,
#     0.999, 0.9999} on the issue's distributions: lognormal (sigma 1 and 3),
#     Pareto (shape 1), a bimodal mix around 1e-6 and 1e6, uniform integers,
#     lognormal values stored sorted and reverse-sorted, all values equal, and
#     both signs with zeros; ddsketch's quantile() against percentile_disc (its
#     definition), tdigest_percentile against percentile_cont (its); the worst
#     ddsketch error must be <= alpha;
#   - size: the bytes of each (pg_column_size) per distribution;
#   - speed: the aggregate's on-CPU cost per row above count(x), interleaved
#     rounds, ratio of medians: ddsketch_agg(x) against tdigest(x, 100) on a
#     lognormal table of BENCH_SPEED_ROWS values (default BENCH_ROWS); both
#     libraries loaded before every timed run (WARMUP); a ratio whose costs are
#     within their rounds' spread prints noise (bench/lib.sh), and every timing
#     and ratio has the load average read after its rounds beside it.
# Prints a table with PASS/MISS per goal and writes bench/results/ddsketch-latest.txt.
#
#   bench/ddsketch.sh                                       1M rows a distribution, 5 rounds
#   BENCH_SPEED_ROWS=10000000 bench/ddsketch.sh             the issue's 10^7 rows for speed
#   BENCH_ROWS=100000 BENCH_ROUNDS=3 bench/ddsketch.sh      quick smoke run
#
# Installs Debian's postgresql-$PG_MAJOR-tdigest when it is missing.
#
# Goals (issue 26): every ddsketch error <= alpha (0.01); ddsketch no larger than
# tdigest(100) on lognormal data; ddsketch_agg's cost above count(x) <= 0.5 x tdigest's.
# A missed goal prints MISS; the exit status only says whether the run worked.
set -euo pipefail
cd "$(dirname "$0")/.."
. test/cluster.sh
. bench/lib.sh
ensure_packages "postgresql-$PG_MAJOR-tdigest"

ROWS=${BENCH_ROWS:-1000000}
SPEED_ROWS=${BENCH_SPEED_ROWS:-$ROWS}
ROUNDS=${BENCH_ROUNDS:-5}
DB=bench_ddsketch
OUT_DIR=bench/results
RAW_FILE=$OUT_DIR/ddsketch-latest-raw.tsv
QS="{0.001,0.01,0.5,0.9,0.99,0.999,0.9999}"
# The issue's distributions: a table each, ROWS values.
DISTS=(lognormal lognormal3 pareto bimodal uniform_int sorted reversed equal mixed)
DIST_LIST=$(IFS=,; echo "${DISTS[*]}")
mkdir -p "$OUT_DIR"

SERVER_SETTINGS=(
	"shared_buffers = 1GB"
	"work_mem = 1GB"
	"jit = off"
	"max_parallel_workers_per_gather = 0"
	"autovacuum = off"
	"synchronous_commit = off"
)
WARMUP="SELECT ddsketch_count(ddsketch_agg(1)) + (SELECT count(*) FROM (SELECT tdigest(1.0::float8, 100)) v)"

sql() { psql -X -q -At -v ON_ERROR_STOP=1 -d "$DB" "$@"; }

build_and_install
start_cluster "${SERVER_SETTINGS[@]}"
LOAD_AT_START=$(cut -d' ' -f1-3 /proc/loadavg)

log "loading ${#DISTS[@]} x $ROWS values, and $SPEED_ROWS for the speed table"
psql -X -q -d postgres -c "CREATE DATABASE $DB"
sql -c "CREATE EXTENSION probabilistic" -c "CREATE EXTENSION tdigest" -c "CREATE EXTENSION pg_prewarm"
sql -f bench/helpers.sql
sql <<SQL >/dev/null
SELECT setseed(0.26);
CREATE FUNCTION normal() RETURNS float8 LANGUAGE sql VOLATILE AS
\$\$ SELECT sqrt(-2 * ln(1 - random())) * cos(2 * pi() * random()) \$\$;
CREATE TABLE lognormal AS SELECT exp(normal()) AS x FROM generate_series(1, $ROWS);
CREATE TABLE lognormal3 AS SELECT exp(3 * normal()) AS x FROM generate_series(1, $ROWS);
CREATE TABLE pareto AS SELECT 1 / (1 - random()) AS x FROM generate_series(1, $ROWS);
CREATE TABLE bimodal AS SELECT CASE WHEN random() < 0.5 THEN 1e-6 ELSE 1e6 END * exp(0.1 * normal()) AS x
FROM generate_series(1, $ROWS);
CREATE TABLE uniform_int AS SELECT floor(random() * 1000000)::float8 AS x FROM generate_series(1, $ROWS);
CREATE TABLE sorted AS SELECT x FROM (SELECT exp(normal()) AS x FROM generate_series(1, $ROWS)) v ORDER BY x;
CREATE TABLE reversed AS SELECT x FROM (SELECT exp(normal()) AS x FROM generate_series(1, $ROWS)) v ORDER BY x DESC;
CREATE TABLE equal AS SELECT 42.5::float8 AS x FROM generate_series(1, $ROWS);
CREATE TABLE mixed AS SELECT CASE i % 4 WHEN 0 THEN 0 WHEN 1 THEN -exp(2 * normal()) ELSE exp(2 * normal()) END AS x
FROM generate_series(1, $ROWS) i;
CREATE TABLE speed AS SELECT exp(normal()) AS x FROM generate_series(1, $SPEED_ROWS);
VACUUM (FREEZE, ANALYZE);
SELECT sum(pg_prewarm(c)) FROM unnest('{$DIST_LIST,speed}'::regclass[]) c;
SQL

log "accuracy and size"
# One row a (distribution, q): each estimate's relative error against the exact
# value of its own definition (ddsketch: percentile_disc; tdigest: percentile_cont).
sql >/dev/null <<SQL
CREATE TABLE accuracy (d text, q float8, dd float8, td float8, disc float8, cont float8, dd_bytes int, td_bytes int);
SQL
for d in "${DISTS[@]}"; do
	sql >/dev/null <<SQL
INSERT INTO accuracy
SELECT '$d', u.q, u.dd, u.td, u.disc, u.cont, dd_bytes, td_bytes
FROM (SELECT quantiles(ddsketch_agg(x), '$QS') AS dd, tdigest_percentile(x, 100, '$QS'::float8[]) AS td,
             percentile_disc('$QS'::float8[]) WITHIN GROUP (ORDER BY x) AS disc,
             percentile_cont('$QS'::float8[]) WITHIN GROUP (ORDER BY x) AS cont,
             pg_column_size(ddsketch_agg(x)) AS dd_bytes, pg_column_size(tdigest(x, 100)) AS td_bytes FROM $d) a,
     unnest('$QS'::float8[], dd, td, disc, cont) u(q, dd, td, disc, cont);
SQL
done
# Relative error; for an exact 0, 0 when the answer is 0 too, else 1 (a miss).
ERR_DD="CASE WHEN disc = 0 THEN CASE WHEN dd = 0 THEN 0 ELSE 1 END ELSE abs(dd - disc) / abs(disc) END"
ERR_TD="CASE WHEN cont = 0 THEN CASE WHEN td = 0 THEN 0 ELSE 1 END ELSE abs(td - cont) / abs(cont) END"
ACCURACY=$(sql -c "SELECT format('%-11s %7s %12s %12s %14s %12s', d, q, round(($ERR_DD)::numeric, 6),
	round(($ERR_TD)::numeric, 6), round(disc::numeric, 6), dd_bytes || '/' || td_bytes)
	FROM accuracy ORDER BY array_position('{$DIST_LIST}'::text[], d), q")
WORST=$(sql -c "SELECT max($ERR_DD) FROM accuracy")
WORST_TD=$(sql -c "SELECT max($ERR_TD) FROM accuracy")
LOGNORMAL_BYTES=$(sql -c "SELECT dd_bytes::float8 / td_bytes FROM accuracy WHERE d = 'lognormal' LIMIT 1")

IDS=(count ddsketch tdigest)
declare -A SQL LABEL RUNS
LABEL[count]="count(x)"
SQL[count]="SELECT count(x) FROM speed"
LABEL[ddsketch]="ddsketch_agg(x)"
SQL[ddsketch]="SELECT pg_column_size(ddsketch_agg(x)) FROM speed"
LABEL[tdigest]="tdigest(x, 100)"
SQL[tdigest]="SELECT pg_column_size(tdigest(x, 100)) FROM speed"

measure() { measure_in_server "$1"; }

run_rounds

GOALS=()
goal "accuracy: worst ddsketch relative error, every distribution and q" "$(calc "$WORST" 6)" 0.01
goal "size: ddsketch bytes / tdigest(100) bytes, lognormal" "$(calc "$LOGNORMAL_BYTES" 3)" 1
for col in $WALL $CPU; do
	name=$([ $col = $WALL ] && echo wall || echo on-CPU)
	goal "speed ($name): (ddsketch_agg - count) / (tdigest - count)" "$(ratio $col ddsketch tdigest count)" 0.5 \
		ddsketch tdigest count
done

report() {
	echo "probabilistic ddsketch benchmark, $(date -u '+%Y-%m-%d %H:%M UTC'), $(tree_state)"
	echo "machine:  $(nproc) CPUs; load average $LOAD_AT_START at start, $(cut -d' ' -f1-3 /proc/loadavg) at end"
	echo "method:   $ROUNDS interleaved rounds, order rotated; each run in a fresh backend, timed in the server"
	echo "          (bench/helpers.sql); medians; $(fmt_int "$ROWS") values a distribution, speed on $(fmt_int "$SPEED_ROWS")"
	echo "          lognormal values; ddsketch alpha 0.01,"
	echo "          2048 buckets; tdigest compression 100"
	echo
	printf '%-11s %7s %12s %12s %14s %12s\n' distrib q "ddsketch err" "tdigest err" "exact value" "bytes dd/td"
	printf '%s\n' "$ACCURACY"
	echo "worst relative error: ddsketch $WORST, tdigest $WORST_TD"
	echo
	timing_table 40
	echo
	printf '%-66s %-7s %8s\n' goal target ratio
	printf '%s\n' "${GOALS[@]}"
	echo "$NOISE_NOTE"
}

report | tee "$OUT_DIR/ddsketch-latest.txt"
