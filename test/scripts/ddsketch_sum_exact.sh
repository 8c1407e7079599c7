#!/usr/bin/env bash
# ddsketch's exact sum against Python's fractions (issue 38): values at the sum's
# limb boundaries, sign changes, the ends of the double range; row orders, splits
# and a parallel plan (ddsketch_sum_exact.py says how). In a database of its own.
# About 10 s.
set -euo pipefail
cd "$(dirname "$0")"
db=prob_sum_exact
psql -X -q -v ON_ERROR_STOP=1 -c "SET client_min_messages = warning" -c "DROP DATABASE IF EXISTS $db" -c "CREATE DATABASE $db"
trap 'psql -X -q -c "DROP DATABASE IF EXISTS $db" >/dev/null 2>&1 || true' EXIT
PGDATABASE=$db psql -X -q -v ON_ERROR_STOP=1 -c "CREATE EXTENSION probabilistic"
# Debian's interpreter (a python3 earlier on PATH may be another).
PGDATABASE=$db /usr/bin/python3 ddsketch_sum_exact.py
