-- probabilistic 0.4.0 -> 0.5.0. Values stored under 0.4.0 are read as they
-- are (test/scripts/upgrade.sh); what each part adds is said in its section.
-- complain if script is sourced in psql, rather than via ALTER EXTENSION
\echo Use "ALTER EXTENSION probabilistic UPDATE TO '0.5.0'" to load this file. \quit

-- ===========================================================================
-- Value kinds and the string overloads (doc/FORMAT.md 2.5).
--
-- The aggregates' string overloads took text, so PostgreSQL chose them for
-- every type with an implicit cast to text, citext among them, and such a
-- value was hashed as text or as itself depending on how the argument was
-- written (a column kept its type; a constant, VALUES or an expression lost
-- it in planning). They now take sketch_text, a type that hashes as text and
-- to which text, varchar, char(n) and name convert implicitly; citext, whose
-- "=" is its own, converts to it only when cast, so it takes the anyelement
-- forms and is hashed as citext, however the argument is written.
-- ===========================================================================

DO $$
DECLARE
    users text;
BEGIN
    -- The text overloads are replaced: objects of the database that call them
    -- (views) would keep the old ones. Refuse with what to do, before any change.
    SELECT string_agg(DISTINCT coalesce((SELECT format('view %s', r.ev_class::regclass) FROM pg_rewrite r
                                          WHERE d.classid = 'pg_rewrite'::regclass AND r.oid = d.objid),
                                         pg_describe_object(d.classid, d.objid, d.objsubid)), ', ')
      INTO users
      FROM pg_depend d
      JOIN pg_proc p ON d.refclassid = 'pg_proc'::regclass AND d.refobjid = p.oid
     WHERE p.pronamespace = (SELECT extnamespace FROM pg_extension WHERE extname = 'probabilistic')
       AND p.proname IN ('hll_add_agg', 'hll_count_distinct', 'bloom_agg', 'cuckoo_agg')
       AND 'text'::regtype = ANY (p.proargtypes::oid[]::regtype[])
       AND p.proargtypes[0] = 'text'::regtype
       AND d.deptype = 'n';
    IF users IS NOT NULL THEN
        RAISE EXCEPTION 'cannot update probabilistic to 0.5.0 while these objects call the text overloads of its aggregates: %', users
            USING HINT = 'Drop them, run ALTER EXTENSION probabilistic UPDATE, then create them again: they will call the new sketch_text overloads, which hash text alike.';
    END IF;
END
$$;

CREATE TYPE sketch_text;
CREATE FUNCTION sketch_text_in(cstring) RETURNS sketch_text
    AS 'MODULE_PATHNAME', 'sketch_text_in' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION sketch_text_in(cstring) IS 'input function of sketch_text (as text)';
CREATE FUNCTION sketch_text_out(sketch_text) RETURNS cstring
    AS 'MODULE_PATHNAME', 'sketch_text_out' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION sketch_text_out(sketch_text) IS 'output function of sketch_text (as text)';
CREATE FUNCTION sketch_text_recv(internal) RETURNS sketch_text
    AS 'MODULE_PATHNAME', 'sketch_text_recv' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION sketch_text_recv(internal) IS 'binary input function of sketch_text (as text)';
CREATE FUNCTION sketch_text_send(sketch_text) RETURNS bytea
    AS 'MODULE_PATHNAME', 'sketch_text_send' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION sketch_text_send(sketch_text) IS 'binary output function of sketch_text (as text)';
-- Preferred in the string category, so that text arguments and untyped
-- literals choose the sketch_text overloads over the anyelement ones.
CREATE TYPE sketch_text (
    INPUT = sketch_text_in, OUTPUT = sketch_text_out, RECEIVE = sketch_text_recv, SEND = sketch_text_send,
    LIKE = pg_catalog.text, CATEGORY = 'S', PREFERRED = true, COLLATABLE = true
);
COMMENT ON TYPE sketch_text IS
    'argument type of the aggregates'' string overloads: a string hashed as text; text, varchar, char(n) and name convert to it implicitly, citext does not';
-- Both ways without a function, as text and varchar: sketch_text values sort
-- and group by text's operator classes (an aggregate's DISTINCT).
CREATE CAST (pg_catalog.text AS sketch_text) WITHOUT FUNCTION AS IMPLICIT;
CREATE CAST (sketch_text AS pg_catalog.text) WITHOUT FUNCTION AS IMPLICIT;
CREATE CAST (pg_catalog.varchar AS sketch_text) WITHOUT FUNCTION AS IMPLICIT;
-- char(n) without its trailing blanks, name as its characters: as each hashes.
CREATE CAST (pg_catalog.bpchar AS sketch_text) WITH FUNCTION pg_catalog.text(pg_catalog.bpchar) AS IMPLICIT;
CREATE CAST (pg_catalog.name AS sketch_text) WITH FUNCTION pg_catalog.text(pg_catalog.name) AS IMPLICIT;
COMMENT ON CAST (pg_catalog.text AS sketch_text) IS 'a string for the aggregates'' string overloads, hashed as text';
COMMENT ON CAST (sketch_text AS pg_catalog.text) IS 'the same string: sketch_text sorts and groups by text''s operator classes';
COMMENT ON CAST (pg_catalog.varchar AS sketch_text) IS 'a string for the aggregates'' string overloads, hashed as text';
COMMENT ON CAST (pg_catalog.bpchar AS sketch_text) IS 'char(n) without its trailing blanks, as it compares and hashes';
COMMENT ON CAST (pg_catalog.name AS sketch_text) IS 'a name as its characters, as it hashes';

DROP AGGREGATE hll_add_agg(text);
DROP AGGREGATE hll_add_agg(text, integer);
DROP AGGREGATE hll_count_distinct(text);
DROP FUNCTION hll_add_trans(hll, text);
DROP FUNCTION hll_add_trans(hll, text, integer);
DROP AGGREGATE bloom_agg(text, bigint, double precision);
DROP FUNCTION bloom_add_trans(bloom, text, bigint, double precision);
DROP AGGREGATE bloom_agg(text, bigint, double precision, text);
DROP FUNCTION bloom_add_trans(bloom, text, bigint, double precision, text);
DROP AGGREGATE bloom_agg(text);
DROP AGGREGATE bloom_agg(text, double precision);
DROP FUNCTION bloom_distinct_trans(internal, text);
DROP FUNCTION bloom_distinct_trans(internal, text, double precision);
DROP AGGREGATE cuckoo_agg(text, bigint, double precision);
DROP FUNCTION cuckoo_add_trans(cuckoo, text, bigint, double precision);

CREATE FUNCTION hll_add_trans(hll, sketch_text) RETURNS hll
    AS 'MODULE_PATHNAME', 'hll_add_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION hll_add_trans(hll, sketch_text) IS 'transition function of hll_add_agg and hll_count_distinct';
CREATE FUNCTION hll_add_trans(hll, sketch_text, integer) RETURNS hll
    AS 'MODULE_PATHNAME', 'hll_add_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION hll_add_trans(hll, sketch_text, integer) IS 'transition function of hll_add_agg';
CREATE AGGREGATE hll_add_agg(sketch_text) (
    SFUNC = hll_add_trans, STYPE = hll, FINALFUNC = hll_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = hll_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE hll_add_agg(sketch_text) IS 'sketch (p = 14) of the distinct non-NULL values of a column';
CREATE AGGREGATE hll_add_agg(sketch_text, integer) (
    SFUNC = hll_add_trans, STYPE = hll, FINALFUNC = hll_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = hll_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE hll_add_agg(sketch_text, integer) IS 'sketch at precision p of the distinct non-NULL values of a column';
CREATE AGGREGATE hll_count_distinct(sketch_text) (
    SFUNC = hll_add_trans, STYPE = hll, FINALFUNC = hll_agg_cardinality, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = hll_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE hll_count_distinct(sketch_text) IS 'estimated count(DISTINCT x), from a p = 14 sketch';

CREATE FUNCTION bloom_add_trans(bloom, sketch_text, bigint, double precision) RETURNS bloom
    AS 'MODULE_PATHNAME', 'bloom_add_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION bloom_add_trans(bloom, sketch_text, bigint, double precision) IS
    'transition function of bloom_agg(x, capacity, fpr)';
CREATE AGGREGATE bloom_agg(sketch_text, bigint, double precision) (
    SFUNC = bloom_add_trans, STYPE = bloom, FINALFUNC = bloom_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = bloom_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE bloom_agg(sketch_text, bigint, double precision) IS
    'filter of the non-NULL values of a column, sized for capacity items at false positive rate fpr';
CREATE FUNCTION bloom_add_trans(bloom, sketch_text, bigint, double precision, text) RETURNS bloom
    AS 'MODULE_PATHNAME', 'bloom_add_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION bloom_add_trans(bloom, sketch_text, bigint, double precision, text) IS
    'transition function of bloom_agg(x, capacity, fpr, layout)';
CREATE AGGREGATE bloom_agg(sketch_text, bigint, double precision, text) (
    SFUNC = bloom_add_trans, STYPE = bloom, FINALFUNC = bloom_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = bloom_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE bloom_agg(sketch_text, bigint, double precision, text) IS
    'filter of the non-NULL values of a column, sized for capacity items at false positive rate fpr, in a named layout';
CREATE FUNCTION bloom_distinct_trans(internal, sketch_text) RETURNS internal
    AS 'MODULE_PATHNAME', 'bloom_distinct_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION bloom_distinct_trans(internal, sketch_text) IS 'transition function of bloom_agg(x)';
CREATE FUNCTION bloom_distinct_trans(internal, sketch_text, double precision) RETURNS internal
    AS 'MODULE_PATHNAME', 'bloom_distinct_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION bloom_distinct_trans(internal, sketch_text, double precision) IS 'transition function of bloom_agg(x, fpr)';
CREATE AGGREGATE bloom_agg(sketch_text) (
    SFUNC = bloom_distinct_trans, STYPE = internal, FINALFUNC = bloom_distinct_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = bloom_distinct_combine, SERIALFUNC = bloom_distinct_serialize,
    DESERIALFUNC = bloom_distinct_deserialize, PARALLEL = SAFE
);
COMMENT ON AGGREGATE bloom_agg(sketch_text) IS
    'filter of the non-NULL values of a column, sized to their distinct count at false positive rate 0.01';
CREATE AGGREGATE bloom_agg(sketch_text, double precision) (
    SFUNC = bloom_distinct_trans, STYPE = internal, FINALFUNC = bloom_distinct_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = bloom_distinct_combine, SERIALFUNC = bloom_distinct_serialize,
    DESERIALFUNC = bloom_distinct_deserialize, PARALLEL = SAFE
);
COMMENT ON AGGREGATE bloom_agg(sketch_text, double precision) IS
    'filter of the non-NULL values of a column, sized to their distinct count at false positive rate fpr';

CREATE FUNCTION cuckoo_add_trans(cuckoo, sketch_text, bigint, double precision) RETURNS cuckoo
    AS 'MODULE_PATHNAME', 'cuckoo_add_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION cuckoo_add_trans(cuckoo, sketch_text, bigint, double precision) IS
    'transition function of cuckoo_agg(x, capacity, fpr)';
CREATE AGGREGATE cuckoo_agg(sketch_text, bigint, double precision) (
    SFUNC = cuckoo_add_trans, STYPE = cuckoo, FINALFUNC = cuckoo_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = cuckoo_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE cuckoo_agg(sketch_text, bigint, double precision) IS
    'cuckoo filter of the non-NULL values of a column (every copy), sized for capacity items at false positive rate fpr';
