#!/usr/bin/env bash
# Benchmark of ddsketch against the tdigest extension (Debian's
# postgresql-15-tdigest, compression 100), side by side in one run on a
# throwaway cluster:
#   - accuracy: the relative error of each at q in {0.001, 0.01, 0.5, 0.9, 0.99,
#     0.999, 0.9999} on lognormal (sigma 1), Pareto (shape 1), lognormal values
#     stored sorted, and both signs with zeros; ddsketch's quantile() against
#     percentile_disc (its definition), tdigest_percentile against
#     percentile_cont (its); the worst ddsketch error must be <= alpha;
#   - size: the bytes of each (pg_column_size) per distribution;
#   - speed: the aggregate's on-CPU cost per row above count(x), interleaved
#     rounds, ratio of medians: ddsketch_agg(x) against tdigest(x, 100) on the
#     lognormal table.
# Prints a table with PASS/MISS per goal and writes bench/results/ddsketch-latest.txt.
#
#   bench/ddsketch.sh                                       1M rows a distribution, 5 rounds
#   BENCH_ROWS=100000 BENCH_ROUNDS=3 bench/ddsketch.sh      quick smoke run
#
# Goals (issue 26): every ddsketch error <= alpha (0.01); ddsketch no larger than
# tdigest(100) on lognormal data; ddsketch_agg's cost above count(x) <= 0.5 x tdigest's.
# A missed goal prints MISS; the exit status only says whether the run worked.
set -euo pipefail
cd "$(dirname "$0")/.."
. test/cluster.sh
. bench/lib.sh

ROWS=${BENCH_ROWS:-1000000}
ROUNDS=${BENCH_ROUNDS:-5}
DB=bench_ddsketch
OUT_DIR=bench/results
RAW_FILE=$OUT_DIR/ddsketch-latest-raw.tsv
QS="{0.001,0.01,0.5,0.9,0.99,0.999,0.9999}"
mkdir -p "$OUT_DIR"

SERVER_SETTINGS=(
	"shared_buffers = 512MB"
	"work_mem = 256MB"
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

log "loading 4 x $ROWS values"
psql -X -q -d postgres -c "CREATE DATABASE $DB"
sql -c "CREATE EXTENSION probabilistic" -c "CREATE EXTENSION tdigest" -c "CREATE EXTENSION pg_prewarm"
sql -f bench/helpers.sql
sql <<SQL >/dev/null
SELECT setseed(0.26);
CREATE FUNCTION normal() RETURNS float8 LANGUAGE sql VOLATILE AS
\$\$ SELECT sqrt(-2 * ln(1 - random())) * cos(2 * pi() * random()) \$\$;
CREATE TABLE lognormal AS SELECT exp(normal()) AS x FROM generate_series(1, $ROWS);
CREATE TABLE pareto AS SELECT 1 / (1 - random()) AS x FROM generate_series(1, $ROWS);
CREATE TABLE sorted AS SELECT x FROM (SELECT exp(normal()) AS x FROM generate_series(1, $ROWS)) v ORDER BY x;
CREATE TABLE mixed AS SELECT CASE i % 4 WHEN 0 THEN 0 WHEN 1 THEN -exp(2 * normal()) ELSE exp(2 * normal()) END AS x
FROM generate_series(1, $ROWS) i;
VACUUM (FREEZE, ANALYZE) lognormal, pareto, sorted, mixed;
SELECT sum(pg_prewarm(c)) FROM unnest('{lognormal,pareto,sorted,mixed}'::regclass[]) c;
SQL

log "accuracy and size"
ACCURACY=$(sql <<SQL
SELECT format('%-10s %7s %12s %12s %12s %12s', d, q, round(dd_err::numeric, 6), round(td_err::numeric, 6),
              round(exact_disc::numeric, 6), dd_bytes || '/' || td_bytes)
FROM (SELECT d, unnest('$QS'::float8[]) AS q,
             unnest(ARRAY(SELECT abs(a - e) / nullif(abs(e), 0) FROM unnest(dd, disc) u(a, e))) AS dd_err,
             unnest(ARRAY(SELECT abs(a - e) / nullif(abs(e), 0) FROM unnest(td, cont) u(a, e))) AS td_err,
             unnest(disc) AS exact_disc, dd_bytes, td_bytes
      FROM (SELECT 'lognormal' AS d, * FROM (SELECT quantiles(ddsketch_agg(x), '$QS') AS dd,
                   tdigest_percentile(x, 100, '$QS'::float8[]) AS td,
                   percentile_disc('$QS'::float8[]) WITHIN GROUP (ORDER BY x) AS disc,
                   percentile_cont('$QS'::float8[]) WITHIN GROUP (ORDER BY x) AS cont,
                   pg_column_size(ddsketch_agg(x)) AS dd_bytes, pg_column_size(tdigest(x, 100)) AS td_bytes FROM lognormal) a
            UNION ALL SELECT 'pareto', * FROM (SELECT quantiles(ddsketch_agg(x), '$QS'), tdigest_percentile(x, 100, '$QS'::float8[]),
                   percentile_disc('$QS'::float8[]) WITHIN GROUP (ORDER BY x), percentile_cont('$QS'::float8[]) WITHIN GROUP (ORDER BY x),
                   pg_column_size(ddsketch_agg(x)), pg_column_size(tdigest(x, 100)) FROM pareto) b
            UNION ALL SELECT 'sorted', * FROM (SELECT quantiles(ddsketch_agg(x), '$QS'), tdigest_percentile(x, 100, '$QS'::float8[]),
                   percentile_disc('$QS'::float8[]) WITHIN GROUP (ORDER BY x), percentile_cont('$QS'::float8[]) WITHIN GROUP (ORDER BY x),
                   pg_column_size(ddsketch_agg(x)), pg_column_size(tdigest(x, 100)) FROM sorted) c
            UNION ALL SELECT 'mixed', * FROM (SELECT quantiles(ddsketch_agg(x), '$QS'), tdigest_percentile(x, 100, '$QS'::float8[]),
                   percentile_disc('$QS'::float8[]) WITHIN GROUP (ORDER BY x), percentile_cont('$QS'::float8[]) WITHIN GROUP (ORDER BY x),
                   pg_column_size(ddsketch_agg(x)), pg_column_size(tdigest(x, 100)) FROM mixed) d) v) w;
SQL
)
WORST=$(sql -c "SELECT max(abs(a - e) / nullif(abs(e), 0)) FROM (
	SELECT unnest(quantiles(ddsketch_agg(x), '$QS')) a, unnest(percentile_disc('$QS'::float8[]) WITHIN GROUP (ORDER BY x)) e FROM lognormal
	UNION ALL SELECT unnest(quantiles(ddsketch_agg(x), '$QS')), unnest(percentile_disc('$QS'::float8[]) WITHIN GROUP (ORDER BY x)) FROM pareto
	UNION ALL SELECT unnest(quantiles(ddsketch_agg(x), '$QS')), unnest(percentile_disc('$QS'::float8[]) WITHIN GROUP (ORDER BY x)) FROM sorted
	UNION ALL SELECT unnest(quantiles(ddsketch_agg(x), '$QS')), unnest(percentile_disc('$QS'::float8[]) WITHIN GROUP (ORDER BY x)) FROM mixed) v")
LOGNORMAL_BYTES=$(sql -c "SELECT pg_column_size(ddsketch_agg(x))::float8 / pg_column_size(tdigest(x, 100)) FROM lognormal")

IDS=(count ddsketch tdigest)
declare -A SQL LABEL RUNS
LABEL[count]="count(x) FROM lognormal"
SQL[count]="SELECT count(x) FROM lognormal"
LABEL[ddsketch]="ddsketch_agg(x) FROM lognormal"
SQL[ddsketch]="SELECT pg_column_size(ddsketch_agg(x)) FROM lognormal"
LABEL[tdigest]="tdigest(x, 100) FROM lognormal"
SQL[tdigest]="SELECT pg_column_size(tdigest(x, 100)) FROM lognormal"

measure() { measure_in_server "$1"; }

run_rounds

GOALS=()
goal "accuracy: worst ddsketch relative error, every distribution and q" "$(calc "$WORST" 6)" 0.01
goal "size: ddsketch bytes / tdigest(100) bytes, lognormal" "$(calc "$LOGNORMAL_BYTES" 3)" 1
for col in $WALL $CPU; do
	name=$([ $col = $WALL ] && echo wall || echo on-CPU)
	above_dd=$(calc "$(med ddsketch $col) - $(med count $col)" 3)
	above_td=$(calc "$(med tdigest $col) - $(med count $col)" 3)
	goal "speed ($name): (ddsketch_agg - count) / (tdigest - count)" "$(calc "$above_dd / $above_td" 3)" 0.5
done

report() {
	echo "probabilistic ddsketch benchmark, $(date -u '+%Y-%m-%d %H:%M UTC'), $(tree_state)"
	echo "machine:  $(nproc) CPUs; load average $LOAD_AT_START at start, $(cut -d' ' -f1-3 /proc/loadavg) at end"
	echo "method:   $ROUNDS interleaved rounds, order rotated; each run in a fresh backend, timed in the server"
	echo "          (bench/helpers.sql); medians; $(fmt_int "$ROWS") values a distribution; ddsketch alpha 0.01,"
	echo "          2048 buckets; tdigest compression 100"
	echo
	printf '%-10s %7s %12s %12s %12s %12s\n' distrib q "ddsketch err" "tdigest err" "exact value" "bytes dd/td"
	printf '%s\n' "$ACCURACY"
	echo
	printf '  %-40s %10s %10s\n' query "median ms" "on-CPU ms"
	for id in "${IDS[@]}"; do
		printf '  %-40s %10.1f %10.1f\n' "${LABEL[$id]}" "$(med "$id" $WALL)" "$(med "$id" $CPU)"
	done
	echo
	printf '%-66s %-7s %8s\n' goal target ratio
	printf '%s\n' "${GOALS[@]}"
}

report | tee "$OUT_DIR/ddsketch-latest.txt"
