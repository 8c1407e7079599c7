-- hll: every function and operator on small, readable values.

-- hll_empty: default precision 14 and seed 0; explicit precision and seed.
SELECT hll_empty();
SELECT hll_empty(4), hll_empty(18);
SELECT hll_empty(10, 7), hll_empty(p => 12), hll_empty(seed => 255);
SELECT hll_precision(hll_empty()), hll_cardinality(hll_empty()), # hll_empty();
SELECT hll_empty(NULL), hll_empty(14, NULL);

-- hll_add: a value is hashed with the sketch's own seed.
SELECT hll_add(hll_empty(4), 1);
SELECT hll_cardinality(hll_add(hll_add(hll_add(hll_empty(), 'a'::text), 'b'::text), 'a'::text));
-- NULL value leaves the sketch unchanged; NULL sketch gives NULL.
SELECT hll_add(hll_empty(4), NULL::integer) = hll_empty(4) AS null_value_unchanged;
SELECT hll_add(hll_add(hll_empty(4), 1), NULL::integer) = hll_add(hll_empty(4), 1) AS null_value_unchanged;
SELECT hll_add(NULL::hll, 1) IS NULL AS null_sketch_gives_null;
-- Adding a value twice changes nothing.
SELECT hll_add(hll_add(hll_empty(), 42), 42) = hll_add(hll_empty(), 42) AS idempotent;
-- The seed changes the hash, so the same value lands elsewhere.
SELECT hll_add(hll_empty(14, 1), 42)::bytea, hll_add(hll_empty(14, 2), 42)::bytea;

-- hll_add_hash with sketch_hash: the registers of hll_add, with the same seed.
-- A hash brings no type, so the sketch records no kind (doc/FORMAT.md 2.5)
-- and differs from hll_add's only there; a union takes hll_add's kind.
-- Every byte but the format version and the kind (bytes 1, 6 and 7).
CREATE FUNCTION pg_temp.same_registers(a hll, b hll) RETURNS boolean LANGUAGE sql IMMUTABLE
    AS $$ SELECT substr(a::bytea, 1, 1) = substr(b::bytea, 1, 1) AND substr(a::bytea, 3, 4) = substr(b::bytea, 3, 4)
                 AND substr(a::bytea, 9) = substr(b::bytea, 9) $$;
SELECT pg_temp.same_registers(hll_add_hash(hll_empty(), sketch_hash(42)), hll_add(hll_empty(), 42)) AS same_as_add,
       hll_info(hll_add_hash(hll_empty(), sketch_hash(42)))->'kind' AS no_kind,
       hll_add_hash(hll_empty(), sketch_hash(42)) || hll_add(hll_empty(), 42) = hll_add(hll_empty(), 42)
           AS union_takes_the_kind;
SELECT pg_temp.same_registers(hll_add_hash(hll_empty(14, 99), sketch_hash('x'::text, 99)),
                              hll_add(hll_empty(14, 99), 'x'::text)) AS same_as_add_seeded;
SELECT pg_temp.same_registers(hll_add_hash(hll_empty(14, 99), sketch_hash('x'::text)),
                              hll_add(hll_empty(14, 99), 'x'::text)) AS wrong_seed_differs;
SELECT hll_add_hash(hll_empty(), NULL) = hll_empty() AS null_hash_unchanged,
       hll_add_hash(NULL, 1) IS NULL AS null_sketch_gives_null;
-- Any bigint is a valid hash, including 0 and -1 (all bits set).
SELECT hll_add_hash(hll_empty(4), 0), hll_add_hash(hll_empty(4), -1);
SELECT hll_cardinality(hll_add_hash(hll_add_hash(hll_empty(), 0), -1));

-- hll_union and ||: commutative, idempotent, NULL in gives NULL out.
CREATE TEMP TABLE s AS
SELECT (SELECT hll_add_agg(x) FROM generate_series(1, 100) x) AS a,
       (SELECT hll_add_agg(x) FROM generate_series(51, 150) x) AS b,
       (SELECT hll_add_agg(x) FROM generate_series(1, 150) x) AS ab;
SELECT # a, # b, # ab, # (a || b), hll_cardinality(hll_union(a, b)) FROM s;
SELECT a || b = ab AS union_is_sketch_of_union, hll_union(b, a) = ab AS commutative,
       a || a = a AS idempotent, a || hll_empty() = a AS empty_is_identity FROM s;
SELECT hll_union(a, NULL) IS NULL AS null_gives_null, (NULL::hll || a) IS NULL AS null_gives_null FROM s;
-- Dense too: two sparse halves whose union no longer fits in sparse form.
SELECT (SELECT hll_add_agg(x) FROM generate_series(1, 3000) x) || (SELECT hll_add_agg(x) FROM generate_series(2001, 6000) x)
     = (SELECT hll_add_agg(x) FROM generate_series(1, 6000) x) AS dense_union_is_sketch_of_union;
-- Different precisions fold to the smaller.
SELECT hll_precision(hll_empty(10) || hll_empty(14)), hll_precision(hll_empty(14) || hll_empty(10)),
       hll_precision(hll_union(hll_empty(18), hll_empty(4)));
SELECT hll_add_agg(x, 10) || hll_add_agg(x, 14) = hll_add_agg(x, 10) AS folded_union
FROM generate_series(1, 5000) x;
SELECT hll_precision(a || hll_add_agg(x, 11)), # (a || hll_add_agg(x, 11)) FROM s, generate_series(101, 200) x GROUP BY a;

-- hll_cardinality and prefix #.
SELECT hll_cardinality(a) = # a AS same FROM s;
SELECT # hll_add_agg(x) FROM generate_series(1, 1000) x;

-- hll_precision.
SELECT p, hll_precision(hll_empty(p)), hll_precision(hll_add_agg(x, p))
FROM generate_series(4, 18) p, generate_series(1, 10) x GROUP BY p ORDER BY p;

-- hll_info: every field, for a sparse and a dense sketch.
SELECT hll_info(hll_empty());
SELECT hll_info(hll_add(hll_add(hll_empty(4, 5), 1), 2));
SELECT jsonb_pretty(hll_info(hll_add_agg(x, 10))) FROM generate_series(1, 2000) x;
SELECT k, jsonb_typeof(v) FROM jsonb_each(hll_info(hll_empty())) AS e(k, v) ORDER BY k;
SELECT hll_info(hll_empty(14, -1))->'seed' AS seed_as_signed_bigint;

-- @> and <@: containment, register by register after folding.
SELECT ab @> a, ab @> b, a @> ab, a <@ ab, ab <@ a, a @> a, a <@ a FROM s;
SELECT hll_empty() <@ a AS empty_in_all, a @> hll_empty() AS all_contain_empty FROM s;
SELECT hll_contains(ab, a), hll_contained(a, ab), hll_contains(a, ab) FROM s;
-- Across precisions: a p=10 sketch of a superset contains a p=14 sketch of a subset.
SELECT hll_add_agg(x, 10) @> a AS coarse_contains_fine FROM s, generate_series(1, 150) x GROUP BY a;

-- = and <>: same parameters and content.
SELECT a = a, a <> a, a = b, a <> b, a = ab FROM s;
SELECT hll_empty() = hll_empty(), hll_empty(14) = hll_empty(12), hll_empty(14, 0) = hll_empty(14, 1);
SELECT hll_eq(a, a), hll_ne(a, b) FROM s;
-- Equal content means equal bytes however it was built: order, unions, single adds.
SELECT (SELECT hll_add_agg(x ORDER BY x) FROM generate_series(1, 500) x)
     = (SELECT hll_add_agg(x ORDER BY x DESC) FROM generate_series(1, 500) x) AS order_independent;
SELECT (SELECT hll_add_agg(x ORDER BY x) FROM generate_series(1, 20000) x)
     = (SELECT hll_add_agg(x ORDER BY -x) FROM generate_series(1, 20000) x) AS order_independent_dense;
SELECT hll_add(hll_add(hll_add(hll_empty(), 3), 1), 2) = (SELECT hll_add_agg(x) FROM generate_series(1, 3) x)
    AS add_equals_agg;

-- GROUP BY, DISTINCT and UNION on an hll column use the hash operator class.
CREATE TEMP TABLE sketches AS
SELECT i, hll_add_agg(x) AS h
FROM generate_series(1, 12) i, generate_series(1, (i % 4) * 10) x
GROUP BY i;
INSERT INTO sketches SELECT 13, hll_empty();
SELECT # h AS card, count(*), min(i), max(i) FROM sketches GROUP BY h ORDER BY 1;
SELECT count(*) FROM (SELECT DISTINCT h FROM sketches) d;
SELECT # h AS card FROM (SELECT DISTINCT h FROM sketches) d ORDER BY 1;
SELECT # h AS card FROM (SELECT h FROM sketches UNION SELECT h FROM sketches) u ORDER BY 1;
SELECT # h AS card FROM (SELECT h FROM sketches WHERE i < 5 INTERSECT SELECT h FROM sketches WHERE i >= 5) u ORDER BY 1;
-- A hash join on hll.
SELECT count(*) FROM sketches s1 JOIN sketches s2 ON s1.h = s2.h;
-- The support functions: equal sketches hash equal, and the seed matters for the extended hash.
SELECT hll_hash(hll_empty()) = hll_hash('\x480102010e1a00000000000000000000'::hll) AS same_hash,
       hll_hash_extended(hll_empty(), 0) = hll_hash_extended('\x480102010e1a00000000000000000000'::hll, 0) AS same_extended,
       hll_hash_extended(hll_empty(), 0) <> hll_hash_extended(hll_empty(), 1) AS seeded_extended;

-- Casts: hll::bytea is the binary format itself; bytea::hll validates it.
SELECT hll_add(hll_empty(4), 1)::bytea;
SELECT '\x48020201041a140000000000000000000159bc2f'::bytea::hll = hll_add(hll_empty(4), 1) AS bytea_round_trip;
SELECT a::bytea::hll = a AS round_trip_sparse FROM s;
SELECT h::bytea::hll = h AS round_trip_dense FROM (SELECT hll_add_agg(x) h FROM generate_series(1, 10000) x) d;
SELECT octet_length(hll_empty()::bytea), octet_length(hll_add_agg(x, 4)::bytea), octet_length(hll_add_agg(x, 18)::bytea)
FROM generate_series(1, 10000) x;
-- hll to text goes through its output function.
SELECT hll_empty(4)::text;

DROP TABLE s, sketches;
