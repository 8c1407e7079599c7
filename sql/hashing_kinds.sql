-- Values of different types that PostgreSQL's "=" compares (doc/FORMAT.md
-- 2.5): what issues 29 and 30 found, each with the answer that must hold.
-- hashing_properties checks every pair of types against "=" itself.
CREATE EXTENSION IF NOT EXISTS citext;

-- citext through the aggregates, however the argument is written: hashed as
-- citext ('Abc' = 'ABC'), as the probes hash it. (0.4.0: f, f, f.)
SELECT bloom_contains(bloom_agg(x, 10, 0.01), 'ABC'::citext) AS values_list
FROM (VALUES ('Abc'::citext)) v(x);
SELECT bloom_agg(x) @> 'ABC'::citext AS sized_to_values FROM (VALUES ('Abc'::citext)) v(x);
SELECT hll_add_agg(x) = hll_add_agg(lower(x)::citext) AS hll_equal FROM (VALUES ('Abc'::citext)) v(x);
SELECT bool_and(f @> ('X' || i)::citext) AS expression
FROM generate_series(1, 50) i, (SELECT bloom_agg(('x' || j)::citext, 100, 0.01) f FROM generate_series(1, 50) j) s;
SELECT bloom_info(bloom_agg(x::citext))->'kind' AS citext_kind, bloom_info(bloom_agg(x))->'kind' AS text_kind,
       bloom_info(bloom_agg(x::varchar))->'kind' AS varchar_kind, bloom_info(bloom_agg(x::char(3)))->'kind' AS char_kind
FROM (VALUES ('a')) v(x);
-- A text value against a citext sketch: "=" between them is text's, which the
-- citext hashes cannot answer: refused with the cast to use.
SELECT bloom_agg(x) @> 'Abc'::text FROM (VALUES ('Abc'::citext)) v(x);
-- A citext value against a text sketch: compared as text (case and all), as citext = text is.
SELECT bloom_agg(x) @> 'Abc'::citext AS same_case, bloom_agg(x) @> 'ABC'::citext AS other_case
FROM (VALUES ('Abc'::text)) v(x);

-- A float column probed with decimals, the natural literal (issue 30 item 1).
CREATE TEMP TABLE prices(price float8);
INSERT INTO prices VALUES (0.5), (19.99), (42);
SELECT count(*) AS sql_says FROM prices WHERE price = 19.99;
SELECT f @> 0.5 AS f05, f @> 19.99 AS f1999, f @> 42 AS f42, bloom_members(f, ARRAY[0.5, 19.99, 42]) AS members,
       c @> 0.5 AS c05, c @> 19.99 AS c1999, hll_cardinality(hll_add(h, 0.5)) AS add_05,
       hll_cardinality(hll_add(hll_add(h, 19.99), 42.0)) AS add_1999_42, f @> 19.990000000000000001 AS rounds_as_sql_does
FROM (SELECT bloom_agg(price) f, cuckoo_agg(price, 10, 0.01) c, hll_add_agg(price) h FROM prices) s;
-- cuckoo_remove takes the value out as = finds it.
SELECT cuckoo_count(cuckoo_remove(c, 19.99), 19.99::float8) AS after_remove, cuckoo_count(c, 19.99) AS before
FROM (SELECT cuckoo_agg(price, 10, 0.01) c FROM prices) s;
-- A real column: 0.1 (numeric) is compared as a double, and 0.1::real is not 0.1 in double precision.
SELECT (SELECT count(*) FROM (VALUES (0.1::real)) v(r) WHERE r = 0.1) AS sql_says,
       bloom_agg(r) @> 0.1 AS numeric_literal, bloom_agg(r) @> 0.1::real AS real_literal
FROM (VALUES (0.1::real)) v(r);

-- A numeric column probed with a double: "=" compares every numeric rounded
-- to a double, which many numerics round to alike: refused, never a silent no.
SELECT bloom_agg(n) @> 19.99::float8 FROM (VALUES (19.99::numeric)) v(n);
SELECT bloom_agg(n) @> 0.5::real FROM (VALUES (0.5::numeric)) v(n);
-- Cast the probe to numeric: found.
SELECT bloom_agg(n) @> 19.99::float8::numeric AS cast_probe FROM (VALUES (19.99::numeric)) v(n);
-- Integers probed with doubles and decimals: exact below 2^53, refused above.
SELECT bloom_agg(i) @> 2.0::float8 AS two, bloom_agg(i) @> 2.5::float8 AS two_and_a_half,
       bloom_agg(i) @> 2::numeric AS numeric_two, bloom_agg(i) @> 2.5 AS numeric_two_and_a_half,
       bloom_agg(i) @> 1e15::float8 AS below_2_53
FROM (VALUES (1), (2), (1000000000000000)) v(i);
SELECT bloom_agg(i) @> 1e17::float8 FROM (VALUES (100000000000000000::bigint)) v(i);

-- Dates and timestamps: a midnight is that date; time zones are the session's: refused.
SELECT bloom_agg(d) @> '2024-01-01'::timestamp AS midnight, bloom_agg(d) @> '2024-01-01 00:00:01'::timestamp AS later,
       bloom_agg(d) @> 'infinity'::timestamp AS infinity
FROM (VALUES ('2024-01-01'::date), ('infinity')) v(d);
SELECT bloom_agg(t) @> '2024-01-01'::date AS date_probe FROM (VALUES ('2024-01-01 00:00'::timestamp)) v(t);
SET TimeZone = 'Asia/Tokyo';
SELECT bloom_agg(t) @> '2024-01-01 00:00'::timestamptz FROM (VALUES ('2024-01-01 00:00'::timestamp)) v(t);
SELECT bloom_agg(t) @> '2024-01-01 00:00'::timestamp FROM (VALUES ('2024-01-01 00:00'::timestamptz)) v(t);
SELECT bloom_agg(d) @> '2024-01-01'::timestamptz FROM (VALUES ('2024-01-01'::date)) v(d);
SELECT bloom_agg(t) @> '01:00'::timetz FROM (VALUES ('01:00'::time)) v(t);
RESET TimeZone;
-- time and interval: time converts to interval as "=" does.
SELECT bloom_agg(i) @> '01:00'::time AS time_probe FROM (VALUES ('1 hour'::interval)) v(i);

-- oid: an integer converts to oid as "=" does, -1 to 4294967295.
SELECT bloom_agg(o) @> 42 AS forty_two, bloom_agg(o) @> -1 AS minus_one, bloom_agg(o) @> 4294967295::bigint AS big
FROM (VALUES (42::oid), (4294967295::oid)) v(o);
SELECT bloom_agg(c) @> 1259::oid AS oid_probe, bloom_agg(c) @> 1259 AS int_probe FROM (VALUES ('pg_class'::regclass)) v(c);

-- Values with no "=" between them: refused (0.4.0 answered no).
SELECT bloom_agg(x) @> 'x'::text FROM generate_series(1, 3) x;
SELECT hll_add(hll_add_agg(x), 'x'::text) FROM generate_series(1, 3) x;

-- An add must leave a value that every probe "=" calls equal to it finds: a
-- value no value of the sketch's kind equals is refused, not hashed.
SELECT bloom_add(bloom_agg(x, 10, 0.01), 2.5::float8) FROM (VALUES (5::bigint)) v(x);
SELECT hll_add(hll_add_agg(x), 2.5) FROM (VALUES (5::bigint)) v(x);
SELECT bloom_add(bloom_agg(d, 10, 0.01), '2024-01-01 10:00'::timestamp) FROM (VALUES ('2024-01-01'::date)) v(d);
-- Integral values are added, found as "=" finds them, and counted once.
SELECT hll_cardinality(hll_add(hll_add(hll_add_agg(x), 7.0), 7::float8)) AS two,
       bloom_add(bloom_agg(x, 10, 0.01), 7.0) @> 7::real AS seven
FROM (VALUES (5::bigint)) v(x);
-- A probe that equals nothing of the kind is answered, not refused: infinity is no integer.
SELECT bloom_agg(x, 10, 0.01) @> 'infinity'::float8 AS infinity, bloom_agg(x, 10, 0.01) @> 'NaN'::float8 AS nan,
       cuckoo_count(cuckoo_remove(cuckoo_agg(x, 10, 0.01), 2.5), 5) AS nothing_removed
FROM (VALUES (5::bigint)) v(x);
-- A kind this server does not know (a built-in type OID of another version): shown, and refused for comparisons.
SELECT hll_info('\x48020201041a0f27000000000000000041000000'::hll)->>'kind' AS kind;
SELECT hll_add('\x48020201041a0f27000000000000000041000000'::hll, 1);

-- Kinds of unions: an empty or kind-less side takes the other's kind; two
-- kinds make a union of several types, which a probe cannot be compared with.
SELECT bloom_info(bloom_union(bloom_add(bloom_empty(100), 1), bloom_empty(100)))->'kind' AS with_empty,
       bloom_info(bloom_union(bloom_add(bloom_empty(100), 1), bloom_add(bloom_empty(100), 1.5)))->'kind' AS two_kinds,
       hll_info(hll_union(hll_add_hash(hll_empty(), 7), hll_add(hll_empty(), 'a'::text)))->'kind' AS adopted;
SELECT bloom_union(bloom_add(bloom_empty(100), 1), bloom_add(bloom_empty(100), 1.5)) @> 1;
-- Containment and intersection of different kinds are refused.
SELECT bloom_add(bloom_empty(100), 1) @> bloom_add(bloom_empty(100), 1.5);
SELECT hll_add(hll_empty(), 1) @> hll_add(hll_empty(), 1.5);
-- So are the joint estimates of hll values of different kinds: 1.5::float8 and
-- 1.5::numeric are equal in SQL but hash differently, so an intersection would
-- read 0 where the true one is 1 (0.4.0 answered 0).
SELECT 1.5::float8 = 1.5::numeric AS equal_in_sql;
SELECT hll_intersection_cardinality(hll_add(hll_empty(), 1.5::float8), hll_add(hll_empty(), 1.5::numeric));
SELECT hll_overlap(hll_add(hll_empty(), 1.5::float8), hll_add(hll_empty(), 1.5::numeric));
SELECT hll_jaccard(hll_add(hll_empty(), 1.5::float8), hll_add(hll_empty(), 1.5::numeric));
-- A sketch without a kind (built from hashes) compares with any.
SELECT hll_intersection_cardinality(hll_add(hll_empty(), 1), hll_add_hash(hll_empty(), sketch_hash(1))) AS no_kind;
-- A sketch written before 0.5.0 records no kind: probed by each value's own rule, as then.
SELECT bloom_contains('\x420102010100000000000000000000000a000000000000007b14ae47e17a843f60000000000000000a0000000000000000000000000000000700000000000000000000000000000000000000'::bloom, 'x'::text) AS legacy_probe;

-- Issue 38: types outside the built-in catalog. Each has a kind of its own
-- (10000 ... 65533), derived from its name and its extension's name (FORMAT.md
-- 2.5): citext is 10000 + XXH3-64('citext' 00 'citext') mod 55534 = 49992,
-- the enum kinds_mood 10000 + XXH3-64(00 'kinds_mood') mod 55534 = 50661,
-- their arrays the same with '[]' appended: 14550 and 39630 (computed with
-- Python's xxhash). A domain has its base type's kind. (0.8.0: every one of
-- them was 65534, so a citext sketch answered and took enum values.)
\getenv abs_srcdir PG_ABS_SRCDIR
\i :abs_srcdir/sql/include/errors.psql
CREATE TYPE kinds_mood AS ENUM ('sad', 'ok');
CREATE DOMAIN kinds_ci AS citext;
CREATE DOMAIN kinds_md AS kinds_mood;
SELECT hll_info(hll_add(hll_empty(), 'a'::citext))->>'kind' AS citext,
       hll_info(hll_add(hll_empty(), 'a'::kinds_ci))->>'kind' AS citext_domain,
       bloom_info(bloom_agg(x))->>'kind' AS mood, bloom_info(bloom_agg(x::kinds_md))->>'kind' AS mood_domain,
       cuckoo_info(cuckoo_agg(ARRAY['a'::citext], 10, 0.01))->>'kind' AS citext_array,
       countmin_info(countmin_agg(ARRAY[x]))->>'kind' AS mood_array,
       hll_info(hll_add(hll_empty(), '1 2'::int2vector))->>'kind' AS int2vector,
       hll_info(hll_add(hll_empty(), '1 2'::oidvector))->>'kind' AS oidvector
FROM (VALUES ('ok'::kinds_mood)) v(x);
CREATE TEMP TABLE kinds_sketches AS
SELECT hll_add_agg(c) AS hc, hll_add_agg(m) AS hm, bloom_agg(c, 10, 0.01) AS bc, bloom_agg(m, 10, 0.01) AS bm,
       cuckoo_agg(c, 10, 0.01) AS cc, cuckoo_agg(m, 10, 0.01) AS cm, countmin_agg(c) AS mc, countmin_agg(m) AS mm,
       fuse_agg(c) AS fc, fuse_agg(m) AS fm, agebloom_agg(c, 10, 0.01 ORDER BY c) AS ac,
       agebloom_agg(m, 10, 0.01 ORDER BY m) AS am, agebloom_agg(c, '1 hour', 1000, 0.01, '2026-01-01') AS tc,
       agebloom_agg(m, '1 hour', 1000, 0.01, '2026-01-01') AS tm, hll_add_agg(ARRAY[c]) AS hca,
       bloom_agg(ARRAY[c], 10, 0.01) AS bca, bloom_agg(ARRAY[m], 10, 0.01) AS bma
FROM (VALUES ('Ok'::citext, 'ok'::kinds_mood)) v(c, m);
-- A value of its own type, or of a domain over it, is found (as "=" finds it).
SELECT hll_cardinality(hll_add(hc, 'OK'::kinds_ci)) AS hll_one, bc @> 'oK'::kinds_ci AS bloom, bm @> 'ok'::kinds_md AS bloom_enum,
       cuckoo_count(cc, 'OK'::citext) AS cuckoo, countmin_count(mc, 'ok'::kinds_ci) AS countmin,
       fuse_contains(fm, 'ok'::kinds_md) AS fuse, agebloom_contains(ac, 'OK'::citext) AS agebloom,
       bma @> ARRAY['ok'::kinds_md] AS enum_array
FROM kinds_sketches;
-- A value of another type outside the catalog: there is no "=" between
-- citext and an enum, so every add and probe is refused (42804), in both directions.
SELECT pg_temp.err($q$SELECT hll_add(hc, 'ok'::kinds_mood) FROM kinds_sketches$q$) AS message;
SELECT label, split_part(pg_temp.err(query), ':', 1) AS sqlstate FROM (VALUES
    ('hll_add',            $q$SELECT hll_add(hc, 'ok'::kinds_mood) FROM kinds_sketches$q$),
    ('hll_add enum',       $q$SELECT hll_add(hm, 'ok'::citext) FROM kinds_sketches$q$),
    ('bloom @>',           $q$SELECT bc @> 'ok'::kinds_mood FROM kinds_sketches$q$),
    ('bloom_add',          $q$SELECT bloom_add(bm, 'ok'::kinds_ci) FROM kinds_sketches$q$),
    ('bloom_members',      $q$SELECT bloom_members(bc, ARRAY['ok'::kinds_mood]) FROM kinds_sketches$q$),
    ('cuckoo_contains',    $q$SELECT cuckoo_contains(cc, 'ok'::kinds_md) FROM kinds_sketches$q$),
    ('cuckoo_add',         $q$SELECT cuckoo_add(cm, 'ok'::citext) FROM kinds_sketches$q$),
    ('cuckoo_remove',      $q$SELECT cuckoo_remove(cc, 'ok'::kinds_mood) FROM kinds_sketches$q$),
    ('countmin_count',     $q$SELECT countmin_count(mc, 'ok'::kinds_mood) FROM kinds_sketches$q$),
    ('countmin_add',       $q$SELECT countmin_add(mm, 'ok'::citext) FROM kinds_sketches$q$),
    ('fuse_contains',      $q$SELECT fuse_contains(fc, 'ok'::kinds_mood) FROM kinds_sketches$q$),
    ('agebloom_contains',  $q$SELECT agebloom_contains(am, 'ok'::citext) FROM kinds_sketches$q$),
    ('agebloom_add',       $q$SELECT agebloom_add(ac, 'ok'::kinds_mood) FROM kinds_sketches$q$),
    ('array, other element', $q$SELECT bca @> ARRAY['ok'::kinds_mood] FROM kinds_sketches$q$),
    ('element, array sketch', $q$SELECT hll_add(hca, 'ok'::citext) FROM kinds_sketches$q$),
    ('text on citext',     $q$SELECT bc @> 'Ok'::text FROM kinds_sketches$q$)
) v(label, query);
SELECT 'ok'::citext = 'ok'::kinds_mood;
-- Unions: two types outside the catalog are several types (mixed); a value
-- stored by 0.5.0-0.8.0 with 65534 (one such type, not known which) is still
-- read: it answers values of any type outside the catalog, as then, and its
-- union with one of them stays 65534; with a built-in type it is mixed.
CREATE TEMP TABLE kinds_legacy AS
SELECT pg_temp.put(hc::bytea, 6, 2, 65534)::hll AS lh, pg_temp.put(bc::bytea, 6, 2, 65534)::bloom AS lb,
       pg_temp.put(cc::bytea, 6, 2, 65534)::cuckoo AS lc
FROM kinds_sketches;
SELECT hll_info(hll_union(hc, hm))->>'kind' AS hll_two, bloom_info(bloom_union(bc, bm))->>'kind' AS bloom_two,
       cuckoo_info(cuckoo_union(cc, cm))->>'kind' AS cuckoo_two, countmin_info(countmin_union(mc, mm))->>'kind' AS countmin_two,
       fuse_info(fuse_union((SELECT fuse_keys_agg('a'::citext)), (SELECT fuse_keys_agg('ok'::kinds_mood))))->>'kind' AS fuse_two,
       agebloom_info(agebloom_union(tc, tm))->>'kind' AS agebloom_two,
       hll_info(hll_union(hc, hc))->>'kind' AS same_type
FROM kinds_sketches;
SELECT hll_info(lh)->>'kind' AS legacy, hll_info(hll_union(lh, hm))->>'kind' AS with_enum,
       bloom_info(bloom_union(bc, lb))->>'kind' AS with_citext, cuckoo_info(cuckoo_union(lc, cm))->>'kind' AS cuckoo,
       hll_info(hll_union(lh, hll_add(hll_empty(), 1)))->>'kind' AS with_bigint,
       hll_cardinality(hll_add(lh, 'ok'::kinds_mood)) AS legacy_takes_enum, lb @> 'OK'::citext AS legacy_finds_citext,
       cuckoo_count(lc, 'ok'::kinds_ci) AS legacy_counts, hll_union(lh, hm) @> hm AS legacy_contains
FROM kinds_sketches, kinds_legacy;
-- Refused: probes of a union of two types, built-in values against 65534,
-- and comparisons of sketches of two types outside the catalog.
SELECT label, pg_temp.err(query) AS result FROM (VALUES
    ('mixed probe',        $q$SELECT bloom_union(bc, bm) @> 'ok'::kinds_mood FROM kinds_sketches$q$),
    ('legacy, integer',    $q$SELECT lb @> 1 FROM kinds_legacy$q$),
    ('containment',        $q$SELECT hc @> hm FROM kinds_sketches$q$),
    ('joint estimate',     $q$SELECT hll_intersection_cardinality(hc, hm) FROM kinds_sketches$q$),
    ('bloom_intersect',    $q$SELECT bloom_intersect(bc, bm) FROM kinds_sketches$q$)
) v(label, query);
DROP TABLE kinds_sketches, kinds_legacy;
DROP DOMAIN kinds_md;
DROP DOMAIN kinds_ci;
DROP TYPE kinds_mood;

DROP EXTENSION citext;
