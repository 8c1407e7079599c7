-- probabilistic 0.2.0 -> 0.3.0. Values stored under 0.2.0 are read as they
-- are (test/scripts/upgrade.sh); what each part adds is said in its section.
-- complain if script is sourced in psql, rather than via ALTER EXTENSION
\echo Use "ALTER EXTENSION probabilistic UPDATE TO '0.3.0'" to load this file. \quit

-- ===========================================================================
-- Hashing: equal values hash equal for every type.
-- (section kept for the hashing work; objects below this line)
-- ===========================================================================


-- ===========================================================================
-- hll: joint estimates of two sketches (intersection, difference, Jaccard)
-- and error bounds.
-- (section kept for the hll estimation work; objects below this line)
-- ===========================================================================


-- ===========================================================================
-- cuckoo: a filter that can forget.
-- (section kept for the cuckoo work; objects below this line)
-- ===========================================================================
