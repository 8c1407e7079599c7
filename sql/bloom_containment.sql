-- bloom @> bloom and bloom <@ bloom against the truth: sets whose exact
-- inclusion is known, filtered in every layout. A value's layer in a scalable
-- filter depends on when it was added, so for scalable filters that have grown
-- a layer-by-layer comparison can prove containment but not its absence:
-- there the answer is true or an error (22023), never a false for a subset.

-- The answer of one form of the test ('refused' for the error of grown filters).
CREATE FUNCTION pg_temp.answer(a bloom, b bloom, form int) RETURNS text LANGUAGE plpgsql AS $$
BEGIN
    RETURN CASE form WHEN 1 THEN a @> b WHEN 2 THEN b <@ a
                     WHEN 3 THEN bloom_superset(a, b) ELSE bloom_subset(b, a) END;
EXCEPTION WHEN invalid_parameter_value THEN
    RETURN 'refused';
END $$;

-- A: 1..1000, added in ascending order. Each case is a set of values with its
-- order of addition; 'subset' says whether it is inside A.
CREATE TEMP TABLE sets (name text, v int, ord int);
INSERT INTO sets SELECT 'late 50 (901..950)', v, v FROM generate_series(901, 950) v;
INSERT INTO sets SELECT 'early 50 (1..50)', v, v FROM generate_series(1, 50) v;
INSERT INTO sets SELECT 'every 7th', v, -v FROM generate_series(7, 1000, 7) v;
INSERT INTO sets SELECT 'all of A, descending', v, -v FROM generate_series(1, 1000) v;
INSERT INTO sets SELECT 'all of A, ascending', v, v FROM generate_series(1, 1000) v;
INSERT INTO sets SELECT 'A and 20 more', v, v FROM generate_series(1, 1020) v;
INSERT INTO sets SELECT '981..1020', v, v FROM generate_series(981, 1020) v;
INSERT INTO sets SELECT 'disjoint 50', v, v FROM generate_series(2001, 2050) v;
CREATE TEMP TABLE truth AS
SELECT name, bool_and(v BETWEEN 1 AND 1000) AS subset, count(*) AS n FROM sets GROUP BY name;

-- Layouts: classic and blocked, scalable with room for all of A (one layer),
-- and scalable at capacity 100 (A takes 4 layers).
CREATE TEMP TABLE layouts (layout text, capacity bigint, kind text);
INSERT INTO layouts VALUES ('classic', 1000, 'classic'), ('blocked', 1000, 'blocked'),
    ('scalable', 2000, 'scalable, one layer'), ('scalable', 100, 'scalable, grown');
CREATE TEMP TABLE filters AS
SELECT l.kind, s.name, bloom_agg(s.v, l.capacity, 0.01, l.layout ORDER BY s.ord) AS b
FROM layouts l, sets s GROUP BY l.kind, s.name;
CREATE TEMP TABLE a_filters AS
SELECT l.kind, bloom_agg(v, l.capacity, 0.01, l.layout ORDER BY v) AS a
FROM layouts l, generate_series(1, 1000) v GROUP BY l.kind;
SELECT kind, (bloom_info(a)->>'layer_count')::int AS layers_of_a FROM a_filters ORDER BY kind;

CREATE TEMP TABLE answers AS
SELECT f.kind, f.name, t.subset, (bloom_info(f.b)->>'layer_count')::int AS layers_of_b,
       pg_temp.answer(a.a, f.b, 1) AS answer,
       (SELECT count(DISTINCT pg_temp.answer(a.a, f.b, form)) FROM generate_series(1, 4) form) AS forms_agree,
       -- Exact membership: every value of the case probed one by one.
       (SELECT count(*) FILTER (WHERE a.a @> s.v) FROM sets s WHERE s.name = f.name) AS found, t.n
FROM filters f JOIN a_filters a USING (kind) JOIN truth t USING (name);
SELECT kind, name, subset, layers_of_b, answer, forms_agree = 1 AS forms_agree, found = n AS all_found
FROM answers ORDER BY kind, subset DESC, name;
-- What must hold: a subset is never answered false (in every layout); a true
-- answer means every value of the right side is found in the left one; only
-- grown scalable filters are refused; no containment claimed for a set with
-- 20 or more values outside A (one false positive each: a chance of 0.01^20).
SELECT count(*) FILTER (WHERE subset AND answer = 'false') AS subsets_answered_false,
       count(*) FILTER (WHERE answer = 'true' AND found < n) AS true_with_a_value_missing,
       count(*) FILTER (WHERE answer = 'refused' AND kind <> 'scalable, grown') AS refused_one_layer,
       count(*) FILTER (WHERE NOT subset AND answer <> 'false' AND kind <> 'scalable, grown') AS non_subsets_not_false,
       count(*) FILTER (WHERE subset AND answer = 'true') AS subsets_detected,
       count(*) FILTER (WHERE forms_agree <> 1) AS forms_disagree
FROM answers;

-- A one-layer left side holds every value in that layer, so a right side
-- whose first layer it does not cover is provably not contained, even when the
-- right side has grown; when only a later layer is uncovered, nothing is
-- proved. (A union of one-layer scalable filters stays one layer past its
-- capacity.)
WITH u AS (SELECT (SELECT bloom_agg(v, 100, 0.01, 'scalable') FROM generate_series(1, 60) v)
                | (SELECT bloom_agg(v, 100, 0.01, 'scalable') FROM generate_series(61, 120) v) AS a),
     g AS (SELECT bloom_agg(v, 100, 0.01, 'scalable' ORDER BY v) AS b FROM generate_series(1, 120) v),
     d AS (SELECT bloom_agg(v, 100, 0.01, 'scalable' ORDER BY v) AS b FROM generate_series(2001, 2120) v)
SELECT bloom_info(u.a)->'layer_count' AS union_layers, bloom_info(g.b)->'layer_count' AS grown_layers,
       pg_temp.answer(u.a, g.b, 1) AS same_values_grown, pg_temp.answer(u.a, d.b, 1) AS disjoint_grown,
       pg_temp.answer(g.b, u.a, 1) AS grown_contains_union
FROM u, g, d;

-- The issue's example, and the error in full.
\set VERBOSITY default
WITH a AS (SELECT bloom_agg(i, 100, 0.01, 'scalable') f FROM generate_series(1, 1000) i),
     b AS (SELECT bloom_agg(i, 100, 0.01, 'scalable') f FROM generate_series(901, 950) i)
SELECT a.f @> b.f FROM a, b;
-- A union covers its parts layer by layer, grown or not.
WITH a AS (SELECT bloom_agg(i, 100, 0.01, 'scalable') f FROM generate_series(1, 1000) i),
     b AS (SELECT bloom_agg(i, 100, 0.01, 'scalable') f FROM generate_series(901, 2950) i)
SELECT (a.f | b.f) @> a.f AS union_covers_a, (a.f | b.f) @> b.f AS union_covers_b, a.f <@ (a.f | b.f) AS a_in_union
FROM a, b;
