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
