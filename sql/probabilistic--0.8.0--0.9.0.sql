-- probabilistic 0.8.0 -> 0.9.0. Values stored under 0.8.0 are read as they
-- are (test/scripts/upgrade.sh); what each part changes is said in its section.
-- complain if script is sourced in psql, rather than via ALTER EXTENSION
\echo Use "ALTER EXTENSION probabilistic UPDATE TO '0.9.0'" to load this file. \quit

-- issue-39 datadog: DataDog's DDSketch protobuf images in and out (doc/FORMAT.md 6.9).
-- A sketch of an imported image holds no sum (header flag bit 2): ddsketch_sum refuses
-- it and ddsketch_min/max are estimates; values stored under 0.8.0 never set the bit.
CREATE FUNCTION ddsketch_import(bytes bytea, format text) RETURNS ddsketch
    AS 'MODULE_PATHNAME', 'ddsketch_import' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION ddsketch_import(bytea, text) IS
    'a ddsketch of another system''s image (format ''datadog-js'': DataDog''s DDSketch protobuf), validated field by field; its sum is not known';
CREATE FUNCTION ddsketch_export(sketch ddsketch, format text) RETURNS bytea
    AS 'MODULE_PATHNAME', 'ddsketch_export' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION ddsketch_export(ddsketch, text) IS
    'the sketch as another system''s image (format ''datadog-js'': DataDog''s DDSketch protobuf, cubically interpolated mapping)';
COMMENT ON FUNCTION ddsketch_min(ddsketch) IS
    'smallest value, exactly (estimated from the buckets when the sum is not known: an imported image); NULL for an empty sketch';
COMMENT ON FUNCTION ddsketch_max(ddsketch) IS
    'largest value, exactly (estimated from the buckets when the sum is not known: an imported image); NULL for an empty sketch';
COMMENT ON FUNCTION ddsketch_sum(ddsketch) IS
    'sum of the values, exact and rounded once (whatever the order or the partitions); NULL for an empty sketch; an error when the sum is not known (an imported image holds none)';
