#!/usr/bin/env bash
# The test command.
#
#   test/run_tests.sh              every stage (what CI runs)
#   test/run_tests.sh quick        unit tests and pg_regress, for development
#   test/run_tests.sh STAGE...     the stages named, in the order below
#
# Stages: unit asan stat fuzz regress scripts python js versions package citus.
# Every stage runs even when an earlier one failed. Passes and failures are
# counted from each runner's own output (GoogleTest, pg_regress, Python's
# unittest, the "ok - " / "not ok - " / "skip - " lines of the scripts); a
# runner that dies without saying what failed counts as one failure. The last
# line is "tests: N passed, M failed[, K skipped]", and the exit status is
# non-zero when M > 0.
set -uo pipefail
cd "$(dirname "$0")/.."
. test/cluster.sh

ALL_STAGES=(unit asan stat fuzz regress scripts python js versions package citus)
QUICK_STAGES=(unit regress)

usage() {
	echo "usage: test/run_tests.sh [quick | all | STAGE...]; stages: ${ALL_STAGES[*]}" >&2
	exit 2
}

stages=()
for arg in "${@:-all}"; do
	case $arg in
		all) stages+=("${ALL_STAGES[@]}") ;;
		quick) stages+=("${QUICK_STAGES[@]}") ;;
		-h | --help) usage ;;
		*) [[ " ${ALL_STAGES[*]} " == *" $arg "* ]] || usage; stages+=("$arg") ;;
	esac
done
wanted() { [[ " ${stages[*]} " == *" $1 "* ]]; }

LOG_DIR=$(mktemp -d /tmp/probabilistic-tests.XXXXXX)
TOTAL_PASSED=0 TOTAL_FAILED=0 TOTAL_SKIPPED=0
SUMMARY=()

# record STAGE PASSED FAILED SKIPPED [SECONDS]: a summary line, with the stage's wall time.
record() {
	TOTAL_PASSED=$((TOTAL_PASSED + $2))
	TOTAL_FAILED=$((TOTAL_FAILED + $3))
	TOTAL_SKIPPED=$((TOTAL_SKIPPED + $4))
	SUMMARY+=("$(printf '%-16s %5d passed %4d failed %4d skipped %6s' "$1" "$2" "$3" "$4" "${5:+$5 s}")")
}

# sum_first REGEX FILE: the sum of the first number of every match of REGEX.
sum_first() { grep -oE "$1" "$2" | sed -E 's/^[^0-9]*([0-9]+).*/\1/' | awk '{s += $1} END {print s + 0}'; }

# run_logged NAME CMD...: runs CMD with its output shown and kept in $LOG_DIR/NAME.log.
# A net for hangs, not a speed check: no stage comes near it (STAGE_TIMEOUT, seconds).
run_logged() {
	local name=$1
	shift
	timeout --kill-after=60 "${STAGE_TIMEOUT:-3600}" "$@" 2>&1 | tee "$LOG_DIR/$name.log"
	return "${PIPESTATUS[0]}"
}

# Counters for each runner's output; each sets PASSED FAILED SKIPPED from a log and an exit status.
count_gtest() {
	local log=$1 status=$2
	PASSED=$(sum_first '^\[  PASSED  \] [0-9]+' "$log")
	FAILED=$(sum_first '^\[  FAILED  \] [0-9]+ tests?, listed' "$log")
	SKIPPED=$(sum_first '^\[  SKIPPED \] [0-9]+ tests?, listed' "$log")
	died_silently "$status"
}
count_tap() {
	local log=$1 status=$2
	PASSED=$(grep -cE '^ok - ' "$log")
	FAILED=$(grep -cE '^not ok - ' "$log")
	SKIPPED=$(grep -cE '^skip - ' "$log")
	died_silently "$status"
}
count_pg_regress() {
	local log=$1 status=$2
	# pg_regress 15 prints "test name ... ok"; 16 and later print TAP ("ok 1 - name").
	PASSED=$(grep -cE '^(test |ok [0-9]+ +- +| +)?[a-z_0-9]+ +\.\.\. ok|^ok [0-9]+ +- ' "$log")
	FAILED=$(grep -cE '\.\.\. FAILED|^not ok [0-9]+ ' "$log")
	SKIPPED=0
	died_silently "$status"
}
# node --test's TAP summary: "# pass N", "# fail N", "# skipped N" (cancelled tests fail).
count_node() {
	local log=$1 status=$2
	PASSED=$(sum_first '^# pass [0-9]+' "$log")
	FAILED=$(($(sum_first '^# fail [0-9]+' "$log") + $(sum_first '^# cancelled [0-9]+' "$log")))
	SKIPPED=$(sum_first '^# skipped [0-9]+' "$log")
	died_silently "$status"
}
count_unittest() {
	local log=$1 status=$2 ran
	ran=$(sum_first '^Ran [0-9]+ test' "$log")
	FAILED=$(grep -E '^FAILED \(' "$log" | grep -oE '(failures|errors)=[0-9]+' | grep -oE '[0-9]+' | awk '{s += $1} END {print s + 0}')
	SKIPPED=$(grep -E '^(OK|FAILED) \(' "$log" | grep -oE 'skipped=[0-9]+' | grep -oE '[0-9]+' | awk '{s += $1} END {print s + 0}')
	PASSED=$((ran - FAILED - SKIPPED))
	died_silently "$status"
}
# A runner that failed without naming a failure (a crash, a build error), or
# that ran nothing at all, counts as one failure.
died_silently() {
	if [ "$1" -ne 0 ] && [ "$FAILED" -eq 0 ]; then
		FAILED=1
		echo "not ok - the runner exited with status $1 without naming a failure (see its output above)"
	elif [ $((PASSED + FAILED + SKIPPED)) -eq 0 ]; then
		FAILED=1
		echo "not ok - the runner reported no test at all"
	fi
}

# stage NAME COUNTER CMD...: one stage (or one script of a stage), counted.
stage() {
	local name=$1 counter=$2 status start=$SECONDS
	shift 2
	log "$name"
	run_logged "$name" "$@"
	status=$?
	$counter "$LOG_DIR/$name.log" "$status"
	record "$name" "$PASSED" "$FAILED" "$SKIPPED" "$((SECONDS - start))"
}

ensure_packages "${BASE_PACKAGES[@]}" "${PYTHON_PACKAGES[@]}"

wanted unit && stage unit count_gtest make -s -j2 unittest
wanted asan && stage asan count_gtest make -s -j2 unittest-asan
# The statistical tests need minutes of CPU and nothing else. When other stages run as
# well, they are built here and then run alongside those stages at a lower priority,
# on the core the server stages leave idle; their output is shown and counted at the end,
# and their line in the summary has their wall time from the build on.
STAT_PID=
if wanted stat; then
	if [ ${#stages[@]} -gt 1 ]; then
		log "stat: building; the tests run alongside the next stages (output at the end)"
		STAT_START=$SECONDS
		if run_logged stat-build make -s -j2 build/stat_tests; then
			(timeout --kill-after=60 "${STAGE_TIMEOUT:-3600}" nice -n 10 make -s stattest >"$LOG_DIR/stat.log" 2>&1
			 echo $? >"$LOG_DIR/stat.rc") &
			STAT_PID=$!
			trap '[ -n "$STAT_PID" ] && pkill -P "$STAT_PID" 2>/dev/null; exit 130' INT TERM HUP
		else
			count_gtest "$LOG_DIR/stat-build.log" 2
			record stat "$PASSED" "$FAILED" "$SKIPPED" "$((SECONDS - STAT_START))"
		fi
	else
		stage stat count_gtest make -s -j2 stattest
	fi
fi
if wanted fuzz; then
	ensure_packages clang-14 libclang-rt-14-dev
	stage fuzz count_tap make -s -k -j2 fuzz FUZZ_SECONDS="${FUZZ_SECONDS:-30}"
fi

# The js stage needs Node.js and npm (Debian's, unless a newer node is on PATH already).
wanted js && { command -v node >/dev/null && command -v npm >/dev/null || ensure_packages nodejs npm; }

if wanted regress || wanted scripts || wanted python || wanted js; then
	build_start=$SECONDS
	if run_logged build bash -c '. test/cluster.sh && build_and_install' && start_cluster; then
		SUMMARY+=("$(printf '%-16s %40s' build "$((SECONDS - build_start)) s")")
		if wanted regress; then
			stage regress count_pg_regress make -s installcheck PG_CONFIG="$PG_BIN/pg_config"
			[ -s regression.diffs ] && head -200 regression.diffs
		fi
		if wanted scripts; then
			for script in test/scripts/*.sh; do
				stage "$(basename "$script" .sh)" count_tap bash "$script"
			done
		fi
		# Debian's interpreter, where python3-xxhash lives (a python3 earlier on PATH may lack it).
		wanted python && stage python count_unittest /usr/bin/python3 -m unittest discover -s python -v
		wanted js && stage js count_node bash test/js.sh
		stop_cluster
	else
		echo "not ok - build, install or cluster start failed: no stage against the server ran"
		record build 0 1 0
	fi
fi

# Other PostgreSQL versions, the Debian package and Citus: each says "skip - why"
# when this machine cannot run it (no root, no archive, no Citus source).
for name in versions package citus; do
	if wanted "$name"; then
		if [ -f "test/stages/$name.sh" ]; then
			stage "$name" count_tap bash "test/stages/$name.sh"
		else
			echo "not ok - stage $name: test/stages/$name.sh is missing"
			record "$name" 0 1 0
		fi
	fi
done

if [ -n "$STAT_PID" ]; then
	log "stat (ran alongside the stages above)"
	wait "$STAT_PID"
	cat "$LOG_DIR/stat.log"
	count_gtest "$LOG_DIR/stat.log" "$(cat "$LOG_DIR/stat.rc" 2>/dev/null || echo 1)"
	record "stat (alongside)" "$PASSED" "$FAILED" "$SKIPPED" "$((SECONDS - STAT_START))"
fi

echo
printf '%s\n' "${SUMMARY[@]}"
echo "wall time: $((SECONDS / 60)) min $((SECONDS % 60)) s"
rm -rf "$LOG_DIR"
summary="tests: $TOTAL_PASSED passed, $TOTAL_FAILED failed"
[ "$TOTAL_SKIPPED" -gt 0 ] && summary+=", $TOTAL_SKIPPED skipped"
echo "$summary"
[ "$TOTAL_FAILED" -eq 0 ]
