-- bloom aggregates: bloom_agg(x, capacity, fpr), bloom_agg(x [, fpr]) and
-- bloom_union_agg, their overloads, zero rows, NULLs and shared states.

-- The overloads: one per common type, plus anyelement; all parallel safe.
SELECT p.oid::regprocedure AS aggregate, a.aggtransfn, a.aggtranstype::regtype AS state, a.aggfinalfn,
       a.aggcombinefn, a.aggserialfn, a.aggfinalmodify, p.proparallel
FROM pg_aggregate a JOIN pg_proc p ON p.oid = a.aggfnoid
WHERE p.proname IN ('bloom_agg', 'bloom_union_agg')
ORDER BY p.proname, p.pronargs, p.oid::regprocedure::text;

CREATE TEMP TABLE typed AS
SELECT i::smallint AS i2, i AS i4, i::bigint AS i8, i::real AS f4, i::double precision AS f8,
       i::numeric AS num, 'v' || i AS txt, convert_to('v' || i, 'UTF8') AS bin,
       md5(i::text)::uuid AS id, DATE '2024-01-01' + i AS day,
       TIMESTAMP '2024-01-01 00:00' + i * INTERVAL '1 minute' AS ts,
       TIMESTAMPTZ '2024-01-01 00:00+00' + i * INTERVAL '1 minute' AS tstz,
       ('10.0.' || i / 256 || '.' || i % 256)::inet AS addr
FROM generate_series(1, 700) g, LATERAL (SELECT g % 500 + 1 AS i) v;
-- Each column: 500 distinct values among 700 rows, plus a row of NULLs.
INSERT INTO typed DEFAULT VALUES;

-- Every overload: no false negatives, the same filter as adding the values
-- one by one with bloom_add (folded by a plain SQL aggregate), and bloom_agg(x)
-- sized to the 500 distinct values.
CREATE FUNCTION pg_temp.fold_step(state bloom, empty bloom, x anyelement) RETURNS bloom
    LANGUAGE sql AS $$ SELECT bloom_add(coalesce(state, empty), x) $$;
CREATE AGGREGATE pg_temp.fold(bloom, anyelement) (SFUNC = pg_temp.fold_step, STYPE = bloom);
CREATE FUNCTION pg_temp.check(col text) RETURNS TABLE (type text, found bigint, same_as_bloom_add boolean,
                                                      distinct_same_as_fixed boolean, distinct_capacity jsonb)
LANGUAGE plpgsql AS $$
BEGIN
    RETURN QUERY EXECUTE format(
        'SELECT pg_typeof(x)::text, count(*) FILTER (WHERE f @> x), f = folded, sized = f,
                bloom_info(sized)->''capacity''
         FROM (SELECT %1$I AS x FROM typed) t,
              (SELECT bloom_agg(%1$I, 500, 0.01) AS f, pg_temp.fold(bloom_empty(500, 0.01), %1$I) AS folded,
                      bloom_agg(%1$I, 0.01) AS sized FROM typed) a
         GROUP BY 1, f, folded, sized', col);
END $$;
SELECT c.* FROM unnest(ARRAY['i2', 'i4', 'i8', 'f4', 'f8', 'num', 'txt', 'bin', 'id', 'day', 'ts', 'tstz', 'addr']) col,
     LATERAL pg_temp.check(col) c;
-- Values hash canonically: the integer, float and numeric columns set the
-- same bits. The filters differ only in the kind they record (doc/FORMAT.md
-- 2.5: bytes 1 and 6-7); within a family they are the same value.
CREATE FUNCTION pg_temp.same_bits(a bytea, b bytea) RETURNS boolean LANGUAGE sql IMMUTABLE AS
$$ SELECT substr(a, 1, 1) = substr(b, 1, 1) AND substr(a, 3, 4) = substr(b, 3, 4) AND substr(a, 9) = substr(b, 9) $$;
SELECT bloom_agg(i2, 500, 0.01) = bloom_agg(i8, 500, 0.01) AS int2_int8,
       pg_temp.same_bits(bloom_agg(i4, 500, 0.01)::bytea, bloom_agg(num, 500, 0.01)::bytea) AS int4_numeric,
       pg_temp.same_bits(bloom_agg(f8, 500, 0.01)::bytea, bloom_agg(i8, 500, 0.01)::bytea) AS float8_int8,
       pg_temp.same_bits(bloom_agg(f4, 500, 0.01)::bytea, bloom_agg(i4, 500, 0.01)::bytea) AS float4_int4,
       bloom_agg(txt::varchar, 500, 0.01) = bloom_agg(txt, 500, 0.01) AS varchar_text,
       pg_temp.same_bits(bloom_agg(ts, 500, 0.01)::bytea, bloom_agg(tstz AT TIME ZONE 'UTC', 500, 0.01)::bytea) AS ts_tstz,
       bloom_agg(f4, 500, 0.01) = bloom_agg(f8, 500, 0.01) AS float4_float8
FROM typed;
-- The typed overloads are picked over anyelement.
SELECT bloom_agg(i4, 10, 0.01) = bloom_agg(i4::int, 10::bigint, 0.01::float8) AS resolved,
       bloom_agg(i8) = bloom_agg(i8, 0.01) AS default_fpr
FROM typed;

-- bloom_agg(x): capacity = the number of distinct values seen (at least 1).
SELECT n, bloom_info(bloom_agg(x % n))->'capacity' AS capacity,
       bloom_agg(x % n) = bloom_agg(x % n, greatest(n, 1), 0.01) AS same_as_fixed,
       bloom_info(bloom_agg(x % n, 0.001))->'fpr' AS fpr
FROM generate_series(1, 3) n, generate_series(1, 5000) x GROUP BY n ORDER BY n;
SELECT bloom_info(bloom_agg(x))->'capacity' AS capacity,
       (SELECT count(*) FROM generate_series(1, 200000) y WHERE bloom_agg(x) @> y) AS found
FROM generate_series(1, 200000) x;

-- Zero rows: bloom_agg(x, capacity, fpr) gives an empty filter when both are
-- constants, else NULL; bloom_agg(x [, fpr]) an empty filter of capacity 1;
-- bloom_union_agg NULL. All-NULL values build the same empty filters.
SELECT bloom_agg(x, 100, 0.01) = bloom_empty(100, 0.01) AS fixed_zero_rows,
       bloom_agg(x) = bloom_empty(1) AS distinct_zero_rows,
       bloom_agg(x, 0.001) = bloom_empty(1, 0.001) AS distinct_fpr_zero_rows,
       bloom_agg(x, 100, 0.01) FILTER (WHERE x > 0) = bloom_empty(100) AS filtered_zero_rows
FROM generate_series(1, 0) x;
SELECT bloom_agg(x, 100, 0.01) = bloom_empty(100, 0.01) AS fixed_all_null,
       bloom_agg(x) = bloom_empty(1) AS distinct_all_null
FROM (VALUES (NULL::int), (NULL)) v(x);
SELECT n, (SELECT bloom_agg(x, n, 0.01) FROM generate_series(1, 0) x) IS NULL AS capacity_not_constant,
       (SELECT bloom_agg(x, 0.5 / n) FROM generate_series(1, 0) x) IS NULL AS fpr_not_constant
FROM generate_series(1, 2) n ORDER BY n;
SELECT bloom_union_agg(b) IS NULL AS union_zero_rows FROM (SELECT bloom_empty(10) AS b WHERE false) s;
-- Parameters are constants in a custom plan, not in a generic one.
PREPARE zero_rows(bigint, float8) AS SELECT bloom_agg(x, $1, $2) = bloom_empty($1, $2) AS empty FROM generate_series(1, 0) x;
SET plan_cache_mode = force_custom_plan;
EXECUTE zero_rows(100, 0.01);
SET plan_cache_mode = force_generic_plan;
EXECUTE zero_rows(100, 0.01);
RESET plan_cache_mode;
DEALLOCATE zero_rows;
-- NULL values are skipped.
SELECT bloom_agg(x, 10, 0.01) = bloom_agg(x, 10, 0.01) FILTER (WHERE x IS NOT NULL) AS nulls_skipped,
       bloom_agg(x) = bloom_agg(x) FILTER (WHERE x IS NOT NULL) AS distinct_nulls_skipped
FROM (VALUES (1), (NULL), (2), (NULL)) v(x);

-- One filter per group, many groups, each allocated once at the group's first row.
CREATE TEMP TABLE grouped AS
SELECT g, bloom_agg(x, 100, 0.01) AS fixed, bloom_agg(x) AS sized
FROM (SELECT i % 2000 AS g, i AS x FROM generate_series(1, 20000) i) s GROUP BY g;
SELECT count(*) AS groups, count(*) FILTER (WHERE fixed @> g + 2000 AND sized @> g + 2000) AS own_values,
       count(*) FILTER (WHERE bloom_info(sized)->>'capacity' = '10') AS sized_to_10,
       sum(pg_column_size(fixed)) / count(*) AS fixed_bytes, sum(pg_column_size(sized)) / count(*) AS sized_bytes
FROM grouped;
SELECT count(*) AS missing FROM grouped, LATERAL generate_series(g, 20000, 2000) x
WHERE g > 0 AND NOT (fixed @> x AND sized @> x);

-- Two aggregates with the same transition function and arguments share one
-- transition state; each final function must leave it alone. These two
-- differ from bloom_agg only in name and final function.
CREATE AGGREGATE pg_temp.bloom_agg_copy(bigint, bigint, double precision) (
    SFUNC = bloom_add_trans, STYPE = bloom, FINALFUNC = bloom_agg_final, FINALFUNC_MODIFY = READ_ONLY,
    COMBINEFUNC = bloom_union_trans
);
CREATE AGGREGATE pg_temp.bloom_agg_bits(bigint, bigint, double precision) (
    SFUNC = bloom_add_trans, STYPE = bloom, FINALFUNC = bloom_cardinality, FINALFUNC_MODIFY = READ_ONLY
);
CREATE AGGREGATE pg_temp.bloom_agg_distinct_copy(bigint) (
    SFUNC = bloom_distinct_trans, STYPE = internal, FINALFUNC = bloom_distinct_final, FINALFUNC_MODIFY = READ_ONLY
);
SELECT bloom_agg(x, 1000, 0.01) = pg_temp.bloom_agg_copy(x, 1000, 0.01) AS shared_equal,
       bloom_cardinality(bloom_agg(x, 1000, 0.01)) = pg_temp.bloom_agg_bits(x, 1000, 0.01) AS shared_cardinality,
       bloom_agg(x) = pg_temp.bloom_agg_distinct_copy(x) AS shared_distinct,
       bloom_agg(x, 1000, 0.01) = (SELECT bloom_agg(y, 1000, 0.01) FROM generate_series(1, 500) y) AS right_content
FROM generate_series(1, 500) x;
-- Per group, and the same aggregate called twice.
SELECT count(*) FILTER (WHERE a = b AND a = c AND bloom_cardinality(a) = d AND e = f) AS consistent, count(*) AS groups
FROM (SELECT bloom_agg(x::bigint, 100, 0.01) AS a, pg_temp.bloom_agg_copy(x, 100, 0.01) AS b,
             bloom_agg(x::bigint, 100, 0.01) AS c, pg_temp.bloom_agg_bits(x, 100, 0.01) AS d,
             bloom_agg(x::bigint) AS e, pg_temp.bloom_agg_distinct_copy(x) AS f
      FROM generate_series(1, 3000) x GROUP BY x % 30) s;

-- bloom_union_agg over a column of filters, per group.
SELECT g % 2 AS parity, bloom_union_agg(fixed) = bloom_agg(x, 100, 0.01) AS union_is_filter_of_union
FROM grouped, LATERAL generate_series(g, 20000, 2000) x WHERE g BETWEEN 1 AND 6 GROUP BY 1 ORDER BY 1;

DROP TABLE typed, grouped;
