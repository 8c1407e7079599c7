#!/usr/bin/env bash
# ALTER EXTENSION probabilistic UPDATE from every earlier version to the
# current one (default_version in probabilistic.control). For each version
# that has an install script or an update script starting from it, in a
# database of its own:
#   1. CREATE EXTENSION ... VERSION 'old'; store values of every
#      representation, built by that version's SQL but the current library
#      (what a server runs between installing a new build and the UPDATE);
#   2. ALTER EXTENSION probabilistic UPDATE;
#   3. the stored values are the same bytes and give the same answers, and new
#      values are the same bytes as those of a fresh install;
#   4. the updated catalog (every object, its definition and comment) is the
#      same as a fresh install's, which runs sql/probabilistic.sql (installed
#      as the current version's script) and nothing else.
# Runs against PGHOST/PGPORT as a superuser (test/run_tests.sh); exits
# non-zero on any failed check.
set -euo pipefail
cd "$(dirname "$0")/../.."

CURRENT=$(sed -n "s/^default_version = '\(.*\)'/\1/p" probabilistic.control)
FRESH_DB=prob_upgrade_fresh
OLD_DB=prob_upgrade_old

sql() { psql -X -q -At -v ON_ERROR_STOP=1 "$@"; }

. test/checks.sh

cleanup() {
	sql -d postgres -c "DROP DATABASE IF EXISTS $FRESH_DB" -c "DROP DATABASE IF EXISTS $OLD_DB" 2>/dev/null || true
}
trap cleanup EXIT
cleanup

# Versions: the install scripts' and the update scripts' sources, oldest first.
versions=$(
	for f in sql/probabilistic--*.sql; do
		v=${f#sql/probabilistic--}
		v=${v%.sql}
		echo "${v%%--*}"
	done | sort -u -V | grep -vx "$CURRENT" || true
)
[ -n "$versions" ] || { echo "no earlier version to update from (current $CURRENT)"; exit 1; }

# Values of every representation and layout, built with functions that every
# version has; one row per value, so a difference names its value.
STORE="
CREATE TABLE sketches(name text PRIMARY KEY, h hll, b bloom);
INSERT INTO sketches(name, h) VALUES
    ('hll empty p14', hll_empty()),
    ('hll sparse p14', (SELECT hll_add_agg(i) FROM generate_series(1, 100) i)),
    ('hll dense p10', (SELECT hll_add_agg(i, 10) FROM generate_series(1, 5000) i)),
    ('hll dense p18 text', (SELECT hll_add_agg(i::text, 18) FROM generate_series(1, 70000) i)),
    ('hll sparse p4 seeded', hll_add(hll_empty(4, 7), 'x'::text)),
    ('hll folded', hll_union((SELECT hll_add_agg(i, 12) FROM generate_series(1, 9000) i), hll_empty(12)));
INSERT INTO sketches(name, b) VALUES
    ('bloom empty', bloom_empty(1000, 0.01)),
    ('bloom fixed', (SELECT bloom_agg(i, 2000, 0.01) FROM generate_series(1, 2000) i)),
    ('bloom sized', (SELECT bloom_agg(i::text) FROM generate_series(1, 3000) i)),
    ('bloom scalable', (SELECT bloom_add(bloom_add(bloom_empty(100, 0.05, true), 1), 2))),
    ('bloom seeded', bloom_add(bloom_empty(10, 0.1, false, 42), 'k'::text));
"
# cuckoo (since 0.3.0), in a table of its own, stored only under versions that have it:
# empty, built by the aggregate, grown by adds and shrunk by removals (a value added
# twice and removed once stays), seeded, and with values of text.
CUCKOO_STORE="
CREATE TABLE cuckoos(name text PRIMARY KEY, c cuckoo);
INSERT INTO cuckoos VALUES
    ('cuckoo empty', cuckoo_empty(1000)),
    ('cuckoo agg', (SELECT cuckoo_agg(i, 5000, 0.01) FROM generate_series(1, 4000) i)),
    ('cuckoo removed', cuckoo_remove(cuckoo_remove(cuckoo_add(cuckoo_add(cuckoo_add(cuckoo_empty(100, 0.001), 1), 1), 2), 1), 2)),
    ('cuckoo seeded text', cuckoo_add(cuckoo_empty(10, 0.05, 9), 'k'::text));
"
CUCKOO_READ="
SELECT name, md5(c::bytea), cuckoo_cardinality(c), cuckoo_info(c)::text,
       CASE WHEN cuckoo_info(c)->>'kind' IS DISTINCT FROM 'text' THEN cuckoo_contains(c, 1) END,
       CASE WHEN cuckoo_info(c)->>'kind' IS DISTINCT FROM 'text' THEN cuckoo_count(c, 4001) END,
       CASE WHEN cuckoo_info(c)->>'kind' IS DISTINCT FROM 'bigint' THEN cuckoo_contains(c, 'k'::text) END
FROM cuckoos ORDER BY name;
"
has_cuckoo() { [ "$(printf '%s\n' "$1" 0.3.0 | sort -V | head -1)" = 0.3.0 ]; }
# issue-28 fuse (since 0.8.0, so no earlier version stores one): after each update, a
# filter, a key set of text with a seed, and a filter at 2^-12 are a fresh install's bytes.
FUSE_READ="
SELECT md5(fuse_agg(i)::bytea), md5(fuse_keys_agg(i::text, 0.01, 3)::bytea), fuse_info(fuse_agg(i, 2^(-12)))::text,
       fuse_agg(i) @> 2999,
       (SELECT md5(fuse_union_agg(k)::bytea) FROM (SELECT fuse_keys_agg(j) AS k FROM generate_series(1, 3000) j GROUP BY j % 7) s)
FROM generate_series(1, 3000) i;
"
# Grows the scalable filter to several layers.
GROW="
DO \$\$ DECLARE i int; BEGIN
    FOR i IN 1..2000 LOOP
        UPDATE sketches SET b = bloom_add(b, i) WHERE name = 'bloom scalable';
    END LOOP;
END \$\$;
"
# Each filter probed with values of its own kind (0.5.0 refuses a text probe of an integer
# filter, doc/FORMAT.md 2.5); one without a kind with both.
READ="
SELECT name, md5(coalesce(h::bytea, b::bytea)),
       hll_cardinality(h), hll_info(h)::text, bloom_info(b)::text,
       CASE WHEN bloom_info(b)->>'kind' IS DISTINCT FROM 'text' THEN bloom_contains(b, 1) END,
       CASE WHEN bloom_info(b)->>'kind' IS DISTINCT FROM 'bigint' THEN bloom_contains(b, 'k'::text) END,
       CASE WHEN bloom_info(b)->>'kind' IS DISTINCT FROM 'text' THEN bloom_contains(b, 123456789) END
FROM sketches ORDER BY name;
"
CATALOG="
SELECT pg_describe_object(d.classid, d.objid, 0),
       obj_description(d.objid, d.classid::regclass::text),
       coalesce((SELECT row(p.proname, p.prosrc, p.probin, p.provolatile, p.proparallel, p.proisstrict,
                            p.prosecdef, p.procost, p.prorows, pg_get_function_arguments(p.oid),
                            pg_get_function_result(p.oid), p.prokind, p.proleakproof, p.prosupport)::text
                 FROM pg_proc p WHERE d.classid = 'pg_proc'::regclass AND p.oid = d.objid), ''),
       coalesce((SELECT row(a.aggtransfn, a.aggfinalfn, a.aggcombinefn, a.aggserialfn, a.aggdeserialfn,
                            a.aggtranstype::regtype, a.aggfinalmodify, a.agginitval)::text
                 FROM pg_aggregate a WHERE d.classid = 'pg_proc'::regclass AND a.aggfnoid = d.objid), ''),
       coalesce((SELECT row(t.typlen, t.typstorage, t.typalign, t.typinput, t.typoutput, t.typreceive,
                            t.typsend, t.typmodin, t.typmodout, t.typbyval, t.typcategory, t.typispreferred,
                            t.typcollation, t.typdelim, t.typanalyze)::text
                 FROM pg_type t WHERE d.classid = 'pg_type'::regclass AND t.oid = d.objid), ''),
       coalesce((SELECT row(o.oprcode, o.oprcom::regoperator, o.oprnegate::regoperator, o.oprrest, o.oprjoin,
                            o.oprcanhash, o.oprcanmerge)::text
                 FROM pg_operator o WHERE d.classid = 'pg_operator'::regclass AND o.oid = d.objid), ''),
       coalesce((SELECT row(c.castfunc::regprocedure, c.castcontext, c.castmethod)::text
                 FROM pg_cast c WHERE d.classid = 'pg_cast'::regclass AND c.oid = d.objid), ''),
       coalesce((SELECT row(c.opcintype::regtype, c.opcdefault, c.opckeytype)::text
                 FROM pg_opclass c WHERE d.classid = 'pg_opclass'::regclass AND c.oid = d.objid), ''),
       coalesce((SELECT string_agg(m, ', ' ORDER BY m) FROM (
                     SELECT format('%s %s', o.amopstrategy, o.amopopr::regoperator) FROM pg_amop o
                     WHERE d.classid = 'pg_opfamily'::regclass AND o.amopfamily = d.objid
                     UNION ALL SELECT format('%s %s', p.amprocnum, p.amproc::regprocedure) FROM pg_amproc p
                     WHERE d.classid = 'pg_opfamily'::regclass AND p.amprocfamily = d.objid) members(m)), '')
FROM pg_depend d JOIN pg_extension e ON d.refclassid = 'pg_extension'::regclass AND d.refobjid = e.oid
WHERE e.extname = 'probabilistic' AND d.deptype = 'e'
ORDER BY 1;
"

sql -d postgres -c "CREATE DATABASE $FRESH_DB"
sql -d "$FRESH_DB" -c "CREATE EXTENSION probabilistic" -c "$STORE" -c "$GROW"
fresh_catalog=$(sql -d "$FRESH_DB" -c "$CATALOG")
fresh_values=$(sql -d "$FRESH_DB" -c "$READ")
sql -d "$FRESH_DB" -c "$CUCKOO_STORE"
fresh_cuckoos=$(sql -d "$FRESH_DB" -c "$CUCKOO_READ")
fresh_fuse=$(sql -d "$FRESH_DB" -c "$FUSE_READ")
[ "$(echo "$fresh_cuckoos" | wc -l)" -eq 4 ] || { echo "the cuckoo query sees too little"; exit 1; }
check "a fresh install is version $CURRENT" \
	"$(sql -d "$FRESH_DB" -c "SELECT extversion FROM pg_extension WHERE extname = 'probabilistic'")" "$CURRENT"
[ "$(echo "$fresh_catalog" | wc -l)" -gt 100 ] || { echo "the catalog query sees too little"; exit 1; }

for old in $versions; do
	echo "# from $old to $CURRENT"
	sql -d postgres -c "DROP DATABASE IF EXISTS $OLD_DB" -c "CREATE DATABASE $OLD_DB"
	sql -d "$OLD_DB" -c "CREATE EXTENSION probabilistic VERSION '$old'" -c "$STORE" -c "$GROW"
	check "installed $old" \
		"$(sql -d "$OLD_DB" -c "SELECT extversion FROM pg_extension WHERE extname = 'probabilistic'")" "$old"
	before=$(sql -d "$OLD_DB" -c "$READ")
	check "values stored under $old are those of $CURRENT" "$before" "$fresh_values"
	if has_cuckoo "$old"; then
		sql -d "$OLD_DB" -c "$CUCKOO_STORE"
		cuckoos_before=$(sql -d "$OLD_DB" -c "$CUCKOO_READ")
		check "cuckoo values stored under $old are those of $CURRENT" "$cuckoos_before" "$fresh_cuckoos"
	fi

	# 0.5.0 replaces the aggregates' text overloads: a view that calls one stops an update
	# from before 0.5.0, which says what to do, before it changes anything.
	if [ "$(printf '%s\n' "$old" 0.5.0 | sort -V | head -1)" != 0.5.0 ]; then
		sql -d "$OLD_DB" -c "CREATE VIEW calls_text AS SELECT hll_add_agg(name) AS h FROM sketches"
		check "the update from $old refuses while a view calls a text overload, naming it" \
			"$(sql -d "$OLD_DB" -c "ALTER EXTENSION probabilistic UPDATE" 2>&1 | grep -o 'view calls_text.*\|Drop them, run ALTER EXTENSION' | head -2 | sed 's/ depends.*//' | tr '\n' ';')" \
			"view calls_text;Drop them, run ALTER EXTENSION;"
		check "nothing changed: still $old" \
			"$(sql -d "$OLD_DB" -c "SELECT extversion FROM pg_extension WHERE extname = 'probabilistic'")" "$old"
		sql -d "$OLD_DB" -c "DROP VIEW calls_text"
	fi

	sql -d "$OLD_DB" -c "ALTER EXTENSION probabilistic UPDATE"
	check "updated $old to $CURRENT" \
		"$(sql -d "$OLD_DB" -c "SELECT extversion FROM pg_extension WHERE extname = 'probabilistic'")" "$CURRENT"
	check "values stored under $old read the same after the update" "$(sql -d "$OLD_DB" -c "$READ")" "$before"
	if has_cuckoo "$old"; then
		check "cuckoo values stored under $old read the same after the update, and are still accepted by validation" \
			"$(sql -d "$OLD_DB" -c "$CUCKOO_READ" -c "SELECT count(*) FROM cuckoos WHERE c::text::cuckoo::bytea = c::bytea AND c::bytea::cuckoo = c")" \
			"$cuckoos_before
4"
		sql -d "$OLD_DB" -c "DROP TABLE cuckoos"
	fi
	check "every value stored under $old is still accepted by validation (text and bytea casts)" \
		"$(sql -d "$OLD_DB" -c "SELECT count(*) FROM sketches
		    WHERE h::text::hll::bytea = h::bytea AND h::bytea::hll = h
		       OR b::text::bloom::bytea = b::bytea AND b::bytea::bloom = b")" \
		"$(sql -d "$OLD_DB" -c "SELECT count(*) FROM sketches")"
	sql -d "$OLD_DB" -c "CREATE TABLE again AS SELECT * FROM sketches" -c "TRUNCATE sketches" -c "$(echo "$STORE" | grep -v '^CREATE TABLE')" -c "$GROW"
	check "new values after the update are a fresh install's bytes" "$(sql -d "$OLD_DB" -c "$READ")" "$fresh_values"
	check "fuse values built after the update from $old are a fresh install's bytes" "$(sql -d "$OLD_DB" -c "$FUSE_READ")" "$fresh_fuse"
	check "the catalog updated from $old is a fresh install's" "$(sql -d "$OLD_DB" -c "$CATALOG")" "$fresh_catalog"
done

finish_checks
echo "updates from: $(echo $versions) to $CURRENT: all checks passed"
