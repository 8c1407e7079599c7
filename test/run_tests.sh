#!/usr/bin/env bash
# Every test: the C++ core's unit tests (plain and under sanitizers),
# statistical tests and fuzz targets (briefly), then pg_regress and the
# scripts in test/scripts/ against a throwaway cluster. Exits non-zero if any fails.
set -euo pipefail
cd "$(dirname "$0")/.."
. test/cluster.sh

ensure_packages "${BASE_PACKAGES[@]}"
ensure_packages "${PYTHON_PACKAGES[@]}"

# Every stage's output also goes to a log, from which the closing line counts
# the tests that ran (GoogleTest, pg_regress, unittest and the scripts).
TEST_LOG=$(mktemp /tmp/probabilistic-tests.XXXXXX)
SCRIPTS_PASSED=0
counted() { "$@" 2>&1 | tee -a "$TEST_LOG"; }

log "C++ unit tests"
counted make -s unittest
log "C++ unit tests under AddressSanitizer and UBSan"
counted make -s unittest-asan
log "C++ statistical tests"
counted make -s stattest
log "fuzzing the core, 30 s per target (test/fuzz/README.md)"
ensure_packages clang-14 libclang-rt-14-dev
make -s fuzz FUZZ_SECONDS=30

build_and_install
start_cluster
log "pg_regress"
if ! counted make -s installcheck PG_CONFIG="$PG_BIN/pg_config"; then
	cat regression.diffs 2>/dev/null | head -200
	exit 1
fi
for script in test/scripts/*.sh; do
	log "$script"
	bash "$script"
	SCRIPTS_PASSED=$((SCRIPTS_PASSED + 1))
done
# Debian's interpreter, where python3-xxhash lives (a python3 earlier on PATH may lack it).
log "Python format implementation: test vectors, then against the cluster"
counted /usr/bin/python3 -m unittest discover -s python -v

gtest=$(grep -oE '^\[  PASSED  \] [0-9]+ test' "$TEST_LOG" | grep -oE '[0-9]+' | awk '{s += $1} END {print s + 0}')
regress=$(grep -oE 'All [0-9]+ tests passed' "$TEST_LOG" | grep -oE '[0-9]+' | awk '{s += $1} END {print s + 0}')
python=$(grep -oE '^Ran [0-9]+ test' "$TEST_LOG" | grep -oE '[0-9]+' | awk '{s += $1} END {print s + 0}')
rm -f "$TEST_LOG"
echo
echo "C++ ${gtest:-0}, pg_regress ${regress:-0}, Python ${python:-0}, scripts $SCRIPTS_PASSED; fuzz targets clean"
echo "tests: $((${gtest:-0} + ${regress:-0} + ${python:-0} + SCRIPTS_PASSED)) passed, 0 failed"
