-- One rule (doc/FORMAT.md section 2): a value equal under PostgreSQL's "="
-- to a value added to a filter is found, and hll_add does not count it again,
-- whatever the types, the shape of the arguments and the plan; where a hash
-- cannot answer, the probe is refused, never a silent "no". The oracle is
-- PostgreSQL's own "=", evaluated here row by row, never this extension.
-- Checked for every type that has a default hash operator class in the
-- catalog, so a type added to PostgreSQL (or by an extension installed here)
-- fails the coverage check below until it has sample values.

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
              '\x420102010100000000000000000000000A000000000000007B14AE47E17A843F60000000000000000A0000000000000000000000000000000700000000000000000000000000000000000000'),
    ('ddsketch', (SELECT ddsketch_agg(x)::text FROM generate_series(1, 5) x),
                 (SELECT (ddsketch_agg(x) FILTER (WHERE x < 3) || ddsketch_agg(x) FILTER (WHERE x >= 3))::text
                  FROM generate_series(1, 5) x)),
    -- issue-27 countmin
    ('countmin', (SELECT countmin_add(countmin_empty(0.5, 0.5), 42)::text),
                 (SELECT '\x' || upper(substr(countmin_add(countmin_empty(0.5, 0.5), 42)::text, 3)))),
    -- issue-28 agebloom
    ('agebloom', (SELECT agebloom_add(agebloom_empty(10), 42)::text),
                 (SELECT '\x' || upper(substr(agebloom_add(agebloom_empty(10), 42)::text, 3)))),
    ('topk', (SELECT topk_agg(x)::text FROM generate_series(1, 3) x),
             (SELECT '\x' || upper(substr(topk_agg(x)::text, 3)) FROM generate_series(1, 3) x)),
    -- issue-26 kll
    ('kll', (SELECT kll_agg(x)::text FROM generate_series(1, 5) x),
            (SELECT '\x' || upper(substr(kll_agg(x)::text, 3)) FROM generate_series(1, 5) x)),
    -- issue-28 fuse: a filter and a key set
    ('fuse', (SELECT fuse_agg(x)::text FROM generate_series(1, 5) x),
             (SELECT '\x' || upper(substr(fuse_agg(x)::text, 3)) FROM (SELECT x FROM generate_series(1, 5) x ORDER BY -x) s)),
    ('fuse', (SELECT fuse_keys_agg(x)::text FROM generate_series(1, 5) x),
             (SELECT fuse_union(fuse_keys_agg(x) FILTER (WHERE x < 3), fuse_keys_agg(x) FILTER (WHERE x >= 3))::text
              FROM generate_series(1, 5) x));

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

-- Every byte but the format version and the kind (bytes 1, 6 and 7): a sketch
-- of hashes records no kind (doc/FORMAT.md 2.5), the same registers otherwise.
CREATE FUNCTION pg_temp.same_content(a bytea, b bytea) RETURNS boolean LANGUAGE sql IMMUTABLE
    AS $$ SELECT substr(a, 1, 1) = substr(b, 1, 1) AND substr(a, 3, 4) = substr(b, 3, 4) AND substr(a, 9) = substr(b, 9) $$;

-- A column of each type, built from the a spellings and probed with the b
-- spellings: bloom_agg (both forms) and cuckoo_agg find every probe through
-- bloom_contains, @>, bloom_members and cuckoo_contains; hll_add_agg equals
-- hll_add one row at a time, has the registers of hll_add_hash_agg of
-- sketch_hash, and adding an equal value changes nothing. The aggregates
-- pick their own overloads (sketch_text for name); the functions go through
-- anyelement: they must agree. Also as window aggregates.
CREATE AGGREGATE pg_temp.hp_add_each(anyelement) (SFUNC = hll_add, STYPE = hll, INITCOND = '\x480102010e1a00000000000000000000');
CREATE FUNCTION pg_temp.hp_column(typ text, OUT rows_ bigint, OUT found_all boolean, OUT hll_agg_is_hll_add boolean,
                                  OUT hll_agg_is_hash_agg boolean, OUT equal_adds_nothing boolean, OUT in_a_window boolean) AS $$
BEGIN
    EXECUTE format('CREATE TEMP TABLE hp_col AS SELECT a::%1$s AS x, b::%1$s AS y FROM hp_pairs WHERE typ = %2$L', typ, typ);
    SELECT count(*) INTO rows_ FROM hp_col;
    -- (Between two filters @> means superset: a column of filters is probed with bloom_contains only.)
    EXECUTE format('SELECT bool_and(bloom_contains(f, y) AND %s AND bloom_contains(g, y) AND cuckoo_contains(c, y) AND agebloom_contains(ab, y)
                                    AND fuse_contains(fu, y) AND fuse_contains(fk, y) AND %s)
                    FROM hp_col, (SELECT bloom_agg(x) AS f, bloom_agg(x, 100, 0.01) AS g,
                                         cuckoo_agg(x, 100, 0.01) AS c, agebloom_agg(x, 100, 0.01) AS ab,
                                         fuse_agg(x) AS fu, fuse_keys_agg(x) AS fk FROM hp_col) s',
                   CASE WHEN typ = 'bloom' THEN 'true' ELSE 'f @> y' END,
                   -- bloom_members and fuse_members take a one-dimensional array of the values.
                   CASE WHEN typ LIKE '%[]' THEN 'true'
                        ELSE 'bloom_members(f, ARRAY[y]) = ''{1}'' AND bloom_members(g, ARRAY[y, y]) = ''{1,2}''
                              AND fuse_members(fu, ARRAY[y, y]) = ''{1,2}''' END)
        INTO found_all;
    SELECT hll_add_agg(x) = pg_temp.hp_add_each(x),
           pg_temp.same_content(hll_add_agg(x)::bytea, hll_add_hash_agg(sketch_hash(x))::bytea)
        INTO hll_agg_is_hll_add, hll_agg_is_hash_agg FROM hp_col;
    SELECT bool_and(hll_add(h, y) = h) INTO equal_adds_nothing FROM hp_col, (SELECT hll_add_agg(x) h FROM hp_col) s;
    -- As window aggregates, whose transition functions see no Aggref.
    SELECT bool_and(h = e AND bloom_contains(f, y) AND bloom_contains(g, y)) INTO in_a_window
    FROM (SELECT y, hll_add_agg(x) OVER () AS h, pg_temp.hp_add_each(x) OVER () AS e, bloom_agg(x) OVER () AS f,
                 bloom_agg(x, 100, 0.01) OVER () AS g
          FROM hp_col) s;
    DROP TABLE hp_col;
END $$ LANGUAGE plpgsql;
SELECT typ, c.* FROM (SELECT DISTINCT typ FROM hp_pairs) t, pg_temp.hp_column(typ) c ORDER BY typ COLLATE "C";

-- The shape of the arguments: a value added by an aggregate written as a
-- column, a constant, VALUES, a subquery that is not flattened, an
-- expression, a function's result, a prepared statement's parameter and a
-- view is found by a probe written as a constant, an expression, a prepared
-- parameter and through a view, for every type. (0.4.0 hashed citext as text
-- in every shape but the column.) Expected: every column true.
CREATE FUNCTION pg_temp.hp_same(x anyelement) RETURNS anyelement LANGUAGE plpgsql IMMUTABLE AS $$ BEGIN RETURN x; END $$;
CREATE FUNCTION pg_temp.hp_shapes(typ text, a text, b text, OUT built_as text, OUT found boolean) RETURNS SETOF record AS $$
DECLARE
    lit_a text := format('%L::%s', a, typ);
    lit_b text := format('%L::%s', b, typ);
    shape record;
    f bloom;
    g bloom;
    c cuckoo;
    h hll;
    ab agebloom;
BEGIN
    EXECUTE format('CREATE TEMP TABLE hp_one AS SELECT %s AS x', lit_a);
    EXECUTE format('PREPARE hp_build(%s) AS SELECT bloom_agg($1), bloom_agg($1, 10, 0.01), cuckoo_agg($1, 10, 0.01), hll_add_agg($1), agebloom_agg($1, 10, 0.01)', typ);
    EXECUTE format('CREATE TEMP VIEW hp_built AS SELECT bloom_agg(x) AS f, bloom_agg(x, 10, 0.01) AS g,
                           cuckoo_agg(x, 10, 0.01) AS c, hll_add_agg(x) AS h,
                           agebloom_agg(x, 10, 0.01) AS ab FROM hp_one');
    FOR shape IN SELECT * FROM (VALUES
        ('column',    'SELECT bloom_agg(x), bloom_agg(x, 10, 0.01), cuckoo_agg(x, 10, 0.01), hll_add_agg(x), agebloom_agg(x, 10, 0.01) FROM hp_one'),
        ('constant',  format('SELECT bloom_agg(%1$s), bloom_agg(%1$s, 10, 0.01), cuckoo_agg(%1$s, 10, 0.01), hll_add_agg(%1$s), agebloom_agg(%1$s, 10, 0.01)', lit_a)),
        ('values',    format('SELECT bloom_agg(v), bloom_agg(v, 10, 0.01), cuckoo_agg(v, 10, 0.01), hll_add_agg(v), agebloom_agg(v, 10, 0.01) FROM (VALUES (%s)) t(v)', lit_a)),
        ('subquery',  'SELECT bloom_agg(v), bloom_agg(v, 10, 0.01), cuckoo_agg(v, 10, 0.01), hll_add_agg(v), agebloom_agg(v, 10, 0.01) FROM (SELECT x AS v FROM hp_one OFFSET 0) t'),
        ('cast expr', format('SELECT bloom_agg(v::%1$s), bloom_agg(v::%1$s, 10, 0.01), cuckoo_agg(v::%1$s, 10, 0.01), hll_add_agg(v::%1$s), agebloom_agg(v::%1$s, 10, 0.01) FROM (VALUES (%2$L::text)) t(v)', typ, a)),
        ('function',  'SELECT bloom_agg(pg_temp.hp_same(x)), bloom_agg(pg_temp.hp_same(x), 10, 0.01), cuckoo_agg(pg_temp.hp_same(x), 10, 0.01), hll_add_agg(pg_temp.hp_same(x)), agebloom_agg(pg_temp.hp_same(x), 10, 0.01) FROM hp_one'),
        ('parameter', format('EXECUTE hp_build(%s)', lit_a)),
        ('view',      'SELECT f, g, c, h, ab FROM hp_built')) s(name, query)
    LOOP
        EXECUTE shape.query INTO f, g, c, h, ab;
        built_as := shape.name;
        EXECUTE format('SELECT bloom_contains($1, %1$s) AND $2 @> %1$s AND cuckoo_contains($3, %1$s)
                               AND $1 @> pg_temp.hp_same(%1$s) AND hll_add($4, %1$s) = $4
                               AND agebloom_contains($5, %1$s) AND agebloom_contains($5, pg_temp.hp_same(%1$s))', lit_b)
            INTO found USING f, g, c, h, ab;
        RETURN NEXT;
    END LOOP;
    -- The probe as a prepared parameter and through a view.
    EXECUTE format('PREPARE hp_probe(bloom, cuckoo, agebloom, %s) AS
                    SELECT bloom_contains($1, $4) AND cuckoo_contains($2, $4) AND agebloom_contains($3, $4)', typ);
    EXECUTE format('EXECUTE hp_probe(%L::bloom, %L::cuckoo, %L::agebloom, %s)', f::text, c::text, ab::text, lit_b) INTO found;
    built_as := 'probe as parameter';
    RETURN NEXT;
    EXECUTE format('CREATE TEMP VIEW hp_probed AS SELECT f @> %1$s AS found FROM hp_built', lit_b);
    SELECT v.found INTO found FROM hp_probed v;
    built_as := 'probe in a view';
    RETURN NEXT;
    DEALLOCATE hp_build;
    DEALLOCATE hp_probe;
    DROP VIEW hp_probed;
    DROP VIEW hp_built;
    DROP TABLE hp_one;
END $$ LANGUAGE plpgsql;
SELECT count(DISTINCT typ) AS types, count(*) AS checks,
       string_agg(DISTINCT typ || ' built as ' || s.built_as, ', ') FILTER (WHERE NOT s.found) AS not_found
FROM hp_pairs, pg_temp.hp_shapes(typ, a, b) s WHERE typ NOT IN ('bloom', 'hll', 'cuckoo', 'topk', 'agebloom');

-- Across types. Values of several types that "=" compares with each other,
-- chosen so that many pairs are equal; filters of each type's values are
-- probed with every value of every other type, and every value that "="
-- (evaluated here, column = value as PostgreSQL resolves it) calls equal to
-- one of them must be found, or the probe refused with 42804 or 42883;
-- hll_add of such a value must change nothing. A sketch holds its values as
-- the type of its kind (doc/FORMAT.md 2.5: bigint for every integer type,
-- text for the string types), as a column of that type would: "=" is that
-- type's with the probe's.
CREATE TEMP TABLE hp_cross (typ text, v text);
INSERT INTO hp_cross
SELECT t, v FROM (VALUES
    ('smallint', '{0,1,42,-1,7}'), ('integer', '{0,1,42,-1,16777217,1259}'),
    ('bigint', '{0,1,42,-1,4294967295,9007199254740993,1259}'),
    ('real', '{0.5,42,1,16777216,0.1,-0}'), ('double precision', '{0.5,19.99,42,1,9007199254740992,0.1,4294967295}'),
    ('numeric', '{0.5,19.99,42,42.000,1,0.1,19.990000000000000001,9007199254740993,NaN}'),
    ('oid', '{42,4294967295,1,1259}'), ('regclass', '{pg_class}'), ('xid', '{42,7}'),
    ('text', '{a,Abc,abc,"ab ",ok}'), ('character varying', '{a,Abc,"ab "}'), ('character(3)', '{a,"ab ",abc}'),
    ('name', '{a,abc,pg_class}'), ('"char"', '{a,b}'), ('citext', '{ABC,a,"AB "}'),
    ('date', '{2024-01-01,2024-01-02,infinity}'),
    ('timestamp without time zone', '{"2024-01-01 00:00","2024-01-01 12:00",infinity,"2024-01-02 00:00"}'),
    ('timestamp with time zone', '{"2024-01-01 00:00+00","2024-01-01 00:00+09","2024-01-01 12:00+00"}'),
    ('time without time zone', '{01:00,12:00,00:00}'), ('time with time zone', '{01:00+00,12:00+09,01:00+01}'),
    ('interval', '{01:00,"1 day",12:00}'), ('inet', '{10.0.0.0/8,192.168.0.1}'), ('cidr', '{10.0.0.0/8}'),
    ('macaddr', '{08:00:2b:01:02:03}'), ('macaddr8', '{08:00:2b:ff:fe:01:02:03}'),
    ('integer[]', '{"{1,2}","{42}"}'), ('bigint[]', '{"{1,2}","{0}"}'), ('numeric[]', '{"{1,2}","{0.5}"}'),
    ('double precision[]', '{"{0.5}","{1,2}"}'), ('text[]', '{"{a}","{Abc}"}'), ('hp_mood', '{ok,happy}'),
    ('boolean', '{t}'), ('uuid', '{a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11}'), ('bytea', '{"\\x61"}'),
    ('jsonb', '{1.0,"\"a\""}'), ('int8range', '{"[1,5)"}'), ('int4range', '{"[1,5)"}')
) s(t, vs), LATERAL unnest(vs::text[]) v;

-- PostgreSQL resolves column(k) = value(p), as a query would, for a value x
-- of type t held as type k: NULL when it cannot compare them.
CREATE FUNCTION pg_temp.hp_equal(t text, k text, x text, p text, y text) RETURNS boolean LANGUAGE plpgsql AS $$
DECLARE r boolean;
BEGIN
    EXECUTE format('SELECT %L::%s::%s = %L::%s', x, t, k, y, p) INTO r;
    RETURN r;
EXCEPTION WHEN undefined_function OR ambiguous_function OR datatype_mismatch OR cannot_coerce
               OR numeric_value_out_of_range OR invalid_text_representation OR invalid_datetime_format THEN
    RETURN NULL;
END $$;
-- One probe of the filters (and the sketch) of typ t with value y of type p:
-- 'found', 'absent', or the SQLSTATE it was refused with.
CREATE FUNCTION pg_temp.hp_probe(t text, p text, y text) RETURNS text LANGUAGE plpgsql AS $$
DECLARE
    r boolean;
BEGIN
    EXECUTE format('SELECT bloom_contains(f, %1$s) AND g @> %1$s AND cuckoo_contains(c, %1$s)
                           AND %2$s AND hll_add(h, %1$s) = h
                    FROM hp_built_t', format('%L::%s', y, p),
                   CASE WHEN p LIKE '%[]' THEN 'true' ELSE format('bloom_members(f, ARRAY[%L::%s]) = ''{1}''', y, p) END)
        INTO r;
    RETURN CASE WHEN r THEN 'found' ELSE 'absent' END;
EXCEPTION WHEN datatype_mismatch OR undefined_function THEN
    RETURN SQLSTATE;
END $$;
CREATE TEMP TABLE hp_outcomes (t text, p text, y text, equal boolean, outcome text);
CREATE FUNCTION pg_temp.hp_cross_check() RETURNS void LANGUAGE plpgsql AS $$
DECLARE
    tt text;
    kk text;
    pp text;
BEGIN
    FOR tt IN SELECT DISTINCT typ FROM hp_cross ORDER BY 1 LOOP
        EXECUTE format('CREATE TEMP TABLE hp_built_t AS SELECT bloom_agg(v::%1$s) AS f, bloom_agg(v::%1$s, 100, 0.01) AS g,
                               cuckoo_agg(v::%1$s, 100, 0.01) AS c, hll_add_agg(v::%1$s) AS h
                        FROM hp_cross WHERE typ = %2$L', tt, tt);
        -- A type outside the catalog shows as "other N": held as its own type.
        SELECT CASE WHEN k IS NULL OR k LIKE 'other%' THEN tt ELSE k END INTO kk
        FROM (SELECT bloom_info(f)->>'kind' AS k FROM hp_built_t) s;
        FOR pp IN SELECT DISTINCT typ FROM hp_cross ORDER BY 1 LOOP
            INSERT INTO hp_outcomes
            SELECT tt, pp, y.v, bool_or(pg_temp.hp_equal(tt, kk, x.v, pp, y.v)), NULL
            FROM hp_cross y, hp_cross x WHERE y.typ = pp AND x.typ = tt GROUP BY y.v;
            -- Only values "=" calls equal to one in the filter.
            UPDATE hp_outcomes o SET outcome = pg_temp.hp_probe(tt, pp, o.y)
            WHERE o.t = tt AND o.p = pp AND o.equal;
        END LOOP;
        DROP TABLE hp_built_t;
    END LOOP;
END $$;
SET TimeZone = 'Asia/Tokyo';
SELECT pg_temp.hp_cross_check();
RESET TimeZone;
-- A value "=" calls equal to one in the filter and not found: never. Expected: no rows.
SELECT t AS built_from, p AS probed_with, y AS value, outcome FROM hp_outcomes
WHERE equal AND outcome = 'absent' ORDER BY 1, 2, 3;
-- Pairs of types with equal values: answered (found), or refused and why.
SELECT t AS built_from, p AS probed_with, string_agg(DISTINCT outcome, ', ') AS outcome, count(*) AS equal_values
FROM hp_outcomes WHERE equal AND t <> p
GROUP BY 1, 2 ORDER BY 1, 2;

-- Parallel partial aggregation, for every type at once: a table with a
-- column per type, aggregated by parallel workers whose partial filters and
-- sketches the leader combines; every value is found. The sketches compared
-- are those of the very execution whose EXPLAIN ANALYZE shows the workers
-- launched (EXPLAIN ANALYZE CREATE TABLE AS runs the statement), so the
-- combine path ran for them. Expected: launched, and no type listed.
CREATE FUNCTION pg_temp.hp_parallel(OUT launched boolean, OUT types integer, OUT not_found text) AS $$
DECLARE
    cols text;
    aggs text;
    checks text;
    plan text;
BEGIN
    SELECT string_agg(format('c%s %s', n, typ), ', '),
           string_agg(format('bloom_agg(c%1$s) AS f%1$s, bloom_agg(c%1$s, 100, 0.01) AS g%1$s, '
                             'cuckoo_agg(c%1$s, 100, 0.01) AS k%1$s, hll_add_agg(c%1$s) AS h%1$s', n), ', '),
           string_agg(format('SELECT %2$L WHERE NOT (SELECT bool_and(bloom_contains(f%1$s, b::%3$s) AND bloom_contains(g%1$s, b::%3$s)
                                  AND cuckoo_contains(k%1$s, b::%3$s) AND hll_add(h%1$s, b::%3$s) = h%1$s)
                             FROM hp_par_sketches, hp_pairs WHERE typ = %2$L)', n, typ, typ), ' UNION ALL '),
           count(*)
      INTO cols, aggs, checks, types
      FROM (SELECT typ, row_number() OVER (ORDER BY typ) AS n FROM (SELECT DISTINCT typ FROM hp_pairs) d) t;
    -- Not a temporary table: parallel workers cannot read those. A column per
    -- type, each value of the a spellings on four rows.
    EXECUTE 'CREATE TABLE hp_par_rows (' || cols || ')';
    FOR plan IN SELECT format('INSERT INTO hp_par_rows (c%1$s) SELECT a::%2$s FROM hp_pairs, generate_series(1, 4) WHERE typ = %3$L',
                              n, typ, typ)
                FROM (SELECT typ, row_number() OVER (ORDER BY typ) AS n FROM (SELECT DISTINCT typ FROM hp_pairs) d) t LOOP
        EXECUTE plan;
    END LOOP;
    launched := false;
    FOR plan IN EXECUTE 'EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY OFF) CREATE TABLE hp_par_sketches AS SELECT '
                        || aggs || ' FROM hp_par_rows' LOOP
        launched := launched OR plan ~ 'Workers Launched: [1-9]';
    END LOOP;
    EXECUTE 'SELECT string_agg(t, '', '') FROM (' || checks || ') s(t)' INTO not_found;
    DROP TABLE hp_par_rows, hp_par_sketches;
END $$ LANGUAGE plpgsql;
SET max_parallel_workers_per_gather = 2;
SET parallel_setup_cost = 0;
SET parallel_tuple_cost = 0;
SET min_parallel_table_scan_size = 0;
SELECT * FROM pg_temp.hp_parallel();
RESET max_parallel_workers_per_gather;
RESET parallel_setup_cost;
RESET parallel_tuple_cost;
RESET min_parallel_table_scan_size;

-- Domains hash as their base type, in aggregates too.
CREATE DOMAIN hp_ident AS name;
SELECT sketch_hash('abc'::hp_ident) = sketch_hash('abc'::text) AS domain_over_name,
       (SELECT bool_and(bloom_contains(f, x)) FROM (VALUES ('a'::hp_ident), ('b')) v(x),
               (SELECT bloom_agg(x) f FROM (VALUES ('a'::hp_ident), ('b')) v(x)) s) AS domain_bloom;

DROP DOMAIN hp_ident;
DROP TYPE hp_mood, hp_row CASCADE;
DROP EXTENSION citext CASCADE;
