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
#     precision over 60 sets of known size (printed as "# " lines).
# Runs against PGHOST/PGPORT as a superuser (test/run_tests.sh).
set -euo pipefail
cd "$(dirname "$0")/../.."
. test/cluster.sh
ensure_packages "postgresql-$PG_MAJOR-hll"
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
# the sizes below; every seventh pair also 10^5. EMPTY from hll_empty, whose
# aggregate over no rows is NULL.
got=$(sql -c "
	WITH pairs AS (
		SELECT l, w, (ARRAY[-1, 0, 1, 16, 256])[1 + (l * 7 + w) % 5] AS e, (l + w) % 2 AS s
		FROM generate_series(4, 17) l, generate_series(1, 7) w
	), grid AS (
		SELECT l, w, e, s, n FROM pairs, unnest(ARRAY[0, 1, 3, 40, 700, 9000]) n
		UNION ALL SELECT l, w, e, s, 100000 FROM pairs WHERE (l + w) % 7 = 0
	), built AS (
		SELECT CASE WHEN n = 0 THEN hll_send(hll_empty(l, w, e, s))
		            ELSE (SELECT hll_send(hll_add_agg(h, l, w, e, s)) FROM hv WHERE i <= n) END AS b
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
check "the grid has at least 600 sketches" "$([ "${total%=*}" -ge 600 ] && echo yes)" "yes"

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

finish_checks
