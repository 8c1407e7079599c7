#!/usr/bin/env bash
# Stage: the packages users install.
#  - PGXN: `make dist` makes probabilistic-<version>.zip, which builds and
#    installs (into a DESTDIR) from its own files alone, in a temporary directory.
#  - Debian: `dpkg-buildpackage -us -uc -b` (debian/, pg_buildext, which also
#    runs pg_regress against each package's installed files) makes one
#    postgresql-N-probabilistic per installed server version; each .deb is
#    installed into a clean chroot of the host's Debian release
#    (/var/cache/probabilistic/chroots/<codename>, test/stages/chroot.sh),
#    where CREATE EXTENSION and the pg_regress suite run against the installed
#    files only: the chroot's own pg_regress, the tests' sql/ and expected/.
# Prints ok / not ok lines, skip lines for what this machine cannot do; exits
# non-zero when a check fails.
set -uo pipefail
. "$(dirname "$(readlink -f "$0")")/chroot.sh"
stage_begin "$0" "$@"
. test/cluster.sh

if [ "$(id -u)" != 0 ]; then
	echo "skip - package stage: not root (installs build dependencies and packages)"
	exit 0
fi
WORK=$(mktemp -d /tmp/probabilistic-package.XXXXXX)
chmod 755 "$WORK" # pg_buildext's test server (user postgres) reads the built package in it
trap 'chroot_cleanup; rm -rf "$WORK"' EXIT
trap 'exit 130' INT TERM HUP

if ! step "package: build dependencies" "$WORK/deps.log" \
	ensure_packages dpkg-dev debhelper postgresql-server-dev-all postgresql-all libxxhash-dev g++ make unzip; then
	finish_checks
fi

# ---- PGXN: the archive alone ----
pgxn() {
	local version meta_version zip dist=$WORK/dist
	version=$(sed -n "s/^default_version = '\(.*\)'/\1/p" probabilistic.control)
	meta_version=$(sed -n 's/^   "version": "\(.*\)",$/\1/p' META.json)
	check "PGXN: META.json's version is the control file's default_version" "$meta_version" "$version"
	check "Debian: debian/changelog's version is the control file's default_version" \
		"$(dpkg-parsechangelog -S Version -l debian/changelog)" "$version"
	zip=$WORK/probabilistic-$version.zip
	step "PGXN: make dist" "$WORK/dist.log" make dist DIST_OUT="$zip" PG_CONFIG="$PG_BIN/pg_config" || return
	mkdir -p "$dist"
	unzip -q "$zip" -d "$dist"
	if [ ! -f "$dist/probabilistic-$version/META.json" ]; then
		fail "PGXN: the archive holds probabilistic-$version/META.json" "$(unzip -l "$zip" | head -5)"
		return
	fi
	pass "PGXN: make dist makes probabilistic-$version.zip ($(unzip -l "$zip" | tail -1 | awk '{print $2}') files)"
	step "PGXN: the archive builds alone" "$WORK/dist-build.log" \
		env -i PATH=/usr/bin:/bin LANG=C.UTF-8 make -C "$dist/probabilistic-$version" -j2 WERROR=1 PG_CONFIG="$PG_BIN/pg_config" || return
	step "PGXN: the archive installs into a DESTDIR" "$WORK/dist-install.log" \
		env -i PATH=/usr/bin:/bin LANG=C.UTF-8 make -C "$dist/probabilistic-$version" install \
		DESTDIR="$dist/root" PG_CONFIG="$PG_BIN/pg_config" || return
	local lib share f missing=()
	lib=$("$PG_BIN/pg_config" --pkglibdir)
	share=$("$PG_BIN/pg_config" --sharedir)/extension
	# The module, the control file and every install and upgrade script: the current
	# version's built from sql/probabilistic.sql, the earlier ones as they are in sql/.
	for f in "$lib/probabilistic.so" "$share/probabilistic.control" "$share/probabilistic--$version.sql" \
		$(cd sql && printf "$share/%s\n" probabilistic--*.sql); do
		[ -f "$dist/root$f" ] || missing+=("$f")
	done
	if [ ${#missing[@]} -eq 0 ]; then
		pass "PGXN: the archive builds (-Werror) and installs from its own files alone"
	else
		fail "PGXN: the archive's install lacks files" "${missing[@]}"
	fi
}
pgxn

# ---- Debian: build the packages ----
# deb_holds_scripts V DEB: the package has the control file and every install and update
# script (CREATE EXTENSION would still succeed without the current version's own script,
# through the oldest one and the updates).
deb_holds_scripts() {
	local v=$1 deb=$2 listing f missing=()
	listing=$(dpkg-deb -c "$deb" | awk '{print $NF}')
	for f in probabilistic.control "probabilistic--$(sed -n "s/^default_version = '\(.*\)'/\1/p" probabilistic.control).sql" \
		$(cd sql && ls probabilistic--*.sql); do
		grep -qxF "./usr/share/postgresql/$v/extension/$f" <<<"$listing" || missing+=("$f")
	done
	if [ ${#missing[@]} -eq 0 ]; then
		pass "Debian $v: $(basename "$deb") holds the control file and every install and update script"
	else
		fail "Debian $v: $(basename "$deb") lacks files of share/postgresql/$v/extension" "${missing[@]}"
	fi
}

build_debs() {
	local src=$WORK/deb/src v
	mkdir -p "$src"
	git ls-files -z -co --exclude-standard | tar --null -T - -cf - | tar -C "$src" -xf -
	# debian/control lists the versions of the machine that generated it.
	step "Debian: dpkg-buildpackage -us -uc -b" "$WORK/deb.log" \
		sh -c "cd '$src' && PG_UPDATECONTROL=yes dpkg-buildpackage -us -uc -b" || return 1
	DEB_VERSIONS=()
	for v in $(cd "$src" && pg_buildext supported-versions); do
		[ -x "/usr/lib/postgresql/$v/bin/pg_config" ] || continue
		if ls "$WORK/deb/postgresql-$v-probabilistic_"*.deb >/dev/null 2>&1; then
			DEB_VERSIONS+=("$v")
			deb_holds_scripts "$v" "$(ls "$WORK/deb/postgresql-$v-probabilistic_"*.deb | grep -v dbgsym | head -1)"
		else
			fail "Debian: no postgresql-$v-probabilistic package although PostgreSQL $v is installed" "$(ls "$WORK/deb")"
		fi
	done
	local regress
	regress=$(count 'All [0-9]+ tests passed' "$WORK/deb.log")
	pass "Debian: dpkg-buildpackage makes postgresql-{${DEB_VERSIONS[*]}}-probabilistic, pg_buildext's pg_regress: $regress tests"
}

# ---- Debian: install into a clean chroot, test the installed files ----
test_deb() {
	local v=$1 codename=$2 dir=$CHROOT_BASE/$2 deb n
	deb=$(ls "$WORK/deb/postgresql-$v-probabilistic_"*.deb | grep -v dbgsym | head -1)
	step "Debian $v: $codename chroot" "$WORK/chroot.log" chroot_ensure "$codename" postgresql-"$v" || return
	chroot_mount "$dir"
	# Clean: nothing of a previous run, no build tree, no development files.
	in_chroot "$dir" dpkg --purge "postgresql-$v-probabilistic" >/dev/null 2>&1
	in_chroot "$dir" rm -rf /tmp/probabilistic-regress
	in_chroot "$dir" install -d -o postgres -g postgres /tmp/probabilistic-regress
	cp "$deb" "$dir/tmp/probabilistic-regress/"
	step "Debian $v: the package installs into a clean $codename chroot" "$WORK/install.log" \
		in_chroot "$dir" apt-get "${APT_OPTS[@]}" install "/tmp/probabilistic-regress/$(basename "$deb")" || return
	pass "Debian $v: $(basename "$deb") installs into a clean $codename chroot"
	step "Debian $v: start a cluster" "$WORK/start.log" start_chroot_cluster "$dir" "$v" || return
	local server=(PGHOST=/tmp/probabilistic-sock PGPORT=5432 PGUSER=postgres)
	local got
	got=$(as_postgres "$dir" "${server[@]}" psql -X -At -d postgres -v ON_ERROR_STOP=1 \
		-c "CREATE EXTENSION probabilistic" \
		-c "SELECT extversion FROM pg_extension WHERE extname = 'probabilistic'" \
		-c "SELECT hll_cardinality(hll_add_agg(i)) = 1000 FROM generate_series(1, 1000) i" \
		-c "DROP EXTENSION probabilistic" 2>&1)
	check "Debian $v: CREATE EXTENSION probabilistic from the package, hll_add_agg works" "$got" \
		"$(printf 'CREATE EXTENSION\n%s\nt\nDROP EXTENSION' "$(sed -n "s/^default_version = '\(.*\)'/\1/p" probabilistic.control)")"
	# The tests alone: sql/ (not the install scripts), the files they include
	# (sql/include/) and expected/.
	mkdir -p "$dir/tmp/probabilistic-regress/sql"
	cp expected -r "$dir/tmp/probabilistic-regress/"
	cp sql/include -r "$dir/tmp/probabilistic-regress/sql/"
	local tests=()
	for f in sql/*.sql; do
		case $f in sql/probabilistic--* | sql/probabilistic.sql) continue ;; esac
		cp "$f" "$dir/tmp/probabilistic-regress/sql/"
		tests+=("$(basename "$f" .sql)")
	done
	in_chroot "$dir" chown -R postgres: /tmp/probabilistic-regress
	if step "Debian $v: pg_regress against the installed package" "$WORK/regress.log" \
		as_postgres "$dir" "${server[@]}" sh -c "cd /tmp/probabilistic-regress &&
			/usr/lib/postgresql/$v/lib/pgxs/src/test/regress/pg_regress --inputdir=. \
			--bindir=/usr/lib/postgresql/$v/bin --load-extension=probabilistic --dbname=contrib_regression ${tests[*]}"; then
		pass "Debian $v: pg_regress $(count 'All [0-9]+ tests passed' "$WORK/regress.log") tests against the installed package"
	else
		mapfile -t lines < <(head -n 80 "$dir/tmp/probabilistic-regress/regression.diffs" 2>/dev/null)
		[ ${#lines[@]} -gt 0 ] && printf '    %s\n' "regression.diffs:" "${lines[@]}"
	fi
	stop_chroot_clusters
	in_chroot "$dir" dpkg --purge "postgresql-$v-probabilistic" >/dev/null 2>&1
}

DEB_VERSIONS=()
if build_debs; then
	codename=$(. /etc/os-release && echo "${VERSION_CODENAME:-}")
	reason=$(chroot_skip_reason "$codename")
	if [ -z "$codename" ]; then
		echo "skip - package stage: the host's Debian codename is unknown (no chroot to install into)"
	elif [ -n "$reason" ]; then
		echo "skip - package stage: installing into a clean chroot: $reason"
	else
		for v in "${DEB_VERSIONS[@]}"; do test_deb "$v" "$codename"; done
	fi
fi
finish_checks
