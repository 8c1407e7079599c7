# TAP-like checks shared by the scripts in test/scripts/. Source it; then
#   check WHAT GOT WANT    ok when GOT = WANT, else "not ok" with both (a diff when multi-line)
#   pass WHAT / fail WHAT [LINES...]
#   finish_checks          exits 1 if any check failed
failures=0
pass() { echo "ok - $1"; }
fail() {
	echo "not ok - $1"
	shift
	printf '    %s\n' "$@"
	failures=$((failures + 1))
}
check() {
	local what=$1 got=$2 want=$3
	if [ "$got" = "$want" ]; then
		pass "$what"
	elif [ "$(printf '%s' "$want" | wc -l)" -gt 0 ]; then
		mapfile -t lines < <(diff <(echo "$want") <(echo "$got") | head -20)
		fail "$what" "${lines[@]}"
	else
		fail "$what" "got:  $got" "want: $want"
	fi
}
finish_checks() {
	if [ "$failures" -ne 0 ]; then
		echo "$failures check(s) failed" >&2
		exit 1
	fi
}
