-- ddsketch_import(bytea, 'datadog-js') and ddsketch_export(ddsketch, 'datadog-js'):
-- DataDog's DDSketch protobuf image (doc/FORMAT.md 6.9). The live checks
-- against sketches-js itself are test/scripts/datadog_live.sh; here, images
-- written from the protobuf encoding by hand, the answers they give, and the
-- refusals with their SQLSTATEs.
\getenv abs_srcdir PG_ABS_SRCDIR
\i :abs_srcdir/sql/include/errors.psql

-- The values 1, 2, 3, -5 and 0 as sketches-js's DDSketch({relativeAccuracy: 0.01})
-- keys them (ceil(log(v) / log(gamma)): 0, 35, 55 and 81), written with every
-- encoding a Store allows:
--   0a 09 | 09 fd4a815abf52f03f                       mapping {gamma = 1 + 0.02/0.99} (interpolation NONE)
--   12 36 | 0a0b 0800 11 000000000000f03f              positiveValues {binCounts {0: 1},
--           12 18 000000000000f03f 00.. 00..          contiguousBinCounts [1, 0, 0],
--           18 46                                      contiguousBinIndexOffset 35,
--           0a0b 086e 11 000000000000f03f              binCounts {55: 1}}
--   1a 0d | 12 08 000000000000f03f 18 a201             negativeValues {contiguous [1] at 81}
--   21 000000000000f03f                                zeroCount 1
CREATE TEMP TABLE js AS SELECT ddsketch_import('\x0a0909fd4a815abf52f03f12360a0b080011000000000000f03f1218000000000000f03f0000000000000000000000000000000018460a0b086e11000000000000f03f1a0d1208000000000000f03f18a20121000000000000f03f', 'datadog-js') AS s;
-- Converted (the logarithmic mapping is not ours): relative accuracy 0.01 as sketches-js was
-- given, the default max_buckets; the sum not known.
SELECT ddsketch_info(s) FROM js;
-- Each position within 2 * 0.01 + 0.01^2 of the true value (-5, 0, 1, 2, 3); min and max are
-- the extreme buckets' estimates, within the same bound.
SELECT v AS truth, q AS answer, abs(q - v) <= 0.0201 * abs(v) AS within
FROM js, LATERAL unnest(quantiles(s, ARRAY[0.1, 0.3, 0.5, 0.7, 0.9]), ARRAY[-5, 0, 1, 2, 3]) u(q, v);
SELECT ddsketch_count(s), abs(ddsketch_min(s) + 5) <= 0.0201 * 5 AS min_within, abs(ddsketch_max(s) - 3) <= 0.0201 * 3 AS max_within FROM js;
SELECT quantile_rank(s, 1.5) AS rank_1_5, quantile_rank(s, -10) AS rank_below FROM js;
-- No sum in the image: ddsketch_sum and ddsketch_mean refuse, before and after a union.
SELECT pg_temp.err($q$SELECT ddsketch_sum(s) FROM js$q$) AS sum;
SELECT pg_temp.err($q$SELECT ddsketch_mean(s) FROM js$q$) AS mean;
SELECT pg_temp.err($q$SELECT ddsketch_sum(s || ddsketch_agg(x)) FROM js, (VALUES (1.0::float8)) v(x) GROUP BY s$q$) AS sum_of_union;

-- Continued with ddsketch_agg(x) (0.01, 2048: the import's): the union holds all nine values.
SELECT ddsketch_count(u), (ddsketch_info(u) ->> 'sum_known')::boolean AS sum_known,
       ddsketch_max(u) AS max, abs(quantile(u, 0.5) - 2) <= 0.0201 * 2 AS median_within
FROM (SELECT s || (SELECT ddsketch_agg(x) FROM (VALUES (0.5), (2.0), (2.5), (10.0)) v(x)) AS u FROM js) t;
-- Different relative accuracy: refused.
SELECT pg_temp.err($q$SELECT s || ddsketch_agg(x, 0.02) FROM js, (VALUES (1.0::float8)) v(x) GROUP BY s$q$) AS union_0_02;

-- Export: the cubic mapping of gamma 1 + expm1(2 alpha), both stores, the zero count.
--   0a 0b | 09 3201eca3be52f03f | 18 03               mapping {gamma = 1 + expm1(0.02), interpolation CUBIC}
--   12 0a | 12 08 000000000000f03f                    positiveValues {contiguous [1] at 0}
--   1a 00                                             negativeValues {}
SELECT ddsketch_export(ddsketch_agg(x), 'datadog-js') FROM (VALUES (1.0)) v(x);
SELECT ddsketch_export(ddsketch_agg(x), 'datadog-js') = '\x0a0b093201eca3be52f03f1803120a1208000000000000f03f1a00' AS expected
FROM (VALUES (1.0)) v(x);
-- An empty sketch: the mapping and two empty stores; imported, the empty sketch itself.
SELECT ddsketch_export(ddsketch_agg(x), 'datadog-js') FROM (VALUES (1.0)) v(x) WHERE false;
SELECT ddsketch_import('\x0a0b093201eca3be52f03f180312001a00', 'datadog-js') = ddsketch_agg(x) AS empty_equal
FROM (VALUES (1.0)) v(x) WHERE false;

-- A round trip is bucket for bucket: the same relative accuracy, buckets and answers
-- (but at the two ends, min and max, estimated), and it unions with the original's kind.
CREATE TEMP TABLE native AS SELECT ddsketch_agg(x, 0.02) AS s
FROM (SELECT (CASE WHEN i % 4 = 0 THEN -1 ELSE 1 END) * exp(i / 97.0) AS x FROM generate_series(0, 2000) i) v;
CREATE TEMP TABLE back AS SELECT ddsketch_import(ddsketch_export(s, 'datadog-js'), 'datadog-js') AS s FROM native;
SELECT (ddsketch_info(b.s) - 'bytes' - 'sum_known') = (ddsketch_info(n.s) - 'bytes' - 'sum_known') AS same_buckets,
       quantiles(b.s, ARRAY[0.01, 0.25, 0.5, 0.75, 0.99]) = quantiles(n.s, ARRAY[0.01, 0.25, 0.5, 0.75, 0.99]) AS same_answers,
       abs(ddsketch_min(b.s) - ddsketch_min(n.s)) <= 0.02 * abs(ddsketch_min(n.s)) AS min_within,
       abs(ddsketch_max(b.s) - ddsketch_max(n.s)) <= 0.02 * abs(ddsketch_max(n.s)) AS max_within,
       ddsketch_count(b.s || n.s) = 2 * ddsketch_count(n.s) AS unions
FROM back b, native n;
-- An imported sketch exports to the image of its buckets again.
SELECT ddsketch_export(b.s, 'datadog-js') = ddsketch_export(n.s, 'datadog-js') AS same_image FROM back b, native n;

-- Refusals: format names (22023), and images field by field (22P03).
SELECT label, pg_temp.err(query) AS result FROM (VALUES
    ('import format',       $q$SELECT ddsketch_import('\x', 'protobuf')$q$),
    ('export format',       $q$SELECT ddsketch_export(ddsketch_agg(x), 'protobuf') FROM (VALUES (1.0)) v(x)$q$),
    ('writer not named',    $q$SELECT ddsketch_import('\x', 'datadog')$q$),
    ('export writer',       $q$SELECT ddsketch_export(ddsketch_agg(x), 'DataDog') FROM (VALUES (1.0)) v(x)$q$),
    ('java conventions',    $q$SELECT ddsketch_import('\x', 'datadog-java')$q$),
    ('empty image',         $q$SELECT ddsketch_import('\x', 'datadog-js')$q$),
    ('no mapping',          $q$SELECT ddsketch_import('\x120a1208000000000000f03f', 'datadog-js')$q$),
    ('truncated',           $q$SELECT ddsketch_import('\x0a0b093201eca3be52f03f18', 'datadog-js')$q$),
    ('length past the end', $q$SELECT ddsketch_import('\x0a7f09', 'datadog-js')$q$),
    ('wire type 7',         $q$SELECT ddsketch_import('\x0f', 'datadog-js')$q$),
    ('wrong wire type',     $q$SELECT ddsketch_import('\x0900000000000000f03f', 'datadog-js')$q$),
    ('gamma NaN',           $q$SELECT ddsketch_import('\x0a0909000000000000f87f', 'datadog-js')$q$),
    ('LINEAR',              $q$SELECT ddsketch_import('\x0a0b0952b81e85eb51f03f1801', 'datadog-js')$q$),
    ('fractional count',    $q$SELECT ddsketch_import('\x0a0909fd4a815abf52f03f120a1208000000000000e03f', 'datadog-js')$q$)
) v(label, query);
