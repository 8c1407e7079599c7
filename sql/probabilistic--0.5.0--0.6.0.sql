-- probabilistic 0.5.0 -> 0.6.0. Values stored under 0.5.0 are read as they
-- are (test/scripts/upgrade.sh); what each part adds is said in its section.
-- complain if script is sourced in psql, rather than via ALTER EXTENSION
\echo Use "ALTER EXTENSION probabilistic UPDATE TO '0.6.0'" to load this file. \quit

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
