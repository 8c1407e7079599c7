-- hll text and binary I/O, and the binary format checked byte by byte.

-- Text form: \x and lowercase hex of the binary format; input takes either case.
SELECT '\x480102010e1a00000000000000000000'::hll = hll_empty() AS text_in;
SELECT '\x48010201041A000000000000000000000159BC2F'::hll AS upper_case_in;
SELECT hll_empty(14, 1311768467294899695)::text AS seed_little_endian;
SELECT h::text::hll = h AS text_round_trip_sparse FROM (SELECT hll_add_agg(x) h FROM generate_series(1, 300) x) d;
SELECT h::text::hll = h AS text_round_trip_dense FROM (SELECT hll_add_agg(x, 8) h FROM generate_series(1, 300) x) d;

-- The header: 'H', version 1, hash id 1, representation, precision,
-- sparse precision 26, two reserved zero bytes, the seed little-endian.
SELECT get_byte(b, 0) = ascii('H') AS tag, get_byte(b, 1) AS version, get_byte(b, 2) AS hash_id,
       get_byte(b, 3) AS repr, get_byte(b, 4) AS precision, get_byte(b, 5) AS sparse_precision,
       get_byte(b, 6) AS reserved_6, get_byte(b, 7) AS reserved_7, substring(b FROM 9 FOR 8) AS seed
FROM (SELECT hll_empty(12, 258)::bytea UNION ALL
      SELECT hll_add(hll_empty(12, -2), 1)::bytea UNION ALL
      SELECT hll_add_agg(x, 12)::bytea FROM generate_series(1, 5000) x) v(b);

-- The payload, recomputed in SQL from sketch_hash. For a hash h at precision p:
-- index = the top p bits, rank = 1 + leading zeros of the remaining bits
-- (65 - p when they are all zero).
CREATE FUNCTION pg_temp.reg_index(h bigint, p int) RETURNS int
    LANGUAGE sql IMMUTABLE AS $$ SELECT ((h >> (64 - p)) & ((1::bigint << p) - 1))::int $$;
CREATE FUNCTION pg_temp.reg_rank(h bigint, p int) RETURNS int
    LANGUAGE sql IMMUTABLE AS $$
    SELECT CASE WHEN r = 0 THEN 65 - p ELSE r END
    FROM (SELECT position(B'1' IN substring(h::bit(64) FROM p + 1)) AS r) s $$;
-- Register i of a dense value: four 6-bit registers in three bytes, least significant first.
CREATE FUNCTION pg_temp.dense_reg(b bytea, i int) RETURNS int
    LANGUAGE sql IMMUTABLE AS $$
    SELECT ((get_byte(b, 16 + 3 * (i / 4)) | (get_byte(b, 17 + 3 * (i / 4)) << 8)
             | (get_byte(b, 18 + 3 * (i / 4)) << 16)) >> (6 * (i % 4))) & 63 $$;
-- Entry k of a sparse value: a little-endian u32.
CREATE FUNCTION pg_temp.sparse_entry(b bytea, k int) RETURNS bigint
    LANGUAGE sql IMMUTABLE AS $$
    SELECT get_byte(b, 16 + 4 * k)::bigint | (get_byte(b, 17 + 4 * k)::bigint << 8)
           | (get_byte(b, 18 + 4 * k)::bigint << 16) | (get_byte(b, 19 + 4 * k)::bigint << 24) $$;

-- Sparse: entries (index at precision 26) << 6 | rank, strictly increasing.
SELECT pg_temp.reg_index(sketch_hash(1), 26) AS index26, pg_temp.reg_rank(sketch_hash(1), 26) AS rank26,
       to_hex(pg_temp.sparse_entry(hll_add(hll_empty(), 1)::bytea, 0)) AS entry;
SELECT to_hex(pg_temp.sparse_entry(hll_add_hash(hll_empty(), 0)::bytea, 0)) AS hash_0,
       to_hex(pg_temp.sparse_entry(hll_add_hash(hll_empty(), -1)::bytea, 0)) AS hash_all_ones;
WITH sk AS (SELECT hll_add_agg(x)::bytea AS b FROM generate_series(1, 2000) x),
     expected AS (
        SELECT (pg_temp.reg_index(h, 26)::bigint << 6) | max(pg_temp.reg_rank(h, 26)) AS e
        FROM (SELECT sketch_hash(x) h FROM generate_series(1, 2000) x) s
        GROUP BY pg_temp.reg_index(h, 26)),
     stored AS (
        SELECT k, pg_temp.sparse_entry(b, k) AS e FROM sk, generate_series(0, (octet_length(b) - 16) / 4 - 1) k)
SELECT (SELECT get_byte(b, 3) FROM sk) AS repr,
       (SELECT count(*) FROM stored) AS entries,
       (SELECT array_agg(e ORDER BY e) FROM expected) = (SELECT array_agg(e ORDER BY k) FROM stored) AS entries_match;

-- Dense: 2^p registers, each the largest rank of the hashes with that index.
SELECT p, n, get_byte(b, 3) AS repr, octet_length(b) = 16 + 3 * (1 << p) / 4 AS size_ok,
       (SELECT count(*) FROM generate_series(0, (1 << p) - 1) i
        WHERE pg_temp.dense_reg(b, i) IS DISTINCT FROM
              coalesce((SELECT max(pg_temp.reg_rank(sketch_hash(x), p)) FROM generate_series(1, n) x
                        WHERE pg_temp.reg_index(sketch_hash(x), p) = i), 0)) AS wrong_registers
FROM (VALUES (4, 100), (7, 1000)) v(p, n),
     LATERAL (SELECT hll_add_agg(x, p)::bytea AS b FROM generate_series(1, n) x) d
ORDER BY p;
-- A large one, compared register by register in one pass.
WITH sk AS (SELECT hll_add_agg(x, 12)::bytea AS b FROM generate_series(1, 50000) x),
     expected AS (
        SELECT pg_temp.reg_index(h, 12) AS i, max(pg_temp.reg_rank(h, 12)) AS r
        FROM (SELECT sketch_hash(x) h FROM generate_series(1, 50000) x) s GROUP BY 1)
SELECT count(*) FILTER (WHERE pg_temp.dense_reg(b, i) <> coalesce(e.r, 0)) AS wrong_registers,
       count(*) FILTER (WHERE pg_temp.dense_reg(b, i) = 0) AS zero_registers,
       max(pg_temp.dense_reg(b, i)) AS max_register
FROM sk, generate_series(0, 4095) i LEFT JOIN expected e USING (i);

-- Binary COPY round trip: hll_send writes the format, hll_recv validates it back.
CREATE TEMP TABLE io_src (id int, h hll);
INSERT INTO io_src
SELECT 1, hll_empty() UNION ALL
SELECT 2, hll_empty(4, -7) UNION ALL
SELECT 3, hll_add_agg(x) FROM generate_series(1, 100) x UNION ALL
SELECT 4, hll_add_agg(x) FROM generate_series(1, 50000) x UNION ALL
SELECT 5, hll_add_agg(x, 18) FROM generate_series(1, 100000) x UNION ALL
SELECT 6, NULL;
-- The file goes to the server's data directory, and is read back from there.
SELECT current_setting('data_directory') || '/hll_io_copy.bin' AS copy_file \gset
COPY io_src TO :'copy_file' WITH (FORMAT binary);
CREATE TEMP TABLE io_dst (id int, h hll);
COPY io_dst FROM :'copy_file' WITH (FORMAT binary);
SELECT s.id, d.h = s.h AS equal, d.h IS NULL AS is_null, hll_info(d.h)->>'representation' AS repr
FROM io_src s JOIN io_dst d USING (id) ORDER BY id;
-- Into an hll(12) column the typmod applies: finer sketches fold down ...
CREATE TEMP TABLE io_dst12 (id int, h hll(12));
COPY (SELECT * FROM io_src WHERE id <> 2) TO :'copy_file' WITH (FORMAT binary);
COPY io_dst12 FROM :'copy_file' WITH (FORMAT binary);
SELECT id, hll_precision(d.h), d.h = s.h::hll(12) AS folded_equal, hll_info(d.h)->>'representation' AS repr
FROM io_dst12 d JOIN io_src s USING (id) ORDER BY id;
-- ... and the p=4 sketch cannot be raised to 12.
COPY (SELECT * FROM io_src WHERE id = 2) TO :'copy_file' WITH (FORMAT binary);
COPY io_dst12 FROM :'copy_file' WITH (FORMAT binary);
-- hll_recv validates outside bytes: a bytea column has the same binary layout,
-- so a file of bytea values read into an hll column goes through the checks.
COPY (SELECT 1, set_byte(hll_empty()::bytea, 1, 2)) TO :'copy_file' WITH (FORMAT binary);
COPY io_dst FROM :'copy_file' WITH (FORMAT binary);
COPY (SELECT 1, '\x4801'::bytea) TO :'copy_file' WITH (FORMAT binary);
COPY io_dst FROM :'copy_file' WITH (FORMAT binary);
COPY (SELECT 1, hll_empty()::bytea || '\x00'::bytea) TO :'copy_file' WITH (FORMAT binary);
COPY io_dst FROM :'copy_file' WITH (FORMAT binary);
COPY (SELECT 1, hll_empty()::bytea) TO :'copy_file' WITH (FORMAT binary);
COPY io_dst FROM :'copy_file' WITH (FORMAT binary);
SELECT count(*) FROM io_dst WHERE h = hll_empty();
COPY (SELECT WHERE false) TO PROGRAM 'rm -f hll_io_copy.bin';

-- Text COPY: backslash is COPY's escape character, so the \x is written \\x.
CREATE TEMP TABLE io_text (id int, h hll);
COPY io_text FROM STDIN;
1	\\x480102010e1a00000000000000000000
2	\\x48010201041a000000000000000000000159bc2f
3	\N
\.
COPY io_text FROM STDIN WITH (FORMAT csv);
4,\x48010201041a000000000000000000000159bc2f
\.
SELECT id, h, hll_cardinality(h) FROM io_text ORDER BY id;
COPY io_text TO STDOUT;
COPY io_text TO STDOUT WITH (FORMAT csv);

DROP TABLE io_src, io_dst, io_dst12, io_text;
