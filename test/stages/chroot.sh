# Debian chroots for the test stages (versions.sh, package.sh): made once with
# debootstrap from the archive the host's apt already uses, kept in
# $CHROOT_BASE/<codename> and reused. Source it; it changes nothing by itself.
#   chroot_skip_reason CODENAME...   prints why chroots cannot be used here (nothing if they can)
#   chroot_ensure CODENAME PKG...    makes or reuses $CHROOT_BASE/CODENAME, installs the missing PKGs
#   chroot_mount DIR                 /proc and a private /dev/shm; undone by chroot_cleanup
#   in_chroot DIR [VAR=val...] CMD   root in the chroot, clean environment, LANG=C.UTF-8
#   as_postgres DIR [VAR=val...] CMD the same as the chroot's own postgres user
#   copy_tree DIR DEST               the work tree (tracked and new files, no build outputs)
#   chroot_cleanup                   stops servers started with start_chroot_cluster, unmounts
#   stage_begin, step, count         what the stages share (below)
# The stage runs under `unshare --mount` (stage_begin does it), so that the
# mounts disappear with the process even if it is killed.
CHROOT_BASE=${PROB_CHROOT_BASE:-/var/cache/probabilistic/chroots}
CHROOT_PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin
CHROOT_MOUNTS=()
CHROOT_CLUSTERS=()
APT_OPTS=(-q -y -o DPkg::Lock::Timeout=600 -o Acquire::Check-Valid-Until=false
	-o Dpkg::Options::=--force-confold -o Dpkg::Options::=--force-confdef --no-install-recommends)

# stage_begin "$0" "$@": goes to the top of the tree, re-executes the stage in
# a private mount namespace (when root may), and loads test/checks.sh.
stage_begin() {
	local self
	self=$(readlink -f "$1")
	shift
	cd "$(dirname "$self")/../.." || exit 1
	if [ -z "${PROB_UNSHARED:-}" ] && [ "$(id -u)" = 0 ] && unshare --mount --propagation private true 2>/dev/null; then
		PROB_UNSHARED=1 exec unshare --mount --propagation private bash "$self" "$@"
	fi
	. test/checks.sh
}

# step WHAT LOG CMD...: runs CMD with its output in LOG; its time as a comment
# line, or not ok with the log's tail.
step() {
	local what=$1 log=$2 t0=$SECONDS
	shift 2
	if "$@" >"$log" 2>&1; then
		echo "# $what: $((SECONDS - t0)) s"
		return 0
	fi
	mapfile -t lines < <(tail -n 40 "$log")
	fail "$what" "${lines[@]}"
	return 1
}

# count PATTERN FILE: the sum of the numbers in FILE's matches of PATTERN.
count() { grep -oE "$1" "$2" | grep -oE '[0-9]+' | awk '{s += $1} END {print s + 0}'; }

# The URIs of the host's apt sources, one-line and deb822 formats, in order.
apt_source_uris() {
	cat /etc/apt/sources.list /etc/apt/sources.list.d/*.list 2>/dev/null |
		sed -n 's/^[[:space:]]*deb[[:space:]]\+\(\[[^]]*\][[:space:]]\+\)\?\([^[:space:]]\+\).*/\2/p'
	cat /etc/apt/sources.list.d/*.sources 2>/dev/null | sed -n 's/^URIs:[[:space:]]*//p' | tr ' ' '\n'
}

# debian_mirror SUITE: the first of the host's sources that serves that suite.
debian_mirror() {
	local uri
	for uri in $(apt_source_uris | awk 'NF && !seen[$0]++'); do
		case $uri in http://* | https://*) ;; *) continue ;; esac
		if curl -fsS --max-time 15 -o /dev/null "${uri%/}/dists/$1/Release" 2>/dev/null; then
			echo "${uri%/}"
			return 0
		fi
	done
	return 1
}

chroot_skip_reason() {
	local codename probe
	if [ "$(id -u)" != 0 ]; then echo "not root (debootstrap, chroot and mount need root)"; return; fi
	if ! command -v debootstrap >/dev/null; then
		DEBIAN_FRONTEND=noninteractive timeout 300 apt-get "${APT_OPTS[@]}" install debootstrap >/dev/null 2>&1 ||
			{ echo "debootstrap is not installed and could not be installed"; return; }
	fi
	probe=$(mktemp -d)
	if ! mount -t tmpfs none "$probe" 2>/dev/null; then rmdir "$probe"; echo "cannot mount (no CAP_SYS_ADMIN)"; return; fi
	umount "$probe"
	rmdir "$probe"
	for codename in "$@"; do
		[ -e "$CHROOT_BASE/$codename/.probabilistic-ready" ] && continue
		debian_mirror "$codename" >/dev/null ||
			{ echo "no chroot for $codename and no apt source of the host serves it (offline?)"; return; }
	done
}

chroot_ensure() {
	local codename=$1 dir=$CHROOT_BASE/$1 mirror missing=() p
	shift
	if [ ! -e "$dir/.probabilistic-ready" ]; then
		mirror=$(debian_mirror "$codename") || { echo "no mirror serves $codename"; return 1; }
		unmount_under "$dir.new"
		rm -rf "$dir.new" "$dir"
		mkdir -p "$CHROOT_BASE"
		echo "debootstrap $codename from $mirror"
		debootstrap --variant=minbase "$codename" "$dir.new" "$mirror" || return 1
		# No package script may start a server; no Release file may expire on us.
		printf '#!/bin/sh\nexit 101\n' >"$dir.new/usr/sbin/policy-rc.d"
		chmod 755 "$dir.new/usr/sbin/policy-rc.d"
		mkdir -p "$dir.new/etc/postgresql-common"
		echo "create_main_cluster = false" >"$dir.new/etc/postgresql-common/createcluster.conf"
		printf 'Acquire::Check-Valid-Until "false";\nAPT::Install-Recommends "false";\n' \
			>"$dir.new/etc/apt/apt.conf.d/90probabilistic"
		# Stable releases get their fixes from -updates and -security (a package
		# built on the host may need the host's point release).
		for p in "$codename-updates" "$codename-security"; do
			mirror=$(debian_mirror "$p") && echo "deb $mirror $p main" >>"$dir.new/etc/apt/sources.list"
		done
		mv "$dir.new" "$dir"
		touch "$dir/.probabilistic-ready"
	fi
	for p in "$@"; do
		in_chroot "$dir" dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
	done
	[ ${#missing[@]} -eq 0 ] && return 0
	echo "installing into $codename: ${missing[*]}"
	chroot_mount "$dir"
	in_chroot "$dir" apt-get "${APT_OPTS[@]}" update &&
		in_chroot "$dir" apt-get "${APT_OPTS[@]}" install "${missing[@]}" &&
		in_chroot "$dir" apt-get clean
}

unmount_under() {
	local m
	for m in $(awk -v d="$1" 'index($2, d "/") == 1 {print $2}' /proc/mounts | sort -r); do
		umount "$m" 2>/dev/null || umount -l "$m"
	done
}

chroot_mount() {
	local dir=$1
	if ! mountpoint -q "$dir/proc"; then
		mount -t proc proc "$dir/proc" && CHROOT_MOUNTS+=("$dir/proc")
	fi
	if ! mountpoint -q "$dir/dev/shm"; then
		mkdir -p "$dir/dev/shm"
		mount -t tmpfs -o mode=1777,size=1g tmpfs "$dir/dev/shm" && CHROOT_MOUNTS+=("$dir/dev/shm")
	fi
}

in_chroot() {
	local dir=$1
	shift
	chroot "$dir" /usr/bin/env -i PATH="$CHROOT_PATH" LANG=C.UTF-8 HOME=/root DEBIAN_FRONTEND=noninteractive "$@"
}

# The postgres user's ids differ per chroot: look them up inside it.
as_postgres() {
	local dir=$1 uid gid
	shift
	uid=$(in_chroot "$dir" id -u postgres) && gid=$(in_chroot "$dir" id -g postgres) || return 1
	chroot --userspec="$uid:$gid" --groups="$gid" "$dir" \
		/usr/bin/env -i PATH="$CHROOT_PATH" LANG=C.UTF-8 HOME=/tmp USER=postgres "$@"
}

copy_tree() {
	local dir=$1 dest=$2
	rm -rf "${dir:?}$dest"
	mkdir -p "$dir$dest"
	git ls-files -z -co --exclude-standard | tar --null -T - -cf - | tar -C "$dir$dest" -xf -
	in_chroot "$dir" chown -R postgres: "$dest"
}

# start_chroot_cluster DIR MAJOR: a throwaway cluster as the chroot's postgres,
# Unix socket only in /tmp/probabilistic-sock (PGHOST), port 5432 (PGPORT).
start_chroot_cluster() {
	local dir=$1 bin=/usr/lib/postgresql/$2/bin
	# A server left by a run that was killed outright.
	[ -f "$dir/tmp/probabilistic-pg/data/postmaster.pid" ] &&
		as_postgres "$dir" "$bin/pg_ctl" -D /tmp/probabilistic-pg/data -m immediate -w stop >/dev/null 2>&1
	in_chroot "$dir" rm -rf /tmp/probabilistic-pg /tmp/probabilistic-sock
	in_chroot "$dir" install -d -o postgres -g postgres /tmp/probabilistic-pg /tmp/probabilistic-sock
	as_postgres "$dir" "$bin/initdb" -D /tmp/probabilistic-pg/data -A trust -U postgres -E UTF8 --locale=C >/dev/null || return 1
	printf '%s\n' "port = 5432" "listen_addresses = ''" "unix_socket_directories = '/tmp/probabilistic-sock'" \
		"fsync = off" "max_parallel_workers_per_gather = 2" >>"$dir/tmp/probabilistic-pg/data/postgresql.conf"
	CHROOT_CLUSTERS+=("$dir:$bin")
	as_postgres "$dir" "$bin/pg_ctl" -D /tmp/probabilistic-pg/data -l /tmp/probabilistic-pg/server.log -w start >/dev/null ||
		{ tail -n 20 "$dir/tmp/probabilistic-pg/server.log"; return 1; }
}

stop_chroot_clusters() {
	local c
	for c in ${CHROOT_CLUSTERS[@]+"${CHROOT_CLUSTERS[@]}"}; do
		as_postgres "${c%%:*}" "${c#*:}/pg_ctl" -D /tmp/probabilistic-pg/data -m immediate -w stop >/dev/null 2>&1 || true
	done
	CHROOT_CLUSTERS=()
}

chroot_cleanup() {
	local i
	stop_chroot_clusters
	for ((i = ${#CHROOT_MOUNTS[@]} - 1; i >= 0; i--)); do
		umount "${CHROOT_MOUNTS[i]}" 2>/dev/null || umount -l "${CHROOT_MOUNTS[i]}" 2>/dev/null || true
	done
	CHROOT_MOUNTS=()
}
