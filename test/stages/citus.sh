#!/bin/bash
# Citus stage: our aggregates on a coordinator and two workers (doc/CITUS.md).
#
# Builds Citus from ../shared/vendor/citus-*.tar.xz (outside the repo, reused when already
# installed) or uses an installed Citus, installs the extension from this tree, starts three
# throwaway clusters on Unix sockets only and checks that the aggregates give the same bytes
# distributed as locally, that EXPLAIN shows them computed on the workers, and what Citus
# does with the aggregates it cannot push down.  Prints ok / not ok / skip lines.
set -euo pipefail
cd "$(dirname "$0")/../.."
source test/cluster.sh
source test/vendor.sh
source test/checks.sh

CITUS_VERSION=13.2.2
CITUS_DEPS=(liblz4-dev libzstd-dev libcurl4-openssl-dev libkrb5-dev libselinux1-dev libpam0g-dev
	libxslt1-dev libxml2-dev libreadline-dev autoconf flex bison)
CITUS_CACHE=${CITUS_CACHE:-/var/cache/probabilistic}
PKGLIBDIR=$("$PG_BIN/pg_config" --pkglibdir)

skip() {
	echo "skip - citus stage: $1"
	exit 0
}

installed_citus_version() {
	# citus.so carries its version in the string citus_version() prints ("Citus X.Y.Z on ...").
	[ -f "$PKGLIBDIR/citus.so" ] || return 1
	grep -aoE 'Citus [0-9]+\.[0-9]+\.[0-9]+' "$PKGLIBDIR/citus.so" | head -1 | cut -d' ' -f2
}

# build_citus TARBALL: configure and build in $CITUS_CACHE (kept for the next run), install.
build_citus() {
	local tarball=$1 dir="$CITUS_CACHE/citus-$CITUS_VERSION-pg$PG_MAJOR" start=$SECONDS
	ensure_packages "${CITUS_DEPS[@]}"
	if [ ! -f "$dir/.built" ]; then
		log "building Citus $CITUS_VERSION in $dir (a few minutes, once)"
		rm -rf "$dir"
		as_root mkdir -p "$CITUS_CACHE"
		as_root chown "$(id -u):$(id -g)" "$CITUS_CACHE"
		mkdir -p "$dir"
		tar -xJf "$tarball" -C "$dir" --strip-components=1
		# Debian's PostgreSQL 15 headers (15.20) declare have_createdb_privilege(), which
		# Citus 13.2.2 defines again for 15: use the server's declaration instead of the copy.
		if grep -q 'have_createdb_privilege' "$("$PG_BIN/pg_config" --includedir-server)/commands/dbcommands.h"; then
			perl -0pi -e 's/static inline bool\nhave_createdb_privilege\(void\)\n\{.*?\n\}\n/#include "commands\/dbcommands.h"\n/s' \
				"$dir/src/include/pg_version_compat.h"
		fi
		(cd "$dir" && ./configure --without-libcurl PG_CONFIG="$PG_BIN/pg_config" >configure.log 2>&1 &&
			make -s -j2 >make.log 2>&1) || {
			tail -30 "$dir/configure.log" "$dir/make.log" 2>/dev/null >&2
			return 1
		}
		touch "$dir/.built"
	fi
	(cd "$dir" && as_root make -s install >/dev/null)
	echo "# citus: built/installed Citus $CITUS_VERSION in $((SECONDS - start)) s" >&2
}

ensure_citus() {
	local tarball have
	have=$(installed_citus_version || true)
	if tarball=$(vendor_tarball "citus-$CITUS_VERSION.tar.xz"); then
		if [ "$have" = "$CITUS_VERSION" ]; then
			echo "# citus: Citus $have already installed" >&2
			return 0
		fi
		build_citus "$tarball" || {
			fail "Citus $CITUS_VERSION builds from $tarball"
			finish_checks
		}
	elif [ -n "$have" ]; then
		echo "# citus: no vendor tarball; using the installed Citus $have" >&2
	else
		skip "neither ../shared/vendor/citus-$CITUS_VERSION.tar.xz nor an installed Citus (citus.so in $PKGLIBDIR)"
	fi
}

# Three throwaway clusters, a coordinator (node 0) and two workers, on Unix sockets in one
# private directory: Citus connects to a node by "host" and port, and libpq takes a socket
# directory as the host, so no TCP port is opened.
NODE_BASE=
NODE_PORTS=()
start_nodes() {
	local port=${PROB_PGPORT:-55432} i
	NODE_BASE=$(mktemp -d /tmp/probabilistic-citus.XXXXXX)
	chmod 755 "$NODE_BASE"
	[ "$(id -u)" = 0 ] && chown postgres: "$NODE_BASE"
	trap stop_nodes EXIT
	trap 'exit 1' INT TERM
	log "starting a Citus coordinator and two workers in $NODE_BASE"
	for i in 0 1 2; do
		NODE_PORTS[i]=$((port + i))
		run_pg initdb -D "$NODE_BASE/node$i" -A trust -U postgres -E UTF8 --locale=C >/dev/null
		{
			echo "port = ${NODE_PORTS[i]}"
			echo "listen_addresses = ''"
			echo "unix_socket_directories = '$NODE_BASE'"
			echo "shared_preload_libraries = 'citus'"
			echo "citus.node_conninfo = 'sslmode=disable'"
			echo "fsync = off"
		} | run_pg tee -a "$NODE_BASE/node$i/postgresql.conf" >/dev/null
		run_pg pg_ctl -D "$NODE_BASE/node$i" -l "$NODE_BASE/node$i.log" -w start >/dev/null
	done
}

stop_nodes() {
	local i
	[ -n "$NODE_BASE" ] || return 0
	for i in 0 1 2; do
		[ -d "$NODE_BASE/node$i" ] && run_pg pg_ctl -D "$NODE_BASE/node$i" -m fast -w stop >/dev/null 2>&1 || true
	done
	rm -rf "$NODE_BASE"
	NODE_BASE=
}

# sql NODE: runs the SQL on stdin on that node; unaligned, tab-separated rows.
sql() {
	psql -X -q -At -F $'\t' -v ON_ERROR_STOP=1 -h "$NODE_BASE" -p "${NODE_PORTS[$1]}" -U postgres -d postgres -f -
}
# sql_error NODE: the first ERROR line the SQL on stdin raises, or "no error".
sql_error() {
	local out
	if out=$(sql "$1" 2>&1); then
		echo "no error"
	else
		grep -m1 -o 'ERROR:.*' <<<"$out" || echo "$out"
	fi
}
# column N TEXT: field N of every row.
column() { cut -f"$1" <<<"$2"; }

ensure_citus
start=$SECONDS
# A setup step that fails (set -e) is a failed check too, not a silent stop: errtrace runs
# the trap in functions as well; in subshells (command substitutions) it does nothing.
set -E
trap '[ "$BASHPID" != $$ ] || fail "citus stage stopped: \"$BASH_COMMAND\" failed (line $LINENO)"' ERR
build_and_install
start_nodes
for i in 0 1 2; do
	sql $i <<<'CREATE EXTENSION citus;'
done
sql 0 >/dev/null <<SQL
SELECT citus_set_coordinator_host('$NODE_BASE', ${NODE_PORTS[0]});
SELECT citus_add_node('$NODE_BASE', ${NODE_PORTS[1]});
SELECT citus_add_node('$NODE_BASE', ${NODE_PORTS[2]});
SQL
check "Citus $(sql 0 <<<"SELECT extversion FROM pg_extension WHERE extname = 'citus'") has two active workers on Unix sockets" \
	"$(sql 0 <<<'SELECT count(*) FROM citus_get_active_worker_nodes()')" 2
# As a user would: on the coordinator only; Citus runs CREATE EXTENSION on the workers.
sql 0 <<<'CREATE EXTENSION probabilistic;'
version="SELECT extversion FROM pg_extension WHERE extname = 'probabilistic'"
check "CREATE EXTENSION probabilistic on the coordinator installs it on both workers" \
	"$(sql 1 <<<"$version") $(sql 2 <<<"$version")" "$(sql 0 <<<"$version") $(sql 0 <<<"$version")"

# ev: distributed by id, 8 shards over both workers; ev_local: the same rows in a plain table.
# Every group of grp (not the distribution column) has rows in every shard, so each aggregate
# below combines partial states from both workers. Some values are NULL.
sql 0 <<'SQL'
CREATE TABLE ev_local AS
SELECT g AS id, g % 5 AS grp, date '2026-01-05' + g % 28 AS day,
       nullif((g * 7919) % 3001, 17)::bigint AS user_id, 'name ' || g % 1500 AS name,
       (g % 300)::smallint AS s, (g % 4000)::integer AS i, (g % 700)::real AS r, (g % 900) / 8.0::float8 AS f,
       (g % 900)::numeric / 4 AS n, md5((g % 2500)::text)::uuid AS u,
       timestamptz '2026-01-05 00:00+00' + (g % 5000) * interval '7 minutes' AS ts
FROM generate_series(1, 20000) g;
CREATE TABLE ev (LIKE ev_local);
SET citus.shard_count = 8;
SELECT create_distributed_table('ev', 'id') \g /dev/null
INSERT INTO ev SELECT * FROM ev_local;
SQL
check "the distributed table's shards are on both workers and hold every row" \
	"$(sql 0 <<<"SELECT count(*) || ' shards on ' || count(DISTINCT nodeport) || ' workers, ' || (SELECT count(*) FROM ev) || ' rows'
		FROM citus_shards WHERE table_name = 'ev'::regclass")" \
	"8 shards on 2 workers, $(sql 0 <<<'SELECT count(*) FROM ev_local') rows"

# The aggregates whose state is a sketch type with a combine function: Citus runs them as
# worker_partial_agg(aggregate, args) on each shard and coord_combine_agg on the coordinator.
# Each entry: the aggregate's signature as Citus names it (regprocedure, types outside
# pg_catalog qualified); the select-list expression.
PUSHED=(
	"hll_add_agg(smallint);md5(hll_add_agg(s)::bytea)"
	"hll_add_agg(integer,integer);md5(hll_add_agg(i, 10)::bytea)"
	"hll_add_agg(bigint);md5(hll_add_agg(user_id)::bytea)"
	"hll_add_agg(real);md5(hll_add_agg(r)::bytea)"
	"hll_add_agg(double precision,integer);md5(hll_add_agg(f, 12)::bytea)"
	"hll_add_agg(numeric);md5(hll_add_agg(n)::bytea)"
	"hll_add_agg(public.sketch_text);md5(hll_add_agg(name)::bytea)"
	"hll_add_agg(bytea);md5(hll_add_agg(convert_to(name, 'UTF8'))::bytea)"
	"hll_add_agg(uuid);md5(hll_add_agg(u)::bytea)"
	"hll_add_agg(date);md5(hll_add_agg(day)::bytea)"
	"hll_add_agg(timestamp without time zone);md5(hll_add_agg(ts::timestamp)::bytea)"
	"hll_add_agg(timestamp with time zone);md5(hll_add_agg(ts)::bytea)"
	"hll_count_distinct(bigint);hll_count_distinct(user_id)"
	"hll_count_distinct(public.sketch_text);hll_count_distinct(name)"
	"hll_add_hash_agg(bigint);md5(hll_add_hash_agg(sketch_hash(name))::bytea)"
	"hll_union_agg(public.hll);md5(hll_union_agg(hll_add(hll_empty(), user_id))::bytea)"
	"hll_add_agg(bigint,integer,text);md5(hll_add_agg(user_id, 11, 'postgresql-hll')::bytea)"
	"hll_add_agg(public.sketch_text,integer,text);md5(hll_add_agg(name, 11, 'postgresql-hll')::bytea)"
	"hll_add_agg(integer,integer,text);md5(hll_add_agg(i, 14, 'redis')::bytea)"
	"ddsketch_agg(double precision);md5(ddsketch_agg(f)::bytea)"
	"ddsketch_agg(integer,double precision);md5(ddsketch_agg(i, 0.02)::bytea)"
	"ddsketch_agg(numeric,double precision,integer);md5(ddsketch_agg(n, 0.001, 64)::bytea)"
	"ddsketch_agg(real);md5(ddsketch_agg(r)::bytea)"
	"countmin_agg(bigint,double precision,double precision);md5(countmin_agg(user_id, 0.01, 0.5)::bytea)"
	"countmin_agg(public.sketch_text,bigint,double precision,double precision);md5(countmin_agg(name, i::bigint, 0.001, 0.5)::bytea)"
	"topk_agg(public.sketch_text,integer);md5(topk_agg(name, 2048)::bytea)"
	"topk_agg(integer,bigint);md5(topk_agg(s::integer, 3::bigint)::bytea)"
	"topk_agg(uuid,integer);md5(topk_agg(u, 4096)::bytea)"
	"bloom_agg(public.sketch_text,bigint,double precision);md5(bloom_agg(name, 5000, 0.01)::bytea)"
	"bloom_agg(bigint,bigint,double precision);md5(bloom_agg(user_id, 20000, 0.001)::bytea)"
	"bloom_agg(integer,bigint,double precision);md5(bloom_agg(i, 3000, 0.02)::bytea)"
	"bloom_agg(uuid,bigint,double precision);md5(bloom_agg(u, 1000, 0.05)::bytea)"
	"bloom_agg(date,bigint,double precision);md5(bloom_agg(day, 10, 0.01)::bytea)"
	"bloom_union_agg(public.bloom);md5(bloom_union_agg(bloom_add(bloom_empty(64, 0.01), name))::bytea)"
)
list=
for entry in "${PUSHED[@]}"; do list+="${list:+, }${entry#*;}"; done
plain=$(sql 0 <<<"SELECT $list FROM ev")
plain_local=$(sql 0 <<<"SELECT $list FROM ev_local")
grouped=$(sql 0 <<<"SELECT $list FROM ev GROUP BY grp ORDER BY grp")
grouped_local=$(sql 0 <<<"SELECT $list FROM ev_local GROUP BY grp ORDER BY grp")
plan=$(sql 0 <<<"EXPLAIN (VERBOSE, COSTS OFF) SELECT $list FROM ev")
grouped_plan=$(sql 0 <<<"EXPLAIN (VERBOSE, COSTS OFF) SELECT grp, $list FROM ev GROUP BY grp")
# The query each shard runs, and what the coordinator computes from the shards' rows.
task_query() { grep -m1 -o 'Query: .*' <<<"$1"; }
coordinator_output() { grep -m1 -o 'Output: .*' <<<"$1"; }
check "the grouped query runs on the workers grouped by grp" \
	"$(task_query "$grouped_plan" | grep -o 'GROUP BY grp$')" "GROUP BY grp"
k=0
for entry in "${PUSHED[@]}"; do
	k=$((k + 1))
	sig=${entry%%;*} expr=${entry#*;}
	expr=${expr#md5(} expr=${expr%::bytea)}
	check "$expr: same bytes on the distributed table as on a local one" \
		"$(column $k "$plain")" "$(column $k "$plain_local")"
	check "$expr: same bytes per group, GROUP BY a non-distribution column" \
		"$(column $k "$grouped")" "$(column $k "$grouped_local")"
	pushed=0
	for p in "$plan" "$grouped_plan"; do
		task_query "$p" | grep -qF "worker_partial_agg('public.$sig'::regprocedure" && pushed=$((pushed + 1))
	done
	check "$expr: EXPLAIN shows worker_partial_agg($sig) on the workers, with and without GROUP BY" "$pushed" 2
done
check "the coordinator only combines partial states: coord_combine_agg for each of the ${#PUSHED[@]} aggregates" \
	"$(coordinator_output "$grouped_plan" | grep -o 'coord_combine_agg(' | wc -l)" "${#PUSHED[@]}"
check "the groups' sketches differ (the comparison per group is not vacuous)" \
	"$(column 7 "$grouped" | sort -u | wc -l)" 5
# Citus calls the transition functions without the call expression, so they cannot see
# that the parameters are constants and check every row's against the first row's.
for expr in "bloom_agg(name, 5000 + id % 2, 0.01)" "hll_add_agg(user_id, 10 + (id % 2)::integer)"; do
	check "$expr: parameters that change between rows are the local error on the workers" \
		"$(sql_error 0 <<<"SELECT $expr FROM ev")" "$(sql_error 0 <<<"SELECT $expr FROM ev_local")"
done

# Rollups: daily sketches stored in a distributed table (distributed by grp, so the weekly
# union groups by a non-distribution column; an hll(12) column), unioned per week.
sql 0 <<'SQL'
CREATE TABLE daily_local AS
SELECT day, grp, hll_add_agg(user_id, 12)::hll(12) AS users, bloom_agg(name, 2000, 0.01) AS names
FROM ev_local GROUP BY day, grp;
CREATE TABLE daily (LIKE daily_local);
SET citus.shard_count = 8;
SELECT create_distributed_table('daily', 'grp') \g /dev/null
INSERT INTO daily SELECT day, grp, hll_add_agg(user_id, 12), bloom_agg(name, 2000, 0.01) FROM ev GROUP BY day, grp;
SQL
check "rollup: the column is hll(12) on the workers' shards too" \
	"$(sql 1 <<<"SELECT DISTINCT format_type(atttypid, atttypmod) FROM pg_attribute WHERE attname = 'users' AND attrelid::regclass::text LIKE 'daily_%'")" "hll(12)"
# A subquery with LIMIT makes Citus fetch the rows themselves (the sketches' send/recv or
# out/in functions), not expressions computed on the workers.
readback="SELECT md5(string_agg(users::text || names::text, ',' ORDER BY day, grp)) FROM"
for binary in on off; do
	check "rollup: the stored sketches fetched from the workers (citus.enable_binary_protocol = $binary) are the local ones" \
		"$(sql 0 <<<"SET citus.enable_binary_protocol = $binary; $readback (SELECT * FROM daily ORDER BY day, grp LIMIT 1000) d")" \
		"$(sql 0 <<<"$readback daily_local")"
done
weekly="SELECT date_trunc('week', day)::date, md5(hll_union_agg(users)::bytea), hll_cardinality(hll_union_agg(users)),
	md5(bloom_union_agg(names)::bytea)"
rollup=$(sql 0 <<<"$weekly FROM daily GROUP BY 1 ORDER BY 1")
rollup_local=$(sql 0 <<<"$weekly FROM daily_local GROUP BY 1 ORDER BY 1")
daily_rows="SELECT day, grp, md5(users::bytea), md5(names::bytea) FROM"
check "rollup: $(sql 0 <<<'SELECT count(*) FROM daily') daily sketches stored in a distributed table are the local ones" \
	"$(sql 0 <<<"$daily_rows daily ORDER BY day, grp")" "$(sql 0 <<<"$daily_rows daily_local ORDER BY day, grp")"
check "rollup: per-week hll_union_agg and bloom_union_agg of the daily sketches give the same bytes as locally" \
	"$(column 1,2,4 "$rollup")" "$(column 1,2,4 "$rollup_local")"
check "rollup: hll_cardinality of the weekly rollups is the local one" \
	"$(column 1,3 "$rollup")" "$(column 1,3 "$rollup_local")"
check "rollup: a week's union of daily sketches is the sketch of the week's rows" \
	"$(column 1,2 "$rollup")" \
	"$(sql 0 <<<"SELECT date_trunc('week', day)::date, md5(hll_add_agg(user_id, 12)::bytea) FROM ev GROUP BY 1 ORDER BY 1")"
check "rollup: weekly cardinality estimates within 5% of count(DISTINCT)" \
	"$(sql 0 <<<"SELECT count(*) FILTER (WHERE abs(est - exact) > 0.05 * exact) || ' of ' || count(*) || ' weeks off'
		FROM (SELECT date_trunc('week', day) AS week, hll_cardinality(hll_union_agg(users)) AS est FROM daily GROUP BY 1) r
		JOIN (SELECT date_trunc('week', day) AS week, count(DISTINCT user_id) AS exact FROM ev_local GROUP BY 1) e USING (week)")" \
	"0 of $(wc -l <<<"$rollup") weeks off"
rollup_plan=$(sql 0 <<<"EXPLAIN (VERBOSE, COSTS OFF) $weekly FROM daily GROUP BY 1")
check "rollup: EXPLAIN shows hll_union_agg and bloom_union_agg as worker_partial_agg on the workers" \
	"$(task_query "$rollup_plan" | grep -oE "worker_partial_agg\('public\.[a-z_]+\(public\.[a-z]+\)'" | sort -u)" \
	"worker_partial_agg('public.bloom_union_agg(public.bloom)'
worker_partial_agg('public.hll_union_agg(public.hll)'"

# cuckoo: a filter's bytes depend on the order of its adds (doc/CUCKOO.md), and a shard's
# partial filters arrive in any order, so these checks compare what the filter holds with the
# truth from the local table: as many items as non-NULL rows, every row's value found, per
# group too, and the aggregate run on the workers. Distinct values: copies of one value
# share two buckets, so repeated values fill a filter long before its capacity
# (doc/CUCKOO.md).
CUCKOO=(
	"cuckoo_agg(integer,bigint,double precision);cuckoo_agg(id, 25000, 0.01);id"
	"cuckoo_agg(bigint,bigint,double precision);cuckoo_agg(id::bigint * 7, 25000, 0.01);id::bigint * 7"
	"cuckoo_agg(public.sketch_text,bigint,double precision);cuckoo_agg(md5(id::text), 25000, 0.01);md5(id::text)"
	"cuckoo_agg(timestamp with time zone,bigint,double precision);cuckoo_agg(ts + id * interval '1 s', 25000, 0.001);ts + id * interval '1 s'"
)
for entry in "${CUCKOO[@]}"; do
	IFS=';' read -r sig expr x <<<"$entry"
	held=$(sql 0 <<SQL
CREATE TABLE cuckoo_whole AS SELECT $expr AS c FROM ev;
CREATE TABLE cuckoo_grouped AS SELECT grp, $expr AS c FROM ev GROUP BY grp;
SELECT 'all', cuckoo_cardinality(c), (SELECT count(*) FROM ev_local WHERE NOT w.c @> ($x)) FROM cuckoo_whole w;
SELECT grp, cuckoo_cardinality(c), (SELECT count(*) FROM ev_local l WHERE l.grp = g.grp AND NOT g.c @> ($x))
FROM cuckoo_grouped g ORDER BY grp;
DROP TABLE cuckoo_whole, cuckoo_grouped;
SQL
)
	check "$expr: on the distributed table, as many items as rows and every row's value found, in all and per group" \
		"$held" \
		"$(sql 0 <<<"SELECT 'all', count($x), 0 FROM ev_local; SELECT grp, count($x), 0 FROM ev_local GROUP BY grp ORDER BY grp")"
	pushed=0
	for q in "SELECT $expr FROM ev" "SELECT grp, $expr FROM ev GROUP BY grp"; do
		task_query "$(sql 0 <<<"EXPLAIN (VERBOSE, COSTS OFF) $q")" |
			grep -qF "worker_partial_agg('public.$sig'::regprocedure" && pushed=$((pushed + 1))
	done
	check "$expr: EXPLAIN shows worker_partial_agg($sig) on the workers, with and without GROUP BY" "$pushed" 2
done
# cuckoo_union_agg over filters stored in a distributed table (distributed by day), unioned
# per grp on the workers: the union holds every copy of every part.
sql 0 <<'SQL'
CREATE TABLE cuckoo_parts_local AS SELECT day, grp, cuckoo_agg(id, 5000, 0.01) AS c FROM ev_local GROUP BY day, grp;
CREATE TABLE cuckoo_parts (LIKE cuckoo_parts_local);
SET citus.shard_count = 8;
SELECT create_distributed_table('cuckoo_parts', 'day') \g /dev/null
INSERT INTO cuckoo_parts SELECT * FROM cuckoo_parts_local;
CREATE TABLE cuckoo_unions AS SELECT grp, cuckoo_union_agg(c) AS u FROM cuckoo_parts GROUP BY grp;
SQL
check "cuckoo_union_agg per grp of filters stored in a distributed table: every item and every row's value" \
	"$(sql 0 <<<"SELECT grp, cuckoo_cardinality(u), (SELECT count(*) FROM ev_local l WHERE l.grp = n.grp AND NOT n.u @> l.id) FROM cuckoo_unions n ORDER BY grp")" \
	"$(sql 0 <<<"SELECT grp, count(*), 0 FROM ev_local GROUP BY grp ORDER BY grp")"
check "cuckoo_union_agg: EXPLAIN shows worker_partial_agg(cuckoo_union_agg(public.cuckoo)) on the workers" \
	"$(task_query "$(sql 0 <<<"EXPLAIN (VERBOSE, COSTS OFF) SELECT grp, cuckoo_union_agg(c) FROM cuckoo_parts GROUP BY grp")" |
		grep -oF "worker_partial_agg('public.cuckoo_union_agg(public.cuckoo)'::regprocedure" | head -1)" \
	"worker_partial_agg('public.cuckoo_union_agg(public.cuckoo)'::regprocedure"
check "cuckoo: stored filters fetched from the workers are the local ones, byte for byte" \
	"$(sql 0 <<<"SELECT md5(string_agg(c::text, ',' ORDER BY day, grp)) FROM (SELECT * FROM cuckoo_parts ORDER BY day, grp LIMIT 1000) p")" \
	"$(sql 0 <<<"SELECT md5(string_agg(c::text, ',' ORDER BY day, grp)) FROM cuckoo_parts_local")"

# countmin with several rows (delta below e^-1): conservative update makes its cells depend
# on the order of the adds, so the check is the guarantee against the truth from the local
# table: the same total, no value's count below its true count, per group too, on the workers.
cm_held() {
	sql 0 <<SQL
CREATE TABLE cm_result AS SELECT grp, countmin_agg(name) AS s FROM $1 GROUP BY grp;
SELECT r.grp, countmin_total(r.s), count(*) FILTER (WHERE countmin_count(r.s, t.name) < t.n)
FROM cm_result r JOIN (SELECT grp, name, count(*) AS n FROM ev_local GROUP BY grp, name) t USING (grp)
GROUP BY r.grp, r.s ORDER BY 1;
DROP TABLE cm_result;
SQL
}
check "countmin_agg(name) (5 rows): per group the total of the rows and no name's count below its true count, as locally" \
	"$(cm_held ev)" "$(sql 0 <<<"SELECT grp, count(name), 0 FROM ev_local GROUP BY grp ORDER BY grp")"
check "countmin_agg(name): EXPLAIN shows worker_partial_agg(countmin_agg(public.sketch_text)) on the workers" \
	"$(task_query "$(sql 0 <<<"EXPLAIN (VERBOSE, COSTS OFF) SELECT grp, countmin_agg(name) FROM ev GROUP BY grp")" |
		grep -oF "worker_partial_agg('public.countmin_agg(public.sketch_text)'::regprocedure" | head -1)" \
	"worker_partial_agg('public.countmin_agg(public.sketch_text)'::regprocedure"
# topk with purges (16 counters for 4,000 values): which counters survive depends on the
# order of the rows, so the check is the guarantee against the truth from the local table:
# every reported item's bounds hold its true count, and every item counted more than
# N / 17 times is reported, per group too, on the workers.
tk_held=$(sql 0 <<'SQL'
CREATE TABLE tk_result AS SELECT grp, topk_agg(i % 50 + (i % 7) * (i % 3), 16) AS s, count(*) AS n FROM ev GROUP BY grp;
SELECT r.grp,
       (SELECT count(*) FROM topk_items(r.s, 16, NULL::integer) t
         JOIN (SELECT i % 50 + (i % 7) * (i % 3) AS item, count(*) AS c FROM ev_local l WHERE l.grp = r.grp GROUP BY 1) e USING (item)
         WHERE NOT e.c BETWEEN t.lower AND t.upper),
       (SELECT count(*) FROM (SELECT i % 50 + (i % 7) * (i % 3) AS item, count(*) AS c FROM ev_local l WHERE l.grp = r.grp GROUP BY 1) e
         WHERE e.c > r.n / 17 AND e.item NOT IN (SELECT item FROM topk_items(r.s, 16, NULL::integer)))
FROM tk_result r ORDER BY 1;
DROP TABLE tk_result;
SQL
)
check "topk_agg(x, 16) with purges on the workers: per group, every reported item's bounds hold its true count, none above N/17 missed" \
	"$tk_held" "$(sql 0 <<<"SELECT grp, 0, 0 FROM ev_local GROUP BY grp ORDER BY grp")"
# ddsketch and countmin rollups: daily sketches in a distributed table, unioned per grp on the
# workers; a ddsketch union is the bytes of the whole, whatever the order.
sql 0 <<'SQL'
CREATE TABLE daily_q_local AS SELECT day, grp, ddsketch_agg(f) AS q, countmin_agg(i, 0.01, 0.5) AS c FROM ev_local GROUP BY day, grp;
CREATE TABLE daily_q (LIKE daily_q_local);
SET citus.shard_count = 8;
SELECT create_distributed_table('daily_q', 'day') \g /dev/null
INSERT INTO daily_q SELECT * FROM daily_q_local;
SQL
rollup_q="SELECT grp, md5(ddsketch_union_agg(q)::bytea), md5(countmin_union_agg(c)::bytea) FROM"
check "rollup: ddsketch_union_agg and countmin_union_agg per grp of daily sketches in a distributed table are the bytes of the group's rows" \
	"$(sql 0 <<<"$rollup_q daily_q GROUP BY grp ORDER BY grp")" \
	"$(sql 0 <<<"SELECT grp, md5(ddsketch_agg(f)::bytea), md5(countmin_agg(i, 0.01, 0.5)::bytea) FROM ev_local GROUP BY grp ORDER BY grp")"
check "rollup: EXPLAIN shows ddsketch_union_agg and countmin_union_agg as worker_partial_agg on the workers" \
	"$(task_query "$(sql 0 <<<"EXPLAIN (VERBOSE, COSTS OFF) $rollup_q daily_q GROUP BY grp")" | grep -oE "worker_partial_agg\('public\.[a-z_]+\(public\.[a-z]+\)'" | sort -u)" \
	"worker_partial_agg('public.countmin_union_agg(public.countmin)'
worker_partial_agg('public.ddsketch_union_agg(public.ddsketch)'"
check "ddsketch on Citus: p50 and p99 of f within 1% of the exact percentile_disc" \
	"$(sql 0 <<<"SELECT abs(quantile(s, 0.5) - e50) <= 0.01 * abs(e50), abs(quantile(s, 0.99) - e99) <= 0.01 * abs(e99)
		FROM (SELECT ddsketch_agg(f) AS s FROM ev) d,
		     (SELECT percentile_disc(0.5) WITHIN GROUP (ORDER BY f) AS e50, percentile_disc(0.99) WITHIN GROUP (ORDER BY f) AS e99 FROM ev_local) e")" \
	"t	t"

# BEGIN issue-26 kll: kll_agg's typed overloads push down (worker_partial_agg, combined on the
# coordinator by kll_agg_combine); a kll union is not the bytes of one sketch of the rows, so
# the checks are the exact count and ranks within the rank error of the exact fractions
# (DataSketches' 2.296 / k^0.9723 at k = 200, doc/FORMAT.md 10.6, computed here: not
# kll_rank_error, the code under test).
kll_plan=$(sql 0 <<<"EXPLAIN (VERBOSE, COSTS OFF) SELECT grp, kll_agg(f), kll_agg(i, 100), kll_agg(n), kll_agg(r) FROM ev GROUP BY grp")
check "kll_agg over double precision, integer (with k), numeric and real: EXPLAIN shows worker_partial_agg on the workers" \
	"$(task_query "$kll_plan" | grep -oE "worker_partial_agg\('public\.kll_agg\([a-z ,]+\)'" | sort -u | wc -l)" 4
kll_within="SELECT kll_count(s) = n, abs(quantile_rank(s, e50) - r50) <= 2.296::float8 / 200::float8 ^ 0.9723::float8,
		abs(quantile_rank(s, e99) - r99) <= 2.296::float8 / 200::float8 ^ 0.9723::float8"
kll_exact="(SELECT count(f) AS n, e50, e99, avg((f <= e50)::int)::float8 AS r50, avg((f <= e99)::int)::float8 AS r99
		FROM ev_local, (SELECT percentile_disc(0.5) WITHIN GROUP (ORDER BY f) AS e50,
		                       percentile_disc(0.99) WITHIN GROUP (ORDER BY f) AS e99 FROM ev_local) p GROUP BY e50, e99) e"
check "kll on Citus: kll_agg(f) of the distributed table counts every row, and the ranks of the exact p50 and p99 are within the rank error" \
	"$(sql 0 <<<"$kll_within FROM (SELECT kll_agg(f) AS s FROM ev) d, $kll_exact")" "t	t	t"
sql 0 <<'SQL'
CREATE TABLE daily_k_local AS SELECT day, grp, kll_agg(f) AS s FROM ev_local GROUP BY day, grp;
CREATE TABLE daily_k (LIKE daily_k_local);
SET citus.shard_count = 8;
SELECT create_distributed_table('daily_k', 'day') \g /dev/null
INSERT INTO daily_k SELECT * FROM daily_k_local;
SQL
check "rollup: EXPLAIN shows kll_union_agg of daily sketches in a distributed table as worker_partial_agg on the workers" \
	"$(task_query "$(sql 0 <<<"EXPLAIN (VERBOSE, COSTS OFF) SELECT grp, kll_union_agg(s) FROM daily_k GROUP BY grp")" | grep -oE "worker_partial_agg\('public\.kll_union_agg\(public\.kll\)'" | sort -u)" \
	"worker_partial_agg('public.kll_union_agg(public.kll)'"
check "rollup: kll_union_agg of the daily sketches counts every row, ranks within the rank error" \
	"$(sql 0 <<<"$kll_within FROM (SELECT kll_union_agg(s) AS s FROM daily_k) d, $kll_exact")" "t	t	t"
# END issue-26

# What does not push down. Citus 13 runs an aggregate on the workers through
# worker_partial_agg only when its state type is not a pseudo-type (so not `internal`) and
# it has a combine function. Otherwise (citus.coordinator_aggregation_strategy =
# 'row-gather', the default) it pulls the argument rows to the coordinator and aggregates
# there; with 'disabled' it refuses the query.
for expr in "bloom_agg(name)" "bloom_agg(user_id, 0.05)"; do
	gathered_plan=$(sql 0 <<<"EXPLAIN (VERBOSE, COSTS OFF) SELECT grp, $expr FROM ev GROUP BY grp")
	check "$expr (internal state): the workers send rows, the coordinator aggregates them" \
		"$(task_query "$gathered_plan" | grep -c 'bloom_agg(\|worker_partial_agg\|GROUP BY'); $(coordinator_output "$gathered_plan" | grep -o 'bloom_agg(remote_scan\.')" \
		"0; bloom_agg(remote_scan."
	check "$expr (rows pulled to the coordinator): same bytes as locally, with and without GROUP BY" \
		"$(sql 0 <<<"SELECT md5($expr::bytea) FROM ev; SELECT grp, md5($expr::bytea) FROM ev GROUP BY grp ORDER BY grp")" \
		"$(sql 0 <<<"SELECT md5($expr::bytea) FROM ev_local; SELECT grp, md5($expr::bytea) FROM ev_local GROUP BY grp ORDER BY grp")"
	check "$expr with citus.coordinator_aggregation_strategy = 'disabled': Citus refuses it" \
		"$(sql_error 0 <<<"SET citus.coordinator_aggregation_strategy = 'disabled'; SELECT grp, $expr FROM ev GROUP BY grp")" \
		"ERROR:  unsupported aggregate function bloom_agg"
done

# A capacity from hll_count_distinct (which pushes down) in the same query: Citus runs the
# count first as a subplan, then bloom_agg(x, capacity, fpr) on the workers.
sized="SELECT bloom_agg(name, (SELECT hll_count_distinct(name) FROM ev)::bigint, 0.01)"
sized_plan=$(sql 0 <<<"EXPLAIN (VERBOSE, COSTS OFF) $sized FROM ev")
check "alternative: bloom_agg(x, (SELECT hll_count_distinct(x) ...), fpr) runs both aggregates on the workers" \
	"$(grep -o "Query: .*worker_partial_agg('public\.[a-z_]*([a-z_ ,.]*)'" <<<"$sized_plan" | grep -o "'public.*'")" \
	"'public.hll_count_distinct(public.sketch_text)'
'public.bloom_agg(public.sketch_text,bigint,double precision)'"
check "alternative: that filter has the estimated capacity and every value" \
	"$(sql 0 <<<"SELECT (bloom_info(s.filter)->>'capacity')::bigint, (SELECT bool_and(s.filter @> name) FROM ev_local) FROM ($sized AS filter FROM ev) s")" \
	"$(sql 0 <<<"SELECT hll_count_distinct(name) || E'\\tt' FROM ev_local")"

# The anyelement fallbacks (types without an overload; time here) keep a sketch state, so
# Citus plans them with worker_partial_agg, whose type check compares the declared argument
# type (anyelement) with the actual one and fails on the workers, before our function runs.
# citext (since 0.5.0) takes the anyelement forms too: refused, never hashed as text on the
# workers and as citext locally.
sql 0 <<<'CREATE EXTENSION IF NOT EXISTS citext;'
for expr in "hll_add_agg(ts::time)" "hll_add_agg(ts::time, 10)" "hll_count_distinct(ts::time)" \
	"bloom_agg(ts::time, 1000, 0.01)" "hll_add_agg(name::citext)" "bloom_agg(name::citext, 1000, 0.01)"; do
	check "$expr (anyelement, not grouped by the distribution column): Citus's worker type check refuses it" \
		"$(sql_error 0 <<<"SELECT $expr FROM ev")" \
		"ERROR:  worker_partial_agg_sfunc could not confirm type correctness"
done
check "bloom_agg(ts::time) (anyelement, internal state): rows pulled to the coordinator, same bytes as locally" \
	"$(sql 0 <<<"SELECT md5(bloom_agg(ts::time)::bytea) FROM ev")" \
	"$(sql 0 <<<"SELECT md5(bloom_agg(ts::time)::bytea) FROM ev_local")"
# Alternatives: hash on the workers with sketch_hash (the same hash the anyelement form
# uses) and aggregate the hashes; or group by the distribution column, where Citus sends the
# whole aggregate to the workers as it is written.
# A sketch of hashes records no kind (doc/FORMAT.md 2.5): every other byte is the same.
nokind() { echo "md5(overlay(overlay(($1)::bytea PLACING '\\x01'::bytea FROM 2) PLACING '\\x0000'::bytea FROM 7))"; }
check "alternative: hll_add_hash_agg(sketch_hash(ts::time)) on the distributed table is hll_add_agg(ts::time) locally, but for its kind" \
	"$(sql 0 <<<"SELECT $(nokind "hll_add_hash_agg(sketch_hash(ts::time))"), $(nokind "hll_add_hash_agg(sketch_hash(ts::time), 10)") FROM ev")" \
	"$(sql 0 <<<"SELECT $(nokind "hll_add_agg(ts::time)"), $(nokind "hll_add_agg(ts::time, 10)") FROM ev_local")"
check "alternative: bloom_agg(x::text, capacity, fpr) on the workers, the local bytes, and @> x::text finds every value" \
	"$(sql 0 <<<"SELECT md5(s.filter::bytea), (SELECT bool_and(s.filter @> ts::time::text) FROM ev_local) FROM (SELECT bloom_agg(ts::time::text, 6000, 0.01) AS filter FROM ev) s")" \
	"$(sql 0 <<<"SELECT md5(bloom_agg(ts::time::text, 6000, 0.01)::bytea) || E'\\tt' FROM ev_local")"
by_id="SELECT id, md5(hll_add_agg(ts::time)::bytea), hll_count_distinct(ts::time), md5(bloom_agg(ts::time, 10, 0.01)::bytea),
	md5(bloom_agg(name)::bytea) FROM"
by_id_plan=$(sql 0 <<<"EXPLAIN (VERBOSE, COSTS OFF) $by_id ev WHERE id % 10 = 0 GROUP BY id")
check "alternative: GROUP BY the distribution column sends the aggregates to the workers as written" \
	"$(task_query "$by_id_plan" | grep -o 'hll_add_agg(\|hll_count_distinct(\|bloom_agg(\|worker_partial_agg' | sort | uniq -c | tr -s ' ')" \
	" 2 bloom_agg(
 1 hll_add_agg(
 1 hll_count_distinct("
check "alternative: GROUP BY the distribution column, anyelement and auto-sized aggregates give the local bytes" \
	"$(sql 0 <<<"$by_id ev WHERE id % 10 = 0 GROUP BY id ORDER BY id")" \
	"$(sql 0 <<<"$by_id ev_local WHERE id % 10 = 0 GROUP BY id ORDER BY id")"

# Zero rows. The final function runs on the coordinator inside coord_combine_agg, which
# passes on neither the call nor, over zero rows, a state: the final function cannot
# read the call's parameters (hll_add_agg(x, p)'s p, bloom_agg(x, capacity, fpr)'s size),
# nor even which aggregate it finishes, so it returns NULL (unknown), never a guess;
# locally the same calls give empty values. The counts are 0 in both.
zero="SELECT md5(hll_add_agg(user_id)::bytea), hll_count_distinct(user_id),
	md5(hll_union_agg(hll_add(hll_empty(), user_id))::bytea), bloom_union_agg(bloom_add(bloom_empty(64, 0.01), name)) IS NULL,
	hll_precision(hll_add_agg(user_id, 10)), bloom_agg(name, 100, 0.01) IS NULL,
	md5(coalesce(hll_add_agg(user_id, 10), hll_empty(10))::bytea), md5(coalesce(bloom_agg(name, 100, 0.01), bloom_empty(100, 0.01))::bytea),
	hll_add_agg(user_id) IS NULL, hll_union_agg(hll_add(hll_empty(), user_id)) IS NULL"
zeros=$(sql 0 <<<"$zero FROM ev WHERE user_id < 0")
zeros_local=$(sql 0 <<<"$zero FROM ev_local WHERE user_id < 0")
check "zero rows: hll_count_distinct(x) is 0 and bloom_union_agg NULL, as locally" \
	"$(column 2,4 "$zeros")" "$(column 2,4 "$zeros_local")"
check "zero rows: hll_add_agg(x), hll_union_agg(h), hll_add_agg(x, 10), bloom_agg(x, 100, 0.01) are NULL on Citus, empty values locally" \
	"$(column 5,6,9,10 "$zeros") $(column 5,6,9,10 "$zeros_local")" "$(printf '\tt\tt\tt 10\tf\tf\tf')"
# coalesce with an empty value of the wanted parameters gives the local results over zero
# rows and changes nothing over some rows.
check "zero rows: coalesce(hll_add_agg(x, 10), hll_empty(10)) and coalesce(bloom_agg(x, c, f), bloom_empty(c, f)) give the local bytes" \
	"$(column 7,8 "$zeros")" "$(column 7,8 "$zeros_local")"
some="SELECT md5(hll_add_agg(user_id, 10)::bytea), md5(bloom_agg(name, 100, 0.01)::bytea), md5(coalesce(hll_add_agg(user_id, 10), hll_empty(10))::bytea),
	md5(coalesce(bloom_agg(name, 100, 0.01), bloom_empty(100, 0.01))::bytea)"
somes=$(sql 0 <<<"$some FROM ev WHERE user_id < 100")
check "some rows: coalesce(hll_add_agg(x, 10), hll_empty(10)) is hll_add_agg(x, 10), coalesce(bloom_agg(...), ...) is bloom_agg(...)" \
	"$(column 1,2 "$somes")" "$(column 3,4 "$somes")"
check "some rows: the same, locally" "$somes" "$(sql 0 <<<"$some FROM ev_local WHERE user_id < 100")"

# BEGIN issue-28 agebloom
# The time-window agebloom_agg: its counts and slices do not depend on the order of the adds
# (doc/FORMAT.md 11.3), so the union of the shards' partial filters has the local one's
# counts and slices (bytes 89 on; the items-added field counts the adds that changed a
# partial filter, which may include some the whole filter had already forgotten), in all
# and per group, every row of the last day is found, and it runs as worker_partial_agg.
AGEBLOOM=(
	"agebloom_agg(bigint,interval,bigint,double precision,timestamp with time zone);agebloom_agg(user_id, interval '1 day', 5000, 0.01, ts);user_id"
	"agebloom_agg(public.sketch_text,interval,bigint,double precision,timestamp with time zone);agebloom_agg(name, interval '1 day', 5000, 0.001, ts);name"
)
for entry in "${AGEBLOOM[@]}"; do
	IFS=';' read -r sig expr x <<<"$entry"
	ab="SELECT 'all', md5(substring(($expr)::bytea FROM 89)) FROM @T@;
SELECT grp, md5(substring(($expr)::bytea FROM 89)) FROM @T@ GROUP BY grp ORDER BY grp"
	check "$expr: on the distributed table, the local filter's counts and slices, in all and per group" \
		"$(sql 0 <<<"${ab//@T@/ev}")" "$(sql 0 <<<"${ab//@T@/ev_local}")"
	check "$expr: every row of the last day found in the distributed table's filter" \
		"$(sql 0 <<<"SELECT count(*) FROM ev_local e, (SELECT $expr AS filter, max(ts) AS newest FROM ev) a
			WHERE e.$x IS NOT NULL AND e.ts > a.newest - interval '1 day' AND NOT agebloom_contains(a.filter, e.$x, a.newest)")" 0
	pushed=0
	for q in "SELECT $expr FROM ev" "SELECT grp, $expr FROM ev GROUP BY grp"; do
		task_query "$(sql 0 <<<"EXPLAIN (VERBOSE, COSTS OFF) $q")" |
			grep -qF "worker_partial_agg('public.$sig'::regprocedure" && pushed=$((pushed + 1))
	done
	check "$expr: EXPLAIN shows worker_partial_agg($sig) on the workers, with and without GROUP BY" "$pushed" 2
done
# END issue-28

# BEGIN issue-28 fuse
# fuse_agg and fuse_keys_agg keep a key set (sorted distinct hashes) as their state: the
# shards' partial key sets, sent as text or binary, unite on the coordinator into the local
# key set, and the filter built from it is the local one byte for byte, in all and per group
# (a non-distribution column), with every row's value found, run as worker_partial_agg
# through the typed overloads (Citus cannot learn an anyelement argument's type).
FUSE=(
	"fuse_agg(bigint);fuse_agg(user_id);user_id"
	"fuse_agg(public.sketch_text,double precision);fuse_agg(name, 0.001);name"
	"fuse_agg(integer,double precision,bigint);fuse_agg(i, 0.0001, 7);i"
	"fuse_agg(uuid);fuse_agg(u);u"
	"fuse_keys_agg(timestamp with time zone);fuse_keys_agg(ts);ts"
	"fuse_keys_agg(numeric,double precision);fuse_keys_agg(n, 0.01);n"
)
for binary in on off; do
	for entry in "${FUSE[@]}"; do
		IFS=';' read -r sig expr x <<<"$entry"
		fu="SET citus.enable_binary_protocol = $binary;
SELECT 'all', md5(($expr)::bytea) FROM @T@;
SELECT grp, md5(($expr)::bytea) FROM @T@ GROUP BY grp ORDER BY grp"
		check "$expr (citus.enable_binary_protocol = $binary): same bytes on the distributed table as locally, in all and per group" \
			"$(sql 0 <<<"${fu//@T@/ev}")" "$(sql 0 <<<"${fu//@T@/ev_local}")"
	done
done
for entry in "${FUSE[@]}"; do
	IFS=';' read -r sig expr x <<<"$entry"
	check "$expr: every row's value found in the distributed table's value, in all and per group" \
		"$(sql 0 <<<"SELECT count(*) FROM ev_local e, (SELECT $expr AS f FROM ev) a WHERE e.$x IS NOT NULL AND NOT a.f @> e.$x;
			SELECT count(*) FROM ev_local e JOIN (SELECT grp, $expr AS f FROM ev GROUP BY grp) a USING (grp)
			WHERE e.$x IS NOT NULL AND NOT a.f @> e.$x")" "$(printf '0\n0')"
	pushed=0
	for q in "SELECT $expr FROM ev" "SELECT grp, $expr FROM ev GROUP BY grp"; do
		task_query "$(sql 0 <<<"EXPLAIN (VERBOSE, COSTS OFF) $q")" |
			grep -qF "worker_partial_agg('public.$sig'::regprocedure" && pushed=$((pushed + 1))
	done
	check "$expr: EXPLAIN shows worker_partial_agg($sig) on the workers, with and without GROUP BY" "$pushed" 2
done
# Citus passes no call expression: a rate that changes between rows is the local error.
check "fuse_agg(name, 0.01 / (1 + id % 2)): parameters that change between rows are the local error on the workers" \
	"$(sql_error 0 <<<"SELECT fuse_agg(name, 0.01 / (1 + id % 2)) FROM ev")" \
	"$(sql_error 0 <<<"SELECT fuse_agg(name, 0.01 / (1 + id % 2)) FROM ev_local")"
# Rollups: daily key sets stored in a distributed table (distributed by day), united per grp
# by fuse_union_agg on the workers and built: the local filter of the group's rows.
sql 0 <<'SQL'
CREATE TABLE fuse_daily_local AS SELECT day, grp, fuse_keys_agg(user_id) AS k FROM ev_local GROUP BY day, grp;
CREATE TABLE fuse_daily (LIKE fuse_daily_local);
SET citus.shard_count = 8;
SELECT create_distributed_table('fuse_daily', 'day') \g /dev/null
INSERT INTO fuse_daily SELECT * FROM fuse_daily_local;
SQL
check "rollup: fuse_build(fuse_union_agg(k)) of daily key sets in a distributed table is fuse_agg of the group's rows" \
	"$(sql 0 <<<"SELECT grp, md5(fuse_build(fuse_union_agg(k))::bytea) FROM fuse_daily GROUP BY grp ORDER BY grp")" \
	"$(sql 0 <<<"SELECT grp, md5(fuse_agg(user_id)::bytea) FROM ev_local GROUP BY grp ORDER BY grp")"
check "rollup: EXPLAIN shows fuse_union_agg as worker_partial_agg on the workers" \
	"$(task_query "$(sql 0 <<<"EXPLAIN (VERBOSE, COSTS OFF) SELECT grp, fuse_union_agg(k) FROM fuse_daily GROUP BY grp")" |
		grep -oE "worker_partial_agg\('public\.fuse_union_agg\(public\.fuse\)'" | sort -u)" \
	"worker_partial_agg('public.fuse_union_agg(public.fuse)'"
# END issue-28

log "citus stage: $((SECONDS - start)) s"
finish_checks
