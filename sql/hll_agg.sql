-- hll aggregates: hll_add_agg and its overloads, hll_count_distinct,
-- hll_add_hash_agg, hll_union_agg.

-- The overloads: one per common type, plus anyelement.
SELECT p.oid::regprocedure AS aggregate, a.aggtranstype::regtype AS state,
       a.aggfinalfn, a.aggcombinefn, a.aggfinalmodify, p.proparallel
FROM pg_aggregate a JOIN pg_proc p ON p.oid = a.aggfnoid
WHERE p.proname IN ('hll_add_agg', 'hll_count_distinct', 'hll_add_hash_agg', 'hll_union_agg')
ORDER BY p.proname, p.oid::regprocedure::text;

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

-- Every overload counts exactly at this size, and hashes as sketch_hash does:
-- the same registers (a sketch of hashes records no kind, doc/FORMAT.md 2.5).
-- Every byte but the format version and the kind (bytes 1, 6 and 7).
CREATE FUNCTION pg_temp.same_registers(a hll, b hll) RETURNS boolean LANGUAGE sql IMMUTABLE
    AS $$ SELECT substr(a::bytea, 1, 1) = substr(b::bytea, 1, 1) AND substr(a::bytea, 3, 4) = substr(b::bytea, 3, 4)
                 AND substr(a::bytea, 9) = substr(b::bytea, 9) $$;
SELECT 'smallint' AS type, # hll_add_agg(i2) AS est, count(DISTINCT i2) AS exact,
       pg_temp.same_registers(hll_add_agg(i2), hll_add_hash_agg(sketch_hash(i2))) AS same_hash FROM typed
UNION ALL SELECT 'integer', # hll_add_agg(i4), count(DISTINCT i4), pg_temp.same_registers(hll_add_agg(i4), hll_add_hash_agg(sketch_hash(i4))) FROM typed
UNION ALL SELECT 'bigint', # hll_add_agg(i8), count(DISTINCT i8), pg_temp.same_registers(hll_add_agg(i8), hll_add_hash_agg(sketch_hash(i8))) FROM typed
UNION ALL SELECT 'real', # hll_add_agg(f4), count(DISTINCT f4), pg_temp.same_registers(hll_add_agg(f4), hll_add_hash_agg(sketch_hash(f4))) FROM typed
UNION ALL SELECT 'double precision', # hll_add_agg(f8), count(DISTINCT f8), pg_temp.same_registers(hll_add_agg(f8), hll_add_hash_agg(sketch_hash(f8))) FROM typed
UNION ALL SELECT 'numeric', # hll_add_agg(num), count(DISTINCT num), pg_temp.same_registers(hll_add_agg(num), hll_add_hash_agg(sketch_hash(num))) FROM typed
UNION ALL SELECT 'text', # hll_add_agg(txt), count(DISTINCT txt), pg_temp.same_registers(hll_add_agg(txt), hll_add_hash_agg(sketch_hash(txt))) FROM typed
UNION ALL SELECT 'bytea', # hll_add_agg(bin), count(DISTINCT bin), pg_temp.same_registers(hll_add_agg(bin), hll_add_hash_agg(sketch_hash(bin))) FROM typed
UNION ALL SELECT 'uuid', # hll_add_agg(id), count(DISTINCT id), pg_temp.same_registers(hll_add_agg(id), hll_add_hash_agg(sketch_hash(id))) FROM typed
UNION ALL SELECT 'date', # hll_add_agg(day), count(DISTINCT day), pg_temp.same_registers(hll_add_agg(day), hll_add_hash_agg(sketch_hash(day))) FROM typed
UNION ALL SELECT 'timestamp', # hll_add_agg(ts), count(DISTINCT ts), pg_temp.same_registers(hll_add_agg(ts), hll_add_hash_agg(sketch_hash(ts))) FROM typed
UNION ALL SELECT 'timestamptz', # hll_add_agg(tstz), count(DISTINCT tstz), pg_temp.same_registers(hll_add_agg(tstz), hll_add_hash_agg(sketch_hash(tstz))) FROM typed
UNION ALL SELECT 'inet (anyelement)', # hll_add_agg(addr), count(DISTINCT addr), pg_temp.same_registers(hll_add_agg(addr), hll_add_hash_agg(sketch_hash(addr))) FROM typed;
-- hll_add_agg agrees with hll_add value by value.
SELECT hll_add_agg(txt) = (SELECT h FROM (WITH RECURSIVE r(n, h) AS (
           SELECT 0, hll_empty()
           UNION ALL SELECT n + 1, hll_add(h, 'v' || (n + 1)) FROM r WHERE n < 500)
        SELECT h FROM r WHERE n = 500) s) AS agg_equals_hll_add
FROM typed;
-- Equal numbers are one element whatever their type: the same registers. Within
-- a family (integers, floats, strings) the same sketch; across families the
-- sketches differ in the kind they record (doc/FORMAT.md 2.5).
SELECT hll_add_agg(i2) = hll_add_agg(i4) AND hll_add_agg(i4) = hll_add_agg(i8)
       AND pg_temp.same_registers(hll_add_agg(i8), hll_add_agg(num))
       AND pg_temp.same_registers(hll_add_agg(num), hll_add_agg(f8))
       AND hll_add_agg(f8) = hll_add_agg(f4) AS integers_agree,
       hll_add_agg(txt) = hll_add_agg(txt::varchar) AS text_varchar_agree,
       pg_temp.same_registers(hll_add_agg(ts), hll_add_agg(tstz)) AS timestamps_agree
FROM typed;

-- hll_add_agg(x, p) and hll_count_distinct(x) for every overload.
SELECT hll_precision(hll_add_agg(i2, 10)) AS i2, hll_precision(hll_add_agg(i4, 11)) AS i4,
       hll_precision(hll_add_agg(i8, 12)) AS i8, hll_precision(hll_add_agg(f4, 13)) AS f4,
       hll_precision(hll_add_agg(f8, 15)) AS f8, hll_precision(hll_add_agg(num, 16)) AS num,
       hll_precision(hll_add_agg(txt, 17)) AS txt, hll_precision(hll_add_agg(bin, 18)) AS bin,
       hll_precision(hll_add_agg(id, 4)) AS id, hll_precision(hll_add_agg(day, 5)) AS day,
       hll_precision(hll_add_agg(ts, 6)) AS ts, hll_precision(hll_add_agg(tstz, 7)) AS tstz,
       hll_precision(hll_add_agg(addr, 8)) AS addr
FROM typed;
SELECT hll_count_distinct(i2) AS i2, hll_count_distinct(i4) AS i4, hll_count_distinct(i8) AS i8,
       hll_count_distinct(f4) AS f4, hll_count_distinct(f8) AS f8, hll_count_distinct(num) AS num,
       hll_count_distinct(txt) AS txt, hll_count_distinct(bin) AS bin, hll_count_distinct(id) AS id,
       hll_count_distinct(day) AS day, hll_count_distinct(ts) AS ts, hll_count_distinct(tstz) AS tstz,
       hll_count_distinct(addr) AS addr
FROM typed;
-- A precision is a property of the sketch: at p = 4 a sketch of 500 values is dense and rough.
SELECT hll_info(hll_add_agg(i4, 4))->>'representation' AS repr, # hll_add_agg(i4, 4) BETWEEN 300 AND 800 AS rough
FROM typed;

-- Zero rows: an empty sketch, not NULL; a count of 0.
SELECT hll_add_agg(i4), hll_add_agg(txt) IS NULL AS is_null, # hll_add_agg(i8) AS card,
       hll_count_distinct(i4) AS count_distinct, hll_union_agg(NULL::hll) AS union_agg,
       hll_add_hash_agg(sketch_hash(i4)) AS hash_agg
FROM typed WHERE false;
-- ... at the precision asked for.
SELECT hll_precision(hll_add_agg(i4, 10)) AS add_agg_10, hll_precision(hll_add_agg(addr, 16)) AS add_agg_16,
       hll_precision(hll_add_hash_agg(sketch_hash(i4), 12)) AS hash_agg_12
FROM typed WHERE false;
-- ... so an empty input goes into a column of that precision like any other.
CREATE TEMP TABLE agg16 (h hll(16));
INSERT INTO agg16 SELECT hll_add_agg(i4, 16) FROM typed WHERE false;
INSERT INTO agg16 SELECT hll_add_agg(i4, 16) FROM typed;
SELECT hll_precision(h), # h FROM agg16 ORDER BY 2;
-- Zero rows in some groups of a grouped query do not arise; empty groups do with FILTER.
SELECT g, hll_add_agg(i4) FILTER (WHERE i4 > 1000) AS h, hll_count_distinct(i4) FILTER (WHERE i4 > 1000) AS n
FROM typed, generate_series(1, 2) g GROUP BY g ORDER BY g;

-- NULLs are ignored; all-NULL input gives the empty sketch at the requested precision.
SELECT hll_add_agg(x) = hll_add_agg(x) FILTER (WHERE x IS NOT NULL) AS nulls_ignored,
       hll_count_distinct(x) AS n
FROM (VALUES (1), (NULL), (2), (NULL), (1)) v(x);
SELECT hll_add_agg(x), hll_add_agg(x, 4), hll_count_distinct(x)
FROM (VALUES (NULL::int), (NULL)) v(x);
SELECT pg_temp.same_registers(hll_add_hash_agg(h), hll_add_agg(x)) AS hash_nulls_ignored
FROM (VALUES (1, sketch_hash(1)), (NULL, NULL), (3, sketch_hash(3))) v(x, h);
SELECT hll_union_agg(h) = hll_add_agg(x) AS union_nulls_ignored
FROM (VALUES (1, hll_add(hll_empty(), 1)), (NULL, NULL), (3, hll_add(hll_empty(), 3))) v(x, h);

-- DISTINCT, ORDER BY and FILTER inside the aggregate.
SELECT hll_add_agg(DISTINCT i4) = hll_add_agg(i4) AS distinct_same,
       hll_add_agg(i4 ORDER BY i4 DESC) = hll_add_agg(i4) AS ordered_same,
       # hll_add_agg(i4) FILTER (WHERE i4 <= 100) AS filtered
FROM typed;

-- hll_add_hash_agg: sketches of hashes computed elsewhere (a client, another seed).
SELECT pg_temp.same_registers(hll_add_hash_agg(sketch_hash(x)), hll_add_agg(x)) AS same_as_add_agg,
       pg_temp.same_registers(hll_add_hash_agg(sketch_hash(x), 10), hll_add_agg(x, 10)) AS same_at_p_10,
       # hll_add_hash_agg(sketch_hash(x, 42)) AS seeded_hashes_count_too
FROM generate_series(1, 1000) x;
SELECT hll_info(hll_add_hash_agg(h))->'seed' AS seed FROM (VALUES (1::bigint)) v(h);

-- hll_union_agg: union of a column of sketches; precisions fold to the smallest.
CREATE TEMP TABLE parts AS
SELECT g, hll_add_agg(x, 10 + g % 5) AS h
FROM generate_series(1, 20) g, generate_series(g * 100, g * 100 + 299) x
GROUP BY g;
SELECT hll_precision(hll_union_agg(h)) AS p, # hll_union_agg(h) AS est,
       (SELECT count(DISTINCT x) FROM generate_series(1, 20) g, generate_series(g * 100, g * 100 + 299) x) AS exact,
       hll_union_agg(h) = (SELECT hll_add_agg(x, 10) FROM generate_series(100, 2299) x) AS equals_direct
FROM parts;
SELECT hll_union_agg(h) = hll_union_agg(h::hll(10)) AS fold_first_or_last FROM parts;
-- Seeded sketches keep their seed.
SELECT hll_info(hll_union_agg(hll_add(hll_empty(12, 7), x)))->'seed' AS seed,
       # hll_union_agg(hll_add(hll_empty(12, 7), x)) AS n
FROM generate_series(1, 10) x;

-- Shared transition state: hll_add_agg and hll_count_distinct have the same
-- transition function and state, so PostgreSQL computes the state once and
-- runs both final functions on it; neither may change it.
SELECT hll_cardinality(hll_add_agg(x)) = hll_count_distinct(x) AS consistent,
       hll_count_distinct(x) AS n, # hll_add_agg(x) AS card
FROM generate_series(1, 50000) x;
SELECT hll_count_distinct(x) AS n1, hll_add_agg(x) = hll_add_agg(x) AS same, # hll_add_agg(x) AS n2,
       hll_count_distinct(x) AS n3
FROM generate_series(1, 300) x;
SELECT count(*) AS groups,
       count(*) FILTER (WHERE # h = n) AS consistent,
       count(*) FILTER (WHERE h = direct) AS sketch_unchanged
FROM (SELECT g, hll_add_agg(x) h, hll_count_distinct(x) n, hll_add_agg(x, 14) direct
      FROM generate_series(1, 20000) x, LATERAL (SELECT x % 50 AS g) v GROUP BY g) s;

-- Memory: small groups stay sparse. 1000 groups of 3 values: 16-byte header
-- and three 4-byte entries each (hll_info's bytes include the 4-byte varlena header).
SELECT count(*) AS groups,
       count(*) FILTER (WHERE hll_info(h)->>'representation' = 'sparse') AS sparse,
       min((hll_info(h)->>'bytes')::int) AS min_bytes, max((hll_info(h)->>'bytes')::int) AS max_bytes,
       max(octet_length(h::bytea)) AS max_octets, sum(# h) AS total
FROM (SELECT g, hll_add_agg(x) AS h FROM generate_series(1, 3000) x, LATERAL (SELECT x % 1000 AS g) v
      GROUP BY g) s;
-- The same with hash aggregation forced to spill: states written out and read back.
SET work_mem = '64kB';
SET enable_sort = off;
EXPLAIN (COSTS OFF)
SELECT x % 20000 AS g, hll_add_agg(x) FROM generate_series(1, 100000) x GROUP BY 1;
CREATE TEMP TABLE spilled AS
SELECT x % 20000 AS g, hll_add_agg(x) AS h FROM generate_series(1, 100000) x GROUP BY 1;
RESET enable_sort;
SET enable_hashagg = off;
CREATE TEMP TABLE sorted AS
SELECT x % 20000 AS g, hll_add_agg(x) AS h FROM generate_series(1, 100000) x GROUP BY 1;
RESET enable_hashagg;
RESET work_mem;
SELECT count(*), count(*) FILTER (WHERE s.h = t.h) AS equal, sum(# s.h) AS total
FROM spilled s JOIN sorted t USING (g);

DROP TABLE typed, agg16, parts, spilled, sorted;
