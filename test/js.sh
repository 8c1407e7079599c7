#!/usr/bin/env bash
# The js stage (test/run_tests.sh js): the TypeScript package in js/, installed from its
# lock file, built, and tested with node's test runner: every vector of test/vectors/ for
# its types, live against the server when PGHOST is set (run_tests.sh starts the cluster),
# and npm pack installed into an empty project. Node's TAP output is counted.
set -euo pipefail
cd "$(dirname "$0")/../js"
echo "node $(node --version), npm $(npm --version)"
npm ci --no-audit --no-fund --prefer-offline --loglevel=error
npm run -s build
exec node --test --test-reporter=tap test/
