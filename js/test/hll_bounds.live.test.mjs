// Hll.cardinalityBounds against the running server's hll_cardinality_bounds (PGHOST etc.): sketches
// built in SQL (empty, sparse, at the sparse limit, dense from 10^3 to 10^7 values, folded) and
// sketches of random registers sent to it, at confidences from 1e-9 to 1 - 1e-13: equal to the
// integer but for rare last-bit differences of glibc's exp and log (judged); refusals with the
// server's SQLSTATE. PROB_TEST_SEED=<int> repeats a run's random data.
import { test } from "node:test";
import assert from "node:assert/strict";
import { P, hex, liveSession } from "./helpers.mjs";

const S = liveSession(), { skip, seed, next64, rand, randInt, pick } = S;
await P.ready();

const FIXED = [0.5, 0.9, 0.95, 0.99, 0.999999];
/** The confidences asked of each sketch: the usual ones and three random ones, small to next to 1. */
const confidences = () => [...FIXED, rand(), 1 - 10 ** -(1 + randInt(13)), 10 ** -(1 + randInt(9))];
const sparseLimit = (p) => Math.min((6 * 2 ** p) / 8 / 4, 4096);

/**
 * Each sketch's bounds at each of its confidences, here and on the server (the sketch's bytes sent
 * back to it, so both read the same bytes): returns the mismatches and the number of cases.
 */
async function compare(sketches) {
  const hexes = [], confs = [], owner = [];
  sketches.forEach((s, i) => { for (const c of s.confs) { hexes.push(hex(s.bytes)); confs.push(String(c)); owner.push(i); } });
  const { rows } = await S.client.query(`SELECT b.lower::text AS lower, b.upper::text AS upper
      FROM unnest($1::text[], $2::float8[]) WITH ORDINALITY u(h, c, i), hll_cardinality_bounds(decode(u.h, 'hex')::hll, u.c) b
      ORDER BY u.i`, [hexes, confs]);
  assert.equal(rows.length, hexes.length);
  const found = [];
  rows.forEach((r, j) => {
    const s = sketches[owner[j]], c = Number(confs[j]);
    const ours = P.Hll.fromBytes(s.bytes).cardinalityBounds(c);
    const server = [BigInt(r.lower), BigInt(r.upper)];
    s.bounds = s.bounds ?? new Map();
    s.bounds.set(c, server);
    if (ours[0] !== server[0] || ours[1] !== server[1]) found.push({ s, c, ours, server });
  });
  // hll_relative_error of each sketch: a double, the same but where a last bit of exp or log differs
  const rel = (await S.client.query(`SELECT hll_relative_error(decode(h, 'hex')::hll)::text AS e
      FROM unnest($1::text[]) WITH ORDINALITY u(h, i) ORDER BY i`, [sketches.map((s) => hex(s.bytes))])).rows;
  let relDiffer = 0, relWorst = 0;
  rel.forEach((r, i) => {
    const ours = P.Hll.fromBytes(sketches[i].bytes).relativeError(), theirs = Number(r.e);
    if (ours !== theirs) { relDiffer++; relWorst = Math.max(relWorst, Math.abs(ours - theirs) / theirs); }
  });
  return { mismatches: found.map(judged), cases: rows.length, relDiffer, relWorst };
}

/**
 * A mismatch and how far apart it may be. Where glibc's exp or log is not correctly rounded (a few
 * inputs in 10,000) the last bits of a log-likelihood differ, and an iteration can stop a step
 * earlier or later: a confidence of 0.01 or more and an estimate below 10^10 leave an end at most
 * one apart; beyond, the ends follow the log-likelihood's last bits (at a confidence of 1e-9, z²/2
 * is far below them) and may be a thousandth of the sketch's 0.5 interval apart (README.md).
 */
function judged({ s, c, ours, server }) {
  const apart = [0, 1].map((i) => ours[i] - server[i]).map((d) => (d < 0n ? -d : d)).reduce((a, b) => (a > b ? a : b));
  const estimate = P.Hll.fromBytes(s.bytes).estimate(), [lo, hi] = s.bounds.get(0.5);
  const allowed = c >= 0.01 && estimate < 1e10 ? 1n : [1n, (hi - lo) / 1000n].reduce((a, b) => (a > b ? a : b));
  return { what: `${s.what}, confidence ${c}: ours [${ours}], the server's [${server}], ${apart} apart (${hex(s.bytes).slice(0, 40)}…)`,
    apart, allowed };
}

/** Prints the mismatches; asserts each within its allowance and all rarer than 1 case in 50. */
function checkMismatches(t, { mismatches, cases, relDiffer, relWorst }, sketches) {
  const within = mismatches.filter((m) => m.apart <= 1n).length;
  t.diagnostic(`${cases} cases of ${sketches} sketches: ${mismatches.length} mismatches (${within} of them one apart)`);
  t.diagnostic(`relativeError: ${relDiffer} of ${sketches} not hll_relative_error's double, at most ${relWorst} apart (relative)`);
  assert.ok(relWorst <= 1e-12, `relativeError ${relWorst} apart`);
  for (const m of mismatches) t.diagnostic(m.what);
  for (const m of mismatches) assert.ok(m.apart <= m.allowed, m.what);
  assert.ok(mismatches.length <= cases / 50, `${mismatches.length} mismatches in ${cases} cases`);
}

test("hll_cardinality_bounds of sketches built in SQL: empty, sparse, at the sparse limit, dense 10^3 … 10^7, folded", { skip }, async (t) => {
  t.diagnostic(`PROB_TEST_SEED=${seed}`);
  // [precision, distinct values, what]
  const specs = [];
  for (const p of [4, 10, 14, 18]) specs.push([p, 0, "empty"]);
  for (let i = 0; i < 40; i++) { const p = 4 + randInt(15); specs.push([p, 1 + randInt(Math.min(sparseLimit(p), 60)), "sparse, small"]); }
  for (let i = 0; i < 30; i++) {
    const p = 4 + randInt(15);
    specs.push([p, Math.max(1, sparseLimit(p) - randInt(4) + (i % 2 ? 2 : 0)), "at the sparse limit"]);
  }
  for (let i = 0; i < 24; i++) specs.push([4 + randInt(15), Math.round(10 ** (3 + 3.3 * rand())), "dense"]);
  for (const n of [10 ** 7, 5e6 + randInt(5e6)]) specs.push([4 + randInt(15), n, "dense, large"]);
  const sketches = [];
  for (const [p, n, what] of specs) {
    const off = BigInt.asIntN(62, next64()).toString();
    // the sketch, and folded to up to two lower precisions (the typmod cast)
    const folds = [...new Set([randInt(p - 3), randInt(p - 3)].map((d) => p - d))].filter((f) => f < p);
    const r = (await S.client.query(`SELECT h::bytea AS b, ${folds.map((f) => `h::hll(${f})::bytea AS f${f}`).concat("1").join(", ")}
        FROM (SELECT coalesce(hll_add_agg(i + $2::bigint, $3), hll_empty($3)) AS h FROM generate_series(1, $1::bigint) i) s`,
      [n, off, p])).rows[0];
    sketches.push({ what: `${what}: ${n} values at p = ${p}`, truth: n, bytes: r.b, confs: confidences() });
    for (const f of folds) sketches.push({ what: `${what}: ${n} values at p = ${p} folded to ${f}`, truth: n, bytes: r[`f${f}`], confs: confidences() });
  }
  const result = await compare(sketches), { cases } = result;
  // the truth (the distinct count) inside the server's (and so our) 0.99 bounds: printed, a sanity check of the method
  const nonEmpty = sketches.filter((s) => s.truth > 0);
  const holds = (s) => { const [lo, hi] = s.bounds.get(0.99); return lo <= BigInt(s.truth) && BigInt(s.truth) <= hi; };
  const dense = nonEmpty.filter((s) => !P.Hll.fromBytes(s.bytes).sparse), sparse = nonEmpty.filter((s) => P.Hll.fromBytes(s.bytes).sparse);
  t.diagnostic(`the truth inside the 0.99 bounds: ${dense.filter(holds).length} of ${dense.length} dense sketches, `
    + `${sparse.filter(holds).length} of ${sparse.length} sparse ones`);
  checkMismatches(t, result, sketches.length);
  assert.ok(cases >= 1000, `${cases} cases`);
  assert.ok(sketches.some((s) => s.truth >= 1e7) && dense.length >= 20 && sparse.length >= 40);
});

/** A dense value's bytes of the given registers (FORMAT.md §3.4: 6 bits each, little-endian). */
function denseBytes(p, regs) {
  const out = new Uint8Array(16 + (6 * 2 ** p) / 8);
  out.set([0x48, 1, 2, 2, p, 26]);
  for (let g = 0; g < regs.length / 4; g++) {
    const w = regs[4 * g] | (regs[4 * g + 1] << 6) | (regs[4 * g + 2] << 12) | (regs[4 * g + 3] << 18);
    out.set([w & 0xff, (w >> 8) & 0xff, (w >> 16) & 0xff], 16 + 3 * g);
  }
  return out;
}

/** A sparse value's bytes of the given entries (FORMAT.md §3.3: index26 << 6 | rank26, ascending). */
function sparseBytes(p, entries) {
  const out = new Uint8Array(16 + 4 * entries.length);
  out.set([0x48, 1, 2, 1, p, 26]);
  const dv = new DataView(out.buffer);
  [...entries].sort((a, b) => a[0] - b[0]).forEach(([i, r], j) => dv.setUint32(16 + 4 * j, ((i << 6) | r) >>> 0, true));
  return out;
}

/** A register of rate lam (P(K ≤ k) = exp(-lam 2^-k), K ≤ 65 - p). */
function register(lam, p) {
  const u = 1 - rand(); // (0, 1]
  const k = Math.ceil(Math.log2(lam / -Math.log(u)));
  return Math.max(0, Math.min(k, 65 - p));
}

test("hll_cardinality_bounds of random registers and entries: rates from 10^-4 to 10^18 a register, mixtures, extremes", { skip }, async (t) => {
  t.diagnostic(`PROB_TEST_SEED=${seed}`);
  const sketches = [];
  for (let i = 0; i < 300; i++) {
    const p = 4 + randInt(15), m = 2 ** p, max = 65 - p;
    const shape = pick(["poisson", "poisson", "poisson", "mixture", "uniform", "extreme", "sparse"]);
    let regs, what, bytes;
    if (shape === "sparse") {
      const n = 1 + randInt(sparseLimit(p)), entries = new Map();
      while (entries.size < n) entries.set(randInt(2 ** 26), pick([1 + randInt(39), 1, 1, 2, 39]));
      bytes = sparseBytes(p, [...entries]);
      what = `${n} random sparse entries at p = ${p}`;
    } else {
      // values a register: mostly up to 10^8 (10^13 values at p = 18), one sketch in five up to 10^18
      const lam = rand() < 0.2 ? 10 ** (8 + 10 * rand()) : 10 ** (-4 + 12 * rand()), lam2 = lam * 10 ** (1 + 4 * rand());
      regs = Array.from({ length: m }, () => {
        switch (shape) {
          case "mixture": return register(rand() < 0.5 ? lam : lam2, p);
          case "uniform": return randInt(max + 1);
          case "extreme": return pick([0, max, max, max - 1, 1]);
          default: return register(lam, p);
        }
      });
      bytes = denseBytes(p, regs);
      what = `${shape} registers (rate ${lam.toPrecision(3)}) at p = ${p}`;
    }
    sketches.push({ what, bytes, confs: confidences() });
  }
  for (const p of [4, 11, 18]) {
    const m = 2 ** p, max = 65 - p;
    for (const [what, regs] of [["all zero", new Array(m).fill(0)], ["all at the maximum", new Array(m).fill(max)],
      ["one register set", Object.assign(new Array(m).fill(0), { 0: 1 })], ["all but one at the maximum", Object.assign(new Array(m).fill(max), { 1: 0 })],
      ["all at the maximum but one below", Object.assign(new Array(m).fill(max), { 1: max - 1 })], ["all ones", new Array(m).fill(1)]])
      sketches.push({ what: `dense, ${what}, p = ${p}`, bytes: denseBytes(p, regs), confs: confidences() });
    sketches.push({ what: `sparse, one entry of rank 39, p = ${p}`, bytes: sparseBytes(p, [[randInt(2 ** 26), 39]]), confs: confidences() });
  }
  const result = await compare(sketches), { cases } = result;
  checkMismatches(t, result, sketches.length);
  assert.ok(cases >= 2000, `${cases} cases`);
});

test("hll_cardinality_bounds refuses a confidence outside (0, 1) with the server's SQLSTATE", { skip }, async () => {
  const h = P.Hll.empty(12).add(1).add(2);
  for (const c of [0, 1, -0.5, 1.5, NaN, Infinity, -Infinity, 1 + 2 ** -52, -(2 ** -1074)]) {
    let server = null;
    try { await S.client.query("SELECT * FROM hll_cardinality_bounds($1::bytea::hll, $2::float8)", [h.toBytes(), String(c)]); }
    catch (e) { server = e.code; }
    let ours = null;
    try { h.cardinalityBounds(c); } catch (e) { ours = e.sqlstate; }
    assert.equal(server, "22023", String(c));
    assert.equal(ours, server, String(c));
  }
});
