-- probabilistic 0.8.0 -> 0.9.0. Values stored under 0.8.0 are read as they
-- are (test/scripts/upgrade.sh); what each part changes is said in its section.
-- complain if script is sourced in psql, rather than via ALTER EXTENSION
\echo Use "ALTER EXTENSION probabilistic UPDATE TO '0.9.0'" to load this file. \quit
