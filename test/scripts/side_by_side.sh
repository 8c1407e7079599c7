#!/usr/bin/env bash
# probabilistic next to postgresql-hll (Citus's extension 'hll') in one
# database. Both define a type named hll, so ours goes into a schema of its
# own: CREATE EXTENSION probabilistic SCHEMA prob. The migration guide
# (doc/MIGRATING.md) promises what this checks:
#   - either extension may be installed first; each keeps its objects in its
#     own schema, and dropping ours leaves theirs working;
#   - schema-qualified calls reach the intended extension, and so do
#     unqualified ones on a column of either type (argument types pick the
#     function, whichever schema comes first in search_path);
#   - the conversion recipe of the guide: a column of their hll rebuilt as
#     ours from the raw rows, with both estimates close to the exact count.
# Runs against PGHOST/PGPORT as a superuser (test/run_tests.sh); installs the
# Debian package postgresql-15-hll if it is missing (as root).
set -euo pipefail
cd "$(dirname "$0")/../.."
. test/cluster.sh
ensure_packages "postgresql-$PG_MAJOR-hll"

DATABASES=(prob_side_theirs_first prob_side_ours_first)
sql() { local db=$1; shift; psql -X -q -At -v ON_ERROR_STOP=1 -d "$db" "$@"; }

. test/checks.sh

cleanup() {
	local db
	for db in "${DATABASES[@]}"; do psql -X -q -d postgres -c "DROP DATABASE IF EXISTS $db" 2>/dev/null || true; done
}
trap cleanup EXIT
cleanup

for db in "${DATABASES[@]}"; do
	echo "# $db"
	psql -X -q -d postgres -c "CREATE DATABASE $db"
	if [ "$db" = prob_side_theirs_first ]; then
		sql "$db" -c "CREATE EXTENSION hll" -c "CREATE SCHEMA prob" -c "CREATE EXTENSION probabilistic SCHEMA prob"
	else
		sql "$db" -c "CREATE SCHEMA prob" -c "CREATE EXTENSION probabilistic SCHEMA prob" -c "CREATE EXTENSION hll"
	fi

	check "both installed, ours in schema prob" \
		"$(sql "$db" -c "SELECT string_agg(extname || ':' || extnamespace::regnamespace, ' ' ORDER BY extname)
		                 FROM pg_extension WHERE extname IN ('hll', 'probabilistic')")" \
		"hll:public probabilistic:prob"
	check "every object of ours is in prob" \
		"$(sql "$db" -c "SELECT count(*) FROM pg_depend d JOIN pg_extension e ON d.refobjid = e.oid
		                 LEFT JOIN pg_proc p ON d.classid = 'pg_proc'::regclass AND p.oid = d.objid
		                 LEFT JOIN pg_type t ON d.classid = 'pg_type'::regclass AND t.oid = d.objid
		                 LEFT JOIN pg_operator o ON d.classid = 'pg_operator'::regclass AND o.oid = d.objid
		                 WHERE e.extname = 'probabilistic' AND d.deptype = 'e'
		                   AND coalesce(p.pronamespace, t.typnamespace, o.oprnamespace, 'prob'::regnamespace)
		                       <> 'prob'::regnamespace")" "0"
	check "two types named hll" \
		"$(sql "$db" -c "SELECT string_agg(oid::regtype::text, ' ' ORDER BY typnamespace::regnamespace::text)
		                 FROM pg_type WHERE typname = 'hll'")" "prob.hll hll"

	# One day of visits: 20,000 distinct users among 60,000 rows.
	sql "$db" -c "CREATE TABLE visits AS SELECT 1 + i % 3 AS day, (i * 7919) % 20000 AS user_id
	              FROM generate_series(1, 60000) i"
	# Their sketches need an explicit hash call; ours hash inside the aggregate.
	sql "$db" -c "CREATE TABLE daily AS
	              SELECT day, public.hll_add_agg(public.hll_hash_bigint(user_id)) AS theirs,
	                     prob.hll_add_agg(user_id) AS ours
	              FROM visits GROUP BY day"
	exact=$(sql "$db" -c "SELECT count(DISTINCT user_id) FROM visits")
	check "exact count" "$exact" "20000"
	check "both estimates within 2% (qualified calls)" \
		"$(sql "$db" -c "SELECT abs(public.hll_cardinality(public.hll_union_agg(theirs)) - $exact) < 400,
		                        abs(prob.hll_cardinality(prob.hll_union_agg(ours)) - $exact) < 400 FROM daily")" "t|t"
	# Unqualified: the column's type picks the function, in either search_path order.
	for path in "public, prob" "prob, public"; do
		check "unqualified calls on either column, search_path $path" \
			"$(sql "$db" -c "SET search_path = $path" \
				-c "SELECT pg_typeof(hll_union_agg(theirs)) = 'public.hll'::regtype,
				           pg_typeof(hll_union_agg(ours)) = 'prob.hll'::regtype,
				           hll_cardinality(hll_union_agg(theirs)) = public.hll_cardinality(public.hll_union_agg(theirs)),
				           hll_cardinality(hll_union_agg(ours)) = prob.hll_cardinality(prob.hll_union_agg(ours)),
				           (SELECT bool_and(hll_cardinality(ours) = # ours) FROM daily)
				    FROM daily")" \
			"t|t|t|t|t"
	done
	check "ours: a raw bigint in hll_add_agg without a hash call (search_path prob, public)" \
		"$(sql "$db" -c "SET search_path = prob, public" \
			-c "SELECT pg_typeof(hll_add_agg(user_id)) = 'prob.hll'::regtype, hll_add_agg(user_id) = prob.hll_add_agg(user_id) FROM visits")" \
		"t|t"
	check "their type does not convert to ours by accident" \
		"$(sql "$db" -c "SELECT count(*) FROM pg_cast WHERE castsource = 'public.hll'::regtype AND casttarget = 'prob.hll'::regtype
		                    OR castsource = 'prob.hll'::regtype AND casttarget = 'public.hll'::regtype")" "0"
	if sql "$db" -c "SELECT prob.hll_cardinality(theirs) FROM daily" >/dev/null 2>&1; then
		check "ours refuses their sketch" "accepted" "an error"
	fi

	# The guide's conversion: a new column of our type, rebuilt from the raw rows.
	sql "$db" -c "ALTER TABLE daily ADD COLUMN users prob.hll(14)" \
		-c "UPDATE daily d SET users = (SELECT prob.hll_add_agg(user_id) FROM visits v WHERE v.day = d.day)"
	# Operators live in a schema too: prob's = needs prob in search_path, or OPERATOR(prob.=).
	check "converted column equals the sketches built directly" \
		"$(sql "$db" -c "SELECT bool_and(users OPERATOR(prob.=) ours) FROM daily")" "t"
	check "without prob in search_path, our operators are not found" \
		"$(sql "$db" -c "SELECT bool_and(users = ours) FROM daily" 2>&1 | grep -c 'operator does not exist')" "1"
	check "converted estimates per day within 2% of exact, like theirs" \
		"$(sql "$db" -c "SELECT bool_and(abs(prob.hll_cardinality(users) - x.n) < 0.02 * x.n
		                            AND abs(public.hll_cardinality(theirs) - x.n) < 0.02 * x.n)
		                 FROM daily d JOIN (SELECT day, count(DISTINCT user_id) n FROM visits GROUP BY day) x USING (day)")" "t"

	sql "$db" -c "DROP EXTENSION probabilistic CASCADE" 2>/dev/null
	check "dropping ours leaves theirs working" \
		"$(sql "$db" -c "SELECT round(public.hll_cardinality(public.hll_union_agg(theirs)) / 1000) FROM daily")" "20"
done

finish_checks
echo "side by side with postgresql-hll: all checks passed"
