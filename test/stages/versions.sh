#!/usr/bin/env bash
# Stage: the extension on every PostgreSQL Debian ships besides the host's 15
# (which the main runner tests): 17 in a Debian 13 (trixie) chroot, 18 in an
# unstable (sid) chroot, both made with debootstrap from the host's own apt
# archive and kept in /var/cache/probabilistic/chroots (test/stages/chroot.sh).
# In each: build with -Werror, install, a throwaway cluster as the chroot's
# postgres user, pg_regress and the Python format tests against that server.
# The C++ core does not depend on the server: its unit tests run in the unit and
# asan stages; here the build compiles it with the suite's newer compiler, -Werror.
# Prints ok / not ok lines (the tail of the failing log); prints one skip line
# and exits 0 when the machine cannot make chroots (not root, no mount, no
# network to the archive).
#   PROB_VERSIONS="17:trixie 18:sid"   which server versions, in which suites
set -uo pipefail
. "$(dirname "$(readlink -f "$0")")/chroot.sh"
stage_begin "$0" "$@"

VERSIONS=${PROB_VERSIONS:-"17:trixie 18:sid"}
codenames=$(for s in $VERSIONS; do echo "${s#*:}"; done)
# shellcheck disable=SC2086
reason=$(chroot_skip_reason $codenames)
if [ -n "$reason" ]; then
	echo "skip - versions stage: $reason"
	exit 0
fi

LOGS=$(mktemp -d /tmp/probabilistic-versions.XXXXXX)
trap 'chroot_cleanup; rm -rf "$LOGS"' EXIT
trap 'exit 130' INT TERM HUP
SRC=/build/probabilistic

test_version() {
	local v=$1 codename=$2 dir=$CHROOT_BASE/$2 pgc=/usr/lib/postgresql/$1/bin/pg_config
	local log=$LOGS/$v t0=$SECONDS n
	local pkgs=(make g++ postgresql-"$v" postgresql-server-dev-"$v" libxxhash-dev python3 python3-xxhash python3-venv python3-setuptools python3-pip)
	step "PostgreSQL $v: $codename chroot with its packages" "$log.chroot" chroot_ensure "$codename" "${pkgs[@]}" || return
	chroot_mount "$dir"
	copy_tree "$dir" "$SRC"
	echo "# PostgreSQL $v: $(in_chroot "$dir" "$pgc" --version), chroot ready after $((SECONDS - t0)) s"
	step "PostgreSQL $v: build -Werror" "$log.build" \
		as_postgres "$dir" make -C "$SRC" -j2 WERROR=1 PG_CONFIG="$pgc" || return
	pass "PostgreSQL $v: build -Werror"
	step "PostgreSQL $v: install" "$log.install" in_chroot "$dir" make -C "$SRC" install PG_CONFIG="$pgc" || return
	pass "PostgreSQL $v: install"
	step "PostgreSQL $v: start a cluster" "$log.start" start_chroot_cluster "$dir" "$v" || return
	local server=(PGHOST=/tmp/probabilistic-sock PGPORT=5432 PGUSER=postgres PGDATABASE=postgres)
	if step "PostgreSQL $v: pg_regress" "$log.regress" \
		as_postgres "$dir" "${server[@]}" make -C "$SRC" installcheck PG_CONFIG="$pgc"; then
		pass "PostgreSQL $v: pg_regress $(count 'All [0-9]+ tests passed' "$log.regress") tests"
	else
		mapfile -t lines < <(head -n 80 "$dir$SRC/regression.diffs" 2>/dev/null)
		[ ${#lines[@]} -gt 0 ] && printf '    %s\n' "regression.diffs:" "${lines[@]}"
	fi
	# The Python tests compare with the server when PGHOST is set (python/test_format.py).
	if step "PostgreSQL $v: Python format tests" "$log.python" \
		as_postgres "$dir" "${server[@]}" sh -c "cd $SRC && python3 -m unittest discover -s python"; then
		n=$(count '^Ran [0-9]+ test' "$log.python")
		if grep -q 'skipped=' "$log.python"; then
			fail "PostgreSQL $v: Python format tests skipped some against the server" "$(tail -n 3 "$log.python")"
		else
			pass "PostgreSQL $v: Python format tests, $n tests against the server"
		fi
	fi
	stop_chroot_clusters
	echo "# PostgreSQL $v: $((SECONDS - t0)) s"
}

for spec in $VERSIONS; do
	test_version "${spec%%:*}" "${spec#*:}"
done
finish_checks
