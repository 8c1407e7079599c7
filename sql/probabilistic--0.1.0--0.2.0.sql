-- probabilistic 0.1.0 -> 0.2.0. Catalog documentation only: the types, their
-- binary format (version 1) and every function are unchanged, so values stored
-- under 0.1.0 are read as they are (test/scripts/upgrade.sh).
-- complain if script is sourced in psql, rather than via ALTER EXTENSION
\echo Use "ALTER EXTENSION probabilistic UPDATE TO '0.2.0'" to load this file. \quit

-- The three casts of hll that 0.1.0 left without a comment.
COMMENT ON CAST (hll AS hll) IS
    'applies a column''s precision hll(p): folds a finer sketch down, rejects a coarser one';
COMMENT ON CAST (bytea AS hll) IS 'the binary format, validated field by field';
COMMENT ON CAST (hll AS bytea) IS 'the binary format';
