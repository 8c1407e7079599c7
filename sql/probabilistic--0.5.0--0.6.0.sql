-- probabilistic 0.5.0 -> 0.6.0. Values stored under 0.5.0 are read as they
-- are (test/scripts/upgrade.sh); what each part adds is said in its section.
-- complain if script is sourced in psql, rather than via ALTER EXTENSION
\echo Use "ALTER EXTENSION probabilistic UPDATE TO '0.6.0'" to load this file. \quit

-- BEGIN issue-27 topk

--------------------------------------------------------------------------------
-- topk: frequent items with bounds (doc/REFERENCE.md, doc/FORMAT.md 7)
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

-- Values are canonical (doc/FORMAT.md 7.2), so equality and hashing are bytea's own functions.
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
