-- probabilistic 0.7.0 -> 0.8.0. Values stored under 0.7.0 are read as they
-- are (test/scripts/upgrade.sh); what each part adds is said in its section.
-- complain if script is sourced in psql, rather than via ALTER EXTENSION
\echo Use "ALTER EXTENSION probabilistic UPDATE TO '0.8.0'" to load this file. \quit

-- BEGIN issue-28 fuse
-- fuse: a binary fuse filter, built once from a set of values (a key set, or the filter built from it).
--------------------------------------------------------------------------------
-- fuse: a binary fuse filter, built once from a set of values (doc/FORMAT.md 12)
--------------------------------------------------------------------------------
CREATE TYPE fuse;

CREATE FUNCTION fuse_in(cstring) RETURNS fuse
    AS 'MODULE_PATHNAME', 'fuse_in' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION fuse_out(fuse) RETURNS cstring
    AS 'MODULE_PATHNAME', 'fuse_out' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION fuse_recv(internal) RETURNS fuse
    AS 'MODULE_PATHNAME', 'fuse_recv' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION fuse_send(fuse) RETURNS bytea
    AS 'MODULE_PATHNAME', 'fuse_send' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE TYPE fuse (
    INPUT = fuse_in, OUTPUT = fuse_out, RECEIVE = fuse_recv, SEND = fuse_send,
    INTERNALLENGTH = VARIABLE, STORAGE = extended
);
COMMENT ON TYPE fuse IS
    'binary fuse filter of a set of values, built once (about 1.125 f bits a value at rate 2^-f), or the key set it is built from';
COMMENT ON FUNCTION fuse_in(cstring) IS 'text input: \x and the hexadecimal binary format, validated field by field';
COMMENT ON FUNCTION fuse_out(fuse) IS 'text output: \x and the hexadecimal binary format';
COMMENT ON FUNCTION fuse_recv(internal) IS 'binary input: the binary format, validated field by field';
COMMENT ON FUNCTION fuse_send(fuse) IS 'binary output: the binary format';

CREATE FUNCTION fuse_from_bytea(bytea) RETURNS fuse
    AS 'MODULE_PATHNAME', 'fuse_from_bytea' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION fuse_from_bytea(bytea) IS 'validates the binary format field by field and returns it as fuse';
CREATE CAST (bytea AS fuse) WITH FUNCTION fuse_from_bytea(bytea);
COMMENT ON CAST (bytea AS fuse) IS 'the binary format, validated field by field';
CREATE CAST (fuse AS bytea) WITHOUT FUNCTION;
COMMENT ON CAST (fuse AS bytea) IS 'the binary format';

CREATE FUNCTION fuse_contains(fuse, anyelement) RETURNS boolean
    AS 'MODULE_PATHNAME', 'fuse_contains' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION fuse_contains(fuse, anyelement) IS
    'the value is probably in the set (never false for a value of the set; a filter errs at rate 2^-fingerprint_bits)';
CREATE FUNCTION fuse_contained(anyelement, fuse) RETURNS boolean
    AS 'MODULE_PATHNAME', 'fuse_contained' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION fuse_contained(anyelement, fuse) IS 'fuse_contains with its arguments swapped';
CREATE FUNCTION fuse_members(fuse, anyarray) RETURNS integer[]
    AS 'MODULE_PATHNAME', 'fuse_members' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION fuse_members(fuse, anyarray) IS
    'subscripts, ascending, of the elements of a one-dimensional array that may be in the set (fuse_contains of each); NULL elements never listed';
CREATE FUNCTION fuse_union(fuse, fuse) RETURNS fuse
    AS 'MODULE_PATHNAME', 'fuse_union' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION fuse_union(fuse, fuse) IS
    'key set of the union of two key sets with the same rate and seed (a built filter takes no more keys: refused)';
CREATE FUNCTION fuse_build(fuse) RETURNS fuse
    AS 'MODULE_PATHNAME', 'fuse_build' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION fuse_build(fuse) IS 'the filter built from a key set (a filter comes back as it is)';
CREATE FUNCTION fuse_cardinality(fuse) RETURNS bigint
    AS 'MODULE_PATHNAME', 'fuse_cardinality' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION fuse_cardinality(fuse) IS 'distinct hashes the key set holds or the filter was built from';
CREATE FUNCTION fuse_info(fuse) RETURNS jsonb
    AS 'MODULE_PATHNAME', 'fuse_info' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION fuse_info(fuse) IS
    'every header field, the form, the array''s length, estimated false positive rate, bits per key, bytes';

-- Both forms are canonical, so equality and hashing are bytea's own functions.
CREATE FUNCTION fuse_eq(fuse, fuse) RETURNS boolean
    AS 'byteaeq' LANGUAGE internal IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION fuse_eq(fuse, fuse) IS 'the values have the same bytes';
CREATE FUNCTION fuse_ne(fuse, fuse) RETURNS boolean
    AS 'byteane' LANGUAGE internal IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION fuse_ne(fuse, fuse) IS 'the values differ in bytes';
CREATE FUNCTION fuse_hash(fuse) RETURNS integer
    AS 'hashvarlena' LANGUAGE internal IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION fuse_hash(fuse) IS 'hash of a value, for hash joins and GROUP BY';
CREATE FUNCTION fuse_hash_extended(fuse, bigint) RETURNS bigint
    AS 'hashvarlenaextended' LANGUAGE internal IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION fuse_hash_extended(fuse, bigint) IS 'seeded 64-bit hash of a value, for hash partitioning';

CREATE OPERATOR @> (LEFTARG = fuse, RIGHTARG = anyelement, FUNCTION = fuse_contains, COMMUTATOR = <@);
COMMENT ON OPERATOR @> (fuse, anyelement) IS 'filter probably contains the value';
CREATE OPERATOR <@ (LEFTARG = anyelement, RIGHTARG = fuse, FUNCTION = fuse_contained, COMMUTATOR = @>);
COMMENT ON OPERATOR <@ (anyelement, fuse) IS 'value is probably in the filter';
CREATE OPERATOR = (LEFTARG = fuse, RIGHTARG = fuse, FUNCTION = fuse_eq, COMMUTATOR = =, NEGATOR = <>,
    RESTRICT = eqsel, JOIN = eqjoinsel, HASHES);
COMMENT ON OPERATOR = (fuse, fuse) IS 'equal';
CREATE OPERATOR <> (LEFTARG = fuse, RIGHTARG = fuse, FUNCTION = fuse_ne, COMMUTATOR = <>, NEGATOR = =,
    RESTRICT = neqsel, JOIN = neqjoinsel);
COMMENT ON OPERATOR <> (fuse, fuse) IS 'not equal';
CREATE OPERATOR CLASS fuse_ops DEFAULT FOR TYPE fuse USING hash AS
    OPERATOR 1 = (fuse, fuse),
    FUNCTION 1 fuse_hash(fuse),
    FUNCTION 2 fuse_hash_extended(fuse, bigint);

-- Aggregates keep a key set as their state (a working state inside them), the
-- union of key sets as combine function (parallel query, Citus).
CREATE FUNCTION fuse_agg_final(fuse) RETURNS fuse
    AS 'MODULE_PATHNAME', 'fuse_agg_final' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION fuse_agg_final(fuse) IS
    'final function of fuse_agg: the filter built from the state''s keys, or for zero rows the filter of none';
CREATE FUNCTION fuse_keys_agg_final(fuse) RETURNS fuse
    AS 'MODULE_PATHNAME', 'fuse_keys_agg_final' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION fuse_keys_agg_final(fuse) IS
    'final function of fuse_keys_agg: the state''s key set, or for zero rows the empty key set';
CREATE FUNCTION fuse_union_final(fuse) RETURNS fuse
    AS 'MODULE_PATHNAME', 'fuse_union_final' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION fuse_union_final(fuse) IS 'final function of fuse_union_agg: the union''s key set (zero rows: NULL)';
CREATE FUNCTION fuse_union_trans(fuse, fuse) RETURNS fuse
    AS 'MODULE_PATHNAME', 'fuse_union_trans' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION fuse_union_trans(fuse, fuse) IS
    'transition function of fuse_union_agg, combine function of it, fuse_agg and fuse_keys_agg';
CREATE AGGREGATE fuse_union_agg(fuse) (
    SFUNC = fuse_union_trans, STYPE = fuse, FINALFUNC = fuse_union_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = fuse_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE fuse_union_agg(fuse) IS 'key set of the union of a column of key sets (zero rows: NULL)';

-- fuse_agg(x [, fpr [, seed]]) (the filter) and fuse_keys_agg(x [, fpr [, seed]])
-- (the key set), for each hashed input type.
-- BEGIN GENERATED fuse (by sql/overloads.py from its table HASHED_TYPES; do not edit here)

-- smallint
CREATE FUNCTION fuse_add_trans(fuse, smallint) RETURNS fuse
    AS 'MODULE_PATHNAME', 'fuse_add_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION fuse_add_trans(fuse, smallint) IS 'transition function of fuse_agg(x)';
CREATE FUNCTION fuse_add_trans(fuse, smallint, double precision) RETURNS fuse
    AS 'MODULE_PATHNAME', 'fuse_add_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION fuse_add_trans(fuse, smallint, double precision) IS 'transition function of fuse_agg(x, fpr)';
CREATE FUNCTION fuse_add_trans(fuse, smallint, double precision, bigint) RETURNS fuse
    AS 'MODULE_PATHNAME', 'fuse_add_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION fuse_add_trans(fuse, smallint, double precision, bigint) IS 'transition function of fuse_agg(x, fpr, seed)';
CREATE AGGREGATE fuse_agg(smallint) (
    SFUNC = fuse_add_trans, STYPE = fuse, FINALFUNC = fuse_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = fuse_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE fuse_agg(smallint) IS 'binary fuse filter of the non-NULL values of a column at false positive rate 2^-8';
CREATE AGGREGATE fuse_agg(smallint, double precision) (
    SFUNC = fuse_add_trans, STYPE = fuse, FINALFUNC = fuse_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = fuse_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE fuse_agg(smallint, double precision) IS
    'binary fuse filter of the non-NULL values of a column at false positive rate at most fpr';
CREATE AGGREGATE fuse_agg(smallint, double precision, bigint) (
    SFUNC = fuse_add_trans, STYPE = fuse, FINALFUNC = fuse_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = fuse_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE fuse_agg(smallint, double precision, bigint) IS
    'binary fuse filter of the non-NULL values of a column at false positive rate at most fpr, hashed under seed';
CREATE FUNCTION fuse_keys_add_trans(fuse, smallint) RETURNS fuse
    AS 'MODULE_PATHNAME', 'fuse_keys_add_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION fuse_keys_add_trans(fuse, smallint) IS 'transition function of fuse_keys_agg(x)';
CREATE FUNCTION fuse_keys_add_trans(fuse, smallint, double precision) RETURNS fuse
    AS 'MODULE_PATHNAME', 'fuse_keys_add_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION fuse_keys_add_trans(fuse, smallint, double precision) IS 'transition function of fuse_keys_agg(x, fpr)';
CREATE FUNCTION fuse_keys_add_trans(fuse, smallint, double precision, bigint) RETURNS fuse
    AS 'MODULE_PATHNAME', 'fuse_keys_add_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION fuse_keys_add_trans(fuse, smallint, double precision, bigint) IS
    'transition function of fuse_keys_agg(x, fpr, seed)';
CREATE AGGREGATE fuse_keys_agg(smallint) (
    SFUNC = fuse_keys_add_trans, STYPE = fuse, FINALFUNC = fuse_keys_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = fuse_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE fuse_keys_agg(smallint) IS 'key set (for fuse_build, fuse_union) of the non-NULL values of a column, rate 2^-8';
CREATE AGGREGATE fuse_keys_agg(smallint, double precision) (
    SFUNC = fuse_keys_add_trans, STYPE = fuse, FINALFUNC = fuse_keys_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = fuse_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE fuse_keys_agg(smallint, double precision) IS
    'key set (for fuse_build, fuse_union) of the non-NULL values of a column, for a filter at rate at most fpr';
CREATE AGGREGATE fuse_keys_agg(smallint, double precision, bigint) (
    SFUNC = fuse_keys_add_trans, STYPE = fuse, FINALFUNC = fuse_keys_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = fuse_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE fuse_keys_agg(smallint, double precision, bigint) IS
    'key set (for fuse_build, fuse_union) of the non-NULL values of a column hashed under seed, for a filter at rate at most fpr';

-- integer
CREATE FUNCTION fuse_add_trans(fuse, integer) RETURNS fuse
    AS 'MODULE_PATHNAME', 'fuse_add_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION fuse_add_trans(fuse, integer) IS 'transition function of fuse_agg(x)';
CREATE FUNCTION fuse_add_trans(fuse, integer, double precision) RETURNS fuse
    AS 'MODULE_PATHNAME', 'fuse_add_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION fuse_add_trans(fuse, integer, double precision) IS 'transition function of fuse_agg(x, fpr)';
CREATE FUNCTION fuse_add_trans(fuse, integer, double precision, bigint) RETURNS fuse
    AS 'MODULE_PATHNAME', 'fuse_add_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION fuse_add_trans(fuse, integer, double precision, bigint) IS 'transition function of fuse_agg(x, fpr, seed)';
CREATE AGGREGATE fuse_agg(integer) (
    SFUNC = fuse_add_trans, STYPE = fuse, FINALFUNC = fuse_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = fuse_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE fuse_agg(integer) IS 'binary fuse filter of the non-NULL values of a column at false positive rate 2^-8';
CREATE AGGREGATE fuse_agg(integer, double precision) (
    SFUNC = fuse_add_trans, STYPE = fuse, FINALFUNC = fuse_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = fuse_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE fuse_agg(integer, double precision) IS
    'binary fuse filter of the non-NULL values of a column at false positive rate at most fpr';
CREATE AGGREGATE fuse_agg(integer, double precision, bigint) (
    SFUNC = fuse_add_trans, STYPE = fuse, FINALFUNC = fuse_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = fuse_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE fuse_agg(integer, double precision, bigint) IS
    'binary fuse filter of the non-NULL values of a column at false positive rate at most fpr, hashed under seed';
CREATE FUNCTION fuse_keys_add_trans(fuse, integer) RETURNS fuse
    AS 'MODULE_PATHNAME', 'fuse_keys_add_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION fuse_keys_add_trans(fuse, integer) IS 'transition function of fuse_keys_agg(x)';
CREATE FUNCTION fuse_keys_add_trans(fuse, integer, double precision) RETURNS fuse
    AS 'MODULE_PATHNAME', 'fuse_keys_add_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION fuse_keys_add_trans(fuse, integer, double precision) IS 'transition function of fuse_keys_agg(x, fpr)';
CREATE FUNCTION fuse_keys_add_trans(fuse, integer, double precision, bigint) RETURNS fuse
    AS 'MODULE_PATHNAME', 'fuse_keys_add_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION fuse_keys_add_trans(fuse, integer, double precision, bigint) IS
    'transition function of fuse_keys_agg(x, fpr, seed)';
CREATE AGGREGATE fuse_keys_agg(integer) (
    SFUNC = fuse_keys_add_trans, STYPE = fuse, FINALFUNC = fuse_keys_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = fuse_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE fuse_keys_agg(integer) IS 'key set (for fuse_build, fuse_union) of the non-NULL values of a column, rate 2^-8';
CREATE AGGREGATE fuse_keys_agg(integer, double precision) (
    SFUNC = fuse_keys_add_trans, STYPE = fuse, FINALFUNC = fuse_keys_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = fuse_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE fuse_keys_agg(integer, double precision) IS
    'key set (for fuse_build, fuse_union) of the non-NULL values of a column, for a filter at rate at most fpr';
CREATE AGGREGATE fuse_keys_agg(integer, double precision, bigint) (
    SFUNC = fuse_keys_add_trans, STYPE = fuse, FINALFUNC = fuse_keys_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = fuse_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE fuse_keys_agg(integer, double precision, bigint) IS
    'key set (for fuse_build, fuse_union) of the non-NULL values of a column hashed under seed, for a filter at rate at most fpr';

-- bigint
CREATE FUNCTION fuse_add_trans(fuse, bigint) RETURNS fuse
    AS 'MODULE_PATHNAME', 'fuse_add_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION fuse_add_trans(fuse, bigint) IS 'transition function of fuse_agg(x)';
CREATE FUNCTION fuse_add_trans(fuse, bigint, double precision) RETURNS fuse
    AS 'MODULE_PATHNAME', 'fuse_add_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION fuse_add_trans(fuse, bigint, double precision) IS 'transition function of fuse_agg(x, fpr)';
CREATE FUNCTION fuse_add_trans(fuse, bigint, double precision, bigint) RETURNS fuse
    AS 'MODULE_PATHNAME', 'fuse_add_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION fuse_add_trans(fuse, bigint, double precision, bigint) IS 'transition function of fuse_agg(x, fpr, seed)';
CREATE AGGREGATE fuse_agg(bigint) (
    SFUNC = fuse_add_trans, STYPE = fuse, FINALFUNC = fuse_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = fuse_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE fuse_agg(bigint) IS 'binary fuse filter of the non-NULL values of a column at false positive rate 2^-8';
CREATE AGGREGATE fuse_agg(bigint, double precision) (
    SFUNC = fuse_add_trans, STYPE = fuse, FINALFUNC = fuse_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = fuse_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE fuse_agg(bigint, double precision) IS
    'binary fuse filter of the non-NULL values of a column at false positive rate at most fpr';
CREATE AGGREGATE fuse_agg(bigint, double precision, bigint) (
    SFUNC = fuse_add_trans, STYPE = fuse, FINALFUNC = fuse_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = fuse_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE fuse_agg(bigint, double precision, bigint) IS
    'binary fuse filter of the non-NULL values of a column at false positive rate at most fpr, hashed under seed';
CREATE FUNCTION fuse_keys_add_trans(fuse, bigint) RETURNS fuse
    AS 'MODULE_PATHNAME', 'fuse_keys_add_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION fuse_keys_add_trans(fuse, bigint) IS 'transition function of fuse_keys_agg(x)';
CREATE FUNCTION fuse_keys_add_trans(fuse, bigint, double precision) RETURNS fuse
    AS 'MODULE_PATHNAME', 'fuse_keys_add_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION fuse_keys_add_trans(fuse, bigint, double precision) IS 'transition function of fuse_keys_agg(x, fpr)';
CREATE FUNCTION fuse_keys_add_trans(fuse, bigint, double precision, bigint) RETURNS fuse
    AS 'MODULE_PATHNAME', 'fuse_keys_add_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION fuse_keys_add_trans(fuse, bigint, double precision, bigint) IS
    'transition function of fuse_keys_agg(x, fpr, seed)';
CREATE AGGREGATE fuse_keys_agg(bigint) (
    SFUNC = fuse_keys_add_trans, STYPE = fuse, FINALFUNC = fuse_keys_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = fuse_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE fuse_keys_agg(bigint) IS 'key set (for fuse_build, fuse_union) of the non-NULL values of a column, rate 2^-8';
CREATE AGGREGATE fuse_keys_agg(bigint, double precision) (
    SFUNC = fuse_keys_add_trans, STYPE = fuse, FINALFUNC = fuse_keys_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = fuse_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE fuse_keys_agg(bigint, double precision) IS
    'key set (for fuse_build, fuse_union) of the non-NULL values of a column, for a filter at rate at most fpr';
CREATE AGGREGATE fuse_keys_agg(bigint, double precision, bigint) (
    SFUNC = fuse_keys_add_trans, STYPE = fuse, FINALFUNC = fuse_keys_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = fuse_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE fuse_keys_agg(bigint, double precision, bigint) IS
    'key set (for fuse_build, fuse_union) of the non-NULL values of a column hashed under seed, for a filter at rate at most fpr';

-- real
CREATE FUNCTION fuse_add_trans(fuse, real) RETURNS fuse
    AS 'MODULE_PATHNAME', 'fuse_add_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION fuse_add_trans(fuse, real) IS 'transition function of fuse_agg(x)';
CREATE FUNCTION fuse_add_trans(fuse, real, double precision) RETURNS fuse
    AS 'MODULE_PATHNAME', 'fuse_add_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION fuse_add_trans(fuse, real, double precision) IS 'transition function of fuse_agg(x, fpr)';
CREATE FUNCTION fuse_add_trans(fuse, real, double precision, bigint) RETURNS fuse
    AS 'MODULE_PATHNAME', 'fuse_add_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION fuse_add_trans(fuse, real, double precision, bigint) IS 'transition function of fuse_agg(x, fpr, seed)';
CREATE AGGREGATE fuse_agg(real) (
    SFUNC = fuse_add_trans, STYPE = fuse, FINALFUNC = fuse_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = fuse_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE fuse_agg(real) IS 'binary fuse filter of the non-NULL values of a column at false positive rate 2^-8';
CREATE AGGREGATE fuse_agg(real, double precision) (
    SFUNC = fuse_add_trans, STYPE = fuse, FINALFUNC = fuse_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = fuse_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE fuse_agg(real, double precision) IS
    'binary fuse filter of the non-NULL values of a column at false positive rate at most fpr';
CREATE AGGREGATE fuse_agg(real, double precision, bigint) (
    SFUNC = fuse_add_trans, STYPE = fuse, FINALFUNC = fuse_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = fuse_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE fuse_agg(real, double precision, bigint) IS
    'binary fuse filter of the non-NULL values of a column at false positive rate at most fpr, hashed under seed';
CREATE FUNCTION fuse_keys_add_trans(fuse, real) RETURNS fuse
    AS 'MODULE_PATHNAME', 'fuse_keys_add_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION fuse_keys_add_trans(fuse, real) IS 'transition function of fuse_keys_agg(x)';
CREATE FUNCTION fuse_keys_add_trans(fuse, real, double precision) RETURNS fuse
    AS 'MODULE_PATHNAME', 'fuse_keys_add_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION fuse_keys_add_trans(fuse, real, double precision) IS 'transition function of fuse_keys_agg(x, fpr)';
CREATE FUNCTION fuse_keys_add_trans(fuse, real, double precision, bigint) RETURNS fuse
    AS 'MODULE_PATHNAME', 'fuse_keys_add_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION fuse_keys_add_trans(fuse, real, double precision, bigint) IS
    'transition function of fuse_keys_agg(x, fpr, seed)';
CREATE AGGREGATE fuse_keys_agg(real) (
    SFUNC = fuse_keys_add_trans, STYPE = fuse, FINALFUNC = fuse_keys_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = fuse_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE fuse_keys_agg(real) IS 'key set (for fuse_build, fuse_union) of the non-NULL values of a column, rate 2^-8';
CREATE AGGREGATE fuse_keys_agg(real, double precision) (
    SFUNC = fuse_keys_add_trans, STYPE = fuse, FINALFUNC = fuse_keys_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = fuse_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE fuse_keys_agg(real, double precision) IS
    'key set (for fuse_build, fuse_union) of the non-NULL values of a column, for a filter at rate at most fpr';
CREATE AGGREGATE fuse_keys_agg(real, double precision, bigint) (
    SFUNC = fuse_keys_add_trans, STYPE = fuse, FINALFUNC = fuse_keys_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = fuse_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE fuse_keys_agg(real, double precision, bigint) IS
    'key set (for fuse_build, fuse_union) of the non-NULL values of a column hashed under seed, for a filter at rate at most fpr';

-- double precision
CREATE FUNCTION fuse_add_trans(fuse, double precision) RETURNS fuse
    AS 'MODULE_PATHNAME', 'fuse_add_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION fuse_add_trans(fuse, double precision) IS 'transition function of fuse_agg(x)';
CREATE FUNCTION fuse_add_trans(fuse, double precision, double precision) RETURNS fuse
    AS 'MODULE_PATHNAME', 'fuse_add_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION fuse_add_trans(fuse, double precision, double precision) IS 'transition function of fuse_agg(x, fpr)';
CREATE FUNCTION fuse_add_trans(fuse, double precision, double precision, bigint) RETURNS fuse
    AS 'MODULE_PATHNAME', 'fuse_add_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION fuse_add_trans(fuse, double precision, double precision, bigint) IS 'transition function of fuse_agg(x, fpr, seed)';
CREATE AGGREGATE fuse_agg(double precision) (
    SFUNC = fuse_add_trans, STYPE = fuse, FINALFUNC = fuse_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = fuse_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE fuse_agg(double precision) IS 'binary fuse filter of the non-NULL values of a column at false positive rate 2^-8';
CREATE AGGREGATE fuse_agg(double precision, double precision) (
    SFUNC = fuse_add_trans, STYPE = fuse, FINALFUNC = fuse_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = fuse_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE fuse_agg(double precision, double precision) IS
    'binary fuse filter of the non-NULL values of a column at false positive rate at most fpr';
CREATE AGGREGATE fuse_agg(double precision, double precision, bigint) (
    SFUNC = fuse_add_trans, STYPE = fuse, FINALFUNC = fuse_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = fuse_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE fuse_agg(double precision, double precision, bigint) IS
    'binary fuse filter of the non-NULL values of a column at false positive rate at most fpr, hashed under seed';
CREATE FUNCTION fuse_keys_add_trans(fuse, double precision) RETURNS fuse
    AS 'MODULE_PATHNAME', 'fuse_keys_add_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION fuse_keys_add_trans(fuse, double precision) IS 'transition function of fuse_keys_agg(x)';
CREATE FUNCTION fuse_keys_add_trans(fuse, double precision, double precision) RETURNS fuse
    AS 'MODULE_PATHNAME', 'fuse_keys_add_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION fuse_keys_add_trans(fuse, double precision, double precision) IS 'transition function of fuse_keys_agg(x, fpr)';
CREATE FUNCTION fuse_keys_add_trans(fuse, double precision, double precision, bigint) RETURNS fuse
    AS 'MODULE_PATHNAME', 'fuse_keys_add_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION fuse_keys_add_trans(fuse, double precision, double precision, bigint) IS
    'transition function of fuse_keys_agg(x, fpr, seed)';
CREATE AGGREGATE fuse_keys_agg(double precision) (
    SFUNC = fuse_keys_add_trans, STYPE = fuse, FINALFUNC = fuse_keys_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = fuse_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE fuse_keys_agg(double precision) IS 'key set (for fuse_build, fuse_union) of the non-NULL values of a column, rate 2^-8';
CREATE AGGREGATE fuse_keys_agg(double precision, double precision) (
    SFUNC = fuse_keys_add_trans, STYPE = fuse, FINALFUNC = fuse_keys_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = fuse_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE fuse_keys_agg(double precision, double precision) IS
    'key set (for fuse_build, fuse_union) of the non-NULL values of a column, for a filter at rate at most fpr';
CREATE AGGREGATE fuse_keys_agg(double precision, double precision, bigint) (
    SFUNC = fuse_keys_add_trans, STYPE = fuse, FINALFUNC = fuse_keys_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = fuse_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE fuse_keys_agg(double precision, double precision, bigint) IS
    'key set (for fuse_build, fuse_union) of the non-NULL values of a column hashed under seed, for a filter at rate at most fpr';

-- numeric
CREATE FUNCTION fuse_add_trans(fuse, numeric) RETURNS fuse
    AS 'MODULE_PATHNAME', 'fuse_add_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION fuse_add_trans(fuse, numeric) IS 'transition function of fuse_agg(x)';
CREATE FUNCTION fuse_add_trans(fuse, numeric, double precision) RETURNS fuse
    AS 'MODULE_PATHNAME', 'fuse_add_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION fuse_add_trans(fuse, numeric, double precision) IS 'transition function of fuse_agg(x, fpr)';
CREATE FUNCTION fuse_add_trans(fuse, numeric, double precision, bigint) RETURNS fuse
    AS 'MODULE_PATHNAME', 'fuse_add_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION fuse_add_trans(fuse, numeric, double precision, bigint) IS 'transition function of fuse_agg(x, fpr, seed)';
CREATE AGGREGATE fuse_agg(numeric) (
    SFUNC = fuse_add_trans, STYPE = fuse, FINALFUNC = fuse_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = fuse_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE fuse_agg(numeric) IS 'binary fuse filter of the non-NULL values of a column at false positive rate 2^-8';
CREATE AGGREGATE fuse_agg(numeric, double precision) (
    SFUNC = fuse_add_trans, STYPE = fuse, FINALFUNC = fuse_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = fuse_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE fuse_agg(numeric, double precision) IS
    'binary fuse filter of the non-NULL values of a column at false positive rate at most fpr';
CREATE AGGREGATE fuse_agg(numeric, double precision, bigint) (
    SFUNC = fuse_add_trans, STYPE = fuse, FINALFUNC = fuse_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = fuse_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE fuse_agg(numeric, double precision, bigint) IS
    'binary fuse filter of the non-NULL values of a column at false positive rate at most fpr, hashed under seed';
CREATE FUNCTION fuse_keys_add_trans(fuse, numeric) RETURNS fuse
    AS 'MODULE_PATHNAME', 'fuse_keys_add_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION fuse_keys_add_trans(fuse, numeric) IS 'transition function of fuse_keys_agg(x)';
CREATE FUNCTION fuse_keys_add_trans(fuse, numeric, double precision) RETURNS fuse
    AS 'MODULE_PATHNAME', 'fuse_keys_add_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION fuse_keys_add_trans(fuse, numeric, double precision) IS 'transition function of fuse_keys_agg(x, fpr)';
CREATE FUNCTION fuse_keys_add_trans(fuse, numeric, double precision, bigint) RETURNS fuse
    AS 'MODULE_PATHNAME', 'fuse_keys_add_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION fuse_keys_add_trans(fuse, numeric, double precision, bigint) IS
    'transition function of fuse_keys_agg(x, fpr, seed)';
CREATE AGGREGATE fuse_keys_agg(numeric) (
    SFUNC = fuse_keys_add_trans, STYPE = fuse, FINALFUNC = fuse_keys_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = fuse_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE fuse_keys_agg(numeric) IS 'key set (for fuse_build, fuse_union) of the non-NULL values of a column, rate 2^-8';
CREATE AGGREGATE fuse_keys_agg(numeric, double precision) (
    SFUNC = fuse_keys_add_trans, STYPE = fuse, FINALFUNC = fuse_keys_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = fuse_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE fuse_keys_agg(numeric, double precision) IS
    'key set (for fuse_build, fuse_union) of the non-NULL values of a column, for a filter at rate at most fpr';
CREATE AGGREGATE fuse_keys_agg(numeric, double precision, bigint) (
    SFUNC = fuse_keys_add_trans, STYPE = fuse, FINALFUNC = fuse_keys_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = fuse_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE fuse_keys_agg(numeric, double precision, bigint) IS
    'key set (for fuse_build, fuse_union) of the non-NULL values of a column hashed under seed, for a filter at rate at most fpr';

-- sketch_text
CREATE FUNCTION fuse_add_trans(fuse, sketch_text) RETURNS fuse
    AS 'MODULE_PATHNAME', 'fuse_add_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION fuse_add_trans(fuse, sketch_text) IS 'transition function of fuse_agg(x)';
CREATE FUNCTION fuse_add_trans(fuse, sketch_text, double precision) RETURNS fuse
    AS 'MODULE_PATHNAME', 'fuse_add_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION fuse_add_trans(fuse, sketch_text, double precision) IS 'transition function of fuse_agg(x, fpr)';
CREATE FUNCTION fuse_add_trans(fuse, sketch_text, double precision, bigint) RETURNS fuse
    AS 'MODULE_PATHNAME', 'fuse_add_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION fuse_add_trans(fuse, sketch_text, double precision, bigint) IS 'transition function of fuse_agg(x, fpr, seed)';
CREATE AGGREGATE fuse_agg(sketch_text) (
    SFUNC = fuse_add_trans, STYPE = fuse, FINALFUNC = fuse_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = fuse_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE fuse_agg(sketch_text) IS 'binary fuse filter of the non-NULL values of a column at false positive rate 2^-8';
CREATE AGGREGATE fuse_agg(sketch_text, double precision) (
    SFUNC = fuse_add_trans, STYPE = fuse, FINALFUNC = fuse_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = fuse_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE fuse_agg(sketch_text, double precision) IS
    'binary fuse filter of the non-NULL values of a column at false positive rate at most fpr';
CREATE AGGREGATE fuse_agg(sketch_text, double precision, bigint) (
    SFUNC = fuse_add_trans, STYPE = fuse, FINALFUNC = fuse_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = fuse_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE fuse_agg(sketch_text, double precision, bigint) IS
    'binary fuse filter of the non-NULL values of a column at false positive rate at most fpr, hashed under seed';
CREATE FUNCTION fuse_keys_add_trans(fuse, sketch_text) RETURNS fuse
    AS 'MODULE_PATHNAME', 'fuse_keys_add_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION fuse_keys_add_trans(fuse, sketch_text) IS 'transition function of fuse_keys_agg(x)';
CREATE FUNCTION fuse_keys_add_trans(fuse, sketch_text, double precision) RETURNS fuse
    AS 'MODULE_PATHNAME', 'fuse_keys_add_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION fuse_keys_add_trans(fuse, sketch_text, double precision) IS 'transition function of fuse_keys_agg(x, fpr)';
CREATE FUNCTION fuse_keys_add_trans(fuse, sketch_text, double precision, bigint) RETURNS fuse
    AS 'MODULE_PATHNAME', 'fuse_keys_add_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION fuse_keys_add_trans(fuse, sketch_text, double precision, bigint) IS
    'transition function of fuse_keys_agg(x, fpr, seed)';
CREATE AGGREGATE fuse_keys_agg(sketch_text) (
    SFUNC = fuse_keys_add_trans, STYPE = fuse, FINALFUNC = fuse_keys_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = fuse_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE fuse_keys_agg(sketch_text) IS 'key set (for fuse_build, fuse_union) of the non-NULL values of a column, rate 2^-8';
CREATE AGGREGATE fuse_keys_agg(sketch_text, double precision) (
    SFUNC = fuse_keys_add_trans, STYPE = fuse, FINALFUNC = fuse_keys_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = fuse_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE fuse_keys_agg(sketch_text, double precision) IS
    'key set (for fuse_build, fuse_union) of the non-NULL values of a column, for a filter at rate at most fpr';
CREATE AGGREGATE fuse_keys_agg(sketch_text, double precision, bigint) (
    SFUNC = fuse_keys_add_trans, STYPE = fuse, FINALFUNC = fuse_keys_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = fuse_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE fuse_keys_agg(sketch_text, double precision, bigint) IS
    'key set (for fuse_build, fuse_union) of the non-NULL values of a column hashed under seed, for a filter at rate at most fpr';

-- bytea
CREATE FUNCTION fuse_add_trans(fuse, bytea) RETURNS fuse
    AS 'MODULE_PATHNAME', 'fuse_add_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION fuse_add_trans(fuse, bytea) IS 'transition function of fuse_agg(x)';
CREATE FUNCTION fuse_add_trans(fuse, bytea, double precision) RETURNS fuse
    AS 'MODULE_PATHNAME', 'fuse_add_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION fuse_add_trans(fuse, bytea, double precision) IS 'transition function of fuse_agg(x, fpr)';
CREATE FUNCTION fuse_add_trans(fuse, bytea, double precision, bigint) RETURNS fuse
    AS 'MODULE_PATHNAME', 'fuse_add_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION fuse_add_trans(fuse, bytea, double precision, bigint) IS 'transition function of fuse_agg(x, fpr, seed)';
CREATE AGGREGATE fuse_agg(bytea) (
    SFUNC = fuse_add_trans, STYPE = fuse, FINALFUNC = fuse_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = fuse_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE fuse_agg(bytea) IS 'binary fuse filter of the non-NULL values of a column at false positive rate 2^-8';
CREATE AGGREGATE fuse_agg(bytea, double precision) (
    SFUNC = fuse_add_trans, STYPE = fuse, FINALFUNC = fuse_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = fuse_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE fuse_agg(bytea, double precision) IS
    'binary fuse filter of the non-NULL values of a column at false positive rate at most fpr';
CREATE AGGREGATE fuse_agg(bytea, double precision, bigint) (
    SFUNC = fuse_add_trans, STYPE = fuse, FINALFUNC = fuse_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = fuse_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE fuse_agg(bytea, double precision, bigint) IS
    'binary fuse filter of the non-NULL values of a column at false positive rate at most fpr, hashed under seed';
CREATE FUNCTION fuse_keys_add_trans(fuse, bytea) RETURNS fuse
    AS 'MODULE_PATHNAME', 'fuse_keys_add_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION fuse_keys_add_trans(fuse, bytea) IS 'transition function of fuse_keys_agg(x)';
CREATE FUNCTION fuse_keys_add_trans(fuse, bytea, double precision) RETURNS fuse
    AS 'MODULE_PATHNAME', 'fuse_keys_add_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION fuse_keys_add_trans(fuse, bytea, double precision) IS 'transition function of fuse_keys_agg(x, fpr)';
CREATE FUNCTION fuse_keys_add_trans(fuse, bytea, double precision, bigint) RETURNS fuse
    AS 'MODULE_PATHNAME', 'fuse_keys_add_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION fuse_keys_add_trans(fuse, bytea, double precision, bigint) IS
    'transition function of fuse_keys_agg(x, fpr, seed)';
CREATE AGGREGATE fuse_keys_agg(bytea) (
    SFUNC = fuse_keys_add_trans, STYPE = fuse, FINALFUNC = fuse_keys_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = fuse_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE fuse_keys_agg(bytea) IS 'key set (for fuse_build, fuse_union) of the non-NULL values of a column, rate 2^-8';
CREATE AGGREGATE fuse_keys_agg(bytea, double precision) (
    SFUNC = fuse_keys_add_trans, STYPE = fuse, FINALFUNC = fuse_keys_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = fuse_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE fuse_keys_agg(bytea, double precision) IS
    'key set (for fuse_build, fuse_union) of the non-NULL values of a column, for a filter at rate at most fpr';
CREATE AGGREGATE fuse_keys_agg(bytea, double precision, bigint) (
    SFUNC = fuse_keys_add_trans, STYPE = fuse, FINALFUNC = fuse_keys_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = fuse_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE fuse_keys_agg(bytea, double precision, bigint) IS
    'key set (for fuse_build, fuse_union) of the non-NULL values of a column hashed under seed, for a filter at rate at most fpr';

-- uuid
CREATE FUNCTION fuse_add_trans(fuse, uuid) RETURNS fuse
    AS 'MODULE_PATHNAME', 'fuse_add_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION fuse_add_trans(fuse, uuid) IS 'transition function of fuse_agg(x)';
CREATE FUNCTION fuse_add_trans(fuse, uuid, double precision) RETURNS fuse
    AS 'MODULE_PATHNAME', 'fuse_add_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION fuse_add_trans(fuse, uuid, double precision) IS 'transition function of fuse_agg(x, fpr)';
CREATE FUNCTION fuse_add_trans(fuse, uuid, double precision, bigint) RETURNS fuse
    AS 'MODULE_PATHNAME', 'fuse_add_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION fuse_add_trans(fuse, uuid, double precision, bigint) IS 'transition function of fuse_agg(x, fpr, seed)';
CREATE AGGREGATE fuse_agg(uuid) (
    SFUNC = fuse_add_trans, STYPE = fuse, FINALFUNC = fuse_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = fuse_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE fuse_agg(uuid) IS 'binary fuse filter of the non-NULL values of a column at false positive rate 2^-8';
CREATE AGGREGATE fuse_agg(uuid, double precision) (
    SFUNC = fuse_add_trans, STYPE = fuse, FINALFUNC = fuse_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = fuse_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE fuse_agg(uuid, double precision) IS
    'binary fuse filter of the non-NULL values of a column at false positive rate at most fpr';
CREATE AGGREGATE fuse_agg(uuid, double precision, bigint) (
    SFUNC = fuse_add_trans, STYPE = fuse, FINALFUNC = fuse_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = fuse_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE fuse_agg(uuid, double precision, bigint) IS
    'binary fuse filter of the non-NULL values of a column at false positive rate at most fpr, hashed under seed';
CREATE FUNCTION fuse_keys_add_trans(fuse, uuid) RETURNS fuse
    AS 'MODULE_PATHNAME', 'fuse_keys_add_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION fuse_keys_add_trans(fuse, uuid) IS 'transition function of fuse_keys_agg(x)';
CREATE FUNCTION fuse_keys_add_trans(fuse, uuid, double precision) RETURNS fuse
    AS 'MODULE_PATHNAME', 'fuse_keys_add_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION fuse_keys_add_trans(fuse, uuid, double precision) IS 'transition function of fuse_keys_agg(x, fpr)';
CREATE FUNCTION fuse_keys_add_trans(fuse, uuid, double precision, bigint) RETURNS fuse
    AS 'MODULE_PATHNAME', 'fuse_keys_add_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION fuse_keys_add_trans(fuse, uuid, double precision, bigint) IS
    'transition function of fuse_keys_agg(x, fpr, seed)';
CREATE AGGREGATE fuse_keys_agg(uuid) (
    SFUNC = fuse_keys_add_trans, STYPE = fuse, FINALFUNC = fuse_keys_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = fuse_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE fuse_keys_agg(uuid) IS 'key set (for fuse_build, fuse_union) of the non-NULL values of a column, rate 2^-8';
CREATE AGGREGATE fuse_keys_agg(uuid, double precision) (
    SFUNC = fuse_keys_add_trans, STYPE = fuse, FINALFUNC = fuse_keys_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = fuse_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE fuse_keys_agg(uuid, double precision) IS
    'key set (for fuse_build, fuse_union) of the non-NULL values of a column, for a filter at rate at most fpr';
CREATE AGGREGATE fuse_keys_agg(uuid, double precision, bigint) (
    SFUNC = fuse_keys_add_trans, STYPE = fuse, FINALFUNC = fuse_keys_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = fuse_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE fuse_keys_agg(uuid, double precision, bigint) IS
    'key set (for fuse_build, fuse_union) of the non-NULL values of a column hashed under seed, for a filter at rate at most fpr';

-- date
CREATE FUNCTION fuse_add_trans(fuse, date) RETURNS fuse
    AS 'MODULE_PATHNAME', 'fuse_add_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION fuse_add_trans(fuse, date) IS 'transition function of fuse_agg(x)';
CREATE FUNCTION fuse_add_trans(fuse, date, double precision) RETURNS fuse
    AS 'MODULE_PATHNAME', 'fuse_add_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION fuse_add_trans(fuse, date, double precision) IS 'transition function of fuse_agg(x, fpr)';
CREATE FUNCTION fuse_add_trans(fuse, date, double precision, bigint) RETURNS fuse
    AS 'MODULE_PATHNAME', 'fuse_add_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION fuse_add_trans(fuse, date, double precision, bigint) IS 'transition function of fuse_agg(x, fpr, seed)';
CREATE AGGREGATE fuse_agg(date) (
    SFUNC = fuse_add_trans, STYPE = fuse, FINALFUNC = fuse_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = fuse_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE fuse_agg(date) IS 'binary fuse filter of the non-NULL values of a column at false positive rate 2^-8';
CREATE AGGREGATE fuse_agg(date, double precision) (
    SFUNC = fuse_add_trans, STYPE = fuse, FINALFUNC = fuse_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = fuse_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE fuse_agg(date, double precision) IS
    'binary fuse filter of the non-NULL values of a column at false positive rate at most fpr';
CREATE AGGREGATE fuse_agg(date, double precision, bigint) (
    SFUNC = fuse_add_trans, STYPE = fuse, FINALFUNC = fuse_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = fuse_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE fuse_agg(date, double precision, bigint) IS
    'binary fuse filter of the non-NULL values of a column at false positive rate at most fpr, hashed under seed';
CREATE FUNCTION fuse_keys_add_trans(fuse, date) RETURNS fuse
    AS 'MODULE_PATHNAME', 'fuse_keys_add_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION fuse_keys_add_trans(fuse, date) IS 'transition function of fuse_keys_agg(x)';
CREATE FUNCTION fuse_keys_add_trans(fuse, date, double precision) RETURNS fuse
    AS 'MODULE_PATHNAME', 'fuse_keys_add_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION fuse_keys_add_trans(fuse, date, double precision) IS 'transition function of fuse_keys_agg(x, fpr)';
CREATE FUNCTION fuse_keys_add_trans(fuse, date, double precision, bigint) RETURNS fuse
    AS 'MODULE_PATHNAME', 'fuse_keys_add_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION fuse_keys_add_trans(fuse, date, double precision, bigint) IS
    'transition function of fuse_keys_agg(x, fpr, seed)';
CREATE AGGREGATE fuse_keys_agg(date) (
    SFUNC = fuse_keys_add_trans, STYPE = fuse, FINALFUNC = fuse_keys_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = fuse_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE fuse_keys_agg(date) IS 'key set (for fuse_build, fuse_union) of the non-NULL values of a column, rate 2^-8';
CREATE AGGREGATE fuse_keys_agg(date, double precision) (
    SFUNC = fuse_keys_add_trans, STYPE = fuse, FINALFUNC = fuse_keys_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = fuse_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE fuse_keys_agg(date, double precision) IS
    'key set (for fuse_build, fuse_union) of the non-NULL values of a column, for a filter at rate at most fpr';
CREATE AGGREGATE fuse_keys_agg(date, double precision, bigint) (
    SFUNC = fuse_keys_add_trans, STYPE = fuse, FINALFUNC = fuse_keys_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = fuse_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE fuse_keys_agg(date, double precision, bigint) IS
    'key set (for fuse_build, fuse_union) of the non-NULL values of a column hashed under seed, for a filter at rate at most fpr';

-- timestamp
CREATE FUNCTION fuse_add_trans(fuse, timestamp) RETURNS fuse
    AS 'MODULE_PATHNAME', 'fuse_add_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION fuse_add_trans(fuse, timestamp) IS 'transition function of fuse_agg(x)';
CREATE FUNCTION fuse_add_trans(fuse, timestamp, double precision) RETURNS fuse
    AS 'MODULE_PATHNAME', 'fuse_add_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION fuse_add_trans(fuse, timestamp, double precision) IS 'transition function of fuse_agg(x, fpr)';
CREATE FUNCTION fuse_add_trans(fuse, timestamp, double precision, bigint) RETURNS fuse
    AS 'MODULE_PATHNAME', 'fuse_add_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION fuse_add_trans(fuse, timestamp, double precision, bigint) IS 'transition function of fuse_agg(x, fpr, seed)';
CREATE AGGREGATE fuse_agg(timestamp) (
    SFUNC = fuse_add_trans, STYPE = fuse, FINALFUNC = fuse_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = fuse_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE fuse_agg(timestamp) IS 'binary fuse filter of the non-NULL values of a column at false positive rate 2^-8';
CREATE AGGREGATE fuse_agg(timestamp, double precision) (
    SFUNC = fuse_add_trans, STYPE = fuse, FINALFUNC = fuse_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = fuse_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE fuse_agg(timestamp, double precision) IS
    'binary fuse filter of the non-NULL values of a column at false positive rate at most fpr';
CREATE AGGREGATE fuse_agg(timestamp, double precision, bigint) (
    SFUNC = fuse_add_trans, STYPE = fuse, FINALFUNC = fuse_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = fuse_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE fuse_agg(timestamp, double precision, bigint) IS
    'binary fuse filter of the non-NULL values of a column at false positive rate at most fpr, hashed under seed';
CREATE FUNCTION fuse_keys_add_trans(fuse, timestamp) RETURNS fuse
    AS 'MODULE_PATHNAME', 'fuse_keys_add_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION fuse_keys_add_trans(fuse, timestamp) IS 'transition function of fuse_keys_agg(x)';
CREATE FUNCTION fuse_keys_add_trans(fuse, timestamp, double precision) RETURNS fuse
    AS 'MODULE_PATHNAME', 'fuse_keys_add_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION fuse_keys_add_trans(fuse, timestamp, double precision) IS 'transition function of fuse_keys_agg(x, fpr)';
CREATE FUNCTION fuse_keys_add_trans(fuse, timestamp, double precision, bigint) RETURNS fuse
    AS 'MODULE_PATHNAME', 'fuse_keys_add_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION fuse_keys_add_trans(fuse, timestamp, double precision, bigint) IS
    'transition function of fuse_keys_agg(x, fpr, seed)';
CREATE AGGREGATE fuse_keys_agg(timestamp) (
    SFUNC = fuse_keys_add_trans, STYPE = fuse, FINALFUNC = fuse_keys_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = fuse_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE fuse_keys_agg(timestamp) IS 'key set (for fuse_build, fuse_union) of the non-NULL values of a column, rate 2^-8';
CREATE AGGREGATE fuse_keys_agg(timestamp, double precision) (
    SFUNC = fuse_keys_add_trans, STYPE = fuse, FINALFUNC = fuse_keys_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = fuse_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE fuse_keys_agg(timestamp, double precision) IS
    'key set (for fuse_build, fuse_union) of the non-NULL values of a column, for a filter at rate at most fpr';
CREATE AGGREGATE fuse_keys_agg(timestamp, double precision, bigint) (
    SFUNC = fuse_keys_add_trans, STYPE = fuse, FINALFUNC = fuse_keys_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = fuse_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE fuse_keys_agg(timestamp, double precision, bigint) IS
    'key set (for fuse_build, fuse_union) of the non-NULL values of a column hashed under seed, for a filter at rate at most fpr';

-- timestamptz
CREATE FUNCTION fuse_add_trans(fuse, timestamptz) RETURNS fuse
    AS 'MODULE_PATHNAME', 'fuse_add_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION fuse_add_trans(fuse, timestamptz) IS 'transition function of fuse_agg(x)';
CREATE FUNCTION fuse_add_trans(fuse, timestamptz, double precision) RETURNS fuse
    AS 'MODULE_PATHNAME', 'fuse_add_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION fuse_add_trans(fuse, timestamptz, double precision) IS 'transition function of fuse_agg(x, fpr)';
CREATE FUNCTION fuse_add_trans(fuse, timestamptz, double precision, bigint) RETURNS fuse
    AS 'MODULE_PATHNAME', 'fuse_add_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION fuse_add_trans(fuse, timestamptz, double precision, bigint) IS 'transition function of fuse_agg(x, fpr, seed)';
CREATE AGGREGATE fuse_agg(timestamptz) (
    SFUNC = fuse_add_trans, STYPE = fuse, FINALFUNC = fuse_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = fuse_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE fuse_agg(timestamptz) IS 'binary fuse filter of the non-NULL values of a column at false positive rate 2^-8';
CREATE AGGREGATE fuse_agg(timestamptz, double precision) (
    SFUNC = fuse_add_trans, STYPE = fuse, FINALFUNC = fuse_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = fuse_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE fuse_agg(timestamptz, double precision) IS
    'binary fuse filter of the non-NULL values of a column at false positive rate at most fpr';
CREATE AGGREGATE fuse_agg(timestamptz, double precision, bigint) (
    SFUNC = fuse_add_trans, STYPE = fuse, FINALFUNC = fuse_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = fuse_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE fuse_agg(timestamptz, double precision, bigint) IS
    'binary fuse filter of the non-NULL values of a column at false positive rate at most fpr, hashed under seed';
CREATE FUNCTION fuse_keys_add_trans(fuse, timestamptz) RETURNS fuse
    AS 'MODULE_PATHNAME', 'fuse_keys_add_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION fuse_keys_add_trans(fuse, timestamptz) IS 'transition function of fuse_keys_agg(x)';
CREATE FUNCTION fuse_keys_add_trans(fuse, timestamptz, double precision) RETURNS fuse
    AS 'MODULE_PATHNAME', 'fuse_keys_add_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION fuse_keys_add_trans(fuse, timestamptz, double precision) IS 'transition function of fuse_keys_agg(x, fpr)';
CREATE FUNCTION fuse_keys_add_trans(fuse, timestamptz, double precision, bigint) RETURNS fuse
    AS 'MODULE_PATHNAME', 'fuse_keys_add_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION fuse_keys_add_trans(fuse, timestamptz, double precision, bigint) IS
    'transition function of fuse_keys_agg(x, fpr, seed)';
CREATE AGGREGATE fuse_keys_agg(timestamptz) (
    SFUNC = fuse_keys_add_trans, STYPE = fuse, FINALFUNC = fuse_keys_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = fuse_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE fuse_keys_agg(timestamptz) IS 'key set (for fuse_build, fuse_union) of the non-NULL values of a column, rate 2^-8';
CREATE AGGREGATE fuse_keys_agg(timestamptz, double precision) (
    SFUNC = fuse_keys_add_trans, STYPE = fuse, FINALFUNC = fuse_keys_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = fuse_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE fuse_keys_agg(timestamptz, double precision) IS
    'key set (for fuse_build, fuse_union) of the non-NULL values of a column, for a filter at rate at most fpr';
CREATE AGGREGATE fuse_keys_agg(timestamptz, double precision, bigint) (
    SFUNC = fuse_keys_add_trans, STYPE = fuse, FINALFUNC = fuse_keys_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = fuse_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE fuse_keys_agg(timestamptz, double precision, bigint) IS
    'key set (for fuse_build, fuse_union) of the non-NULL values of a column hashed under seed, for a filter at rate at most fpr';

-- "char"
CREATE FUNCTION fuse_add_trans(fuse, "char") RETURNS fuse
    AS 'MODULE_PATHNAME', 'fuse_add_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION fuse_add_trans(fuse, "char") IS 'transition function of fuse_agg(x)';
CREATE FUNCTION fuse_add_trans(fuse, "char", double precision) RETURNS fuse
    AS 'MODULE_PATHNAME', 'fuse_add_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION fuse_add_trans(fuse, "char", double precision) IS 'transition function of fuse_agg(x, fpr)';
CREATE FUNCTION fuse_add_trans(fuse, "char", double precision, bigint) RETURNS fuse
    AS 'MODULE_PATHNAME', 'fuse_add_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION fuse_add_trans(fuse, "char", double precision, bigint) IS 'transition function of fuse_agg(x, fpr, seed)';
CREATE AGGREGATE fuse_agg("char") (
    SFUNC = fuse_add_trans, STYPE = fuse, FINALFUNC = fuse_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = fuse_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE fuse_agg("char") IS 'binary fuse filter of the non-NULL values of a column at false positive rate 2^-8';
CREATE AGGREGATE fuse_agg("char", double precision) (
    SFUNC = fuse_add_trans, STYPE = fuse, FINALFUNC = fuse_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = fuse_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE fuse_agg("char", double precision) IS
    'binary fuse filter of the non-NULL values of a column at false positive rate at most fpr';
CREATE AGGREGATE fuse_agg("char", double precision, bigint) (
    SFUNC = fuse_add_trans, STYPE = fuse, FINALFUNC = fuse_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = fuse_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE fuse_agg("char", double precision, bigint) IS
    'binary fuse filter of the non-NULL values of a column at false positive rate at most fpr, hashed under seed';
CREATE FUNCTION fuse_keys_add_trans(fuse, "char") RETURNS fuse
    AS 'MODULE_PATHNAME', 'fuse_keys_add_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION fuse_keys_add_trans(fuse, "char") IS 'transition function of fuse_keys_agg(x)';
CREATE FUNCTION fuse_keys_add_trans(fuse, "char", double precision) RETURNS fuse
    AS 'MODULE_PATHNAME', 'fuse_keys_add_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION fuse_keys_add_trans(fuse, "char", double precision) IS 'transition function of fuse_keys_agg(x, fpr)';
CREATE FUNCTION fuse_keys_add_trans(fuse, "char", double precision, bigint) RETURNS fuse
    AS 'MODULE_PATHNAME', 'fuse_keys_add_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION fuse_keys_add_trans(fuse, "char", double precision, bigint) IS
    'transition function of fuse_keys_agg(x, fpr, seed)';
CREATE AGGREGATE fuse_keys_agg("char") (
    SFUNC = fuse_keys_add_trans, STYPE = fuse, FINALFUNC = fuse_keys_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = fuse_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE fuse_keys_agg("char") IS 'key set (for fuse_build, fuse_union) of the non-NULL values of a column, rate 2^-8';
CREATE AGGREGATE fuse_keys_agg("char", double precision) (
    SFUNC = fuse_keys_add_trans, STYPE = fuse, FINALFUNC = fuse_keys_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = fuse_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE fuse_keys_agg("char", double precision) IS
    'key set (for fuse_build, fuse_union) of the non-NULL values of a column, for a filter at rate at most fpr';
CREATE AGGREGATE fuse_keys_agg("char", double precision, bigint) (
    SFUNC = fuse_keys_add_trans, STYPE = fuse, FINALFUNC = fuse_keys_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = fuse_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE fuse_keys_agg("char", double precision, bigint) IS
    'key set (for fuse_build, fuse_union) of the non-NULL values of a column hashed under seed, for a filter at rate at most fpr';

-- anyelement
CREATE FUNCTION fuse_add_trans(fuse, anyelement) RETURNS fuse
    AS 'MODULE_PATHNAME', 'fuse_add_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION fuse_add_trans(fuse, anyelement) IS 'transition function of fuse_agg(x)';
CREATE FUNCTION fuse_add_trans(fuse, anyelement, double precision) RETURNS fuse
    AS 'MODULE_PATHNAME', 'fuse_add_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION fuse_add_trans(fuse, anyelement, double precision) IS 'transition function of fuse_agg(x, fpr)';
CREATE FUNCTION fuse_add_trans(fuse, anyelement, double precision, bigint) RETURNS fuse
    AS 'MODULE_PATHNAME', 'fuse_add_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION fuse_add_trans(fuse, anyelement, double precision, bigint) IS 'transition function of fuse_agg(x, fpr, seed)';
CREATE AGGREGATE fuse_agg(anyelement) (
    SFUNC = fuse_add_trans, STYPE = fuse, FINALFUNC = fuse_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = fuse_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE fuse_agg(anyelement) IS 'binary fuse filter of the non-NULL values of a column at false positive rate 2^-8';
CREATE AGGREGATE fuse_agg(anyelement, double precision) (
    SFUNC = fuse_add_trans, STYPE = fuse, FINALFUNC = fuse_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = fuse_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE fuse_agg(anyelement, double precision) IS
    'binary fuse filter of the non-NULL values of a column at false positive rate at most fpr';
CREATE AGGREGATE fuse_agg(anyelement, double precision, bigint) (
    SFUNC = fuse_add_trans, STYPE = fuse, FINALFUNC = fuse_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = fuse_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE fuse_agg(anyelement, double precision, bigint) IS
    'binary fuse filter of the non-NULL values of a column at false positive rate at most fpr, hashed under seed';
CREATE FUNCTION fuse_keys_add_trans(fuse, anyelement) RETURNS fuse
    AS 'MODULE_PATHNAME', 'fuse_keys_add_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION fuse_keys_add_trans(fuse, anyelement) IS 'transition function of fuse_keys_agg(x)';
CREATE FUNCTION fuse_keys_add_trans(fuse, anyelement, double precision) RETURNS fuse
    AS 'MODULE_PATHNAME', 'fuse_keys_add_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION fuse_keys_add_trans(fuse, anyelement, double precision) IS 'transition function of fuse_keys_agg(x, fpr)';
CREATE FUNCTION fuse_keys_add_trans(fuse, anyelement, double precision, bigint) RETURNS fuse
    AS 'MODULE_PATHNAME', 'fuse_keys_add_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION fuse_keys_add_trans(fuse, anyelement, double precision, bigint) IS
    'transition function of fuse_keys_agg(x, fpr, seed)';
CREATE AGGREGATE fuse_keys_agg(anyelement) (
    SFUNC = fuse_keys_add_trans, STYPE = fuse, FINALFUNC = fuse_keys_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = fuse_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE fuse_keys_agg(anyelement) IS 'key set (for fuse_build, fuse_union) of the non-NULL values of a column, rate 2^-8';
CREATE AGGREGATE fuse_keys_agg(anyelement, double precision) (
    SFUNC = fuse_keys_add_trans, STYPE = fuse, FINALFUNC = fuse_keys_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = fuse_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE fuse_keys_agg(anyelement, double precision) IS
    'key set (for fuse_build, fuse_union) of the non-NULL values of a column, for a filter at rate at most fpr';
CREATE AGGREGATE fuse_keys_agg(anyelement, double precision, bigint) (
    SFUNC = fuse_keys_add_trans, STYPE = fuse, FINALFUNC = fuse_keys_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = fuse_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE fuse_keys_agg(anyelement, double precision, bigint) IS
    'key set (for fuse_build, fuse_union) of the non-NULL values of a column hashed under seed, for a filter at rate at most fpr';

-- END GENERATED fuse
-- END issue-28
