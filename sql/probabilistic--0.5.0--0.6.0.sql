-- probabilistic 0.5.0 -> 0.6.0. Values stored under 0.5.0 are read as they
-- are (test/scripts/upgrade.sh); what each part adds is said in its section.
-- complain if script is sourced in psql, rather than via ALTER EXTENSION
\echo Use "ALTER EXTENSION probabilistic UPDATE TO '0.6.0'" to load this file. \quit

-- BEGIN issue-25 imports
-- Other systems' sketches (doc/FORMAT.md 3.15, doc/MIGRATING.md): hll_import reads
-- postgresql-hll's bytes into an hll of its hash family, hll_export writes them again,
-- and hll_add_agg(x, p, family) builds from rows the sketch the family's producer would.
CREATE FUNCTION hll_import(bytes bytea, format text) RETURNS hll
    AS 'MODULE_PATHNAME', 'hll_import' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION hll_import(bytea, text) IS
    'an hll of another system''s sketch bytes (format ''postgresql-hll''), validated field by field';
CREATE FUNCTION hll_import(bytes bytea, format text, seed bigint) RETURNS hll
    AS 'MODULE_PATHNAME', 'hll_import' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION hll_import(bytea, text, bigint) IS
    'an hll of another system''s sketch bytes, whose values were hashed with this seed';
CREATE FUNCTION hll_export(h hll, format text) RETURNS bytea
    AS 'MODULE_PATHNAME', 'hll_export' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION hll_export(hll, text) IS
    'the bytes of an imported (or family-built) sketch in its producer''s format';
CREATE FUNCTION hll_family_agg_final(hll) RETURNS hll
    AS 'MODULE_PATHNAME', 'hll_family_agg_final' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION hll_family_agg_final(hll) IS 'final function of hll_add_agg(x, p, family)';

-- smallint
CREATE FUNCTION hll_add_family_trans(hll, smallint, integer, text) RETURNS hll
    AS 'MODULE_PATHNAME', 'hll_add_family_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION hll_add_family_trans(hll, smallint, integer, text) IS 'transition function of hll_add_agg(x, p, family)';
CREATE AGGREGATE hll_add_agg(smallint, integer, text) (
    SFUNC = hll_add_family_trans, STYPE = hll, FINALFUNC = hll_family_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = hll_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE hll_add_agg(smallint, integer, text) IS
    'sketch at precision p of the distinct non-NULL values of a column, hashed as the family''s producer hashes them';

-- integer
CREATE FUNCTION hll_add_family_trans(hll, integer, integer, text) RETURNS hll
    AS 'MODULE_PATHNAME', 'hll_add_family_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION hll_add_family_trans(hll, integer, integer, text) IS 'transition function of hll_add_agg(x, p, family)';
CREATE AGGREGATE hll_add_agg(integer, integer, text) (
    SFUNC = hll_add_family_trans, STYPE = hll, FINALFUNC = hll_family_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = hll_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE hll_add_agg(integer, integer, text) IS
    'sketch at precision p of the distinct non-NULL values of a column, hashed as the family''s producer hashes them';

-- bigint
CREATE FUNCTION hll_add_family_trans(hll, bigint, integer, text) RETURNS hll
    AS 'MODULE_PATHNAME', 'hll_add_family_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION hll_add_family_trans(hll, bigint, integer, text) IS 'transition function of hll_add_agg(x, p, family)';
CREATE AGGREGATE hll_add_agg(bigint, integer, text) (
    SFUNC = hll_add_family_trans, STYPE = hll, FINALFUNC = hll_family_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = hll_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE hll_add_agg(bigint, integer, text) IS
    'sketch at precision p of the distinct non-NULL values of a column, hashed as the family''s producer hashes them';

-- real
CREATE FUNCTION hll_add_family_trans(hll, real, integer, text) RETURNS hll
    AS 'MODULE_PATHNAME', 'hll_add_family_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION hll_add_family_trans(hll, real, integer, text) IS 'transition function of hll_add_agg(x, p, family)';
CREATE AGGREGATE hll_add_agg(real, integer, text) (
    SFUNC = hll_add_family_trans, STYPE = hll, FINALFUNC = hll_family_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = hll_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE hll_add_agg(real, integer, text) IS
    'sketch at precision p of the distinct non-NULL values of a column, hashed as the family''s producer hashes them';

-- double precision
CREATE FUNCTION hll_add_family_trans(hll, double precision, integer, text) RETURNS hll
    AS 'MODULE_PATHNAME', 'hll_add_family_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION hll_add_family_trans(hll, double precision, integer, text) IS 'transition function of hll_add_agg(x, p, family)';
CREATE AGGREGATE hll_add_agg(double precision, integer, text) (
    SFUNC = hll_add_family_trans, STYPE = hll, FINALFUNC = hll_family_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = hll_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE hll_add_agg(double precision, integer, text) IS
    'sketch at precision p of the distinct non-NULL values of a column, hashed as the family''s producer hashes them';

-- numeric
CREATE FUNCTION hll_add_family_trans(hll, numeric, integer, text) RETURNS hll
    AS 'MODULE_PATHNAME', 'hll_add_family_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION hll_add_family_trans(hll, numeric, integer, text) IS 'transition function of hll_add_agg(x, p, family)';
CREATE AGGREGATE hll_add_agg(numeric, integer, text) (
    SFUNC = hll_add_family_trans, STYPE = hll, FINALFUNC = hll_family_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = hll_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE hll_add_agg(numeric, integer, text) IS
    'sketch at precision p of the distinct non-NULL values of a column, hashed as the family''s producer hashes them';

-- sketch_text
CREATE FUNCTION hll_add_family_trans(hll, sketch_text, integer, text) RETURNS hll
    AS 'MODULE_PATHNAME', 'hll_add_family_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION hll_add_family_trans(hll, sketch_text, integer, text) IS 'transition function of hll_add_agg(x, p, family)';
CREATE AGGREGATE hll_add_agg(sketch_text, integer, text) (
    SFUNC = hll_add_family_trans, STYPE = hll, FINALFUNC = hll_family_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = hll_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE hll_add_agg(sketch_text, integer, text) IS
    'sketch at precision p of the distinct non-NULL values of a column, hashed as the family''s producer hashes them';

-- bytea
CREATE FUNCTION hll_add_family_trans(hll, bytea, integer, text) RETURNS hll
    AS 'MODULE_PATHNAME', 'hll_add_family_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION hll_add_family_trans(hll, bytea, integer, text) IS 'transition function of hll_add_agg(x, p, family)';
CREATE AGGREGATE hll_add_agg(bytea, integer, text) (
    SFUNC = hll_add_family_trans, STYPE = hll, FINALFUNC = hll_family_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = hll_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE hll_add_agg(bytea, integer, text) IS
    'sketch at precision p of the distinct non-NULL values of a column, hashed as the family''s producer hashes them';

-- uuid
CREATE FUNCTION hll_add_family_trans(hll, uuid, integer, text) RETURNS hll
    AS 'MODULE_PATHNAME', 'hll_add_family_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION hll_add_family_trans(hll, uuid, integer, text) IS 'transition function of hll_add_agg(x, p, family)';
CREATE AGGREGATE hll_add_agg(uuid, integer, text) (
    SFUNC = hll_add_family_trans, STYPE = hll, FINALFUNC = hll_family_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = hll_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE hll_add_agg(uuid, integer, text) IS
    'sketch at precision p of the distinct non-NULL values of a column, hashed as the family''s producer hashes them';

-- date
CREATE FUNCTION hll_add_family_trans(hll, date, integer, text) RETURNS hll
    AS 'MODULE_PATHNAME', 'hll_add_family_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION hll_add_family_trans(hll, date, integer, text) IS 'transition function of hll_add_agg(x, p, family)';
CREATE AGGREGATE hll_add_agg(date, integer, text) (
    SFUNC = hll_add_family_trans, STYPE = hll, FINALFUNC = hll_family_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = hll_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE hll_add_agg(date, integer, text) IS
    'sketch at precision p of the distinct non-NULL values of a column, hashed as the family''s producer hashes them';

-- timestamp
CREATE FUNCTION hll_add_family_trans(hll, timestamp, integer, text) RETURNS hll
    AS 'MODULE_PATHNAME', 'hll_add_family_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION hll_add_family_trans(hll, timestamp, integer, text) IS 'transition function of hll_add_agg(x, p, family)';
CREATE AGGREGATE hll_add_agg(timestamp, integer, text) (
    SFUNC = hll_add_family_trans, STYPE = hll, FINALFUNC = hll_family_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = hll_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE hll_add_agg(timestamp, integer, text) IS
    'sketch at precision p of the distinct non-NULL values of a column, hashed as the family''s producer hashes them';

-- timestamptz
CREATE FUNCTION hll_add_family_trans(hll, timestamptz, integer, text) RETURNS hll
    AS 'MODULE_PATHNAME', 'hll_add_family_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION hll_add_family_trans(hll, timestamptz, integer, text) IS 'transition function of hll_add_agg(x, p, family)';
CREATE AGGREGATE hll_add_agg(timestamptz, integer, text) (
    SFUNC = hll_add_family_trans, STYPE = hll, FINALFUNC = hll_family_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = hll_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE hll_add_agg(timestamptz, integer, text) IS
    'sketch at precision p of the distinct non-NULL values of a column, hashed as the family''s producer hashes them';

-- "char"
CREATE FUNCTION hll_add_family_trans(hll, "char", integer, text) RETURNS hll
    AS 'MODULE_PATHNAME', 'hll_add_family_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION hll_add_family_trans(hll, "char", integer, text) IS 'transition function of hll_add_agg(x, p, family)';
CREATE AGGREGATE hll_add_agg("char", integer, text) (
    SFUNC = hll_add_family_trans, STYPE = hll, FINALFUNC = hll_family_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = hll_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE hll_add_agg("char", integer, text) IS
    'sketch at precision p of the distinct non-NULL values of a column, hashed as the family''s producer hashes them';

-- anyelement
CREATE FUNCTION hll_add_family_trans(hll, anyelement, integer, text) RETURNS hll
    AS 'MODULE_PATHNAME', 'hll_add_family_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION hll_add_family_trans(hll, anyelement, integer, text) IS 'transition function of hll_add_agg(x, p, family)';
CREATE AGGREGATE hll_add_agg(anyelement, integer, text) (
    SFUNC = hll_add_family_trans, STYPE = hll, FINALFUNC = hll_family_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = hll_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE hll_add_agg(anyelement, integer, text) IS
    'sketch at precision p of the distinct non-NULL values of a column, hashed as the family''s producer hashes them';

-- END issue-25

-- BEGIN issue-25 datasketches
-- Apache DataSketches HLL images (doc/FORMAT.md 3.17): the format 'datasketches' of
-- hll_import/hll_export and the family of hll_add_agg(x, p, family) are new values of
-- their text arguments, not new objects; only hll_import's comment names them.
COMMENT ON FUNCTION hll_import(bytea, text) IS
    'an hll of another system''s sketch bytes (format ''postgresql-hll'', ''redis'' or ''datasketches''), validated field by field';
-- END issue-25 datasketches
