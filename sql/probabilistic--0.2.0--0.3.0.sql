-- probabilistic 0.2.0 -> 0.3.0. Values stored under 0.2.0 are read as they
-- are (test/scripts/upgrade.sh); what each part adds is said in its section.
-- complain if script is sourced in psql, rather than via ALTER EXTENSION
\echo Use "ALTER EXTENSION probabilistic UPDATE TO '0.3.0'" to load this file. \quit

-- ===========================================================================
-- Hashing: equal values hash equal for every type.
-- (section kept for the hashing work; objects below this line)
-- ===========================================================================

-- "char" columns: its own overloads, since "char" converts implicitly to text
-- and matches anyelement, which left bloom_agg("char") and hll_add_agg("char")
-- ambiguous. A "char" hashes as its text form ("char"::text), as sketch_hash,
-- bloom_add, bloom_contains and hll_add hash it.
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


-- ===========================================================================
-- hll: joint estimates of two sketches (intersection, difference, Jaccard)
-- and error bounds.
-- (section kept for the hll estimation work; objects below this line)
-- ===========================================================================

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
COMMENT ON FUNCTION hll_overlap(hll, hll, float8) IS 'every joint estimate of two sketches with its standard error and bounds at the given confidence';

CREATE FUNCTION hll_cardinality_bounds(hll, confidence float8 DEFAULT 0.95, OUT lower bigint, OUT upper bigint)
    RETURNS record
    AS 'MODULE_PATHNAME', 'hll_cardinality_bounds' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION hll_cardinality_bounds(hll, float8) IS 'lower and upper bound of the distinct count at the given confidence';

CREATE FUNCTION hll_relative_error(hll) RETURNS float8
    AS 'MODULE_PATHNAME', 'hll_relative_error' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION hll_relative_error(hll) IS 'relative standard error of this sketch''s distinct count estimate';


-- ===========================================================================
-- cuckoo: a filter that can forget.
-- (section kept for the cuckoo work; objects below this line)
-- ===========================================================================

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

CREATE FUNCTION cuckoo_add_trans(cuckoo, text, bigint, double precision) RETURNS cuckoo
    AS 'MODULE_PATHNAME', 'cuckoo_add_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION cuckoo_add_trans(cuckoo, text, bigint, double precision) IS
    'transition function of cuckoo_agg(x, capacity, fpr)';
CREATE AGGREGATE cuckoo_agg(text, bigint, double precision) (
    SFUNC = cuckoo_add_trans, STYPE = cuckoo, FINALFUNC = cuckoo_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = cuckoo_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE cuckoo_agg(text, bigint, double precision) IS
    'cuckoo filter of the non-NULL values of a column (every copy), sized for capacity items at false positive rate fpr';

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

-- ===========================================================================
-- bloom: the blocked layout (layout id 3, doc/FORMAT.md 4.13): every item's
-- bits in one 512-bit block, one cache miss per probe, sized by the exact
-- Poisson mixture. A layout parameter names it; old calls and their filters
-- are unchanged (the classic layout stays the default).
-- ===========================================================================

CREATE FUNCTION bloom_empty(capacity bigint, fpr double precision, layout text, seed bigint DEFAULT 0)
    RETURNS bloom
    AS 'MODULE_PATHNAME', 'bloom_empty' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION bloom_empty(bigint, double precision, text, bigint) IS
    'empty filter for capacity items at false positive rate fpr in a named layout: ''blocked'' (one cache line per item), ''classic'' or ''fixed'' (fewest bits), ''scalable''';

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

CREATE FUNCTION bloom_add_trans(bloom, text, bigint, double precision, text) RETURNS bloom
    AS 'MODULE_PATHNAME', 'bloom_add_trans' LANGUAGE C IMMUTABLE PARALLEL SAFE;
COMMENT ON FUNCTION bloom_add_trans(bloom, text, bigint, double precision, text) IS
    'transition function of bloom_agg(x, capacity, fpr, layout)';
CREATE AGGREGATE bloom_agg(text, bigint, double precision, text) (
    SFUNC = bloom_add_trans, STYPE = bloom, FINALFUNC = bloom_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = bloom_union_trans, PARALLEL = SAFE
);
COMMENT ON AGGREGATE bloom_agg(text, bigint, double precision, text) IS
    'filter of the non-NULL values of a column, sized for capacity items at false positive rate fpr, in a named layout';

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

-- "char" in the layout form too, for the reason the Hashing section gives.
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


-- ===========================================================================
-- Hashing, continued: the "char" overload of cuckoo_agg, which needs the
-- cuckoo type above (see the Hashing section for why "char" has its own).
-- ===========================================================================
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
