-- bloom text and binary I/O, and the binary format's header checked byte by byte.

-- Text form: \x and lowercase hex of the binary format; input takes either case.
SELECT bloom_empty(10)::text AS empty_10;
SELECT '\x420102010100000000000000000000000a000000000000007b14ae47e17a843f60000000000000000a0000000000000000000000000000000700000000000000000000000000000000000000'::bloom
       = bloom_empty(10) AS text_in;
SELECT upper(bloom_add(bloom_empty(10), 1)::text)::bloom = bloom_add(bloom_empty(10), 1) AS upper_case_in;
SELECT b::text::bloom = b AS text_round_trip, b::bytea::text = b::text AS same_as_bytea_hex
FROM (SELECT bloom_agg(x, 1000, 0.01) b FROM generate_series(1, 700) x) d;

-- The filter header: 'B', version 1, hash id 1, layout (1 fixed, 2 scalable),
-- layer count u16, two reserved zero bytes, seed u64, capacity u64 and the
-- target rate as IEEE-754 binary64, all little-endian.
CREATE FUNCTION pg_temp.u64(b bytea, off int) RETURNS numeric LANGUAGE sql IMMUTABLE AS $$
    SELECT sum(get_byte(b, off + i)::numeric * 256 ^ i) FROM generate_series(0, 7) i $$;
CREATE FUNCTION pg_temp.hex(b bytea, off int, len int) RETURNS text LANGUAGE sql IMMUTABLE AS $$
    SELECT encode(substring(b FROM off + 1 FOR len), 'hex') $$;
SELECT chr(get_byte(b, 0)) AS tag, get_byte(b, 1) AS version, get_byte(b, 2) AS hash_id,
       get_byte(b, 3) AS layout, get_byte(b, 4) + 256 * get_byte(b, 5) AS layers,
       pg_temp.hex(b, 6, 2) AS reserved, pg_temp.hex(b, 8, 8) AS seed, pg_temp.u64(b, 16) AS capacity,
       pg_temp.hex(b, 24, 8) AS fpr_bits
FROM (SELECT bloom_empty(1000, 0.01, false, 258)::bytea UNION ALL
      SELECT bloom_empty(1000, 0.01, false, -2)::bytea UNION ALL
      SELECT bloom_empty(5, 0.5, true)::bytea) v(b);
-- 0.01 and 0.5 as binary64: 0x3F847AE147AE147B and 0x3FE0000000000000.
SELECT float8send(0.01) AS fpr_001, float8send(0.5) AS fpr_05;

-- Each layer: bit count u64, capacity u64, bits set u64, hash count u32,
-- four reserved zero bytes, then the bits, LSB first, pad bits zero.
SELECT pg_temp.u64(b, 32) AS bit_count, pg_temp.u64(b, 40) AS capacity, pg_temp.u64(b, 48) AS bits_set,
       get_byte(b, 56) AS hash_count, pg_temp.hex(b, 60, 4) AS reserved, octet_length(b) AS bytes,
       64 + ceil(pg_temp.u64(b, 32) / 8) AS expected_bytes
FROM (SELECT bloom_agg(x, 1000, 0.01)::bytea AS b FROM generate_series(1, 500) x) v;
-- The stored population is the number of bits set.
SELECT pg_temp.u64(b, 48) = (SELECT sum(length(replace(get_byte(b, i)::bit(8)::text, '0', '')))
                             FROM generate_series(64, octet_length(b) - 1) i) AS bits_set_is_popcount
FROM (SELECT bloom_agg(x, 1000, 0.01)::bytea AS b FROM generate_series(1, 500) x) v;
-- A scalable filter's layers follow one another with no padding.
SELECT pg_temp.u64(b, 32) AS m0, pg_temp.u64(b, 40) AS n0,
       pg_temp.u64(b, 64 + ceil(pg_temp.u64(b, 32) / 8)::int) AS m1,
       pg_temp.u64(b, 72 + ceil(pg_temp.u64(b, 32) / 8)::int) AS n1,
       octet_length(b) = 96 + ceil(pg_temp.u64(b, 32) / 8) + ceil(pg_temp.u64(b, 64 + ceil(pg_temp.u64(b, 32) / 8)::int) / 8)
           AS two_layers_exactly
FROM (SELECT bloom_add(bloom_add(bloom_add(bloom_empty(1, 0.1, true), 1), 2), 3)::bytea AS b) v;

-- Binary COPY round trip: bloom_send writes the format, bloom_recv validates it back.
CREATE TEMP TABLE io_src (id int, b bloom);
INSERT INTO io_src
SELECT 1, bloom_empty(1) UNION ALL
SELECT 2, bloom_empty(1000, 0.001, true, -7) UNION ALL
SELECT 3, bloom_agg(x, 100, 0.05) FROM generate_series(1, 100) x UNION ALL
SELECT 4, bloom_agg(x, 200000, 0.01) FROM generate_series(1, 100000) x UNION ALL
SELECT 5, bloom_agg('v' || x, 1000, 0.01) FROM generate_series(1, 1000) x UNION ALL
SELECT 6, NULL;
SELECT current_setting('data_directory') || '/bloom_io_copy.bin' AS copy_file \gset
COPY io_src TO :'copy_file' WITH (FORMAT binary);
CREATE TEMP TABLE io_dst (id int, b bloom);
COPY io_dst FROM :'copy_file' WITH (FORMAT binary);
SELECT s.id, d.b = s.b AS equal, d.b IS NULL AS is_null FROM io_src s JOIN io_dst d USING (id) ORDER BY id;
-- No false negatives after the round trips through binary and text.
SELECT (SELECT count(*) FROM generate_series(1, 100000) x WHERE b @> x) AS found_binary,
       (SELECT count(*) FROM generate_series(1, 100000) x WHERE t @> x) AS found_text
FROM (SELECT b, b::text::bloom AS t FROM io_dst WHERE id = 4 OFFSET 0) d;
SELECT count(*) AS found_text_values FROM io_dst, generate_series(1, 1000) x WHERE id = 5 AND b @> ('v' || x);
-- bloom_recv validates outside bytes: a bytea file read into a bloom column goes through the checks.
COPY (SELECT 1, set_byte(bloom_empty(10)::bytea, 1, 2)) TO :'copy_file' WITH (FORMAT binary);
COPY io_dst FROM :'copy_file' WITH (FORMAT binary);
COPY (SELECT 1, set_byte(bloom_empty(10)::bytea, 64, 1)) TO :'copy_file' WITH (FORMAT binary);
COPY io_dst FROM :'copy_file' WITH (FORMAT binary);
COPY (SELECT 1, bloom_empty(10)::bytea || '\x00'::bytea) TO :'copy_file' WITH (FORMAT binary);
COPY io_dst FROM :'copy_file' WITH (FORMAT binary);
COPY (SELECT 7, bloom_add(bloom_empty(10), 1)::bytea) TO :'copy_file' WITH (FORMAT binary);
COPY io_dst FROM :'copy_file' WITH (FORMAT binary);
SELECT id, b @> 1 AS has_1 FROM io_dst WHERE id = 7;
COPY (SELECT WHERE false) TO PROGRAM 'rm -f bloom_io_copy.bin';

-- Text COPY: backslash is COPY's escape character, so the \x is written \\x.
CREATE TEMP TABLE io_text (id int, b bloom);
COPY io_text FROM STDIN;
1	\\x420102010100000000000000000000000a000000000000007b14ae47e17a843f60000000000000000a0000000000000000000000000000000700000000000000000000000000000000000000
2	\N
\.
COPY io_text FROM STDIN WITH (FORMAT csv);
3,\x420102010100000000000000000000000a000000000000007b14ae47e17a843f60000000000000000a000000000000000700000000000000070000000000000000000200a100008000200010
\.
SELECT id, b = bloom_empty(10) AS is_empty, b @> 1 AS has_1, bloom_info(b)->'bits_set' AS bits_set
FROM io_text ORDER BY id;
COPY io_text TO STDOUT;

DROP TABLE io_src, io_dst, io_text;
