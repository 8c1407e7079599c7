-- Every aggregate of the extension over zero rows gives exactly its documented
-- value (doc/REFERENCE.md) with exactly the parameters written, whatever the
-- call's ORDER BY: the final function reads the parameters off the call, and an
-- ORDER BY key that is not an argument is no parameter (before d065175,
-- fuse_agg(x, 0.01 ORDER BY 7::bigint) over zero rows had seed 7, kll_agg(x
-- ORDER BY 100) k = 100, and kll_agg(x ORDER BY t) gave NULL).
--
-- Driven from the catalog: every aggregate that belongs to the extension must
-- match a shape of zr_shape below (its name and the types of its arguments
-- after the first), or the coverage check at the end fails. For each aggregate
-- and each shape's call, with each ORDER BY (none, a constant of each type the
-- aggregate's overloads take as parameters, another column, the argument
-- itself), over zero rows as a plain aggregate (WHERE false) and as a grouped
-- one (FILTER (WHERE false), GROUP BY), and without ORDER BY also as a window
-- aggregate over an empty frame and as a parallel plan (partial aggregates in
-- workers, checked in the plan): the value must be the documented constructor's
-- (byte for byte, through the text form), or NULL where NULL is documented, and
-- the parameters read back through *_info must be the ones written. Over one
-- row, every ORDER BY must give the value without ORDER BY, with the parameters
-- written. Only failures are printed.

SET extra_float_digits = 0;

-- One column per input type of the overloads, and one per sketch type (the
-- union aggregates' input). zr_rows has 2000 rows; t = 1 is the one-row input.
-- It is no temporary table, whose scans never run in parallel.
CREATE TEMP TABLE zr_type (typ regtype PRIMARY KEY, col text, val text);
INSERT INTO zr_type VALUES
    ('smallint', 'c_int2', '1::smallint'), ('integer', 'c_int4', '1'), ('bigint', 'c_int8', '1::bigint'),
    ('real', 'c_float4', '1::real'), ('double precision', 'c_float8', '1::float8'), ('numeric', 'c_numeric', '1::numeric'),
    ('sketch_text', 'c_text', '''a''::sketch_text'), ('bytea', 'c_bytea', '''\x01''::bytea'),
    ('uuid', 'c_uuid', '''a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11''::uuid'), ('date', 'c_date', '''2026-01-01''::date'),
    ('timestamp', 'c_ts', '''2026-01-01 10:00''::timestamp'), ('timestamptz', 'c_tstz', '''2026-01-01 10:00+00''::timestamptz'),
    ('"char"', 'c_char', '''a''::"char"'),
    ('anyelement', 'c_any', '''10.0.0.1''::inet'),   -- a type without an overload of its own
    ('hll', 'c_hll', 'hll_add(hll_empty(10), 1)'),
    ('bloom', 'c_bloom', 'bloom_add(bloom_empty(10), 1)'),
    ('cuckoo', 'c_cuckoo', 'cuckoo_add(cuckoo_empty(10), 1)'),
    ('ddsketch', 'c_ddsketch', '(SELECT ddsketch_agg(1))'),
    ('kll', 'c_kll', '(SELECT kll_agg(1))'),
    ('topk', 'c_topk', '(SELECT topk_agg(1))'),
    ('countmin', 'c_countmin', 'countmin_add(countmin_empty(0.1, 0.1), 1)'),
    ('agebloom', 'c_agebloom', 'agebloom_add(agebloom_empty(interval ''1 hour'', 10), 1, ''2026-01-01 10:00+00'')'),
    ('fuse', 'c_fuse', '(SELECT fuse_keys_agg(1))');

DO $$
BEGIN
    EXECUTE 'CREATE TABLE zr_rows AS SELECT t, t::bigint AS w, '
        || (SELECT string_agg(format('%s AS %I', val, col), ', ' ORDER BY col) FROM zr_type)
        || ' FROM generate_series(1, 2000) t';
END $$;
ANALYZE zr_rows;

-- The documented zero-row value of each aggregate's shapes: its name, the types
-- of its arguments after the first (the direct arguments of an ordered-set
-- aggregate), the parameters as written after the argument (call), and either
-- the documented constructor of the same parameters (expected; 'NULL' where
-- NULL is documented), or, for types without a constructor (ddsketch, kll,
-- fuse), the fields of the empty value (empty). params: what *_info must say
-- of the parameters, over zero rows and one row. refused: the input types
-- whose values the call refuses (0A000: the foreign hll families hash only
-- some, topk keeps only some): over one row every ORDER BY must be refused
-- alike.
CREATE TEMP TABLE zr_shape (agg text, args regtype[], call text, expected text, params jsonb, empty jsonb, refused regtype[]);
INSERT INTO zr_shape VALUES
    ('hll_add_agg', '{}', '', 'hll_empty(14)', '{"precision": 14, "seed": 0, "hash_id": 2}', NULL, NULL),
    ('hll_add_agg', '{integer}', ', 10', 'hll_empty(10)', '{"precision": 10, "seed": 0, "hash_id": 2}', NULL, NULL),
    ('hll_add_agg', '{integer}', ', 4', 'hll_empty(4)', '{"precision": 4}', NULL, NULL),
    ('hll_add_agg', '{integer}', ', 18', 'hll_empty(18)', '{"precision": 18}', NULL, NULL),
    -- A family's empty sketch, as each producer writes it: postgresql-hll's
    -- EMPTY (log2m 10, regwidth 5, expthresh -1, sparse on), Redis's
    -- createHLLObject (sparse, one XZERO of 16384), DataSketches' compact
    -- empty HLL_8 image (lgK 10, LIST mode).
    ('hll_add_agg', '{integer,text}', ', 10, ''postgresql-hll''', 'hll_import(''\x118a7f'', ''postgresql-hll'')',
     '{"precision": 10, "family": "postgresql-hll", "regwidth": 5, "expthresh": -1}', NULL, NULL),
    ('hll_add_agg', '{integer,text}', ', 14, ''redis''', 'hll_import(''\x48594c4c0100000000000000000000007fff'', ''redis'')',
     '{"precision": 14, "family": "redis"}', NULL,
     '{real,double precision,numeric,uuid,date,timestamp,timestamptz,\"char\",anyelement}'),
    ('hll_add_agg', '{integer,text}', ', 10, ''datasketches''', 'hll_import(''\x0201070a030c0008'', ''datasketches'')',
     '{"precision": 10, "family": "datasketches", "seed": 9001}', NULL,
     '{numeric,uuid,date,timestamp,timestamptz,\"char\",anyelement}'),
    ('hll_add_hash_agg', '{}', '', 'hll_empty(14)', '{"precision": 14, "seed": 0}', NULL, NULL),
    ('hll_add_hash_agg', '{integer}', ', 10', 'hll_empty(10)', '{"precision": 10, "seed": 0}', NULL, NULL),
    ('hll_count_distinct', '{}', '', '0::bigint', NULL, NULL, NULL),
    ('hll_union_agg', '{}', '', 'hll_empty()', NULL, NULL, NULL),
    ('bloom_agg', '{}', '', 'bloom_empty(1)', '{"capacity": 1, "fpr": 0.01, "seed": 0}', NULL, NULL),
    ('bloom_agg', '{double precision}', ', 0.05', 'bloom_empty(1, 0.05)', '{"capacity": 1, "fpr": 0.05, "seed": 0}', NULL, NULL),
    ('bloom_agg', '{bigint,double precision}', ', 100, 0.05', 'bloom_empty(100, 0.05)',
     '{"capacity": 100, "fpr": 0.05, "layout": "fixed", "seed": 0}', NULL, NULL),
    ('bloom_agg', '{bigint,double precision,text}', ', 100, 0.05, ''blocked''', 'bloom_empty(100, 0.05, ''blocked'')',
     '{"capacity": 100, "fpr": 0.05, "layout": "blocked", "seed": 0}', NULL, NULL),
    ('bloom_agg', '{bigint,double precision,text}', ', 100, 0.05, ''scalable''', 'bloom_empty(100, 0.05, ''scalable'')',
     '{"capacity": 100, "fpr": 0.05, "layout": "scalable", "seed": 0}', NULL, NULL),
    ('bloom_union_agg', '{}', '', 'NULL', NULL, NULL, NULL),
    ('cuckoo_agg', '{bigint,double precision}', ', 100, 0.05', 'cuckoo_empty(100, 0.05)', '{"capacity": 100, "fpr": 0.05, "seed": 0}', NULL, NULL),
    ('cuckoo_union_agg', '{}', '', 'NULL', NULL, NULL, NULL),
    ('ddsketch_agg', '{}', '', NULL, '{"alpha": 0.01, "max_buckets": 2048}', '{"count": 0, "zero_count": 0}', NULL),
    ('ddsketch_agg', '{double precision}', ', 0.05', NULL, '{"alpha": 0.05, "max_buckets": 2048}', '{"count": 0}', NULL),
    ('ddsketch_agg', '{double precision,integer}', ', 0.05, 100', NULL, '{"alpha": 0.05, "max_buckets": 100}', '{"count": 0}', NULL),
    ('ddsketch_union_agg', '{}', '', 'NULL', NULL, NULL, NULL),
    ('approx_percentile_cont', '{double precision}', '0.5', 'NULL', NULL, NULL, NULL),
    ('approx_percentile_cont', '{double precision[]}', '''{0.5, 0.9}''::float8[]', 'NULL', NULL, NULL, NULL),
    ('countmin_agg', '{}', '', 'countmin_empty()', '{"epsilon": 0.001, "delta": 0.01, "seed": 0}', NULL, NULL),
    ('countmin_agg', '{double precision,double precision}', ', 0.01, 0.1', 'countmin_empty(0.01, 0.1)',
     '{"epsilon": 0.01, "delta": 0.1, "seed": 0}', NULL, NULL),
    ('countmin_agg', '{bigint}', ', w', 'countmin_empty()', '{"epsilon": 0.001, "delta": 0.01, "seed": 0}', NULL, NULL),
    ('countmin_agg', '{bigint,double precision,double precision}', ', w, 0.01, 0.1', 'countmin_empty(0.01, 0.1)',
     '{"epsilon": 0.01, "delta": 0.1, "seed": 0}', NULL, NULL),
    ('countmin_union_agg', '{}', '', 'NULL', NULL, NULL, NULL),
    ('topk_agg', '{}', '', 'topk_empty()', '{"size": 1024}', NULL, '{anyelement}'),
    ('topk_agg', '{integer}', ', 5', 'topk_empty(5)', '{"size": 5}', NULL, '{anyelement}'),
    ('topk_agg', '{bigint}', ', w', 'topk_empty()', '{"size": 1024}', NULL, '{anyelement}'),
    ('topk_agg', '{bigint,integer}', ', w, 5', 'topk_empty(5)', '{"size": 5}', NULL, '{anyelement}'),
    ('topk_union_agg', '{}', '', 'topk_empty(1024)', NULL, NULL, NULL),
    ('kll_agg', '{}', '', NULL, '{"k": 200}', '{"n": 0, "retained": 0}', NULL),
    ('kll_agg', '{integer}', ', 100', NULL, '{"k": 100}', '{"n": 0, "retained": 0}', NULL),
    ('kll_union_agg', '{}', '', 'NULL', NULL, NULL, NULL),
    ('agebloom_agg', '{bigint,double precision}', ', 100, 0.05', 'agebloom_empty(100, 0.05)',
     '{"mode": "count", "window": 100, "fpr": 0.05, "seed": 0, "generations": 32}', NULL, NULL),
    ('agebloom_agg', '{interval,bigint,double precision,timestamptz}', ', interval ''1 hour'', 100, 0.05, ''2026-01-01 10:00+00''::timestamptz',
     'agebloom_empty(interval ''1 hour'', 100, 0.05)',
     '{"mode": "time", "window_us": 3600000000, "capacity": 100, "fpr": 0.05, "seed": 0, "generations": 32}', NULL, NULL),
    ('agebloom_union_agg', '{}', '', 'NULL', NULL, NULL, NULL),
    ('fuse_agg', '{}', '', NULL, '{"fpr": 0.00390625, "seed": 0, "form": "filter"}', '{"keys": 0}', NULL),
    ('fuse_agg', '{double precision}', ', 0.25', NULL, '{"fpr": 0.25, "seed": 0, "form": "filter"}', '{"keys": 0}', NULL),
    ('fuse_agg', '{double precision,bigint}', ', 0.25, 7', NULL, '{"fpr": 0.25, "seed": 7, "form": "filter"}', '{"keys": 0}', NULL),
    ('fuse_keys_agg', '{}', '', NULL, '{"fpr": 0.00390625, "seed": 0, "form": "keys"}', '{"keys": 0}', NULL),
    ('fuse_keys_agg', '{double precision}', ', 0.25', NULL, '{"fpr": 0.25, "seed": 0, "form": "keys"}', '{"keys": 0}', NULL),
    ('fuse_keys_agg', '{double precision,bigint}', ', 0.25, 7', NULL, '{"fpr": 0.25, "seed": 7, "form": "keys"}', '{"keys": 0}', NULL),
    ('fuse_union_agg', '{}', '', 'NULL', NULL, NULL, NULL);

-- ORDER BY constants, one per parameter type, each a value the parameter
-- would accept and that differs from every value written above.
CREATE TEMP TABLE zr_order_const (typ regtype PRIMARY KEY, val text);
INSERT INTO zr_order_const VALUES
    ('integer', '7'), ('bigint', '7::bigint'), ('double precision', '0.25::float8'),
    ('text', '''classic''::text'), ('interval', 'interval ''7 days'''),
    ('timestamptz', '''2000-01-01 00:00+00''::timestamptz');

-- The extension's aggregates.
CREATE TEMP TABLE zr_agg AS
SELECT p.oid AS fn, p.proname::text AS agg, a.aggkind AS kind, a.aggcombinefn <> 0 AS combines,
       p.proargtypes[0]::regtype AS input, p.prorettype::regtype AS ret,
       (SELECT coalesce(array_agg(t::regtype ORDER BY o), '{}') FROM unnest(p.proargtypes[1:]) WITH ORDINALITY u(t, o)) AS args
FROM pg_aggregate a JOIN pg_proc p ON p.oid = a.aggfnoid
JOIN pg_depend d ON d.classid = 'pg_proc'::regclass AND d.objid = p.oid
WHERE d.refclassid = 'pg_extension'::regclass AND d.refobjid = (SELECT oid FROM pg_extension WHERE extname = 'probabilistic')
  AND d.deptype = 'e';
-- For an ordered-set aggregate the direct argument comes first: the argument
-- is the aggregated one, the direct one is the shape's.
UPDATE zr_agg SET input = args[1], args = ARRAY[input] WHERE kind = 'o';

-- Coverage: every aggregate has a shape, and every shape an aggregate.
SELECT a.fn::regprocedure AS aggregate_without_a_shape
FROM zr_agg a WHERE NOT EXISTS (SELECT FROM zr_shape s WHERE s.agg = a.agg AND s.args = a.args);
SELECT s.agg, s.args AS shape_without_an_aggregate
FROM zr_shape s WHERE NOT EXISTS (SELECT FROM zr_agg a WHERE s.agg = a.agg AND s.args = a.args);
SELECT a.fn::regprocedure AS input_type_without_a_column
FROM zr_agg a WHERE NOT EXISTS (SELECT FROM zr_type t WHERE t.typ = a.input);

-- One query's single value as text, or the error it raised (as 'ERROR SQLSTATE: ...').
CREATE FUNCTION pg_temp.zr_value(q text, OUT v text, OUT info jsonb, info_fn text) LANGUAGE plpgsql AS $$
BEGIN
    IF info_fn IS NULL THEN
        EXECUTE format('SELECT r::text FROM (%s) s(r)', q) INTO STRICT v;
    ELSE
        EXECUTE format('SELECT r::text, %s(r) FROM (%s) s(r)', info_fn, q) INTO STRICT v, info;
    END IF;
EXCEPTION WHEN OTHERS THEN
    v := 'ERROR ' || SQLSTATE || ': ' || SQLERRM;
    info := NULL;
END $$;

CREATE FUNCTION pg_temp.zr_check(a zr_agg, s zr_shape, OUT checks integer, OUT failures text[]) LANGUAGE plpgsql AS $$
DECLARE
    x text := (SELECT col FROM zr_type WHERE typ = a.input);
    info_fn text := (SELECT min(proname) FROM pg_proc WHERE proname = a.ret::text || '_info');
    expected text;
    expected_info jsonb;
    want_params jsonb := s.params;
    orders text[];
    o text;
    q text;
    got record;
    base record;
    plan jsonb;
    call text;
    fail text;
BEGIN
    checks := 0;
    failures := '{}';
    IF s.expected IS NOT NULL THEN
        EXECUTE format('SELECT (%s)::text', s.expected) INTO expected;
    END IF;
    IF a.kind = 'o' THEN
        call := format('%s(%s) WITHIN GROUP (ORDER BY %s)', a.agg, s.call, x);
        FOREACH q IN ARRAY ARRAY[
                format('SELECT %s FROM zr_rows WHERE false', call),
                format('SELECT %s FILTER (WHERE false) FROM zr_rows WHERE t = 1 GROUP BY t', call)] LOOP
            got := pg_temp.zr_value(q, NULL);
            checks := checks + 1;
            IF got.v IS DISTINCT FROM expected THEN
                failures := failures || format('%s gave %s, not %s', q, coalesce(got.v, 'NULL'), coalesce(expected, 'NULL'));
            END IF;
        END LOOP;
        RETURN;
    END IF;
    -- ORDER BY: none, a constant of every parameter type of the aggregate's
    -- overloads (and integer), another column, the argument.
    orders := ARRAY[''] || ARRAY(
        SELECT ' ORDER BY ' || c.val FROM zr_order_const c
        WHERE c.typ = 'integer'::regtype
           OR c.typ IN (SELECT unnest(z.args) FROM zr_agg z WHERE z.agg = a.agg)
        ORDER BY c.typ::text)
        || ARRAY[' ORDER BY t']
        -- the argument, when its type has an order
        || CASE WHEN EXISTS (SELECT FROM pg_opclass c JOIN pg_am m ON m.oid = c.opcmethod
                             WHERE m.amname = 'btree' AND c.opcdefault
                               AND c.opcintype = (SELECT atttypid FROM pg_attribute WHERE attrelid = 'zr_rows'::regclass AND attname = x))
                THEN ARRAY[' ORDER BY ' || x] ELSE '{}' END;
    FOREACH o IN ARRAY orders LOOP
        call := format('%s(%s%s%s)', a.agg, x, s.call, o);
        FOREACH q IN ARRAY ARRAY[
                format('SELECT %s FROM zr_rows WHERE false', call),
                format('SELECT %s FILTER (WHERE false) FROM zr_rows WHERE t = 1 GROUP BY t', call)]
                || CASE WHEN o = '' THEN ARRAY[
                    format('SELECT %s OVER (ROWS BETWEEN 1 PRECEDING AND 1 PRECEDING) FROM zr_rows WHERE t = 1', call),
                    format('SELECT %s FILTER (WHERE false) OVER () FROM zr_rows WHERE t = 1', call)] ELSE '{}' END LOOP
            got := pg_temp.zr_value(q, info_fn);
            checks := checks + 1;
            fail := NULL;
            IF s.expected IS NOT NULL AND got.v IS DISTINCT FROM expected THEN
                fail := format('gave %s, not %s = %s', coalesce(got.v, 'NULL'), s.expected, coalesce(expected, 'NULL'));
            ELSIF s.expected IS NULL AND got.v IS NULL THEN
                fail := 'gave NULL';
            ELSIF s.empty IS NOT NULL AND NOT coalesce(got.info @> s.empty, false) THEN
                fail := format('gave %s, not empty (%s)', coalesce(got.info::text, got.v), s.empty);
            ELSIF got.v IS NOT NULL AND want_params IS NOT NULL AND NOT coalesce(got.info @> want_params, false) THEN
                fail := format('gave %s, not the parameters %s', coalesce(got.info::text, got.v), want_params);
            END IF;
            IF fail IS NOT NULL THEN
                failures := failures || (q || ' ' || fail);
            END IF;
        END LOOP;
        -- One row: the value without ORDER BY, with the parameters written.
        q := format('SELECT %s FROM zr_rows WHERE t = 1', call);
        got := pg_temp.zr_value(q, info_fn);
        checks := checks + 1;
        IF o = '' THEN
            base := got;
        END IF;
        IF a.input = ANY (coalesce(s.refused, '{}')) THEN
            IF got.v NOT LIKE 'ERROR 0A000: %' OR got.v IS DISTINCT FROM base.v THEN
                failures := failures || format('%s gave %s, not the refusal of its type', q, coalesce(got.v, 'NULL'));
            END IF;
        ELSIF got.v IS NULL OR got.v LIKE 'ERROR %' OR got.v IS DISTINCT FROM base.v THEN
            failures := failures || format('%s gave %s, not %s as without ORDER BY', q, coalesce(got.v, 'NULL'), base.v);
        ELSIF want_params IS NOT NULL AND NOT coalesce(got.info @> want_params, false) THEN
            failures := failures || format('%s gave %s, not the parameters %s', q, got.info, want_params);
        END IF;
    END LOOP;
    -- A parallel plan: workers run partial aggregates over no rows, the
    -- leader's final function reads the call through the Finalize step.
    IF a.combines THEN
        SET LOCAL parallel_setup_cost = 0;
        SET LOCAL parallel_tuple_cost = 0;
        SET LOCAL min_parallel_table_scan_size = 0;
        SET LOCAL max_parallel_workers_per_gather = 2;
        call := format('%s(%s%s)', a.agg, x, s.call);
        q := format('SELECT %s FROM zr_rows WHERE t + 0 < 0', call);  -- estimated at a third of the rows
        BEGIN
            EXECUTE 'EXPLAIN (COSTS OFF, FORMAT JSON) ' || q INTO plan;
        EXCEPTION WHEN OTHERS THEN
            plan := to_jsonb('ERROR: ' || SQLERRM);
        END;
        checks := checks + 1;
        IF NOT jsonb_path_exists(plan, '$.** ? (@."Partial Mode" == "Partial")') THEN
            failures := failures || format('%s has no partial aggregate: %s', q, plan);
        END IF;
        got := pg_temp.zr_value(q, info_fn);
        checks := checks + 1;
        IF got.v IS DISTINCT FROM coalesce(expected, got.v) OR (s.expected IS NULL AND got.v IS NULL)
           OR (s.empty IS NOT NULL AND NOT coalesce(got.info @> s.empty, false))
           OR (want_params IS NOT NULL AND got.v IS NOT NULL AND NOT coalesce(got.info @> want_params, false)) THEN
            failures := failures || format('%s gave %s', q, coalesce(got.info::text, got.v, 'NULL'));
        END IF;
        RESET parallel_setup_cost;
        RESET parallel_tuple_cost;
        RESET min_parallel_table_scan_size;
        RESET max_parallel_workers_per_gather;
    END IF;
END $$;

CREATE TEMP TABLE zr_result AS
SELECT a.agg, a.fn, s.call, r.checks, r.failures
FROM zr_agg a JOIN zr_shape s ON s.agg = a.agg AND s.args = a.args,
     pg_temp.zr_check(a, s) r;

-- Every aggregate was checked.
SELECT fn::regprocedure AS aggregate_not_checked FROM zr_agg EXCEPT SELECT fn FROM zr_result;

-- Per aggregate name: the overloads covered, the calls and checks run, the failures.
SELECT agg, count(DISTINCT fn) AS overloads, count(*) AS calls, sum(checks) AS checks,
       sum(cardinality(failures)) AS failures
FROM zr_result GROUP BY agg ORDER BY agg;
-- Every failure.
SELECT fn::regprocedure AS aggregate, f AS failure FROM zr_result, unnest(failures) f ORDER BY fn::regprocedure::text, f;

DROP TABLE zr_rows;
