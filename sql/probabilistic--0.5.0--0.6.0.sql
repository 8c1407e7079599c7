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
-- BEGIN issue-26 ddsketch
--------------------------------------------------------------------------------
-- ddsketch: quantiles with a relative error (doc/FORMAT.md 6)
--------------------------------------------------------------------------------
CREATE TYPE ddsketch;

CREATE FUNCTION ddsketch_in(cstring) RETURNS ddsketch
    AS 'MODULE_PATHNAME', 'ddsketch_in' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION ddsketch_out(ddsketch) RETURNS cstring
    AS 'MODULE_PATHNAME', 'ddsketch_out' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION ddsketch_recv(internal) RETURNS ddsketch
    AS 'MODULE_PATHNAME', 'ddsketch_recv' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION ddsketch_send(ddsketch) RETURNS bytea
    AS 'MODULE_PATHNAME', 'ddsketch_send' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

CREATE TYPE ddsketch (
    INPUT = ddsketch_in, OUTPUT = ddsketch_out, RECEIVE = ddsketch_recv, SEND = ddsketch_send,
    INTERNALLENGTH = VARIABLE, STORAGE = extended
);
COMMENT ON TYPE ddsketch IS
    'quantile sketch with a relative error: every quantile within alpha of the true value (DDSketch)';
COMMENT ON FUNCTION ddsketch_in(cstring) IS 'text input: \x and the hexadecimal binary format, validated field by field';
COMMENT ON FUNCTION ddsketch_out(ddsketch) IS 'text output: \x and the hexadecimal binary format';
COMMENT ON FUNCTION ddsketch_recv(internal) IS 'binary input: the binary format, validated field by field';
COMMENT ON FUNCTION ddsketch_send(ddsketch) IS 'binary output: the binary format';

CREATE FUNCTION ddsketch_from_bytea(bytea) RETURNS ddsketch
    AS 'MODULE_PATHNAME', 'ddsketch_from_bytea' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION ddsketch_from_bytea(bytea) IS 'validates the binary format field by field and returns it as ddsketch';
CREATE CAST (bytea AS ddsketch) WITH FUNCTION ddsketch_from_bytea(bytea);
COMMENT ON CAST (bytea AS ddsketch) IS 'the binary format, validated field by field';
CREATE CAST (ddsketch AS bytea) WITHOUT FUNCTION;
COMMENT ON CAST (ddsketch AS bytea) IS 'the binary format';

CREATE FUNCTION quantile(ddsketch, double precision) RETURNS double precision
    AS 'MODULE_PATHNAME', 'quantile' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION quantile(ddsketch, double precision) IS
    'the value at quantile q (percentile_disc''s), within alpha times its magnitude; NULL for an empty sketch';
CREATE FUNCTION quantiles(ddsketch, double precision[]) RETURNS double precision[]
    AS 'MODULE_PATHNAME', 'quantiles' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION quantiles(ddsketch, double precision[]) IS
    'quantile() at each q of an array (a NULL q gives NULL); NULL for an empty sketch';
CREATE FUNCTION quantile_rank(ddsketch, double precision) RETURNS double precision
    AS 'MODULE_PATHNAME', 'quantile_rank' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION quantile_rank(ddsketch, double precision) IS
    'estimated fraction of the values at or below x (exact below min and at or above max); NULL for an empty sketch';
CREATE FUNCTION ddsketch_count(ddsketch) RETURNS bigint
    AS 'MODULE_PATHNAME', 'ddsketch_count' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION ddsketch_count(ddsketch) IS 'number of values, exactly';
CREATE FUNCTION ddsketch_min(ddsketch) RETURNS double precision
    AS 'MODULE_PATHNAME', 'ddsketch_min' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION ddsketch_min(ddsketch) IS 'smallest value, exactly; NULL for an empty sketch';
CREATE FUNCTION ddsketch_max(ddsketch) RETURNS double precision
    AS 'MODULE_PATHNAME', 'ddsketch_max' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION ddsketch_max(ddsketch) IS 'largest value, exactly; NULL for an empty sketch';
CREATE FUNCTION ddsketch_sum(ddsketch) RETURNS double precision
    AS 'MODULE_PATHNAME', 'ddsketch_sum' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION ddsketch_sum(ddsketch) IS
    'sum of the values, exact and rounded once (whatever the order or the partitions); NULL for an empty sketch';
CREATE FUNCTION ddsketch_mean(ddsketch) RETURNS double precision
    AS 'MODULE_PATHNAME', 'ddsketch_mean' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION ddsketch_mean(ddsketch) IS 'ddsketch_sum / ddsketch_count; NULL for an empty sketch';
CREATE FUNCTION ddsketch_union(ddsketch, ddsketch) RETURNS ddsketch
    AS 'MODULE_PATHNAME', 'ddsketch_union' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION ddsketch_union(ddsketch, ddsketch) IS
    'sketch of both inputs'' values (same alpha and max_buckets): the same bytes as one sketch of them all';
CREATE FUNCTION ddsketch_info(ddsketch) RETURNS jsonb
    AS 'MODULE_PATHNAME', 'ddsketch_info' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION ddsketch_info(ddsketch) IS
    'every header field, each store''s buckets and whether it collapsed (and below which magnitude), bytes';

-- A sketch's bytes are canonical (the same values give the same bytes in any
-- order), so equality and hashing are bytea's own functions.
CREATE FUNCTION ddsketch_eq(ddsketch, ddsketch) RETURNS boolean
    AS 'byteaeq' LANGUAGE internal IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION ddsketch_eq(ddsketch, ddsketch) IS 'the sketches have the same parameters and buckets';
CREATE FUNCTION ddsketch_ne(ddsketch, ddsketch) RETURNS boolean
    AS 'byteane' LANGUAGE internal IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION ddsketch_ne(ddsketch, ddsketch) IS 'the sketches differ in parameters or buckets';
CREATE FUNCTION ddsketch_hash(ddsketch) RETURNS integer
    AS 'hashvarlena' LANGUAGE internal IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION ddsketch_hash(ddsketch) IS 'hash of a sketch, for hash joins and GROUP BY';
CREATE FUNCTION ddsketch_hash_extended(ddsketch, bigint) RETURNS bigint
    AS 'hashvarlenaextended' LANGUAGE internal IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION ddsketch_hash_extended(ddsketch, bigint) IS 'seeded 64-bit hash of a sketch, for hash partitioning';

CREATE OPERATOR || (LEFTARG = ddsketch, RIGHTARG = ddsketch, FUNCTION = ddsketch_union, COMMUTATOR = ||);
COMMENT ON OPERATOR || (ddsketch, ddsketch) IS 'union';
CREATE OPERATOR = (LEFTARG = ddsketch, RIGHTARG = ddsketch, FUNCTION = ddsketch_eq, COMMUTATOR = =, NEGATOR = <>,
    RESTRICT = eqsel, JOIN = eqjoinsel, HASHES);
COMMENT ON OPERATOR = (ddsketch, ddsketch) IS 'equal';
CREATE OPERATOR <> (LEFTARG = ddsketch, RIGHTARG = ddsketch, FUNCTION = ddsketch_ne, COMMUTATOR = <>, NEGATOR = =,
    RESTRICT = neqsel, JOIN = neqjoinsel);
COMMENT ON OPERATOR <> (ddsketch, ddsketch) IS 'not equal';

CREATE OPERATOR CLASS ddsketch_ops DEFAULT FOR TYPE ddsketch USING hash AS
    OPERATOR 1 = (ddsketch, ddsketch),
    FUNCTION 1 ddsketch_hash(ddsketch),
    FUNCTION 2 ddsketch_hash_extended(ddsketch, bigint);

-- Aggregates keep the ddsketch type itself as their state, with the union as
-- combine function (parallel query, Citus).
CREATE FUNCTION ddsketch_agg_final(ddsketch) RETURNS ddsketch
    AS 'MODULE_PATHNAME', 'ddsketch_agg_final' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION ddsketch_agg_final(ddsketch) IS
    'final function of ddsketch_agg: a copy of the state, or for zero rows an empty sketch';
CREATE FUNCTION ddsketch_union_final(ddsketch) RETURNS ddsketch
    AS 'MODULE_PATHNAME', 'ddsketch_union_final' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION ddsketch_union_final(ddsketch) IS 'final function of ddsketch_union_agg: a copy of the state';
CREATE FUNCTION ddsketch_union_trans(ddsketch, ddsketch) RETURNS ddsketch
    AS 'MODULE_PATHNAME', 'ddsketch_union_trans' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION ddsketch_union_trans(ddsketch, ddsketch) IS
    'transition function of ddsketch_union_agg, combine function of it and ddsketch_agg';

CREATE AGGREGATE ddsketch_union_agg(ddsketch) (
    SFUNC = ddsketch_union_trans, STYPE = ddsketch, FINALFUNC = ddsketch_union_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = ddsketch_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE ddsketch_union_agg(ddsketch) IS 'union of a column of sketches (zero rows: NULL)';

-- ddsketch_add_trans and ddsketch_agg(x [, alpha [, max_buckets]]), for each numeric input type.

-- smallint
CREATE FUNCTION ddsketch_add_trans(ddsketch, smallint) RETURNS ddsketch
    AS 'MODULE_PATHNAME', 'ddsketch_add_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION ddsketch_add_trans(ddsketch, smallint) IS 'transition function of ddsketch_agg(x)';
CREATE FUNCTION ddsketch_add_trans(ddsketch, smallint, double precision) RETURNS ddsketch
    AS 'MODULE_PATHNAME', 'ddsketch_add_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION ddsketch_add_trans(ddsketch, smallint, double precision) IS 'transition function of ddsketch_agg(x, alpha)';
CREATE FUNCTION ddsketch_add_trans(ddsketch, smallint, double precision, integer) RETURNS ddsketch
    AS 'MODULE_PATHNAME', 'ddsketch_add_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION ddsketch_add_trans(ddsketch, smallint, double precision, integer) IS
    'transition function of ddsketch_agg(x, alpha, max_buckets)';
CREATE AGGREGATE ddsketch_agg(smallint) (
    SFUNC = ddsketch_add_trans, STYPE = ddsketch, FINALFUNC = ddsketch_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = ddsketch_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE ddsketch_agg(smallint) IS
    'quantile sketch of the non-NULL values of a column, relative accuracy 0.01, at most 2048 buckets per sign';
CREATE AGGREGATE ddsketch_agg(smallint, double precision) (
    SFUNC = ddsketch_add_trans, STYPE = ddsketch, FINALFUNC = ddsketch_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = ddsketch_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE ddsketch_agg(smallint, double precision) IS
    'quantile sketch of the non-NULL values of a column at relative accuracy alpha, at most 2048 buckets per sign';
CREATE AGGREGATE ddsketch_agg(smallint, double precision, integer) (
    SFUNC = ddsketch_add_trans, STYPE = ddsketch, FINALFUNC = ddsketch_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = ddsketch_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE ddsketch_agg(smallint, double precision, integer) IS
    'quantile sketch of the non-NULL values of a column at relative accuracy alpha, at most max_buckets buckets per sign';

-- integer
CREATE FUNCTION ddsketch_add_trans(ddsketch, integer) RETURNS ddsketch
    AS 'MODULE_PATHNAME', 'ddsketch_add_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION ddsketch_add_trans(ddsketch, integer) IS 'transition function of ddsketch_agg(x)';
CREATE FUNCTION ddsketch_add_trans(ddsketch, integer, double precision) RETURNS ddsketch
    AS 'MODULE_PATHNAME', 'ddsketch_add_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION ddsketch_add_trans(ddsketch, integer, double precision) IS 'transition function of ddsketch_agg(x, alpha)';
CREATE FUNCTION ddsketch_add_trans(ddsketch, integer, double precision, integer) RETURNS ddsketch
    AS 'MODULE_PATHNAME', 'ddsketch_add_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION ddsketch_add_trans(ddsketch, integer, double precision, integer) IS
    'transition function of ddsketch_agg(x, alpha, max_buckets)';
CREATE AGGREGATE ddsketch_agg(integer) (
    SFUNC = ddsketch_add_trans, STYPE = ddsketch, FINALFUNC = ddsketch_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = ddsketch_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE ddsketch_agg(integer) IS
    'quantile sketch of the non-NULL values of a column, relative accuracy 0.01, at most 2048 buckets per sign';
CREATE AGGREGATE ddsketch_agg(integer, double precision) (
    SFUNC = ddsketch_add_trans, STYPE = ddsketch, FINALFUNC = ddsketch_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = ddsketch_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE ddsketch_agg(integer, double precision) IS
    'quantile sketch of the non-NULL values of a column at relative accuracy alpha, at most 2048 buckets per sign';
CREATE AGGREGATE ddsketch_agg(integer, double precision, integer) (
    SFUNC = ddsketch_add_trans, STYPE = ddsketch, FINALFUNC = ddsketch_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = ddsketch_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE ddsketch_agg(integer, double precision, integer) IS
    'quantile sketch of the non-NULL values of a column at relative accuracy alpha, at most max_buckets buckets per sign';

-- bigint
CREATE FUNCTION ddsketch_add_trans(ddsketch, bigint) RETURNS ddsketch
    AS 'MODULE_PATHNAME', 'ddsketch_add_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION ddsketch_add_trans(ddsketch, bigint) IS 'transition function of ddsketch_agg(x)';
CREATE FUNCTION ddsketch_add_trans(ddsketch, bigint, double precision) RETURNS ddsketch
    AS 'MODULE_PATHNAME', 'ddsketch_add_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION ddsketch_add_trans(ddsketch, bigint, double precision) IS 'transition function of ddsketch_agg(x, alpha)';
CREATE FUNCTION ddsketch_add_trans(ddsketch, bigint, double precision, integer) RETURNS ddsketch
    AS 'MODULE_PATHNAME', 'ddsketch_add_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION ddsketch_add_trans(ddsketch, bigint, double precision, integer) IS
    'transition function of ddsketch_agg(x, alpha, max_buckets)';
CREATE AGGREGATE ddsketch_agg(bigint) (
    SFUNC = ddsketch_add_trans, STYPE = ddsketch, FINALFUNC = ddsketch_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = ddsketch_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE ddsketch_agg(bigint) IS
    'quantile sketch of the non-NULL values of a column, relative accuracy 0.01, at most 2048 buckets per sign';
CREATE AGGREGATE ddsketch_agg(bigint, double precision) (
    SFUNC = ddsketch_add_trans, STYPE = ddsketch, FINALFUNC = ddsketch_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = ddsketch_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE ddsketch_agg(bigint, double precision) IS
    'quantile sketch of the non-NULL values of a column at relative accuracy alpha, at most 2048 buckets per sign';
CREATE AGGREGATE ddsketch_agg(bigint, double precision, integer) (
    SFUNC = ddsketch_add_trans, STYPE = ddsketch, FINALFUNC = ddsketch_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = ddsketch_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE ddsketch_agg(bigint, double precision, integer) IS
    'quantile sketch of the non-NULL values of a column at relative accuracy alpha, at most max_buckets buckets per sign';

-- real
CREATE FUNCTION ddsketch_add_trans(ddsketch, real) RETURNS ddsketch
    AS 'MODULE_PATHNAME', 'ddsketch_add_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION ddsketch_add_trans(ddsketch, real) IS 'transition function of ddsketch_agg(x)';
CREATE FUNCTION ddsketch_add_trans(ddsketch, real, double precision) RETURNS ddsketch
    AS 'MODULE_PATHNAME', 'ddsketch_add_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION ddsketch_add_trans(ddsketch, real, double precision) IS 'transition function of ddsketch_agg(x, alpha)';
CREATE FUNCTION ddsketch_add_trans(ddsketch, real, double precision, integer) RETURNS ddsketch
    AS 'MODULE_PATHNAME', 'ddsketch_add_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION ddsketch_add_trans(ddsketch, real, double precision, integer) IS
    'transition function of ddsketch_agg(x, alpha, max_buckets)';
CREATE AGGREGATE ddsketch_agg(real) (
    SFUNC = ddsketch_add_trans, STYPE = ddsketch, FINALFUNC = ddsketch_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = ddsketch_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE ddsketch_agg(real) IS
    'quantile sketch of the non-NULL values of a column, relative accuracy 0.01, at most 2048 buckets per sign';
CREATE AGGREGATE ddsketch_agg(real, double precision) (
    SFUNC = ddsketch_add_trans, STYPE = ddsketch, FINALFUNC = ddsketch_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = ddsketch_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE ddsketch_agg(real, double precision) IS
    'quantile sketch of the non-NULL values of a column at relative accuracy alpha, at most 2048 buckets per sign';
CREATE AGGREGATE ddsketch_agg(real, double precision, integer) (
    SFUNC = ddsketch_add_trans, STYPE = ddsketch, FINALFUNC = ddsketch_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = ddsketch_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE ddsketch_agg(real, double precision, integer) IS
    'quantile sketch of the non-NULL values of a column at relative accuracy alpha, at most max_buckets buckets per sign';

-- double precision
CREATE FUNCTION ddsketch_add_trans(ddsketch, double precision) RETURNS ddsketch
    AS 'MODULE_PATHNAME', 'ddsketch_add_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION ddsketch_add_trans(ddsketch, double precision) IS 'transition function of ddsketch_agg(x)';
CREATE FUNCTION ddsketch_add_trans(ddsketch, double precision, double precision) RETURNS ddsketch
    AS 'MODULE_PATHNAME', 'ddsketch_add_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION ddsketch_add_trans(ddsketch, double precision, double precision) IS 'transition function of ddsketch_agg(x, alpha)';
CREATE FUNCTION ddsketch_add_trans(ddsketch, double precision, double precision, integer) RETURNS ddsketch
    AS 'MODULE_PATHNAME', 'ddsketch_add_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION ddsketch_add_trans(ddsketch, double precision, double precision, integer) IS
    'transition function of ddsketch_agg(x, alpha, max_buckets)';
CREATE AGGREGATE ddsketch_agg(double precision) (
    SFUNC = ddsketch_add_trans, STYPE = ddsketch, FINALFUNC = ddsketch_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = ddsketch_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE ddsketch_agg(double precision) IS
    'quantile sketch of the non-NULL values of a column, relative accuracy 0.01, at most 2048 buckets per sign';
CREATE AGGREGATE ddsketch_agg(double precision, double precision) (
    SFUNC = ddsketch_add_trans, STYPE = ddsketch, FINALFUNC = ddsketch_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = ddsketch_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE ddsketch_agg(double precision, double precision) IS
    'quantile sketch of the non-NULL values of a column at relative accuracy alpha, at most 2048 buckets per sign';
CREATE AGGREGATE ddsketch_agg(double precision, double precision, integer) (
    SFUNC = ddsketch_add_trans, STYPE = ddsketch, FINALFUNC = ddsketch_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = ddsketch_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE ddsketch_agg(double precision, double precision, integer) IS
    'quantile sketch of the non-NULL values of a column at relative accuracy alpha, at most max_buckets buckets per sign';

-- numeric
CREATE FUNCTION ddsketch_add_trans(ddsketch, numeric) RETURNS ddsketch
    AS 'MODULE_PATHNAME', 'ddsketch_add_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION ddsketch_add_trans(ddsketch, numeric) IS 'transition function of ddsketch_agg(x)';
CREATE FUNCTION ddsketch_add_trans(ddsketch, numeric, double precision) RETURNS ddsketch
    AS 'MODULE_PATHNAME', 'ddsketch_add_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION ddsketch_add_trans(ddsketch, numeric, double precision) IS 'transition function of ddsketch_agg(x, alpha)';
CREATE FUNCTION ddsketch_add_trans(ddsketch, numeric, double precision, integer) RETURNS ddsketch
    AS 'MODULE_PATHNAME', 'ddsketch_add_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION ddsketch_add_trans(ddsketch, numeric, double precision, integer) IS
    'transition function of ddsketch_agg(x, alpha, max_buckets)';
CREATE AGGREGATE ddsketch_agg(numeric) (
    SFUNC = ddsketch_add_trans, STYPE = ddsketch, FINALFUNC = ddsketch_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = ddsketch_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE ddsketch_agg(numeric) IS
    'quantile sketch of the non-NULL values of a column, relative accuracy 0.01, at most 2048 buckets per sign';
CREATE AGGREGATE ddsketch_agg(numeric, double precision) (
    SFUNC = ddsketch_add_trans, STYPE = ddsketch, FINALFUNC = ddsketch_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = ddsketch_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE ddsketch_agg(numeric, double precision) IS
    'quantile sketch of the non-NULL values of a column at relative accuracy alpha, at most 2048 buckets per sign';
CREATE AGGREGATE ddsketch_agg(numeric, double precision, integer) (
    SFUNC = ddsketch_add_trans, STYPE = ddsketch, FINALFUNC = ddsketch_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = ddsketch_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE ddsketch_agg(numeric, double precision, integer) IS
    'quantile sketch of the non-NULL values of a column at relative accuracy alpha, at most max_buckets buckets per sign';


-- The ordered-set form a percentile_cont query swaps one word for: the values
-- go into a ddsketch (alpha 0.01) in the order they come, never sorted.
-- Ordered-set aggregates run in one process; ddsketch_agg runs in parallel.
CREATE FUNCTION approx_percentile_cont_final(ddsketch, double precision) RETURNS double precision
    AS 'MODULE_PATHNAME', 'approx_percentile_cont_final' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION approx_percentile_cont_final(ddsketch, double precision) IS
    'final function of approx_percentile_cont(q)';
CREATE FUNCTION approx_percentile_cont_multi_final(ddsketch, double precision[]) RETURNS double precision[]
    AS 'MODULE_PATHNAME', 'approx_percentile_cont_multi_final' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION approx_percentile_cont_multi_final(ddsketch, double precision[]) IS
    'final function of approx_percentile_cont(q[])';
CREATE AGGREGATE approx_percentile_cont(double precision ORDER BY double precision) (
    SFUNC = ddsketch_add_trans, STYPE = ddsketch, FINALFUNC = approx_percentile_cont_final,
    FINALFUNC_MODIFY = READ_ONLY, PARALLEL = SAFE
);
COMMENT ON AGGREGATE approx_percentile_cont(double precision ORDER BY double precision) IS
    'percentile_cont(q) from a ddsketch at relative accuracy 0.01 (interpolated; zero rows: NULL)';
CREATE AGGREGATE approx_percentile_cont(double precision[] ORDER BY double precision) (
    SFUNC = ddsketch_add_trans, STYPE = ddsketch, FINALFUNC = approx_percentile_cont_multi_final,
    FINALFUNC_MODIFY = READ_ONLY, PARALLEL = SAFE
);
COMMENT ON AGGREGATE approx_percentile_cont(double precision[] ORDER BY double precision) IS
    'percentile_cont(q[]) from a ddsketch at relative accuracy 0.01 (interpolated; zero rows: NULL)';
-- END issue-26
-- BEGIN issue-27 countmin
--------------------------------------------------------------------------------
-- countmin: how often each value occurs (doc/FORMAT.md 7)
--------------------------------------------------------------------------------
CREATE TYPE countmin;

CREATE FUNCTION countmin_in(cstring) RETURNS countmin
    AS 'MODULE_PATHNAME', 'countmin_in' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION countmin_out(countmin) RETURNS cstring
    AS 'MODULE_PATHNAME', 'countmin_out' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION countmin_recv(internal) RETURNS countmin
    AS 'MODULE_PATHNAME', 'countmin_recv' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION countmin_send(countmin) RETURNS bytea
    AS 'MODULE_PATHNAME', 'countmin_send' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

-- Extended storage: large sketches are compressed and stored out of line, and
-- countmin_count detoasts one once per query.
CREATE TYPE countmin (
    INPUT = countmin_in, OUTPUT = countmin_out, RECEIVE = countmin_recv, SEND = countmin_send,
    INTERNALLENGTH = VARIABLE, STORAGE = extended
);
COMMENT ON TYPE countmin IS
    'count-min sketch: how often each value occurs, never below the truth, above it by at most epsilon * total with probability 1 - delta';
COMMENT ON FUNCTION countmin_in(cstring) IS 'text input: \x and the hexadecimal binary format, validated field by field';
COMMENT ON FUNCTION countmin_out(countmin) IS 'text output: \x and the hexadecimal binary format';
COMMENT ON FUNCTION countmin_recv(internal) IS 'binary input: the binary format, validated field by field';
COMMENT ON FUNCTION countmin_send(countmin) IS 'binary output: the binary format';

CREATE FUNCTION countmin_from_bytea(bytea) RETURNS countmin
    AS 'MODULE_PATHNAME', 'countmin_from_bytea' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION countmin_from_bytea(bytea) IS 'validates the binary format field by field and returns it as countmin';
CREATE CAST (bytea AS countmin) WITH FUNCTION countmin_from_bytea(bytea);
COMMENT ON CAST (bytea AS countmin) IS 'the binary format, validated field by field';
CREATE CAST (countmin AS bytea) WITHOUT FUNCTION;
COMMENT ON CAST (countmin AS bytea) IS 'the binary format';

CREATE FUNCTION countmin_empty(epsilon double precision DEFAULT 0.001, delta double precision DEFAULT 0.01,
                               seed bigint DEFAULT 0) RETURNS countmin
    AS 'MODULE_PATHNAME', 'countmin_empty' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION countmin_empty(double precision, double precision, bigint) IS
    'empty count-min sketch whose counts exceed the truth by at most epsilon * total with probability 1 - delta';

CREATE FUNCTION countmin_add(countmin, anyelement) RETURNS countmin
    AS 'MODULE_PATHNAME', 'countmin_add' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION countmin_add(countmin, anyelement) IS
    'counts one occurrence of a value; NULL leaves the sketch unchanged';
CREATE FUNCTION countmin_add(countmin, anyelement, bigint) RETURNS countmin
    AS 'MODULE_PATHNAME', 'countmin_add' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION countmin_add(countmin, anyelement, bigint) IS
    'counts weight (>= 0) occurrences of a value; a NULL value or weight leaves the sketch unchanged';
CREATE FUNCTION countmin_count(countmin, anyelement) RETURNS bigint
    AS 'MODULE_PATHNAME', 'countmin_count' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION countmin_count(countmin, anyelement) IS
    'estimated count of a value: never below the true count, above it by at most epsilon * total with probability 1 - delta';
CREATE FUNCTION countmin_total(countmin) RETURNS bigint
    AS 'MODULE_PATHNAME', 'countmin_total' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION countmin_total(countmin) IS 'total weight counted, exactly';
CREATE FUNCTION countmin_union(countmin, countmin) RETURNS countmin
    AS 'MODULE_PATHNAME', 'countmin_union' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION countmin_union(countmin, countmin) IS
    'sketch of both streams: the cell-wise sum of sketches with the same epsilon, delta and seed';
CREATE FUNCTION countmin_info(countmin) RETURNS jsonb
    AS 'MODULE_PATHNAME', 'countmin_info' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION countmin_info(countmin) IS 'every header field, the error bound epsilon * total, bytes';

-- Equality and hashing are bytea's own functions: the same parameters and cells.
CREATE FUNCTION countmin_eq(countmin, countmin) RETURNS boolean
    AS 'byteaeq' LANGUAGE internal IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION countmin_eq(countmin, countmin) IS 'the sketches have the same parameters and cells';
CREATE FUNCTION countmin_ne(countmin, countmin) RETURNS boolean
    AS 'byteane' LANGUAGE internal IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION countmin_ne(countmin, countmin) IS 'the sketches differ in parameters or cells';
CREATE FUNCTION countmin_hash(countmin) RETURNS integer
    AS 'hashvarlena' LANGUAGE internal IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION countmin_hash(countmin) IS 'hash of a sketch, for hash joins and GROUP BY';
CREATE FUNCTION countmin_hash_extended(countmin, bigint) RETURNS bigint
    AS 'hashvarlenaextended' LANGUAGE internal IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION countmin_hash_extended(countmin, bigint) IS 'seeded 64-bit hash of a sketch, for hash partitioning';

CREATE OPERATOR || (LEFTARG = countmin, RIGHTARG = countmin, FUNCTION = countmin_union, COMMUTATOR = ||);
COMMENT ON OPERATOR || (countmin, countmin) IS 'union';
CREATE OPERATOR = (LEFTARG = countmin, RIGHTARG = countmin, FUNCTION = countmin_eq, COMMUTATOR = =, NEGATOR = <>,
    RESTRICT = eqsel, JOIN = eqjoinsel, HASHES);
COMMENT ON OPERATOR = (countmin, countmin) IS 'equal';
CREATE OPERATOR <> (LEFTARG = countmin, RIGHTARG = countmin, FUNCTION = countmin_ne, COMMUTATOR = <>, NEGATOR = =,
    RESTRICT = neqsel, JOIN = neqjoinsel);
COMMENT ON OPERATOR <> (countmin, countmin) IS 'not equal';

CREATE OPERATOR CLASS countmin_ops DEFAULT FOR TYPE countmin USING hash AS
    OPERATOR 1 = (countmin, countmin),
    FUNCTION 1 countmin_hash(countmin),
    FUNCTION 2 countmin_hash_extended(countmin, bigint);

-- Aggregates keep the countmin type itself as their state, with the cell-wise
-- sum as combine function (parallel query, Citus). Concrete overloads let a
-- caller without the call expression still know the argument type.
CREATE FUNCTION countmin_agg_final(countmin) RETURNS countmin
    AS 'MODULE_PATHNAME', 'countmin_agg_final' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION countmin_agg_final(countmin) IS
    'final function of countmin_agg: a copy of the state, or for zero rows an empty sketch';
CREATE FUNCTION countmin_union_final(countmin) RETURNS countmin
    AS 'MODULE_PATHNAME', 'countmin_union_final' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION countmin_union_final(countmin) IS
    'final function of countmin_union_agg: a copy of the state, or for zero rows NULL';
CREATE FUNCTION countmin_union_trans(countmin, countmin) RETURNS countmin
    AS 'MODULE_PATHNAME', 'countmin_union_trans' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION countmin_union_trans(countmin, countmin) IS
    'transition function of countmin_union_agg, combine function of it and countmin_agg';

CREATE AGGREGATE countmin_union_agg(countmin) (
    SFUNC = countmin_union_trans, STYPE = countmin, FINALFUNC = countmin_union_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = countmin_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE countmin_union_agg(countmin) IS 'union of a column of count-min sketches (zero rows: NULL)';

-- countmin_add_trans and countmin_agg(x [, weight] [, epsilon, delta]), for each hashed input type
-- (sql/overloads.py's family countmin).
-- smallint
CREATE FUNCTION countmin_add_trans(countmin, smallint) RETURNS countmin
    AS 'MODULE_PATHNAME', 'countmin_add_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION countmin_add_trans(countmin, smallint) IS 'transition function of countmin_agg(x)';
CREATE AGGREGATE countmin_agg(smallint) (
    SFUNC = countmin_add_trans, STYPE = countmin, FINALFUNC = countmin_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = countmin_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE countmin_agg(smallint) IS
    'count-min sketch of the non-NULL values of a column, at epsilon 0.001 and delta 0.01';
CREATE FUNCTION countmin_add_trans(countmin, smallint, double precision, double precision) RETURNS countmin
    AS 'MODULE_PATHNAME', 'countmin_add_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION countmin_add_trans(countmin, smallint, double precision, double precision) IS
    'transition function of countmin_agg(x, epsilon, delta)';
CREATE AGGREGATE countmin_agg(smallint, double precision, double precision) (
    SFUNC = countmin_add_trans, STYPE = countmin, FINALFUNC = countmin_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = countmin_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE countmin_agg(smallint, double precision, double precision) IS
    'count-min sketch of the non-NULL values of a column, at the given epsilon and delta';
CREATE FUNCTION countmin_add_trans(countmin, smallint, bigint) RETURNS countmin
    AS 'MODULE_PATHNAME', 'countmin_add_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION countmin_add_trans(countmin, smallint, bigint) IS 'transition function of countmin_agg(x, weight)';
CREATE AGGREGATE countmin_agg(smallint, bigint) (
    SFUNC = countmin_add_trans, STYPE = countmin, FINALFUNC = countmin_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = countmin_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE countmin_agg(smallint, bigint) IS
    'count-min sketch of the non-NULL values of a column, each counted weight (>= 0) times, at epsilon 0.001 and delta 0.01';
CREATE FUNCTION countmin_add_trans(countmin, smallint, bigint, double precision, double precision) RETURNS countmin
    AS 'MODULE_PATHNAME', 'countmin_add_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION countmin_add_trans(countmin, smallint, bigint, double precision, double precision) IS
    'transition function of countmin_agg(x, weight, epsilon, delta)';
CREATE AGGREGATE countmin_agg(smallint, bigint, double precision, double precision) (
    SFUNC = countmin_add_trans, STYPE = countmin, FINALFUNC = countmin_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = countmin_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE countmin_agg(smallint, bigint, double precision, double precision) IS
    'count-min sketch of the non-NULL values of a column, each counted weight (>= 0) times, at the given epsilon and delta';

-- integer
CREATE FUNCTION countmin_add_trans(countmin, integer) RETURNS countmin
    AS 'MODULE_PATHNAME', 'countmin_add_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION countmin_add_trans(countmin, integer) IS 'transition function of countmin_agg(x)';
CREATE AGGREGATE countmin_agg(integer) (
    SFUNC = countmin_add_trans, STYPE = countmin, FINALFUNC = countmin_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = countmin_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE countmin_agg(integer) IS
    'count-min sketch of the non-NULL values of a column, at epsilon 0.001 and delta 0.01';
CREATE FUNCTION countmin_add_trans(countmin, integer, double precision, double precision) RETURNS countmin
    AS 'MODULE_PATHNAME', 'countmin_add_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION countmin_add_trans(countmin, integer, double precision, double precision) IS
    'transition function of countmin_agg(x, epsilon, delta)';
CREATE AGGREGATE countmin_agg(integer, double precision, double precision) (
    SFUNC = countmin_add_trans, STYPE = countmin, FINALFUNC = countmin_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = countmin_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE countmin_agg(integer, double precision, double precision) IS
    'count-min sketch of the non-NULL values of a column, at the given epsilon and delta';
CREATE FUNCTION countmin_add_trans(countmin, integer, bigint) RETURNS countmin
    AS 'MODULE_PATHNAME', 'countmin_add_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION countmin_add_trans(countmin, integer, bigint) IS 'transition function of countmin_agg(x, weight)';
CREATE AGGREGATE countmin_agg(integer, bigint) (
    SFUNC = countmin_add_trans, STYPE = countmin, FINALFUNC = countmin_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = countmin_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE countmin_agg(integer, bigint) IS
    'count-min sketch of the non-NULL values of a column, each counted weight (>= 0) times, at epsilon 0.001 and delta 0.01';
CREATE FUNCTION countmin_add_trans(countmin, integer, bigint, double precision, double precision) RETURNS countmin
    AS 'MODULE_PATHNAME', 'countmin_add_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION countmin_add_trans(countmin, integer, bigint, double precision, double precision) IS
    'transition function of countmin_agg(x, weight, epsilon, delta)';
CREATE AGGREGATE countmin_agg(integer, bigint, double precision, double precision) (
    SFUNC = countmin_add_trans, STYPE = countmin, FINALFUNC = countmin_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = countmin_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE countmin_agg(integer, bigint, double precision, double precision) IS
    'count-min sketch of the non-NULL values of a column, each counted weight (>= 0) times, at the given epsilon and delta';

-- bigint
CREATE FUNCTION countmin_add_trans(countmin, bigint) RETURNS countmin
    AS 'MODULE_PATHNAME', 'countmin_add_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION countmin_add_trans(countmin, bigint) IS 'transition function of countmin_agg(x)';
CREATE AGGREGATE countmin_agg(bigint) (
    SFUNC = countmin_add_trans, STYPE = countmin, FINALFUNC = countmin_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = countmin_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE countmin_agg(bigint) IS
    'count-min sketch of the non-NULL values of a column, at epsilon 0.001 and delta 0.01';
CREATE FUNCTION countmin_add_trans(countmin, bigint, double precision, double precision) RETURNS countmin
    AS 'MODULE_PATHNAME', 'countmin_add_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION countmin_add_trans(countmin, bigint, double precision, double precision) IS
    'transition function of countmin_agg(x, epsilon, delta)';
CREATE AGGREGATE countmin_agg(bigint, double precision, double precision) (
    SFUNC = countmin_add_trans, STYPE = countmin, FINALFUNC = countmin_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = countmin_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE countmin_agg(bigint, double precision, double precision) IS
    'count-min sketch of the non-NULL values of a column, at the given epsilon and delta';
CREATE FUNCTION countmin_add_trans(countmin, bigint, bigint) RETURNS countmin
    AS 'MODULE_PATHNAME', 'countmin_add_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION countmin_add_trans(countmin, bigint, bigint) IS 'transition function of countmin_agg(x, weight)';
CREATE AGGREGATE countmin_agg(bigint, bigint) (
    SFUNC = countmin_add_trans, STYPE = countmin, FINALFUNC = countmin_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = countmin_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE countmin_agg(bigint, bigint) IS
    'count-min sketch of the non-NULL values of a column, each counted weight (>= 0) times, at epsilon 0.001 and delta 0.01';
CREATE FUNCTION countmin_add_trans(countmin, bigint, bigint, double precision, double precision) RETURNS countmin
    AS 'MODULE_PATHNAME', 'countmin_add_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION countmin_add_trans(countmin, bigint, bigint, double precision, double precision) IS
    'transition function of countmin_agg(x, weight, epsilon, delta)';
CREATE AGGREGATE countmin_agg(bigint, bigint, double precision, double precision) (
    SFUNC = countmin_add_trans, STYPE = countmin, FINALFUNC = countmin_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = countmin_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE countmin_agg(bigint, bigint, double precision, double precision) IS
    'count-min sketch of the non-NULL values of a column, each counted weight (>= 0) times, at the given epsilon and delta';

-- real
CREATE FUNCTION countmin_add_trans(countmin, real) RETURNS countmin
    AS 'MODULE_PATHNAME', 'countmin_add_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION countmin_add_trans(countmin, real) IS 'transition function of countmin_agg(x)';
CREATE AGGREGATE countmin_agg(real) (
    SFUNC = countmin_add_trans, STYPE = countmin, FINALFUNC = countmin_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = countmin_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE countmin_agg(real) IS
    'count-min sketch of the non-NULL values of a column, at epsilon 0.001 and delta 0.01';
CREATE FUNCTION countmin_add_trans(countmin, real, double precision, double precision) RETURNS countmin
    AS 'MODULE_PATHNAME', 'countmin_add_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION countmin_add_trans(countmin, real, double precision, double precision) IS
    'transition function of countmin_agg(x, epsilon, delta)';
CREATE AGGREGATE countmin_agg(real, double precision, double precision) (
    SFUNC = countmin_add_trans, STYPE = countmin, FINALFUNC = countmin_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = countmin_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE countmin_agg(real, double precision, double precision) IS
    'count-min sketch of the non-NULL values of a column, at the given epsilon and delta';
CREATE FUNCTION countmin_add_trans(countmin, real, bigint) RETURNS countmin
    AS 'MODULE_PATHNAME', 'countmin_add_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION countmin_add_trans(countmin, real, bigint) IS 'transition function of countmin_agg(x, weight)';
CREATE AGGREGATE countmin_agg(real, bigint) (
    SFUNC = countmin_add_trans, STYPE = countmin, FINALFUNC = countmin_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = countmin_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE countmin_agg(real, bigint) IS
    'count-min sketch of the non-NULL values of a column, each counted weight (>= 0) times, at epsilon 0.001 and delta 0.01';
CREATE FUNCTION countmin_add_trans(countmin, real, bigint, double precision, double precision) RETURNS countmin
    AS 'MODULE_PATHNAME', 'countmin_add_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION countmin_add_trans(countmin, real, bigint, double precision, double precision) IS
    'transition function of countmin_agg(x, weight, epsilon, delta)';
CREATE AGGREGATE countmin_agg(real, bigint, double precision, double precision) (
    SFUNC = countmin_add_trans, STYPE = countmin, FINALFUNC = countmin_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = countmin_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE countmin_agg(real, bigint, double precision, double precision) IS
    'count-min sketch of the non-NULL values of a column, each counted weight (>= 0) times, at the given epsilon and delta';

-- double precision
CREATE FUNCTION countmin_add_trans(countmin, double precision) RETURNS countmin
    AS 'MODULE_PATHNAME', 'countmin_add_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION countmin_add_trans(countmin, double precision) IS 'transition function of countmin_agg(x)';
CREATE AGGREGATE countmin_agg(double precision) (
    SFUNC = countmin_add_trans, STYPE = countmin, FINALFUNC = countmin_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = countmin_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE countmin_agg(double precision) IS
    'count-min sketch of the non-NULL values of a column, at epsilon 0.001 and delta 0.01';
CREATE FUNCTION countmin_add_trans(countmin, double precision, double precision, double precision) RETURNS countmin
    AS 'MODULE_PATHNAME', 'countmin_add_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION countmin_add_trans(countmin, double precision, double precision, double precision) IS
    'transition function of countmin_agg(x, epsilon, delta)';
CREATE AGGREGATE countmin_agg(double precision, double precision, double precision) (
    SFUNC = countmin_add_trans, STYPE = countmin, FINALFUNC = countmin_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = countmin_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE countmin_agg(double precision, double precision, double precision) IS
    'count-min sketch of the non-NULL values of a column, at the given epsilon and delta';
CREATE FUNCTION countmin_add_trans(countmin, double precision, bigint) RETURNS countmin
    AS 'MODULE_PATHNAME', 'countmin_add_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION countmin_add_trans(countmin, double precision, bigint) IS 'transition function of countmin_agg(x, weight)';
CREATE AGGREGATE countmin_agg(double precision, bigint) (
    SFUNC = countmin_add_trans, STYPE = countmin, FINALFUNC = countmin_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = countmin_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE countmin_agg(double precision, bigint) IS
    'count-min sketch of the non-NULL values of a column, each counted weight (>= 0) times, at epsilon 0.001 and delta 0.01';
CREATE FUNCTION countmin_add_trans(countmin, double precision, bigint, double precision, double precision) RETURNS countmin
    AS 'MODULE_PATHNAME', 'countmin_add_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION countmin_add_trans(countmin, double precision, bigint, double precision, double precision) IS
    'transition function of countmin_agg(x, weight, epsilon, delta)';
CREATE AGGREGATE countmin_agg(double precision, bigint, double precision, double precision) (
    SFUNC = countmin_add_trans, STYPE = countmin, FINALFUNC = countmin_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = countmin_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE countmin_agg(double precision, bigint, double precision, double precision) IS
    'count-min sketch of the non-NULL values of a column, each counted weight (>= 0) times, at the given epsilon and delta';

-- numeric
CREATE FUNCTION countmin_add_trans(countmin, numeric) RETURNS countmin
    AS 'MODULE_PATHNAME', 'countmin_add_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION countmin_add_trans(countmin, numeric) IS 'transition function of countmin_agg(x)';
CREATE AGGREGATE countmin_agg(numeric) (
    SFUNC = countmin_add_trans, STYPE = countmin, FINALFUNC = countmin_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = countmin_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE countmin_agg(numeric) IS
    'count-min sketch of the non-NULL values of a column, at epsilon 0.001 and delta 0.01';
CREATE FUNCTION countmin_add_trans(countmin, numeric, double precision, double precision) RETURNS countmin
    AS 'MODULE_PATHNAME', 'countmin_add_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION countmin_add_trans(countmin, numeric, double precision, double precision) IS
    'transition function of countmin_agg(x, epsilon, delta)';
CREATE AGGREGATE countmin_agg(numeric, double precision, double precision) (
    SFUNC = countmin_add_trans, STYPE = countmin, FINALFUNC = countmin_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = countmin_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE countmin_agg(numeric, double precision, double precision) IS
    'count-min sketch of the non-NULL values of a column, at the given epsilon and delta';
CREATE FUNCTION countmin_add_trans(countmin, numeric, bigint) RETURNS countmin
    AS 'MODULE_PATHNAME', 'countmin_add_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION countmin_add_trans(countmin, numeric, bigint) IS 'transition function of countmin_agg(x, weight)';
CREATE AGGREGATE countmin_agg(numeric, bigint) (
    SFUNC = countmin_add_trans, STYPE = countmin, FINALFUNC = countmin_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = countmin_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE countmin_agg(numeric, bigint) IS
    'count-min sketch of the non-NULL values of a column, each counted weight (>= 0) times, at epsilon 0.001 and delta 0.01';
CREATE FUNCTION countmin_add_trans(countmin, numeric, bigint, double precision, double precision) RETURNS countmin
    AS 'MODULE_PATHNAME', 'countmin_add_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION countmin_add_trans(countmin, numeric, bigint, double precision, double precision) IS
    'transition function of countmin_agg(x, weight, epsilon, delta)';
CREATE AGGREGATE countmin_agg(numeric, bigint, double precision, double precision) (
    SFUNC = countmin_add_trans, STYPE = countmin, FINALFUNC = countmin_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = countmin_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE countmin_agg(numeric, bigint, double precision, double precision) IS
    'count-min sketch of the non-NULL values of a column, each counted weight (>= 0) times, at the given epsilon and delta';

-- sketch_text
CREATE FUNCTION countmin_add_trans(countmin, sketch_text) RETURNS countmin
    AS 'MODULE_PATHNAME', 'countmin_add_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION countmin_add_trans(countmin, sketch_text) IS 'transition function of countmin_agg(x)';
CREATE AGGREGATE countmin_agg(sketch_text) (
    SFUNC = countmin_add_trans, STYPE = countmin, FINALFUNC = countmin_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = countmin_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE countmin_agg(sketch_text) IS
    'count-min sketch of the non-NULL values of a column, at epsilon 0.001 and delta 0.01';
CREATE FUNCTION countmin_add_trans(countmin, sketch_text, double precision, double precision) RETURNS countmin
    AS 'MODULE_PATHNAME', 'countmin_add_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION countmin_add_trans(countmin, sketch_text, double precision, double precision) IS
    'transition function of countmin_agg(x, epsilon, delta)';
CREATE AGGREGATE countmin_agg(sketch_text, double precision, double precision) (
    SFUNC = countmin_add_trans, STYPE = countmin, FINALFUNC = countmin_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = countmin_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE countmin_agg(sketch_text, double precision, double precision) IS
    'count-min sketch of the non-NULL values of a column, at the given epsilon and delta';
CREATE FUNCTION countmin_add_trans(countmin, sketch_text, bigint) RETURNS countmin
    AS 'MODULE_PATHNAME', 'countmin_add_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION countmin_add_trans(countmin, sketch_text, bigint) IS 'transition function of countmin_agg(x, weight)';
CREATE AGGREGATE countmin_agg(sketch_text, bigint) (
    SFUNC = countmin_add_trans, STYPE = countmin, FINALFUNC = countmin_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = countmin_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE countmin_agg(sketch_text, bigint) IS
    'count-min sketch of the non-NULL values of a column, each counted weight (>= 0) times, at epsilon 0.001 and delta 0.01';
CREATE FUNCTION countmin_add_trans(countmin, sketch_text, bigint, double precision, double precision) RETURNS countmin
    AS 'MODULE_PATHNAME', 'countmin_add_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION countmin_add_trans(countmin, sketch_text, bigint, double precision, double precision) IS
    'transition function of countmin_agg(x, weight, epsilon, delta)';
CREATE AGGREGATE countmin_agg(sketch_text, bigint, double precision, double precision) (
    SFUNC = countmin_add_trans, STYPE = countmin, FINALFUNC = countmin_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = countmin_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE countmin_agg(sketch_text, bigint, double precision, double precision) IS
    'count-min sketch of the non-NULL values of a column, each counted weight (>= 0) times, at the given epsilon and delta';

-- bytea
CREATE FUNCTION countmin_add_trans(countmin, bytea) RETURNS countmin
    AS 'MODULE_PATHNAME', 'countmin_add_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION countmin_add_trans(countmin, bytea) IS 'transition function of countmin_agg(x)';
CREATE AGGREGATE countmin_agg(bytea) (
    SFUNC = countmin_add_trans, STYPE = countmin, FINALFUNC = countmin_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = countmin_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE countmin_agg(bytea) IS
    'count-min sketch of the non-NULL values of a column, at epsilon 0.001 and delta 0.01';
CREATE FUNCTION countmin_add_trans(countmin, bytea, double precision, double precision) RETURNS countmin
    AS 'MODULE_PATHNAME', 'countmin_add_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION countmin_add_trans(countmin, bytea, double precision, double precision) IS
    'transition function of countmin_agg(x, epsilon, delta)';
CREATE AGGREGATE countmin_agg(bytea, double precision, double precision) (
    SFUNC = countmin_add_trans, STYPE = countmin, FINALFUNC = countmin_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = countmin_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE countmin_agg(bytea, double precision, double precision) IS
    'count-min sketch of the non-NULL values of a column, at the given epsilon and delta';
CREATE FUNCTION countmin_add_trans(countmin, bytea, bigint) RETURNS countmin
    AS 'MODULE_PATHNAME', 'countmin_add_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION countmin_add_trans(countmin, bytea, bigint) IS 'transition function of countmin_agg(x, weight)';
CREATE AGGREGATE countmin_agg(bytea, bigint) (
    SFUNC = countmin_add_trans, STYPE = countmin, FINALFUNC = countmin_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = countmin_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE countmin_agg(bytea, bigint) IS
    'count-min sketch of the non-NULL values of a column, each counted weight (>= 0) times, at epsilon 0.001 and delta 0.01';
CREATE FUNCTION countmin_add_trans(countmin, bytea, bigint, double precision, double precision) RETURNS countmin
    AS 'MODULE_PATHNAME', 'countmin_add_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION countmin_add_trans(countmin, bytea, bigint, double precision, double precision) IS
    'transition function of countmin_agg(x, weight, epsilon, delta)';
CREATE AGGREGATE countmin_agg(bytea, bigint, double precision, double precision) (
    SFUNC = countmin_add_trans, STYPE = countmin, FINALFUNC = countmin_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = countmin_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE countmin_agg(bytea, bigint, double precision, double precision) IS
    'count-min sketch of the non-NULL values of a column, each counted weight (>= 0) times, at the given epsilon and delta';

-- uuid
CREATE FUNCTION countmin_add_trans(countmin, uuid) RETURNS countmin
    AS 'MODULE_PATHNAME', 'countmin_add_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION countmin_add_trans(countmin, uuid) IS 'transition function of countmin_agg(x)';
CREATE AGGREGATE countmin_agg(uuid) (
    SFUNC = countmin_add_trans, STYPE = countmin, FINALFUNC = countmin_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = countmin_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE countmin_agg(uuid) IS
    'count-min sketch of the non-NULL values of a column, at epsilon 0.001 and delta 0.01';
CREATE FUNCTION countmin_add_trans(countmin, uuid, double precision, double precision) RETURNS countmin
    AS 'MODULE_PATHNAME', 'countmin_add_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION countmin_add_trans(countmin, uuid, double precision, double precision) IS
    'transition function of countmin_agg(x, epsilon, delta)';
CREATE AGGREGATE countmin_agg(uuid, double precision, double precision) (
    SFUNC = countmin_add_trans, STYPE = countmin, FINALFUNC = countmin_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = countmin_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE countmin_agg(uuid, double precision, double precision) IS
    'count-min sketch of the non-NULL values of a column, at the given epsilon and delta';
CREATE FUNCTION countmin_add_trans(countmin, uuid, bigint) RETURNS countmin
    AS 'MODULE_PATHNAME', 'countmin_add_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION countmin_add_trans(countmin, uuid, bigint) IS 'transition function of countmin_agg(x, weight)';
CREATE AGGREGATE countmin_agg(uuid, bigint) (
    SFUNC = countmin_add_trans, STYPE = countmin, FINALFUNC = countmin_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = countmin_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE countmin_agg(uuid, bigint) IS
    'count-min sketch of the non-NULL values of a column, each counted weight (>= 0) times, at epsilon 0.001 and delta 0.01';
CREATE FUNCTION countmin_add_trans(countmin, uuid, bigint, double precision, double precision) RETURNS countmin
    AS 'MODULE_PATHNAME', 'countmin_add_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION countmin_add_trans(countmin, uuid, bigint, double precision, double precision) IS
    'transition function of countmin_agg(x, weight, epsilon, delta)';
CREATE AGGREGATE countmin_agg(uuid, bigint, double precision, double precision) (
    SFUNC = countmin_add_trans, STYPE = countmin, FINALFUNC = countmin_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = countmin_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE countmin_agg(uuid, bigint, double precision, double precision) IS
    'count-min sketch of the non-NULL values of a column, each counted weight (>= 0) times, at the given epsilon and delta';

-- date
CREATE FUNCTION countmin_add_trans(countmin, date) RETURNS countmin
    AS 'MODULE_PATHNAME', 'countmin_add_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION countmin_add_trans(countmin, date) IS 'transition function of countmin_agg(x)';
CREATE AGGREGATE countmin_agg(date) (
    SFUNC = countmin_add_trans, STYPE = countmin, FINALFUNC = countmin_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = countmin_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE countmin_agg(date) IS
    'count-min sketch of the non-NULL values of a column, at epsilon 0.001 and delta 0.01';
CREATE FUNCTION countmin_add_trans(countmin, date, double precision, double precision) RETURNS countmin
    AS 'MODULE_PATHNAME', 'countmin_add_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION countmin_add_trans(countmin, date, double precision, double precision) IS
    'transition function of countmin_agg(x, epsilon, delta)';
CREATE AGGREGATE countmin_agg(date, double precision, double precision) (
    SFUNC = countmin_add_trans, STYPE = countmin, FINALFUNC = countmin_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = countmin_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE countmin_agg(date, double precision, double precision) IS
    'count-min sketch of the non-NULL values of a column, at the given epsilon and delta';
CREATE FUNCTION countmin_add_trans(countmin, date, bigint) RETURNS countmin
    AS 'MODULE_PATHNAME', 'countmin_add_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION countmin_add_trans(countmin, date, bigint) IS 'transition function of countmin_agg(x, weight)';
CREATE AGGREGATE countmin_agg(date, bigint) (
    SFUNC = countmin_add_trans, STYPE = countmin, FINALFUNC = countmin_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = countmin_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE countmin_agg(date, bigint) IS
    'count-min sketch of the non-NULL values of a column, each counted weight (>= 0) times, at epsilon 0.001 and delta 0.01';
CREATE FUNCTION countmin_add_trans(countmin, date, bigint, double precision, double precision) RETURNS countmin
    AS 'MODULE_PATHNAME', 'countmin_add_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION countmin_add_trans(countmin, date, bigint, double precision, double precision) IS
    'transition function of countmin_agg(x, weight, epsilon, delta)';
CREATE AGGREGATE countmin_agg(date, bigint, double precision, double precision) (
    SFUNC = countmin_add_trans, STYPE = countmin, FINALFUNC = countmin_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = countmin_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE countmin_agg(date, bigint, double precision, double precision) IS
    'count-min sketch of the non-NULL values of a column, each counted weight (>= 0) times, at the given epsilon and delta';

-- timestamp
CREATE FUNCTION countmin_add_trans(countmin, timestamp) RETURNS countmin
    AS 'MODULE_PATHNAME', 'countmin_add_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION countmin_add_trans(countmin, timestamp) IS 'transition function of countmin_agg(x)';
CREATE AGGREGATE countmin_agg(timestamp) (
    SFUNC = countmin_add_trans, STYPE = countmin, FINALFUNC = countmin_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = countmin_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE countmin_agg(timestamp) IS
    'count-min sketch of the non-NULL values of a column, at epsilon 0.001 and delta 0.01';
CREATE FUNCTION countmin_add_trans(countmin, timestamp, double precision, double precision) RETURNS countmin
    AS 'MODULE_PATHNAME', 'countmin_add_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION countmin_add_trans(countmin, timestamp, double precision, double precision) IS
    'transition function of countmin_agg(x, epsilon, delta)';
CREATE AGGREGATE countmin_agg(timestamp, double precision, double precision) (
    SFUNC = countmin_add_trans, STYPE = countmin, FINALFUNC = countmin_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = countmin_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE countmin_agg(timestamp, double precision, double precision) IS
    'count-min sketch of the non-NULL values of a column, at the given epsilon and delta';
CREATE FUNCTION countmin_add_trans(countmin, timestamp, bigint) RETURNS countmin
    AS 'MODULE_PATHNAME', 'countmin_add_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION countmin_add_trans(countmin, timestamp, bigint) IS 'transition function of countmin_agg(x, weight)';
CREATE AGGREGATE countmin_agg(timestamp, bigint) (
    SFUNC = countmin_add_trans, STYPE = countmin, FINALFUNC = countmin_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = countmin_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE countmin_agg(timestamp, bigint) IS
    'count-min sketch of the non-NULL values of a column, each counted weight (>= 0) times, at epsilon 0.001 and delta 0.01';
CREATE FUNCTION countmin_add_trans(countmin, timestamp, bigint, double precision, double precision) RETURNS countmin
    AS 'MODULE_PATHNAME', 'countmin_add_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION countmin_add_trans(countmin, timestamp, bigint, double precision, double precision) IS
    'transition function of countmin_agg(x, weight, epsilon, delta)';
CREATE AGGREGATE countmin_agg(timestamp, bigint, double precision, double precision) (
    SFUNC = countmin_add_trans, STYPE = countmin, FINALFUNC = countmin_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = countmin_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE countmin_agg(timestamp, bigint, double precision, double precision) IS
    'count-min sketch of the non-NULL values of a column, each counted weight (>= 0) times, at the given epsilon and delta';

-- timestamptz
CREATE FUNCTION countmin_add_trans(countmin, timestamptz) RETURNS countmin
    AS 'MODULE_PATHNAME', 'countmin_add_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION countmin_add_trans(countmin, timestamptz) IS 'transition function of countmin_agg(x)';
CREATE AGGREGATE countmin_agg(timestamptz) (
    SFUNC = countmin_add_trans, STYPE = countmin, FINALFUNC = countmin_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = countmin_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE countmin_agg(timestamptz) IS
    'count-min sketch of the non-NULL values of a column, at epsilon 0.001 and delta 0.01';
CREATE FUNCTION countmin_add_trans(countmin, timestamptz, double precision, double precision) RETURNS countmin
    AS 'MODULE_PATHNAME', 'countmin_add_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION countmin_add_trans(countmin, timestamptz, double precision, double precision) IS
    'transition function of countmin_agg(x, epsilon, delta)';
CREATE AGGREGATE countmin_agg(timestamptz, double precision, double precision) (
    SFUNC = countmin_add_trans, STYPE = countmin, FINALFUNC = countmin_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = countmin_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE countmin_agg(timestamptz, double precision, double precision) IS
    'count-min sketch of the non-NULL values of a column, at the given epsilon and delta';
CREATE FUNCTION countmin_add_trans(countmin, timestamptz, bigint) RETURNS countmin
    AS 'MODULE_PATHNAME', 'countmin_add_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION countmin_add_trans(countmin, timestamptz, bigint) IS 'transition function of countmin_agg(x, weight)';
CREATE AGGREGATE countmin_agg(timestamptz, bigint) (
    SFUNC = countmin_add_trans, STYPE = countmin, FINALFUNC = countmin_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = countmin_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE countmin_agg(timestamptz, bigint) IS
    'count-min sketch of the non-NULL values of a column, each counted weight (>= 0) times, at epsilon 0.001 and delta 0.01';
CREATE FUNCTION countmin_add_trans(countmin, timestamptz, bigint, double precision, double precision) RETURNS countmin
    AS 'MODULE_PATHNAME', 'countmin_add_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION countmin_add_trans(countmin, timestamptz, bigint, double precision, double precision) IS
    'transition function of countmin_agg(x, weight, epsilon, delta)';
CREATE AGGREGATE countmin_agg(timestamptz, bigint, double precision, double precision) (
    SFUNC = countmin_add_trans, STYPE = countmin, FINALFUNC = countmin_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = countmin_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE countmin_agg(timestamptz, bigint, double precision, double precision) IS
    'count-min sketch of the non-NULL values of a column, each counted weight (>= 0) times, at the given epsilon and delta';

-- "char"
CREATE FUNCTION countmin_add_trans(countmin, "char") RETURNS countmin
    AS 'MODULE_PATHNAME', 'countmin_add_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION countmin_add_trans(countmin, "char") IS 'transition function of countmin_agg(x)';
CREATE AGGREGATE countmin_agg("char") (
    SFUNC = countmin_add_trans, STYPE = countmin, FINALFUNC = countmin_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = countmin_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE countmin_agg("char") IS
    'count-min sketch of the non-NULL values of a column, at epsilon 0.001 and delta 0.01';
CREATE FUNCTION countmin_add_trans(countmin, "char", double precision, double precision) RETURNS countmin
    AS 'MODULE_PATHNAME', 'countmin_add_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION countmin_add_trans(countmin, "char", double precision, double precision) IS
    'transition function of countmin_agg(x, epsilon, delta)';
CREATE AGGREGATE countmin_agg("char", double precision, double precision) (
    SFUNC = countmin_add_trans, STYPE = countmin, FINALFUNC = countmin_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = countmin_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE countmin_agg("char", double precision, double precision) IS
    'count-min sketch of the non-NULL values of a column, at the given epsilon and delta';
CREATE FUNCTION countmin_add_trans(countmin, "char", bigint) RETURNS countmin
    AS 'MODULE_PATHNAME', 'countmin_add_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION countmin_add_trans(countmin, "char", bigint) IS 'transition function of countmin_agg(x, weight)';
CREATE AGGREGATE countmin_agg("char", bigint) (
    SFUNC = countmin_add_trans, STYPE = countmin, FINALFUNC = countmin_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = countmin_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE countmin_agg("char", bigint) IS
    'count-min sketch of the non-NULL values of a column, each counted weight (>= 0) times, at epsilon 0.001 and delta 0.01';
CREATE FUNCTION countmin_add_trans(countmin, "char", bigint, double precision, double precision) RETURNS countmin
    AS 'MODULE_PATHNAME', 'countmin_add_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION countmin_add_trans(countmin, "char", bigint, double precision, double precision) IS
    'transition function of countmin_agg(x, weight, epsilon, delta)';
CREATE AGGREGATE countmin_agg("char", bigint, double precision, double precision) (
    SFUNC = countmin_add_trans, STYPE = countmin, FINALFUNC = countmin_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = countmin_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE countmin_agg("char", bigint, double precision, double precision) IS
    'count-min sketch of the non-NULL values of a column, each counted weight (>= 0) times, at the given epsilon and delta';

-- anyelement
CREATE FUNCTION countmin_add_trans(countmin, anyelement) RETURNS countmin
    AS 'MODULE_PATHNAME', 'countmin_add_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION countmin_add_trans(countmin, anyelement) IS 'transition function of countmin_agg(x)';
CREATE AGGREGATE countmin_agg(anyelement) (
    SFUNC = countmin_add_trans, STYPE = countmin, FINALFUNC = countmin_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = countmin_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE countmin_agg(anyelement) IS
    'count-min sketch of the non-NULL values of a column, at epsilon 0.001 and delta 0.01';
CREATE FUNCTION countmin_add_trans(countmin, anyelement, double precision, double precision) RETURNS countmin
    AS 'MODULE_PATHNAME', 'countmin_add_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION countmin_add_trans(countmin, anyelement, double precision, double precision) IS
    'transition function of countmin_agg(x, epsilon, delta)';
CREATE AGGREGATE countmin_agg(anyelement, double precision, double precision) (
    SFUNC = countmin_add_trans, STYPE = countmin, FINALFUNC = countmin_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = countmin_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE countmin_agg(anyelement, double precision, double precision) IS
    'count-min sketch of the non-NULL values of a column, at the given epsilon and delta';
CREATE FUNCTION countmin_add_trans(countmin, anyelement, bigint) RETURNS countmin
    AS 'MODULE_PATHNAME', 'countmin_add_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION countmin_add_trans(countmin, anyelement, bigint) IS 'transition function of countmin_agg(x, weight)';
CREATE AGGREGATE countmin_agg(anyelement, bigint) (
    SFUNC = countmin_add_trans, STYPE = countmin, FINALFUNC = countmin_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = countmin_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE countmin_agg(anyelement, bigint) IS
    'count-min sketch of the non-NULL values of a column, each counted weight (>= 0) times, at epsilon 0.001 and delta 0.01';
CREATE FUNCTION countmin_add_trans(countmin, anyelement, bigint, double precision, double precision) RETURNS countmin
    AS 'MODULE_PATHNAME', 'countmin_add_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION countmin_add_trans(countmin, anyelement, bigint, double precision, double precision) IS
    'transition function of countmin_agg(x, weight, epsilon, delta)';
CREATE AGGREGATE countmin_agg(anyelement, bigint, double precision, double precision) (
    SFUNC = countmin_add_trans, STYPE = countmin, FINALFUNC = countmin_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = countmin_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE countmin_agg(anyelement, bigint, double precision, double precision) IS
    'count-min sketch of the non-NULL values of a column, each counted weight (>= 0) times, at the given epsilon and delta';

-- END issue-27
-- BEGIN issue-27 topk

--------------------------------------------------------------------------------
-- topk: frequent items with bounds (doc/REFERENCE.md, doc/FORMAT.md 8)
--------------------------------------------------------------------------------
CREATE TYPE topk;

CREATE FUNCTION topk_in(cstring) RETURNS topk
    AS 'MODULE_PATHNAME', 'topk_in' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION topk_out(topk) RETURNS cstring
    AS 'MODULE_PATHNAME', 'topk_out' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION topk_recv(internal) RETURNS topk
    AS 'MODULE_PATHNAME', 'topk_recv' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION topk_send(topk) RETURNS bytea
    AS 'MODULE_PATHNAME', 'topk_send' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

CREATE TYPE topk (
    INPUT = topk_in, OUTPUT = topk_out, RECEIVE = topk_recv, SEND = topk_send,
    INTERNALLENGTH = VARIABLE, STORAGE = extended
);
COMMENT ON TYPE topk IS
    'frequent items of a column with lower and upper bounds on their counts (Misra-Gries, mergeable)';
COMMENT ON FUNCTION topk_in(cstring) IS 'text input: \x and the hexadecimal binary format, validated field by field';
COMMENT ON FUNCTION topk_out(topk) IS 'text output: \x and the hexadecimal binary format';
COMMENT ON FUNCTION topk_recv(internal) IS 'binary input: the binary format, validated field by field';
COMMENT ON FUNCTION topk_send(topk) IS 'binary output: the binary format';

CREATE FUNCTION topk_from_bytea(bytea) RETURNS topk
    AS 'MODULE_PATHNAME', 'topk_from_bytea' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION topk_from_bytea(bytea) IS 'validates the binary format field by field and returns it as topk';
CREATE CAST (bytea AS topk) WITH FUNCTION topk_from_bytea(bytea);
COMMENT ON CAST (bytea AS topk) IS 'the binary format, validated field by field';
CREATE CAST (topk AS bytea) WITHOUT FUNCTION;
COMMENT ON CAST (topk AS bytea) IS 'the binary format';

CREATE FUNCTION topk_empty(size integer DEFAULT 1024) RETURNS topk
    AS 'MODULE_PATHNAME', 'topk_empty' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION topk_empty(integer) IS 'empty topk sketch of the given size (counters kept)';
CREATE FUNCTION topk_union(topk, topk) RETURNS topk
    AS 'MODULE_PATHNAME', 'topk_union' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION topk_union(topk, topk) IS
    'union: counts of equal items and the maximum errors added, kept to the smaller size';
CREATE OPERATOR || (LEFTARG = topk, RIGHTARG = topk, FUNCTION = topk_union);
COMMENT ON OPERATOR || (topk, topk) IS 'union';
CREATE FUNCTION topk_count(topk) RETURNS bigint
    AS 'MODULE_PATHNAME', 'topk_count' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION topk_count(topk) IS 'total weight added (the row count of an unweighted topk_agg), exactly';
CREATE FUNCTION topk_info(topk) RETURNS jsonb
    AS 'MODULE_PATHNAME', 'topk_info' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION topk_info(topk) IS
    'every header field, the maximum error of the bounds and the threshold above which no item is missed, bytes';
CREATE FUNCTION topk_items(sketch topk)
    RETURNS TABLE(item text, estimate bigint, lower bigint, upper bigint)
    AS 'MODULE_PATHNAME', 'topk_items' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE ROWS 100;
COMMENT ON FUNCTION topk_items(topk) IS
    'stored items as text with bounds on their counts, estimate descending';
CREATE FUNCTION topk_items(sketch topk, n integer)
    RETURNS TABLE(item text, estimate bigint, lower bigint, upper bigint)
    AS 'MODULE_PATHNAME', 'topk_items' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE ROWS 100;
COMMENT ON FUNCTION topk_items(topk, integer) IS
    'the n items of highest estimate as text, with bounds on their counts, estimate descending';
CREATE FUNCTION topk_items(sketch topk, n integer, item_type anyelement)
    RETURNS TABLE(item anyelement, estimate bigint, lower bigint, upper bigint)
    AS 'MODULE_PATHNAME', 'topk_items' LANGUAGE C IMMUTABLE PARALLEL SAFE ROWS 100;
COMMENT ON FUNCTION topk_items(topk, integer, anyelement) IS
    'the n items of highest estimate as values of the third argument''s type (pass NULL::T), with bounds';

-- Values are canonical (doc/FORMAT.md 8.2), so equality and hashing are bytea's own functions.
CREATE FUNCTION topk_eq(topk, topk) RETURNS boolean
    AS 'byteaeq' LANGUAGE internal IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION topk_eq(topk, topk) IS 'the sketches have the same size, totals, maximum error and counters';
CREATE FUNCTION topk_ne(topk, topk) RETURNS boolean
    AS 'byteane' LANGUAGE internal IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION topk_ne(topk, topk) IS 'the sketches differ';
CREATE FUNCTION topk_hash(topk) RETURNS integer
    AS 'hashvarlena' LANGUAGE internal IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION topk_hash(topk) IS 'hash of a sketch, for hash joins and GROUP BY';
CREATE FUNCTION topk_hash_extended(topk, bigint) RETURNS bigint
    AS 'hashvarlenaextended' LANGUAGE internal IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION topk_hash_extended(topk, bigint) IS 'seeded 64-bit hash of a sketch, for hash partitioning';
CREATE OPERATOR = (LEFTARG = topk, RIGHTARG = topk, FUNCTION = topk_eq, COMMUTATOR = =, NEGATOR = <>,
    RESTRICT = eqsel, JOIN = eqjoinsel, HASHES);
COMMENT ON OPERATOR = (topk, topk) IS 'equal';
CREATE OPERATOR <> (LEFTARG = topk, RIGHTARG = topk, FUNCTION = topk_ne, COMMUTATOR = <>, NEGATOR = =,
    RESTRICT = neqsel, JOIN = neqjoinsel);
COMMENT ON OPERATOR <> (topk, topk) IS 'not equal';
CREATE OPERATOR CLASS topk_ops DEFAULT FOR TYPE topk USING hash AS
    OPERATOR 1 = (topk, topk),
    FUNCTION 1 topk_hash(topk),
    FUNCTION 2 topk_hash_extended(topk, bigint);

-- Aggregates keep the topk type as their state: a working state (a hash table
-- of up to 2 * size counters) that their final functions end; the union is the
-- combine function (parallel query).
CREATE FUNCTION topk_agg_final(topk) RETURNS topk
    AS 'MODULE_PATHNAME', 'topk_agg_final' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION topk_agg_final(topk) IS
    'final function of topk_agg(x [, size]) and topk_union_agg: the state''s value, or for zero rows an empty sketch';
CREATE FUNCTION topk_weighted_agg_final(topk) RETURNS topk
    AS 'MODULE_PATHNAME', 'topk_weighted_agg_final' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION topk_weighted_agg_final(topk) IS
    'final function of topk_agg(x, weight [, size]): the state''s value, or for zero rows an empty sketch';
CREATE FUNCTION topk_union_trans(topk, topk) RETURNS topk
    AS 'MODULE_PATHNAME', 'topk_union_trans' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION topk_union_trans(topk, topk) IS
    'transition function of topk_union_agg, combine function of it and topk_agg';
CREATE AGGREGATE topk_union_agg(topk) (
    SFUNC = topk_union_trans, STYPE = topk, FINALFUNC = topk_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = topk_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE topk_union_agg(topk) IS 'union of a column of topk sketches (zero rows: an empty sketch)';

-- topk_agg's overloads, one per item type (explicit, not an sql/overloads.py
-- family: a topk holds only the types it can return, not every hashed type;
-- anyelement takes any other type to refuse it with a hint to cast).

-- smallint
CREATE FUNCTION topk_add_trans(topk, smallint) RETURNS topk
    AS 'MODULE_PATHNAME', 'topk_add_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION topk_add_trans(topk, smallint) IS 'transition function of topk_agg(x)';
CREATE FUNCTION topk_add_trans(topk, smallint, integer) RETURNS topk
    AS 'MODULE_PATHNAME', 'topk_add_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION topk_add_trans(topk, smallint, integer) IS 'transition function of topk_agg(x, size)';
CREATE FUNCTION topk_add_weighted_trans(topk, smallint, bigint) RETURNS topk
    AS 'MODULE_PATHNAME', 'topk_add_weighted_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION topk_add_weighted_trans(topk, smallint, bigint) IS 'transition function of topk_agg(x, weight)';
CREATE FUNCTION topk_add_weighted_trans(topk, smallint, bigint, integer) RETURNS topk
    AS 'MODULE_PATHNAME', 'topk_add_weighted_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION topk_add_weighted_trans(topk, smallint, bigint, integer) IS
    'transition function of topk_agg(x, weight, size)';
CREATE AGGREGATE topk_agg(smallint) (
    SFUNC = topk_add_trans, STYPE = topk, FINALFUNC = topk_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = topk_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE topk_agg(smallint) IS 'frequent non-NULL values of a column, size 1024';
CREATE AGGREGATE topk_agg(smallint, integer) (
    SFUNC = topk_add_trans, STYPE = topk, FINALFUNC = topk_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = topk_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE topk_agg(smallint, integer) IS 'frequent non-NULL values of a column, keeping size counters';
CREATE AGGREGATE topk_agg(smallint, bigint) (
    SFUNC = topk_add_weighted_trans, STYPE = topk, FINALFUNC = topk_weighted_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = topk_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE topk_agg(smallint, bigint) IS 'heaviest non-NULL values of a column by a non-negative weight, size 1024';
CREATE AGGREGATE topk_agg(smallint, bigint, integer) (
    SFUNC = topk_add_weighted_trans, STYPE = topk, FINALFUNC = topk_weighted_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = topk_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE topk_agg(smallint, bigint, integer) IS
    'heaviest non-NULL values of a column by a non-negative weight, keeping size counters';

-- integer
CREATE FUNCTION topk_add_trans(topk, integer) RETURNS topk
    AS 'MODULE_PATHNAME', 'topk_add_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION topk_add_trans(topk, integer) IS 'transition function of topk_agg(x)';
CREATE FUNCTION topk_add_trans(topk, integer, integer) RETURNS topk
    AS 'MODULE_PATHNAME', 'topk_add_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION topk_add_trans(topk, integer, integer) IS 'transition function of topk_agg(x, size)';
CREATE FUNCTION topk_add_weighted_trans(topk, integer, bigint) RETURNS topk
    AS 'MODULE_PATHNAME', 'topk_add_weighted_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION topk_add_weighted_trans(topk, integer, bigint) IS 'transition function of topk_agg(x, weight)';
CREATE FUNCTION topk_add_weighted_trans(topk, integer, bigint, integer) RETURNS topk
    AS 'MODULE_PATHNAME', 'topk_add_weighted_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION topk_add_weighted_trans(topk, integer, bigint, integer) IS
    'transition function of topk_agg(x, weight, size)';
CREATE AGGREGATE topk_agg(integer) (
    SFUNC = topk_add_trans, STYPE = topk, FINALFUNC = topk_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = topk_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE topk_agg(integer) IS 'frequent non-NULL values of a column, size 1024';
CREATE AGGREGATE topk_agg(integer, integer) (
    SFUNC = topk_add_trans, STYPE = topk, FINALFUNC = topk_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = topk_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE topk_agg(integer, integer) IS 'frequent non-NULL values of a column, keeping size counters';
CREATE AGGREGATE topk_agg(integer, bigint) (
    SFUNC = topk_add_weighted_trans, STYPE = topk, FINALFUNC = topk_weighted_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = topk_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE topk_agg(integer, bigint) IS 'heaviest non-NULL values of a column by a non-negative weight, size 1024';
CREATE AGGREGATE topk_agg(integer, bigint, integer) (
    SFUNC = topk_add_weighted_trans, STYPE = topk, FINALFUNC = topk_weighted_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = topk_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE topk_agg(integer, bigint, integer) IS
    'heaviest non-NULL values of a column by a non-negative weight, keeping size counters';

-- bigint
CREATE FUNCTION topk_add_trans(topk, bigint) RETURNS topk
    AS 'MODULE_PATHNAME', 'topk_add_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION topk_add_trans(topk, bigint) IS 'transition function of topk_agg(x)';
CREATE FUNCTION topk_add_trans(topk, bigint, integer) RETURNS topk
    AS 'MODULE_PATHNAME', 'topk_add_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION topk_add_trans(topk, bigint, integer) IS 'transition function of topk_agg(x, size)';
CREATE FUNCTION topk_add_weighted_trans(topk, bigint, bigint) RETURNS topk
    AS 'MODULE_PATHNAME', 'topk_add_weighted_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION topk_add_weighted_trans(topk, bigint, bigint) IS 'transition function of topk_agg(x, weight)';
CREATE FUNCTION topk_add_weighted_trans(topk, bigint, bigint, integer) RETURNS topk
    AS 'MODULE_PATHNAME', 'topk_add_weighted_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION topk_add_weighted_trans(topk, bigint, bigint, integer) IS
    'transition function of topk_agg(x, weight, size)';
CREATE AGGREGATE topk_agg(bigint) (
    SFUNC = topk_add_trans, STYPE = topk, FINALFUNC = topk_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = topk_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE topk_agg(bigint) IS 'frequent non-NULL values of a column, size 1024';
CREATE AGGREGATE topk_agg(bigint, integer) (
    SFUNC = topk_add_trans, STYPE = topk, FINALFUNC = topk_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = topk_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE topk_agg(bigint, integer) IS 'frequent non-NULL values of a column, keeping size counters';
CREATE AGGREGATE topk_agg(bigint, bigint) (
    SFUNC = topk_add_weighted_trans, STYPE = topk, FINALFUNC = topk_weighted_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = topk_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE topk_agg(bigint, bigint) IS 'heaviest non-NULL values of a column by a non-negative weight, size 1024';
CREATE AGGREGATE topk_agg(bigint, bigint, integer) (
    SFUNC = topk_add_weighted_trans, STYPE = topk, FINALFUNC = topk_weighted_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = topk_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE topk_agg(bigint, bigint, integer) IS
    'heaviest non-NULL values of a column by a non-negative weight, keeping size counters';

-- sketch_text
CREATE FUNCTION topk_add_trans(topk, sketch_text) RETURNS topk
    AS 'MODULE_PATHNAME', 'topk_add_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION topk_add_trans(topk, sketch_text) IS 'transition function of topk_agg(x)';
CREATE FUNCTION topk_add_trans(topk, sketch_text, integer) RETURNS topk
    AS 'MODULE_PATHNAME', 'topk_add_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION topk_add_trans(topk, sketch_text, integer) IS 'transition function of topk_agg(x, size)';
CREATE FUNCTION topk_add_weighted_trans(topk, sketch_text, bigint) RETURNS topk
    AS 'MODULE_PATHNAME', 'topk_add_weighted_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION topk_add_weighted_trans(topk, sketch_text, bigint) IS 'transition function of topk_agg(x, weight)';
CREATE FUNCTION topk_add_weighted_trans(topk, sketch_text, bigint, integer) RETURNS topk
    AS 'MODULE_PATHNAME', 'topk_add_weighted_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION topk_add_weighted_trans(topk, sketch_text, bigint, integer) IS
    'transition function of topk_agg(x, weight, size)';
CREATE AGGREGATE topk_agg(sketch_text) (
    SFUNC = topk_add_trans, STYPE = topk, FINALFUNC = topk_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = topk_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE topk_agg(sketch_text) IS 'frequent non-NULL values of a column, size 1024';
CREATE AGGREGATE topk_agg(sketch_text, integer) (
    SFUNC = topk_add_trans, STYPE = topk, FINALFUNC = topk_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = topk_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE topk_agg(sketch_text, integer) IS 'frequent non-NULL values of a column, keeping size counters';
CREATE AGGREGATE topk_agg(sketch_text, bigint) (
    SFUNC = topk_add_weighted_trans, STYPE = topk, FINALFUNC = topk_weighted_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = topk_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE topk_agg(sketch_text, bigint) IS 'heaviest non-NULL values of a column by a non-negative weight, size 1024';
CREATE AGGREGATE topk_agg(sketch_text, bigint, integer) (
    SFUNC = topk_add_weighted_trans, STYPE = topk, FINALFUNC = topk_weighted_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = topk_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE topk_agg(sketch_text, bigint, integer) IS
    'heaviest non-NULL values of a column by a non-negative weight, keeping size counters';

-- bytea
CREATE FUNCTION topk_add_trans(topk, bytea) RETURNS topk
    AS 'MODULE_PATHNAME', 'topk_add_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION topk_add_trans(topk, bytea) IS 'transition function of topk_agg(x)';
CREATE FUNCTION topk_add_trans(topk, bytea, integer) RETURNS topk
    AS 'MODULE_PATHNAME', 'topk_add_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION topk_add_trans(topk, bytea, integer) IS 'transition function of topk_agg(x, size)';
CREATE FUNCTION topk_add_weighted_trans(topk, bytea, bigint) RETURNS topk
    AS 'MODULE_PATHNAME', 'topk_add_weighted_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION topk_add_weighted_trans(topk, bytea, bigint) IS 'transition function of topk_agg(x, weight)';
CREATE FUNCTION topk_add_weighted_trans(topk, bytea, bigint, integer) RETURNS topk
    AS 'MODULE_PATHNAME', 'topk_add_weighted_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION topk_add_weighted_trans(topk, bytea, bigint, integer) IS
    'transition function of topk_agg(x, weight, size)';
CREATE AGGREGATE topk_agg(bytea) (
    SFUNC = topk_add_trans, STYPE = topk, FINALFUNC = topk_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = topk_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE topk_agg(bytea) IS 'frequent non-NULL values of a column, size 1024';
CREATE AGGREGATE topk_agg(bytea, integer) (
    SFUNC = topk_add_trans, STYPE = topk, FINALFUNC = topk_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = topk_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE topk_agg(bytea, integer) IS 'frequent non-NULL values of a column, keeping size counters';
CREATE AGGREGATE topk_agg(bytea, bigint) (
    SFUNC = topk_add_weighted_trans, STYPE = topk, FINALFUNC = topk_weighted_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = topk_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE topk_agg(bytea, bigint) IS 'heaviest non-NULL values of a column by a non-negative weight, size 1024';
CREATE AGGREGATE topk_agg(bytea, bigint, integer) (
    SFUNC = topk_add_weighted_trans, STYPE = topk, FINALFUNC = topk_weighted_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = topk_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE topk_agg(bytea, bigint, integer) IS
    'heaviest non-NULL values of a column by a non-negative weight, keeping size counters';

-- uuid
CREATE FUNCTION topk_add_trans(topk, uuid) RETURNS topk
    AS 'MODULE_PATHNAME', 'topk_add_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION topk_add_trans(topk, uuid) IS 'transition function of topk_agg(x)';
CREATE FUNCTION topk_add_trans(topk, uuid, integer) RETURNS topk
    AS 'MODULE_PATHNAME', 'topk_add_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION topk_add_trans(topk, uuid, integer) IS 'transition function of topk_agg(x, size)';
CREATE FUNCTION topk_add_weighted_trans(topk, uuid, bigint) RETURNS topk
    AS 'MODULE_PATHNAME', 'topk_add_weighted_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION topk_add_weighted_trans(topk, uuid, bigint) IS 'transition function of topk_agg(x, weight)';
CREATE FUNCTION topk_add_weighted_trans(topk, uuid, bigint, integer) RETURNS topk
    AS 'MODULE_PATHNAME', 'topk_add_weighted_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION topk_add_weighted_trans(topk, uuid, bigint, integer) IS
    'transition function of topk_agg(x, weight, size)';
CREATE AGGREGATE topk_agg(uuid) (
    SFUNC = topk_add_trans, STYPE = topk, FINALFUNC = topk_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = topk_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE topk_agg(uuid) IS 'frequent non-NULL values of a column, size 1024';
CREATE AGGREGATE topk_agg(uuid, integer) (
    SFUNC = topk_add_trans, STYPE = topk, FINALFUNC = topk_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = topk_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE topk_agg(uuid, integer) IS 'frequent non-NULL values of a column, keeping size counters';
CREATE AGGREGATE topk_agg(uuid, bigint) (
    SFUNC = topk_add_weighted_trans, STYPE = topk, FINALFUNC = topk_weighted_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = topk_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE topk_agg(uuid, bigint) IS 'heaviest non-NULL values of a column by a non-negative weight, size 1024';
CREATE AGGREGATE topk_agg(uuid, bigint, integer) (
    SFUNC = topk_add_weighted_trans, STYPE = topk, FINALFUNC = topk_weighted_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = topk_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE topk_agg(uuid, bigint, integer) IS
    'heaviest non-NULL values of a column by a non-negative weight, keeping size counters';

-- anyelement
CREATE FUNCTION topk_add_trans(topk, anyelement) RETURNS topk
    AS 'MODULE_PATHNAME', 'topk_add_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION topk_add_trans(topk, anyelement) IS 'transition function of topk_agg(x)';
CREATE FUNCTION topk_add_trans(topk, anyelement, integer) RETURNS topk
    AS 'MODULE_PATHNAME', 'topk_add_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION topk_add_trans(topk, anyelement, integer) IS 'transition function of topk_agg(x, size)';
CREATE FUNCTION topk_add_weighted_trans(topk, anyelement, bigint) RETURNS topk
    AS 'MODULE_PATHNAME', 'topk_add_weighted_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION topk_add_weighted_trans(topk, anyelement, bigint) IS 'transition function of topk_agg(x, weight)';
CREATE FUNCTION topk_add_weighted_trans(topk, anyelement, bigint, integer) RETURNS topk
    AS 'MODULE_PATHNAME', 'topk_add_weighted_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION topk_add_weighted_trans(topk, anyelement, bigint, integer) IS
    'transition function of topk_agg(x, weight, size)';
CREATE AGGREGATE topk_agg(anyelement) (
    SFUNC = topk_add_trans, STYPE = topk, FINALFUNC = topk_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = topk_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE topk_agg(anyelement) IS 'frequent non-NULL values of a column, size 1024';
CREATE AGGREGATE topk_agg(anyelement, integer) (
    SFUNC = topk_add_trans, STYPE = topk, FINALFUNC = topk_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = topk_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE topk_agg(anyelement, integer) IS 'frequent non-NULL values of a column, keeping size counters';
CREATE AGGREGATE topk_agg(anyelement, bigint) (
    SFUNC = topk_add_weighted_trans, STYPE = topk, FINALFUNC = topk_weighted_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = topk_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE topk_agg(anyelement, bigint) IS 'heaviest non-NULL values of a column by a non-negative weight, size 1024';
CREATE AGGREGATE topk_agg(anyelement, bigint, integer) (
    SFUNC = topk_add_weighted_trans, STYPE = topk, FINALFUNC = topk_weighted_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = topk_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE topk_agg(anyelement, bigint, integer) IS
    'heaviest non-NULL values of a column by a non-negative weight, keeping size counters';
-- END issue-27 topk

-- BEGIN issue-25 datasketches
-- Apache DataSketches HLL images (doc/FORMAT.md 3.17): the format 'datasketches' of
-- hll_import/hll_export and the family of hll_add_agg(x, p, family) are new values of
-- their text arguments, not new objects; only hll_import's comment names them.
COMMENT ON FUNCTION hll_import(bytea, text) IS
    'an hll of another system''s sketch bytes (format ''postgresql-hll'', ''redis'' or ''datasketches''), validated field by field';
-- END issue-25 datasketches
