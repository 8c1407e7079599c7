-- One rule (doc/FORMAT.md section 2): values equal under their type's "="
-- hash equal, in every function and aggregate alike. Checked for every type
-- that has a default hash operator class in the catalog, so a type added to
-- PostgreSQL (or by an extension installed here) fails the coverage check
-- below until it has sample values.

CREATE EXTENSION IF NOT EXISTS citext;
CREATE TYPE hp_mood AS ENUM ('sad', 'ok', 'happy');
CREATE TYPE hp_row AS (i integer, t text, n numeric);

-- Pairs of literals of a type that compare equal, spelled differently where
-- the type allows it, plus distinct values so that columns have several.
CREATE TEMP TABLE hp_pairs (typ text, a text, b text);
INSERT INTO hp_pairs VALUES
    ('"char"', 'a', 'a'), ('"char"', 'b', 'b'), ('"char"', '\351', '\351'), ('"char"', '', ''),
    ('aclitem', 'postgres=arw/postgres', 'postgres=raw/postgres'), ('aclitem', '=r/postgres', '=r/postgres'),
    ('smallint', '1', '+01'), ('smallint', '-32768', '-32768'),
    ('integer', '42', ' 42'), ('integer', '-7', '-0007'),
    ('bigint', '9223372036854775807', '+9223372036854775807'), ('bigint', '0', '-0'),
    ('boolean', 'true', 'yes'), ('boolean', 'f', 'off'),
    ('bytea', '\x41', 'A'), ('bytea', '\x', ''),
    ('character(5)', 'ab', 'ab   '), ('character(5)', '', '     '),
    ('character varying', 'abc', 'abc'), ('character varying', 'x y', 'x y'),
    ('cid', '1', '01'), ('cid', '7', '7'),
    ('date', '2024-01-01', 'Jan 1 2024'), ('date', 'infinity', 'infinity'),
    ('double precision', '0', '-0'), ('double precision', '1.5', '15e-1'), ('double precision', 'NaN', 'nan'),
    ('real', '0', '-0'), ('real', '0.5', '5e-1'), ('real', 'Infinity', 'inf'),
    ('numeric', '1.0', '1.000'), ('numeric', '-0.50', '-.5'), ('numeric', 'NaN', 'nan'), ('numeric', '1e20', '100000000000000000000.0'),
    ('inet', '192.168.0.1', '192.168.0.1/32'), ('inet', '::1', '0:0::1'),
    ('cidr', '10.0.0.0/8', '10/8'),
    ('interval', '1 day', '24 hours'), ('interval', '1 mon', '30 days'), ('interval', '1 year', '12 mons'),
    ('jsonb', '{"a": 1, "b": 2}', '{"b":2,"a":1}'), ('jsonb', '[1.0]', '[1.00]'), ('jsonb', '"x"', ' "x" '),
    ('macaddr', '08:00:2b:01:02:03', '08-00-2B-01-02-03'),
    ('macaddr8', '08:00:2b:01:02:03:04:05', '0800.2b01.0203.0405'),
    ('name', 'abc', 'abc'), ('name', 'pg_class', 'pg_class'), ('name', '', ''),
    ('oid', '1', '01'), ('oid', '4294967295', '-1'),
    ('oidvector', '1 2', ' 1  2'), ('oidvector', '', ''),
    ('pg_lsn', '0/16B3748', '0/16b3748'),
    ('text', 'abc', 'abc'), ('text', 'héllo', 'héllo'), ('text', '', ''),
    ('citext', 'Abc', 'aBC'), ('citext', 'Hello World', 'hELLO wORLD'),
    ('tid', '(0,1)', '(0,1)'), ('tid', '(4294967295,65535)', '(4294967295,65535)'),
    ('time with time zone', '12:00+01', '12:00:00+01:00'),
    ('time without time zone', '12:00', '12:00:00.000'), ('time without time zone', '24:00', '24:00:00'),
    ('timestamp with time zone', '2024-01-01 00:00+00', '2024-01-01 01:00+01'),
    ('timestamp without time zone', '2024-01-01', '2024-01-01 00:00:00'),
    ('uuid', 'a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11', 'A0EEBC999C0B4EF8BB6D6BB9BD380A11'),
    ('xid', '5', '05'), ('xid8', '5', '05'),
    ('integer[]', '{1,2}', '{01,+2}'), ('integer[]', '[0:1]={1,2}', '[0:1]={1,2}'), ('integer[]', '{}', '{}'),
    ('integer[]', '{{1,NULL},{3,4}}', '{{1,NULL},{3,4}}'),
    ('numeric[]', '{1.0,NULL}', '{1.00,NULL}'), ('interval[]', '{"1 day"}', '{"24 hours"}'),
    ('text[]', '{a,"b c"}', '{"a","b c"}'), ('name[]', '{a,b}', '{a,b}'), ('citext[]', '{Abc}', '{aBC}'),
    ('hp_mood', 'ok', 'ok'), ('hp_mood', 'happy', 'happy'),
    ('int4range', '[1,5)', '[1,4]'), ('int4range', 'empty', '[3,3)'),
    ('numrange', '[1.0,2)', '[1.00,2.0)'), ('tstzrange', '[2024-01-01 00:00+00,)', '[2024-01-01 01:00+01,)'),
    ('int4multirange', '{[1,3),[3,5)}', '{[1,5)}'), ('datemultirange', '{}', '{}'),
    ('hp_row', '(1,a,1.0)', '(01,a,1.00)'), ('hp_row', '(2,,)', '(2,,)'),
    ('hll', '\x480102010e1a00000000000000000000', '\x480102010E1A00000000000000000000'),
    ('cuckoo', (SELECT cuckoo_add(cuckoo_empty(10), 42)::text),
               (SELECT '\x' || upper(substr(cuckoo_add(cuckoo_empty(10), 42)::text, 3)))),
    ('bloom', '\x420102010100000000000000000000000a000000000000007b14ae47e17a843f60000000000000000a0000000000000000000000000000000700000000000000000000000000000000000000',
              '\x420102010100000000000000000000000A000000000000007B14AE47E17A843F60000000000000000A0000000000000000000000000000000700000000000000000000000000000000000000');

-- Coverage: every type with a default hash operator class has samples
-- (arrays, enums, ranges, multiranges and composites through their
-- polymorphic opclass). Expected: no rows.
SELECT c.opcintype::regtype AS type_without_samples
FROM pg_opclass c JOIN pg_am am ON am.oid = c.opcmethod
WHERE am.amname = 'hash' AND c.opcdefault
EXCEPT
SELECT CASE WHEN EXISTS (SELECT FROM pg_type e WHERE e.typarray = t.oid) THEN 'anyarray'::regtype
            WHEN t.typtype = 'e' THEN 'anyenum'::regtype
            WHEN t.typtype = 'r' THEN 'anyrange'::regtype
            WHEN t.typtype = 'm' THEN 'anymultirange'::regtype
            WHEN t.typtype = 'c' THEN 'record'::regtype
            WHEN t.typtype = 'b' AND t.typname = 'cidr' THEN 'inet'::regtype
            WHEN t.typtype = 'b' AND t.typname = 'varchar' THEN 'text'::regtype
            ELSE t.oid::regtype END
FROM hp_pairs p JOIN pg_type t ON t.oid = p.typ::regtype
ORDER BY 1;

-- Each pair compares equal (else the sample is wrong) and hashes equal,
-- with the default seed and another. Expected: no rows.
CREATE FUNCTION pg_temp.hp_check(typ text, a text, b text, OUT equal boolean, OUT same_hash boolean) AS $$
BEGIN
    EXECUTE format('SELECT %1$L::%3$s = %2$L::%3$s,
                           sketch_hash(%1$L::%3$s) = sketch_hash(%2$L::%3$s)
                           AND sketch_hash(%1$L::%3$s, -7) = sketch_hash(%2$L::%3$s, -7)', a, b, typ)
        INTO equal, same_hash;
END $$ LANGUAGE plpgsql;
SELECT typ, a, b, equal, same_hash FROM hp_pairs, pg_temp.hp_check(typ, a, b) WHERE NOT (equal AND same_hash);

-- A column of each type: bloom_agg finds every row through bloom_contains and
-- @> (cuckoo_agg through cuckoo_contains), and hll_add_agg equals hll_add one row at a time and hll_add_hash_agg
-- of sketch_hash (the aggregates pick their own overloads, e.g. text for
-- name; the functions go through anyelement: they must agree).
CREATE AGGREGATE pg_temp.hp_add_each(anyelement) (SFUNC = hll_add, STYPE = hll, INITCOND = '\x480102010e1a00000000000000000000');
CREATE FUNCTION pg_temp.hp_column(typ text, OUT rows_ bigint, OUT bloom_finds_all boolean, OUT hll_agg_is_hll_add boolean,
                                  OUT hll_agg_is_hash_agg boolean, OUT in_a_window boolean) AS $$
BEGIN
    EXECUTE format('CREATE TEMP TABLE hp_col AS SELECT v::%s AS x FROM hp_pairs, LATERAL (VALUES (a), (b)) s(v) WHERE typ = %L', typ, typ);
    SELECT count(*) INTO rows_ FROM hp_col;
    -- (Between two filters @> means superset: a column of filters is probed with bloom_contains only.)
    EXECUTE format('SELECT bool_and(bloom_contains(f, x) AND %s AND bloom_contains(g, x) AND cuckoo_contains(c, x))
                    FROM hp_col, (SELECT bloom_agg(x) AS f, bloom_agg(x, 100, 0.01) AS g,
                                         cuckoo_agg(x, 100, 0.01) AS c FROM hp_col) s',
                   CASE WHEN typ = 'bloom' THEN 'true' ELSE 'f @> x' END) INTO bloom_finds_all;
    SELECT hll_add_agg(x) = pg_temp.hp_add_each(x), hll_add_agg(x) = hll_add_hash_agg(sketch_hash(x))
        INTO hll_agg_is_hll_add, hll_agg_is_hash_agg FROM hp_col;
    -- As window aggregates, whose transition functions see no Aggref.
    SELECT bool_and(h = e AND bloom_contains(f, x) AND bloom_contains(g, x)) INTO in_a_window
    FROM (SELECT x, hll_add_agg(x) OVER () AS h, pg_temp.hp_add_each(x) OVER () AS e, bloom_agg(x) OVER () AS f,
                 bloom_agg(x, 100, 0.01) OVER () AS g
          FROM hp_col) s;
    DROP TABLE hp_col;
END $$ LANGUAGE plpgsql;
SELECT typ, c.* FROM (SELECT DISTINCT typ FROM hp_pairs) t, pg_temp.hp_column(typ) c ORDER BY typ COLLATE "C";

-- Domains hash as their base type, in aggregates too.
CREATE DOMAIN hp_ident AS name;
SELECT sketch_hash('abc'::hp_ident) = sketch_hash('abc'::text) AS domain_over_name,
       (SELECT bool_and(bloom_contains(f, x)) FROM (VALUES ('a'::hp_ident), ('b')) v(x),
               (SELECT bloom_agg(x) f FROM (VALUES ('a'::hp_ident), ('b')) v(x)) s) AS domain_bloom;

DROP DOMAIN hp_ident;
DROP TYPE hp_mood, hp_row;
DROP EXTENSION citext;
