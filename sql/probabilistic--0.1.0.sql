-- probabilistic 0.1.0: HyperLogLog (hll) and Bloom filter (bloom) types.
-- complain if script is sourced in psql, rather than via CREATE EXTENSION
\echo Use "CREATE EXTENSION probabilistic" to load this file. \quit

-- Shared: the canonical hash every sketch uses.
CREATE FUNCTION sketch_hash(anyelement, seed bigint DEFAULT 0) RETURNS bigint
    AS 'MODULE_PATHNAME', 'sketch_hash' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION sketch_hash(anyelement, bigint) IS
    'canonical 64-bit XXH3 hash of a value, as hll and bloom compute it (doc/FORMAT.md)';

--------------------------------------------------------------------------------
-- hll
--------------------------------------------------------------------------------
CREATE TYPE hll;

CREATE FUNCTION hll_in(cstring, oid, integer) RETURNS hll
    AS 'MODULE_PATHNAME', 'hll_in' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION hll_out(hll) RETURNS cstring
    AS 'MODULE_PATHNAME', 'hll_out' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION hll_recv(internal, oid, integer) RETURNS hll
    AS 'MODULE_PATHNAME', 'hll_recv' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION hll_send(hll) RETURNS bytea
    AS 'MODULE_PATHNAME', 'hll_send' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION hll_typmod_in(cstring[]) RETURNS integer
    AS 'MODULE_PATHNAME', 'hll_typmod_in' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION hll_typmod_out(integer) RETURNS cstring
    AS 'MODULE_PATHNAME', 'hll_typmod_out' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

-- Dense registers compress poorly and every read would pay for decompression,
-- so large values go out of line uncompressed.
CREATE TYPE hll (
    INPUT = hll_in, OUTPUT = hll_out, RECEIVE = hll_recv, SEND = hll_send,
    TYPMOD_IN = hll_typmod_in, TYPMOD_OUT = hll_typmod_out,
    INTERNALLENGTH = VARIABLE, STORAGE = external
);
COMMENT ON TYPE hll IS 'HyperLogLog sketch of a set of values: estimates how many distinct values were added';

CREATE FUNCTION hll(hll, integer, boolean) RETURNS hll
    AS 'MODULE_PATHNAME', 'hll' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION hll(hll, integer, boolean) IS
    'applies a column''s precision hll(p): folds a finer sketch down, rejects a coarser one';
CREATE CAST (hll AS hll) WITH FUNCTION hll(hll, integer, boolean) AS IMPLICIT;

CREATE FUNCTION hll_from_bytea(bytea) RETURNS hll
    AS 'MODULE_PATHNAME', 'hll_from_bytea' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION hll_from_bytea(bytea) IS 'validates the binary format field by field and returns it as hll';
CREATE CAST (bytea AS hll) WITH FUNCTION hll_from_bytea(bytea);
CREATE CAST (hll AS bytea) WITHOUT FUNCTION;

CREATE FUNCTION hll_empty(p integer DEFAULT 14, seed bigint DEFAULT 0) RETURNS hll
    AS 'MODULE_PATHNAME', 'hll_empty' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION hll_empty(integer, bigint) IS 'empty sketch with 2^p registers (p in 4..18) and a hash seed';

CREATE FUNCTION hll_add(hll, anyelement) RETURNS hll
    AS 'MODULE_PATHNAME', 'hll_add' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION hll_add(hll, anyelement) IS 'adds one value to the sketch; NULL leaves it unchanged';

CREATE FUNCTION hll_add_hash(hll, bigint) RETURNS hll
    AS 'MODULE_PATHNAME', 'hll_add_hash' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION hll_add_hash(hll, bigint) IS 'adds a value already hashed with sketch_hash (by the client or in SQL)';

CREATE FUNCTION hll_union(hll, hll) RETURNS hll
    AS 'MODULE_PATHNAME', 'hll_union' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION hll_union(hll, hll) IS 'union of two sketches; different precisions fold to the smaller';

CREATE FUNCTION hll_cardinality(hll) RETURNS bigint
    AS 'MODULE_PATHNAME', 'hll_cardinality' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION hll_cardinality(hll) IS 'estimated number of distinct values added';

CREATE FUNCTION hll_precision(hll) RETURNS integer
    AS 'MODULE_PATHNAME', 'hll_precision' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION hll_precision(hll) IS 'the sketch''s precision p (2^p registers)';

CREATE FUNCTION hll_info(hll) RETURNS jsonb
    AS 'MODULE_PATHNAME', 'hll_info' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION hll_info(hll) IS
    'precision, representation, format version, hash, seed, bytes, non-zero registers and estimate';

CREATE FUNCTION hll_contains(hll, hll) RETURNS boolean
    AS 'MODULE_PATHNAME', 'hll_contains' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION hll_contains(hll, hll) IS 'every register of the second is <= the first''s, after folding';
CREATE FUNCTION hll_contained(hll, hll) RETURNS boolean
    AS 'MODULE_PATHNAME', 'hll_contained' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION hll_contained(hll, hll) IS 'every register of the first is <= the second''s, after folding';

CREATE FUNCTION hll_eq(hll, hll) RETURNS boolean
    AS 'MODULE_PATHNAME', 'hll_eq' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION hll_eq(hll, hll) IS 'the sketches have the same parameters and content';
CREATE FUNCTION hll_ne(hll, hll) RETURNS boolean
    AS 'MODULE_PATHNAME', 'hll_ne' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION hll_ne(hll, hll) IS 'the sketches differ in parameters or content';
CREATE FUNCTION hll_hash(hll) RETURNS integer
    AS 'MODULE_PATHNAME', 'hll_hash' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION hll_hash(hll) IS 'hash of a sketch, for hash joins and GROUP BY';
CREATE FUNCTION hll_hash_extended(hll, bigint) RETURNS bigint
    AS 'MODULE_PATHNAME', 'hll_hash_extended' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION hll_hash_extended(hll, bigint) IS 'seeded 64-bit hash of a sketch, for hash partitioning';

CREATE OPERATOR || (LEFTARG = hll, RIGHTARG = hll, FUNCTION = hll_union, COMMUTATOR = ||);
COMMENT ON OPERATOR || (hll, hll) IS 'union';
CREATE OPERATOR # (RIGHTARG = hll, FUNCTION = hll_cardinality);
COMMENT ON OPERATOR # (NONE, hll) IS 'estimated distinct count';
CREATE OPERATOR @> (LEFTARG = hll, RIGHTARG = hll, FUNCTION = hll_contains, COMMUTATOR = <@,
    RESTRICT = contsel, JOIN = contjoinsel);
COMMENT ON OPERATOR @> (hll, hll) IS 'sketch containment';
CREATE OPERATOR <@ (LEFTARG = hll, RIGHTARG = hll, FUNCTION = hll_contained, COMMUTATOR = @>,
    RESTRICT = contsel, JOIN = contjoinsel);
COMMENT ON OPERATOR <@ (hll, hll) IS 'sketch is contained in';
CREATE OPERATOR = (LEFTARG = hll, RIGHTARG = hll, FUNCTION = hll_eq, COMMUTATOR = =, NEGATOR = <>,
    RESTRICT = eqsel, JOIN = eqjoinsel, HASHES);
COMMENT ON OPERATOR = (hll, hll) IS 'equal';
CREATE OPERATOR <> (LEFTARG = hll, RIGHTARG = hll, FUNCTION = hll_ne, COMMUTATOR = <>, NEGATOR = =,
    RESTRICT = neqsel, JOIN = neqjoinsel);
COMMENT ON OPERATOR <> (hll, hll) IS 'not equal';

CREATE OPERATOR CLASS hll_ops DEFAULT FOR TYPE hll USING hash AS
    OPERATOR 1 = (hll, hll),
    FUNCTION 1 hll_hash(hll),
    FUNCTION 2 hll_hash_extended(hll, bigint);

-- Aggregates. The state is hll itself (not internal), updated in place, with a
-- combine function: parallel query and Citus workers run them as partial
-- aggregates. Concrete overloads let a caller without the call expression
-- (Citus's wrapper) still know the argument type.
CREATE FUNCTION hll_agg_final(hll) RETURNS hll
    AS 'MODULE_PATHNAME', 'hll_agg_final' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION hll_agg_final(hll) IS 'final function of the hll aggregates: the state, or an empty sketch';
CREATE FUNCTION hll_agg_cardinality(hll) RETURNS bigint
    AS 'MODULE_PATHNAME', 'hll_agg_cardinality' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION hll_agg_cardinality(hll) IS 'final function of hll_count_distinct';
CREATE FUNCTION hll_union_trans(hll, hll) RETURNS hll
    AS 'MODULE_PATHNAME', 'hll_union_trans' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION hll_union_trans(hll, hll) IS 'transition and combine function of the hll aggregates';

CREATE AGGREGATE hll_union_agg(hll) (
    SFUNC = hll_union_trans, STYPE = hll, FINALFUNC = hll_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = hll_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE hll_union_agg(hll) IS 'union of a column of sketches';

CREATE FUNCTION hll_add_hash_trans(hll, bigint) RETURNS hll
    AS 'MODULE_PATHNAME', 'hll_add_hash_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION hll_add_hash_trans(hll, bigint) IS 'transition function of hll_add_hash_agg';
CREATE FUNCTION hll_add_hash_trans(hll, bigint, integer) RETURNS hll
    AS 'MODULE_PATHNAME', 'hll_add_hash_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION hll_add_hash_trans(hll, bigint, integer) IS 'transition function of hll_add_hash_agg';
CREATE AGGREGATE hll_add_hash_agg(bigint) (
    SFUNC = hll_add_hash_trans, STYPE = hll, FINALFUNC = hll_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = hll_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE hll_add_hash_agg(bigint) IS 'sketch of a column of sketch_hash values (p = 14)';
CREATE AGGREGATE hll_add_hash_agg(bigint, integer) (
    SFUNC = hll_add_hash_trans, STYPE = hll, FINALFUNC = hll_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = hll_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE hll_add_hash_agg(bigint, integer) IS 'sketch of a column of sketch_hash values at precision p';

-- smallint
CREATE FUNCTION hll_add_trans(hll, smallint) RETURNS hll
    AS 'MODULE_PATHNAME', 'hll_add_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION hll_add_trans(hll, smallint) IS 'transition function of hll_add_agg and hll_count_distinct';
CREATE FUNCTION hll_add_trans(hll, smallint, integer) RETURNS hll
    AS 'MODULE_PATHNAME', 'hll_add_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION hll_add_trans(hll, smallint, integer) IS 'transition function of hll_add_agg';
CREATE AGGREGATE hll_add_agg(smallint) (
    SFUNC = hll_add_trans, STYPE = hll, FINALFUNC = hll_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = hll_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE hll_add_agg(smallint) IS 'sketch (p = 14) of the distinct non-NULL values of a column';
CREATE AGGREGATE hll_add_agg(smallint, integer) (
    SFUNC = hll_add_trans, STYPE = hll, FINALFUNC = hll_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = hll_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE hll_add_agg(smallint, integer) IS 'sketch at precision p of the distinct non-NULL values of a column';
CREATE AGGREGATE hll_count_distinct(smallint) (
    SFUNC = hll_add_trans, STYPE = hll, FINALFUNC = hll_agg_cardinality, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = hll_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE hll_count_distinct(smallint) IS 'estimated count(DISTINCT x), from a p = 14 sketch';

-- integer
CREATE FUNCTION hll_add_trans(hll, integer) RETURNS hll
    AS 'MODULE_PATHNAME', 'hll_add_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION hll_add_trans(hll, integer) IS 'transition function of hll_add_agg and hll_count_distinct';
CREATE FUNCTION hll_add_trans(hll, integer, integer) RETURNS hll
    AS 'MODULE_PATHNAME', 'hll_add_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION hll_add_trans(hll, integer, integer) IS 'transition function of hll_add_agg';
CREATE AGGREGATE hll_add_agg(integer) (
    SFUNC = hll_add_trans, STYPE = hll, FINALFUNC = hll_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = hll_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE hll_add_agg(integer) IS 'sketch (p = 14) of the distinct non-NULL values of a column';
CREATE AGGREGATE hll_add_agg(integer, integer) (
    SFUNC = hll_add_trans, STYPE = hll, FINALFUNC = hll_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = hll_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE hll_add_agg(integer, integer) IS 'sketch at precision p of the distinct non-NULL values of a column';
CREATE AGGREGATE hll_count_distinct(integer) (
    SFUNC = hll_add_trans, STYPE = hll, FINALFUNC = hll_agg_cardinality, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = hll_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE hll_count_distinct(integer) IS 'estimated count(DISTINCT x), from a p = 14 sketch';

-- bigint
CREATE FUNCTION hll_add_trans(hll, bigint) RETURNS hll
    AS 'MODULE_PATHNAME', 'hll_add_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION hll_add_trans(hll, bigint) IS 'transition function of hll_add_agg and hll_count_distinct';
CREATE FUNCTION hll_add_trans(hll, bigint, integer) RETURNS hll
    AS 'MODULE_PATHNAME', 'hll_add_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION hll_add_trans(hll, bigint, integer) IS 'transition function of hll_add_agg';
CREATE AGGREGATE hll_add_agg(bigint) (
    SFUNC = hll_add_trans, STYPE = hll, FINALFUNC = hll_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = hll_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE hll_add_agg(bigint) IS 'sketch (p = 14) of the distinct non-NULL values of a column';
CREATE AGGREGATE hll_add_agg(bigint, integer) (
    SFUNC = hll_add_trans, STYPE = hll, FINALFUNC = hll_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = hll_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE hll_add_agg(bigint, integer) IS 'sketch at precision p of the distinct non-NULL values of a column';
CREATE AGGREGATE hll_count_distinct(bigint) (
    SFUNC = hll_add_trans, STYPE = hll, FINALFUNC = hll_agg_cardinality, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = hll_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE hll_count_distinct(bigint) IS 'estimated count(DISTINCT x), from a p = 14 sketch';

-- real
CREATE FUNCTION hll_add_trans(hll, real) RETURNS hll
    AS 'MODULE_PATHNAME', 'hll_add_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION hll_add_trans(hll, real) IS 'transition function of hll_add_agg and hll_count_distinct';
CREATE FUNCTION hll_add_trans(hll, real, integer) RETURNS hll
    AS 'MODULE_PATHNAME', 'hll_add_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION hll_add_trans(hll, real, integer) IS 'transition function of hll_add_agg';
CREATE AGGREGATE hll_add_agg(real) (
    SFUNC = hll_add_trans, STYPE = hll, FINALFUNC = hll_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = hll_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE hll_add_agg(real) IS 'sketch (p = 14) of the distinct non-NULL values of a column';
CREATE AGGREGATE hll_add_agg(real, integer) (
    SFUNC = hll_add_trans, STYPE = hll, FINALFUNC = hll_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = hll_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE hll_add_agg(real, integer) IS 'sketch at precision p of the distinct non-NULL values of a column';
CREATE AGGREGATE hll_count_distinct(real) (
    SFUNC = hll_add_trans, STYPE = hll, FINALFUNC = hll_agg_cardinality, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = hll_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE hll_count_distinct(real) IS 'estimated count(DISTINCT x), from a p = 14 sketch';

-- double precision
CREATE FUNCTION hll_add_trans(hll, double precision) RETURNS hll
    AS 'MODULE_PATHNAME', 'hll_add_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION hll_add_trans(hll, double precision) IS 'transition function of hll_add_agg and hll_count_distinct';
CREATE FUNCTION hll_add_trans(hll, double precision, integer) RETURNS hll
    AS 'MODULE_PATHNAME', 'hll_add_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION hll_add_trans(hll, double precision, integer) IS 'transition function of hll_add_agg';
CREATE AGGREGATE hll_add_agg(double precision) (
    SFUNC = hll_add_trans, STYPE = hll, FINALFUNC = hll_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = hll_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE hll_add_agg(double precision) IS 'sketch (p = 14) of the distinct non-NULL values of a column';
CREATE AGGREGATE hll_add_agg(double precision, integer) (
    SFUNC = hll_add_trans, STYPE = hll, FINALFUNC = hll_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = hll_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE hll_add_agg(double precision, integer) IS 'sketch at precision p of the distinct non-NULL values of a column';
CREATE AGGREGATE hll_count_distinct(double precision) (
    SFUNC = hll_add_trans, STYPE = hll, FINALFUNC = hll_agg_cardinality, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = hll_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE hll_count_distinct(double precision) IS 'estimated count(DISTINCT x), from a p = 14 sketch';

-- numeric
CREATE FUNCTION hll_add_trans(hll, numeric) RETURNS hll
    AS 'MODULE_PATHNAME', 'hll_add_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION hll_add_trans(hll, numeric) IS 'transition function of hll_add_agg and hll_count_distinct';
CREATE FUNCTION hll_add_trans(hll, numeric, integer) RETURNS hll
    AS 'MODULE_PATHNAME', 'hll_add_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION hll_add_trans(hll, numeric, integer) IS 'transition function of hll_add_agg';
CREATE AGGREGATE hll_add_agg(numeric) (
    SFUNC = hll_add_trans, STYPE = hll, FINALFUNC = hll_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = hll_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE hll_add_agg(numeric) IS 'sketch (p = 14) of the distinct non-NULL values of a column';
CREATE AGGREGATE hll_add_agg(numeric, integer) (
    SFUNC = hll_add_trans, STYPE = hll, FINALFUNC = hll_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = hll_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE hll_add_agg(numeric, integer) IS 'sketch at precision p of the distinct non-NULL values of a column';
CREATE AGGREGATE hll_count_distinct(numeric) (
    SFUNC = hll_add_trans, STYPE = hll, FINALFUNC = hll_agg_cardinality, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = hll_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE hll_count_distinct(numeric) IS 'estimated count(DISTINCT x), from a p = 14 sketch';

-- text
CREATE FUNCTION hll_add_trans(hll, text) RETURNS hll
    AS 'MODULE_PATHNAME', 'hll_add_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION hll_add_trans(hll, text) IS 'transition function of hll_add_agg and hll_count_distinct';
CREATE FUNCTION hll_add_trans(hll, text, integer) RETURNS hll
    AS 'MODULE_PATHNAME', 'hll_add_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION hll_add_trans(hll, text, integer) IS 'transition function of hll_add_agg';
CREATE AGGREGATE hll_add_agg(text) (
    SFUNC = hll_add_trans, STYPE = hll, FINALFUNC = hll_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = hll_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE hll_add_agg(text) IS 'sketch (p = 14) of the distinct non-NULL values of a column';
CREATE AGGREGATE hll_add_agg(text, integer) (
    SFUNC = hll_add_trans, STYPE = hll, FINALFUNC = hll_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = hll_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE hll_add_agg(text, integer) IS 'sketch at precision p of the distinct non-NULL values of a column';
CREATE AGGREGATE hll_count_distinct(text) (
    SFUNC = hll_add_trans, STYPE = hll, FINALFUNC = hll_agg_cardinality, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = hll_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE hll_count_distinct(text) IS 'estimated count(DISTINCT x), from a p = 14 sketch';

-- bytea
CREATE FUNCTION hll_add_trans(hll, bytea) RETURNS hll
    AS 'MODULE_PATHNAME', 'hll_add_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION hll_add_trans(hll, bytea) IS 'transition function of hll_add_agg and hll_count_distinct';
CREATE FUNCTION hll_add_trans(hll, bytea, integer) RETURNS hll
    AS 'MODULE_PATHNAME', 'hll_add_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION hll_add_trans(hll, bytea, integer) IS 'transition function of hll_add_agg';
CREATE AGGREGATE hll_add_agg(bytea) (
    SFUNC = hll_add_trans, STYPE = hll, FINALFUNC = hll_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = hll_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE hll_add_agg(bytea) IS 'sketch (p = 14) of the distinct non-NULL values of a column';
CREATE AGGREGATE hll_add_agg(bytea, integer) (
    SFUNC = hll_add_trans, STYPE = hll, FINALFUNC = hll_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = hll_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE hll_add_agg(bytea, integer) IS 'sketch at precision p of the distinct non-NULL values of a column';
CREATE AGGREGATE hll_count_distinct(bytea) (
    SFUNC = hll_add_trans, STYPE = hll, FINALFUNC = hll_agg_cardinality, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = hll_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE hll_count_distinct(bytea) IS 'estimated count(DISTINCT x), from a p = 14 sketch';

-- uuid
CREATE FUNCTION hll_add_trans(hll, uuid) RETURNS hll
    AS 'MODULE_PATHNAME', 'hll_add_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION hll_add_trans(hll, uuid) IS 'transition function of hll_add_agg and hll_count_distinct';
CREATE FUNCTION hll_add_trans(hll, uuid, integer) RETURNS hll
    AS 'MODULE_PATHNAME', 'hll_add_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION hll_add_trans(hll, uuid, integer) IS 'transition function of hll_add_agg';
CREATE AGGREGATE hll_add_agg(uuid) (
    SFUNC = hll_add_trans, STYPE = hll, FINALFUNC = hll_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = hll_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE hll_add_agg(uuid) IS 'sketch (p = 14) of the distinct non-NULL values of a column';
CREATE AGGREGATE hll_add_agg(uuid, integer) (
    SFUNC = hll_add_trans, STYPE = hll, FINALFUNC = hll_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = hll_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE hll_add_agg(uuid, integer) IS 'sketch at precision p of the distinct non-NULL values of a column';
CREATE AGGREGATE hll_count_distinct(uuid) (
    SFUNC = hll_add_trans, STYPE = hll, FINALFUNC = hll_agg_cardinality, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = hll_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE hll_count_distinct(uuid) IS 'estimated count(DISTINCT x), from a p = 14 sketch';

-- date
CREATE FUNCTION hll_add_trans(hll, date) RETURNS hll
    AS 'MODULE_PATHNAME', 'hll_add_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION hll_add_trans(hll, date) IS 'transition function of hll_add_agg and hll_count_distinct';
CREATE FUNCTION hll_add_trans(hll, date, integer) RETURNS hll
    AS 'MODULE_PATHNAME', 'hll_add_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION hll_add_trans(hll, date, integer) IS 'transition function of hll_add_agg';
CREATE AGGREGATE hll_add_agg(date) (
    SFUNC = hll_add_trans, STYPE = hll, FINALFUNC = hll_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = hll_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE hll_add_agg(date) IS 'sketch (p = 14) of the distinct non-NULL values of a column';
CREATE AGGREGATE hll_add_agg(date, integer) (
    SFUNC = hll_add_trans, STYPE = hll, FINALFUNC = hll_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = hll_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE hll_add_agg(date, integer) IS 'sketch at precision p of the distinct non-NULL values of a column';
CREATE AGGREGATE hll_count_distinct(date) (
    SFUNC = hll_add_trans, STYPE = hll, FINALFUNC = hll_agg_cardinality, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = hll_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE hll_count_distinct(date) IS 'estimated count(DISTINCT x), from a p = 14 sketch';

-- timestamp
CREATE FUNCTION hll_add_trans(hll, timestamp) RETURNS hll
    AS 'MODULE_PATHNAME', 'hll_add_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION hll_add_trans(hll, timestamp) IS 'transition function of hll_add_agg and hll_count_distinct';
CREATE FUNCTION hll_add_trans(hll, timestamp, integer) RETURNS hll
    AS 'MODULE_PATHNAME', 'hll_add_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION hll_add_trans(hll, timestamp, integer) IS 'transition function of hll_add_agg';
CREATE AGGREGATE hll_add_agg(timestamp) (
    SFUNC = hll_add_trans, STYPE = hll, FINALFUNC = hll_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = hll_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE hll_add_agg(timestamp) IS 'sketch (p = 14) of the distinct non-NULL values of a column';
CREATE AGGREGATE hll_add_agg(timestamp, integer) (
    SFUNC = hll_add_trans, STYPE = hll, FINALFUNC = hll_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = hll_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE hll_add_agg(timestamp, integer) IS 'sketch at precision p of the distinct non-NULL values of a column';
CREATE AGGREGATE hll_count_distinct(timestamp) (
    SFUNC = hll_add_trans, STYPE = hll, FINALFUNC = hll_agg_cardinality, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = hll_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE hll_count_distinct(timestamp) IS 'estimated count(DISTINCT x), from a p = 14 sketch';

-- timestamptz
CREATE FUNCTION hll_add_trans(hll, timestamptz) RETURNS hll
    AS 'MODULE_PATHNAME', 'hll_add_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION hll_add_trans(hll, timestamptz) IS 'transition function of hll_add_agg and hll_count_distinct';
CREATE FUNCTION hll_add_trans(hll, timestamptz, integer) RETURNS hll
    AS 'MODULE_PATHNAME', 'hll_add_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION hll_add_trans(hll, timestamptz, integer) IS 'transition function of hll_add_agg';
CREATE AGGREGATE hll_add_agg(timestamptz) (
    SFUNC = hll_add_trans, STYPE = hll, FINALFUNC = hll_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = hll_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE hll_add_agg(timestamptz) IS 'sketch (p = 14) of the distinct non-NULL values of a column';
CREATE AGGREGATE hll_add_agg(timestamptz, integer) (
    SFUNC = hll_add_trans, STYPE = hll, FINALFUNC = hll_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = hll_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE hll_add_agg(timestamptz, integer) IS 'sketch at precision p of the distinct non-NULL values of a column';
CREATE AGGREGATE hll_count_distinct(timestamptz) (
    SFUNC = hll_add_trans, STYPE = hll, FINALFUNC = hll_agg_cardinality, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = hll_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE hll_count_distinct(timestamptz) IS 'estimated count(DISTINCT x), from a p = 14 sketch';

-- anyelement
CREATE FUNCTION hll_add_trans(hll, anyelement) RETURNS hll
    AS 'MODULE_PATHNAME', 'hll_add_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION hll_add_trans(hll, anyelement) IS 'transition function of hll_add_agg and hll_count_distinct';
CREATE FUNCTION hll_add_trans(hll, anyelement, integer) RETURNS hll
    AS 'MODULE_PATHNAME', 'hll_add_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION hll_add_trans(hll, anyelement, integer) IS 'transition function of hll_add_agg';
CREATE AGGREGATE hll_add_agg(anyelement) (
    SFUNC = hll_add_trans, STYPE = hll, FINALFUNC = hll_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = hll_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE hll_add_agg(anyelement) IS 'sketch (p = 14) of the distinct non-NULL values of a column';
CREATE AGGREGATE hll_add_agg(anyelement, integer) (
    SFUNC = hll_add_trans, STYPE = hll, FINALFUNC = hll_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = hll_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE hll_add_agg(anyelement, integer) IS 'sketch at precision p of the distinct non-NULL values of a column';
CREATE AGGREGATE hll_count_distinct(anyelement) (
    SFUNC = hll_add_trans, STYPE = hll, FINALFUNC = hll_agg_cardinality, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = hll_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE hll_count_distinct(anyelement) IS 'estimated count(DISTINCT x), from a p = 14 sketch';
