#!/usr/bin/env bash
# Every test: the C++ core's unit and statistical tests, then pg_regress
# against a throwaway cluster. Exits non-zero if any fails.
set -euo pipefail
cd "$(dirname "$0")/.."
. test/cluster.sh

ensure_packages "${BASE_PACKAGES[@]}"

log "C++ unit tests"
make -s unittest
log "C++ statistical tests"
make -s stattest

build_and_install
start_cluster
log "pg_regress"
if ! make -s installcheck PG_CONFIG="$PG_BIN/pg_config"; then
	cat regression.diffs 2>/dev/null | head -200
	exit 1
fi
