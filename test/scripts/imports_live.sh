#!/usr/bin/env bash
# hll_import / hll_export against the live producers (issue 25). postgresql-hll
# (Citus's extension 'hll', Debian's postgresql-15-hll) in the test cluster,
# ours in schema prob beside it (as side_by_side.sh):
#   - round trips byte for byte: hll_export(hll_import(b)) = b for sketches
#     postgresql-hll builds over a sampled grid of log2m 4-17, regwidth 1-7,
#     expthresh -1/0/1/16/256, sparse on and off, n from 0 to 10^5, every
#     representation (EMPTY, EXPLICIT, SPARSE, FULL) counted;
#   - continuing: a sketch imported from postgresql-hll's hll_add_agg over rows
#     R1, unioned with our hll_add_agg(x, 11, 'postgresql-hll') over R2, exports
#     to the bytes postgresql-hll builds over R1 and R2, for bigint, integer,
#     text and bytea columns; hll_add does the same one value at a time; a
#     rollup column converted in place keeps merging with new days;
#   - estimates on imported sketches: real numbers where postgresql-hll gives
#     NaN (regwidth 6 and 7), and as accurate as our own sketches at the same
#     precision over 60 sets of known size (printed as "# " lines);
#   - Redis (Debian's redis-server, installed when missing; a server this script
#     starts on a Unix socket and stops; a "skip - " line only when it is not
#     installed and cannot be, without root): PFADD keys of both
#     encodings import with PFCOUNT's estimate and export byte for byte;
#     hll_add_agg(x, 14, 'redis') has the registers of PFADD of the same
#     strings; a continued sketch SET back into Redis counts as PFADD of all
#     the rows, and PFMERGE accepts it.
# Runs against PGHOST/PGPORT as a superuser (test/run_tests.sh).
set -euo pipefail
cd "$(dirname "$0")/../.."
. test/cluster.sh
ensure_packages "postgresql-$PG_MAJOR-hll"
# The Redis checks below say skip rather than fail when no package can be installed here.
ensure_packages redis-server || true
. test/checks.sh

DB=prob_imports_live
sql() { psql -X -q -At -v ON_ERROR_STOP=1 -d "$DB" "$@"; }
cleanup() { psql -X -q -d postgres -c "DROP DATABASE IF EXISTS $DB" 2>/dev/null || true; }
trap cleanup EXIT
cleanup
psql -X -q -d postgres -c "CREATE DATABASE $DB"
sql -c "CREATE EXTENSION hll" -c "CREATE SCHEMA prob" -c "CREATE EXTENSION probabilistic SCHEMA prob"
# Whatever a session set before, postgresql-hll's defaults and packing (hll_set_max_sparse(-1)).
sql -c "CREATE TABLE hv AS SELECT i, hll_hash_bigint(i) AS h FROM generate_series(1, 100000) i"

# ---- round trips over the grid -------------------------------------------------------------
# Each (log2m, regwidth) pair gets one expthresh and one sparseon (cycling), and
# the sizes below; every seventh pair also 10^5; every combination of the five
# expthresh values and sparse on and off, 5 and 600 values. EMPTY from
# hll_empty, whose aggregate over no rows is NULL.
got=$(sql -c "
	WITH pairs AS (
		SELECT l, w, (ARRAY[-1, 0, 1, 16, 256])[1 + (l * 7 + w) % 5] AS e, (l + w) % 2 AS s
		FROM generate_series(4, 17) l, generate_series(1, 7) w
	), grid AS (
		SELECT l, w, e, s, n FROM pairs, unnest(ARRAY[0, 1, 3, 40, 700, 9000]) n
		UNION ALL SELECT l, w, e, s, 100000 FROM pairs WHERE (l + w) % 7 = 0
		-- and the whole grid (every expthresh, sparse on and off) at two sizes
		UNION ALL SELECT l, w, e, s, n FROM generate_series(4, 17) l, generate_series(1, 7) w,
		                 unnest(ARRAY[-1, 0, 1, 16, 256]) e, generate_series(0, 1) s, unnest(ARRAY[5, 600]) n
	), built AS (
		SELECT CASE WHEN n = 0 THEN hll_send(hll_empty(l, w, e, s))
		            ELSE (SELECT hll_send(hll_add_agg(hll_hash_bigint(i), l, w, e, s)) FROM generate_series(1, n) i) END AS b
		FROM grid
	)
	SELECT string_agg(t || ':' || (total > 0 AND same = total), ' ' ORDER BY t) || ' ' || sum(total) || '=' || sum(same)
	FROM (SELECT get_byte(b, 0) & 15 AS t, count(*) AS total,
	             count(*) FILTER (WHERE prob.hll_export(prob.hll_import(b, 'postgresql-hll'), 'postgresql-hll') = b) AS same
	      FROM built GROUP BY 1) c")
total=${got##* }
echo "# round trips: $total (representation:all-equal = ${got% *})"
check "EMPTY, EXPLICIT, SPARSE and FULL all come back byte for byte over the grid" \
	"${got% *} ${total%=*}" "1:true 2:true 3:true 4:true ${total#*=}"
check "the grid has at least 2,500 sketches" "$([ "${total%=*}" -ge 2500 ] && echo yes)" "yes"

check "a seed is kept: imported with seed 7, hll_add continues as hll_hash_bigint(x, 7)" \
	"$(sql -c "SELECT prob.hll_export(prob.hll_add(prob.hll_import(hll_send(hll_add_agg(hll_hash_bigint(i, 7))),
	                                                         'postgresql-hll', 7), 101::bigint), 'postgresql-hll')
	             = (SELECT hll_send(hll_add_agg(hll_hash_bigint(j, 7))) FROM generate_series(1, 101) j)
	           FROM generate_series(1, 100) i")" "t"

# ---- continuing ----------------------------------------------------------------------------
# R1 = 1..a (theirs), R2 = b..c (ours), overlapping; default parameters (log2m 11, regwidth 5).
for type in bigint integer text bytea; do
	case $type in
		bigint) val="x::bigint" theirs="hll_hash_bigint(x::bigint)" ;;
		integer) val="x::integer" theirs="hll_hash_integer(x::integer)" ;;
		text) val="'user-' || x" theirs="hll_hash_text('user-' || x)" ;;
		bytea) val="sha224(x::text::bytea)" theirs="hll_hash_bytea(sha224(x::text::bytea))" ;;
	esac
	got=$(sql -c "
		SELECT string_agg((prob.hll_export(prob.hll_union(
		           prob.hll_import((SELECT hll_send(hll_add_agg($theirs)) FROM generate_series(1, a) x), 'postgresql-hll'),
		           (SELECT prob.hll_add_agg($val, 11, 'postgresql-hll') FROM generate_series(b, c) x)), 'postgresql-hll')
		        = w)::text || ':' || (get_byte(w, 0) & 15), ' ' ORDER BY a)
		FROM (VALUES (10, 5, 30), (100, 50, 200), (300, 200, 500), (1000, 500, 3000), (40000, 20000, 60000)) r(a, b, c),
		     LATERAL (SELECT hll_send(hll_add_agg($theirs)) AS w FROM generate_series(1, c) x) t")
	# At these parameters 160 hashes stay EXPLICIT (2), fewer than 640 filled registers pack SPARSE (3), more FULL (4).
	check "$type: imported R1 || hll_add_agg(x, 11, 'postgresql-hll') over R2 = their bytes over R1 and R2" \
		"$got" "true:2 true:3 true:3 true:4 true:4"
done
# Other types through the aggregate's typed and anyelement overloads = their hll_hash_any.
got=""
for e in "x::smallint" "x % 2 = 0" "x / 7.0::float8" "x / 7.0" "'2020-01-01'::date + x" \
	"'2020-01-01'::timestamptz + x * interval '1 hour'" "md5(x::text)::uuid" "x * interval '1 minute'" \
	"jsonb_build_object('a', x)" "('n' || x)::name"; do
	got+=$(sql -c "SELECT (SELECT pg_typeof($e)::text FROM (VALUES (1)) v(x)) || ':' ||
	                      (prob.hll_export(prob.hll_add_agg($e, 11, 'postgresql-hll'), 'postgresql-hll')
	                       = hll_send(hll_add_agg(hll_hash_any($e)))) || ' '
	               FROM generate_series(1, 300) x")
done
check "other types: hll_add_agg(x, 11, 'postgresql-hll') = their hll_add_agg(hll_hash_any(x))" "$got" \
	"smallint:true boolean:true double precision:true numeric:true date:true timestamp with time zone:true uuid:true interval:true jsonb:true name:true "
check "hll_add on an imported sketch, one value at a time, = their hll_add" \
	"$(sql -c "WITH RECURSIVE s(k, ours, theirs) AS (
	             SELECT 0, prob.hll_import(hll_send(hll_empty()), 'postgresql-hll'), hll_empty()
	             UNION ALL
	             SELECT k + 1, prob.hll_add(ours, ('v' || k)::text), hll_add(theirs, hll_hash_text('v' || k))
	             FROM s WHERE k < 400)
	           SELECT bool_and(prob.hll_export(ours, 'postgresql-hll') = hll_send(theirs)) FROM s")" "t"

# A rollup column converted in place (doc/MIGRATING.md), then loaded with new days.
sql -c "CREATE TABLE daily AS SELECT d AS day, hll_add_agg(hll_hash_bigint(u)) AS users
        FROM generate_series(1, 3) d, LATERAL (SELECT d * 1000 + generate_series(1, 5000) AS u) g GROUP BY d" \
	-c "CREATE TABLE want AS SELECT hll_send(hll_union((SELECT hll_union_agg(users) FROM daily),
	                                                       (SELECT hll_add_agg(hll_hash_bigint(u)) FROM generate_series(4000, 9000) u))) AS b"
check "their hll has no cast to bytea (the guide uses hll_send)" \
	"$(sql -c "SELECT users::bytea FROM daily LIMIT 1" 2>&1 | grep -o 'cannot cast type hll to bytea')" \
	"cannot cast type hll to bytea"
sql -c "ALTER TABLE daily ALTER COLUMN users TYPE prob.hll USING prob.hll_import(hll_send(users), 'postgresql-hll')" \
	-c "INSERT INTO daily SELECT 4, prob.hll_add_agg(u::bigint, 11, 'postgresql-hll') FROM generate_series(4000, 9000) u"
check "converted in place, a new day loaded: the union exports to their bytes" \
	"$(sql -c "SELECT prob.hll_export(prob.hll_union_agg(users), 'postgresql-hll') = (SELECT b FROM want) FROM daily")" "t"
check "other parameters (regwidth 6): hll_union_agg of hll_add to an imported empty sketch = their hll_add_agg" \
	"$(sql -c "SELECT prob.hll_export(prob.hll_union_agg(prob.hll_add(
	                    prob.hll_import(hll_send(hll_empty(11, 6, -1, 1)), 'postgresql-hll'), x)), 'postgresql-hll')
	             = hll_send(hll_add_agg(hll_hash_bigint(x), 11, 6, -1, 1))
	           FROM generate_series(1::bigint, 3000) x")" "t"
check "a union with our own family is refused, naming both" \
	"$(sql -c "SELECT prob.hll_union_agg(users) FROM (SELECT users FROM daily UNION ALL SELECT prob.hll_add_agg(1)) s" 2>&1 |
	   grep -o 'hash families postgresql-hll and probabilistic')" "hash families postgresql-hll and probabilistic"

# ---- estimates -----------------------------------------------------------------------------
check "regwidth 6 and 7: theirs is NaN, ours on the imported sketch is within 5% of 50,000" \
	"$(sql -c "SELECT string_agg((hll_cardinality(s)::text = 'NaN')::text || '/' ||
	                             (abs(prob.hll_cardinality(prob.hll_import(hll_send(s), 'postgresql-hll')) - 50000) < 2500)::text,
	                             ' ' ORDER BY w)
	           FROM (SELECT w, hll_add_agg(h, 11, w, -1, 1) AS s FROM hv, generate_series(6, 7) w WHERE i <= 50000 GROUP BY w) t")" \
	"true/true true/true"
# 60 disjoint sets of 1,000 to 30,000 values at log2m 11: the root mean square
# relative error of each estimator, against the standard error 1.04/sqrt(2048) = 2.3%.
read -r theirs imported native < <(sql -F ' ' -c "
	WITH sets AS (SELECT k, 1000 + (k * 7919) % 29000 AS n FROM generate_series(1, 60) k),
	est AS (
		SELECT n, hll_cardinality(t) AS theirs,
		       prob.hll_cardinality(prob.hll_import(hll_send(t), 'postgresql-hll')) AS imported,
		       (SELECT prob.hll_cardinality(prob.hll_add_agg(k::bigint * 100000 + x, 11)) FROM generate_series(1, n) x) AS native
		FROM sets, LATERAL (SELECT hll_add_agg(hll_hash_bigint(k::bigint * 100000 + x), 11, 5, 0, 1) AS t
		                    FROM generate_series(1, n) x) a)
	SELECT round((sqrt(avg(((theirs - n) / n)^2)) * 100)::numeric, 2),
	       round((sqrt(avg(((imported - n)::float8 / n)^2)) * 100)::numeric, 2),
	       round((sqrt(avg(((native - n)::float8 / n)^2)) * 100)::numeric, 2)
	FROM est")
echo "# rms relative error at log2m 11 over 60 sets: postgresql-hll ${theirs}%, imported ${imported}%, native ${native}%"
check "imported estimates: rms error within 3% (standard error 2.3%) and at most postgresql-hll's + 0.3 points" \
	"$(awk -v a="$imported" -v t="$theirs" 'BEGIN { print (a < 3 && a <= t + 0.3) ? "yes" : "no: " a " vs " t }')" "yes"
check "imported estimates as accurate as native ones at the same precision (within 0.5 points)" \
	"$(awk -v a="$imported" -v n="$native" 'BEGIN { d = a - n; print (d < 0.5) ? "yes" : "no: " a " vs " n }')" "yes"

# Low precision, where the finite-m correction applies: log2m 7, 60 sets of 50 to 3,000.
read -r theirs imported native < <(sql -F ' ' -c "
	WITH sets AS (SELECT k, 50 + (k * 7919) % 2950 AS n FROM generate_series(1, 60) k),
	est AS (
		SELECT n, hll_cardinality(t) AS theirs,
		       prob.hll_cardinality(prob.hll_import(hll_send(t), 'postgresql-hll')) AS imported,
		       (SELECT prob.hll_cardinality(prob.hll_add_agg(k::bigint * 100000 + x, 7)) FROM generate_series(1, n) x) AS native
		FROM sets, LATERAL (SELECT hll_add_agg(hll_hash_bigint(k::bigint * 100000 + x), 7, 5, 0, 1) AS t
		                    FROM generate_series(1, n) x) a)
	SELECT round((sqrt(avg(((theirs - n) / n)^2)) * 100)::numeric, 2),
	       round((sqrt(avg(((imported - n)::float8 / n)^2)) * 100)::numeric, 2),
	       round((sqrt(avg(((native - n)::float8 / n)^2)) * 100)::numeric, 2)
	FROM est")
echo "# rms relative error at log2m 7 over 60 sets: postgresql-hll ${theirs}%, imported ${imported}%, native ${native}%"
check "log2m 7: imported rms error within 12% (standard error 9.2%) and at most postgresql-hll's + 1 point" \
	"$(awk -v a="$imported" -v t="$theirs" 'BEGIN { print (a < 12 && a <= t + 1) ? "yes" : "no: " a " vs " t }')" "yes"

# ---- Redis ---------------------------------------------------------------------------------
if ! command -v redis-server >/dev/null || ! command -v redis-cli >/dev/null; then
	echo "skip - Redis checks: redis-server is not installed and could not be (Debian's redis-server; needs root)"
	finish_checks
	exit 0
fi
RDIR=$(mktemp -d /tmp/prob-redis.XXXXXX)
chmod 777 "$RDIR"
redis-server --port 0 --unixsocket "$RDIR/redis.sock" --unixsocketperm 777 --dir "$RDIR" --save "" \
	--appendonly no --daemonize yes --pidfile "$RDIR/redis.pid" >/dev/null
stop_redis() { [ -f "$RDIR/redis.pid" ] && kill "$(cat "$RDIR/redis.pid")" 2>/dev/null; sleep 0.2; rm -rf "$RDIR"; cleanup; }
trap stop_redis EXIT
redis() { redis-cli -s "$RDIR/redis.sock" "$@"; }
for _ in 1 2 3 4 5 6 7 8 9 10; do [ "$(redis PING 2>/dev/null)" = PONG ] && break; sleep 0.2; done
# The key's bytes as hex (redis-cli --raw ends them with a newline).
redis_hex() { redis --raw GET "$1" | head -c -1 | od -An -v -tx1 | tr -d ' \n'; }
# PFADD key with the strings e<from> .. e<to>.
pfadd() { seq "$2" "$3" | sed 's/^/e/' | xargs -n 1000 redis-cli -s "$RDIR/redis.sock" PFADD "$1" >/dev/null; }

results=() encodings=""
for n in 1 10 300 2000 20000; do
	redis DEL k >/dev/null
	pfadd k 1 "$n"
	count=$(redis PFCOUNT k)
	hex=$(redis_hex k)
	encodings+="${hex:8:2} "
	results+=("$(sql -c "SELECT prob.hll_cardinality(h) = $count, prob.hll_export(h, 'redis') = b,
	                            prob.hll_contains(h, ours) AND prob.hll_contains(ours, h)
	                     FROM (SELECT '\\x$hex'::bytea AS b) v, LATERAL prob.hll_import(b, 'redis') h,
	                          LATERAL (SELECT prob.hll_add_agg('e' || x, 14, 'redis') AS ours
	                                   FROM generate_series(1, $n) x) o")")
done
echo "# redis encodings (01 sparse, 00 dense) for 1, 10, 300, 2000, 20000 strings: $encodings"
check "redis: PFADD keys import with PFCOUNT's estimate, export byte for byte, and equal hll_add_agg(x, 14, 'redis')" \
	"${results[*]}" "t|t|t t|t|t t|t|t t|t|t t|t|t"
check "redis: both encodings were among them" "$(echo "$encodings" | grep -c '01') $(echo "$encodings" | grep -c '00')" "1 1"

# Continuing: R1 = e1..e150 in Redis (sparse), R2 = e100..e4000 here; SET back, PFCOUNT, PFMERGE.
redis DEL r1 all >/dev/null
pfadd r1 1 150
pfadd all 1 4000
cont=$(sql -c "SELECT encode(prob.hll_export(prob.hll_union(prob.hll_import('\\x$(redis_hex r1)', 'redis'),
                     (SELECT prob.hll_add_agg('e' || x, 14, 'redis') FROM generate_series(100, 4000) x)), 'redis'), 'hex')")
printf "$(echo "$cont" | sed 's/../\\x&/g')" | redis -x SET continued >/dev/null
check "redis: the continued sketch, SET back, counts as PFADD of all the rows; PFMERGE accepts it" \
	"$(redis PFCOUNT continued) $(redis PFMERGE merged continued r1)" "$(redis PFCOUNT all) OK"
check "redis: its registers are PFADD's of all the rows" \
	"$(sql -c "SELECT prob.hll_contains(a, c) AND prob.hll_contains(c, a) FROM prob.hll_import('\\x$(redis_hex all)', 'redis') a,
	                  prob.hll_import('\\x$cont', 'redis') c")" "t"

finish_checks
