-- agebloom: bad input is an ERROR that names what is wrong, with its SQLSTATE.
-- pg_temp.err(query) and pg_temp.put(bytes, offset, length, value): sql/include/errors.psql.
\getenv abs_srcdir PG_ABS_SRCDIR
\i :abs_srcdir/sql/include/errors.psql

-- Parameters.
SELECT label, pg_temp.err(query) AS result FROM (VALUES
    ('window 0',             $q$SELECT agebloom_empty(0)$q$),
    ('rate 0',               $q$SELECT agebloom_empty(100, 0)$q$),
    ('rate 1',               $q$SELECT agebloom_empty(100, 1)$q$),
    ('generations 2000',     $q$SELECT agebloom_empty(100, 0.01, 2000)$q$),
    ('too large',            $q$SELECT agebloom_empty(1000000000000, 1e-9)$q$),
    ('months',               $q$SELECT agebloom_empty(interval '1 month', 100)$q$),
    ('negative interval',    $q$SELECT agebloom_empty(interval '-1 hour', 100)$q$),
    ('capacity 0',           $q$SELECT agebloom_empty(interval '1 hour', 0)$q$),
    ('infinite time',        $q$SELECT agebloom_add(agebloom_empty(interval '1 hour', 100), 1, 'infinity')$q$),
    ('NULL time',            $q$SELECT agebloom_add(agebloom_empty(interval '1 hour', 100), 1, NULL)$q$),
    ('count window, a time', $q$SELECT agebloom_contains(agebloom_add(agebloom_empty(10), 1), 1, now())$q$),
    ('asked before newest',  $q$SELECT agebloom_contains(agebloom_add(agebloom_empty(interval '1 hour', 100), 1, '2026-01-01 10:00+00'), 1, '2026-01-01 08:00+00')$q$),
    ('union of count',       $q$SELECT agebloom_union(agebloom_empty(10), agebloom_empty(10))$q$),
    ('union, other params',  $q$SELECT agebloom_union(agebloom_empty(interval '1 hour', 100), agebloom_empty(interval '1 hour', 101))$q$),
    ('agg window changes',   $q$SELECT agebloom_agg(x, 10 + x, 0.01) FROM generate_series(1, 3) x$q$),
    ('agg NULL rate',        $q$SELECT agebloom_agg(x, 10, NULL) FROM generate_series(1, 3) x$q$),
    ('agg NULL time',        $q$SELECT agebloom_agg(x, interval '1 hour', 100, 0.01, NULL) FROM generate_series(1, 3) x$q$)
) t(label, query);

-- A generation at its limit refuses one more (54000), the filter unchanged.
-- capacity 64 over 32 generations: 2 a generation.
SELECT pg_temp.err($q$SELECT agebloom_add(agebloom_add(agebloom_add(agebloom_empty(interval '1 hour', 64), 1, '2026-01-01 10:00+00'), 2, '2026-01-01 10:00+01'), 3, '2026-01-01 10:00:02+00')$q$) AS full_generation;
SELECT pg_temp.err($q$SELECT agebloom_agg(x, interval '1 hour', 64, 0.01, '2026-01-01 10:00+00') FROM generate_series(1, 3) x$q$) AS full_generation_agg;
-- Spread over the hour it fits: 3 values in 3 generations.
SELECT agebloom_info(agebloom_agg(x, interval '1 hour', 64, 0.01, '2026-01-01 10:00+00'::timestamptz + x * interval '5 minutes'))->>'items' AS items
FROM generate_series(1, 3) x;

-- Corrupt values, through the bytea cast, text input and binary receive.
CREATE TEMP TABLE good AS SELECT agebloom_add(agebloom_empty(100, 0.01, 4), 1)::bytea AS f;
SELECT octet_length(f) AS bytes FROM good;
SELECT label, pg_temp.err(format('SELECT %L::bytea::agebloom', b)) AS via_bytea,
       pg_temp.err(format('SELECT %L::agebloom', b::text)) = pg_temp.err(format('SELECT %L::bytea::agebloom', b)) AS text_same
FROM good, LATERAL (VALUES
    ('short',            substring(f FROM 1 FOR 40)),
    ('tag',              set_byte(f, 0, 66)),
    ('version',          set_byte(f, 1, 9)),
    ('hash id',          set_byte(f, 2, 9)),
    ('mode',             set_byte(f, 3, 3)),
    ('k 0',              set_byte(f, 4, 0)),
    ('reserved 5',       set_byte(f, 5, 1)),
    ('window',           pg_temp.put(f, 16, 8, 101)),
    ('capacity',         pg_temp.put(f, 24, 8, 7)),
    ('generations',      pg_temp.put(f, 40, 4, 5)),
    ('reserved 44',      set_byte(f, 44, 1)),
    ('generation limit', pg_temp.put(f, 56, 8, 26)),
    ('slice bits',       pg_temp.put(f, 64, 8, 65)),
    ('items',            pg_temp.put(f, 80, 8, 2)),
    ('length',           f || '\x00'::bytea),
    ('a stray bit',      set_byte(f, octet_length(f) - 1, get_byte(f, octet_length(f) - 1) # 128))
) c(label, b);
