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


-- ===========================================================================
-- cuckoo: a filter that can forget.
-- (section kept for the cuckoo work; objects below this line)
-- ===========================================================================

-- ===========================================================================
-- bloom: the blocked layout (layout id 3, doc/FORMAT.md 4.9): every item's
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
