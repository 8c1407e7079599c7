#!/usr/bin/env bash
# Issue 41, first step: stored bytes against error for hll's candidate stored forms
# (doc/HLL_COMPACT.md). Builds bench/hll_candidates.cpp against the core (src/core) and the
# vendored DataSketches C++ (a measurement anchor only), runs it at the lowest priority and
# prints Markdown tables; the full output also goes to bench/results/hll_candidates.md.
#
#   bench/hll_candidates.sh                 everything: 60 trials, n = 10^3, 10^5, 10^6, 10^8,
#                                           p = 12, 14, 16, the validation and the union cost
#   bench/hll_candidates.sh --trials 200    more trials
#   bench/hll_candidates.sh --quick         n = 10^3 and 10^5 only (a smoke run)
#   bench/hll_candidates.sh --p 14 --trials 300            one precision, more trials
#   bench/hll_candidates.sh --p 14 --n 100000 --only ULL   one candidate at one n
#   bench/hll_candidates.sh --only-extras --validate --validate-trials 5000 --only ULL
#   bench/hll_candidates.sh --pg            only the PostgreSQL part: reading 10^4 stored values
#                                           of each candidate's size (TOAST), and the installed
#                                           hll_union_agg / DataSketches unions over 10^4 values
#
# Needs g++ (C++17), Debian's libxxhash-dev and ../shared/vendor/datasketches-cpp-5.2.0.tar.xz
# (or DATASKETCHES_DIR pointing at an extracted copy).
set -euo pipefail
cd "$(dirname "$0")/.."
OUT=build/bench_hll
mkdir -p "$OUT" bench/results
CXX=${CXX:-g++}
FLAGS="-std=c++17 -O2 -march=x86-64-v2 -ffp-contract=off -DNDEBUG"

DS=${DATASKETCHES_DIR:-}
if [ -z "$DS" ]; then
    TARBALL=
    for t in ../shared/vendor/datasketches-cpp-5.2.0.tar.xz /work/shared/vendor/datasketches-cpp-5.2.0.tar.xz; do
        [ -f "$t" ] && TARBALL=$t && break
    done
    [ -n "$TARBALL" ] || { echo "datasketches-cpp-5.2.0.tar.xz not found; set DATASKETCHES_DIR" >&2; exit 1; }
    DS=$OUT/datasketches-cpp-5.2.0
    [ -d "$DS" ] || tar -xJf "$TARBALL" -C "$OUT"
fi

# The core's objects, rebuilt when a source is newer.
OBJS=()
for src in src/core/*.cpp; do
    obj=$OUT/$(basename "${src%.cpp}").o
    if [ ! -f "$obj" ] || [ "$src" -nt "$obj" ] || [ -n "$(find src/core -name '*.h*' -newer "$obj" -print -quit)" ]; then
        nice -n 19 $CXX $FLAGS -Isrc/core -c -o "$obj" "$src"
    fi
    OBJS+=("$obj")
done
BIN=$OUT/hll_candidates
if [ ! -f "$BIN" ] || [ bench/hll_candidates.cpp -nt "$BIN" ]; then
    nice -n 19 $CXX $FLAGS -I"$DS" -I"$DS/common/include" -Wall -Wextra -Wno-unused-parameter \
        -o "$BIN" bench/hll_candidates.cpp "${OBJS[@]}" -lxxhash -pthread
fi

# The PostgreSQL part: what reading a stored value of each size costs an aggregate (the
# bytes come through TOAST: random bytes, so nothing compresses), next to the unions the
# installed extensions run over the same number of values (warm cache).
pg_part() {
    . test/cluster.sh
    start_cluster "shared_buffers = 512MB" "max_parallel_workers_per_gather = 0" "jit = off"
    renice -n 19 -p "$(head -1 "$CLUSTER_DIR/data/postmaster.pid")" >/dev/null  # its backends inherit it
    local q="psql -X -q -At -v ON_ERROR_STOP=1"
    $q -c "CREATE EXTENSION pgcrypto" >/dev/null
    local have_prob=0 have_ds=0
    $q -c "CREATE EXTENSION probabilistic" >/dev/null 2>&1 && have_prob=1
    $q -c "CREATE EXTENSION datasketches" >/dev/null 2>&1 && have_ds=1
    # Every query once a round, 7 rounds, the order the same each round, so that the load of a
    # shared machine falls on all alike; the minimum is the least disturbed, the median shown too.
    local sqls=() labels=() sizes=()
    add() { labels+=("$1"); sizes+=("$2"); sqls+=("$3"); }
    local size
    for size in 12304 8208 7184 6150 5830 4630 4330 2000; do
        $q -c "CREATE TABLE b$size (v bytea); ALTER TABLE b$size ALTER v SET STORAGE EXTERNAL;
               INSERT INTO b$size SELECT substring((SELECT string_agg(gen_random_bytes(1024), '') FROM generate_series(0, $size / 1024) WHERE i > 0) FOR $size)
               FROM generate_series(1, 10000) i" -c "VACUUM ANALYZE b$size" >/dev/null
        add "bytea, detoasted (get_byte)" "$size" "SELECT sum(get_byte(v, 0)) FROM b$size"
    done
    if [ $have_prob = 1 ]; then
        $q -c "CREATE TABLE base AS SELECT g, hll_add_agg(x) h FROM generate_series(1, 2000000) x, LATERAL (SELECT x % 100 g) s GROUP BY g;
               CREATE TABLE sk AS SELECT i, h FROM generate_series(1, 10000) i JOIN base ON base.g = i % 100" -c "VACUUM ANALYZE sk" >/dev/null
        add "probabilistic hll_union_agg (installed $($q -c "SELECT extversion FROM pg_extension WHERE extname = 'probabilistic'"), p = 14, dense)" \
            "$($q -c "SELECT pg_column_size(h) FROM sk LIMIT 1")" "SELECT hll_cardinality(hll_union_agg(h)) FROM sk"
    fi
    if [ $have_ds = 1 ]; then
        local lgk
        for lgk in 13 14; do
            $q -c "CREATE TABLE dbase$lgk AS SELECT g, hll_sketch_build(x, $lgk) h, cpc_sketch_build(x, $lgk) c FROM generate_series(1, 2000000) x, LATERAL (SELECT x % 100 g) s GROUP BY g;
                   CREATE TABLE dsk$lgk AS SELECT i, h, c FROM generate_series(1, 10000) i JOIN dbase$lgk ON dbase$lgk.g = i % 100" -c "VACUUM ANALYZE dsk$lgk" >/dev/null
            add "DataSketches hll_sketch_union (HLL_4, lgK = $lgk)" "$($q -c "SELECT pg_column_size(h) FROM dsk$lgk LIMIT 1")" \
                "SELECT hll_sketch_get_estimate(hll_sketch_union(h, $lgk)) FROM dsk$lgk"
            add "DataSketches cpc_sketch_union (lgK = $lgk)" "$($q -c "SELECT pg_column_size(c) FROM dsk$lgk LIMIT 1")" \
                "SELECT cpc_sketch_get_estimate(cpc_sketch_union(c, $lgk)) FROM dsk$lgk"
        done
    fi
    local i round t
    declare -A times
    for i in "${!sqls[@]}"; do $q -c "${sqls[$i]}" >/dev/null; done  # warm the cache
    for round in 1 2 3 4 5 6 7; do
        for i in "${!sqls[@]}"; do
            t=$($q -c '\timing on' -c "${sqls[$i]}" | sed -n 's/^Time: \([0-9.]*\) ms.*/\1/p')
            times[$i]="${times[$i]:-} $t"
        done
    done
    echo
    echo "## Reading 10^4 stored values in PostgreSQL (7 rounds; milliseconds for the whole scan)"
    echo
    echo "| what | bytes a value | min ms | median ms | µs a value (min) |"
    echo "|---|---:|---:|---:|---:|"
    for i in "${!sqls[@]}"; do
        local mn md
        mn=$(printf '%s\n' ${times[$i]} | sort -g | head -1)
        md=$(printf '%s\n' ${times[$i]} | sort -g | sed -n 4p)
        echo "| ${labels[$i]} | ${sizes[$i]} | $mn | $md | $(awk "BEGIN { printf \"%.1f\", $mn * 1000 / 10000 }") |"
    done
    stop_cluster
}

ARGS=("$@")
[ ${#ARGS[@]} -eq 0 ] && ARGS=(--validate --speed)
start=$(date +%s)
if [ "${ARGS[0]}" = --pg ]; then
    pg_part | tee bench/results/hll_candidates_pg.md
else
    nice -n 19 "$BIN" "${ARGS[@]}" | tee bench/results/hll_candidates.md
    [ $# -eq 0 ] && pg_part | tee bench/results/hll_candidates_pg.md
fi
echo "total $(( $(date +%s) - start )) s (nice -n 19, load $(cut -d' ' -f1-3 /proc/loadavg))" >&2
