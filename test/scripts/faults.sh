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
#    pg_cancel_backend from a second session, where the uncancelled statement
#    would take at least MARGIN x 10 timeouts. Sizes and latency bounds are
#    measured on this machine at the time (see the section).
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
LEAK_CALLS=${FAULTS_LEAK_CALLS:-5000}           # failing calls per kind (67 kinds), and as many succeeding
LEAK_WARMUP=${FAULTS_LEAK_WARMUP:-200}          # calls per kind before the first measurement
LEAK_CONTEXT_BOUND_KB=${FAULTS_LEAK_CONTEXT_BOUND_KB:-192}  # growth allowed over one loop
LEAK_RSS_BOUND_KB=${FAULTS_LEAK_RSS_BOUND_KB:-384}
TIMEOUT_MS=${FAULTS_TIMEOUT_MS:-500}            # statement_timeout, and the delay before pg_cancel_backend
MARGIN=${FAULTS_MARGIN:-3}                      # statements sized to run uncancelled MARGIN x 10 timeouts
LATENCY_FACTOR=${FAULTS_LATENCY_FACTOR:-20}     # latency bound: this times the measured baseline, + the longest step
BASELINE_RUNS=${FAULTS_BASELINE_RUNS:-5}        # the baseline is the worst of this many interrupts
DISTINCT_PER_RUN=${FAULTS_DISTINCT_PER_RUN:-16777216}  # bloom_agg(x)'s values per run (its limit: 100,000,000)
BIG_CAPACITY=${FAULTS_BIG_CAPACITY:-13000000}   # bloom_empty(BIG_CAPACITY): about 16 MB, one of the core's chunks
CHUNKED_CAPACITY=${FAULTS_CHUNKED_CAPACITY:-60000000}  # about 72 MB: five chunks
SPILL_GROUPS=${FAULTS_SPILL_GROUPS:-50000}
SPILL_ROWS_PER_GROUP=${FAULTS_SPILL_ROWS_PER_GROUP:-3}
SPILL_WORK_MEM=${FAULTS_SPILL_WORK_MEM:-1MB}
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
        'hll_add_agg(x, 6) over 200 values, then an error in its input:22012',
        'text -> cuckoo, truncated:22P03', 'bytea -> cuckoo, unknown version:22P03',
        'cuckoo_union, capacities differ:22023', 'cuckoo_add, filter full:54000',
        'cuckoo_agg(x, capacity, fpr), capacity 0:22023', 'cuckoo_union_agg, seeds differ:22023',
        'cuckoo_agg(x, 1000, 0.01) over 200 values, then an error in its input:22012',
        'hll_import, postgresql-hll bytes truncated:22P03', 'hll_import, redis opcodes short:22P03',
        'hll_union of two hash families:22023',
        'hll_add_agg(x, 11, postgresql-hll) over 200 values, then an error in its input:22012',
        'bytea -> ddsketch, count wrong:22P03', 'ddsketch_agg(x), a NaN:22023', 'ddsketch || ddsketch, alphas differ:22023',
        -- issue-27 countmin
        'bytea -> countmin, a row above the total:22P03', 'countmin || countmin, epsilons differ:22023',
        'countmin_agg(x, weight), a negative weight:22023',
        'countmin_agg(x) over 200 values, then an error in its input:22012',
        -- topk (issue 27)
        'bytea -> topk, offset too large:22P03', 'topk_agg(x, size), size 0:22023',
        'topk_agg(x, weight), negative weight:22023', 'topk || topk, item types differ:22023',
        'topk_agg(x, 16) over 2000 values, then an error in its input:22012',
        'hll_import, datasketches coupon repeated:22P03',
        'hll_add_agg(x, 11, datasketches) over 200 values, then an error in its input:22012',
        -- issue-26 kll
        'bytea -> kll, n wrong:22P03', 'kll_agg(x), a NaN:22023', 'kll_import, datasketches level offset past next:22P03',
        'kll_agg(x, 8) over 2000 values, then an error in its input:22012',
        -- issue-28 agebloom
        'bytea -> agebloom, a stray bit:22P03', 'agebloom_union, capacities differ:22023',
        'agebloom_add, generation full:54000', 'agebloom_agg(x, window, fpr), window 0:22023',
        'agebloom_agg(x, 1 hour, 10000, 0.01, at) over 200 values, then an error in its input:22012',
        -- issue-28 fuse
        'bytea -> fuse, a pad bit:22P03', 'fuse_union, a built filter:22023', 'fuse_agg(x, fpr), fpr 0:22023',
        'fuse_keys_agg(x, fpr, seed), seed changes:22023',
        'fuse_agg(x) over 2000 values, then an error in its input:22012'];
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
    cuckoo_bytes bytea := cuckoo_add(cuckoo_empty(100), 1)::bytea;
    t_cuckoo_short text := CASE WHEN failing THEN substr(cuckoo_bytes, 1, length(cuckoo_bytes) - 1)::text
                                ELSE cuckoo_bytes::text END;
    b_cuckoo_version bytea := CASE WHEN failing THEN set_byte(cuckoo_bytes, 1, 99) ELSE cuckoo_bytes END;
    c_a cuckoo := cuckoo_add(cuckoo_empty(100), 1);
    c_cap cuckoo := cuckoo_add(cuckoo_empty(CASE WHEN failing THEN 101 ELSE 100 END), 2);
    c_seed cuckoo := cuckoo_add(cuckoo_empty(100, 0.01, CASE WHEN failing THEN 7 ELSE 0 END), 2);
    -- Eight copies of 1 fill its two buckets: a ninth is refused, a 2 fits.
    c_full cuckoo := (SELECT cuckoo_agg(1, 1000, 0.01) FROM generate_series(1, 8));
    c_next int := CASE WHEN failing THEN 1 ELSE 2 END;
    pg_bytes bytea := CASE WHEN failing THEN '\x14840029'::bytea ELSE '\x148400298680988119863288a2'::bytea END;
    redis_bytes bytea := CASE WHEN failing THEN '\x48594c4c0100000000000000000000007ffe'::bytea
                              ELSE '\x48594c4c0100000000000000000000007fff'::bytea END;
    ds_bytes bytea := CASE WHEN failing THEN '\x0201070b030803082bf2fb062bf2fb0675816607'::bytea
                           ELSE '\x0201070b030803082bf2fb06862ff90d75816607'::bytea END;
    h_pg hll := hll_import('\x118b7f', 'postgresql-hll');
    h_other hll := CASE WHEN failing THEN hll_empty(11) ELSE hll_import('\x118b7f', 'postgresql-hll') END;
    dd_bytes bytea := (SELECT ddsketch_agg(x) FROM generate_series(-5, 50) x)::bytea;
    b_dd_count bytea := CASE WHEN failing THEN overlay(dd_bytes PLACING '\x00000000000000ff'::bytea FROM 25) ELSE dd_bytes END;
    dd_value float8 := CASE WHEN failing THEN 'NaN' ELSE 1.5 END;
    dd_a ddsketch := (SELECT ddsketch_agg(x) FROM generate_series(1, 20) x);
    dd_b ddsketch := (SELECT ddsketch_agg(x, CASE WHEN failing THEN 0.02 ELSE 0.01 END) FROM generate_series(1, 20) x);
    -- issue-27 countmin
    cm_bytes bytea := countmin_add(countmin_empty(0.5, 0.5), 1, 3)::bytea;
    b_cm_total bytea := CASE WHEN failing THEN set_byte(cm_bytes, 40, 2) ELSE cm_bytes END;
    cm_a countmin := countmin_add(countmin_empty(0.01, 0.1), 1);
    cm_eps countmin := countmin_add(countmin_empty(CASE WHEN failing THEN 0.02 ELSE 0.01 END, 0.1), 2);
    cm_weight bigint := CASE WHEN failing THEN -1 ELSE 1 END;
    topk_bytes bytea := (SELECT topk_agg(x % 3) FROM generate_series(1, 10) x)::bytea;
    b_topk_offset bytea := CASE WHEN failing THEN set_byte(topk_bytes, 24, 1) ELSE topk_bytes END;
    topk_size int := CASE WHEN failing THEN 0 ELSE 16 END;
    topk_weight bigint := CASE WHEN failing THEN -1 ELSE 1 END;
    k_a topk := topk_agg(1);
    k_b topk := CASE WHEN failing THEN topk_agg('a'::text) ELSE topk_agg(2) END;
    -- issue-26 kll
    kll_bytes bytea := (SELECT kll_agg(x, 8) FROM generate_series(1, 100) x)::bytea;
    b_kll_n bytea := CASE WHEN failing THEN set_byte(kll_bytes, 8, 101) ELSE kll_bytes END;
    kll_value float8 := CASE WHEN failing THEN 'NaN' ELSE 1.5 END;
    kll_image bytea := kll_export(kll_bytes::kll);
    b_kll_image bytea := CASE WHEN failing THEN set_byte(kll_image, 24, 255) ELSE kll_image END;
    -- issue-28 agebloom
    ab_bytes bytea := agebloom_add(agebloom_empty(100, 0.01, 4), 1)::bytea;
    b_ab_bit bytea := CASE WHEN failing THEN set_byte(ab_bytes, length(ab_bytes) - 1,
                                                      get_byte(ab_bytes, length(ab_bytes) - 1) # 128)
                           ELSE ab_bytes END;
    ab_a agebloom := agebloom_add(agebloom_empty(interval '1 hour', 100), 1, '2026-01-01 10:00+00');
    ab_cap agebloom := agebloom_add(agebloom_empty(interval '1 hour', CASE WHEN failing THEN 101 ELSE 100 END), 2,
                                    '2026-01-01 10:00+00');
    -- 64 a window over 32 generations: two a generation; a third in the same one is refused.
    ab_full agebloom := agebloom_add(agebloom_add(agebloom_empty(interval '1 hour', 64), 1, '2026-01-01 10:00+00'), 2,
                                     '2026-01-01 10:00+00');
    ab_at timestamptz := CASE WHEN failing THEN '2026-01-01 10:00:01+00' ELSE '2026-01-01 11:00+00' END;
    ab_window bigint := CASE WHEN failing THEN 0 ELSE 100 END;
    -- issue-28 fuse: one key at rate 0.05, 60 bits of array in 8 bytes (4 pad bits).
    fu_bytes bytea := (SELECT fuse_agg(x, 0.05) FROM generate_series(1, 1) x)::bytea;
    b_fu_pad bytea := CASE WHEN failing THEN set_byte(fu_bytes, 71, get_byte(fu_bytes, 71) | 128) ELSE fu_bytes END;
    fu_keys fuse := (SELECT fuse_keys_agg(x) FROM generate_series(1, 10) x);
    fu_other fuse := CASE WHEN failing THEN fuse_build(fu_keys) ELSE fu_keys END;
    fu_fpr float8 := CASE WHEN failing THEN 0 ELSE 0.01 END;
    fu_seed_step bigint := CASE WHEN failing THEN 1 ELSE 0 END;
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
                WHEN 29 THEN PERFORM t_cuckoo_short::cuckoo;
                WHEN 30 THEN PERFORM b_cuckoo_version::cuckoo;
                WHEN 31 THEN PERFORM cuckoo_union(c_a, c_cap);
                WHEN 32 THEN PERFORM cuckoo_add(c_full, c_next);
                WHEN 33 THEN PERFORM cuckoo_agg(x, agg_capacity, 0.01) FROM generate_series(1, 3) x;
                WHEN 34 THEN PERFORM cuckoo_union_agg(c) FROM (VALUES (c_a), (c_seed), (c_a)) v(c);
                WHEN 35 THEN PERFORM cuckoo_agg(x / CASE WHEN x = 200 THEN divisor ELSE 1 END, 1000, 0.01)
                                 FROM generate_series(1, 200) x;
                WHEN 36 THEN PERFORM hll_import(pg_bytes, 'postgresql-hll');
                WHEN 37 THEN PERFORM hll_import(redis_bytes, 'redis');
                WHEN 38 THEN PERFORM h_pg || h_other;
                WHEN 39 THEN PERFORM hll_add_agg(x / CASE WHEN x = 200 THEN divisor ELSE 1 END, 11, 'postgresql-hll')
                                 FROM generate_series(1, 200) x;
                WHEN 40 THEN PERFORM b_dd_count::ddsketch;
                WHEN 41 THEN PERFORM ddsketch_agg(v) FROM (VALUES (1.0::float8), (dd_value), (2.0)) v(v);
                WHEN 42 THEN PERFORM dd_a || dd_b;
                -- issue-27 countmin
                WHEN 43 THEN PERFORM b_cm_total::countmin;
                WHEN 44 THEN PERFORM cm_a || cm_eps;
                WHEN 45 THEN PERFORM countmin_agg(x, x * cm_weight) FROM generate_series(1, 3) x;
                WHEN 46 THEN PERFORM countmin_agg(x / CASE WHEN x = 200 THEN divisor ELSE 1 END)
                                 FROM generate_series(1, 200) x;
                WHEN 47 THEN PERFORM b_topk_offset::topk;
                WHEN 48 THEN PERFORM topk_agg(x, topk_size) FROM generate_series(1, 3) x;
                WHEN 49 THEN PERFORM topk_agg(x, topk_weight) FROM generate_series(1, 3) x;
                WHEN 50 THEN PERFORM k_a || k_b;
                WHEN 51 THEN PERFORM topk_agg(x / CASE WHEN x = 2000 THEN divisor ELSE 1 END, 16)
                                 FROM generate_series(1, 2000) x;
                WHEN 52 THEN PERFORM hll_import(ds_bytes, 'datasketches');
                WHEN 53 THEN PERFORM hll_add_agg(x / CASE WHEN x = 200 THEN divisor ELSE 1 END, 11, 'datasketches')
                                 FROM generate_series(1, 200) x;
                -- issue-26 kll
                WHEN 54 THEN PERFORM b_kll_n::kll;
                WHEN 55 THEN PERFORM kll_agg(v) FROM (VALUES (1.0::float8), (kll_value), (2.0)) v(v);
                WHEN 56 THEN PERFORM kll_import(b_kll_image);
                WHEN 57 THEN PERFORM kll_agg(x / CASE WHEN x = 2000 THEN divisor ELSE 1 END, 8)
                                 FROM generate_series(1, 2000) x;
                -- issue-28 agebloom
                WHEN 58 THEN PERFORM b_ab_bit::agebloom;
                WHEN 59 THEN PERFORM agebloom_union(ab_a, ab_cap);
                WHEN 60 THEN PERFORM agebloom_add(ab_full, 3, ab_at);
                WHEN 61 THEN PERFORM agebloom_agg(x, ab_window, 0.01) FROM generate_series(1, 3) x;
                WHEN 62 THEN PERFORM agebloom_agg(x / CASE WHEN x = 200 THEN divisor ELSE 1 END, interval '1 hour', 10000,
                                                  0.01, timestamptz '2026-01-01 10:00+00' + x * interval '1 second')
                                 FROM generate_series(1, 200) x;
                -- issue-28 fuse
                WHEN 63 THEN PERFORM b_fu_pad::fuse;
                WHEN 64 THEN PERFORM fuse_union(fu_keys, fu_other);
                WHEN 65 THEN PERFORM fuse_agg(x, fu_fpr) FROM generate_series(1, 3) x;
                WHEN 66 THEN PERFORM fuse_keys_agg(x, 0.01, x * fu_seed_step) FROM generate_series(1, 3) x;
                WHEN 67 THEN PERFORM fuse_agg(x / CASE WHEN x = 2000 THEN divisor ELSE 1 END)
                                 FROM generate_series(1, 2000) x;
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
# Nothing here is sized for one machine. Each statement's size comes from
# timing smaller runs of it now (calibrate), so the uncancelled statement
# would take MARGIN x 10 timeouts; each latency bound is LATENCY_FACTOR times
# the latency of the same kind of interrupt on a statement without our code
# (a baseline measured now, under the same load), plus the measured cost of
# the statement's longest step between two interrupt checks.

# stmt_ms SQL: the statement's time as psql's \timing sees it (no connection time).
stmt_ms() {
	local out
	if ! out=$(psql -X -q -At -v ON_ERROR_STOP=1 -c '\timing on' -c "$1" 2>&1); then
		echo "statement failed: $1: $out" >&2
		return 1
	fi
	awk '/^Time: / {printf "%d\n", $2}' <<<"$out" | tail -1
}

# min_ms RUNS SQL: the least of RUNS timings, the machine's speed with the least interference.
min_ms() {
	local runs=$1 best='' t
	for _ in $(seq "$runs"); do
		t=$(stmt_ms "$2") || return 1
		if [ -z "$best" ] || [ "$t" -lt "$best" ]; then best=$t; fi
	done
	echo "$best"
}

# render TEMPLATE SIZE: the statement of that size. @N@ stands for the size;
# @PER_RUN@ and @RUNS@ split it into runs of at most DISTINCT_PER_RUN.
render() {
	local per_run=$(( $2 < DISTINCT_PER_RUN ? ($2 > 0 ? $2 : 1) : DISTINCT_PER_RUN )) t=$1
	t=${t//@N@/$2}
	t=${t//@PER_RUN@/$per_run}
	echo "${t//@RUNS@/$(( ($2 + per_run - 1) / per_run ))}"
}

# calibrate LABEL TEMPLATE START CAP: sizes the statement TEMPLATE (see render;
# its size is a count its time grows with) so that it would run TARGET_MS (or
# CAL_TARGET_MS when that is set).
# The size doubles from START until a run takes CALIBRATION_MS, and the least
# of three runs does too; the time per unit is the slope between that size
# and its half (also the least of three), which leaves fixed costs out (the
# size doubles again until the growing part is at least the fixed part). The estimate
# extrapolates that slope, which is low where the time grows faster than the
# size (conservative). The size then doubles until the estimate reaches
# TARGET_MS, up to CAP (the last step may stop at CAP itself): a statement too
# fast even at its cap is a failure, or, when CAL_MIN_MS is set, one under
# CAL_MIN_MS at its cap (the caller then fits its interrupts to CAL_EST_MS).
# Sizes start at MIN_CAL_SIZE at least: a statement's first few calls are
# slower than the rest (a whole-filter result goes to freshly mapped memory
# until glibc's mmap threshold has adapted to its size), and timing 2 calls
# against 1 took that for the unit (186 ms a call under load against 3.6 ms:
# f | f on a 15 MB filter was sized 128 calls and ended before its timeout).
# Sets CAL_SIZE, CAL_EST_MS (the uncancelled estimate), CAL_UNIT_MS (ms per
# unit of size) and CAL_FIXED_MS (the time at size 0); returns 1 after a failure.
MIN_CAL_SIZE=8
calibrate() {
	local label=$1 template=$2 n=$(( $3 > MIN_CAL_SIZE ? $3 : MIN_CAL_SIZE )) cap=$4 t t_half
	CAL_EST_MS=0
	while :; do
		t=$(stmt_ms "$(render "$template" "$n")") || { fail "$label: a calibration run failed"; return 1; }
		if [ "$t" -ge "$CALIBRATION_MS" ]; then
			t=$(min_ms 2 "$(render "$template" "$n")") || { fail "$label: a calibration run failed"; return 1; }
		fi
		if [ "$t" -ge "$CALIBRATION_MS" ] || [ $((2 * n)) -gt "$cap" ]; then
			t_half=$(min_ms 3 "$(render "$template" $((n / 2)))") ||
				{ fail "$label: a calibration run failed"; return 1; }
			# Go on doubling while the part that grows with the size is under the
			# fixed part (t < 1.5 t_half): a statement whose fixed cost (a first
			# call's fresh memory, say) fills the calibration time would otherwise
			# take a load spike for its unit, and be sized far too small.
			{ [ $((2 * t)) -lt $((3 * t_half)) ] && [ $((2 * n)) -le "$cap" ]; } || break
		fi
		n=$((2 * n))
	done
	if [ "$t" -le "$t_half" ]; then
		fail "$label: calibration: $t ms at size $n, $t_half ms at $((n / 2)): its time does not grow with its size"
		return 1
	fi
	CAL_UNIT_MS=$(awk -v t="$t" -v h="$t_half" -v n="$n" 'BEGIN {printf "%.9f", (t - h) / (n / 2)}')
	CAL_FIXED_MS=$(( 2 * t_half - t > 0 ? 2 * t_half - t : 0 ))
	CAL_SIZE=$n
	CAL_EST_MS=$t
	local target=${CAL_TARGET_MS:-$TARGET_MS}
	while [ "$CAL_EST_MS" -lt "$target" ] && [ "$CAL_SIZE" -lt "$cap" ]; do
		CAL_SIZE=$(( 2 * CAL_SIZE < cap ? 2 * CAL_SIZE : cap ))
		CAL_EST_MS=$(awk -v t="$t" -v u="$CAL_UNIT_MS" -v n="$n" -v s="$CAL_SIZE" 'BEGIN {printf "%d", t + u * (s - n)}')
	done
	echo "#   $label: $t ms at size $n, $t_half ms at $((n / 2)) ($(awk -v u="$CAL_UNIT_MS" 'BEGIN {printf "%.3g", u * 1000}') us per unit); size $CAL_SIZE: uncancelled about $CAL_EST_MS ms"
	if [ "$CAL_EST_MS" -lt "${CAL_MIN_MS:-$target}" ]; then
		fail "$label: even at its cap, size $CAL_SIZE, uncancelled only about $CAL_EST_MS ms, under ${CAL_MIN_MS:-$target} ms: give it a slower shape"
		return 1
	fi
}

# timeout_run SQL TIMEOUT_MS: runs SQL under statement_timeout; sets LATENCY
# (statement time - timeout) and OUTPUT.
timeout_run() {
	OUTPUT=$(psql -X -q -At -v VERBOSITY=verbose -c "SET statement_timeout = $2" -c '\timing on' -c "$1" 2>&1) || true
	LATENCY=$(( $(awk '/^Time: / {printf "%d\n", $2}' <<<"$OUTPUT" | tail -1) - $2 ))
}

# cancel_run SQL DELAY_MS FALLBACK_TIMEOUT_MS: a second session cancels SQL
# DELAY_MS after it shows as active; sets LATENCY (from the pg_cancel_backend
# call, on the server's clock, to the client seeing the statement end) and
# OUTPUT; returns 1 if the statement never showed as active. The fallback
# statement_timeout stops a statement the cancel did not.
cancel_run() {
	local out bg pid='' cancelled_at
	out=$(mktemp)
	PGAPPNAME=faults_cancel PGOPTIONS="-c statement_timeout=$3" \
		psql -X -q -At -v VERBOSITY=verbose -c "$1" >"$out" 2>&1 &
	bg=$!
	while kill -0 "$bg" 2>/dev/null; do
		pid=$(sql -c "SELECT pid FROM pg_stat_activity WHERE application_name = 'faults_cancel' AND state = 'active'")
		[ -n "$pid" ] && break
		sleep 0.02
	done
	if [ -z "$pid" ]; then
		wait "$bg" || true
		OUTPUT=$(cat "$out")
		rm -f "$out"
		return 1
	fi
	sleep "$(awk -v ms="$2" 'BEGIN {print ms / 1000}')"
	cancelled_at=$(sql -c "SELECT pg_cancel_backend($pid), (extract(epoch FROM clock_timestamp()) * 1000)::bigint" | cut -d'|' -f2)
	wait "$bg" || true
	LATENCY=$(($(now_ms) - cancelled_at))
	OUTPUT=$(cat "$out")
	rm -f "$out"
}

# cancel_check HOW LABEL BOUND_MS REASON: the last run ended with 57014 for REASON within the bound.
cancel_check() {
	local how=$1 label=$2 bound=$3 reason=$4
	if ! grep -q "57014: canceling statement due to $reason" <<<"$OUTPUT"; then
		fail "$how: $label did not end with 57014 ($reason): $(head -c 300 <<<"$OUTPUT")"
	elif [ "$LATENCY" -gt "$bound" ]; then
		fail "$how: $label ended with 57014 $LATENCY ms after the interrupt (bound $bound ms)"
	else
		pass "$how: $label ended with 57014 $LATENCY ms after the interrupt (bound $bound ms)"
	fi
}

# bound_ms BASELINE_MS STEP_MS: the latency bound of a statement whose longest step without an interrupt check takes STEP_MS.
bound_ms() { awk -v b="$1" -v s="$2" -v f="$LATENCY_FACTOR" 'BEGIN {printf "%d", f * b + s + 1}'; }

# A latency over its bound is measured again, up to LATENCY_TRIES runs in all: a burst of
# load on a shared machine can delay one interrupt, while a statement that does not
# serve interrupts runs on for its whole uncancelled time (MARGIN x 10 timeouts) every time.
LATENCY_TRIES=${FAULTS_LATENCY_TRIES:-3}
late() { [ "$LATENCY" -gt "$1" ] && grep -q 57014 <<<"$OUTPUT"; }

# with_timeout LABEL SQL STEP_MS [TIMEOUT_MS]
with_timeout() {
	local timeout=${4:-$TIMEOUT_MS} bound try=1
	bound=$(bound_ms "$BASELINE_TIMEOUT_MS" "$3")
	timeout_run "$2" "$timeout"
	while late "$bound" && [ "$try" -lt "$LATENCY_TRIES" ]; do
		echo "# $1: $LATENCY ms after the timeout, over the bound of $bound ms: measured again"
		try=$((try + 1))
		timeout_run "$2" "$timeout"
	done
	cancel_check "statement_timeout $timeout ms" "$1" "$bound" "statement timeout"
}

# with_cancel LABEL SQL STEP_MS UNCANCELLED_MS [DELAY_MS]: the fallback timeout is the
# statement's own uncancelled estimate, past which it would have ended anyway.
with_cancel() {
	local delay=${5:-$TIMEOUT_MS} bound try=1
	bound=$(bound_ms "$BASELINE_CANCEL_MS" "$3")
	if ! cancel_run "$2" "$delay" "$4"; then
		fail "pg_cancel_backend: $1 never showed as active: $(head -c 300 <<<"$OUTPUT")"
		return
	fi
	while late "$bound" && [ "$try" -lt "$LATENCY_TRIES" ]; do
		echo "# $1: $LATENCY ms after the cancel, over the bound of $bound ms: measured again"
		try=$((try + 1))
		cancel_run "$2" "$delay" "$4" || break
	done
	cancel_check "pg_cancel_backend after $delay ms" "$1" "$bound" "user request"
}

echo "# leaks took $(( ($(now_ms) - SCRIPT_START) / 1000 )) s"

# The baselines: the same interrupts on count(g) over an endless series, a
# statement of the shape of the per-row aggregates below in which only
# PostgreSQL works: the timer, the executor's check, the abort and the
# error's trip to the client (psql's exit and this shell's, for a cancel),
# under this machine's load. The worst of BASELINE_RUNS runs.
baseline_query="SELECT count(g) FROM (SELECT generate_series(1, 1000000000000) g) s"
BASELINE_TIMEOUT_MS=0
BASELINE_CANCEL_MS=0
baseline_short=$((TIMEOUT_MS / 5))
for _ in $(seq "$BASELINE_RUNS"); do
	timeout_run "$baseline_query" "$baseline_short"
	grep -q '57014' <<<"$OUTPUT" || fail "baseline: count(g) was not stopped by statement_timeout: $(head -c 300 <<<"$OUTPUT")"
	BASELINE_TIMEOUT_MS=$(( LATENCY > BASELINE_TIMEOUT_MS ? LATENCY : BASELINE_TIMEOUT_MS ))
	cancel_run "$baseline_query" "$baseline_short" $((100 * TIMEOUT_MS)) &&
		grep -q '57014' <<<"$OUTPUT" || fail "baseline: count(g) was not stopped by pg_cancel_backend: $(head -c 300 <<<"$OUTPUT")"
	BASELINE_CANCEL_MS=$(( LATENCY > BASELINE_CANCEL_MS ? LATENCY : BASELINE_CANCEL_MS ))
done
# A latency that is zero on the clock's millisecond still counts as one.
BASELINE_TIMEOUT_MS=$(( BASELINE_TIMEOUT_MS > 1 ? BASELINE_TIMEOUT_MS : 1 ))
BASELINE_CANCEL_MS=$(( BASELINE_CANCEL_MS > 1 ? BASELINE_CANCEL_MS : 1 ))
# Sized so the statement would also run on past the interrupt for twice its bound's baseline part.
TARGET_MS=$(( BASELINE_TIMEOUT_MS > BASELINE_CANCEL_MS ? BASELINE_TIMEOUT_MS : BASELINE_CANCEL_MS ))
TARGET_MS=$(( MARGIN * (10 * TIMEOUT_MS > TIMEOUT_MS + 2 * LATENCY_FACTOR * TARGET_MS ?
	10 * TIMEOUT_MS : TIMEOUT_MS + 2 * LATENCY_FACTOR * TARGET_MS) ))
CALIBRATION_MS=$(( TIMEOUT_MS / 2 ))
echo "# interrupts: statement_timeout $TIMEOUT_MS ms; without our code the interrupt takes up to $BASELINE_TIMEOUT_MS ms (timeout), $BASELINE_CANCEL_MS ms (cancel) to reach the client ($BASELINE_RUNS runs, load: $(cut -d' ' -f1-3 /proc/loadavg)); bounds: $LATENCY_FACTOR x that + the statement's longest step; every statement sized to run uncancelled $TARGET_MS ms"

# Per-row aggregates, between whose rows the executor checks for interrupts:
# a step is one row (or one union of a dense sketch).
sql -c "CREATE TABLE faults_dense AS SELECT d, hll_add_agg(d * 100000 + i) AS h
            FROM generate_series(1, 100) d, generate_series(1, 20000) i GROUP BY d"
per_row() { # LABEL TEMPLATE START CAP [cancel]
	local label=$1 template=$2 query step
	calibrate "$label" "$template" "$3" "$4" || return 0
	query=$(render "$template" "$CAL_SIZE")
	step=$(awk -v u="$CAL_UNIT_MS" 'BEGIN {printf "%d", u}')
	with_timeout "$label, size $CAL_SIZE" "$query" "$step"
	if [ "${5:-}" = cancel ]; then with_cancel "$label, size $CAL_SIZE" "$query" "$step" "$CAL_EST_MS"; fi
}
per_row "hll_add_agg over a series" "SELECT hll_add_agg(g) FROM (SELECT generate_series(1, @N@) g) s" 65536 $((1 << 40)) cancel
per_row "bloom_agg(x, capacity, fpr) over a series" \
	"SELECT bloom_agg(g, 1000000, 0.01) FROM (SELECT generate_series(1, @N@) g) s" 65536 $((1 << 40))
per_row "hll_union_agg over 100 dense sketches, repeated" \
	"SELECT hll_union_agg(h) FROM faults_dense, generate_series(1, @N@)" 2 $((1 << 24))

# bloom_agg(x) over distinct values keeps every hash until its final function
# (up to 100,000,000 of them): a run is at most DISTINCT_PER_RUN values, and
# a larger size repeats such runs (a correlated subquery, each run's
# transition, set growth and final function anew). Its longest step is the
# growth of the hash set at the interrupt: allocating and zeroing twice the
# slots of the values read by then, timed here as a bloom_empty of that size.
distinct_template="SELECT count(f) FROM generate_series(1, @RUNS@) r,
        LATERAL (SELECT bloom_agg(g) f FROM (SELECT generate_series(1, @PER_RUN@) g) s WHERE r > 0) q"
if calibrate "bloom_agg(x) over distinct values" "$distinct_template" 65536 $((DISTINCT_PER_RUN << 16)); then
	distinct_size=$CAL_SIZE
	distinct_est=$CAL_EST_MS
	distinct_label="bloom_agg(x) over $distinct_size distinct values"
	[ "$distinct_size" -le "$DISTINCT_PER_RUN" ] ||
		distinct_label="bloom_agg(x) over $DISTINCT_PER_RUN distinct values, $((distinct_size / DISTINCT_PER_RUN)) times"
	# Values read by the latest interrupt (a cancel at its bound), the slots that holds, 8 bytes each, doubled.
	read_by=$(awk -v u="$CAL_UNIT_MS" -v t="$TIMEOUT_MS" -v b="$BASELINE_CANCEL_MS" -v f="$LATENCY_FACTOR" \
		-v cap="$DISTINCT_PER_RUN" 'BEGIN {n = (t + f * b) / u; printf "%d", n < cap ? n : cap}')
	slots=16
	while [ $((slots * 3 / 4)) -lt "$read_by" ]; do slots=$((2 * slots)); done
	# bloom_empty(c, 0.5) takes c / ln 2 bits: 16 bytes a slot at c = 89 x slots. Past the
	# largest filter the extension creates (511 MiB) a smaller one is timed, the time scaled up.
	timed_slots=$slots
	while [ $((16 * timed_slots)) -gt $((511 * 1048576)) ]; do timed_slots=$((timed_slots / 2)); done
	grow_ms=$(min_ms 3 "SELECT pg_column_size(bloom_empty($((89 * timed_slots)), 0.5))")
	grow_ms=$((grow_ms * slots / timed_slots))
	echo "#   bloom_agg(x): about $read_by values read by the interrupt; the next growth allocates $((16 * slots >> 20)) MB: $grow_ms ms"
	query=$(render "$distinct_template" "$distinct_size")
	with_timeout "$distinct_label" "$query" "$grow_ms"
	with_cancel "$distinct_label" "$query" "$grow_ms" "$distinct_est"
fi

# bloom_agg(x [, fpr])'s final function builds the filter from the hash set
# after the scan. At fpr 1e-300 each value sets 997 bits, so a short scan is
# followed by a long final function, which must check for interrupts itself.
# One timeout (and a cancel) fires as the final function starts: a quarter
# past the scan's time and the filter's allocation (each the least of three
# runs) into the statement; the function's first check must come soon.
# Another fires ten timeouts into the statement (or earlier, below), which
# also shows that the uncancelled statement takes that long. The size is the
# cap, where the filter would pass the largest value the extension creates
# (511 MiB, kMaxCreatedValueBytes): past it the statement is refused (54000)
# at its final function instead of running long. The bytes a value takes
# (about 180) are measured on an empty filter of 65,536, whose header makes
# the estimate a little high, so the cap stays under the limit.
final_template="SELECT pg_column_size(bloom_agg(g, 1e-300)) FROM (SELECT generate_series(1, @N@) g) s"
final_bytes_64k=$(sql -c "SELECT pg_column_size(bloom_empty(65536, 1e-300))")
final_cap=$((511 * 1048576 * 65536 / final_bytes_64k))
echo "#   bloom_agg(x, 1e-300): bloom_empty(65536, 1e-300) takes $final_bytes_64k bytes: at most $final_cap values fit in 511 MiB"
# The cap bounds the statement's length, so the statement is sized to its
# cap, the longest final function there is, and a final function that
# ignored the interrupt is late by as much as that function has left to run.
# It must still run past its last interrupt by twice the baseline part of the
# latency bound, which a statement that ignored the interrupt would overrun:
# where ten timeouts leave less than that before the estimated end (a fast
# machine; the batched build brought 2,097,152 values to 8.9 s in CI), the
# last interrupt comes that margin before the end instead.
final_margin_ms=$((2 * LATENCY_FACTOR * (BASELINE_TIMEOUT_MS > BASELINE_CANCEL_MS ?
	BASELINE_TIMEOUT_MS : BASELINE_CANCEL_MS)))
if CAL_TARGET_MS=$((1 << 40)) CAL_MIN_MS=$((2 * TIMEOUT_MS + final_margin_ms)) \
	calibrate "bloom_agg(x, 1e-300)" "$final_template" 1024 "$final_cap"; then
	final_rows=$CAL_SIZE
	final_query=${final_template//@N@/$final_rows}
	scan_ms=$(min_ms 3 "SELECT pg_column_size(bloom_agg(g, 0.5)) FROM (SELECT generate_series(1, $final_rows) g) s")
	alloc_ms=$(min_ms 3 "SELECT pg_column_size(bloom_empty($final_rows, 1e-300))")
	final_start_ms=$(( (scan_ms + alloc_ms) * 5 / 4 ))
	final_late_ms=$(( CAL_EST_MS - final_margin_ms < 10 * TIMEOUT_MS ? CAL_EST_MS - final_margin_ms : 10 * TIMEOUT_MS ))
	echo "#   bloom_agg(x, 1e-300) over $final_rows values: the scan (and a 1-hash final) takes $scan_ms ms, the filter's allocation $alloc_ms ms; an interrupt its final function ignored at $final_start_ms ms would come about $((CAL_EST_MS - final_start_ms)) ms late (the bound: $(bound_ms "$BASELINE_TIMEOUT_MS" "$alloc_ms") ms); the last interrupt at $final_late_ms ms"
	with_timeout "bloom_agg(x, 1e-300) over $final_rows values, as its final function starts" "$final_query" \
		"$alloc_ms" "$final_start_ms"
	with_cancel "bloom_agg(x, 1e-300) over $final_rows values, as its final function starts" "$final_query" \
		"$alloc_ms" "$CAL_EST_MS" "$final_start_ms"
	if [ "$final_late_ms" -lt "$TIMEOUT_MS" ]; then
		fail "bloom_agg(x, 1e-300) over $final_rows values ends about $CAL_EST_MS ms, too soon for an interrupt a timeout into it that it would overrun by $final_margin_ms ms: give it a slower shape"
	else
		with_timeout "bloom_agg(x, 1e-300) over $final_rows values, $final_late_ms ms into the statement" \
			"$final_query" "$alloc_ms" "$final_late_ms"
	fi
fi

# Whole-filter operations: one call is one pass of the core over the filter
# (and, for a result, the allocation of a new one). The core polls the
# interrupt hook between chunks of 16 MB (core.hpp): a filter of BIG_CAPACITY
# fits in one chunk, so only the executor's check between two calls serves an
# interrupt; one of CHUNKED_CAPACITY spans several, and an interrupt during a
# pass is served from the core's hook (PROB_INTERRUPTED, then PROB_TRY). A
# statement builds the filter in a subquery (not a constant the planner would
# fold), then repeats the operation. A step is one call, and twice the
# statement's fixed cost (bloom_empty and a first call, whose fresh memory
# costs most). bloom_cardinality is left out: it reads the bits-set count
# kept in the header, O(1). On the chunked filter only f | f: the server's
# side of an interrupt inside a pass (the hook, PROB_INTERRUPTED, PROB_TRY) is
# the same for every operation, and the core's unit tests (BloomInterrupts)
# stop union, containment and validation inside a pass and repeat them.
for capacity in "$BIG_CAPACITY" "$CHUNKED_CAPACITY"; do
	big_from="FROM (SELECT bloom_empty((SELECT ${capacity}::bigint)) f OFFSET 0) s"
	big_bytes=$(sql -c "SELECT pg_column_size(f) $big_from")
	ops=('f | f' 'f @> f' 'f::bytea::bloom')
	[ "$capacity" = "$CHUNKED_CAPACITY" ] && ops=('f | f')
	for op in "${ops[@]}"; do
		label="$op on a $big_bytes-byte filter"
		calibrate "$label, repeated" "SELECT count($op) $big_from, generate_series(1, @N@)" 2 $((1 << 24)) || continue
		query="SELECT count($op) $big_from, generate_series(1, $CAL_SIZE)"
		step=$(awk -v u="$CAL_UNIT_MS" -v f="$CAL_FIXED_MS" 'BEGIN {printf "%d", u + 2 * f}')
		with_timeout "$label, $CAL_SIZE times" "$query" "$step"
		if [ "$op" = 'f | f' ]; then
			with_cancel "$label, $CAL_SIZE times" "$query" "$step" "$CAL_EST_MS"
		fi
	done
done

# The same for cuckoo_union on a cuckoo filter of BIG_CAPACITY: one pass over its buckets
# per call, an interrupt served between calls.
big_from="FROM (SELECT cuckoo_empty((SELECT ${BIG_CAPACITY}::bigint)) f OFFSET 0) s"
big_bytes=$(sql -c "SELECT pg_column_size(f) $big_from")
label="cuckoo_union(f, f) on a $big_bytes-byte cuckoo filter"
if calibrate "$label, repeated" "SELECT count(cuckoo_union(f, f)) $big_from, generate_series(1, @N@)" 2 $((1 << 24)); then
	step=$(awk -v u="$CAL_UNIT_MS" -v f="$CAL_FIXED_MS" 'BEGIN {printf "%d", u + 2 * f}')
	with_timeout "$label, $CAL_SIZE times" "SELECT count(cuckoo_union(f, f)) $big_from, generate_series(1, $CAL_SIZE)" "$step"
fi

# ============================================================================
# 3. Limits
# ============================================================================
echo "# leaks and interrupts took $(( ($(now_ms) - SCRIPT_START) / 1000 )) s"
# Requests beyond a value's 1 GB (or out of range) are refused at once, in a
# fresh backend whose peak RSS (VmHWM) must not move. "At once" against this
# machine's speed now: each refusal (the least of three tries) takes under
# half the time allocating and zeroing 1 GB takes, timed here on 64 MB.
alloc_64mb_ms=$(min_ms 3 "SELECT pg_column_size(bloom_empty($((64 * 1048576 * 8 * 693 / 1000)), 0.5))")
refusal_bound_ms=$((16 * alloc_64mb_ms / 2))
echo "# limits: allocating 64 MB takes $alloc_64mb_ms ms here now: a refusal must take under $refusal_bound_ms ms"
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
        'a bloom header claiming a capacity of 2^62:22P03:SELECT set_byte(bloom_empty(100)::bytea, 23, 64)::bloom',
        'cuckoo_empty(9223372036854775807):22023:SELECT cuckoo_empty(9223372036854775807)',
        'cuckoo_empty(700000000), 921 MB:54000:SELECT cuckoo_empty(700000000)',
        'cuckoo_agg(x, 2000000000, 0.01):54000:SELECT cuckoo_agg(x, 2000000000, 0.01) FROM generate_series(1, 3) x'];
    parts text[];
    t timestamptz;
BEGIN
    FOREACH request IN ARRAY requests LOOP
        parts := regexp_match(request, '^(.*):([0-9A-Z]{5}):(.*)$');
        ms := NULL;
        FOR try IN 1..3 LOOP
            t := clock_timestamp();
            BEGIN
                EXECUTE parts[3];
                got := '00000';
            EXCEPTION WHEN others THEN
                got := SQLSTATE || ' ' || SQLERRM;
            END;
            ms := least(ms, round(extract(epoch FROM clock_timestamp() - t) * 1000, 1));
        END LOOP;
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
	elif awk -v ms="$ms" -v bound="$refusal_bound_ms" 'BEGIN {exit !(ms > bound)}'; then
		fail "limits: $request: refused with $want, but after $ms ms (bound $refusal_bound_ms ms)"
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
