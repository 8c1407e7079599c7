-- probabilistic 0.6.0 -> 0.7.0. Values stored under 0.6.0 are read as they
-- are (test/scripts/upgrade.sh); what each part adds is said in its section.
-- complain if script is sourced in psql, rather than via ALTER EXTENSION
\echo Use "ALTER EXTENSION probabilistic UPDATE TO '0.7.0'" to load this file. \quit
