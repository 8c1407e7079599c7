-- probabilistic 0.3.0 -> 0.4.0. Values stored under 0.3.0 are read as they
-- are (test/scripts/upgrade.sh); what each part adds is said in its section.
-- complain if script is sourced in psql, rather than via ALTER EXTENSION
\echo Use "ALTER EXTENSION probabilistic UPDATE TO '0.4.0'" to load this file. \quit

-- ===========================================================================
-- Bloom filters at scale, 1: the membership (probe) path.
-- (section kept for the bloom probe work; objects below this line)
-- ===========================================================================

-- ===========================================================================
-- Bloom filters at scale, 2: the build path.
-- (section kept for the bloom build work; objects below this line)
-- ===========================================================================

-- ===========================================================================
-- Streams: probing several filters at once.
-- (section kept for the stream deduplication work; objects below this line)
-- ===========================================================================

CREATE FUNCTION bloom_members(bloom, anyarray) RETURNS integer[]
    AS 'MODULE_PATHNAME', 'bloom_members' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION bloom_members(bloom, anyarray) IS
    'subscripts, ascending, of the elements of a one-dimensional array that may be in the filter (bloom_contains of each); NULL elements never listed';

-- ===========================================================================
-- hll set algebra: estimates and bounds.
-- (section kept for the hll joint estimation work; objects below this line)
-- ===========================================================================

-- No new objects: the intersection's maximum-likelihood estimate is no longer
-- held at 0 (hll_overlap reports it as intersection.unclamped; the count stays
-- max(0, it)), and every count's bounds in hll_overlap (|A|, |B| and |A ∪ B|
-- those of hll_cardinality_bounds, the three parts profile bounds) and those
-- of hll_cardinality_bounds are likelihood-ratio bounds (doc/FORMAT.md
-- section 3.14). A sparse sketch compared with a dense one keeps its own size
-- (held in the joint likelihood), and the union's bounds are then that size
-- plus the other side's part's.
COMMENT ON FUNCTION hll_overlap(hll, hll, float8) IS 'every joint estimate of two sketches with its standard error and bounds at the given confidence: likelihood-ratio bounds for every count (|A| and |B| as hll_cardinality_bounds gives them, the union too unless a sparse side''s own size is held against a dense one, the intersection and differences profiled), the intersection''s unclamped maximum-likelihood value';
COMMENT ON FUNCTION hll_cardinality_bounds(hll, float8) IS 'likelihood-ratio lower and upper bound of the distinct count at the given confidence';
