# Shared by ./run.sh (the main job), test/run_tests.sh and bench/hll.sh:
# Debian packages, build and install, and a throwaway PostgreSQL cluster.
# Source it; it defines functions and changes nothing by itself.

PG_MAJOR=${PG_MAJOR:-15}
# PROB_PG_BIN: another server's bin directory, e.g. a private copy of Debian's
# (PostgreSQL finds its lib and share directories relative to its binaries), so
# that builds installed from other checkouts do not meet this one's tests.
PG_BIN=${PROB_PG_BIN:-/usr/lib/postgresql/$PG_MAJOR/bin}
export PATH="$PG_BIN:$PATH"

log() { printf '\n== %s\n' "$*" >&2; }

as_root() {
	if [ "$(id -u)" = 0 ]; then "$@"
	elif command -v sudo >/dev/null 2>&1; then sudo "$@"
	else echo "need root for: $*" >&2; return 1
	fi
}

# ensure_packages PKG...: installs the Debian packages that are missing.
ensure_packages() {
	local missing=() p
	for p in "$@"; do
		dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
	done
	[ ${#missing[@]} -eq 0 ] && return 0
	log "installing Debian packages: ${missing[*]}"
	as_root env DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=600 update -qq
	as_root env DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=600 install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
}

BASE_PACKAGES=(make g++ postgresql-$PG_MAJOR postgresql-server-dev-$PG_MAJOR libxxhash-dev libgtest-dev)
# The independent implementation of doc/FORMAT.md in python/ and its tests (test_package.py
# pip-installs it into a venv: venv, setuptools and pip, all from Debian).
PYTHON_PACKAGES=(python3 python3-xxhash python3-venv python3-setuptools python3-pip)

build_and_install() {
	log "building and installing the extension"
	make -s -j2 WERROR=1 PG_CONFIG="$PG_BIN/pg_config"
	as_root make -s install PG_CONFIG="$PG_BIN/pg_config" >/dev/null
}

# The server refuses to run as root, so root runs it as the 'postgres' user.
run_pg() {
	if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

# start_cluster [extra postgresql.conf lines...]: initdb + start on a free port.
# Exports PGHOST, PGPORT, PGUSER, PGDATABASE; stop_cluster undoes it all.
start_cluster() {
	local port=${PROB_PGPORT:-55432}
	while (exec 3<>/dev/tcp/127.0.0.1/$port) 2>/dev/null || [ -e "/tmp/.s.PGSQL.$port" ]; do port=$((port + 1)); done
	CLUSTER_DIR=$(mktemp -d /tmp/probabilistic-pg.XXXXXX)
	chmod 755 "$CLUSTER_DIR"
	[ "$(id -u)" = 0 ] && chown postgres: "$CLUSTER_DIR"
	log "starting a throwaway PostgreSQL $PG_MAJOR cluster in $CLUSTER_DIR (port $port)"
	run_pg initdb -D "$CLUSTER_DIR/data" -A trust -U postgres -E UTF8 --locale=C >/dev/null
	{
		echo "port = $port"
		echo "listen_addresses = ''"
		echo "unix_socket_directories = '$CLUSTER_DIR'"
		echo "fsync = off"
		echo "max_parallel_workers_per_gather = 2"
		printf '%s\n' "$@"
	} | run_pg tee -a "$CLUSTER_DIR/data/postgresql.conf" >/dev/null
	run_pg pg_ctl -D "$CLUSTER_DIR/data" -l "$CLUSTER_DIR/server.log" -w start >/dev/null
	export PGHOST=$CLUSTER_DIR PGPORT=$port PGUSER=postgres PGDATABASE=postgres
	trap stop_cluster EXIT
}

stop_cluster() {
	[ -n "${CLUSTER_DIR:-}" ] || return 0
	run_pg pg_ctl -D "$CLUSTER_DIR/data" -m fast -w stop >/dev/null 2>&1 || true
	rm -rf "$CLUSTER_DIR"
	CLUSTER_DIR=
}
