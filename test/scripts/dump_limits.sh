#!/usr/bin/env bash
# Every value the extension creates survives a backup (issue 11, item 6): the
# largest filter bloom_empty allows (found by bisection on its refusal) is
# written by COPY text and binary and by pg_dump in plain and custom formats,
# and read back byte for byte; one past it is refused with a hint. Needs the
# cluster of test/run_tests.sh and about 4 GB of memory.
set -euo pipefail
cd "$(dirname "$0")/../.."
. test/checks.sh

# The server holds the value and its 1 GB text form at once, pg_dump a copy.
avail_kb=$(awk '/^MemAvailable:/ {print $2}' /proc/meminfo)
if [ "${avail_kb:-0}" -lt $((5 * 1024 * 1024)) ]; then
	echo "skip - dump_limits needs 5 GB of available memory, this machine has $((${avail_kb:-0} / 1024)) MB"
	exit 0
fi

db=dump_limits_$$
copy=dump_limits_copy_$$
work=$(mktemp -d)
q() { psql -X -q -v ON_ERROR_STOP=1 -At "$@"; }
cleanup() {
	q -d postgres -c "DROP DATABASE IF EXISTS $db" -c "DROP DATABASE IF EXISTS $copy" >/dev/null 2>&1 || true
	rm -rf "$work"
}
trap cleanup EXIT
q -d postgres -c "CREATE DATABASE $db" -c "CREATE DATABASE $copy"
q -d $db -c "CREATE EXTENSION probabilistic"

# The largest capacity at fpr 0.5 that bloom_empty accepts: refusals allocate nothing.
largest=$(q -d $db -c "
DO \$\$
DECLARE lo bigint := 1; hi bigint := 10000000000; mid bigint;
BEGIN
    WHILE hi - lo > 1 LOOP
        mid := lo + (hi - lo) / 2;
        BEGIN
            PERFORM bloom_info(bloom_empty(mid, 0.5));
            lo := mid;
        EXCEPTION WHEN program_limit_exceeded THEN
            hi := mid;
        END;
    END LOOP;
    RAISE NOTICE '%', lo;
END \$\$" 2>&1 | sed 's/^NOTICE: *//')
refused=$(q -d $db -c "SELECT bloom_empty($largest + 100, 0.5)" 2>&1 || true)
case "$refused" in
*"Partition the filter by time or key"*) pass "a filter past the limit is refused with a hint" ;;
*) fail "a filter past the limit is refused with a hint" "got: $refused" ;;
esac

q -d $db -c "CREATE TABLE big (id int, f bloom)" \
	-c "INSERT INTO big SELECT 1, bloom_add(bloom_add(bloom_empty($largest, 0.5), 'a'::text), 'b'::text)"
size=$(q -d $db -c "SELECT octet_length(f::bytea) FROM big")
check "the largest filter is just under 511 MiB" "$((size > 535822336 - 64 && size <= 535822336))" "1"
want=$(q -d $db -c "SELECT md5(f::bytea) FROM big")

q -d $db -c "\\copy big TO '$work/big.txt'"
q -d $db -c "\\copy big TO '$work/big.bin' WITH (FORMAT binary)"
pg_dump -d $db -t big -Fp -f "$work/big.sql"
# -Z0: the format's correctness does not depend on compression, which would take most of
# the stage's time on 1 GB of hex text.
pg_dump -d $db -t big -Fc -Z0 -f "$work/big.dump"
pass "COPY text, COPY binary, pg_dump -Fp and -Fc write the largest filter"

q -d $copy -c "CREATE EXTENSION probabilistic" -c "CREATE TABLE t (id int, f bloom)"
q -d $copy -c "\\copy t FROM '$work/big.txt'"
q -d $copy -c "\\copy t FROM '$work/big.bin' WITH (FORMAT binary)"
check "COPY text and binary read it back byte for byte" "$(q -d $copy -c "SELECT string_agg(md5(f::bytea), ' ') FROM t")" "$want $want"
q -d $copy -c "DROP TABLE t"
psql -X -q -v ON_ERROR_STOP=1 -d $copy -f "$work/big.sql" >/dev/null
check "pg_dump -Fp restores it byte for byte" "$(q -d $copy -c "SELECT md5(f::bytea) FROM big")" "$want"
q -d $copy -c "DROP TABLE big"
pg_restore -d $copy "$work/big.dump"
check "pg_dump -Fc restores it byte for byte, and it still finds its values" \
	"$(q -d $copy -c "SELECT md5(f::bytea), bloom_contains(f, 'a'::text), bloom_contains(f, 'b'::text) FROM big")" "$want|t|t"

finish_checks
