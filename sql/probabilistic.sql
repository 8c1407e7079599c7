-- probabilistic: HyperLogLog (hll), Bloom filter (bloom) and cuckoo filter (cuckoo) types.
--
-- The extension's whole SQL API at its current version (default_version in
-- probabilistic.control), read top to bottom: the Makefile installs this file as
-- probabilistic--<version>.sql, which CREATE EXTENSION runs. The aggregates' per-type
-- overloads, between the lines BEGIN GENERATED and END GENERATED, are written by
-- sql/overloads.py from its table of hashed input types: change the table and run it,
-- never the blocks (test/scripts/overloads.sh fails when they differ). Earlier versions
-- keep their hand-written scripts (probabilistic--0.1.0.sql and the update scripts
-- probabilistic--A--B.sql); a change here is also an update script, and
-- test/scripts/upgrade.sh checks that every updated catalog equals this file's.
-- complain if script is sourced in psql, rather than via CREATE EXTENSION
\echo Use "CREATE EXTENSION probabilistic" to load this file. \quit

--------------------------------------------------------------------------------
-- Shared
--------------------------------------------------------------------------------

-- The canonical hash every sketch uses.
CREATE FUNCTION sketch_hash(anyelement, seed bigint DEFAULT 0) RETURNS bigint
    AS 'MODULE_PATHNAME', 'sketch_hash' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION sketch_hash(anyelement, bigint) IS
    'canonical 64-bit XXH3 hash of a value, as hll and bloom compute it (doc/FORMAT.md)';

-- sketch_text: the argument type of the aggregates' string overloads (doc/FORMAT.md 2.5).
-- text, varchar, char(n) and name convert to it implicitly, so a string is hashed as text
-- however the argument is written; citext, whose "=" is its own, converts to it only when
-- cast, so it takes the anyelement forms and is hashed as citext.
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

COMMENT ON FUNCTION hll_in(cstring, oid, integer) IS 'text input: \x and the hexadecimal binary format, validated field by field';
COMMENT ON FUNCTION hll_out(hll) IS 'text output: \x and the hexadecimal binary format';
COMMENT ON FUNCTION hll_recv(internal, oid, integer) IS 'binary input, validated field by field';
COMMENT ON FUNCTION hll_send(hll) IS 'binary output: the binary format';
COMMENT ON FUNCTION hll_typmod_in(cstring[]) IS 'parses hll(p): one precision in 4..18';
COMMENT ON FUNCTION hll_typmod_out(integer) IS 'prints hll(p)';

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
COMMENT ON CAST (hll AS hll) IS
    'applies a column''s precision hll(p): folds a finer sketch down, rejects a coarser one';

CREATE FUNCTION hll_from_bytea(bytea) RETURNS hll
    AS 'MODULE_PATHNAME', 'hll_from_bytea' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION hll_from_bytea(bytea) IS 'validates the binary format field by field and returns it as hll';
CREATE CAST (bytea AS hll) WITH FUNCTION hll_from_bytea(bytea);
COMMENT ON CAST (bytea AS hll) IS 'the binary format, validated field by field';
CREATE CAST (hll AS bytea) WITHOUT FUNCTION;
COMMENT ON CAST (hll AS bytea) IS 'the binary format';

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

-- Set algebra: joint estimates of two sketches (intersection, difference, Jaccard)
-- and error bounds (doc/HLL_SET_ALGEBRA.md, doc/FORMAT.md 3.14).
CREATE FUNCTION hll_intersection_cardinality(hll, hll) RETURNS bigint
    AS 'MODULE_PATHNAME', 'hll_intersection_cardinality' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION hll_intersection_cardinality(hll, hll) IS 'estimated number of distinct values in both sketches (joint maximum-likelihood estimate)';

CREATE FUNCTION hll_difference_cardinality(hll, hll) RETURNS bigint
    AS 'MODULE_PATHNAME', 'hll_difference_cardinality' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION hll_difference_cardinality(hll, hll) IS 'estimated number of distinct values in the first sketch and not in the second';

CREATE FUNCTION hll_jaccard(hll, hll) RETURNS float8
    AS 'MODULE_PATHNAME', 'hll_jaccard' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION hll_jaccard(hll, hll) IS 'estimated Jaccard index: size of the intersection over size of the union';

CREATE FUNCTION hll_overlap(hll, hll, confidence float8 DEFAULT 0.95) RETURNS jsonb
    AS 'MODULE_PATHNAME', 'hll_overlap' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION hll_overlap(hll, hll, float8) IS 'every joint estimate of two sketches with its standard error and bounds at the given confidence: likelihood-ratio bounds for every count (|A| and |B| as hll_cardinality_bounds gives them, the union too unless a sparse side''s own size is held against a dense one, the intersection and differences profiled), the intersection''s unclamped maximum-likelihood value';

CREATE FUNCTION hll_cardinality_bounds(hll, confidence float8 DEFAULT 0.95, OUT lower bigint, OUT upper bigint)
    RETURNS record
    AS 'MODULE_PATHNAME', 'hll_cardinality_bounds' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION hll_cardinality_bounds(hll, float8) IS 'likelihood-ratio lower and upper bound of the distinct count at the given confidence';

CREATE FUNCTION hll_relative_error(hll) RETURNS float8
    AS 'MODULE_PATHNAME', 'hll_relative_error' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION hll_relative_error(hll) IS 'relative standard error of this sketch''s distinct count estimate';

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

-- hll_add_trans(hll, x [, p]), hll_add_agg(x [, p]) and hll_count_distinct(x), for each
-- hashed input type.
-- BEGIN GENERATED hll (by sql/overloads.py from its table HASHED_TYPES; do not edit here)

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

-- sketch_text
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

-- "char"
CREATE FUNCTION hll_add_trans(hll, "char") RETURNS hll
    AS 'MODULE_PATHNAME', 'hll_add_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION hll_add_trans(hll, "char") IS 'transition function of hll_add_agg and hll_count_distinct';
CREATE FUNCTION hll_add_trans(hll, "char", integer) RETURNS hll
    AS 'MODULE_PATHNAME', 'hll_add_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION hll_add_trans(hll, "char", integer) IS 'transition function of hll_add_agg';
CREATE AGGREGATE hll_add_agg("char") (
    SFUNC = hll_add_trans, STYPE = hll, FINALFUNC = hll_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = hll_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE hll_add_agg("char") IS 'sketch (p = 14) of the distinct non-NULL values of a column';
CREATE AGGREGATE hll_add_agg("char", integer) (
    SFUNC = hll_add_trans, STYPE = hll, FINALFUNC = hll_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = hll_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE hll_add_agg("char", integer) IS 'sketch at precision p of the distinct non-NULL values of a column';
CREATE AGGREGATE hll_count_distinct("char") (
    SFUNC = hll_add_trans, STYPE = hll, FINALFUNC = hll_agg_cardinality, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = hll_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE hll_count_distinct("char") IS 'estimated count(DISTINCT x), from a p = 14 sketch';

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

-- END GENERATED hll

--------------------------------------------------------------------------------
-- bloom
--------------------------------------------------------------------------------
CREATE TYPE bloom;

CREATE FUNCTION bloom_in(cstring) RETURNS bloom
    AS 'MODULE_PATHNAME', 'bloom_in' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION bloom_out(bloom) RETURNS cstring
    AS 'MODULE_PATHNAME', 'bloom_out' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION bloom_recv(internal) RETURNS bloom
    AS 'MODULE_PATHNAME', 'bloom_recv' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION bloom_send(bloom) RETURNS bytea
    AS 'MODULE_PATHNAME', 'bloom_send' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

-- A filter's bits are random by design and do not compress: `extended` would
-- spend CPU on every write trying, and `main` would keep large filters in the
-- heap row. So large values go out of line, uncompressed; membership tests
-- detoast one once per query (bloom_contains keeps it, keyed by its TOAST pointer).
CREATE TYPE bloom (
    INPUT = bloom_in, OUTPUT = bloom_out, RECEIVE = bloom_recv, SEND = bloom_send,
    INTERNALLENGTH = VARIABLE, STORAGE = external
);
COMMENT ON TYPE bloom IS 'Bloom filter of a set of values: answers "was this value added?" with no false negatives';
COMMENT ON FUNCTION bloom_in(cstring) IS 'text input: \x and the hexadecimal binary format, validated field by field';
COMMENT ON FUNCTION bloom_out(bloom) IS 'text output: \x and the hexadecimal binary format';
COMMENT ON FUNCTION bloom_recv(internal) IS 'binary input: the binary format, validated field by field';
COMMENT ON FUNCTION bloom_send(bloom) IS 'binary output: the binary format';

CREATE FUNCTION bloom_from_bytea(bytea) RETURNS bloom
    AS 'MODULE_PATHNAME', 'bloom_from_bytea' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION bloom_from_bytea(bytea) IS 'validates the binary format field by field and returns it as bloom';
CREATE CAST (bytea AS bloom) WITH FUNCTION bloom_from_bytea(bytea);
COMMENT ON CAST (bytea AS bloom) IS 'the binary format, validated field by field';
CREATE CAST (bloom AS bytea) WITHOUT FUNCTION;
COMMENT ON CAST (bloom AS bytea) IS 'the binary format';

CREATE FUNCTION bloom_empty(capacity bigint, fpr double precision DEFAULT 0.01, scalable boolean DEFAULT false,
                            seed bigint DEFAULT 0) RETURNS bloom
    AS 'MODULE_PATHNAME', 'bloom_empty' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION bloom_empty(bigint, double precision, boolean, bigint) IS
    'empty filter sized for capacity items at false positive rate fpr; scalable filters add layers as they fill';
-- A named layout: 'blocked' (layout id 3, doc/FORMAT.md 4.13) puts every item's bits in
-- one 512-bit block, one cache miss per probe, sized by the exact Poisson mixture; the
-- classic layout stays the default.
CREATE FUNCTION bloom_empty(capacity bigint, fpr double precision, layout text, seed bigint DEFAULT 0)
    RETURNS bloom
    AS 'MODULE_PATHNAME', 'bloom_empty' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION bloom_empty(bigint, double precision, text, bigint) IS
    'empty filter for capacity items at false positive rate fpr in a named layout: ''blocked'' (one cache line per item), ''classic'' or ''fixed'' (fewest bits), ''scalable''';

CREATE FUNCTION bloom_add(bloom, anyelement) RETURNS bloom
    AS 'MODULE_PATHNAME', 'bloom_add' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION bloom_add(bloom, anyelement) IS 'adds one value to the filter; NULL leaves it unchanged';

CREATE FUNCTION bloom_contains(bloom, anyelement) RETURNS boolean
    AS 'MODULE_PATHNAME', 'bloom_contains' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION bloom_contains(bloom, anyelement) IS
    'false: the value was never added; true: it probably was (false positives at the filter''s rate)';
CREATE FUNCTION bloom_contained(anyelement, bloom) RETURNS boolean
    AS 'MODULE_PATHNAME', 'bloom_contained' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION bloom_contained(anyelement, bloom) IS 'bloom_contains with its arguments swapped';

-- Streams: a batch of values probed against a filter in one call (doc/STREAMS.md).
CREATE FUNCTION bloom_members(bloom, anyarray) RETURNS integer[]
    AS 'MODULE_PATHNAME', 'bloom_members' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION bloom_members(bloom, anyarray) IS
    'subscripts, ascending, of the elements of a one-dimensional array that may be in the filter (bloom_contains of each); NULL elements never listed';

CREATE FUNCTION bloom_union(bloom, bloom) RETURNS bloom
    AS 'MODULE_PATHNAME', 'bloom_union' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION bloom_union(bloom, bloom) IS 'filter of the union: bitwise OR of filters with the same parameters';
CREATE FUNCTION bloom_intersect(bloom, bloom) RETURNS bloom
    AS 'MODULE_PATHNAME', 'bloom_intersect' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION bloom_intersect(bloom, bloom) IS
    'bitwise AND of filters with the same parameters: finds every value added to both';

CREATE FUNCTION bloom_superset(bloom, bloom) RETURNS boolean
    AS 'MODULE_PATHNAME', 'bloom_superset' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION bloom_superset(bloom, bloom) IS 'every bit set in the second filter is set in the first';
CREATE FUNCTION bloom_subset(bloom, bloom) RETURNS boolean
    AS 'MODULE_PATHNAME', 'bloom_subset' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION bloom_subset(bloom, bloom) IS 'every bit set in the first filter is set in the second';

CREATE FUNCTION bloom_cardinality(bloom) RETURNS bigint
    AS 'MODULE_PATHNAME', 'bloom_cardinality' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION bloom_cardinality(bloom) IS 'estimated number of distinct values added, from the bits set';
CREATE FUNCTION bloom_fpr(bloom) RETURNS double precision
    AS 'MODULE_PATHNAME', 'bloom_fpr' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION bloom_fpr(bloom) IS 'estimated false positive rate now, from the bits set';
CREATE FUNCTION bloom_info(bloom) RETURNS jsonb
    AS 'MODULE_PATHNAME', 'bloom_info' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION bloom_info(bloom) IS
    'every header field, each layer, bits set, estimated items and false positive rate, bytes';

-- The format is canonical (the same set of bits is the same bytes), so
-- equality and hashing are bytea's own functions.
CREATE FUNCTION bloom_eq(bloom, bloom) RETURNS boolean
    AS 'byteaeq' LANGUAGE internal IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION bloom_eq(bloom, bloom) IS 'the filters have the same parameters and bits';
CREATE FUNCTION bloom_ne(bloom, bloom) RETURNS boolean
    AS 'byteane' LANGUAGE internal IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION bloom_ne(bloom, bloom) IS 'the filters differ in parameters or bits';
CREATE FUNCTION bloom_hash(bloom) RETURNS integer
    AS 'hashvarlena' LANGUAGE internal IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION bloom_hash(bloom) IS 'hash of a filter, for hash joins and GROUP BY';
CREATE FUNCTION bloom_hash_extended(bloom, bigint) RETURNS bigint
    AS 'hashvarlenaextended' LANGUAGE internal IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION bloom_hash_extended(bloom, bigint) IS 'seeded 64-bit hash of a filter, for hash partitioning';

-- Membership has no selectivity estimator: the share of rows that are members
-- depends on the data, not on the operator.
CREATE OPERATOR @> (LEFTARG = bloom, RIGHTARG = anyelement, FUNCTION = bloom_contains, COMMUTATOR = <@);
COMMENT ON OPERATOR @> (bloom, anyelement) IS 'filter probably contains the value';
CREATE OPERATOR <@ (LEFTARG = anyelement, RIGHTARG = bloom, FUNCTION = bloom_contained, COMMUTATOR = @>);
COMMENT ON OPERATOR <@ (anyelement, bloom) IS 'value is probably in the filter';
CREATE OPERATOR @> (LEFTARG = bloom, RIGHTARG = bloom, FUNCTION = bloom_superset, COMMUTATOR = <@,
    RESTRICT = contsel, JOIN = contjoinsel);
COMMENT ON OPERATOR @> (bloom, bloom) IS 'every bit set in the right filter is set in the left';
CREATE OPERATOR <@ (LEFTARG = bloom, RIGHTARG = bloom, FUNCTION = bloom_subset, COMMUTATOR = @>,
    RESTRICT = contsel, JOIN = contjoinsel);
COMMENT ON OPERATOR <@ (bloom, bloom) IS 'every bit set in the left filter is set in the right';
CREATE OPERATOR | (LEFTARG = bloom, RIGHTARG = bloom, FUNCTION = bloom_union, COMMUTATOR = |);
COMMENT ON OPERATOR | (bloom, bloom) IS 'union';
CREATE OPERATOR & (LEFTARG = bloom, RIGHTARG = bloom, FUNCTION = bloom_intersect, COMMUTATOR = &);
COMMENT ON OPERATOR & (bloom, bloom) IS 'intersection';
CREATE OPERATOR = (LEFTARG = bloom, RIGHTARG = bloom, FUNCTION = bloom_eq, COMMUTATOR = =, NEGATOR = <>,
    RESTRICT = eqsel, JOIN = eqjoinsel, HASHES);
COMMENT ON OPERATOR = (bloom, bloom) IS 'equal';
CREATE OPERATOR <> (LEFTARG = bloom, RIGHTARG = bloom, FUNCTION = bloom_ne, COMMUTATOR = <>, NEGATOR = =,
    RESTRICT = neqsel, JOIN = neqjoinsel);
COMMENT ON OPERATOR <> (bloom, bloom) IS 'not equal';

CREATE OPERATOR CLASS bloom_ops DEFAULT FOR TYPE bloom USING hash AS
    OPERATOR 1 = (bloom, bloom),
    FUNCTION 1 bloom_hash(bloom),
    FUNCTION 2 bloom_hash_extended(bloom, bigint);

-- Aggregates. bloom_agg(x, capacity, fpr [, layout]) and bloom_union_agg keep the
-- bloom type itself as their state, updated in place, with a combine function:
-- parallel query and Citus workers run them as partial aggregates.
-- bloom_agg(x [, fpr]) sizes the filter to the distinct values it saw, so it
-- must keep their hashes until the end: an internal state with serial
-- functions. Concrete overloads let a caller without the call expression
-- (Citus's wrapper) still know the argument type.
CREATE FUNCTION bloom_agg_final(bloom) RETURNS bloom
    AS 'MODULE_PATHNAME', 'bloom_agg_final' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION bloom_agg_final(bloom) IS
    'final function of bloom_agg(x, capacity, fpr) and bloom_union_agg: a copy of the state, or for zero rows an empty filter';
CREATE FUNCTION bloom_union_trans(bloom, bloom) RETURNS bloom
    AS 'MODULE_PATHNAME', 'bloom_union_trans' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION bloom_union_trans(bloom, bloom) IS
    'transition function of bloom_union_agg, combine function of it and bloom_agg(x, capacity, fpr)';

CREATE AGGREGATE bloom_union_agg(bloom) (
    SFUNC = bloom_union_trans, STYPE = bloom, FINALFUNC = bloom_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = bloom_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE bloom_union_agg(bloom) IS 'union of a column of filters (zero rows: NULL)';

CREATE FUNCTION bloom_distinct_final(internal) RETURNS bloom
    AS 'MODULE_PATHNAME', 'bloom_distinct_final' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION bloom_distinct_final(internal) IS
    'final function of bloom_agg(x [, fpr]): a filter with capacity the number of distinct values';
CREATE FUNCTION bloom_distinct_combine(internal, internal) RETURNS internal
    AS 'MODULE_PATHNAME', 'bloom_distinct_combine' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION bloom_distinct_combine(internal, internal) IS 'combine function of bloom_agg(x [, fpr])';
CREATE FUNCTION bloom_distinct_serialize(internal) RETURNS bytea
    AS 'MODULE_PATHNAME', 'bloom_distinct_serialize' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION bloom_distinct_serialize(internal) IS 'serial function of bloom_agg(x [, fpr])';
CREATE FUNCTION bloom_distinct_deserialize(bytea, internal) RETURNS internal
    AS 'MODULE_PATHNAME', 'bloom_distinct_deserialize' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION bloom_distinct_deserialize(bytea, internal) IS 'deserial function of bloom_agg(x [, fpr])';

-- bloom_add_trans and bloom_agg(x, capacity, fpr [, layout]), bloom_distinct_trans and
-- bloom_agg(x [, fpr]), for each hashed input type.
-- BEGIN GENERATED bloom (by sql/overloads.py from its table HASHED_TYPES; do not edit here)

-- smallint
CREATE FUNCTION bloom_add_trans(bloom, smallint, bigint, double precision) RETURNS bloom
    AS 'MODULE_PATHNAME', 'bloom_add_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION bloom_add_trans(bloom, smallint, bigint, double precision) IS
    'transition function of bloom_agg(x, capacity, fpr)';
CREATE AGGREGATE bloom_agg(smallint, bigint, double precision) (
    SFUNC = bloom_add_trans, STYPE = bloom, FINALFUNC = bloom_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = bloom_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE bloom_agg(smallint, bigint, double precision) IS
    'filter of the non-NULL values of a column, sized for capacity items at false positive rate fpr';
CREATE FUNCTION bloom_add_trans(bloom, smallint, bigint, double precision, text) RETURNS bloom
    AS 'MODULE_PATHNAME', 'bloom_add_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION bloom_add_trans(bloom, smallint, bigint, double precision, text) IS
    'transition function of bloom_agg(x, capacity, fpr, layout)';
CREATE AGGREGATE bloom_agg(smallint, bigint, double precision, text) (
    SFUNC = bloom_add_trans, STYPE = bloom, FINALFUNC = bloom_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = bloom_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE bloom_agg(smallint, bigint, double precision, text) IS
    'filter of the non-NULL values of a column, sized for capacity items at false positive rate fpr, in a named layout';
CREATE FUNCTION bloom_distinct_trans(internal, smallint) RETURNS internal
    AS 'MODULE_PATHNAME', 'bloom_distinct_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION bloom_distinct_trans(internal, smallint) IS 'transition function of bloom_agg(x)';
CREATE FUNCTION bloom_distinct_trans(internal, smallint, double precision) RETURNS internal
    AS 'MODULE_PATHNAME', 'bloom_distinct_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION bloom_distinct_trans(internal, smallint, double precision) IS 'transition function of bloom_agg(x, fpr)';
CREATE AGGREGATE bloom_agg(smallint) (
    SFUNC = bloom_distinct_trans, STYPE = internal, FINALFUNC = bloom_distinct_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = bloom_distinct_combine, SERIALFUNC = bloom_distinct_serialize,
    DESERIALFUNC = bloom_distinct_deserialize, PARALLEL = SAFE
);
COMMENT ON AGGREGATE bloom_agg(smallint) IS
    'filter of the non-NULL values of a column, sized to their distinct count at false positive rate 0.01';
CREATE AGGREGATE bloom_agg(smallint, double precision) (
    SFUNC = bloom_distinct_trans, STYPE = internal, FINALFUNC = bloom_distinct_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = bloom_distinct_combine, SERIALFUNC = bloom_distinct_serialize,
    DESERIALFUNC = bloom_distinct_deserialize, PARALLEL = SAFE
);
COMMENT ON AGGREGATE bloom_agg(smallint, double precision) IS
    'filter of the non-NULL values of a column, sized to their distinct count at false positive rate fpr';

-- integer
CREATE FUNCTION bloom_add_trans(bloom, integer, bigint, double precision) RETURNS bloom
    AS 'MODULE_PATHNAME', 'bloom_add_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION bloom_add_trans(bloom, integer, bigint, double precision) IS
    'transition function of bloom_agg(x, capacity, fpr)';
CREATE AGGREGATE bloom_agg(integer, bigint, double precision) (
    SFUNC = bloom_add_trans, STYPE = bloom, FINALFUNC = bloom_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = bloom_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE bloom_agg(integer, bigint, double precision) IS
    'filter of the non-NULL values of a column, sized for capacity items at false positive rate fpr';
CREATE FUNCTION bloom_add_trans(bloom, integer, bigint, double precision, text) RETURNS bloom
    AS 'MODULE_PATHNAME', 'bloom_add_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION bloom_add_trans(bloom, integer, bigint, double precision, text) IS
    'transition function of bloom_agg(x, capacity, fpr, layout)';
CREATE AGGREGATE bloom_agg(integer, bigint, double precision, text) (
    SFUNC = bloom_add_trans, STYPE = bloom, FINALFUNC = bloom_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = bloom_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE bloom_agg(integer, bigint, double precision, text) IS
    'filter of the non-NULL values of a column, sized for capacity items at false positive rate fpr, in a named layout';
CREATE FUNCTION bloom_distinct_trans(internal, integer) RETURNS internal
    AS 'MODULE_PATHNAME', 'bloom_distinct_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION bloom_distinct_trans(internal, integer) IS 'transition function of bloom_agg(x)';
CREATE FUNCTION bloom_distinct_trans(internal, integer, double precision) RETURNS internal
    AS 'MODULE_PATHNAME', 'bloom_distinct_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION bloom_distinct_trans(internal, integer, double precision) IS 'transition function of bloom_agg(x, fpr)';
CREATE AGGREGATE bloom_agg(integer) (
    SFUNC = bloom_distinct_trans, STYPE = internal, FINALFUNC = bloom_distinct_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = bloom_distinct_combine, SERIALFUNC = bloom_distinct_serialize,
    DESERIALFUNC = bloom_distinct_deserialize, PARALLEL = SAFE
);
COMMENT ON AGGREGATE bloom_agg(integer) IS
    'filter of the non-NULL values of a column, sized to their distinct count at false positive rate 0.01';
CREATE AGGREGATE bloom_agg(integer, double precision) (
    SFUNC = bloom_distinct_trans, STYPE = internal, FINALFUNC = bloom_distinct_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = bloom_distinct_combine, SERIALFUNC = bloom_distinct_serialize,
    DESERIALFUNC = bloom_distinct_deserialize, PARALLEL = SAFE
);
COMMENT ON AGGREGATE bloom_agg(integer, double precision) IS
    'filter of the non-NULL values of a column, sized to their distinct count at false positive rate fpr';

-- bigint
CREATE FUNCTION bloom_add_trans(bloom, bigint, bigint, double precision) RETURNS bloom
    AS 'MODULE_PATHNAME', 'bloom_add_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION bloom_add_trans(bloom, bigint, bigint, double precision) IS
    'transition function of bloom_agg(x, capacity, fpr)';
CREATE AGGREGATE bloom_agg(bigint, bigint, double precision) (
    SFUNC = bloom_add_trans, STYPE = bloom, FINALFUNC = bloom_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = bloom_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE bloom_agg(bigint, bigint, double precision) IS
    'filter of the non-NULL values of a column, sized for capacity items at false positive rate fpr';
CREATE FUNCTION bloom_add_trans(bloom, bigint, bigint, double precision, text) RETURNS bloom
    AS 'MODULE_PATHNAME', 'bloom_add_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION bloom_add_trans(bloom, bigint, bigint, double precision, text) IS
    'transition function of bloom_agg(x, capacity, fpr, layout)';
CREATE AGGREGATE bloom_agg(bigint, bigint, double precision, text) (
    SFUNC = bloom_add_trans, STYPE = bloom, FINALFUNC = bloom_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = bloom_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE bloom_agg(bigint, bigint, double precision, text) IS
    'filter of the non-NULL values of a column, sized for capacity items at false positive rate fpr, in a named layout';
CREATE FUNCTION bloom_distinct_trans(internal, bigint) RETURNS internal
    AS 'MODULE_PATHNAME', 'bloom_distinct_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION bloom_distinct_trans(internal, bigint) IS 'transition function of bloom_agg(x)';
CREATE FUNCTION bloom_distinct_trans(internal, bigint, double precision) RETURNS internal
    AS 'MODULE_PATHNAME', 'bloom_distinct_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION bloom_distinct_trans(internal, bigint, double precision) IS 'transition function of bloom_agg(x, fpr)';
CREATE AGGREGATE bloom_agg(bigint) (
    SFUNC = bloom_distinct_trans, STYPE = internal, FINALFUNC = bloom_distinct_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = bloom_distinct_combine, SERIALFUNC = bloom_distinct_serialize,
    DESERIALFUNC = bloom_distinct_deserialize, PARALLEL = SAFE
);
COMMENT ON AGGREGATE bloom_agg(bigint) IS
    'filter of the non-NULL values of a column, sized to their distinct count at false positive rate 0.01';
CREATE AGGREGATE bloom_agg(bigint, double precision) (
    SFUNC = bloom_distinct_trans, STYPE = internal, FINALFUNC = bloom_distinct_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = bloom_distinct_combine, SERIALFUNC = bloom_distinct_serialize,
    DESERIALFUNC = bloom_distinct_deserialize, PARALLEL = SAFE
);
COMMENT ON AGGREGATE bloom_agg(bigint, double precision) IS
    'filter of the non-NULL values of a column, sized to their distinct count at false positive rate fpr';

-- real
CREATE FUNCTION bloom_add_trans(bloom, real, bigint, double precision) RETURNS bloom
    AS 'MODULE_PATHNAME', 'bloom_add_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION bloom_add_trans(bloom, real, bigint, double precision) IS
    'transition function of bloom_agg(x, capacity, fpr)';
CREATE AGGREGATE bloom_agg(real, bigint, double precision) (
    SFUNC = bloom_add_trans, STYPE = bloom, FINALFUNC = bloom_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = bloom_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE bloom_agg(real, bigint, double precision) IS
    'filter of the non-NULL values of a column, sized for capacity items at false positive rate fpr';
CREATE FUNCTION bloom_add_trans(bloom, real, bigint, double precision, text) RETURNS bloom
    AS 'MODULE_PATHNAME', 'bloom_add_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION bloom_add_trans(bloom, real, bigint, double precision, text) IS
    'transition function of bloom_agg(x, capacity, fpr, layout)';
CREATE AGGREGATE bloom_agg(real, bigint, double precision, text) (
    SFUNC = bloom_add_trans, STYPE = bloom, FINALFUNC = bloom_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = bloom_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE bloom_agg(real, bigint, double precision, text) IS
    'filter of the non-NULL values of a column, sized for capacity items at false positive rate fpr, in a named layout';
CREATE FUNCTION bloom_distinct_trans(internal, real) RETURNS internal
    AS 'MODULE_PATHNAME', 'bloom_distinct_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION bloom_distinct_trans(internal, real) IS 'transition function of bloom_agg(x)';
CREATE FUNCTION bloom_distinct_trans(internal, real, double precision) RETURNS internal
    AS 'MODULE_PATHNAME', 'bloom_distinct_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION bloom_distinct_trans(internal, real, double precision) IS 'transition function of bloom_agg(x, fpr)';
CREATE AGGREGATE bloom_agg(real) (
    SFUNC = bloom_distinct_trans, STYPE = internal, FINALFUNC = bloom_distinct_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = bloom_distinct_combine, SERIALFUNC = bloom_distinct_serialize,
    DESERIALFUNC = bloom_distinct_deserialize, PARALLEL = SAFE
);
COMMENT ON AGGREGATE bloom_agg(real) IS
    'filter of the non-NULL values of a column, sized to their distinct count at false positive rate 0.01';
CREATE AGGREGATE bloom_agg(real, double precision) (
    SFUNC = bloom_distinct_trans, STYPE = internal, FINALFUNC = bloom_distinct_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = bloom_distinct_combine, SERIALFUNC = bloom_distinct_serialize,
    DESERIALFUNC = bloom_distinct_deserialize, PARALLEL = SAFE
);
COMMENT ON AGGREGATE bloom_agg(real, double precision) IS
    'filter of the non-NULL values of a column, sized to their distinct count at false positive rate fpr';

-- double precision
CREATE FUNCTION bloom_add_trans(bloom, double precision, bigint, double precision) RETURNS bloom
    AS 'MODULE_PATHNAME', 'bloom_add_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION bloom_add_trans(bloom, double precision, bigint, double precision) IS
    'transition function of bloom_agg(x, capacity, fpr)';
CREATE AGGREGATE bloom_agg(double precision, bigint, double precision) (
    SFUNC = bloom_add_trans, STYPE = bloom, FINALFUNC = bloom_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = bloom_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE bloom_agg(double precision, bigint, double precision) IS
    'filter of the non-NULL values of a column, sized for capacity items at false positive rate fpr';
CREATE FUNCTION bloom_add_trans(bloom, double precision, bigint, double precision, text) RETURNS bloom
    AS 'MODULE_PATHNAME', 'bloom_add_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION bloom_add_trans(bloom, double precision, bigint, double precision, text) IS
    'transition function of bloom_agg(x, capacity, fpr, layout)';
CREATE AGGREGATE bloom_agg(double precision, bigint, double precision, text) (
    SFUNC = bloom_add_trans, STYPE = bloom, FINALFUNC = bloom_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = bloom_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE bloom_agg(double precision, bigint, double precision, text) IS
    'filter of the non-NULL values of a column, sized for capacity items at false positive rate fpr, in a named layout';
CREATE FUNCTION bloom_distinct_trans(internal, double precision) RETURNS internal
    AS 'MODULE_PATHNAME', 'bloom_distinct_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION bloom_distinct_trans(internal, double precision) IS 'transition function of bloom_agg(x)';
CREATE FUNCTION bloom_distinct_trans(internal, double precision, double precision) RETURNS internal
    AS 'MODULE_PATHNAME', 'bloom_distinct_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION bloom_distinct_trans(internal, double precision, double precision) IS 'transition function of bloom_agg(x, fpr)';
CREATE AGGREGATE bloom_agg(double precision) (
    SFUNC = bloom_distinct_trans, STYPE = internal, FINALFUNC = bloom_distinct_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = bloom_distinct_combine, SERIALFUNC = bloom_distinct_serialize,
    DESERIALFUNC = bloom_distinct_deserialize, PARALLEL = SAFE
);
COMMENT ON AGGREGATE bloom_agg(double precision) IS
    'filter of the non-NULL values of a column, sized to their distinct count at false positive rate 0.01';
CREATE AGGREGATE bloom_agg(double precision, double precision) (
    SFUNC = bloom_distinct_trans, STYPE = internal, FINALFUNC = bloom_distinct_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = bloom_distinct_combine, SERIALFUNC = bloom_distinct_serialize,
    DESERIALFUNC = bloom_distinct_deserialize, PARALLEL = SAFE
);
COMMENT ON AGGREGATE bloom_agg(double precision, double precision) IS
    'filter of the non-NULL values of a column, sized to their distinct count at false positive rate fpr';

-- numeric
CREATE FUNCTION bloom_add_trans(bloom, numeric, bigint, double precision) RETURNS bloom
    AS 'MODULE_PATHNAME', 'bloom_add_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION bloom_add_trans(bloom, numeric, bigint, double precision) IS
    'transition function of bloom_agg(x, capacity, fpr)';
CREATE AGGREGATE bloom_agg(numeric, bigint, double precision) (
    SFUNC = bloom_add_trans, STYPE = bloom, FINALFUNC = bloom_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = bloom_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE bloom_agg(numeric, bigint, double precision) IS
    'filter of the non-NULL values of a column, sized for capacity items at false positive rate fpr';
CREATE FUNCTION bloom_add_trans(bloom, numeric, bigint, double precision, text) RETURNS bloom
    AS 'MODULE_PATHNAME', 'bloom_add_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION bloom_add_trans(bloom, numeric, bigint, double precision, text) IS
    'transition function of bloom_agg(x, capacity, fpr, layout)';
CREATE AGGREGATE bloom_agg(numeric, bigint, double precision, text) (
    SFUNC = bloom_add_trans, STYPE = bloom, FINALFUNC = bloom_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = bloom_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE bloom_agg(numeric, bigint, double precision, text) IS
    'filter of the non-NULL values of a column, sized for capacity items at false positive rate fpr, in a named layout';
CREATE FUNCTION bloom_distinct_trans(internal, numeric) RETURNS internal
    AS 'MODULE_PATHNAME', 'bloom_distinct_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION bloom_distinct_trans(internal, numeric) IS 'transition function of bloom_agg(x)';
CREATE FUNCTION bloom_distinct_trans(internal, numeric, double precision) RETURNS internal
    AS 'MODULE_PATHNAME', 'bloom_distinct_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION bloom_distinct_trans(internal, numeric, double precision) IS 'transition function of bloom_agg(x, fpr)';
CREATE AGGREGATE bloom_agg(numeric) (
    SFUNC = bloom_distinct_trans, STYPE = internal, FINALFUNC = bloom_distinct_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = bloom_distinct_combine, SERIALFUNC = bloom_distinct_serialize,
    DESERIALFUNC = bloom_distinct_deserialize, PARALLEL = SAFE
);
COMMENT ON AGGREGATE bloom_agg(numeric) IS
    'filter of the non-NULL values of a column, sized to their distinct count at false positive rate 0.01';
CREATE AGGREGATE bloom_agg(numeric, double precision) (
    SFUNC = bloom_distinct_trans, STYPE = internal, FINALFUNC = bloom_distinct_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = bloom_distinct_combine, SERIALFUNC = bloom_distinct_serialize,
    DESERIALFUNC = bloom_distinct_deserialize, PARALLEL = SAFE
);
COMMENT ON AGGREGATE bloom_agg(numeric, double precision) IS
    'filter of the non-NULL values of a column, sized to their distinct count at false positive rate fpr';

-- sketch_text
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

-- bytea
CREATE FUNCTION bloom_add_trans(bloom, bytea, bigint, double precision) RETURNS bloom
    AS 'MODULE_PATHNAME', 'bloom_add_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION bloom_add_trans(bloom, bytea, bigint, double precision) IS
    'transition function of bloom_agg(x, capacity, fpr)';
CREATE AGGREGATE bloom_agg(bytea, bigint, double precision) (
    SFUNC = bloom_add_trans, STYPE = bloom, FINALFUNC = bloom_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = bloom_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE bloom_agg(bytea, bigint, double precision) IS
    'filter of the non-NULL values of a column, sized for capacity items at false positive rate fpr';
CREATE FUNCTION bloom_add_trans(bloom, bytea, bigint, double precision, text) RETURNS bloom
    AS 'MODULE_PATHNAME', 'bloom_add_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION bloom_add_trans(bloom, bytea, bigint, double precision, text) IS
    'transition function of bloom_agg(x, capacity, fpr, layout)';
CREATE AGGREGATE bloom_agg(bytea, bigint, double precision, text) (
    SFUNC = bloom_add_trans, STYPE = bloom, FINALFUNC = bloom_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = bloom_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE bloom_agg(bytea, bigint, double precision, text) IS
    'filter of the non-NULL values of a column, sized for capacity items at false positive rate fpr, in a named layout';
CREATE FUNCTION bloom_distinct_trans(internal, bytea) RETURNS internal
    AS 'MODULE_PATHNAME', 'bloom_distinct_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION bloom_distinct_trans(internal, bytea) IS 'transition function of bloom_agg(x)';
CREATE FUNCTION bloom_distinct_trans(internal, bytea, double precision) RETURNS internal
    AS 'MODULE_PATHNAME', 'bloom_distinct_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION bloom_distinct_trans(internal, bytea, double precision) IS 'transition function of bloom_agg(x, fpr)';
CREATE AGGREGATE bloom_agg(bytea) (
    SFUNC = bloom_distinct_trans, STYPE = internal, FINALFUNC = bloom_distinct_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = bloom_distinct_combine, SERIALFUNC = bloom_distinct_serialize,
    DESERIALFUNC = bloom_distinct_deserialize, PARALLEL = SAFE
);
COMMENT ON AGGREGATE bloom_agg(bytea) IS
    'filter of the non-NULL values of a column, sized to their distinct count at false positive rate 0.01';
CREATE AGGREGATE bloom_agg(bytea, double precision) (
    SFUNC = bloom_distinct_trans, STYPE = internal, FINALFUNC = bloom_distinct_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = bloom_distinct_combine, SERIALFUNC = bloom_distinct_serialize,
    DESERIALFUNC = bloom_distinct_deserialize, PARALLEL = SAFE
);
COMMENT ON AGGREGATE bloom_agg(bytea, double precision) IS
    'filter of the non-NULL values of a column, sized to their distinct count at false positive rate fpr';

-- uuid
CREATE FUNCTION bloom_add_trans(bloom, uuid, bigint, double precision) RETURNS bloom
    AS 'MODULE_PATHNAME', 'bloom_add_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION bloom_add_trans(bloom, uuid, bigint, double precision) IS
    'transition function of bloom_agg(x, capacity, fpr)';
CREATE AGGREGATE bloom_agg(uuid, bigint, double precision) (
    SFUNC = bloom_add_trans, STYPE = bloom, FINALFUNC = bloom_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = bloom_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE bloom_agg(uuid, bigint, double precision) IS
    'filter of the non-NULL values of a column, sized for capacity items at false positive rate fpr';
CREATE FUNCTION bloom_add_trans(bloom, uuid, bigint, double precision, text) RETURNS bloom
    AS 'MODULE_PATHNAME', 'bloom_add_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION bloom_add_trans(bloom, uuid, bigint, double precision, text) IS
    'transition function of bloom_agg(x, capacity, fpr, layout)';
CREATE AGGREGATE bloom_agg(uuid, bigint, double precision, text) (
    SFUNC = bloom_add_trans, STYPE = bloom, FINALFUNC = bloom_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = bloom_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE bloom_agg(uuid, bigint, double precision, text) IS
    'filter of the non-NULL values of a column, sized for capacity items at false positive rate fpr, in a named layout';
CREATE FUNCTION bloom_distinct_trans(internal, uuid) RETURNS internal
    AS 'MODULE_PATHNAME', 'bloom_distinct_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION bloom_distinct_trans(internal, uuid) IS 'transition function of bloom_agg(x)';
CREATE FUNCTION bloom_distinct_trans(internal, uuid, double precision) RETURNS internal
    AS 'MODULE_PATHNAME', 'bloom_distinct_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION bloom_distinct_trans(internal, uuid, double precision) IS 'transition function of bloom_agg(x, fpr)';
CREATE AGGREGATE bloom_agg(uuid) (
    SFUNC = bloom_distinct_trans, STYPE = internal, FINALFUNC = bloom_distinct_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = bloom_distinct_combine, SERIALFUNC = bloom_distinct_serialize,
    DESERIALFUNC = bloom_distinct_deserialize, PARALLEL = SAFE
);
COMMENT ON AGGREGATE bloom_agg(uuid) IS
    'filter of the non-NULL values of a column, sized to their distinct count at false positive rate 0.01';
CREATE AGGREGATE bloom_agg(uuid, double precision) (
    SFUNC = bloom_distinct_trans, STYPE = internal, FINALFUNC = bloom_distinct_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = bloom_distinct_combine, SERIALFUNC = bloom_distinct_serialize,
    DESERIALFUNC = bloom_distinct_deserialize, PARALLEL = SAFE
);
COMMENT ON AGGREGATE bloom_agg(uuid, double precision) IS
    'filter of the non-NULL values of a column, sized to their distinct count at false positive rate fpr';

-- date
CREATE FUNCTION bloom_add_trans(bloom, date, bigint, double precision) RETURNS bloom
    AS 'MODULE_PATHNAME', 'bloom_add_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION bloom_add_trans(bloom, date, bigint, double precision) IS
    'transition function of bloom_agg(x, capacity, fpr)';
CREATE AGGREGATE bloom_agg(date, bigint, double precision) (
    SFUNC = bloom_add_trans, STYPE = bloom, FINALFUNC = bloom_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = bloom_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE bloom_agg(date, bigint, double precision) IS
    'filter of the non-NULL values of a column, sized for capacity items at false positive rate fpr';
CREATE FUNCTION bloom_add_trans(bloom, date, bigint, double precision, text) RETURNS bloom
    AS 'MODULE_PATHNAME', 'bloom_add_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION bloom_add_trans(bloom, date, bigint, double precision, text) IS
    'transition function of bloom_agg(x, capacity, fpr, layout)';
CREATE AGGREGATE bloom_agg(date, bigint, double precision, text) (
    SFUNC = bloom_add_trans, STYPE = bloom, FINALFUNC = bloom_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = bloom_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE bloom_agg(date, bigint, double precision, text) IS
    'filter of the non-NULL values of a column, sized for capacity items at false positive rate fpr, in a named layout';
CREATE FUNCTION bloom_distinct_trans(internal, date) RETURNS internal
    AS 'MODULE_PATHNAME', 'bloom_distinct_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION bloom_distinct_trans(internal, date) IS 'transition function of bloom_agg(x)';
CREATE FUNCTION bloom_distinct_trans(internal, date, double precision) RETURNS internal
    AS 'MODULE_PATHNAME', 'bloom_distinct_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION bloom_distinct_trans(internal, date, double precision) IS 'transition function of bloom_agg(x, fpr)';
CREATE AGGREGATE bloom_agg(date) (
    SFUNC = bloom_distinct_trans, STYPE = internal, FINALFUNC = bloom_distinct_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = bloom_distinct_combine, SERIALFUNC = bloom_distinct_serialize,
    DESERIALFUNC = bloom_distinct_deserialize, PARALLEL = SAFE
);
COMMENT ON AGGREGATE bloom_agg(date) IS
    'filter of the non-NULL values of a column, sized to their distinct count at false positive rate 0.01';
CREATE AGGREGATE bloom_agg(date, double precision) (
    SFUNC = bloom_distinct_trans, STYPE = internal, FINALFUNC = bloom_distinct_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = bloom_distinct_combine, SERIALFUNC = bloom_distinct_serialize,
    DESERIALFUNC = bloom_distinct_deserialize, PARALLEL = SAFE
);
COMMENT ON AGGREGATE bloom_agg(date, double precision) IS
    'filter of the non-NULL values of a column, sized to their distinct count at false positive rate fpr';

-- timestamp
CREATE FUNCTION bloom_add_trans(bloom, timestamp, bigint, double precision) RETURNS bloom
    AS 'MODULE_PATHNAME', 'bloom_add_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION bloom_add_trans(bloom, timestamp, bigint, double precision) IS
    'transition function of bloom_agg(x, capacity, fpr)';
CREATE AGGREGATE bloom_agg(timestamp, bigint, double precision) (
    SFUNC = bloom_add_trans, STYPE = bloom, FINALFUNC = bloom_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = bloom_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE bloom_agg(timestamp, bigint, double precision) IS
    'filter of the non-NULL values of a column, sized for capacity items at false positive rate fpr';
CREATE FUNCTION bloom_add_trans(bloom, timestamp, bigint, double precision, text) RETURNS bloom
    AS 'MODULE_PATHNAME', 'bloom_add_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION bloom_add_trans(bloom, timestamp, bigint, double precision, text) IS
    'transition function of bloom_agg(x, capacity, fpr, layout)';
CREATE AGGREGATE bloom_agg(timestamp, bigint, double precision, text) (
    SFUNC = bloom_add_trans, STYPE = bloom, FINALFUNC = bloom_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = bloom_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE bloom_agg(timestamp, bigint, double precision, text) IS
    'filter of the non-NULL values of a column, sized for capacity items at false positive rate fpr, in a named layout';
CREATE FUNCTION bloom_distinct_trans(internal, timestamp) RETURNS internal
    AS 'MODULE_PATHNAME', 'bloom_distinct_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION bloom_distinct_trans(internal, timestamp) IS 'transition function of bloom_agg(x)';
CREATE FUNCTION bloom_distinct_trans(internal, timestamp, double precision) RETURNS internal
    AS 'MODULE_PATHNAME', 'bloom_distinct_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION bloom_distinct_trans(internal, timestamp, double precision) IS 'transition function of bloom_agg(x, fpr)';
CREATE AGGREGATE bloom_agg(timestamp) (
    SFUNC = bloom_distinct_trans, STYPE = internal, FINALFUNC = bloom_distinct_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = bloom_distinct_combine, SERIALFUNC = bloom_distinct_serialize,
    DESERIALFUNC = bloom_distinct_deserialize, PARALLEL = SAFE
);
COMMENT ON AGGREGATE bloom_agg(timestamp) IS
    'filter of the non-NULL values of a column, sized to their distinct count at false positive rate 0.01';
CREATE AGGREGATE bloom_agg(timestamp, double precision) (
    SFUNC = bloom_distinct_trans, STYPE = internal, FINALFUNC = bloom_distinct_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = bloom_distinct_combine, SERIALFUNC = bloom_distinct_serialize,
    DESERIALFUNC = bloom_distinct_deserialize, PARALLEL = SAFE
);
COMMENT ON AGGREGATE bloom_agg(timestamp, double precision) IS
    'filter of the non-NULL values of a column, sized to their distinct count at false positive rate fpr';

-- timestamptz
CREATE FUNCTION bloom_add_trans(bloom, timestamptz, bigint, double precision) RETURNS bloom
    AS 'MODULE_PATHNAME', 'bloom_add_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION bloom_add_trans(bloom, timestamptz, bigint, double precision) IS
    'transition function of bloom_agg(x, capacity, fpr)';
CREATE AGGREGATE bloom_agg(timestamptz, bigint, double precision) (
    SFUNC = bloom_add_trans, STYPE = bloom, FINALFUNC = bloom_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = bloom_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE bloom_agg(timestamptz, bigint, double precision) IS
    'filter of the non-NULL values of a column, sized for capacity items at false positive rate fpr';
CREATE FUNCTION bloom_add_trans(bloom, timestamptz, bigint, double precision, text) RETURNS bloom
    AS 'MODULE_PATHNAME', 'bloom_add_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION bloom_add_trans(bloom, timestamptz, bigint, double precision, text) IS
    'transition function of bloom_agg(x, capacity, fpr, layout)';
CREATE AGGREGATE bloom_agg(timestamptz, bigint, double precision, text) (
    SFUNC = bloom_add_trans, STYPE = bloom, FINALFUNC = bloom_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = bloom_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE bloom_agg(timestamptz, bigint, double precision, text) IS
    'filter of the non-NULL values of a column, sized for capacity items at false positive rate fpr, in a named layout';
CREATE FUNCTION bloom_distinct_trans(internal, timestamptz) RETURNS internal
    AS 'MODULE_PATHNAME', 'bloom_distinct_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION bloom_distinct_trans(internal, timestamptz) IS 'transition function of bloom_agg(x)';
CREATE FUNCTION bloom_distinct_trans(internal, timestamptz, double precision) RETURNS internal
    AS 'MODULE_PATHNAME', 'bloom_distinct_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION bloom_distinct_trans(internal, timestamptz, double precision) IS 'transition function of bloom_agg(x, fpr)';
CREATE AGGREGATE bloom_agg(timestamptz) (
    SFUNC = bloom_distinct_trans, STYPE = internal, FINALFUNC = bloom_distinct_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = bloom_distinct_combine, SERIALFUNC = bloom_distinct_serialize,
    DESERIALFUNC = bloom_distinct_deserialize, PARALLEL = SAFE
);
COMMENT ON AGGREGATE bloom_agg(timestamptz) IS
    'filter of the non-NULL values of a column, sized to their distinct count at false positive rate 0.01';
CREATE AGGREGATE bloom_agg(timestamptz, double precision) (
    SFUNC = bloom_distinct_trans, STYPE = internal, FINALFUNC = bloom_distinct_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = bloom_distinct_combine, SERIALFUNC = bloom_distinct_serialize,
    DESERIALFUNC = bloom_distinct_deserialize, PARALLEL = SAFE
);
COMMENT ON AGGREGATE bloom_agg(timestamptz, double precision) IS
    'filter of the non-NULL values of a column, sized to their distinct count at false positive rate fpr';

-- "char"
CREATE FUNCTION bloom_add_trans(bloom, "char", bigint, double precision) RETURNS bloom
    AS 'MODULE_PATHNAME', 'bloom_add_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION bloom_add_trans(bloom, "char", bigint, double precision) IS
    'transition function of bloom_agg(x, capacity, fpr)';
CREATE AGGREGATE bloom_agg("char", bigint, double precision) (
    SFUNC = bloom_add_trans, STYPE = bloom, FINALFUNC = bloom_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = bloom_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE bloom_agg("char", bigint, double precision) IS
    'filter of the non-NULL values of a column, sized for capacity items at false positive rate fpr';
CREATE FUNCTION bloom_add_trans(bloom, "char", bigint, double precision, text) RETURNS bloom
    AS 'MODULE_PATHNAME', 'bloom_add_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION bloom_add_trans(bloom, "char", bigint, double precision, text) IS
    'transition function of bloom_agg(x, capacity, fpr, layout)';
CREATE AGGREGATE bloom_agg("char", bigint, double precision, text) (
    SFUNC = bloom_add_trans, STYPE = bloom, FINALFUNC = bloom_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = bloom_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE bloom_agg("char", bigint, double precision, text) IS
    'filter of the non-NULL values of a column, sized for capacity items at false positive rate fpr, in a named layout';
CREATE FUNCTION bloom_distinct_trans(internal, "char") RETURNS internal
    AS 'MODULE_PATHNAME', 'bloom_distinct_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION bloom_distinct_trans(internal, "char") IS 'transition function of bloom_agg(x)';
CREATE FUNCTION bloom_distinct_trans(internal, "char", double precision) RETURNS internal
    AS 'MODULE_PATHNAME', 'bloom_distinct_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION bloom_distinct_trans(internal, "char", double precision) IS 'transition function of bloom_agg(x, fpr)';
CREATE AGGREGATE bloom_agg("char") (
    SFUNC = bloom_distinct_trans, STYPE = internal, FINALFUNC = bloom_distinct_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = bloom_distinct_combine, SERIALFUNC = bloom_distinct_serialize,
    DESERIALFUNC = bloom_distinct_deserialize, PARALLEL = SAFE
);
COMMENT ON AGGREGATE bloom_agg("char") IS
    'filter of the non-NULL values of a column, sized to their distinct count at false positive rate 0.01';
CREATE AGGREGATE bloom_agg("char", double precision) (
    SFUNC = bloom_distinct_trans, STYPE = internal, FINALFUNC = bloom_distinct_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = bloom_distinct_combine, SERIALFUNC = bloom_distinct_serialize,
    DESERIALFUNC = bloom_distinct_deserialize, PARALLEL = SAFE
);
COMMENT ON AGGREGATE bloom_agg("char", double precision) IS
    'filter of the non-NULL values of a column, sized to their distinct count at false positive rate fpr';

-- anyelement
CREATE FUNCTION bloom_add_trans(bloom, anyelement, bigint, double precision) RETURNS bloom
    AS 'MODULE_PATHNAME', 'bloom_add_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION bloom_add_trans(bloom, anyelement, bigint, double precision) IS
    'transition function of bloom_agg(x, capacity, fpr)';
CREATE AGGREGATE bloom_agg(anyelement, bigint, double precision) (
    SFUNC = bloom_add_trans, STYPE = bloom, FINALFUNC = bloom_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = bloom_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE bloom_agg(anyelement, bigint, double precision) IS
    'filter of the non-NULL values of a column, sized for capacity items at false positive rate fpr';
CREATE FUNCTION bloom_add_trans(bloom, anyelement, bigint, double precision, text) RETURNS bloom
    AS 'MODULE_PATHNAME', 'bloom_add_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION bloom_add_trans(bloom, anyelement, bigint, double precision, text) IS
    'transition function of bloom_agg(x, capacity, fpr, layout)';
CREATE AGGREGATE bloom_agg(anyelement, bigint, double precision, text) (
    SFUNC = bloom_add_trans, STYPE = bloom, FINALFUNC = bloom_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = bloom_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE bloom_agg(anyelement, bigint, double precision, text) IS
    'filter of the non-NULL values of a column, sized for capacity items at false positive rate fpr, in a named layout';
CREATE FUNCTION bloom_distinct_trans(internal, anyelement) RETURNS internal
    AS 'MODULE_PATHNAME', 'bloom_distinct_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION bloom_distinct_trans(internal, anyelement) IS 'transition function of bloom_agg(x)';
CREATE FUNCTION bloom_distinct_trans(internal, anyelement, double precision) RETURNS internal
    AS 'MODULE_PATHNAME', 'bloom_distinct_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION bloom_distinct_trans(internal, anyelement, double precision) IS 'transition function of bloom_agg(x, fpr)';
CREATE AGGREGATE bloom_agg(anyelement) (
    SFUNC = bloom_distinct_trans, STYPE = internal, FINALFUNC = bloom_distinct_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = bloom_distinct_combine, SERIALFUNC = bloom_distinct_serialize,
    DESERIALFUNC = bloom_distinct_deserialize, PARALLEL = SAFE
);
COMMENT ON AGGREGATE bloom_agg(anyelement) IS
    'filter of the non-NULL values of a column, sized to their distinct count at false positive rate 0.01';
CREATE AGGREGATE bloom_agg(anyelement, double precision) (
    SFUNC = bloom_distinct_trans, STYPE = internal, FINALFUNC = bloom_distinct_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = bloom_distinct_combine, SERIALFUNC = bloom_distinct_serialize,
    DESERIALFUNC = bloom_distinct_deserialize, PARALLEL = SAFE
);
COMMENT ON AGGREGATE bloom_agg(anyelement, double precision) IS
    'filter of the non-NULL values of a column, sized to their distinct count at false positive rate fpr';

-- END GENERATED bloom

--------------------------------------------------------------------------------
-- cuckoo: a filter that can forget (doc/CUCKOO.md)
--------------------------------------------------------------------------------
CREATE TYPE cuckoo;

CREATE FUNCTION cuckoo_in(cstring) RETURNS cuckoo
    AS 'MODULE_PATHNAME', 'cuckoo_in' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION cuckoo_out(cuckoo) RETURNS cstring
    AS 'MODULE_PATHNAME', 'cuckoo_out' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION cuckoo_recv(internal) RETURNS cuckoo
    AS 'MODULE_PATHNAME', 'cuckoo_recv' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION cuckoo_send(cuckoo) RETURNS bytea
    AS 'MODULE_PATHNAME', 'cuckoo_send' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

-- Extended storage: large filters are compressed and stored out of line, and
-- the membership functions detoast one once per query.
CREATE TYPE cuckoo (
    INPUT = cuckoo_in, OUTPUT = cuckoo_out, RECEIVE = cuckoo_recv, SEND = cuckoo_send,
    INTERNALLENGTH = VARIABLE, STORAGE = extended
);
COMMENT ON TYPE cuckoo IS
    'cuckoo filter of a multiset of values: membership with no false negatives, and deletion';
COMMENT ON FUNCTION cuckoo_in(cstring) IS 'text input: \x and the hexadecimal binary format, validated field by field';
COMMENT ON FUNCTION cuckoo_out(cuckoo) IS 'text output: \x and the hexadecimal binary format';
COMMENT ON FUNCTION cuckoo_recv(internal) IS 'binary input: the binary format, validated field by field';
COMMENT ON FUNCTION cuckoo_send(cuckoo) IS 'binary output: the binary format';

CREATE FUNCTION cuckoo_from_bytea(bytea) RETURNS cuckoo
    AS 'MODULE_PATHNAME', 'cuckoo_from_bytea' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION cuckoo_from_bytea(bytea) IS 'validates the binary format field by field and returns it as cuckoo';
CREATE CAST (bytea AS cuckoo) WITH FUNCTION cuckoo_from_bytea(bytea);
COMMENT ON CAST (bytea AS cuckoo) IS 'the binary format, validated field by field';
CREATE CAST (cuckoo AS bytea) WITHOUT FUNCTION;
COMMENT ON CAST (cuckoo AS bytea) IS 'the binary format';

CREATE FUNCTION cuckoo_empty(capacity bigint, fpr double precision DEFAULT 0.01, seed bigint DEFAULT 0) RETURNS cuckoo
    AS 'MODULE_PATHNAME', 'cuckoo_empty' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION cuckoo_empty(bigint, double precision, bigint) IS
    'empty cuckoo filter that holds capacity items at false positive rate at most fpr';

CREATE FUNCTION cuckoo_add(cuckoo, anyelement) RETURNS cuckoo
    AS 'MODULE_PATHNAME', 'cuckoo_add' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION cuckoo_add(cuckoo, anyelement) IS
    'adds one copy of a value; NULL leaves the filter unchanged; a full filter is an error (54000)';
CREATE FUNCTION cuckoo_remove(cuckoo, anyelement) RETURNS cuckoo
    AS 'MODULE_PATHNAME', 'cuckoo_remove' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION cuckoo_remove(cuckoo, anyelement) IS
    'removes one copy of a value that was added (remove only what you added); an absent fingerprint leaves the filter unchanged';

CREATE FUNCTION cuckoo_contains(cuckoo, anyelement) RETURNS boolean
    AS 'MODULE_PATHNAME', 'cuckoo_contains' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION cuckoo_contains(cuckoo, anyelement) IS
    'the value is probably in the filter (no false negatives; false positives at about the target rate)';
CREATE FUNCTION cuckoo_contained(anyelement, cuckoo) RETURNS boolean
    AS 'MODULE_PATHNAME', 'cuckoo_contained' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION cuckoo_contained(anyelement, cuckoo) IS 'cuckoo_contains with its arguments swapped';
CREATE FUNCTION cuckoo_count(cuckoo, anyelement) RETURNS integer
    AS 'MODULE_PATHNAME', 'cuckoo_count' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION cuckoo_count(cuckoo, anyelement) IS
    'copies of the value''s fingerprint stored: an upper bound on the copies added and not removed';

CREATE FUNCTION cuckoo_union(cuckoo, cuckoo) RETURNS cuckoo
    AS 'MODULE_PATHNAME', 'cuckoo_union' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION cuckoo_union(cuckoo, cuckoo) IS
    'multiset union of filters with the same parameters: every copy in either';
CREATE FUNCTION cuckoo_cardinality(cuckoo) RETURNS bigint
    AS 'MODULE_PATHNAME', 'cuckoo_cardinality' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION cuckoo_cardinality(cuckoo) IS 'items stored, exactly: copies added minus copies removed';
CREATE FUNCTION cuckoo_info(cuckoo) RETURNS jsonb
    AS 'MODULE_PATHNAME', 'cuckoo_info' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION cuckoo_info(cuckoo) IS
    'every header field, load, estimated false positive rate now, bits per item at capacity, bytes';

-- The same inserts in the same order give the same bytes, so equality and
-- hashing are bytea's own functions.
CREATE FUNCTION cuckoo_eq(cuckoo, cuckoo) RETURNS boolean
    AS 'byteaeq' LANGUAGE internal IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION cuckoo_eq(cuckoo, cuckoo) IS 'the filters have the same parameters and table';
CREATE FUNCTION cuckoo_ne(cuckoo, cuckoo) RETURNS boolean
    AS 'byteane' LANGUAGE internal IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION cuckoo_ne(cuckoo, cuckoo) IS 'the filters differ in parameters or table';
CREATE FUNCTION cuckoo_hash(cuckoo) RETURNS integer
    AS 'hashvarlena' LANGUAGE internal IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION cuckoo_hash(cuckoo) IS 'hash of a filter, for hash joins and GROUP BY';
CREATE FUNCTION cuckoo_hash_extended(cuckoo, bigint) RETURNS bigint
    AS 'hashvarlenaextended' LANGUAGE internal IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION cuckoo_hash_extended(cuckoo, bigint) IS 'seeded 64-bit hash of a filter, for hash partitioning';

CREATE OPERATOR @> (LEFTARG = cuckoo, RIGHTARG = anyelement, FUNCTION = cuckoo_contains, COMMUTATOR = <@);
COMMENT ON OPERATOR @> (cuckoo, anyelement) IS 'filter probably contains the value';
CREATE OPERATOR <@ (LEFTARG = anyelement, RIGHTARG = cuckoo, FUNCTION = cuckoo_contained, COMMUTATOR = @>);
COMMENT ON OPERATOR <@ (anyelement, cuckoo) IS 'value is probably in the filter';
CREATE OPERATOR = (LEFTARG = cuckoo, RIGHTARG = cuckoo, FUNCTION = cuckoo_eq, COMMUTATOR = =, NEGATOR = <>,
    RESTRICT = eqsel, JOIN = eqjoinsel, HASHES);
COMMENT ON OPERATOR = (cuckoo, cuckoo) IS 'equal';
CREATE OPERATOR <> (LEFTARG = cuckoo, RIGHTARG = cuckoo, FUNCTION = cuckoo_ne, COMMUTATOR = <>, NEGATOR = =,
    RESTRICT = neqsel, JOIN = neqjoinsel);
COMMENT ON OPERATOR <> (cuckoo, cuckoo) IS 'not equal';

CREATE OPERATOR CLASS cuckoo_ops DEFAULT FOR TYPE cuckoo USING hash AS
    OPERATOR 1 = (cuckoo, cuckoo),
    FUNCTION 1 cuckoo_hash(cuckoo),
    FUNCTION 2 cuckoo_hash_extended(cuckoo, bigint);

-- Aggregates keep the cuckoo type itself as their state, with the multiset
-- union as combine function (parallel query, Citus). Concrete overloads let a
-- caller without the call expression still know the argument type.
CREATE FUNCTION cuckoo_agg_final(cuckoo) RETURNS cuckoo
    AS 'MODULE_PATHNAME', 'cuckoo_agg_final' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION cuckoo_agg_final(cuckoo) IS
    'final function of cuckoo_agg and cuckoo_union_agg: a copy of the state, or for zero rows an empty filter';
CREATE FUNCTION cuckoo_union_trans(cuckoo, cuckoo) RETURNS cuckoo
    AS 'MODULE_PATHNAME', 'cuckoo_union_trans' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION cuckoo_union_trans(cuckoo, cuckoo) IS
    'transition function of cuckoo_union_agg, combine function of it and cuckoo_agg';

CREATE AGGREGATE cuckoo_union_agg(cuckoo) (
    SFUNC = cuckoo_union_trans, STYPE = cuckoo, FINALFUNC = cuckoo_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = cuckoo_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE cuckoo_union_agg(cuckoo) IS 'multiset union of a column of filters (zero rows: NULL)';

-- cuckoo_add_trans and cuckoo_agg(x, capacity, fpr), for each hashed input type.
-- BEGIN GENERATED cuckoo (by sql/overloads.py from its table HASHED_TYPES; do not edit here)

-- smallint
CREATE FUNCTION cuckoo_add_trans(cuckoo, smallint, bigint, double precision) RETURNS cuckoo
    AS 'MODULE_PATHNAME', 'cuckoo_add_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION cuckoo_add_trans(cuckoo, smallint, bigint, double precision) IS
    'transition function of cuckoo_agg(x, capacity, fpr)';
CREATE AGGREGATE cuckoo_agg(smallint, bigint, double precision) (
    SFUNC = cuckoo_add_trans, STYPE = cuckoo, FINALFUNC = cuckoo_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = cuckoo_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE cuckoo_agg(smallint, bigint, double precision) IS
    'cuckoo filter of the non-NULL values of a column (every copy), sized for capacity items at false positive rate fpr';

-- integer
CREATE FUNCTION cuckoo_add_trans(cuckoo, integer, bigint, double precision) RETURNS cuckoo
    AS 'MODULE_PATHNAME', 'cuckoo_add_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION cuckoo_add_trans(cuckoo, integer, bigint, double precision) IS
    'transition function of cuckoo_agg(x, capacity, fpr)';
CREATE AGGREGATE cuckoo_agg(integer, bigint, double precision) (
    SFUNC = cuckoo_add_trans, STYPE = cuckoo, FINALFUNC = cuckoo_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = cuckoo_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE cuckoo_agg(integer, bigint, double precision) IS
    'cuckoo filter of the non-NULL values of a column (every copy), sized for capacity items at false positive rate fpr';

-- bigint
CREATE FUNCTION cuckoo_add_trans(cuckoo, bigint, bigint, double precision) RETURNS cuckoo
    AS 'MODULE_PATHNAME', 'cuckoo_add_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION cuckoo_add_trans(cuckoo, bigint, bigint, double precision) IS
    'transition function of cuckoo_agg(x, capacity, fpr)';
CREATE AGGREGATE cuckoo_agg(bigint, bigint, double precision) (
    SFUNC = cuckoo_add_trans, STYPE = cuckoo, FINALFUNC = cuckoo_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = cuckoo_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE cuckoo_agg(bigint, bigint, double precision) IS
    'cuckoo filter of the non-NULL values of a column (every copy), sized for capacity items at false positive rate fpr';

-- real
CREATE FUNCTION cuckoo_add_trans(cuckoo, real, bigint, double precision) RETURNS cuckoo
    AS 'MODULE_PATHNAME', 'cuckoo_add_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION cuckoo_add_trans(cuckoo, real, bigint, double precision) IS
    'transition function of cuckoo_agg(x, capacity, fpr)';
CREATE AGGREGATE cuckoo_agg(real, bigint, double precision) (
    SFUNC = cuckoo_add_trans, STYPE = cuckoo, FINALFUNC = cuckoo_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = cuckoo_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE cuckoo_agg(real, bigint, double precision) IS
    'cuckoo filter of the non-NULL values of a column (every copy), sized for capacity items at false positive rate fpr';

-- double precision
CREATE FUNCTION cuckoo_add_trans(cuckoo, double precision, bigint, double precision) RETURNS cuckoo
    AS 'MODULE_PATHNAME', 'cuckoo_add_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION cuckoo_add_trans(cuckoo, double precision, bigint, double precision) IS
    'transition function of cuckoo_agg(x, capacity, fpr)';
CREATE AGGREGATE cuckoo_agg(double precision, bigint, double precision) (
    SFUNC = cuckoo_add_trans, STYPE = cuckoo, FINALFUNC = cuckoo_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = cuckoo_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE cuckoo_agg(double precision, bigint, double precision) IS
    'cuckoo filter of the non-NULL values of a column (every copy), sized for capacity items at false positive rate fpr';

-- numeric
CREATE FUNCTION cuckoo_add_trans(cuckoo, numeric, bigint, double precision) RETURNS cuckoo
    AS 'MODULE_PATHNAME', 'cuckoo_add_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION cuckoo_add_trans(cuckoo, numeric, bigint, double precision) IS
    'transition function of cuckoo_agg(x, capacity, fpr)';
CREATE AGGREGATE cuckoo_agg(numeric, bigint, double precision) (
    SFUNC = cuckoo_add_trans, STYPE = cuckoo, FINALFUNC = cuckoo_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = cuckoo_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE cuckoo_agg(numeric, bigint, double precision) IS
    'cuckoo filter of the non-NULL values of a column (every copy), sized for capacity items at false positive rate fpr';

-- sketch_text
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

-- bytea
CREATE FUNCTION cuckoo_add_trans(cuckoo, bytea, bigint, double precision) RETURNS cuckoo
    AS 'MODULE_PATHNAME', 'cuckoo_add_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION cuckoo_add_trans(cuckoo, bytea, bigint, double precision) IS
    'transition function of cuckoo_agg(x, capacity, fpr)';
CREATE AGGREGATE cuckoo_agg(bytea, bigint, double precision) (
    SFUNC = cuckoo_add_trans, STYPE = cuckoo, FINALFUNC = cuckoo_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = cuckoo_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE cuckoo_agg(bytea, bigint, double precision) IS
    'cuckoo filter of the non-NULL values of a column (every copy), sized for capacity items at false positive rate fpr';

-- uuid
CREATE FUNCTION cuckoo_add_trans(cuckoo, uuid, bigint, double precision) RETURNS cuckoo
    AS 'MODULE_PATHNAME', 'cuckoo_add_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION cuckoo_add_trans(cuckoo, uuid, bigint, double precision) IS
    'transition function of cuckoo_agg(x, capacity, fpr)';
CREATE AGGREGATE cuckoo_agg(uuid, bigint, double precision) (
    SFUNC = cuckoo_add_trans, STYPE = cuckoo, FINALFUNC = cuckoo_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = cuckoo_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE cuckoo_agg(uuid, bigint, double precision) IS
    'cuckoo filter of the non-NULL values of a column (every copy), sized for capacity items at false positive rate fpr';

-- date
CREATE FUNCTION cuckoo_add_trans(cuckoo, date, bigint, double precision) RETURNS cuckoo
    AS 'MODULE_PATHNAME', 'cuckoo_add_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION cuckoo_add_trans(cuckoo, date, bigint, double precision) IS
    'transition function of cuckoo_agg(x, capacity, fpr)';
CREATE AGGREGATE cuckoo_agg(date, bigint, double precision) (
    SFUNC = cuckoo_add_trans, STYPE = cuckoo, FINALFUNC = cuckoo_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = cuckoo_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE cuckoo_agg(date, bigint, double precision) IS
    'cuckoo filter of the non-NULL values of a column (every copy), sized for capacity items at false positive rate fpr';

-- timestamp
CREATE FUNCTION cuckoo_add_trans(cuckoo, timestamp, bigint, double precision) RETURNS cuckoo
    AS 'MODULE_PATHNAME', 'cuckoo_add_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION cuckoo_add_trans(cuckoo, timestamp, bigint, double precision) IS
    'transition function of cuckoo_agg(x, capacity, fpr)';
CREATE AGGREGATE cuckoo_agg(timestamp, bigint, double precision) (
    SFUNC = cuckoo_add_trans, STYPE = cuckoo, FINALFUNC = cuckoo_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = cuckoo_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE cuckoo_agg(timestamp, bigint, double precision) IS
    'cuckoo filter of the non-NULL values of a column (every copy), sized for capacity items at false positive rate fpr';

-- timestamptz
CREATE FUNCTION cuckoo_add_trans(cuckoo, timestamptz, bigint, double precision) RETURNS cuckoo
    AS 'MODULE_PATHNAME', 'cuckoo_add_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION cuckoo_add_trans(cuckoo, timestamptz, bigint, double precision) IS
    'transition function of cuckoo_agg(x, capacity, fpr)';
CREATE AGGREGATE cuckoo_agg(timestamptz, bigint, double precision) (
    SFUNC = cuckoo_add_trans, STYPE = cuckoo, FINALFUNC = cuckoo_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = cuckoo_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE cuckoo_agg(timestamptz, bigint, double precision) IS
    'cuckoo filter of the non-NULL values of a column (every copy), sized for capacity items at false positive rate fpr';

-- "char"
CREATE FUNCTION cuckoo_add_trans(cuckoo, "char", bigint, double precision) RETURNS cuckoo
    AS 'MODULE_PATHNAME', 'cuckoo_add_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION cuckoo_add_trans(cuckoo, "char", bigint, double precision) IS
    'transition function of cuckoo_agg(x, capacity, fpr)';
CREATE AGGREGATE cuckoo_agg("char", bigint, double precision) (
    SFUNC = cuckoo_add_trans, STYPE = cuckoo, FINALFUNC = cuckoo_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = cuckoo_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE cuckoo_agg("char", bigint, double precision) IS
    'cuckoo filter of the non-NULL values of a column (every copy), sized for capacity items at false positive rate fpr';

-- anyelement
CREATE FUNCTION cuckoo_add_trans(cuckoo, anyelement, bigint, double precision) RETURNS cuckoo
    AS 'MODULE_PATHNAME', 'cuckoo_add_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION cuckoo_add_trans(cuckoo, anyelement, bigint, double precision) IS
    'transition function of cuckoo_agg(x, capacity, fpr)';
CREATE AGGREGATE cuckoo_agg(anyelement, bigint, double precision) (
    SFUNC = cuckoo_add_trans, STYPE = cuckoo, FINALFUNC = cuckoo_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = cuckoo_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE cuckoo_agg(anyelement, bigint, double precision) IS
    'cuckoo filter of the non-NULL values of a column (every copy), sized for capacity items at false positive rate fpr';

-- END GENERATED cuckoo

-- BEGIN issue-25 imports
-- Other systems' sketches (doc/FORMAT.md 3.15, doc/MIGRATING.md): hll_import reads
-- postgresql-hll's bytes into an hll of its hash family, hll_export writes them again,
-- and hll_add_agg(x, p, family) builds from rows the sketch the family's producer would.
CREATE FUNCTION hll_import(bytes bytea, format text) RETURNS hll
    AS 'MODULE_PATHNAME', 'hll_import' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION hll_import(bytea, text) IS
    'an hll of another system''s sketch bytes (format ''postgresql-hll'', ''redis'' or ''datasketches''), validated field by field';
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
-- hll_add_family_trans(hll, x, p, family) and hll_add_agg(x, p, family), for each hashed input type.
-- BEGIN GENERATED hll_family (by sql/overloads.py from its table HASHED_TYPES; do not edit here)

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

-- END GENERATED hll_family
-- END issue-25
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
COMMENT ON FUNCTION ddsketch_min(ddsketch) IS
    'smallest value, exactly (estimated from the buckets when the sum is not known: an imported image); NULL for an empty sketch';
CREATE FUNCTION ddsketch_max(ddsketch) RETURNS double precision
    AS 'MODULE_PATHNAME', 'ddsketch_max' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION ddsketch_max(ddsketch) IS
    'largest value, exactly (estimated from the buckets when the sum is not known: an imported image); NULL for an empty sketch';
CREATE FUNCTION ddsketch_sum(ddsketch) RETURNS double precision
    AS 'MODULE_PATHNAME', 'ddsketch_sum' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION ddsketch_sum(ddsketch) IS
    'sum of the values, exact and rounded once (whatever the order or the partitions); NULL for an empty sketch; an error when the sum is not known (an imported image holds none)';
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
CREATE FUNCTION ddsketch_import(bytes bytea, format text) RETURNS ddsketch
    AS 'MODULE_PATHNAME', 'ddsketch_import' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION ddsketch_import(bytea, text) IS
    'a ddsketch of another system''s image (format ''datadog-js'': DataDog''s DDSketch protobuf), validated field by field; its sum is not known';
CREATE FUNCTION ddsketch_export(sketch ddsketch, format text) RETURNS bytea
    AS 'MODULE_PATHNAME', 'ddsketch_export' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION ddsketch_export(ddsketch, text) IS
    'the sketch as another system''s image (format ''datadog-js'': DataDog''s DDSketch protobuf, cubically interpolated mapping)';

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
-- BEGIN GENERATED ddsketch (by sql/overloads.py from its table NUMERIC_TYPES; do not edit here)

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

-- END GENERATED ddsketch

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

-- countmin_add_trans and countmin_agg(x [, weight] [, epsilon, delta]), for each hashed input type.
-- BEGIN GENERATED countmin (by sql/overloads.py from its table HASHED_TYPES; do not edit here)

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

-- END GENERATED countmin
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

-- BEGIN issue-26 kll
--------------------------------------------------------------------------------
-- kll: quantiles with a rank error, Apache DataSketches' KLL (doc/FORMAT.md 10)
--------------------------------------------------------------------------------
CREATE TYPE kll;

CREATE FUNCTION kll_in(cstring) RETURNS kll
    AS 'MODULE_PATHNAME', 'kll_in' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION kll_out(kll) RETURNS cstring
    AS 'MODULE_PATHNAME', 'kll_out' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION kll_recv(internal) RETURNS kll
    AS 'MODULE_PATHNAME', 'kll_recv' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION kll_send(kll) RETURNS bytea
    AS 'MODULE_PATHNAME', 'kll_send' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

CREATE TYPE kll (
    INPUT = kll_in, OUTPUT = kll_out, RECEIVE = kll_recv, SEND = kll_send,
    INTERNALLENGTH = VARIABLE, STORAGE = extended
);
COMMENT ON TYPE kll IS
    'quantile sketch with a rank error: every quantile''s rank within kll_rank_error (KLL, Apache DataSketches'' layout)';
COMMENT ON FUNCTION kll_in(cstring) IS 'text input: \x and the hexadecimal binary format, validated field by field';
COMMENT ON FUNCTION kll_out(kll) IS 'text output: \x and the hexadecimal binary format';
COMMENT ON FUNCTION kll_recv(internal) IS 'binary input: the binary format, validated field by field';
COMMENT ON FUNCTION kll_send(kll) IS 'binary output: the binary format';

CREATE FUNCTION kll_from_bytea(bytea) RETURNS kll
    AS 'MODULE_PATHNAME', 'kll_from_bytea' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION kll_from_bytea(bytea) IS 'validates the binary format field by field and returns it as kll';
CREATE CAST (bytea AS kll) WITH FUNCTION kll_from_bytea(bytea);
COMMENT ON CAST (bytea AS kll) IS 'the binary format, validated field by field';
CREATE CAST (kll AS bytea) WITHOUT FUNCTION;
COMMENT ON CAST (kll AS bytea) IS 'the binary format';

CREATE FUNCTION quantile(kll, double precision) RETURNS double precision
    AS 'MODULE_PATHNAME', 'quantile' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION quantile(kll, double precision) IS
    'a retained value whose rank is within kll_rank_error of q (DataSketches'' inclusive rule); NULL for an empty sketch';
CREATE FUNCTION quantiles(kll, double precision[]) RETURNS double precision[]
    AS 'MODULE_PATHNAME', 'quantiles' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION quantiles(kll, double precision[]) IS
    'quantile() at each q of an array (a NULL q gives NULL); NULL for an empty sketch';
CREATE FUNCTION quantile_rank(kll, double precision) RETURNS double precision
    AS 'MODULE_PATHNAME', 'quantile_rank' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION quantile_rank(kll, double precision) IS
    'estimated fraction of the values at or below x, within kll_rank_error; NULL for an empty sketch';
CREATE FUNCTION kll_count(kll) RETURNS bigint
    AS 'MODULE_PATHNAME', 'kll_count' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION kll_count(kll) IS 'number of values, exactly';
CREATE FUNCTION kll_min(kll) RETURNS double precision
    AS 'MODULE_PATHNAME', 'kll_min' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION kll_min(kll) IS 'smallest value, exactly; NULL for an empty sketch';
CREATE FUNCTION kll_max(kll) RETURNS double precision
    AS 'MODULE_PATHNAME', 'kll_max' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION kll_max(kll) IS 'largest value, exactly; NULL for an empty sketch';
CREATE FUNCTION kll_rank_error(kll, double_sided boolean DEFAULT false) RETURNS double precision
    AS 'MODULE_PATHNAME', 'kll_rank_error' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION kll_rank_error(kll, boolean) IS
    'DataSketches'' a priori normalized rank error of the sketch''s smallest k (99% confidence), single- or double-sided';
CREATE FUNCTION kll_union(kll, kll) RETURNS kll
    AS 'MODULE_PATHNAME', 'kll_union' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION kll_union(kll, kll) IS
    'sketch of both inputs'' values, DataSketches'' merge: the left''s k, the smaller k for the error';
CREATE FUNCTION kll_info(kll) RETURNS jsonb
    AS 'MODULE_PATHNAME', 'kll_info' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION kll_info(kll) IS 'every header field, the level sizes, the rank errors, min and max, bytes';
CREATE FUNCTION kll_import(bytea) RETURNS kll
    AS 'MODULE_PATHNAME', 'kll_import' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION kll_import(bytea) IS
    'an Apache DataSketches KLL image of doubles or floats (Spark, Druid, datasketches-postgresql), validated field by field';
CREATE FUNCTION kll_export(kll, items text DEFAULT 'double') RETURNS bytea
    AS 'MODULE_PATHNAME', 'kll_export' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION kll_export(kll, text) IS
    'the Apache DataSketches KLL image datasketches-cpp writes for the sketch, of ''double'' or ''float'' items';

-- A value's bytes say everything it holds, so equality and hashing are bytea's own functions.
CREATE FUNCTION kll_eq(kll, kll) RETURNS boolean
    AS 'byteaeq' LANGUAGE internal IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION kll_eq(kll, kll) IS 'the sketches have the same bytes';
CREATE FUNCTION kll_ne(kll, kll) RETURNS boolean
    AS 'byteane' LANGUAGE internal IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION kll_ne(kll, kll) IS 'the sketches differ in some byte';
CREATE FUNCTION kll_hash(kll) RETURNS integer
    AS 'hashvarlena' LANGUAGE internal IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION kll_hash(kll) IS 'hash of a sketch, for hash joins and GROUP BY';
CREATE FUNCTION kll_hash_extended(kll, bigint) RETURNS bigint
    AS 'hashvarlenaextended' LANGUAGE internal IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION kll_hash_extended(kll, bigint) IS 'seeded 64-bit hash of a sketch, for hash partitioning';

CREATE OPERATOR || (LEFTARG = kll, RIGHTARG = kll, FUNCTION = kll_union);
COMMENT ON OPERATOR || (kll, kll) IS 'union (DataSketches'' merge of the right into the left)';
CREATE OPERATOR = (LEFTARG = kll, RIGHTARG = kll, FUNCTION = kll_eq, COMMUTATOR = =, NEGATOR = <>,
    RESTRICT = eqsel, JOIN = eqjoinsel, HASHES);
COMMENT ON OPERATOR = (kll, kll) IS 'equal';
CREATE OPERATOR <> (LEFTARG = kll, RIGHTARG = kll, FUNCTION = kll_ne, COMMUTATOR = <>, NEGATOR = =,
    RESTRICT = neqsel, JOIN = neqjoinsel);
COMMENT ON OPERATOR <> (kll, kll) IS 'not equal';

CREATE OPERATOR CLASS kll_ops DEFAULT FOR TYPE kll USING hash AS
    OPERATOR 1 = (kll, kll),
    FUNCTION 1 kll_hash(kll),
    FUNCTION 2 kll_hash_extended(kll, bigint);

-- Aggregates keep the kll type itself as their state (kll_agg's a working
-- state: doc/FORMAT.md 10.5), with the union as combine function (parallel query, Citus).
CREATE FUNCTION kll_agg_final(kll) RETURNS kll
    AS 'MODULE_PATHNAME', 'kll_agg_final' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION kll_agg_final(kll) IS
    'final function of kll_agg: the state''s value, or for zero rows an empty sketch';
CREATE FUNCTION kll_union_final(kll) RETURNS kll
    AS 'MODULE_PATHNAME', 'kll_union_final' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION kll_union_final(kll) IS 'final function of kll_union_agg: the state''s value';
CREATE FUNCTION kll_union_trans(kll, kll) RETURNS kll
    AS 'MODULE_PATHNAME', 'kll_union_trans' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION kll_union_trans(kll, kll) IS 'transition and combine function of kll_union_agg';
CREATE FUNCTION kll_agg_combine(kll, kll) RETURNS kll
    AS 'MODULE_PATHNAME', 'kll_agg_combine' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION kll_agg_combine(kll, kll) IS
    'combine function of kll_agg: the union of partial sketches of one k (a k that changed is refused)';

CREATE AGGREGATE kll_union_agg(kll) (
    SFUNC = kll_union_trans, STYPE = kll, FINALFUNC = kll_union_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = kll_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE kll_union_agg(kll) IS 'union of a column of sketches (zero rows: NULL)';

-- kll_add_trans and kll_agg(x [, k]), for each numeric input type.
-- BEGIN GENERATED kll (by sql/overloads.py from its table NUMERIC_TYPES; do not edit here)

-- smallint
CREATE FUNCTION kll_add_trans(kll, smallint) RETURNS kll
    AS 'MODULE_PATHNAME', 'kll_add_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION kll_add_trans(kll, smallint) IS 'transition function of kll_agg(x)';
CREATE FUNCTION kll_add_trans(kll, smallint, integer) RETURNS kll
    AS 'MODULE_PATHNAME', 'kll_add_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION kll_add_trans(kll, smallint, integer) IS 'transition function of kll_agg(x, k)';
CREATE AGGREGATE kll_agg(smallint) (
    SFUNC = kll_add_trans, STYPE = kll, FINALFUNC = kll_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = kll_agg_combine, PARALLEL = SAFE
);
COMMENT ON AGGREGATE kll_agg(smallint) IS 'rank-error quantile sketch (KLL, k = 200) of the non-NULL values of a column';
CREATE AGGREGATE kll_agg(smallint, integer) (
    SFUNC = kll_add_trans, STYPE = kll, FINALFUNC = kll_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = kll_agg_combine, PARALLEL = SAFE
);
COMMENT ON AGGREGATE kll_agg(smallint, integer) IS 'rank-error quantile sketch (KLL) at parameter k of the non-NULL values of a column';

-- integer
CREATE FUNCTION kll_add_trans(kll, integer) RETURNS kll
    AS 'MODULE_PATHNAME', 'kll_add_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION kll_add_trans(kll, integer) IS 'transition function of kll_agg(x)';
CREATE FUNCTION kll_add_trans(kll, integer, integer) RETURNS kll
    AS 'MODULE_PATHNAME', 'kll_add_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION kll_add_trans(kll, integer, integer) IS 'transition function of kll_agg(x, k)';
CREATE AGGREGATE kll_agg(integer) (
    SFUNC = kll_add_trans, STYPE = kll, FINALFUNC = kll_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = kll_agg_combine, PARALLEL = SAFE
);
COMMENT ON AGGREGATE kll_agg(integer) IS 'rank-error quantile sketch (KLL, k = 200) of the non-NULL values of a column';
CREATE AGGREGATE kll_agg(integer, integer) (
    SFUNC = kll_add_trans, STYPE = kll, FINALFUNC = kll_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = kll_agg_combine, PARALLEL = SAFE
);
COMMENT ON AGGREGATE kll_agg(integer, integer) IS 'rank-error quantile sketch (KLL) at parameter k of the non-NULL values of a column';

-- bigint
CREATE FUNCTION kll_add_trans(kll, bigint) RETURNS kll
    AS 'MODULE_PATHNAME', 'kll_add_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION kll_add_trans(kll, bigint) IS 'transition function of kll_agg(x)';
CREATE FUNCTION kll_add_trans(kll, bigint, integer) RETURNS kll
    AS 'MODULE_PATHNAME', 'kll_add_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION kll_add_trans(kll, bigint, integer) IS 'transition function of kll_agg(x, k)';
CREATE AGGREGATE kll_agg(bigint) (
    SFUNC = kll_add_trans, STYPE = kll, FINALFUNC = kll_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = kll_agg_combine, PARALLEL = SAFE
);
COMMENT ON AGGREGATE kll_agg(bigint) IS 'rank-error quantile sketch (KLL, k = 200) of the non-NULL values of a column';
CREATE AGGREGATE kll_agg(bigint, integer) (
    SFUNC = kll_add_trans, STYPE = kll, FINALFUNC = kll_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = kll_agg_combine, PARALLEL = SAFE
);
COMMENT ON AGGREGATE kll_agg(bigint, integer) IS 'rank-error quantile sketch (KLL) at parameter k of the non-NULL values of a column';

-- real
CREATE FUNCTION kll_add_trans(kll, real) RETURNS kll
    AS 'MODULE_PATHNAME', 'kll_add_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION kll_add_trans(kll, real) IS 'transition function of kll_agg(x)';
CREATE FUNCTION kll_add_trans(kll, real, integer) RETURNS kll
    AS 'MODULE_PATHNAME', 'kll_add_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION kll_add_trans(kll, real, integer) IS 'transition function of kll_agg(x, k)';
CREATE AGGREGATE kll_agg(real) (
    SFUNC = kll_add_trans, STYPE = kll, FINALFUNC = kll_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = kll_agg_combine, PARALLEL = SAFE
);
COMMENT ON AGGREGATE kll_agg(real) IS 'rank-error quantile sketch (KLL, k = 200) of the non-NULL values of a column';
CREATE AGGREGATE kll_agg(real, integer) (
    SFUNC = kll_add_trans, STYPE = kll, FINALFUNC = kll_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = kll_agg_combine, PARALLEL = SAFE
);
COMMENT ON AGGREGATE kll_agg(real, integer) IS 'rank-error quantile sketch (KLL) at parameter k of the non-NULL values of a column';

-- double precision
CREATE FUNCTION kll_add_trans(kll, double precision) RETURNS kll
    AS 'MODULE_PATHNAME', 'kll_add_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION kll_add_trans(kll, double precision) IS 'transition function of kll_agg(x)';
CREATE FUNCTION kll_add_trans(kll, double precision, integer) RETURNS kll
    AS 'MODULE_PATHNAME', 'kll_add_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION kll_add_trans(kll, double precision, integer) IS 'transition function of kll_agg(x, k)';
CREATE AGGREGATE kll_agg(double precision) (
    SFUNC = kll_add_trans, STYPE = kll, FINALFUNC = kll_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = kll_agg_combine, PARALLEL = SAFE
);
COMMENT ON AGGREGATE kll_agg(double precision) IS 'rank-error quantile sketch (KLL, k = 200) of the non-NULL values of a column';
CREATE AGGREGATE kll_agg(double precision, integer) (
    SFUNC = kll_add_trans, STYPE = kll, FINALFUNC = kll_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = kll_agg_combine, PARALLEL = SAFE
);
COMMENT ON AGGREGATE kll_agg(double precision, integer) IS 'rank-error quantile sketch (KLL) at parameter k of the non-NULL values of a column';

-- numeric
CREATE FUNCTION kll_add_trans(kll, numeric) RETURNS kll
    AS 'MODULE_PATHNAME', 'kll_add_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION kll_add_trans(kll, numeric) IS 'transition function of kll_agg(x)';
CREATE FUNCTION kll_add_trans(kll, numeric, integer) RETURNS kll
    AS 'MODULE_PATHNAME', 'kll_add_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION kll_add_trans(kll, numeric, integer) IS 'transition function of kll_agg(x, k)';
CREATE AGGREGATE kll_agg(numeric) (
    SFUNC = kll_add_trans, STYPE = kll, FINALFUNC = kll_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = kll_agg_combine, PARALLEL = SAFE
);
COMMENT ON AGGREGATE kll_agg(numeric) IS 'rank-error quantile sketch (KLL, k = 200) of the non-NULL values of a column';
CREATE AGGREGATE kll_agg(numeric, integer) (
    SFUNC = kll_add_trans, STYPE = kll, FINALFUNC = kll_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = kll_agg_combine, PARALLEL = SAFE
);
COMMENT ON AGGREGATE kll_agg(numeric, integer) IS 'rank-error quantile sketch (KLL) at parameter k of the non-NULL values of a column';

-- END GENERATED kll
-- END issue-26
--------------------------------------------------------------------------------
-- agebloom: a filter that forgets by itself, a window of the last N insertions
-- or of time (age-partitioned Bloom filter; doc/FORMAT.md 11)
--------------------------------------------------------------------------------
CREATE TYPE agebloom;

CREATE FUNCTION agebloom_in(cstring) RETURNS agebloom
    AS 'MODULE_PATHNAME', 'agebloom_in' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION agebloom_out(agebloom) RETURNS cstring
    AS 'MODULE_PATHNAME', 'agebloom_out' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION agebloom_recv(internal) RETURNS agebloom
    AS 'MODULE_PATHNAME', 'agebloom_recv' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION agebloom_send(agebloom) RETURNS bytea
    AS 'MODULE_PATHNAME', 'agebloom_send' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE TYPE agebloom (
    INPUT = agebloom_in, OUTPUT = agebloom_out, RECEIVE = agebloom_recv, SEND = agebloom_send,
    INTERNALLENGTH = VARIABLE, STORAGE = extended
);
COMMENT ON TYPE agebloom IS
    'age-partitioned Bloom filter: membership within a window of the last insertions or of time, forgetting older values';
COMMENT ON FUNCTION agebloom_in(cstring) IS 'text input: \x and the hexadecimal binary format, validated field by field';
COMMENT ON FUNCTION agebloom_out(agebloom) IS 'text output: \x and the hexadecimal binary format';
COMMENT ON FUNCTION agebloom_recv(internal) IS 'binary input: the binary format, validated field by field';
COMMENT ON FUNCTION agebloom_send(agebloom) IS 'binary output: the binary format';

CREATE FUNCTION agebloom_from_bytea(bytea) RETURNS agebloom
    AS 'MODULE_PATHNAME', 'agebloom_from_bytea' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION agebloom_from_bytea(bytea) IS 'validates the binary format field by field and returns it as agebloom';
CREATE CAST (bytea AS agebloom) WITH FUNCTION agebloom_from_bytea(bytea);
COMMENT ON CAST (bytea AS agebloom) IS 'the binary format, validated field by field';
CREATE CAST (agebloom AS bytea) WITHOUT FUNCTION;
COMMENT ON CAST (agebloom AS bytea) IS 'the binary format';

CREATE FUNCTION agebloom_empty("window" bigint, fpr double precision DEFAULT 0.01, generations integer DEFAULT 0,
                               seed bigint DEFAULT 0) RETURNS agebloom
    AS 'MODULE_PATHNAME', 'agebloom_empty' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION agebloom_empty(bigint, double precision, integer, bigint) IS
    'empty filter of the last window insertions at false positive rate at most fpr (generations 0: 32)';
CREATE FUNCTION agebloom_empty("window" interval, capacity bigint, fpr double precision DEFAULT 0.01,
                               generations integer DEFAULT 0, seed bigint DEFAULT 0) RETURNS agebloom
    AS 'MODULE_PATHNAME', 'agebloom_empty' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION agebloom_empty(interval, bigint, double precision, integer, bigint) IS
    'empty filter of a time window holding capacity values a window (capacity / generations in each) at rate at most fpr';

CREATE FUNCTION agebloom_add(agebloom, anyelement, at timestamptz DEFAULT now()) RETURNS agebloom
    AS 'MODULE_PATHNAME', 'agebloom_add' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION agebloom_add(agebloom, anyelement, timestamptz) IS
    'adds a value at time at (time windows; a count window ignores it); NULL leaves the filter unchanged; a full generation is an error (54000)';
CREATE FUNCTION agebloom_contains(agebloom, anyelement) RETURNS boolean
    AS 'MODULE_PATHNAME', 'agebloom_contains' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION agebloom_contains(agebloom, anyelement) IS
    'the value was probably added within the window, as of the filter''s newest add (no false negatives within it)';
CREATE FUNCTION agebloom_contains(agebloom, anyelement, at timestamptz) RETURNS boolean
    AS 'MODULE_PATHNAME', 'agebloom_contains' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION agebloom_contains(agebloom, anyelement, timestamptz) IS
    'the value was probably added within the time window ending at at (not before the filter''s newest generation)';
CREATE FUNCTION agebloom_union(agebloom, agebloom) RETURNS agebloom
    AS 'MODULE_PATHNAME', 'agebloom_union' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION agebloom_union(agebloom, agebloom) IS
    'union of two time-window filters with the same parameters, aligned at the newer one''s generation';
CREATE FUNCTION agebloom_info(agebloom) RETURNS jsonb
    AS 'MODULE_PATHNAME', 'agebloom_info' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION agebloom_info(agebloom) IS
    'every header field, the live window''s items and fill, estimated false positive rate now, bits per item, bytes';

CREATE FUNCTION agebloom_eq(agebloom, agebloom) RETURNS boolean
    AS 'byteaeq' LANGUAGE internal IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION agebloom_eq(agebloom, agebloom) IS 'the filters have the same bytes';
CREATE FUNCTION agebloom_ne(agebloom, agebloom) RETURNS boolean
    AS 'byteane' LANGUAGE internal IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION agebloom_ne(agebloom, agebloom) IS 'the filters differ in bytes';
CREATE FUNCTION agebloom_hash(agebloom) RETURNS integer
    AS 'hashvarlena' LANGUAGE internal IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION agebloom_hash(agebloom) IS 'hash of a filter, for hash joins and GROUP BY';
CREATE FUNCTION agebloom_hash_extended(agebloom, bigint) RETURNS bigint
    AS 'hashvarlenaextended' LANGUAGE internal IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION agebloom_hash_extended(agebloom, bigint) IS 'seeded 64-bit hash of a filter, for hash partitioning';
CREATE OPERATOR = (LEFTARG = agebloom, RIGHTARG = agebloom, FUNCTION = agebloom_eq, COMMUTATOR = =, NEGATOR = <>,
    RESTRICT = eqsel, JOIN = eqjoinsel, HASHES);
COMMENT ON OPERATOR = (agebloom, agebloom) IS 'equal';
CREATE OPERATOR <> (LEFTARG = agebloom, RIGHTARG = agebloom, FUNCTION = agebloom_ne, COMMUTATOR = <>, NEGATOR = =,
    RESTRICT = neqsel, JOIN = neqjoinsel);
COMMENT ON OPERATOR <> (agebloom, agebloom) IS 'not equal';
CREATE OPERATOR CLASS agebloom_ops DEFAULT FOR TYPE agebloom USING hash AS
    OPERATOR 1 = (agebloom, agebloom),
    FUNCTION 1 agebloom_hash(agebloom),
    FUNCTION 2 agebloom_hash_extended(agebloom, bigint);

CREATE FUNCTION agebloom_agg_final(agebloom) RETURNS agebloom
    AS 'MODULE_PATHNAME', 'agebloom_agg_final' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION agebloom_agg_final(agebloom) IS
    'final function of agebloom_agg(x, window, fpr): a copy of the state, or for zero rows an empty filter';
CREATE FUNCTION agebloom_time_agg_final(agebloom) RETURNS agebloom
    AS 'MODULE_PATHNAME', 'agebloom_time_agg_final' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION agebloom_time_agg_final(agebloom) IS
    'final function of agebloom_agg(x, window, capacity, fpr, at) and agebloom_union_agg: a copy of the state, or for zero rows an empty filter (NULL for agebloom_union_agg)';
CREATE FUNCTION agebloom_union_trans(agebloom, agebloom) RETURNS agebloom
    AS 'MODULE_PATHNAME', 'agebloom_union_trans' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION agebloom_union_trans(agebloom, agebloom) IS
    'transition function of agebloom_union_agg, combine function of it and the time-window agebloom_agg';
CREATE AGGREGATE agebloom_union_agg(agebloom) (
    SFUNC = agebloom_union_trans, STYPE = agebloom, FINALFUNC = agebloom_time_agg_final,
    FINALFUNC_MODIFY = READ_ONLY, COMBINEFUNC = agebloom_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE agebloom_union_agg(agebloom) IS 'union of a column of time-window filters (zero rows: NULL)';

-- agebloom_agg(x, window, fpr) (a count window: the rows in the aggregate's
-- ORDER BY; no combine function, parallel parts have no common order) and
-- agebloom_agg(x, window, capacity, fpr, at) (a time window: any row order
-- gives the same slices, combined by the union), for each hashed input type.
-- BEGIN GENERATED agebloom (by sql/overloads.py from its table HASHED_TYPES; do not edit here)

-- smallint
CREATE FUNCTION agebloom_add_trans(agebloom, smallint, bigint, double precision) RETURNS agebloom
    AS 'MODULE_PATHNAME', 'agebloom_add_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION agebloom_add_trans(agebloom, smallint, bigint, double precision) IS
    'transition function of agebloom_agg(x, window, fpr)';
CREATE AGGREGATE agebloom_agg(smallint, bigint, double precision) (
    SFUNC = agebloom_add_trans, STYPE = agebloom, FINALFUNC = agebloom_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    PARALLEL = SAFE
);
COMMENT ON AGGREGATE agebloom_agg(smallint, bigint, double precision) IS
    'filter of the last window non-NULL values in the aggregate''s order, at false positive rate fpr';
CREATE FUNCTION agebloom_time_trans(agebloom, smallint, interval, bigint, double precision, timestamptz) RETURNS agebloom
    AS 'MODULE_PATHNAME', 'agebloom_time_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION agebloom_time_trans(agebloom, smallint, interval, bigint, double precision, timestamptz) IS
    'transition function of agebloom_agg(x, window, capacity, fpr, at)';
CREATE AGGREGATE agebloom_agg(smallint, interval, bigint, double precision, timestamptz) (
    SFUNC = agebloom_time_trans, STYPE = agebloom, FINALFUNC = agebloom_time_agg_final,
    FINALFUNC_MODIFY = READ_ONLY, COMBINEFUNC = agebloom_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE agebloom_agg(smallint, interval, bigint, double precision, timestamptz) IS
    'filter of the non-NULL values added at times at within the window before the newest, capacity a window, at rate fpr';

-- integer
CREATE FUNCTION agebloom_add_trans(agebloom, integer, bigint, double precision) RETURNS agebloom
    AS 'MODULE_PATHNAME', 'agebloom_add_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION agebloom_add_trans(agebloom, integer, bigint, double precision) IS
    'transition function of agebloom_agg(x, window, fpr)';
CREATE AGGREGATE agebloom_agg(integer, bigint, double precision) (
    SFUNC = agebloom_add_trans, STYPE = agebloom, FINALFUNC = agebloom_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    PARALLEL = SAFE
);
COMMENT ON AGGREGATE agebloom_agg(integer, bigint, double precision) IS
    'filter of the last window non-NULL values in the aggregate''s order, at false positive rate fpr';
CREATE FUNCTION agebloom_time_trans(agebloom, integer, interval, bigint, double precision, timestamptz) RETURNS agebloom
    AS 'MODULE_PATHNAME', 'agebloom_time_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION agebloom_time_trans(agebloom, integer, interval, bigint, double precision, timestamptz) IS
    'transition function of agebloom_agg(x, window, capacity, fpr, at)';
CREATE AGGREGATE agebloom_agg(integer, interval, bigint, double precision, timestamptz) (
    SFUNC = agebloom_time_trans, STYPE = agebloom, FINALFUNC = agebloom_time_agg_final,
    FINALFUNC_MODIFY = READ_ONLY, COMBINEFUNC = agebloom_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE agebloom_agg(integer, interval, bigint, double precision, timestamptz) IS
    'filter of the non-NULL values added at times at within the window before the newest, capacity a window, at rate fpr';

-- bigint
CREATE FUNCTION agebloom_add_trans(agebloom, bigint, bigint, double precision) RETURNS agebloom
    AS 'MODULE_PATHNAME', 'agebloom_add_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION agebloom_add_trans(agebloom, bigint, bigint, double precision) IS
    'transition function of agebloom_agg(x, window, fpr)';
CREATE AGGREGATE agebloom_agg(bigint, bigint, double precision) (
    SFUNC = agebloom_add_trans, STYPE = agebloom, FINALFUNC = agebloom_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    PARALLEL = SAFE
);
COMMENT ON AGGREGATE agebloom_agg(bigint, bigint, double precision) IS
    'filter of the last window non-NULL values in the aggregate''s order, at false positive rate fpr';
CREATE FUNCTION agebloom_time_trans(agebloom, bigint, interval, bigint, double precision, timestamptz) RETURNS agebloom
    AS 'MODULE_PATHNAME', 'agebloom_time_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION agebloom_time_trans(agebloom, bigint, interval, bigint, double precision, timestamptz) IS
    'transition function of agebloom_agg(x, window, capacity, fpr, at)';
CREATE AGGREGATE agebloom_agg(bigint, interval, bigint, double precision, timestamptz) (
    SFUNC = agebloom_time_trans, STYPE = agebloom, FINALFUNC = agebloom_time_agg_final,
    FINALFUNC_MODIFY = READ_ONLY, COMBINEFUNC = agebloom_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE agebloom_agg(bigint, interval, bigint, double precision, timestamptz) IS
    'filter of the non-NULL values added at times at within the window before the newest, capacity a window, at rate fpr';

-- real
CREATE FUNCTION agebloom_add_trans(agebloom, real, bigint, double precision) RETURNS agebloom
    AS 'MODULE_PATHNAME', 'agebloom_add_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION agebloom_add_trans(agebloom, real, bigint, double precision) IS
    'transition function of agebloom_agg(x, window, fpr)';
CREATE AGGREGATE agebloom_agg(real, bigint, double precision) (
    SFUNC = agebloom_add_trans, STYPE = agebloom, FINALFUNC = agebloom_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    PARALLEL = SAFE
);
COMMENT ON AGGREGATE agebloom_agg(real, bigint, double precision) IS
    'filter of the last window non-NULL values in the aggregate''s order, at false positive rate fpr';
CREATE FUNCTION agebloom_time_trans(agebloom, real, interval, bigint, double precision, timestamptz) RETURNS agebloom
    AS 'MODULE_PATHNAME', 'agebloom_time_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION agebloom_time_trans(agebloom, real, interval, bigint, double precision, timestamptz) IS
    'transition function of agebloom_agg(x, window, capacity, fpr, at)';
CREATE AGGREGATE agebloom_agg(real, interval, bigint, double precision, timestamptz) (
    SFUNC = agebloom_time_trans, STYPE = agebloom, FINALFUNC = agebloom_time_agg_final,
    FINALFUNC_MODIFY = READ_ONLY, COMBINEFUNC = agebloom_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE agebloom_agg(real, interval, bigint, double precision, timestamptz) IS
    'filter of the non-NULL values added at times at within the window before the newest, capacity a window, at rate fpr';

-- double precision
CREATE FUNCTION agebloom_add_trans(agebloom, double precision, bigint, double precision) RETURNS agebloom
    AS 'MODULE_PATHNAME', 'agebloom_add_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION agebloom_add_trans(agebloom, double precision, bigint, double precision) IS
    'transition function of agebloom_agg(x, window, fpr)';
CREATE AGGREGATE agebloom_agg(double precision, bigint, double precision) (
    SFUNC = agebloom_add_trans, STYPE = agebloom, FINALFUNC = agebloom_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    PARALLEL = SAFE
);
COMMENT ON AGGREGATE agebloom_agg(double precision, bigint, double precision) IS
    'filter of the last window non-NULL values in the aggregate''s order, at false positive rate fpr';
CREATE FUNCTION agebloom_time_trans(agebloom, double precision, interval, bigint, double precision, timestamptz) RETURNS agebloom
    AS 'MODULE_PATHNAME', 'agebloom_time_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION agebloom_time_trans(agebloom, double precision, interval, bigint, double precision, timestamptz) IS
    'transition function of agebloom_agg(x, window, capacity, fpr, at)';
CREATE AGGREGATE agebloom_agg(double precision, interval, bigint, double precision, timestamptz) (
    SFUNC = agebloom_time_trans, STYPE = agebloom, FINALFUNC = agebloom_time_agg_final,
    FINALFUNC_MODIFY = READ_ONLY, COMBINEFUNC = agebloom_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE agebloom_agg(double precision, interval, bigint, double precision, timestamptz) IS
    'filter of the non-NULL values added at times at within the window before the newest, capacity a window, at rate fpr';

-- numeric
CREATE FUNCTION agebloom_add_trans(agebloom, numeric, bigint, double precision) RETURNS agebloom
    AS 'MODULE_PATHNAME', 'agebloom_add_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION agebloom_add_trans(agebloom, numeric, bigint, double precision) IS
    'transition function of agebloom_agg(x, window, fpr)';
CREATE AGGREGATE agebloom_agg(numeric, bigint, double precision) (
    SFUNC = agebloom_add_trans, STYPE = agebloom, FINALFUNC = agebloom_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    PARALLEL = SAFE
);
COMMENT ON AGGREGATE agebloom_agg(numeric, bigint, double precision) IS
    'filter of the last window non-NULL values in the aggregate''s order, at false positive rate fpr';
CREATE FUNCTION agebloom_time_trans(agebloom, numeric, interval, bigint, double precision, timestamptz) RETURNS agebloom
    AS 'MODULE_PATHNAME', 'agebloom_time_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION agebloom_time_trans(agebloom, numeric, interval, bigint, double precision, timestamptz) IS
    'transition function of agebloom_agg(x, window, capacity, fpr, at)';
CREATE AGGREGATE agebloom_agg(numeric, interval, bigint, double precision, timestamptz) (
    SFUNC = agebloom_time_trans, STYPE = agebloom, FINALFUNC = agebloom_time_agg_final,
    FINALFUNC_MODIFY = READ_ONLY, COMBINEFUNC = agebloom_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE agebloom_agg(numeric, interval, bigint, double precision, timestamptz) IS
    'filter of the non-NULL values added at times at within the window before the newest, capacity a window, at rate fpr';

-- sketch_text
CREATE FUNCTION agebloom_add_trans(agebloom, sketch_text, bigint, double precision) RETURNS agebloom
    AS 'MODULE_PATHNAME', 'agebloom_add_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION agebloom_add_trans(agebloom, sketch_text, bigint, double precision) IS
    'transition function of agebloom_agg(x, window, fpr)';
CREATE AGGREGATE agebloom_agg(sketch_text, bigint, double precision) (
    SFUNC = agebloom_add_trans, STYPE = agebloom, FINALFUNC = agebloom_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    PARALLEL = SAFE
);
COMMENT ON AGGREGATE agebloom_agg(sketch_text, bigint, double precision) IS
    'filter of the last window non-NULL values in the aggregate''s order, at false positive rate fpr';
CREATE FUNCTION agebloom_time_trans(agebloom, sketch_text, interval, bigint, double precision, timestamptz) RETURNS agebloom
    AS 'MODULE_PATHNAME', 'agebloom_time_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION agebloom_time_trans(agebloom, sketch_text, interval, bigint, double precision, timestamptz) IS
    'transition function of agebloom_agg(x, window, capacity, fpr, at)';
CREATE AGGREGATE agebloom_agg(sketch_text, interval, bigint, double precision, timestamptz) (
    SFUNC = agebloom_time_trans, STYPE = agebloom, FINALFUNC = agebloom_time_agg_final,
    FINALFUNC_MODIFY = READ_ONLY, COMBINEFUNC = agebloom_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE agebloom_agg(sketch_text, interval, bigint, double precision, timestamptz) IS
    'filter of the non-NULL values added at times at within the window before the newest, capacity a window, at rate fpr';

-- bytea
CREATE FUNCTION agebloom_add_trans(agebloom, bytea, bigint, double precision) RETURNS agebloom
    AS 'MODULE_PATHNAME', 'agebloom_add_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION agebloom_add_trans(agebloom, bytea, bigint, double precision) IS
    'transition function of agebloom_agg(x, window, fpr)';
CREATE AGGREGATE agebloom_agg(bytea, bigint, double precision) (
    SFUNC = agebloom_add_trans, STYPE = agebloom, FINALFUNC = agebloom_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    PARALLEL = SAFE
);
COMMENT ON AGGREGATE agebloom_agg(bytea, bigint, double precision) IS
    'filter of the last window non-NULL values in the aggregate''s order, at false positive rate fpr';
CREATE FUNCTION agebloom_time_trans(agebloom, bytea, interval, bigint, double precision, timestamptz) RETURNS agebloom
    AS 'MODULE_PATHNAME', 'agebloom_time_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION agebloom_time_trans(agebloom, bytea, interval, bigint, double precision, timestamptz) IS
    'transition function of agebloom_agg(x, window, capacity, fpr, at)';
CREATE AGGREGATE agebloom_agg(bytea, interval, bigint, double precision, timestamptz) (
    SFUNC = agebloom_time_trans, STYPE = agebloom, FINALFUNC = agebloom_time_agg_final,
    FINALFUNC_MODIFY = READ_ONLY, COMBINEFUNC = agebloom_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE agebloom_agg(bytea, interval, bigint, double precision, timestamptz) IS
    'filter of the non-NULL values added at times at within the window before the newest, capacity a window, at rate fpr';

-- uuid
CREATE FUNCTION agebloom_add_trans(agebloom, uuid, bigint, double precision) RETURNS agebloom
    AS 'MODULE_PATHNAME', 'agebloom_add_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION agebloom_add_trans(agebloom, uuid, bigint, double precision) IS
    'transition function of agebloom_agg(x, window, fpr)';
CREATE AGGREGATE agebloom_agg(uuid, bigint, double precision) (
    SFUNC = agebloom_add_trans, STYPE = agebloom, FINALFUNC = agebloom_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    PARALLEL = SAFE
);
COMMENT ON AGGREGATE agebloom_agg(uuid, bigint, double precision) IS
    'filter of the last window non-NULL values in the aggregate''s order, at false positive rate fpr';
CREATE FUNCTION agebloom_time_trans(agebloom, uuid, interval, bigint, double precision, timestamptz) RETURNS agebloom
    AS 'MODULE_PATHNAME', 'agebloom_time_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION agebloom_time_trans(agebloom, uuid, interval, bigint, double precision, timestamptz) IS
    'transition function of agebloom_agg(x, window, capacity, fpr, at)';
CREATE AGGREGATE agebloom_agg(uuid, interval, bigint, double precision, timestamptz) (
    SFUNC = agebloom_time_trans, STYPE = agebloom, FINALFUNC = agebloom_time_agg_final,
    FINALFUNC_MODIFY = READ_ONLY, COMBINEFUNC = agebloom_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE agebloom_agg(uuid, interval, bigint, double precision, timestamptz) IS
    'filter of the non-NULL values added at times at within the window before the newest, capacity a window, at rate fpr';

-- date
CREATE FUNCTION agebloom_add_trans(agebloom, date, bigint, double precision) RETURNS agebloom
    AS 'MODULE_PATHNAME', 'agebloom_add_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION agebloom_add_trans(agebloom, date, bigint, double precision) IS
    'transition function of agebloom_agg(x, window, fpr)';
CREATE AGGREGATE agebloom_agg(date, bigint, double precision) (
    SFUNC = agebloom_add_trans, STYPE = agebloom, FINALFUNC = agebloom_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    PARALLEL = SAFE
);
COMMENT ON AGGREGATE agebloom_agg(date, bigint, double precision) IS
    'filter of the last window non-NULL values in the aggregate''s order, at false positive rate fpr';
CREATE FUNCTION agebloom_time_trans(agebloom, date, interval, bigint, double precision, timestamptz) RETURNS agebloom
    AS 'MODULE_PATHNAME', 'agebloom_time_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION agebloom_time_trans(agebloom, date, interval, bigint, double precision, timestamptz) IS
    'transition function of agebloom_agg(x, window, capacity, fpr, at)';
CREATE AGGREGATE agebloom_agg(date, interval, bigint, double precision, timestamptz) (
    SFUNC = agebloom_time_trans, STYPE = agebloom, FINALFUNC = agebloom_time_agg_final,
    FINALFUNC_MODIFY = READ_ONLY, COMBINEFUNC = agebloom_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE agebloom_agg(date, interval, bigint, double precision, timestamptz) IS
    'filter of the non-NULL values added at times at within the window before the newest, capacity a window, at rate fpr';

-- timestamp
CREATE FUNCTION agebloom_add_trans(agebloom, timestamp, bigint, double precision) RETURNS agebloom
    AS 'MODULE_PATHNAME', 'agebloom_add_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION agebloom_add_trans(agebloom, timestamp, bigint, double precision) IS
    'transition function of agebloom_agg(x, window, fpr)';
CREATE AGGREGATE agebloom_agg(timestamp, bigint, double precision) (
    SFUNC = agebloom_add_trans, STYPE = agebloom, FINALFUNC = agebloom_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    PARALLEL = SAFE
);
COMMENT ON AGGREGATE agebloom_agg(timestamp, bigint, double precision) IS
    'filter of the last window non-NULL values in the aggregate''s order, at false positive rate fpr';
CREATE FUNCTION agebloom_time_trans(agebloom, timestamp, interval, bigint, double precision, timestamptz) RETURNS agebloom
    AS 'MODULE_PATHNAME', 'agebloom_time_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION agebloom_time_trans(agebloom, timestamp, interval, bigint, double precision, timestamptz) IS
    'transition function of agebloom_agg(x, window, capacity, fpr, at)';
CREATE AGGREGATE agebloom_agg(timestamp, interval, bigint, double precision, timestamptz) (
    SFUNC = agebloom_time_trans, STYPE = agebloom, FINALFUNC = agebloom_time_agg_final,
    FINALFUNC_MODIFY = READ_ONLY, COMBINEFUNC = agebloom_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE agebloom_agg(timestamp, interval, bigint, double precision, timestamptz) IS
    'filter of the non-NULL values added at times at within the window before the newest, capacity a window, at rate fpr';

-- timestamptz
CREATE FUNCTION agebloom_add_trans(agebloom, timestamptz, bigint, double precision) RETURNS agebloom
    AS 'MODULE_PATHNAME', 'agebloom_add_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION agebloom_add_trans(agebloom, timestamptz, bigint, double precision) IS
    'transition function of agebloom_agg(x, window, fpr)';
CREATE AGGREGATE agebloom_agg(timestamptz, bigint, double precision) (
    SFUNC = agebloom_add_trans, STYPE = agebloom, FINALFUNC = agebloom_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    PARALLEL = SAFE
);
COMMENT ON AGGREGATE agebloom_agg(timestamptz, bigint, double precision) IS
    'filter of the last window non-NULL values in the aggregate''s order, at false positive rate fpr';
CREATE FUNCTION agebloom_time_trans(agebloom, timestamptz, interval, bigint, double precision, timestamptz) RETURNS agebloom
    AS 'MODULE_PATHNAME', 'agebloom_time_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION agebloom_time_trans(agebloom, timestamptz, interval, bigint, double precision, timestamptz) IS
    'transition function of agebloom_agg(x, window, capacity, fpr, at)';
CREATE AGGREGATE agebloom_agg(timestamptz, interval, bigint, double precision, timestamptz) (
    SFUNC = agebloom_time_trans, STYPE = agebloom, FINALFUNC = agebloom_time_agg_final,
    FINALFUNC_MODIFY = READ_ONLY, COMBINEFUNC = agebloom_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE agebloom_agg(timestamptz, interval, bigint, double precision, timestamptz) IS
    'filter of the non-NULL values added at times at within the window before the newest, capacity a window, at rate fpr';

-- "char"
CREATE FUNCTION agebloom_add_trans(agebloom, "char", bigint, double precision) RETURNS agebloom
    AS 'MODULE_PATHNAME', 'agebloom_add_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION agebloom_add_trans(agebloom, "char", bigint, double precision) IS
    'transition function of agebloom_agg(x, window, fpr)';
CREATE AGGREGATE agebloom_agg("char", bigint, double precision) (
    SFUNC = agebloom_add_trans, STYPE = agebloom, FINALFUNC = agebloom_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    PARALLEL = SAFE
);
COMMENT ON AGGREGATE agebloom_agg("char", bigint, double precision) IS
    'filter of the last window non-NULL values in the aggregate''s order, at false positive rate fpr';
CREATE FUNCTION agebloom_time_trans(agebloom, "char", interval, bigint, double precision, timestamptz) RETURNS agebloom
    AS 'MODULE_PATHNAME', 'agebloom_time_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION agebloom_time_trans(agebloom, "char", interval, bigint, double precision, timestamptz) IS
    'transition function of agebloom_agg(x, window, capacity, fpr, at)';
CREATE AGGREGATE agebloom_agg("char", interval, bigint, double precision, timestamptz) (
    SFUNC = agebloom_time_trans, STYPE = agebloom, FINALFUNC = agebloom_time_agg_final,
    FINALFUNC_MODIFY = READ_ONLY, COMBINEFUNC = agebloom_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE agebloom_agg("char", interval, bigint, double precision, timestamptz) IS
    'filter of the non-NULL values added at times at within the window before the newest, capacity a window, at rate fpr';

-- anyelement
CREATE FUNCTION agebloom_add_trans(agebloom, anyelement, bigint, double precision) RETURNS agebloom
    AS 'MODULE_PATHNAME', 'agebloom_add_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION agebloom_add_trans(agebloom, anyelement, bigint, double precision) IS
    'transition function of agebloom_agg(x, window, fpr)';
CREATE AGGREGATE agebloom_agg(anyelement, bigint, double precision) (
    SFUNC = agebloom_add_trans, STYPE = agebloom, FINALFUNC = agebloom_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    PARALLEL = SAFE
);
COMMENT ON AGGREGATE agebloom_agg(anyelement, bigint, double precision) IS
    'filter of the last window non-NULL values in the aggregate''s order, at false positive rate fpr';
CREATE FUNCTION agebloom_time_trans(agebloom, anyelement, interval, bigint, double precision, timestamptz) RETURNS agebloom
    AS 'MODULE_PATHNAME', 'agebloom_time_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION agebloom_time_trans(agebloom, anyelement, interval, bigint, double precision, timestamptz) IS
    'transition function of agebloom_agg(x, window, capacity, fpr, at)';
CREATE AGGREGATE agebloom_agg(anyelement, interval, bigint, double precision, timestamptz) (
    SFUNC = agebloom_time_trans, STYPE = agebloom, FINALFUNC = agebloom_time_agg_final,
    FINALFUNC_MODIFY = READ_ONLY, COMBINEFUNC = agebloom_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE agebloom_agg(anyelement, interval, bigint, double precision, timestamptz) IS
    'filter of the non-NULL values added at times at within the window before the newest, capacity a window, at rate fpr';

-- END GENERATED agebloom
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
