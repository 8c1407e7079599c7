-- hll(p): a column's precision. Finer sketches fold down on the way in;
-- coarser ones are refused, since folding cannot raise a precision.

CREATE TABLE hll_t12 (id int, h hll(12));
SELECT format_type(atttypid, atttypmod) FROM pg_attribute
WHERE attrelid = 'hll_t12'::regclass AND attname = 'h';
SELECT 'hll(4)'::regtype, 'hll(18)'::regtype, 'hll'::regtype;

-- A p=14 insert folds down to 12, sparse or dense.
INSERT INTO hll_t12 SELECT 1, hll_add_agg(x) FROM generate_series(1, 100) x;
INSERT INTO hll_t12 SELECT 2, hll_add_agg(x) FROM generate_series(1, 20000) x;
INSERT INTO hll_t12 SELECT 3, hll_add_agg(x, 18) FROM generate_series(1, 20000) x;
INSERT INTO hll_t12 SELECT 4, hll_add_agg(x, 12) FROM generate_series(1, 20000) x;
INSERT INTO hll_t12 VALUES (5, hll_empty()), (6, NULL);
SELECT id, hll_precision(h), hll_info(h)->>'representation' AS repr, # h AS card FROM hll_t12 ORDER BY id;
-- Folding gives the sketch that the lower precision would have built directly.
SELECT (SELECT h FROM hll_t12 WHERE id = 2) = (SELECT h FROM hll_t12 WHERE id = 4) AS p14_folded_is_p12,
       (SELECT h FROM hll_t12 WHERE id = 3) = (SELECT h FROM hll_t12 WHERE id = 4) AS p18_folded_is_p12,
       (SELECT h FROM hll_t12 WHERE id = 1) = (SELECT hll_add_agg(x, 12) FROM generate_series(1, 100) x) AS sparse_folded;
-- Across the sparse limit of the lower precision (768 entries at p=12, 3072 at p=14).
SELECT n, hll_add_agg(x)::hll(12) = hll_add_agg(x, 12) AS fold_equals_direct,
       hll_info(hll_add_agg(x)::hll(12))->>'representation' AS repr
FROM generate_series(1, 4000) x, (VALUES (700), (768), (769), (3000), (3072), (3073), (4000)) v(n)
WHERE x <= n GROUP BY n ORDER BY n;
-- hll(h, p, explicit) is the cast function behind hll(p).
SELECT p, hll(hll_add_agg(x, 18), p, false) = hll_add_agg(x, p) AS fold_18_to_p
FROM generate_series(1, 5000) x, generate_series(4, 18) p GROUP BY p ORDER BY p;
-- UPDATE goes through the same coercion.
UPDATE hll_t12 SET h = (SELECT hll_add_agg(x, 16) FROM generate_series(1, 10) x) WHERE id = 5;
SELECT id, hll_precision(h), # h FROM hll_t12 WHERE id = 5;

-- A p=10 insert is refused, naming both precisions.
INSERT INTO hll_t12 SELECT 7, hll_add_agg(x, 10) FROM generate_series(1, 100) x;
INSERT INTO hll_t12 VALUES (7, hll_empty(11));
UPDATE hll_t12 SET h = hll_empty(4) WHERE id = 1;
SELECT count(*) FROM hll_t12;

-- Casts with a typmod, and text input with one.
SELECT hll_precision(hll_empty()::hll(12)), hll_precision(hll_empty(18)::hll(4));
SELECT hll_empty()::hll(14) = hll_empty() AS same_precision_unchanged;
SELECT '\x480101010e1a00000000000000000000'::hll(12);
SELECT hll_precision('\x48010101121a000000000000000000000159bc2f'::hll(12)) AS from_18;
SELECT '\x48010101041a00000000000000000000'::hll(12);
SELECT hll_empty(10)::hll(12);
SELECT CAST(hll_empty(16) AS hll(5)), hll(hll_empty(16), 5, true);

-- COPY into an hll(12) column: text input is given the typmod.
COPY hll_t12 FROM STDIN;
10	\\x480102010e1a000000000000000000000159bc2f
11	\\x48010201121a00000000000000000000
\.
SELECT id, h, hll_precision(h) FROM hll_t12 WHERE id >= 10 ORDER BY id;
COPY hll_t12 FROM STDIN;
12	\\x48010201041a00000000000000000000
\.

-- Typmods out of range, or more than one.
CREATE TABLE hll_bad (h hll(3));
CREATE TABLE hll_bad (h hll(19));
CREATE TABLE hll_bad (h hll(0));
CREATE TABLE hll_bad (h hll(-1));
CREATE TABLE hll_bad (h hll(1, 2));
CREATE TABLE hll_bad (h hll(14, 0));
SELECT hll_empty()::hll(3);
SELECT hll_empty()::hll(19);
CREATE TABLE hll_ok (a hll(4), b hll(18), c hll[]);
SELECT format_type(atttypid, atttypmod) FROM pg_attribute
WHERE attrelid = 'hll_ok'::regclass AND attnum > 0 ORDER BY attnum;

-- A typmod'd column in a table used by the aggregates.
SELECT hll_precision(hll_union_agg(h)), # hll_union_agg(h) FROM hll_t12;

DROP TABLE hll_t12, hll_ok;
