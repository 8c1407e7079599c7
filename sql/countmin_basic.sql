-- countmin: construction, adds, counts, union, info, I/O. Every estimate is
-- checked against the count computed another way.

-- The defaults, epsilon 0.001 and delta 0.01: 2719 cells a row (ceil(e /
-- 0.001)), 5 rows (ceil(ln 100)), 108,808 bytes plus the 4-byte header.
SELECT countmin_info(countmin_empty());
SELECT countmin_info(countmin_empty(0.01, 0.1, -5)) - 'bytes' AS small;
SELECT (countmin_info(countmin_empty(0.5, 0.5))->>'depth')::int AS depth_1,
       (countmin_info(countmin_empty(0.5, 0.36787944117144233))->>'depth')::int AS depth_at_e_minus_1,
       (countmin_info(countmin_empty(0.5, 0.3678794411714423))->>'depth')::int AS depth_just_below;

-- Adds and counts: exact without collisions, weights, NULLs change nothing.
SELECT countmin_count(s, 'a'::text) AS a, countmin_count(s, 'b'::text) AS b, countmin_count(s, 'z'::text) AS z,
       countmin_total(s) AS total, countmin_info(s)->'kind' AS kind
FROM (SELECT countmin_add(countmin_add(countmin_add(countmin_add(countmin_empty(), 'a'::text), 'b'::text, 5),
                                       'a'::text), NULL::text) AS s) v;
SELECT countmin_add(countmin_empty(0.5, 0.5), 1, NULL) = countmin_empty(0.5, 0.5) AS null_weight_unchanged,
       countmin_add(countmin_empty(0.5, 0.5), 1, 0) = countmin_empty(0.5, 0.5) AS zero_weight_unchanged,
       countmin_add(NULL::countmin, 1) IS NULL AS null_sketch,
       countmin_count(countmin_empty(), NULL::int) IS NULL AS null_probe;
-- Integers of every width, floats and numeric that SQL calls equal count together.
SELECT countmin_count(s, 7::smallint) AS int2, countmin_count(s, 7) AS int4, countmin_count(s, 7.0) AS numeric,
       countmin_count(s, 7::float8) AS float8
FROM (SELECT countmin_add(countmin_add(countmin_add(countmin_empty(), 7::bigint), 7::int), 7::smallint, 3) s) v;

-- A tiny sketch (one row of 6 cells) forced into collisions: never below the
-- truth, and with one row the row sums to the total exactly.
CREATE TEMP TABLE tiny_stream AS SELECT (i * 37) % 50 AS x FROM generate_series(1, 1000) i;
SELECT bool_and(countmin_count(s, t.x) >= t.n) AS never_below, max(countmin_count(s, t.x) - t.n) > 0 AS collided,
       min(countmin_total(s)) AS total
FROM (SELECT x, count(*) AS n FROM tiny_stream GROUP BY x) t,
     (SELECT countmin_agg(x, 0.5, 0.5) AS s FROM tiny_stream) a;

-- Union: cell-wise sum; totals add; counts of the union at least those of each side.
SELECT countmin_total(a || b) AS total, countmin_count(a || b, 3) AS three,
       a || b = b || a AS commutes, (a || b) || a = a || (b || a) AS associates,
       countmin_union(a, b) = a || b AS union_is_operator,
       countmin_empty() || a = a AS empty_is_identity
FROM (SELECT countmin_agg(x) FILTER (WHERE x <= 5) AS a, countmin_agg(x) FILTER (WHERE x > 2) AS b
      FROM generate_series(1, 10) x) v;
SELECT (SELECT countmin_union_agg(s) FROM (SELECT countmin_agg(g) AS s FROM generate_series(1, 3) g GROUP BY g) p)
       = (SELECT countmin_agg(1)) || (SELECT countmin_agg(2)) || (SELECT countmin_agg(3)) AS union_agg_is_fold;

-- Equality and hashing: GROUP BY and DISTINCT over sketches.
SELECT count(*) AS groups, sum(n) AS sketches
FROM (SELECT s, count(*) AS n FROM (SELECT countmin_agg(x % 3, 0.5, 0.5) AS s FROM generate_series(1, 60) x
                                   GROUP BY x % 4) v GROUP BY s) g;

-- Text I/O, binary form and bytea casts round-trip the exact bytes.
SELECT s::text::countmin = s AS text_round_trip, s::bytea::countmin = s AS bytea_round_trip,
       ('\x' || upper(substr(s::text, 3)))::countmin = s AS upper_case_hex
FROM (SELECT countmin_add(countmin_empty(0.5, 0.5, 3), 42) AS s) v;
-- The smallest sketch, every byte: 'M', v2, hash 2, conservative, depth 1,
-- 0, kind 20, seed 3, epsilon 0.5, delta 0.5, width 6, total 1, 6 cells.
SELECT countmin_add(countmin_empty(0.5, 0.5, 3), 42)::text AS value;

-- Binary COPY round trip: countmin_send writes the format, countmin_recv validates it back.
CREATE TEMP TABLE cm_io_src (id int, s countmin);
INSERT INTO cm_io_src
SELECT 1, countmin_empty() UNION ALL
SELECT 2, countmin_agg(x % 100, 0.01, 0.05) FROM generate_series(1, 10000) x UNION ALL
SELECT 3, countmin_agg('v' || x, x::bigint) FROM generate_series(1, 100) x UNION ALL
SELECT 4, NULL;
SELECT current_setting('data_directory') || '/countmin_io_copy.bin' AS copy_file \gset
COPY cm_io_src TO :'copy_file' WITH (FORMAT binary);
CREATE TEMP TABLE cm_io_dst (id int, s countmin);
COPY cm_io_dst FROM :'copy_file' WITH (FORMAT binary);
SELECT s.id, d.s = s.s AS equal, d.s IS NULL AS is_null FROM cm_io_src s JOIN cm_io_dst d USING (id) ORDER BY id;
COPY (SELECT WHERE false) TO PROGRAM 'rm -f countmin_io_copy.bin';

-- A sketch stored out of line (TOAST), probed once per row through a join.
CREATE TEMP TABLE cm_store AS SELECT countmin_agg(x % 1000) AS s FROM generate_series(1, 100000) x;
SELECT count(*) FILTER (WHERE countmin_count(c.s, g) >= 100) AS at_least_truth, count(*) AS probes
FROM cm_store c, generate_series(0, 999) g;
DROP TABLE tiny_stream, cm_io_src, cm_io_dst, cm_store;
