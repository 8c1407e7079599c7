-- Property test: any accepted hll value round-trips byte for byte through text
-- I/O, the bytea casts and binary send/receive (COPY BINARY), with the same
-- cardinality after. The values: sparse and dense at every precision, sizes
-- around each precision's sparse limit, several seeds, hashes with extreme
-- ranks, folded and merged values. Each check lists failures: no rows.

CREATE TABLE roundtrip_samples (id serial PRIMARY KEY, how text NOT NULL, v hll NOT NULL);

-- Sizes at and around the sparse limit, min(3 * 2^p / 16, 4096) entries.
INSERT INTO roundtrip_samples (how, v)
SELECT format('p=%s seed=%s n=%s', p, seed, n),
       CASE WHEN n = 0 THEN hll_empty(p, seed)
            ELSE (SELECT hll_union_agg(hll_add(hll_empty(p, seed), i)) FROM generate_series(1, n) i) END
FROM generate_series(4, 18) p
CROSS JOIN (VALUES (0::bigint), (-1), (9223372036854775807)) s(seed)
CROSS JOIN LATERAL (
    SELECT DISTINCT n FROM unnest(ARRAY[0, 1, 2, 37, least(3 * 2 ^ p / 16, 4096)::int,
                                        least(3 * 2 ^ p / 16, 4096)::int + 1]) n
    WHERE seed = 0 OR n <= 37 OR p IN (4, 11, 18)
) sizes;

-- Dense values well past the limit, from the aggregate.
INSERT INTO roundtrip_samples (how, v)
SELECT format('p=%s agg n=%s', p, n), hll_add_agg(i, p)
FROM generate_series(4, 18) p, (VALUES (20000)) c(n), generate_series(1, n) i
GROUP BY p, n;

-- Extreme ranks: hashes with long runs of zero bits, every register at its
-- maximum at p = 4, and the all-zero and all-one hashes.
INSERT INTO roundtrip_samples (how, v)
SELECT format('p=%s low bit %s', p, b), hll_add_hash_agg(((i::bigint << 58) | (1::bigint << b)), p)
FROM generate_series(4, 18, 7) p, generate_series(0, 57, 19) b, generate_series(0, 63) i
GROUP BY p, b;
INSERT INTO roundtrip_samples (how, v)
SELECT 'p=4 every register at its maximum', hll_add_hash_agg(i::bigint << 60, 4) FROM generate_series(0, 15) i;
INSERT INTO roundtrip_samples (how, v)
SELECT format('p=%s hashes 0 and -1', p), hll_add_hash(hll_add_hash(hll_empty(p), 0), -1)
FROM generate_series(4, 18) p;

-- Folded to every lower precision, and unions of unlike sizes.
INSERT INTO roundtrip_samples (how, v)
SELECT format('%s folded to %s', how, q), hll(v, q, true)
FROM roundtrip_samples, generate_series(4, 17) q
WHERE how IN ('p=18 seed=0 n=37', 'p=18 seed=0 n=4097', 'p=18 agg n=20000', 'p=12 agg n=20000')
  AND q < hll_precision(v);
INSERT INTO roundtrip_samples (how, v)
SELECT format('(%s) || (%s)', a.how, b.how), a.v || b.v
FROM roundtrip_samples a JOIN roundtrip_samples b
  ON a.how = format('p=%s seed=0 n=37', hll_precision(a.v)) AND b.how = format('p=%s agg n=20000', hll_precision(a.v) - 2)
 OR a.how = format('p=%s seed=-1 n=1', hll_precision(a.v)) AND b.how = format('p=%s seed=-1 n=37', hll_precision(a.v));

SELECT count(*) > 300 AS many_samples,
       count(DISTINCT v::bytea) > 250 AS distinct_values,
       count(DISTINCT hll_precision(v)) AS precisions,
       count(*) FILTER (WHERE hll_info(v)->>'representation' = 'sparse') > 100 AS sparse_ones,
       count(*) FILTER (WHERE hll_info(v)->>'representation' = 'dense') > 100 AS dense_ones,
       count(DISTINCT (hll_info(v)->>'seed')) AS seeds
FROM roundtrip_samples;

-- Saturated, every register at its maximum (found by fuzzing: the estimate
-- was +infinity): capped at 2^64, the number of distinct hashes, and shown as
-- the largest bigint.
SELECT hll_cardinality(v), # v AS operator, hll_info(v)->>'estimate' AS estimate
FROM roundtrip_samples WHERE how = 'p=4 every register at its maximum';

-- Text: output then input (with and without the value's own precision as typmod).
SELECT id, how AS text_roundtrip_failure FROM roundtrip_samples
WHERE v::text::hll::bytea IS DISTINCT FROM v::bytea
   OR hll_in(hll_out(v), 'hll'::regtype, hll_precision(v))::bytea IS DISTINCT FROM v::bytea
   OR v::text::hll <> v
   OR hll_cardinality(v::text::hll) <> hll_cardinality(v)
ORDER BY id;

-- bytea casts: hll -> bytea is the stored bytes, bytea -> hll validates them.
SELECT id, how AS bytea_roundtrip_failure FROM roundtrip_samples
WHERE v::bytea::hll::bytea IS DISTINCT FROM v::bytea
   OR hll_cardinality(v::bytea::hll) <> hll_cardinality(v)
   OR length(v::bytea) <> (hll_info(v)->>'bytes')::int - 4
ORDER BY id;

-- Binary send is the stored bytes.
SELECT id, how AS send_failure FROM roundtrip_samples
WHERE hll_send(v) IS DISTINCT FROM v::bytea
ORDER BY id;

-- Binary receive: COPY in binary format goes through hll_send and hll_recv;
-- COPY in text format through hll_out and hll_in.
CREATE TABLE roundtrip_binary (LIKE roundtrip_samples);
CREATE TABLE roundtrip_text (LIKE roundtrip_samples);
\copy roundtrip_samples TO 'results/hardening_roundtrip.bin' WITH (FORMAT binary)
\copy roundtrip_binary FROM 'results/hardening_roundtrip.bin' WITH (FORMAT binary)
\copy roundtrip_samples TO 'results/hardening_roundtrip.txt'
\copy roundtrip_text FROM 'results/hardening_roundtrip.txt'

SELECT s.id, s.how AS copy_roundtrip_failure
FROM roundtrip_samples s
LEFT JOIN roundtrip_binary b USING (id)
LEFT JOIN roundtrip_text t USING (id)
WHERE b.v::bytea IS DISTINCT FROM s.v::bytea OR t.v::bytea IS DISTINCT FROM s.v::bytea
   OR hll_cardinality(b.v) <> hll_cardinality(s.v) OR hll_cardinality(t.v) <> hll_cardinality(s.v)
ORDER BY s.id;

-- A value that differs from a valid one in one byte is either rejected or
-- accepted as another valid value that round-trips just the same.
CREATE FUNCTION pg_temp.try_hll(b bytea) RETURNS hll LANGUAGE plpgsql AS $$
BEGIN
    RETURN b::hll;
EXCEPTION WHEN invalid_binary_representation THEN
    RETURN NULL;
END $$;
CREATE TABLE roundtrip_mutants AS
SELECT s.id, k, pg_temp.try_hll(set_byte(s.v::bytea, k, get_byte(s.v::bytea, k) # 16)) AS v
FROM roundtrip_samples s
CROSS JOIN LATERAL generate_series(0, least(length(s.v::bytea), 40) - 1) k
WHERE s.id % 7 = 0;
SELECT count(*) > 1000 AS many_mutants, count(v) > 0 AS some_accepted, count(*) > count(v) AS some_rejected
FROM roundtrip_mutants;
SELECT id, k AS mutant_roundtrip_failure FROM roundtrip_mutants
WHERE v IS NOT NULL
  AND (v::text::hll::bytea IS DISTINCT FROM v::bytea OR hll_send(v) IS DISTINCT FROM v::bytea
       OR hll_cardinality(v::text::hll) <> hll_cardinality(v))
ORDER BY id, k;

DROP TABLE roundtrip_samples, roundtrip_binary, roundtrip_text, roundtrip_mutants;
