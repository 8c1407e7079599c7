#!/usr/bin/env bash
# The demos (demo/*.sql) run to the end, and what they show holds. Each demo
# file runs in a fresh database with ON_ERROR_STOP; its result tables are read
# back (psql's unaligned output), and every column whose name says it checks
# something (within*, same_bytes, agree*, found*, *_ok) must be true in every
# row. A demo with no such column fails too: a demo that shows a claim shows
# the check next to it.
#
# Runs against the server in PGHOST/PGPORT as the superuser PGUSER (what
# test/run_tests.sh sets up with test/cluster.sh).
set -euo pipefail
cd "$(dirname "$0")/../.."
. test/checks.sh

DB=prob_demos
OUT=$(mktemp /tmp/probabilistic-demos.XXXXXX)
drop_database() { psql -X -q -d postgres -c "DROP DATABASE IF EXISTS $DB" 2>/dev/null || true; }
trap 'drop_database; rm -f "$OUT"' EXIT

# check_columns FILE: "rows checked|cells false|names of the false cells' columns"
# over the result tables in FILE (psql -A output: a table is a run of lines with
# '|', its first line the header, ended by its footer).
check_columns() {
	awk -F'|' '
		!/\|/ { header = ""; next }
		header == "" { header = $0; n = split($0, names, "|"); next }
		{
			for (i = 1; i <= n; i++)
				if (names[i] ~ /^(within|same_bytes|agree|found)|_ok$/) {
					cells++
					if ($i != "t") { bad++; which = which " " names[i] }
				}
		}
		END { printf "%d|%d|%s\n", cells, bad, which }' "$1"
}

for demo in demo/*.sql; do
	name=$(basename "$demo" .sql)
	drop_database
	psql -X -q -d postgres -c "CREATE DATABASE $DB"
	# Footers on (a demo may turn them off): they end each table in the output.
	if sed '/^\\pset footer/d' "$demo" | psql -X -q -A -v ON_ERROR_STOP=1 -d "$DB" >"$OUT" 2>&1; then
		ran=yes
	else
		ran=no
		tail -20 "$OUT"
	fi
	check "demo $name runs to the end without an error" "$ran" yes
	IFS='|' read -r cells bad which <<<"$(check_columns "$OUT")"
	check "demo $name shows checks next to its claims (columns named within/same_bytes/agree/found/*_ok)" \
		"$([ "$cells" -gt 0 ] && echo yes || echo "no check column")" yes
	check "demo $name: every check it shows is true ($cells cells)" "${bad:-0}${which:+ false in:$which}" 0
done
finish_checks
