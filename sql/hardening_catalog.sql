-- Catalog hardening: every object of the extension is declared as intended,
-- lives in the extension's schema, refers only to its own functions (or
-- pg_catalog's), and has a comment. Each query lists violations: no rows.

CREATE TEMP VIEW ext_members AS
SELECT d.classid, d.objid, e.extnamespace
FROM pg_depend d
JOIN pg_extension e ON d.refclassid = 'pg_extension'::regclass AND d.refobjid = e.oid
WHERE e.extname = 'probabilistic' AND d.deptype = 'e';

CREATE TEMP VIEW ext_functions AS
SELECT p.*, p.oid::regprocedure AS signature
FROM pg_proc p JOIN ext_members m ON m.classid = 'pg_proc'::regclass AND m.objid = p.oid;

-- Guards the queries below against seeing nothing.
SELECT count(*) > 30 AS sees_functions, count(*) FILTER (WHERE prokind = 'a') > 10 AS sees_aggregates
FROM ext_functions;

-- Every function and aggregate is IMMUTABLE and PARALLEL SAFE.
SELECT signature AS not_immutable_parallel_safe, provolatile, proparallel
FROM ext_functions
WHERE provolatile <> 'i' OR proparallel <> 's'
ORDER BY 1::text;

-- Every function is STRICT except:
--   hll_add, hll_add_hash: a NULL value leaves the sketch unchanged;
--   hll_add_trans, hll_add_hash_trans: start the state from NULL;
--   hll_agg_final, hll_agg_cardinality: answer for zero rows (NULL state);
-- and may be non-strict: bloom_add, cuckoo_add, cuckoo_remove and countmin_add (as hll_add), any other transition or final
-- function of the extension's aggregates, and combine functions over an
-- internal state (which PostgreSQL requires to be non-strict).
-- hll_union_trans must be STRICT: the first input becomes the state.
WITH must_be_non_strict(name) AS (
    VALUES ('hll_add'), ('hll_add_hash'), ('hll_add_trans'), ('hll_add_hash_trans'),
           ('hll_agg_final'), ('hll_agg_cardinality')
), aggregate_support(fn) AS (
    SELECT a.aggtransfn FROM pg_aggregate a JOIN ext_functions f ON f.oid = a.aggfnoid
    UNION SELECT a.aggfinalfn FROM pg_aggregate a JOIN ext_functions f ON f.oid = a.aggfnoid
    UNION SELECT a.aggcombinefn FROM pg_aggregate a JOIN ext_functions f ON f.oid = a.aggfnoid
    WHERE a.aggtranstype = 'internal'::regtype
), may_be_non_strict(oid) AS (
    SELECT oid FROM ext_functions WHERE proname IN (SELECT name FROM must_be_non_strict)
        OR proname IN ('bloom_add', 'cuckoo_add', 'cuckoo_remove')
        OR proname IN ('countmin_add')  -- issue-27: a NULL value or weight leaves the sketch unchanged
        OR proname IN ('agebloom_add')  -- issue-28: a NULL value leaves the filter unchanged; a count window needs no time
        -- topk_items(sketch, n, NULL::T): the NULL only names the items' type
        OR oid = 'topk_items(topk, integer, anyelement)'::regprocedure
    UNION SELECT fn FROM aggregate_support
    EXCEPT SELECT oid FROM ext_functions WHERE proname = 'hll_union_trans'
)
SELECT signature AS strictness_violation, proisstrict
FROM ext_functions
WHERE prokind = 'f'
  AND ((NOT proisstrict AND oid NOT IN (SELECT oid FROM may_be_non_strict))
       OR (proisstrict AND proname IN (SELECT name FROM must_be_non_strict)))
ORDER BY 1::text;

-- No SECURITY DEFINER, no SET clauses; C functions' symbols are their SQL names.
SELECT signature AS definer_or_config_or_symbol, prosecdef, proconfig, prosrc
FROM ext_functions f JOIN pg_language l ON l.oid = f.prolang
WHERE prosecdef OR proconfig IS NOT NULL OR (l.lanname = 'c' AND prosrc <> proname)
   OR l.lanname NOT IN ('c', 'internal')
ORDER BY 1::text;

-- Everything is created in the extension's schema.
SELECT pg_describe_object(m.classid, m.objid, 0) AS outside_extension_schema
FROM ext_members m
LEFT JOIN pg_proc p ON m.classid = 'pg_proc'::regclass AND p.oid = m.objid
LEFT JOIN pg_type t ON m.classid = 'pg_type'::regclass AND t.oid = m.objid
LEFT JOIN pg_operator o ON m.classid = 'pg_operator'::regclass AND o.oid = m.objid
LEFT JOIN pg_opclass c ON m.classid = 'pg_opclass'::regclass AND c.oid = m.objid
LEFT JOIN pg_opfamily f ON m.classid = 'pg_opfamily'::regclass AND f.oid = m.objid
WHERE coalesce(p.pronamespace, t.typnamespace, o.oprnamespace, c.opcnamespace, f.opfnamespace, m.extnamespace)
      <> m.extnamespace
ORDER BY 1;

-- What the extension's objects call is the extension's own (or pg_catalog's),
-- never a same-named function that happened to be on the search_path.
WITH refs(what, fn) AS (
    SELECT 'aggregate ' || a.aggfnoid::regprocedure, a.aggtransfn::oid
    FROM pg_aggregate a JOIN ext_functions f ON f.oid = a.aggfnoid
    UNION ALL SELECT 'aggregate ' || a.aggfnoid::regprocedure, a.aggfinalfn::oid
    FROM pg_aggregate a JOIN ext_functions f ON f.oid = a.aggfnoid
    UNION ALL SELECT 'aggregate ' || a.aggfnoid::regprocedure, a.aggcombinefn::oid
    FROM pg_aggregate a JOIN ext_functions f ON f.oid = a.aggfnoid
    UNION ALL SELECT 'operator ' || o.oid::regoperator, o.oprcode::oid
    FROM pg_operator o JOIN ext_members m ON m.classid = 'pg_operator'::regclass AND m.objid = o.oid
    UNION ALL SELECT 'operator ' || o.oid::regoperator, x.fn
    FROM pg_operator o JOIN ext_members m ON m.classid = 'pg_operator'::regclass AND m.objid = o.oid,
         LATERAL (VALUES (o.oprrest::oid), (o.oprjoin::oid)) x(fn)
    UNION ALL SELECT 'type ' || t.oid::regtype, x.fn
    FROM pg_type t JOIN ext_members m ON m.classid = 'pg_type'::regclass AND m.objid = t.oid,
         LATERAL (VALUES (t.typinput::oid), (t.typoutput::oid), (t.typreceive::oid), (t.typsend::oid),
                         (t.typmodin::oid), (t.typmodout::oid), (t.typanalyze::oid)) x(fn)
    UNION ALL SELECT pg_describe_object('pg_cast'::regclass, c.oid, 0), c.castfunc
    FROM pg_cast c JOIN ext_members m ON m.classid = 'pg_cast'::regclass AND m.objid = c.oid
    UNION ALL SELECT pg_describe_object('pg_amproc'::regclass, ap.oid, 0), ap.amproc::oid
    FROM pg_amproc ap JOIN ext_members m ON m.classid = 'pg_opfamily'::regclass AND m.objid = ap.amprocfamily
)
SELECT r.what AS refers_outside, r.fn::regprocedure AS to_function
FROM refs r JOIN pg_proc p ON p.oid = r.fn
WHERE p.pronamespace <> 'pg_catalog'::regnamespace
  AND r.fn NOT IN (SELECT oid FROM ext_functions)
ORDER BY 1, 2::text;

-- Every function, aggregate, operator, type and cast has a COMMENT. The array
-- types PostgreSQL makes for hll and bloom (extension members from 17 on) are
-- not the extension's own declarations: left out, so every version agrees.
CREATE TEMP VIEW ext_comments AS
SELECT pg_describe_object(m.classid, m.objid, 0) AS object,
       obj_description(m.objid, m.classid::regclass::text) AS comment
FROM ext_members m
WHERE m.classid IN ('pg_proc'::regclass, 'pg_operator'::regclass, 'pg_type'::regclass, 'pg_cast'::regclass)
  AND NOT (m.classid = 'pg_type'::regclass AND m.objid IN (SELECT typarray FROM pg_type));

-- Guards the next query against seeing nothing: the casts are there.
SELECT count(*) FILTER (WHERE object LIKE 'cast from %') AS casts, count(*) > 50 AS sees_objects
FROM ext_comments;

SELECT object AS without_comment FROM ext_comments WHERE comment IS NULL ORDER BY 1;
