#!/usr/bin/env bash
# ddsketch_import / ddsketch_export against DataDog's sketches-js itself
# (test/datadog: @datadog/sketches-js and protobufjs pinned in package.json and
# package-lock.json, installed with npm ci): images sketches-js writes import
# within doc/FORMAT.md 6.9's bound of the truth and of sketches-js's answers
# (LogarithmicMapping: 2 ra + ra^2; CubicallyInterpolatedMapping: bucket for
# bucket, within alpha); our exports decode there to the counts its key() gives
# every value, with quantiles within alpha; imports continue with ddsketch_agg,
# a union of different relative accuracies is refused (test/datadog/live.js).
# Needs Node (20) and npm with the registry: without them it fails, never skips.
# Runs against PGHOST/PGPORT as a superuser (test/run_tests.sh).
set -euo pipefail
cd "$(dirname "$0")/../.."
. test/cluster.sh
if ! command -v node >/dev/null 2>&1 || ! command -v npm >/dev/null 2>&1; then
	ensure_packages nodejs npm || true
fi
if ! command -v node >/dev/null 2>&1 || ! command -v npm >/dev/null 2>&1; then
	echo "not ok - node and npm are needed for the live DataDog checks (apt-get install nodejs npm)"
	exit 1
fi
if ! (cd test/datadog && npm ci --no-audit --no-fund --ignore-scripts --loglevel=error >/dev/null); then
	echo "not ok - npm ci in test/datadog failed (the registry must be reachable)"
	exit 1
fi
echo "# node $(node --version), sketches-js $(node -p "require('./test/datadog/node_modules/@datadog/sketches-js/package.json').version")"

DB=prob_datadog_live
cleanup() { psql -X -q -d postgres -c "DROP DATABASE IF EXISTS $DB" 2>/dev/null || true; }
trap cleanup EXIT
cleanup
psql -X -q -d postgres -c "CREATE DATABASE $DB"
psql -X -q -d "$DB" -c "CREATE EXTENSION probabilistic"
node test/datadog/live.js "$DB"
