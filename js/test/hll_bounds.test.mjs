// Hll.cardinalityBounds (hll_cardinality_bounds, FORMAT.md §3.14) against what the server recorded:
// doc/REFERENCE.md's table of the daily sketches, sql/hll_joint.sql's expected output, the
// refusals' SQLSTATEs; its exp and log, correctly rounded, against constants and computations to 192
// bits. The live comparison is hll_bounds.live.test.mjs.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import path from "node:path";
import { P, ROOT, vectors, unhex, seededRandom } from "./helpers.mjs";
import { crExp, crLog, expExact, logExact } from "../dist/esm/crmath.js";

await P.ready();

/** The rows of the text block after the first line of `doc` containing `marker`. */
function recordedRows(doc, marker) {
  const text = readFileSync(path.join(ROOT, ...doc), "utf8");
  const at = text.indexOf(marker);
  if (at < 0) throw new Error(`${doc.join("/")}: "${marker}" not found`);
  const lines = text.slice(at).split("\n");
  const header = lines.findIndex((l) => /^-+\+-/.test(l));
  const rows = [];
  for (let i = header + 1; !/^\(\d+ rows?\)/.test(lines[i]); i++) rows.push(lines[i].split("|").map((s) => s.trim()));
  return rows;
}

test("REFERENCE.md's daily sketches: the bounds, 0.95, of four sparse and three dense sketches", () => {
  // CREATE TABLE visits AS SELECT date '2024-03-01' + i % 7 AS day,
  //   (i % 7 * 300 + i / 7 * 7919 % (2000 + i % 7 * 300))::bigint AS user_id … FROM generate_series(1, 30000) i;
  // CREATE TABLE daily AS SELECT day, hll_add_agg(user_id) AS users … GROUP BY day;
  const days = Array.from({ length: 7 }, () => P.Hll.empty());
  for (let i = 1; i <= 30000; i++) {
    const d = i % 7;
    days[d].addInPlace(BigInt(d * 300 + ((Math.floor(i / 7) * 7919) % (2000 + d * 300))));
  }
  const rows = recordedRows(["doc", "REFERENCE.md"], "FROM daily, hll_cardinality_bounds(users, 0.95) b ORDER BY day;");
  assert.equal(rows.length, 7);
  rows.forEach(([day, lower, estimate, upper], i) => {
    const h = days[i];
    assert.equal(h.cardinality(), BigInt(estimate), day);
    assert.deepEqual(h.cardinalityBounds(0.95), [BigInt(lower), BigInt(upper)], day);
    assert.deepEqual(h.cardinalityBounds(), [BigInt(lower), BigInt(upper)], `${day}: 0.95 is the default`);
  });
  assert.deepEqual(days.map((h) => h.sparse), [true, true, true, true, false, false, false]);
});

test("sql/hll_joint.sql: sparse sketches hold the truth at widths 0, 0, 1; the empty sketch's bounds are 0, 0", () => {
  // SELECT n, hll_cardinality(h), b.lower <= n AND n <= b.upper, b.upper - b.lower
  // FROM (SELECT n, (SELECT hll_add_agg(i, 15) FROM generate_series(1, n) i) AS h …) s, hll_cardinality_bounds(h) b
  const rows = recordedRows(["expected", "hll_joint.out"], "hll_cardinality_bounds(h) b\nORDER BY n;");
  assert.equal(rows.length, 3);
  for (const [n, estimate, holds, width] of rows) {
    const h = P.Hll.empty(15);
    for (let i = 1; i <= Number(n); i++) h.addInPlace(P.sql("integer", i));
    const [lo, hi] = h.cardinalityBounds();
    assert.equal(h.cardinality(), BigInt(estimate));
    assert.equal(lo <= BigInt(n) && BigInt(n) <= hi, holds === "t", `n = ${n}`);
    assert.equal(hi - lo, BigInt(width), `n = ${n}`);
  }
  const empty = recordedRows(["expected", "hll_joint.out"], "SELECT * FROM hll_cardinality_bounds(hll_empty());");
  assert.deepEqual(P.Hll.empty().cardinalityBounds(), empty[0].map(BigInt));
});

test("refusals: a confidence outside (0, 1) is 22023, as the server refuses 0 and NaN", () => {
  const out = readFileSync(path.join(ROOT, "expected", "hll_joint.out"), "utf8");
  for (const c of ["0", "'NaN'"])
    assert.match(out, new RegExp(`hll_cardinality_bounds\\(hll_empty\\(\\), ${c}\\);\\nERROR:  confidence must be between 0 and 1`));
  const h = P.Hll.empty().add(1);
  for (const c of [0, -0, 1, NaN, -0.5, 1.5, Infinity, -Infinity, 1 + Number.EPSILON, "0.9", null]) {
    assert.throws(() => h.cardinalityBounds(c), (e) => e instanceof P.ParameterError && e.sqlstate === "22023", String(c));
  }
  for (const c of [Number.MIN_VALUE, 1 - Number.EPSILON / 2, 0.5]) assert.equal(h.cardinalityBounds(c).length, 2, String(c));
});

test("every hll vector: lower ≤ the estimate rounded ≤ upper, never below 0; sparse ones from their entry count", () => {
  for (const r of vectors("hll").hll.filter((r) => r.hex)) {
    const h = P.Hll.fromBytes(unhex(r.hex));
    for (const c of [0.5, 0.95, 0.999999]) {
      const [lo, hi] = h.cardinalityBounds(c);
      assert.ok(lo >= 0n && lo <= hi, r.name);
      // a sparse value: from its entries (exact but for collisions) up, holding the estimate rounded
      if (h.sparse && h.sparseEntries > 0) assert.ok(lo <= BigInt(h.sparseEntries) && hi >= BigInt(h.sparseEntries), r.name);
    }
  }
});

test("exp and log correctly rounded: the double-double results are those computed to 192 bits; constants; edges", () => {
  const { rand, randInt } = seededRandom(20240301);
  const near = (x) => x * (1 + (rand() - 0.5) * 2 ** -(40 + randInt(12)));
  const xs = [], ls = [];
  for (let i = 0; i < 6000; i++) {
    // the bounds' arguments (rates times 2^-k, Newton steps) and every other range, ends and ties of ln 2 multiples
    xs.push(-(10 ** (-15 + 20 * rand())), (rand() - 0.5) * 8, (rand() - 0.5) * 1418, -708 - rand() * 37, near(randInt(2000) - 1000) * Math.LN2,
      (rand() - 0.5) * 2 ** -(40 + randInt(14)));
    ls.push(-Math.expm1(-(10 ** (-15 + 20 * rand()))), rand() * 2 ** (randInt(2090) - 1060), near(1), 1 + (rand() - 0.5) / 16,
      2 ** (randInt(2000) - 1000) * near(1), rand() * 2 ** -1022, near(Math.SQRT2), near(Math.SQRT1_2));
  }
  for (const x of xs) if (Math.abs(x) >= 2 ** -54 && Math.abs(x) <= 746) assert.equal(crExp(x), expExact(x), `exp(${x})`);
  for (const x of ls) if (x > 0 && x < Infinity) assert.equal(crLog(x), logExact(x), `log(${x})`);
  // constants: the doubles nearest e, ln 2, ln 10, 1/e, and exact cases
  assert.equal(crExp(1), Math.E); assert.equal(crLog(2), Math.LN2); assert.equal(crLog(10), Math.LN10);
  assert.equal(crLog(Math.E), 1); assert.equal(crExp(-1), 0.36787944117144233); assert.equal(crLog(1), 0); assert.equal(crExp(0), 1);
  assert.equal(crLog(8), 3 * Math.LN2); // 3 ln 2 is exact: ln 2's double times 3 rounds as ln 8 does
  // ends: overflow, underflow through the subnormals, infinities, NaN, 0 and below
  assert.equal(crExp(709.782712893384), 1.7976931348622732e308); assert.equal(crExp(709.79), Infinity);
  assert.equal(crExp(-745.1332191019411), Number.MIN_VALUE); assert.equal(crExp(-745.1332191019412), 0);
  assert.equal(crExp(-740), 85 * Number.MIN_VALUE); assert.equal(crExp(-Infinity), 0); assert.equal(crExp(Infinity), Infinity);
  assert.equal(crLog(Number.MIN_VALUE), -744.4400719213812); assert.equal(crLog(Number.MAX_VALUE), 709.782712893384);
  assert.equal(crLog(0), -Infinity); assert.equal(crLog(Infinity), Infinity);
  for (const x of [NaN, -1, -0.5, -Infinity]) assert.ok(Number.isNaN(crLog(x)), String(x));
  assert.ok(Number.isNaN(crExp(NaN)));
  assert.equal(crExp(2 ** -60), 1); assert.equal(crExp(-(2 ** -60)), 1);
});

test("REFERENCE.md's hll_relative_error table: sparse near 0, dense about 1.04 / √(2^14)", () => {
  // SELECT n, round(hll_relative_error(hll_add_agg(i))::numeric, 5) FROM unnest(ARRAY[100, 3000, 10000, 1000000]) n, generate_series(1, n) i GROUP BY n
  const rows = recordedRows(["doc", "REFERENCE.md"], "FROM unnest(ARRAY[100, 3000, 10000, 1000000]) n, generate_series(1, n) i GROUP BY n ORDER BY n;");
  assert.equal(rows.length, 4);
  for (const [n, rounded] of rows) {
    const h = P.Hll.empty();
    for (let i = 1; i <= Number(n); i++) h.addInPlace(P.sql("integer", i));
    assert.ok(Math.abs(h.relativeError() - Number(rounded)) <= 5e-6, `n = ${n}: ${h.relativeError()} is not ${rounded}`);
  }
  assert.equal(P.Hll.empty().relativeError(), 0);
});
