#!/usr/bin/env bash
# The aggregates' per-type overloads in sql/probabilistic.sql (its BEGIN/END GENERATED
# blocks) are what sql/overloads.py writes from its table of hashed input types: a block
# edited by hand, or a table or template changed without running the generator, is
# "not ok" with the diff. Then the check itself must fail on a copy whose generated block
# was edited, or whose table lacks a type's overloads. Needs no server, only python3's
# standard library; about 0.1 s.
set -euo pipefail
cd "$(dirname "$0")/../.."

. test/checks.sh
PY=/usr/bin/python3
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT

# It prints its own "ok - " or "not ok - " line (with the diff).
status=0
out=$($PY sql/overloads.py --check 2>&1) || status=$?
echo "$out"
if [ "$status" -ne 0 ]; then
	[[ $out == "not ok - "* ]] && failures=$((failures + 1)) || fail "sql/overloads.py --check ran (status $status)"
fi

# A copy with one generated line changed, and one without a type's overloads: the
# check must say "not ok" and exit 1 for each.
sed '/^-- BEGIN GENERATED bloom/,/^-- END GENERATED bloom/s/false positive rate 0.01/false positive rate 0.02/' \
	sql/probabilistic.sql >"$WORK/edited.sql"
$PY - sql/probabilistic.sql "$WORK/dropped.sql" <<'PY'
import sys
text = open(sys.argv[1]).read()
start = text.index("\n-- uuid\n", text.index("-- BEGIN GENERATED hll"))
end = text.index("\n-- date\n", start)
open(sys.argv[2], "w").write(text[:start] + text[end:])
PY
for copy in "edited:a generated line edited by hand" "dropped:no overloads for uuid in a generated block"; do
	file=$WORK/${copy%%:*}.sql
	cmp -s sql/probabilistic.sql "$file" && { fail "the copy with ${copy#*:} differs from sql/probabilistic.sql"; continue; }
	status=0
	out=$($PY sql/overloads.py --check "$file" 2>&1) || status=$?
	check "the check refuses a copy with ${copy#*:} (exit status, first words)" "$status ${out:0:6}" "1 not ok"
done
finish_checks
