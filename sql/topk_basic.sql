-- topk: items with bounds, typed items, union, zero rows, NULLs, windows, I/O.
-- Exact answers: every count here is small enough that no counter is purged
-- (fewer distinct items than the size), so estimates are exact and the
-- maximum error is 0; topk_agg.sql checks the bounds where it is not.
CREATE TEMP TABLE tb AS
SELECT x % 5 AS i, (x % 5)::text AS t, (x % 5)::smallint AS s, NULLIF(x % 6, 0) AS n,
       ('00000000-0000-0000-0000-00000000000' || (x % 5))::uuid AS u, decode(lpad((x % 5)::text, 2, '0'), 'hex') AS b
FROM generate_series(1, 15) x, generate_series(1, 1) y WHERE x % 5 <= x / 3;

-- Exact counts, for reference.
SELECT i, count(*) FROM tb GROUP BY i ORDER BY 2 DESC, 1;
-- Items as text, estimate descending; the same as values of each type.
SELECT * FROM topk_items((SELECT topk_agg(i) FROM tb));
SELECT * FROM topk_items((SELECT topk_agg(i) FROM tb), 2, NULL::integer);
SELECT * FROM topk_items((SELECT topk_agg(s) FROM tb), 2, NULL::bigint);
SELECT * FROM topk_items((SELECT topk_agg(t) FROM tb), 2, NULL::text);
SELECT * FROM topk_items((SELECT topk_agg(t::varchar) FROM tb), 2, NULL::varchar);
SELECT * FROM topk_items((SELECT topk_agg(u) FROM tb), 2, NULL::uuid);
SELECT * FROM topk_items((SELECT topk_agg(b) FROM tb), 2, NULL::bytea);
SELECT * FROM topk_items((SELECT topk_agg(u) FROM tb), 1);
SELECT * FROM topk_items((SELECT topk_agg(b) FROM tb), 1);
-- Joined with the column they came from, without casts.
SELECT tb.i, count(*) AS rows_joined, min(k.estimate) AS estimate
FROM tb JOIN topk_items((SELECT topk_agg(i) FROM tb), 3, NULL::integer) k ON k.item = tb.i
GROUP BY tb.i ORDER BY 1;
-- smallint, integer and bigint columns give equal sketches (one kind, bigint).
SELECT (SELECT topk_agg(i) FROM tb) = (SELECT topk_agg(s) FROM tb) AS int_eq_smallint,
       (SELECT topk_agg(i) FROM tb) = (SELECT topk_agg(i::bigint) FROM tb) AS int_eq_bigint;
-- Weights: the sum of the weights per item; weight 0 adds nothing; NULL weight skips the row.
SELECT * FROM topk_items((SELECT topk_agg(i, (i * 10)::bigint) FROM tb));
SELECT topk_count(topk_agg(i, (i * 10)::bigint)), (SELECT sum(i * 10) FROM tb) AS exact FROM tb;
SELECT topk_count(topk_agg(i, NULLIF(i, 1)::bigint)) AS null_weights_skipped FROM tb;
-- NULL values are skipped; topk_count counts the rest.
SELECT topk_count(topk_agg(n)) AS counted, count(n) AS non_null FROM tb;
-- Zero rows: an empty sketch of the call's size; topk_union_agg too.
SELECT topk_info(topk_agg(i)) FROM tb WHERE false;
SELECT topk_info(topk_agg(i, 7)) FROM tb WHERE false;
SELECT topk_info(topk_agg(i, 5::bigint, 9)) FROM tb WHERE false;
SELECT topk_union_agg(s) IS NOT NULL AS union_of_none, topk_count(topk_union_agg(s)) FROM (SELECT topk_agg(i) AS s FROM tb WHERE false) q WHERE false;
SELECT * FROM topk_items(topk_empty(10));
SELECT * FROM topk_items(topk_empty(10), 3, NULL::uuid);
SELECT count(*) FROM topk_items(NULL, 3, NULL::uuid);
-- Union: || and topk_union_agg equal the sketch of all rows when nothing was purged,
-- and in either order byte for byte.
SELECT (SELECT topk_agg(i) FROM tb WHERE i < 2) || (SELECT topk_agg(i) FROM tb WHERE i >= 2) = (SELECT topk_agg(i) FROM tb) AS union_exact,
       (SELECT topk_agg(i) FROM tb WHERE i >= 2) || (SELECT topk_agg(i) FROM tb WHERE i < 2) = (SELECT topk_agg(i) FROM tb) AS other_order,
       (SELECT topk_union_agg(s) FROM (SELECT topk_agg(i) s FROM tb GROUP BY i % 2) q) = (SELECT topk_agg(i) FROM tb) AS union_agg;
SELECT topk_info(topk_agg(i, 4) || topk_agg(i, 2)) FROM tb;
-- A window aggregate: a running sketch per row, the state never changed by its final function.
SELECT x, topk_count(w) AS total, (SELECT string_agg(item || ':' || estimate, ' ') FROM topk_items(w)) AS items
FROM (SELECT x, topk_agg(x % 3) OVER (ORDER BY x) AS w FROM generate_series(1, 6) x) q;
-- Text, binary and bytea forms round-trip, and the info JSON.
SELECT topk_agg(t)::text FROM tb;
SELECT topk_agg(t)::text::topk = topk_agg(t) AS text_round_trip, topk_agg(t)::bytea::topk = topk_agg(t) AS bytea_round_trip
FROM tb;
-- Binary COPY: topk_send writes the format, topk_recv validates it back.
CREATE TEMP TABLE io_src (id int, k topk);
INSERT INTO io_src
SELECT 1, topk_empty(3) UNION ALL
SELECT 2, topk_agg(t) FROM tb UNION ALL
SELECT 3, topk_agg(u, 2) FROM tb UNION ALL
SELECT 4, topk_agg(x % 100, 10) FROM generate_series(1, 5000) x UNION ALL
SELECT 5, NULL;
SELECT current_setting('data_directory') || '/topk_basic_copy.bin' AS copy_file \gset
COPY io_src TO :'copy_file' WITH (FORMAT binary);
CREATE TEMP TABLE io_dst (id int, k topk);
COPY io_dst FROM :'copy_file' WITH (FORMAT binary);
SELECT s.id, d.k = s.k AS equal, d.k IS NULL AS is_null FROM io_src s JOIN io_dst d USING (id) ORDER BY id;
COPY (SELECT WHERE false) TO PROGRAM 'rm -f topk_basic_copy.bin';
SELECT topk_info(topk_agg(t)) FROM tb;
-- GROUP BY a sketch (hash opclass).
SELECT count(*) AS sketches, count(DISTINCT topk_hash(s)) AS distinct_hashes
FROM (SELECT s FROM (SELECT topk_agg(i) s FROM tb GROUP BY i % 2 UNION ALL SELECT topk_agg(i) FROM tb WHERE i % 2 = 0) q GROUP BY s) g;
