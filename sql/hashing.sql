-- The defects of issue 11, each reproduced: values equal under their type's
-- "=" hashed differently, so filters missed rows they held. Each query here
-- failed before hash id 2. (hashing_properties covers every type; the
-- cross-session and database-encoding cases are test/scripts/hashing_sessions.sh.)
SET client_encoding = 'UTF8';

-- 1. name columns: the aggregates take the text overload, bloom_contains,
-- @>, hll_add and sketch_hash take anyelement; all hash a name as its text.
SELECT count(*) FILTER (WHERE NOT bloom_contains(f, relname)) AS bloom_contains_misses,
       count(*) FILTER (WHERE NOT f @> relname) AS contains_op_misses
FROM pg_class, (SELECT bloom_agg(relname) f FROM pg_class) s;
SELECT hll_union(hll_add_agg(relname), hll_add_hash_agg(sketch_hash(relname))) = hll_add_agg(relname) AS union_adds_nothing
FROM pg_class;
SELECT sketch_hash('pg_class'::name) = sketch_hash('pg_class'::text) AS name_is_text;
-- A domain over name (information_schema.sql_identifier) likewise.
SELECT count(*) FILTER (WHERE NOT bloom_contains(f, table_name)) AS sql_identifier_misses
FROM information_schema.tables, (SELECT bloom_agg(table_name) f FROM information_schema.tables) s;
-- "char" columns: the aggregates were ambiguous; now they hash "char" as its text form.
SELECT count(*) FILTER (WHERE NOT bloom_contains(f, relkind)) AS char_misses,
       bool_and(hll_add(hll_empty(), relkind) = hll_add(hll_empty(), relkind::text)) AS char_is_text
FROM pg_class, (SELECT bloom_agg(relkind) f, hll_add_agg(relkind) h, hll_count_distinct(relkind) c,
                       bloom_agg(relkind, 0.001) f2, bloom_agg(relkind, 10, 0.01) f3,
                       cuckoo_agg(relkind, 1000, 0.01) c FROM pg_class) s;
SELECT sketch_hash('x'::"char") = sketch_hash('x'::text) AS ascii_char,
       sketch_hash(''::"char") = sketch_hash(''::text) AS zero_char,
       sketch_hash('\351'::"char") = sketch_hash('\351'::"char"::text) AS high_char;

-- 2. Rows: by their fields, not their bytes (header, type id, compression).
CREATE TEMP TABLE hr (i int, t text);
INSERT INTO hr SELECT i, repeat(md5(i::text), 200) FROM generate_series(1, 50) i;  -- t compressed
SELECT count(*) FILTER (WHERE NOT bloom_contains(f, ROW(i, repeat(md5(i::text), 200)))) AS built_row_misses,
       count(*) FILTER (WHERE NOT bloom_contains(f, hr)) AS table_row_misses
FROM hr, (SELECT bloom_agg(hr) f FROM hr) s;
SELECT sketch_hash(ROW(1, 'a'::text)) = sketch_hash(ROW(1, 'a'::text)::record) AS anonymous_record,
       sketch_hash(ROW(1, 'a'::text)) = sketch_hash(hr) AS named_vs_anonymous
FROM (SELECT 1::int AS i, 'a'::text AS t) hr;
DO $$
DECLARE
    r hr;
    f bloom := bloom_empty(10);
BEGIN
    r := ROW(7, 'x');
    f := bloom_add(f, r);
    IF NOT bloom_contains(f, ROW(7, 'x'::text)) OR NOT f @> (SELECT hr FROM (SELECT 7 AS i, 'x'::text AS t) hr) THEN
        RAISE EXCEPTION 'a PL/pgSQL row variable hashed differently';
    END IF;
END $$;

-- 3. Other types: by their hash operator class (interval, citext, ranges,
-- jsonb), an enum by its label, arrays element by element.
SELECT sketch_hash('1 day'::interval) = sketch_hash('24 hours'::interval) AS interval_,
       sketch_hash('[1,5)'::int4range) = sketch_hash('[1,4]'::int4range) AS range_,
       sketch_hash('{"a":1,"b":2}'::jsonb) = sketch_hash('{"b":2, "a":1.0}'::jsonb) AS jsonb_,
       sketch_hash('{1.0,2}'::numeric[]) = sketch_hash('{1,2.00}'::numeric[]) AS array_,
       sketch_hash('{1,2}'::int[]) <> sketch_hash('[0:1]={1,2}'::int[]) AS array_bounds_count;
CREATE TYPE hmood AS ENUM ('sad', 'ok');
CREATE TYPE hmood2 AS ENUM ('ok', 'sad');
SELECT sketch_hash('ok'::hmood) = sketch_hash('ok'::text) AS enum_is_label,
       sketch_hash('ok'::hmood) = sketch_hash('ok'::hmood2) AS oid_does_not_matter;
CREATE EXTENSION citext;
SELECT count(*) FILTER (WHERE NOT bloom_contains(f, x)) AS citext_misses,
       hll_count_distinct(x) AS distinct_estimate, count(DISTINCT x) AS distinct_exact
FROM (VALUES ('Abc'::citext), ('aBC'), ('ABC'), ('xyz')) v(x),
     (SELECT bloom_agg(x) f FROM (VALUES ('abc'::citext), ('XYZ')) v(x)) s;
-- An explicit cast hashes as the type cast to.
SELECT sketch_hash('Abc'::citext::text) <> sketch_hash('abc'::citext::text) AS explicit_text_cast_is_text;
DROP EXTENSION citext;
-- A type without a hash operator class is refused, with its name and a hint.
\set VERBOSITY default
SELECT sketch_hash(point(1, 2));
SELECT bloom_agg(x) FROM (VALUES ('{"a": 1}'::json)) v(x);
SELECT hll_add(hll_empty(), '(1,2)'::point);
\set VERBOSITY terse

-- 4. A non-deterministic collation calls different strings equal. A sketch
-- does not record the collation it was built under, so hashing through it
-- would miss probes under another: refused, with a way out.
CREATE COLLATION hci (provider = icu, locale = 'und-u-ks-level2', deterministic = false);
\set VERBOSITY default
SELECT hll_count_distinct(x COLLATE hci) FROM (VALUES ('Abc'::text), ('abc'), ('ABC')) v(x);
SELECT bloom_contains(bloom_empty(10), 'aBc'::text COLLATE hci);
SELECT sketch_hash('{Abc}'::text[] COLLATE hci);
SELECT sketch_hash('Abc'::char(5) COLLATE hci);
\set VERBOSITY terse
CREATE TEMP TABLE hci_t (x text COLLATE hci);
INSERT INTO hci_t VALUES ('Abc'), ('abc'), ('ABC');
SELECT bloom_agg(x) FROM hci_t;
-- The ways out: exact strings, a normalised form, or citext.
SELECT hll_count_distinct(x COLLATE "C") AS exact_strings, hll_count_distinct(lower(x) COLLATE "C") AS lowered,
       bloom_contains(bloom_agg(lower(x) COLLATE "C"), 'abc'::text) AS lowered_found
FROM hci_t;
DROP TABLE hci_t;
DROP COLLATION hci;

-- Values built before hash id 2 (0.1.0, 0.2.0) carry hash id 1: read as
-- they are, probed and added to with types whose rule did not change, and
-- refused (never a silent miss) for types whose rule did.
SELECT hll_add('\x480101010e1a00000000000000000000'::hll, 42)::text AS id1_hll_add_integer;
SELECT bloom_contains(bloom_add('\x420101010100000000000000000000000a000000000000007b14ae47e17a843f60000000000000000a0000000000000000000000000000000700000000000000000000000000000000000000'::bloom, 'abc'::text), 'abc'::text) AS id1_bloom_text;
\set VERBOSITY default
SELECT hll_add('\x480101010e1a00000000000000000000'::hll, 'abc'::name);
SELECT bloom_contains('\x420101010100000000000000000000000a000000000000007b14ae47e17a843f60000000000000000a0000000000000000000000000000000700000000000000000000000000000000000000'::bloom, '1 day'::interval);
SELECT hll_union('\x480101010e1a00000000000000000000'::hll, hll_empty());
SELECT bloom_union('\x420101010100000000000000000000000a000000000000007b14ae47e17a843f60000000000000000a0000000000000000000000000000000700000000000000000000000000000000000000'::bloom, bloom_empty(10));
\set VERBOSITY terse
