-- probabilistic 0.6.0 -> 0.7.0. Values stored under 0.6.0 are read as they
-- are (test/scripts/upgrade.sh); what each part adds is said in its section.
-- complain if script is sourced in psql, rather than via ALTER EXTENSION
\echo Use "ALTER EXTENSION probabilistic UPDATE TO '0.7.0'" to load this file. \quit

-- BEGIN issue-26 kll
-- kll: a rank-error quantile sketch that reads and writes Apache DataSketches' KLL images.
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

-- END issue-26
-- BEGIN issue-28 agebloom
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
-- END issue-28
