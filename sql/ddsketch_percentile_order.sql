-- approx_percentile_cont honours the sort direction as percentile_cont does (issue 38):
-- ORDER BY x DESC and USING > count the fraction from the other end; any other ordering
-- operator is refused. The truth is PostgreSQL's own percentile_cont; the tolerance is
-- the documented relative accuracy of approx_percentile_cont, alpha = 0.01.
CREATE TABLE pct (g int, x float8);
INSERT INTO pct SELECT i % 3, CASE i % 3 WHEN 0 THEN i WHEN 1 THEN -i ELSE (i * 7919 % 1000) / 7.0 END
FROM generate_series(1, 3000) i;

-- The issue's query: about 900.1 (it answered 101.7, the ascending 0.1).
SELECT round(approx_percentile_cont(0.1) WITHIN GROUP (ORDER BY x DESC)) AS approx,
       percentile_cont(0.1) WITHIN GROUP (ORDER BY x DESC) AS exact
FROM generate_series(1, 1000) x;

-- Every direction and fraction, each group, within alpha of percentile_cont.
SELECT g, q, dir,
       abs(approx - exact) <= 0.01 * abs(exact) AS within_alpha
FROM (
    SELECT g, q, 'asc' AS dir,
           approx_percentile_cont(q) WITHIN GROUP (ORDER BY x) AS approx,
           percentile_cont(q) WITHIN GROUP (ORDER BY x) AS exact
    FROM pct, (VALUES (0.0), (0.1), (0.5), (0.9), (1.0)) qs(q) GROUP BY g, q
    UNION ALL
    SELECT g, q, 'desc',
           approx_percentile_cont(q) WITHIN GROUP (ORDER BY x DESC),
           percentile_cont(q) WITHIN GROUP (ORDER BY x DESC)
    FROM pct, (VALUES (0.0), (0.1), (0.5), (0.9), (1.0)) qs(q) GROUP BY g, q
    UNION ALL
    SELECT g, q, 'using >',
           approx_percentile_cont(q) WITHIN GROUP (ORDER BY x USING >),
           percentile_cont(q) WITHIN GROUP (ORDER BY x USING >)
    FROM pct, (VALUES (0.0), (0.1), (0.5), (0.9), (1.0)) qs(q) GROUP BY g, q
    UNION ALL
    SELECT g, q, 'using <',
           approx_percentile_cont(q) WITHIN GROUP (ORDER BY x USING <),
           percentile_cont(q) WITHIN GROUP (ORDER BY x USING <)
    FROM pct, (VALUES (0.0), (0.1), (0.5), (0.9), (1.0)) qs(q) GROUP BY g, q
) t
ORDER BY g, q, dir;

-- The array form, element by element, in the order written.
SELECT g, bool_and(abs(a - e) <= 0.01 * abs(e)) AS within_alpha, count(*)
FROM (
    SELECT g, unnest(approx_percentile_cont(ARRAY[0.9, 0.1, 0.5]) WITHIN GROUP (ORDER BY x DESC)) a,
              unnest(percentile_cont(ARRAY[0.9, 0.1, 0.5]) WITHIN GROUP (ORDER BY x DESC)) e
    FROM pct GROUP BY g
) t GROUP BY g ORDER BY g;

-- DESC at q is ASC at 1 - q exactly; NULLS FIRST/LAST change nothing (NULLs are skipped).
SELECT approx_percentile_cont(0.25) WITHIN GROUP (ORDER BY x DESC NULLS LAST) =
       approx_percentile_cont(0.75) WITHIN GROUP (ORDER BY x) AS desc_is_one_minus_q,
       approx_percentile_cont(ARRAY[0.25, NULL]) WITHIN GROUP (ORDER BY x DESC) AS with_null
FROM (SELECT x FROM pct UNION ALL SELECT NULL) s
WHERE x IS NULL OR x BETWEEN 1 AND 100;

-- A q outside 0..1 is refused naming the q written, in either direction.
SELECT approx_percentile_cont(1.5) WITHIN GROUP (ORDER BY x DESC) FROM pct;
SELECT approx_percentile_cont(-0.5) WITHIN GROUP (ORDER BY x) FROM pct;

-- Zero rows: NULL in either direction.
SELECT approx_percentile_cont(0.5) WITHIN GROUP (ORDER BY x DESC) FROM pct WHERE false;

-- An ordering operator of another operator family: its order cannot be known, refused.
CREATE FUNCTION rev_cmp(float8, float8) RETURNS int LANGUAGE sql IMMUTABLE AS 'SELECT btfloat8cmp($2, $1)';
CREATE OPERATOR <<< (LEFTARG = float8, RIGHTARG = float8, FUNCTION = float8gt);
CREATE OPERATOR CLASS float8_reversed FOR TYPE float8 USING btree AS
    OPERATOR 1 <<<, OPERATOR 3 =, FUNCTION 1 rev_cmp(float8, float8);
SELECT percentile_cont(0.1) WITHIN GROUP (ORDER BY x USING <<<) FROM pct;
SELECT approx_percentile_cont(0.1) WITHIN GROUP (ORDER BY x USING <<<) FROM pct;
SELECT approx_percentile_cont(0.1) WITHIN GROUP (ORDER BY x USING <<<) FROM pct WHERE false;
DROP OPERATOR CLASS float8_reversed USING btree;
DROP OPERATOR <<< (float8, float8);
DROP FUNCTION rev_cmp(float8, float8);
DROP TABLE pct;
