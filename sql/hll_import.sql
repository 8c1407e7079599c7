-- hll_import / hll_export of postgresql-hll bytes (doc/FORMAT.md 3.15): valid
-- values round trip byte for byte, and corrupt ones are refused naming the field
-- (SQLSTATE 22P03), never imported in part. test/scripts/imports_live.sh checks
-- the same against a running postgresql-hll; the bytes below are ones it wrote.
-- err() runs a statement and returns 'SQLSTATE: message [DETAIL] [HINT]'.
CREATE FUNCTION pg_temp.err(query text) RETURNS text LANGUAGE plpgsql AS $$
DECLARE
    state text;
    message text;
    detail text;
    hint text;
BEGIN
    EXECUTE query;
    RETURN 'ok';
EXCEPTION WHEN OTHERS THEN
    GET STACKED DIAGNOSTICS state = RETURNED_SQLSTATE, message = MESSAGE_TEXT,
                            detail = PG_EXCEPTION_DETAIL, hint = PG_EXCEPTION_HINT;
    RETURN state || ': ' || message
        || CASE WHEN detail <> '' THEN ' [DETAIL: ' || detail || ']' ELSE '' END
        || CASE WHEN hint <> '' THEN ' [HINT: ' || hint || ']' ELSE '' END;
END $$;

-- postgresql-hll 2.17's bytes: hll_empty(); hll_add_agg(hll_hash_bigint(x)) over
-- 1..5 (EXPLICIT); over 1..4 at (5, 5, 0, 1) (SPARSE); over 1..100 at (4, 5, 0, 0)
-- (FULL); over 1..3 at (4, 6, -1, 1) (SPARSE, 6-bit registers).
CREATE TEMP TABLE theirs (label text, b bytea);
INSERT INTO theirs VALUES
    ('empty',    '\x118b7f'),
    ('explicit', '\x128b7fb419d210486ab6c1de0820a06c76c0a8004403b7fb05c44a0fd4c5f69b6c771b5b3d5839b2488b0c'),
    ('sparse',   '\x1385400890150984'),
    ('full',     '\x148400298680988119863288a2'),
    ('sparse6',  '\x13a47f80a83c14');
SELECT label, hll_export(hll_import(b, 'postgresql-hll'), 'postgresql-hll') = b AS round_trip,
       hll_cardinality(hll_import(b, 'postgresql-hll')) AS estimate,
       hll_info(hll_import(b, 'postgresql-hll')) ->> 'representation' AS representation
FROM theirs ORDER BY label;
-- Continuing: the explicit sketch of 1..5 plus 6 is postgresql-hll's of 1..6 (a
-- bigint hashes its 8 bytes with MurmurHash3_x64_128, seed 0).
SELECT hll_add(hll_import(b, 'postgresql-hll'), 6::bigint)
       = hll_add_agg(x::bigint, 11, 'postgresql-hll') AS continues
FROM theirs, generate_series(1, 6) x WHERE label = 'explicit' GROUP BY b;
SELECT hll_add_agg(x, 11, 'postgresql-hll') AS zero_rows FROM generate_series(1, 0) x;
SELECT hll_add_agg(x, 11, 'probabilistic') = hll_add_agg(x, 11) AS own_family FROM generate_series(1, 1000) x;

-- Corrupt bytes: every field of the producer's format.
SELECT label, pg_temp.err(format('SELECT hll_import(%L::bytea, %L)', b, 'postgresql-hll')) AS result FROM (VALUES
    ('short',                 '\x118b'),
    ('schema version',        '\x218b7f'),
    ('undefined',             '\x108b7f'),
    ('unknown type',          '\x158b7f'),
    ('log2m 3',               '\x11837f'),
    ('log2m 18',              '\x11927f'),
    ('regwidth 8',            '\x11eb7f'),
    ('reserved bit',          '\x118bff'),
    ('empty with payload',    '\x118b7f00'),
    ('explicit odd length',   '\x128b7f0102'),
    ('explicit no hash',      '\x128b7f'),
    ('explicit repeat',       '\x128b7f00000000000000090000000000000009'),
    ('explicit descending',   '\x128b7f00000000000000090000000000000001'),
    ('explicit signed order', '\x128b7f0000000000000001ff00000000000000'),
    ('explicit over thresh',  '\x128b010000000000000001000000000000000a'),
    ('sparse sparseon 0',     '\x13843f0000'),
    ('sparse value 0',        '\x13847f0000'),
    ('sparse out of order',   '\x13847f208840'),
    ('sparse padding',        '\x13847f00ff'),
    ('sparse length',         '\x13517f00009000'),
    ('full length',           '\x1484000000'),
    ('full register > rank',  '\x14c47ffe00000000000000000000000000')
) AS t(label, b);

-- Arguments.
SELECT label, pg_temp.err(query) AS result FROM (VALUES
    ('unknown format',       $q$SELECT hll_import('\x118b7f', 'citus')$q$),
    ('own format',           $q$SELECT hll_import('\x118b7f', 'probabilistic')$q$),
    ('seed out of range',    $q$SELECT hll_import('\x118b7f', 'postgresql-hll', 4294967296)$q$),
    ('export own sketch',    $q$SELECT hll_export(hll_empty(), 'postgresql-hll')$q$),
    ('export other format',  $q$SELECT hll_export(hll_import('\x118b7f', 'postgresql-hll'), 'probabilistic')$q$),
    ('union of families',    $q$SELECT hll_import('\x118b7f', 'postgresql-hll') || hll_empty(11)$q$),
    ('union of parameters',  $q$SELECT hll_import('\x118b7f', 'postgresql-hll') || hll_import('\x11ab7f', 'postgresql-hll')$q$),
    ('fold',                 $q$SELECT hll_import('\x118b7f', 'postgresql-hll')::hll(10)$q$),
    ('same precision cast',  $q$SELECT hll_import('\x118b7f', 'postgresql-hll')::hll(11) IS NOT NULL$q$),
    ('joint estimate',       $q$SELECT hll_overlap(hll_import('\x118b7f', 'postgresql-hll'), hll_import('\x118b7f', 'postgresql-hll'))$q$),
    ('char(n)',              $q$SELECT hll_add(hll_import('\x118b7f', 'postgresql-hll'), 'ab'::char(4))$q$),
    ('agg log2m 18',         $q$SELECT hll_add_agg(1, 18, 'postgresql-hll')$q$),
    ('agg unknown family',   $q$SELECT hll_add_agg(1, 11, 'redis-cluster')$q$)
) AS t(label, query);

-- Our own bytes of an imported sketch are validated too (bytea::hll).
SELECT label, pg_temp.err(format('SELECT %L::bytea::hll', b)) AS result FROM (VALUES
    ('valid empty',       '\x480103040b057f000000000000000000'),
    ('regwidth 0',        '\x480103040b007f000000000000000000'),
    ('log2m 18',          '\x4801030412057f000000000000000000'),
    ('byte 7',            '\x480103040b057f010000000000000000'),
    ('version 2',         '\x480203040b057f000000000000000000'),
    ('seed past 32 bits', '\x480103040b057f000000000001000000'),
    ('representation 1',  '\x480103010b057f000000000000000000'),
    ('explicit unsorted', '\x480103040b057f00000000000000000002000000000000000100000000000000'),
    ('dense length',      '\x480103020b057f00000000000000000000')
) AS t(label, b);

-- Redis (doc/FORMAT.md 3.16): Redis 7.0's bytes for PFADD k a b c (sparse, its
-- cached cardinality marked stale) come back unchanged, estimate PFCOUNT's 3,
-- and hll_add_agg(x, 14, 'redis') of the same strings has the same registers.
SELECT hll_export(h, 'redis') = b AS round_trip, hll_cardinality(h) AS estimate,
       h @> ours AND ours @> h AS same_registers, hll_info(h) ->> 'representation' AS representation
FROM (VALUES ('\x48594c4c01000000000000000000008060f38050b1844bfb80425a'::bytea)) v(b),
     LATERAL hll_import(b, 'redis') h,
     LATERAL (SELECT hll_add_agg(x, 14, 'redis') AS ours FROM unnest(ARRAY['a', 'b', 'c']) x) o;
SELECT hll_add_agg(x, 14, 'redis') = hll_add_agg(x::text, 14, 'redis') AS integers_as_digits
FROM generate_series(1, 100) x;
SELECT label, pg_temp.err(format('SELECT hll_import(%L::bytea, %L)', b, 'redis')) AS result FROM (VALUES
    ('short',            '\x48594c4c01'),
    ('magic',            '\x48594c5801000000000000000000000040107fe4'),
    ('encoding',         '\x48594c4c02000000000000000000000040107fe4'),
    ('unused bytes',     '\x48594c4c01000100000000000000000040107fe4'),
    ('too few',          '\x48594c4c0100000000000000000000007ffe'),
    ('too many',         '\x48594c4c0100000000000000000000007fff80'),
    ('cut short',        '\x48594c4c0100000000000000000000007f'),
    ('dense length',     '\x48594c4c00000000000000000000000000')
) AS t(label, b);
SELECT label, pg_temp.err(query) AS result FROM (VALUES
    ('redis precision',   $q$SELECT hll_add_agg('a', 12, 'redis')$q$),
    ('redis seed',        $q$SELECT hll_import('\x48594c4c0100000000000000000000007fff', 'redis', 1)$q$),
    ('redis and pg-hll',  $q$SELECT hll_import('\x48594c4c0100000000000000000000007fff', 'redis') || hll_import('\x118b7f', 'postgresql-hll')$q$),
    ('redis numeric',     $q$SELECT hll_add(hll_import('\x48594c4c0100000000000000000000007fff', 'redis'), 1.5)$q$)
) AS t(label, query);

-- DataSketches HLL (doc/FORMAT.md 3.17): datasketches-cpp 5.2.0's compact image of
-- update(1), update(2), update(3) at lgK 11, HLL_8 (a LIST of three coupons) comes
-- back unchanged, counts 3, and equals hll_add_agg(x, 11, 'datasketches') over 1, 2, 3.
SELECT hll_export(h, 'datasketches') = b AS round_trip, hll_cardinality(h) AS estimate,
       hll_export(ours, 'datasketches') = b AS same_as_update, hll_info(h) ->> 'representation' AS representation
FROM (VALUES ('\x0201070b030803082bf2fb06862ff90d75816607'::bytea)) v(b),
     LATERAL hll_import(b, 'datasketches') h,
     LATERAL (SELECT hll_add_agg(x, 11, 'datasketches' ORDER BY x) AS ours FROM generate_series(1, 3) x) o;
SELECT label, pg_temp.err(format('SELECT hll_import(%L::bytea, %L)', b, 'datasketches')) AS result FROM (VALUES
    ('short',          '\x0201070b0308'),
    ('ser ver',        '\x0202070b030803082bf2fb06862ff90d75816607'),
    ('family',         '\x0201030b030803082bf2fb06862ff90d75816607'),
    ('lgK 3',          '\x02010703030803082bf2fb06862ff90d75816607'),
    ('lgK 22',         '\x02010716030803082bf2fb06862ff90d75816607'),
    ('big-endian',     '\x0201070b030903082bf2fb06862ff90d75816607'),
    ('mode 3',         '\x0201070b0308030b2bf2fb06862ff90d75816607'),
    ('target 3',       '\x0201070b0308030c2bf2fb06862ff90d75816607'),
    ('preamble ints',  '\x0301070b030803082bf2fb06862ff90d75816607'),
    ('count 8',        '\x0201070b030808082bf2fb06862ff90d75816607'),
    ('length',         '\x0201070b030804082bf2fb06862ff90d75816607'),
    ('coupon value 0', '\x0201070b030803082bf2fb00862ff90d75816607'),
    ('repeat',         '\x0201070b030803082bf2fb062bf2fb0675816607'),
    ('empty flag',     '\x0201070b030c03082bf2fb06862ff90d75816607'),
    ('HLL cut short',  '\x0a01070b0008000a00000000'),
    ('SET count',      '\x0301070b0508000907000000')
) AS t(label, b);
SELECT label, pg_temp.err(query) AS result FROM (VALUES
    ('ds seed',         $q$SELECT hll_import('\x0201070b030803082bf2fb06862ff90d75816607', 'datasketches', -1)$q$),
    ('ds and redis',    $q$SELECT hll_import('\x0201070b030803082bf2fb06862ff90d75816607', 'datasketches') || hll_import('\x48594c4c0100000000000000000000007fff', 'redis')$q$),
    ('ds lgK 12 and 11', $q$SELECT hll_import('\x0201070b030803082bf2fb06862ff90d75816607', 'datasketches') || hll_add_agg(1, 12, 'datasketches')$q$),
    ('ds numeric',      $q$SELECT hll_add(hll_import('\x0201070b030803082bf2fb06862ff90d75816607', 'datasketches'), 1.5)$q$),
    ('ds hash',         $q$SELECT hll_add_hash(hll_import('\x0201070b030803082bf2fb06862ff90d75816607', 'datasketches'), 1)$q$)
) AS t(label, query);
