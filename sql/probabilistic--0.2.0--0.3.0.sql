-- probabilistic 0.2.0 -> 0.3.0. Values stored under 0.2.0 are read as they
-- are (test/scripts/upgrade.sh); what each part adds is said in its section.
-- complain if script is sourced in psql, rather than via ALTER EXTENSION
\echo Use "ALTER EXTENSION probabilistic UPDATE TO '0.3.0'" to load this file. \quit

-- ===========================================================================
-- Hashing: equal values hash equal for every type.
-- (section kept for the hashing work; objects below this line)
-- ===========================================================================


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
