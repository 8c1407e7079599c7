// ddsketch and kll: every vector of test/vectors/{ddsketch,kll}.json built from its values, byte for byte,
// with the recorded quantiles and ranks; unions of splits; parsing and refusals of crafted bytes.
import { test } from "node:test";
import assert from "node:assert/strict";
import { P, vectors, hex, unhex, double, sameAnswers } from "./helpers.mjs";

const D = vectors("ddsketch"), K = vectors("kll");

/** A vector's values, each repeated, in order. */
const expand = (values) => values.flatMap(([t, n]) => Array(n).fill(double(t)));

function buildDdsketch(v) {
  const s = P.Ddsketch.empty(v.alpha, v.max_buckets);
  for (const x of expand(v.values)) s.addInPlace(x);
  return s;
}

function buildKll(k, values) {
  const s = P.Kll.empty(k);
  for (const x of expand(values)) s.addInPlace(x);
  return s;
}

test("ddsketch: every vector built from its values, byte for byte, and its quantiles", () => {
  assert.ok(D.ddsketch.length >= 10);
  for (const v of D.ddsketch) {
    const s = buildDdsketch(v);
    assert.equal(hex(s.toBytes()), v.bytes, v.name);
    assert.equal(P.Ddsketch.fromText("\\x" + v.bytes).toText(), "\\x" + v.bytes, v.name);
    sameAnswers(s.quantiles(D.qs), v.quantiles, `${v.name}: quantiles`);
    sameAnswers(D.qs.map((q) => s.quantile(q)), v.quantiles ?? D.qs.map(() => null), `${v.name}: quantile`);
    const parsed = P.Ddsketch.fromBytes(unhex(v.bytes));
    sameAnswers(parsed.quantiles(D.qs), v.quantiles, `${v.name}: quantiles of the parsed bytes`);
    assert.ok(parsed.equals(s));
  }
});

test("ddsketch: a repeat count gives the bytes of as many adds; add leaves its input alone", () => {
  for (const v of D.ddsketch) {
    const s = P.Ddsketch.empty(v.alpha, v.max_buckets);
    for (const [t, n] of v.values) s.addInPlace(double(t), n);
    assert.equal(hex(s.toBytes()), v.bytes, v.name);
  }
  const e = P.Ddsketch.empty();
  const one = e.add(1.5);
  assert.equal(e.count(), 0n);
  assert.equal(one.count(), 1n);
});

test("ddsketch: the union of any split of a vector's values is its bytes, in either order", () => {
  for (const v of D.ddsketch) {
    const xs = expand(v.values);
    for (const cut of [0, 1, Math.floor(xs.length / 3), Math.floor(xs.length / 2), xs.length - 1, xs.length]) {
      if (cut < 0 || cut > xs.length) continue;
      const a = P.Ddsketch.empty(v.alpha, v.max_buckets), b = P.Ddsketch.empty(v.alpha, v.max_buckets);
      xs.forEach((x, i) => (i < cut ? a : b).addInPlace(x));
      assert.equal(hex(a.union(b).toBytes()), v.bytes, `${v.name} split at ${cut}`);
      assert.equal(hex(b.union(a).toBytes()), v.bytes, `${v.name} split at ${cut}, swapped`);
    }
    // every other value, and reversed: the bytes depend on the multiset alone
    const odd = P.Ddsketch.empty(v.alpha, v.max_buckets), even = P.Ddsketch.empty(v.alpha, v.max_buckets);
    xs.forEach((x, i) => (i % 2 ? odd : even).addInPlace(x));
    assert.equal(hex(odd.union(even).toBytes()), v.bytes, `${v.name} interleaved`);
    const rev = P.Ddsketch.empty(v.alpha, v.max_buckets);
    for (let i = xs.length - 1; i >= 0; i--) rev.addInPlace(xs[i]);
    assert.equal(hex(rev.toBytes()), v.bytes, `${v.name} reversed`);
  }
});

test("ddsketch: FORMAT.md §6.8's worked example", () => {
  const e = P.Ddsketch.empty();
  // §6.8 says "56 zero bytes" after 2048; the value is 80 bytes long, so 60 (the vector "empty" agrees)
  assert.equal(hex(e.toBytes()), "4401000000000000" + "7b14ae47e17a843f" + "00080000" + "00".repeat(60));
  assert.equal(hex(e.toBytes()), D.ddsketch.find((v) => v.name === "empty").bytes);
  const one = e.add(1.0).toBytes();
  assert.equal(one.length, 89);
  assert.equal(hex(one.slice(80)), "010000000000000001");
});

test("ddsketch: counts, min, max and the exact sum against exact arithmetic", () => {
  for (const v of D.ddsketch) {
    const s = P.Ddsketch.fromBytes(unhex(v.bytes));
    const xs = expand(v.values);
    assert.equal(s.count(), BigInt(xs.length), v.name);
    if (!xs.length) {
      for (const a of [s.min(), s.max(), s.sum(), s.mean(), s.quantileRank(1)]) assert.equal(a, null);
      continue;
    }
    const norm = (x) => (x === 0 ? 0 : x);
    assert.ok(Object.is(s.min(), norm(Math.min(...xs))), v.name);
    assert.ok(Object.is(s.max(), norm(Math.max(...xs))), v.name);
    assert.equal(s.sum(), exactSum(xs), `${v.name}: sum`);
    assert.equal(s.mean(), exactSum(xs) / xs.length, `${v.name}: mean`);
  }
  // the carry out of the top limb (FORMAT.md §6.4: 0.875 − 0.675 + 0.875)
  assert.equal(P.Ddsketch.empty().add(0.875).add(-0.675).add(0.875).sum(), exactSum([0.875, -0.675, 0.875]));
});

/** The sum of doubles rounded once, from decimal arithmetic (BigInt over a common power of two). */
function exactSum(xs) {
  const parts = xs.filter((x) => x !== 0).map((x) => {
    const [m, e] = mantissaExponent(x);
    return [m, e];
  });
  if (!parts.length) return 0;
  const base = Math.min(...parts.map(([, e]) => e));
  let total = 0n;
  for (const [m, e] of parts) total += m << BigInt(e - base);
  return roundScaled(total, base);
}

function mantissaExponent(x) {
  const dv = new DataView(new ArrayBuffer(8));
  dv.setFloat64(0, x);
  const bits = dv.getBigUint64(0), biased = Number((bits >> 52n) & 0x7ffn);
  const frac = bits & ((1n << 52n) - 1n);
  const m = biased ? frac | (1n << 52n) : frac;
  return [bits >> 63n ? -m : m, (biased || 1) - 1075];
}

/** total · 2^base to the nearest double (ties to even), for totals whose result is a normal double:
 * by the decimal text, which JavaScript reads correctly rounded. */
function roundScaled(total, base) {
  if (total === 0n) return 0;
  const neg = total < 0n;
  let mag = neg ? -total : total;
  // mag · 2^base as an exact decimal: mag · 5^-base / 10^-base
  let text;
  if (base >= 0) text = (mag << BigInt(base)).toString();
  else {
    const digits = (mag * 5n ** BigInt(-base)).toString().padStart(-base + 1, "0");
    text = digits.slice(0, digits.length + base) + "." + digits.slice(digits.length + base);
  }
  return Number((neg ? "-" : "") + text);
}

test("kll: every vector built from its values in order (and unions), byte for byte, with its quantiles and ranks", () => {
  assert.ok(K.kll.length >= 16);
  for (const v of K.kll) {
    let s = buildKll(v.k, v.values);
    if (v.union_with) s = s.union(buildKll(v.union_with.k, v.union_with.values));
    assert.equal(hex(s.toBytes()), v.bytes, v.name);
    assert.equal(P.Kll.fromText("\\x" + v.bytes).toText(), "\\x" + v.bytes, v.name);
    const parsed = P.Kll.fromBytes(unhex(v.bytes));
    for (const x of [s, parsed]) {
      sameAnswers(x.quantiles(K.qs), v.quantiles, `${v.name}: quantiles`);
      sameAnswers(K.xs.map((y) => x.quantileRank(y)), v.ranks ?? K.xs.map(() => null), `${v.name}: ranks`);
      sameAnswers(K.qs.map((q) => x.quantile(q)), v.quantiles ?? K.qs.map(() => null), `${v.name}: quantile`);
    }
    const xs = [...expand(v.values), ...(v.union_with ? expand(v.union_with.values) : [])];
    assert.equal(parsed.count(), BigInt(xs.length), v.name);
    if (xs.length) {
      assert.ok(Object.is(parsed.min(), xs.reduce((a, b) => (b < a ? b : a))), `${v.name}: min`);
      assert.ok(Object.is(parsed.max(), xs.reduce((a, b) => (a < b ? b : a))), `${v.name}: max`);
    } else assert.equal(parsed.min(), null);
  }
});

test("kll: FORMAT.md §10.9's worked example; add leaves its input alone", () => {
  const s = P.Kll.empty(8).add(1).add(2).add(3);
  const b = s.toBytes();
  assert.equal(b.length, 68);
  assert.equal(hex(b.slice(0, 8)), "4c01000008000800");
  assert.equal(hex(b.slice(8, 16)), "0300000000000000"); // n
  assert.equal(hex(b.slice(16, 32)), "000000000000f03f0000000000000840"); // min 1.0, max 3.0
  assert.equal(hex(b.slice(32, 44)), "010800000000000003000000"); // L, m, reserved, F, the size
  assert.equal(hex(b.slice(44)), "0000000000000840" + "0000000000000040" + "000000000000f03f"); // 3.0, 2.0, 1.0
  const e = P.Kll.empty();
  e.add(1);
  assert.equal(e.count(), 0n);
  assert.equal(hex(e.toBytes()).length, 88);
});

test("quantiles: out-of-range q and NaN refused with the server's SQLSTATE; a null q gives null", () => {
  const d = P.Ddsketch.empty().add(1).add(2), k = P.Kll.empty().add(1).add(2);
  for (const s of [d, k, P.Ddsketch.empty(), P.Kll.empty()]) {
    for (const q of [-0.1, 1.5, NaN]) {
      assert.throws(() => s.quantile(q), (e) => e.sqlstate === "22023");
      assert.throws(() => s.quantiles([0.5, q]), (e) => e.sqlstate === "22023");
    }
  }
  assert.deepEqual(d.quantiles([null, 1]), [null, 2]);
  assert.deepEqual(k.quantiles([0, null]), [1, null]);
  assert.equal(P.Ddsketch.empty().quantiles([null]), null);
  assert.throws(() => d.quantileRank(NaN), (e) => e.sqlstate === "22023");
  assert.throws(() => P.Ddsketch.empty().quantileRank(NaN), (e) => e.sqlstate === "22023"); // NaN first, as the server
  assert.equal(P.Kll.empty().quantileRank(NaN), null); // the empty sketch first, as the server
  assert.throws(() => k.quantileRank(NaN), (e) => e.sqlstate === "22023");
  for (const x of [NaN, Infinity, -Infinity]) assert.throws(() => P.Ddsketch.empty().add(x), (e) => e.sqlstate === "22023");
  assert.throws(() => P.Kll.empty().add(NaN), (e) => e.sqlstate === "22023");
  assert.equal(P.Kll.empty().add(Infinity).add(-Infinity).max(), Infinity);
  for (const [a, m] of [[0.00009, 2048], [0.51, 2048], [NaN, 2048], [0.01, 0], [0.01, 65537], [0.01, 2.5]])
    assert.throws(() => P.Ddsketch.empty(a, m), (e) => e.sqlstate === "22023");
  for (const k of [7, 65536, 20.5]) assert.throws(() => P.Kll.empty(k), (e) => e.sqlstate === "22023");
  assert.throws(() => P.Ddsketch.empty(0.01).union(P.Ddsketch.empty(0.02)), (e) => e.sqlstate === "22023");
  assert.throws(() => P.Ddsketch.empty(0.01, 100).union(P.Ddsketch.empty(0.01, 101)), (e) => e.sqlstate === "22023");
});

/** Good bytes (read first: valid) and edits of them ([offset, bytes, why]) each refused with a FormatError (22P03). */
function refusesEdits(cls, good, edits) {
  cls.fromBytes(good);
  for (const [offset, bytes, why] of edits) {
    const b = good.slice();
    b.set(bytes, offset);
    assert.throws(() => cls.fromBytes(b), (e) => e.sqlstate === "22P03", why);
  }
}

const f64 = (x) => new Uint8Array(new Float64Array([x]).buffer);

test("ddsketch: crafted bytes refused as §6.5 says", () => {
  const good = unhex(D.ddsketch.find((v) => v.name === "integers 1..200").bytes);
  assert.equal(new DataView(good.buffer).getUint32(20, true), 1, "one sum limb");
  assert.throws(() => P.Ddsketch.fromBytes(good.slice(0, 79)), (e) => e.sqlstate === "22P03");
  refusesEdits(P.Ddsketch, good, [[1, [2], "version 2"], [3, [8], "an unknown flag"], [3, [4], "the sum unknown with limbs"],
    [6, [1], "reserved 6"], [76, [1], "reserved 76"], [4, [2], "another width: the length no longer matches"],
    [80, [0, 0, 0, 0, 0, 0, 0, 0], "a zero lowest limb"], [24, [201], "a count off by one"]]);
  refusesEdits(P.Ddsketch, P.Ddsketch.empty().add(-1).add(5).toBytes(), [[40, f64(-1.5), "min not in its bucket"],
    [48, f64(4), "max not in its bucket"]]);
  const twos = P.Ddsketch.empty().add(2).add(2).toBytes();
  assert.equal(twos[80], 4, "the sum 4 in one limb");
  refusesEdits(P.Ddsketch, twos, [[80, [5], "a sum above count · max"], [80, [3], "a sum below count · min"]]);
  refusesEdits(P.Ddsketch, P.Ddsketch.empty().add(0).toBytes(), [[47, [0x80], "min −0"], [55, [0x80], "max −0"]]);
});

test("kll: crafted bytes refused as §10.8 says", () => {
  const good = unhex(K.kll.find((v) => v.name === "lognormal at k 20").bytes);
  assert.throws(() => P.Kll.fromBytes(good.slice(0, 39)), (e) => e.sqlstate === "22P03");
  refusesEdits(P.Kll, good, [[3, [2], "a working state"], [3, [4], "an unknown flag"], [1, [2], "version 2"], [33, [7], "m 7"],
    [34, [1], "reserved"], [4, [7, 0], "k 7"], [6, [30, 0], "min_k above k"], [8, [good[8] ^ 1], "n off by one"],
    [good.length - 8, f64(NaN), "a NaN item"], [good.length - 8, f64(1e308), "an item above max"], [36, [1], "a free slot"]]);
  refusesEdits(P.Kll, P.Kll.empty(8).toBytes(), [[16, f64(-0), "an empty sketch's min −0"], [3, [1], "an empty sketch flagged sorted"],
    [6, [9], "an empty sketch's min_k"]]);
});

test("kll: rank errors are the server's for a few k (its kll_rank_error, single- and double-sided)", () => {
  // from the server (glibc's pow); live.quantiles.test.mjs compares every k from 8 to 65535
  const server = { 8: [0.30401673415817304, 0.3440104758563605], 13: [0.18962027071873155, 0.21760741427442754],
    16: [0.1549551535014238, 0.17889988980544444], 200: [0.013294757464848584, 0.01651561908528982],
    65535: [4.7633762885654784e-05, 6.999663869122581e-05] };
  for (const [k, [one, two]] of Object.entries(server)) {
    const s = P.Kll.empty(Number(k));
    assert.equal(s.rankError(), one, `k ${k}`);
    assert.equal(s.rankError(true), two, `k ${k} double-sided`);
  }
  // a union with a compacted sketch of a smaller k answers with that k's error
  const small = P.Kll.empty(8);
  for (let i = 0; i < 100; i++) small.addInPlace(i);
  assert.equal(P.Kll.empty(200).add(1).union(small).rankError(), server[8][0]);
  assert.equal(P.Kll.empty(200).add(1).union(P.Kll.empty(8).add(1)).rankError(), server[200][0]); // one level: no change
});
