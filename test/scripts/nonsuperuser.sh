#!/usr/bin/env bash
# The extension is trusted (probabilistic.control): a role that is no
# superuser, owning its database, installs and uses it. Then a hostile
# search_path: that role first plants look-alike functions and operators in
# public; CREATE EXTENSION (whose script runs as a superuser) must call none
# of them, and the extension's aggregates, operators, casts and type must
# still resolve to its own functions, wherever it is installed.
#
# Runs against the server in PGHOST/PGPORT as the superuser PGUSER (what
# test/run_tests.sh sets up with test/cluster.sh); it creates and drops its
# own role and databases. Exits non-zero on the first failed check.
set -euo pipefail

ROLE=prob_tenant
DATABASES=(prob_tenant_db prob_hostile_schema_db prob_hostile_public_db)

sql() { psql -X -q -At -v ON_ERROR_STOP=1 "$@"; }
as_super() { sql -d postgres "$@"; }
as_tenant() { local db=$1; shift; sql -U "$ROLE" -d "$db" "$@"; }

. "$(dirname "$0")/../checks.sh"

cleanup() {
	local db
	for db in "${DATABASES[@]}"; do as_super -c "DROP DATABASE IF EXISTS $db" 2>/dev/null || true; done
	as_super -c "DROP ROLE IF EXISTS $ROLE" 2>/dev/null || true
}
trap cleanup EXIT
cleanup

as_super -c "CREATE ROLE $ROLE LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOREPLICATION NOBYPASSRLS"
for db in "${DATABASES[@]}"; do as_super -c "CREATE DATABASE $db OWNER $ROLE"; done

# ---- install and use as a non-superuser ----
check "the role is no superuser" "$(as_tenant prob_tenant_db -c "SELECT rolsuper FROM pg_roles WHERE rolname = current_user")" "f"
as_tenant prob_tenant_db -c "CREATE EXTENSION probabilistic"
check "the role owns the extension" \
	"$(as_tenant prob_tenant_db -c "SELECT extowner::regrole FROM pg_extension WHERE extname = 'probabilistic'")" "$ROLE"
check "aggregate, cardinality and union work" "$(as_tenant prob_tenant_db <<'SQL'
CREATE TABLE visits (day int, sketch hll(12));
INSERT INTO visits SELECT d, hll_add_agg(u, 12) FROM generate_series(1, 3) d, generate_series(d * 1000, d * 1000 + 1999) u GROUP BY d;
SELECT abs(hll_cardinality(hll_union_agg(sketch)) - 4000) < 200, # (SELECT sketch FROM visits WHERE day = 1) BETWEEN 1900 AND 2100,
       hll_precision(hll_union_agg(sketch)) FROM visits;
SQL
)" "t|t|12"
check "text and binary input validate as for a superuser" "$(as_tenant prob_tenant_db -c "
	SELECT hll_empty(10)::text::hll = hll_empty(10), hll_empty(10)::bytea::hll = hll_empty(10);" \
	-c "DO \$\$ BEGIN PERFORM '\\x4801'::hll; EXCEPTION WHEN invalid_binary_representation THEN RAISE NOTICE 'rejected'; END \$\$" 2>&1)" \
	"$(printf 't|t\nNOTICE:  rejected')"
check "transition functions refuse to run outside an aggregate" "$(as_tenant prob_tenant_db -c "
	DO \$\$ BEGIN PERFORM hll_add_trans(hll_empty(), 1); EXCEPTION WHEN feature_not_supported THEN RAISE NOTICE 'refused'; END \$\$" 2>&1)" \
	"NOTICE:  refused"
as_tenant prob_tenant_db -c "DROP EXTENSION probabilistic CASCADE" 2>/dev/null
check "the role drops it again" \
	"$(as_tenant prob_tenant_db -c "SELECT count(*) FROM pg_extension WHERE extname = 'probabilistic'")" "0"

# ---- hostile look-alikes in public ----
# Each records that it ran, and as whom, then answers plausibly.
plant_hostile_objects() {
	as_tenant "$1" <<'SQL'
CREATE TABLE public.hijacked (fn text, ran_as name);
GRANT INSERT ON public.hijacked TO PUBLIC;
CREATE FUNCTION public.hostile(fn text) RETURNS void LANGUAGE sql
    AS $$ INSERT INTO public.hijacked VALUES (fn, current_user) $$;
CREATE FUNCTION public.hll_add_trans(anyelement, integer) RETURNS anyelement LANGUAGE sql
    AS $$ SELECT public.hostile('hll_add_trans'); SELECT $1 $$;
CREATE FUNCTION public.hll_add_trans(anyelement, anyelement) RETURNS anyelement LANGUAGE sql
    AS $$ SELECT public.hostile('hll_add_trans'); SELECT $1 $$;
CREATE FUNCTION public.hll_union_trans(anyelement, anyelement) RETURNS anyelement LANGUAGE sql
    AS $$ SELECT public.hostile('hll_union_trans'); SELECT $1 $$;
CREATE FUNCTION public.hll_agg_final(anyelement) RETURNS anyelement LANGUAGE sql
    AS $$ SELECT public.hostile('hll_agg_final'); SELECT $1 $$;
CREATE FUNCTION public.hll_agg_cardinality(anyelement) RETURNS bigint LANGUAGE sql
    AS $$ SELECT public.hostile('hll_agg_cardinality'); SELECT 666::bigint $$;
CREATE FUNCTION public.hll_cardinality(anyelement) RETURNS bigint LANGUAGE sql
    AS $$ SELECT public.hostile('hll_cardinality'); SELECT 666::bigint $$;
CREATE FUNCTION public.hll_union(anyelement, anyelement) RETURNS anyelement LANGUAGE sql
    AS $$ SELECT public.hostile('hll_union'); SELECT $1 $$;
CREATE FUNCTION public.hll_eq(anyelement, anyelement) RETURNS boolean LANGUAGE sql
    AS $$ SELECT public.hostile('hll_eq'); SELECT true $$;
CREATE FUNCTION public.hll_from_bytea(anyelement) RETURNS anyelement LANGUAGE sql
    AS $$ SELECT public.hostile('hll_from_bytea'); SELECT $1 $$;
CREATE FUNCTION public.sketch_hash(anyelement, bigint) RETURNS bigint LANGUAGE sql
    AS $$ SELECT public.hostile('sketch_hash'); SELECT 0::bigint $$;
CREATE FUNCTION public.sketch_hash(anyelement, integer) RETURNS bigint LANGUAGE sql
    AS $$ SELECT public.hostile('sketch_hash'); SELECT 0::bigint $$;
CREATE OPERATOR public.# (RIGHTARG = anyelement, FUNCTION = public.hll_cardinality);
CREATE OPERATOR public.|| (LEFTARG = anyelement, RIGHTARG = anyelement, FUNCTION = public.hll_union);
CREATE OPERATOR public.= (LEFTARG = anyelement, RIGHTARG = anyelement, FUNCTION = public.hll_eq);
SQL
}

# The extension's own objects, used with public first on the search_path.
use_with_public_first() {
	as_tenant "$1" <<'SQL'
SET search_path = public, sketches;
CREATE TEMP TABLE t AS SELECT i % 500 AS g, i FROM generate_series(1, 20000) i;
SELECT abs(hll_cardinality(hll_add_agg(i)) - 20000) < 1000,
       abs(hll_count_distinct(i) - 20000) < 1000,
       abs((# hll_union_agg(s)) - 20000) < 1000,
       (SELECT hll_add_agg(i) || hll_add_agg(i) = hll_add_agg(i) FROM t),
       hll_precision(hll_union_agg(s)::text::hll),
       hll_precision(hll_union_agg(s)::bytea::hll)
FROM (SELECT g, i, hll_add_agg(i) OVER (PARTITION BY g) AS s FROM t) w;
SQL
}

# Every aggregate, operator, type and cast of the extension calls its own
# functions (or pg_catalog's); and no look-alike ever ran.
extension_references() {
	as_tenant "$1" <<'SQL'
WITH members AS (
    SELECT d.classid, d.objid FROM pg_depend d JOIN pg_extension e
        ON d.refclassid = 'pg_extension'::regclass AND d.refobjid = e.oid
    WHERE e.extname = 'probabilistic' AND d.deptype = 'e'
), own AS (SELECT objid FROM members WHERE classid = 'pg_proc'::regclass),
refs(fn) AS (
    SELECT x.fn FROM pg_aggregate a JOIN own ON own.objid = a.aggfnoid,
        LATERAL (VALUES (a.aggtransfn::oid), (a.aggfinalfn::oid), (a.aggcombinefn::oid)) x(fn)
    UNION ALL SELECT x.fn FROM pg_operator o JOIN members m ON m.classid = 'pg_operator'::regclass AND m.objid = o.oid,
        LATERAL (VALUES (o.oprcode::oid), (o.oprrest::oid), (o.oprjoin::oid)) x(fn)
    UNION ALL SELECT x.fn FROM pg_type t JOIN members m ON m.classid = 'pg_type'::regclass AND m.objid = t.oid,
        LATERAL (VALUES (t.typinput::oid), (t.typoutput::oid), (t.typreceive::oid), (t.typsend::oid),
                        (t.typmodin::oid), (t.typmodout::oid)) x(fn)
    UNION ALL SELECT c.castfunc FROM pg_cast c JOIN members m ON m.classid = 'pg_cast'::regclass AND m.objid = c.oid
)
SELECT count(*) > 100,
       count(*) FILTER (WHERE fn <> 0 AND fn NOT IN (SELECT objid FROM own)
                        AND (SELECT pronamespace FROM pg_proc WHERE oid = fn) <> 'pg_catalog'::regnamespace),
       (SELECT count(*) FROM public.hijacked)
FROM refs;
SQL
}

plant_hostile_objects prob_hostile_schema_db
as_tenant prob_hostile_schema_db -c "CREATE SCHEMA sketches" -c "CREATE EXTENSION probabilistic SCHEMA sketches"
check "in its own schema: every reference is the extension's own, no look-alike ran during install" \
	"$(extension_references prob_hostile_schema_db)" "t|0|0"
check "in its own schema, with public first on the search_path: its aggregates and operators are used" \
	"$(use_with_public_first prob_hostile_schema_db)" "t|t|t|t|14|14"
check "no look-alike ran" "$(as_tenant prob_hostile_schema_db -c "SELECT count(*) FROM public.hijacked")" "0"

plant_hostile_objects prob_hostile_public_db
# A look-alike with the very signature of one of the extension's functions
# makes the install fail; it is never taken for the extension's own.
check "in public beside a same-signature look-alike: the install fails" \
	"$(as_tenant prob_hostile_public_db -c "CREATE EXTENSION probabilistic" 2>&1 | head -1)" \
	'ERROR:  function "sketch_hash" already exists with same argument types'
as_tenant prob_hostile_public_db -c "DROP FUNCTION public.sketch_hash(anyelement, bigint)"
as_tenant prob_hostile_public_db -c "CREATE EXTENSION probabilistic"
check "in public beside the look-alikes: every reference is the extension's own, none ran during install" \
	"$(extension_references prob_hostile_public_db)" "t|0|0"
check "in public beside the look-alikes: its aggregates and operators are used" \
	"$(use_with_public_first prob_hostile_public_db)" "t|t|t|t|14|14"
check "no look-alike ran" "$(as_tenant prob_hostile_public_db -c "SELECT count(*) FROM public.hijacked")" "0"

finish_checks
