-- The countmin binary format as a contract (doc/FORMAT.md section 7): the
-- extension must keep producing exactly these bytes for these adds, so the
-- format cannot drift silently. Generated with test/vectors/countmin.json by
-- python/make_countmin_vectors.py; the same vectors are checked against an
-- independent implementation in python/countmin_format.py.
-- A changed byte here needs a new format version or hash id, not a new file.

-- pg_temp.apply(s, ops): the adds of a vector, in order (see the "fields" of
-- test/vectors/countmin.json).
CREATE FUNCTION pg_temp.apply(s countmin, ops jsonb) RETURNS countmin
LANGUAGE plpgsql AS $$
DECLARE op jsonb;
BEGIN
    FOR op IN SELECT * FROM jsonb_array_elements(ops) LOOP
        IF op->>0 = 'add_range' THEN
            FOR i IN (op->>1)::bigint..(op->>2)::bigint LOOP
                s := countmin_add(s, i % (op->>3)::bigint, 1 + i % (op->>4)::bigint);
            END LOOP;
        ELSE
            EXECUTE format('SELECT countmin_add($1, %L::%s, %s)', op->>2, op->>1, op->>3) INTO s USING s;
        END IF;
    END LOOP;
    RETURN s;
END $$;

SELECT name, same FROM (VALUES
    ('empty defaults', encode(sha256(pg_temp.apply(countmin_empty(0.001, 0.01, 0), '[]'::jsonb)::bytea), 'hex') = '9d0b646348e3fdcad94d9e0350306cdbe921d75e5aa708b287fcceb9c1b35bd3'),
    ('empty, seed -5', encode(sha256(pg_temp.apply(countmin_empty(0.01, 0.1, -5), '[]'::jsonb)::bytea), 'hex') = '8397e84bca4aec93ca1318252162ec3af917fed436369296e6a2c5e665cd8a43'),
    ('one bigint, one row', encode(pg_temp.apply(countmin_empty(0.5, 0.5, 3), '[["add", "bigint", "42", 1]]'::jsonb)::bytea, 'hex') = '4d020201010014000300000000000000000000000000e03f000000000000e03f06000000000000000100000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000100000000000000'),
    ('bigints, weights', encode(sha256(pg_temp.apply(countmin_empty(0.01, 0.05, 0), '[["add", "bigint", "1", 1], ["add", "bigint", "2", 1], ["add", "bigint", "3", 1], ["add", "bigint", "4", 1], ["add", "bigint", "5", 1], ["add", "bigint", "6", 1], ["add", "bigint", "7", 1], ["add", "bigint", "8", 1], ["add", "bigint", "9", 1], ["add", "bigint", "10", 1], ["add", "bigint", "11", 1], ["add", "bigint", "12", 1], ["add", "bigint", "13", 1], ["add", "bigint", "14", 1], ["add", "bigint", "15", 1], ["add", "bigint", "16", 1], ["add", "bigint", "17", 1], ["add", "bigint", "18", 1], ["add", "bigint", "19", 1], ["add", "bigint", "20", 1], ["add", "bigint", "21", 1], ["add", "bigint", "22", 1], ["add", "bigint", "23", 1], ["add", "bigint", "24", 1], ["add", "bigint", "25", 1], ["add", "bigint", "26", 1], ["add", "bigint", "27", 1], ["add", "bigint", "28", 1], ["add", "bigint", "29", 1], ["add", "bigint", "30", 1], ["add", "bigint", "31", 1], ["add", "bigint", "32", 1], ["add", "bigint", "33", 1], ["add", "bigint", "34", 1], ["add", "bigint", "35", 1], ["add", "bigint", "36", 1], ["add", "bigint", "37", 1], ["add", "bigint", "38", 1], ["add", "bigint", "39", 1], ["add", "bigint", "40", 1], ["add", "bigint", "41", 1], ["add", "bigint", "42", 1], ["add", "bigint", "43", 1], ["add", "bigint", "44", 1], ["add", "bigint", "45", 1], ["add", "bigint", "46", 1], ["add", "bigint", "47", 1], ["add", "bigint", "48", 1], ["add", "bigint", "49", 1], ["add", "bigint", "50", 1], ["add", "bigint", "51", 1], ["add", "bigint", "52", 1], ["add", "bigint", "53", 1], ["add", "bigint", "54", 1], ["add", "bigint", "55", 1], ["add", "bigint", "56", 1], ["add", "bigint", "57", 1], ["add", "bigint", "58", 1], ["add", "bigint", "59", 1], ["add", "bigint", "7", 1000], ["add", "bigint", "8", 1000]]'::jsonb)::bytea), 'hex') = '17a088cfcded6129109fce4a831d73fb32ce6ab1dae9e16650ba45800d396525'),
    ('integers as bigint', encode(sha256(pg_temp.apply(countmin_empty(0.01, 0.05, 0), '[["add", "integer", "1", 1], ["add", "integer", "2", 1], ["add", "integer", "3", 1], ["add", "integer", "4", 1], ["add", "integer", "5", 1], ["add", "integer", "6", 1], ["add", "integer", "7", 1], ["add", "integer", "8", 1], ["add", "integer", "9", 1], ["add", "integer", "10", 1], ["add", "integer", "11", 1], ["add", "integer", "12", 1], ["add", "integer", "13", 1], ["add", "integer", "14", 1], ["add", "integer", "15", 1], ["add", "integer", "16", 1], ["add", "integer", "17", 1], ["add", "integer", "18", 1], ["add", "integer", "19", 1], ["add", "integer", "20", 1], ["add", "integer", "21", 1], ["add", "integer", "22", 1], ["add", "integer", "23", 1], ["add", "integer", "24", 1], ["add", "integer", "25", 1], ["add", "integer", "26", 1], ["add", "integer", "27", 1], ["add", "integer", "28", 1], ["add", "integer", "29", 1], ["add", "integer", "30", 1], ["add", "integer", "31", 1], ["add", "integer", "32", 1], ["add", "integer", "33", 1], ["add", "integer", "34", 1], ["add", "integer", "35", 1], ["add", "integer", "36", 1], ["add", "integer", "37", 1], ["add", "integer", "38", 1], ["add", "integer", "39", 1], ["add", "integer", "40", 1], ["add", "integer", "41", 1], ["add", "integer", "42", 1], ["add", "integer", "43", 1], ["add", "integer", "44", 1], ["add", "integer", "45", 1], ["add", "integer", "46", 1], ["add", "integer", "47", 1], ["add", "integer", "48", 1], ["add", "integer", "49", 1], ["add", "integer", "50", 1], ["add", "integer", "51", 1], ["add", "integer", "52", 1], ["add", "integer", "53", 1], ["add", "integer", "54", 1], ["add", "integer", "55", 1], ["add", "integer", "56", 1], ["add", "integer", "57", 1], ["add", "integer", "58", 1], ["add", "integer", "59", 1], ["add", "smallint", "7", 1000], ["add", "smallint", "8", 1000]]'::jsonb)::bytea), 'hex') = '17a088cfcded6129109fce4a831d73fb32ce6ab1dae9e16650ba45800d396525'),
    ('text', encode(sha256(pg_temp.apply(countmin_empty(0.02, 0.01, 7), '[["add", "text", "apple", 1], ["add", "text", "banana", 1], ["add", "text", "", 1], ["add", "text", "h\u00e9llo", 1], ["add", "text", "apple", 1]]'::jsonb)::bytea), 'hex') = '0d8ebfbcb8018ce4e86d1024048335dfe08bd5c98c595e1f5d4438a181fb0ad8'),
    ('numeric', encode(sha256(pg_temp.apply(countmin_empty(0.05, 0.2, 0), '[["add", "numeric", "1.50", 1], ["add", "numeric", "1.5", 1], ["add", "numeric", "2", 1], ["add", "numeric", "-0.00", 1], ["add", "numeric", "NaN", 1]]'::jsonb)::bytea), 'hex') = 'b2e02febc36d0840c967244e01672c701968c673b93748d24a7fc5b58bf0cdae'),
    ('double precision', encode(sha256(pg_temp.apply(countmin_empty(0.05, 0.2, 0), '[["add", "double precision", "2", 1], ["add", "double precision", "2.5", 1], ["add", "double precision", "-0", 1], ["add", "double precision", "NaN", 1], ["add", "double precision", "Infinity", 1]]'::jsonb)::bytea), 'hex') = '9204f63f1bc43572ad29b44813089f7ccdeb3bf5aed1c2aac17f4d6475a52669'),
    ('uuid and timestamps', encode(sha256(pg_temp.apply(countmin_empty(0.05, 0.2, 1), '[["add", "uuid", "a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11", 1], ["add", "uuid", "a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11", 9]]'::jsonb)::bytea), 'hex') = 'aba4affedacb5ee17a868a5d57020dab8ef30cdf9d50a2e9555d91e819a100f4'),
    ('collisions, depth 2', encode(pg_temp.apply(countmin_empty(0.5, 0.2, 0), '[["add_range", 1, 500, 37, 3]]'::jsonb)::bytea, 'hex') = '4d020201020014000000000000000000000000000000e03f9a9999999999c93f0600000000000000e9030000000000007700000000000000740000000000000075000000000000006d000000000000006b00000000000000500000000000000077000000000000006f000000000000006d0000000000000073000000000000006f000000000000000000000000000000'),
    ('collisions, depth 5', encode(sha256(pg_temp.apply(countmin_empty(0.1, 0.01, 0), '[["add_range", 1, 3000, 211, 5]]'::jsonb)::bytea), 'hex') = 'af7addf3dcd8bce35a192562c22911dc654a65a21ba8ddab532e7dc8b50cfb69'),
    ('zero weight', encode(sha256(pg_temp.apply(countmin_empty(0.1, 0.1, 0), '[["add", "bigint", "1", 0]]'::jsonb)::bytea), 'hex') = '3048dab9c1f72f92e07165831b83933f8a18693b967e7fcd102b4aef6f5c185f'),
    ('union', encode(sha256(countmin_union(pg_temp.apply(countmin_empty(0.05, 0.05, 0), '[["add_range", 1, 400, 50, 2]]'::jsonb), pg_temp.apply(countmin_empty(0.05, 0.05, 0), '[["add_range", 300, 900, 70, 3]]'::jsonb))::bytea), 'hex') = '9d338025ff2037e1aa6eebfe29dd139ddee915365904c15af4a367cbca1857cc'),
    ('union with empty', encode(sha256(countmin_union(pg_temp.apply(countmin_empty(0.05, 0.05, 0), '[["add", "text", "x", 1]]'::jsonb), pg_temp.apply(countmin_empty(0.05, 0.05, 0), '[]'::jsonb))::bytea), 'hex') = 'fef0a662c7e36d80eb6a429bf3a485ffe7771826c0cd2189ad183c499334e208'),
    ('union of kinds', encode(sha256(countmin_union(pg_temp.apply(countmin_empty(0.05, 0.05, 0), '[["add", "bigint", "1", 1]]'::jsonb), pg_temp.apply(countmin_empty(0.05, 0.05, 0), '[["add", "text", "1", 1]]'::jsonb))::bytea), 'hex') = '46681cef201b47efac6a79ee23a2cae6470e63ac87352c585b8e7fe10ccf6eb9'),
    ('default size, many', encode(sha256(pg_temp.apply(countmin_empty(0.001, 0.01, 0), '[["add_range", 1, 5000, 1000, 7]]'::jsonb)::bytea), 'hex') = 'cf619c750ab72ccf96ac9890a10f58742b0d7b2eea4b395dca304529f0f4fe1c')
) t(name, same);

-- The server reads the vectors' bytes back (bytea and text input) unchanged.
SELECT name, b::countmin::bytea = b AS bytea_in, b::countmin::text::countmin::bytea = b AS text_in FROM (VALUES
    ('one bigint, one row', '\x4d020201010014000300000000000000000000000000e03f000000000000e03f06000000000000000100000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000100000000000000'::bytea),
    ('collisions, depth 2', '\x4d020201020014000000000000000000000000000000e03f9a9999999999c93f0600000000000000e9030000000000007700000000000000740000000000000075000000000000006d000000000000006b00000000000000500000000000000077000000000000006f000000000000006d0000000000000073000000000000006f000000000000000000000000000000'::bytea)
) t(name, b);
