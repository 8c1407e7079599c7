# Third-party sources the tests and benchmarks compare against (../shared/vendor beside the
# checkout, /work/shared/vendor/README.md): found there, built once into a cache that later runs
# reuse, and installed into the server under test ($PG_BIN's pg_config, so PROB_PG_BIN is
# honoured). Never copied into this repository. Source after test/cluster.sh.

VENDOR_CACHE=${VENDOR_CACHE:-/var/cache/probabilistic}

# vendor_tarball GLOB: the path of the first file matching GLOB in the vendor folder
# (../shared/vendor beside the checkout, as in CI, else /work/shared/vendor); status 1 if none.
vendor_tarball() {
	local dir f
	for dir in "$(git rev-parse --show-toplevel 2>/dev/null || pwd)/../shared/vendor" /work/shared/vendor; do
		for f in "$dir"/$1; do
			if [ -f "$f" ]; then
				echo "$f"
				return 0
			fi
		done
	done
	return 1
}

# vendor_cache_dir: $VENDOR_CACHE, made writable by the caller (root makes it under /var/cache).
vendor_cache_dir() {
	[ -w "$VENDOR_CACHE" ] && return 0
	as_root mkdir -p "$VENDOR_CACHE" && as_root chown "$(id -u):$(id -g)" "$VENDOR_CACHE"
}

# ensure_datasketches: Apache DataSketches for PostgreSQL (CREATE EXTENSION datasketches)
# installed in the server under test. Built with PGXS from the vendor folder's
# datasketches-postgresql-*.tar.xz with its datasketches-cpp-*.tar.xz extracted inside it as
# `datasketches-cpp` (Debian's libboost-dev for the headers; no LLVM bitcode, which only JIT
# inlining would use), once per pair of tarballs (their sha256) and PostgreSQL version, in
# $VENDOR_CACHE; every call installs that build (make install only copies files). Without the
# tarballs, an extension already installed is used. Says what it did on stderr; status 1 when
# there is neither (the caller prints its skip line), 2 when the build or install fails (the
# end of its log on stderr; the caller fails).
ensure_datasketches() {
	local ds cpp pgversion dir tmp start=$SECONDS
	local sharedir
	sharedir=$("$PG_BIN/pg_config" --sharedir)
	if ! ds=$(vendor_tarball 'datasketches-postgresql-*.tar.xz') || ! cpp=$(vendor_tarball 'datasketches-cpp-*.tar.xz'); then
		if [ -f "$sharedir/extension/datasketches.control" ]; then
			echo "# no datasketches tarballs in ../shared/vendor; using the datasketches extension installed in $sharedir" >&2
			return 0
		fi
		echo "# neither datasketches tarballs in ../shared/vendor nor a datasketches extension in $sharedir" >&2
		return 1
	fi
	pgversion=$("$PG_BIN/pg_config" --version | awk '{ print $2 }')
	dir=$VENDOR_CACHE/$(basename "$ds" .tar.xz)-$(sha256sum "$ds" | cut -c1-16)-cpp-$(sha256sum "$cpp" | cut -c1-16)-pg$pgversion
	ensure_packages libboost-dev || return 2
	if [ ! -d "$dir" ]; then
		log "building datasketches-postgresql in $dir (about 40 s of CPU, once)"
		vendor_cache_dir || return 2
		# Built aside and renamed when done: an interrupted build is never taken for a finished one.
		tmp=$(mktemp -d "$dir.building.XXXXXX")
		tar -xJf "$ds" -C "$tmp" --strip-components=1
		mkdir "$tmp/datasketches-cpp"
		tar -xJf "$cpp" -C "$tmp/datasketches-cpp" --strip-components=1
		if ! make -C "$tmp" -j2 with_llvm=no PG_CONFIG="$PG_BIN/pg_config" >"$tmp/make.log" 2>&1; then
			tail -30 "$tmp/make.log" >&2
			rm -rf "$tmp"
			return 2
		fi
		mv "$tmp" "$dir" 2>/dev/null || rm -rf "$tmp" # another run may have finished first
		echo "# built datasketches-postgresql in $((SECONDS - start)) s" >&2
	fi
	as_root make -s -C "$dir" install with_llvm=no PG_CONFIG="$PG_BIN/pg_config" >/dev/null || return 2
	echo "# datasketches-postgresql from $(basename "$ds") and $(basename "$cpp") installed in $sharedir" >&2
}
