#!/usr/bin/env bash
# Benchmark of the fuse type (a binary fuse filter, built once) against bloom
# at the same false positive rate, on a throwaway cluster: probing a table of
# ids against each filter (the cost above a trivial scan), building each from
# the same keys (fuse_agg, bloom_agg), bits per key, and the rate measured on
# ids never added. Interleaved rounds (every query once per round, the order
# rotated), medians, ratios of medians. Prints a table with PASS/MISS per goal
# and writes bench/results/fuse-latest.txt.
#
#   bench/fuse.sh                                                    2M ids, 200k keys, 5 rounds
#   BENCH_ROWS=500000 BENCH_KEYS=50000 BENCH_ROUNDS=3 bench/fuse.sh  quick run
#
# Goals (issue 28: the slices of doc/STREAMS.md are written once, so a static
# filter can hold them): bits per key <= 0.8 x a Bloom filter's at the same
# rate for sets of BENCH_BIG_KEYS (4 million; smaller sets take more bits, FORMAT
# §12.3, printed for BENCH_KEYS); probe cost above a trivial scan <= 1.2 x
# bloom's; building <= 3 x bloom_agg's on-CPU time; the measured rate within 3
# binomial standard deviations of 2^-f. A missed goal prints MISS; the exit status only says
# whether the run worked.
set -euo pipefail
cd "$(dirname "$0")/.."
. test/cluster.sh
. bench/lib.sh

ROWS=${BENCH_ROWS:-2000000}
KEYS=${BENCH_KEYS:-200000}
BIG_KEYS=${BENCH_BIG_KEYS:-4000000}
ROUNDS=${BENCH_ROUNDS:-5}
FPR=${BENCH_FPR:-0.00390625}  # 2^-8
DB=bench_fuse
WARMUP="SELECT bloom_empty(1) IS NOT NULL AND fuse_cardinality(fuse_agg(1)) = 1"

log "setting up, then loading $ROWS ids and $KEYS keys"
filter_bench_setup fuse
sql <<SQL >/dev/null
BEGIN;
CREATE TABLE t (id bigint NOT NULL);
INSERT INTO t SELECT i FROM generate_series(1, $ROWS::bigint) i;
CREATE TABLE keys (id bigint NOT NULL);
INSERT INTO keys SELECT i * ($ROWS / $KEYS) FROM generate_series(1, $KEYS::bigint) i;
CREATE TABLE filters (b bloom NOT NULL, f fuse NOT NULL);
INSERT INTO filters SELECT (SELECT bloom_agg(id, $KEYS, $FPR) FROM keys), (SELECT fuse_agg(id, $FPR) FROM keys);
COMMIT;
VACUUM (FREEZE, ANALYZE) t, keys, filters;
SELECT sum(pg_prewarm(c.oid)) FROM pg_class c
WHERE c.oid IN ('t'::regclass, 'keys'::regclass, 'filters'::regclass)
   OR c.oid = (SELECT reltoastrelid FROM pg_class WHERE oid = 'filters'::regclass);
SQL

IDS=(trivial bloom_probe fuse_probe bloom_build fuse_build)
declare -A SQL LABEL RUNS
LABEL[trivial]="trivial scan   count(*) FROM t WHERE id <> -1"
SQL[trivial]="SELECT count(*) FROM t WHERE id <> -1"
LABEL[bloom_probe]="bloom probe    count(*) FROM t, filters f WHERE f.b @> t.id"
SQL[bloom_probe]="SELECT count(*) FROM t, filters f WHERE f.b @> t.id"
LABEL[fuse_probe]="fuse probe     ... WHERE fuse_contains(f.f, t.id)"
SQL[fuse_probe]="SELECT count(*) FROM t, filters f WHERE fuse_contains(f.f, t.id)"
LABEL[bloom_build]="bloom_agg(id, $KEYS, $FPR) FROM keys"
SQL[bloom_build]="SELECT octet_length(bloom_agg(id, $KEYS, $FPR)::bytea) FROM keys"
LABEL[fuse_build]="fuse_agg(id, $FPR) FROM keys"
SQL[fuse_build]="SELECT octet_length(fuse_agg(id, $FPR)::bytea) FROM keys"

measure() { measure_in_server "$1"; }

run_rounds

GOALS=()
for col in $WALL $CPU; do
	name=$([ $col = $WALL ] && echo wall || echo on-CPU)
	goal "probe ($name): (fuse - trivial) / (bloom - trivial)" "$(ratio $col fuse_probe bloom_probe trivial)" 1.2 \
		fuse_probe bloom_probe trivial
done
goal "build (on-CPU): fuse_agg / bloom_agg" "$(ratio $CPU fuse_build bloom_build)" 3.0 fuse_build bloom_build
BLOOM_FOUND=$(result_of bloom_probe)
FUSE_FOUND=$(result_of fuse_probe)

# Bits per key and the measured rate at 2^-4, 2^-8, 2^-12 and 2^-16: 400 / rate ids never added.
RATES=""
for f in 4 8 12 16; do
	rate=$(calc "2 ^ -$f" 12)
	probes=$(calc "400 / $rate" 0)
	line=$(sql -c "
CREATE TEMP TABLE rate_filters AS
    SELECT fuse_agg(i, power(2, -$f)) AS f, bloom_agg(i, $KEYS, power(2, -$f)) AS b FROM generate_series(1, $KEYS) i;
SELECT format('%s|%s|%s', (SELECT count(*) FROM generate_series(1, $probes) p WHERE fuse_contains(r.f, -p)),
              round(8.0 * octet_length(r.f::bytea) / $KEYS, 3), round(8.0 * octet_length(r.b::bytea) / $KEYS, 3))
FROM rate_filters r")
	IFS='|' read -r hits fuse_bits bloom_bits <<<"$line"
	big=$(sql -c "SELECT format('%s|%s', round(8.0 * octet_length(fuse_agg(i, power(2, -$f))::bytea) / $BIG_KEYS, 3),
		round(8.0 * octet_length(bloom_agg(i, $BIG_KEYS, power(2, -$f))::bytea) / $BIG_KEYS, 3)) FROM generate_series(1, $BIG_KEYS) i")
	IFS='|' read -r big_fuse_bits big_bloom_bits <<<"$big"
	measured=$(calc "$hits / $probes" 8)
	RATES+="$(printf '  2^-%-3s measured %-11s (%s of %s)   bits per key: fuse %s, bloom %s at %s keys; fuse %s, bloom %s at %s' \
		"$f" "$measured" "$hits" "$probes" "$fuse_bits" "$bloom_bits" "$(fmt_int "$KEYS")" "$big_fuse_bits" "$big_bloom_bits" "$(fmt_int "$BIG_KEYS")")"$'\n'
	goal "bits per key at 2^-$f, $(fmt_int "$BIG_KEYS") keys: fuse / bloom" "$(calc "$big_fuse_bits / $big_bloom_bits" 3)" 0.8
	sd=$(calc "sqrt($rate * (1 - $rate) / $probes)" 10)
	goal "rate at 2^-$f: |measured - 2^-f| / (3 sd)" "$(calc "($measured - $rate) * ($measured > $rate ? 1 : -1) / (3 * $sd)" 3)" 1.0
done

report() {
	echo "probabilistic fuse benchmark, $(date -u '+%Y-%m-%d %H:%M UTC'), commit $(git rev-parse --short HEAD)"
	echo "machine:  $(nproc) CPUs; load average $LOAD_AT_START at start, $(cut -d' ' -f1-3 /proc/loadavg) at end"
	echo "method:   $ROUNDS interleaved rounds, order rotated; each run in a fresh backend, timed in the server"
	echo "          (bench/helpers.sql); medians; $(fmt_int "$ROWS") ids probed against $(fmt_int "$KEYS") keys, rate $FPR"
	echo
	timing_table
	echo "  found: bloom $(fmt_int "$BLOOM_FOUND"), fuse $(fmt_int "$FUSE_FOUND") (members: $(fmt_int "$KEYS"))"
	echo "$RATES"
	printf '%-66s %-7s %8s\n' goal target ratio
	printf '%s\n' "${GOALS[@]}"
	echo "$NOISE_NOTE"
}

[ "$FUSE_FOUND" -ge "$KEYS" ] || { echo "false negatives: fuse found $FUSE_FOUND of $KEYS members" >&2; exit 1; }
report | tee "$OUT_DIR/fuse-latest.txt"
