#!/usr/bin/env bash
# The main job: install what is missing, build and install the extension,
# start a throwaway PostgreSQL cluster, run the demo, stop the cluster.
set -euo pipefail
cd "$(dirname "$0")"
. test/cluster.sh

ensure_packages "${BASE_PACKAGES[@]}"
build_and_install
start_cluster
log "running demo/demo.sql"
psql -X -v ON_ERROR_STOP=1 -q -f demo/demo.sql
