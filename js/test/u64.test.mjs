// The 32-bit-halves arithmetic of src/u64.ts (the hot paths' replacement for BigInt) against
// BigInt on random inputs and edge values; the fast value hashing (scratch bytes) against
// @node-rs/xxhash over the canonical bytes built here with Buffer (FORMAT.md §2.1); and the
// bloom positions against §4.3 / §4.13 computed here with BigInt.
import { test } from "node:test";
import assert from "node:assert/strict";
import { xxh3 as native } from "@node-rs/xxhash";
import { P } from "./helpers.mjs";
import * as U from "../dist/esm/u64.js";
import { popcount } from "../dist/esm/bytes.js";

await P.ready();

const M64 = (1n << 64n) - 1n;
let state = 0x2545f491n;
/** xorshift64*, a u64 bigint; every 8th one an edge value. */
const EDGES = [0n, 1n, 0xffffffffn, 0x100000000n, 0x7fffffffffffffffn, 0x8000000000000000n, M64, M64 - 1n];
let draws = 0;
function rand64() {
  draws++;
  if (draws % 8 === 0) return EDGES[(draws / 8) % EDGES.length];
  state ^= state >> 12n; state ^= (state << 25n) & M64; state ^= state >> 27n;
  return (state * 0x2545f4914f6cdd1dn) & M64;
}
const hi = (v) => Number(v >> 32n), lo = (v) => Number(v & 0xffffffffn);
const got = () => (BigInt(U.R.hi) << 32n) | BigInt(U.R.lo);
function fmixRef(z) {
  z = ((z ^ (z >> 30n)) * 0xbf58476d1ce4e5b9n) & M64;
  z = ((z ^ (z >> 27n)) * 0x94d049bb133111ebn) & M64;
  return z ^ (z >> 31n);
}
const ROUNDS = 20000;

test("mulHi32, mul64, add64 against BigInt", () => {
  for (let i = 0; i < ROUNDS; i++) {
    const a = rand64(), b = rand64();
    assert.equal(BigInt(U.mulHi32(lo(a), hi(b))), (BigInt(lo(a)) * BigInt(hi(b))) >> 32n, `mulHi32 ${a} ${b}`);
    U.mul64(hi(a), lo(a), hi(b), lo(b));
    assert.equal(got(), (a * b) & M64, `mul64 ${a} ${b}`);
    U.add64(hi(a), lo(a), hi(b), lo(b));
    assert.equal(got(), (a + b) & M64, `add64 ${a} ${b}`);
  }
});

/** The inverse of an odd a modulo 2^bits (Newton's iteration). */
function inverse(a, bits) {
  const mask = (1n << BigInt(bits)) - 1n;
  let x = a;
  for (let i = 0; i < 6; i++) x = (x * (2n - a * x)) & mask;
  return x;
}

// Products whose low half is within a few units of 0 or of a whole 2^32 (2^64): where a
// product rounded to a double would carry wrongly (random inputs almost never get there).
test("mulHi32, mulHi and mulHiSmall at products next to a carry", () => {
  const lows = [0n, 1n, 2n, 1000n, -1n, -2n, -1000n];
  for (let i = 0; i < 3000; i++) {
    const a = rand64() | 1n, r = lows[i % lows.length];
    const a32 = a & 0xffffffffn, b32 = ((r & 0xffffffffn) * inverse(a32, 32)) & 0xffffffffn;
    assert.equal((a32 * b32) & 0xffffffffn, r & 0xffffffffn);
    assert.equal(BigInt(U.mulHi32(Number(a32), Number(b32))), (a32 * b32) >> 32n, `mulHi32 ${a32} ${b32}`);
    const m = Number(a32), x = ((r & M64) * inverse(BigInt(m), 64)) & M64;
    assert.equal(BigInt(U.mulHiSmall(hi(x), lo(x), m)), (x * BigInt(m)) >> 64n, `mulHiSmall ${x} ${m}`);
    const big = a >> 11n, xb = ((r & M64) * inverse(big, 64)) & M64;
    assert.equal(BigInt(U.mulHi(hi(xb), lo(xb), Number(big))), (xb * big) >> 64n, `mulHi ${xb} ${big}`);
  }
});

test("fmix64, clz64, split and join against BigInt", () => {
  for (let i = 0; i < ROUNDS; i++) {
    const a = rand64();
    U.fmix64(hi(a), lo(a));
    assert.equal(got(), fmixRef(a), `fmix64 ${a}`);
    assert.equal(U.clz64(hi(a), lo(a)), a === 0n ? 64 : 64 - a.toString(2).length, `clz64 ${a}`);
    U.split(a);
    assert.equal(got(), a);
    assert.equal(U.join(hi(a), lo(a)), a);
    U.split(a - (1n << 64n)); // a negative bigint: read mod 2^64
    assert.equal(got(), a);
  }
});

test("mulHi (x * m) >> 64 against BigInt, m below 2^32 and up to 2^53", () => {
  const ms = [0, 1, 2, 511, 0xffffffff, 2 ** 32, 2 ** 32 + 1, 8 * (2 ** 30 - 5), 2 ** 53 - 1];
  for (let i = 0; i < ROUNDS; i++) {
    const x = rand64(), r = rand64();
    const m = i < ms.length * 50 ? ms[i % ms.length] : i % 2 ? Number(r >> 32n) : Number(r >> 11n);
    assert.equal(BigInt(U.mulHi(hi(x), lo(x), m)), (x * BigInt(m)) >> 64n, `mulHi ${x} ${m}`);
    if (m < 2 ** 32) assert.equal(BigInt(U.mulHiSmall(hi(x), lo(x), m)), (x * BigInt(m)) >> 64n, `mulHiSmall ${x} ${m}`);
  }
});

test("popcount against a count of each bit, every alignment and length", () => {
  const buf = new Uint8Array(300);
  for (let i = 0; i < buf.length; i++) buf[i] = Number(rand64() & 0xffn);
  for (let off = 0; off < 5; off++)
    for (let len = 0; len < 40; len++) {
      const b = buf.subarray(off, off + len + 200 * (len % 2));
      let n = 0;
      for (const byte of b) for (let j = 0; j < 8; j++) n += (byte >> j) & 1;
      assert.equal(popcount(b), n, `offset ${off}, ${b.length} bytes`);
    }
});

test("values hashed from scratch bytes: @node-rs/xxhash over the canonical bytes (§2.1)", async () => {
  const seeds = [0n, 7n, M64];
  for (const s of seeds) await P.loadSeed(s);
  const int8 = (v) => { const b = Buffer.alloc(8); b.writeBigInt64LE(BigInt(v)); return b; };
  const strings = ["", "a", "abc", "é", "日本語", "\u{1f600}", "x".repeat(300), "é".repeat(200), "lone \ud800 surrogate"];
  for (let i = 0; i < 2000; i++) strings.push(String(rand64()) + (i % 3 ? "" : "ü"));
  const ints = [0, 1, -1, 2 ** 31, -(2 ** 31), 2 ** 32, -(2 ** 32) - 1, Number.MAX_SAFE_INTEGER, Number.MIN_SAFE_INTEGER];
  for (let i = 0; i < 2000; i++) ints.push(Number(BigInt.asIntN(54, rand64()) >> 1n));
  const bigs = [0n, -1n, -(1n << 63n), (1n << 63n) - 1n];
  for (let i = 0; i < 2000; i++) bigs.push(BigInt.asIntN(64, rand64()));
  for (const hasher of [null, (b, s) => native.xxh64(b, s)]) {
    P.setHasher(hasher);
    for (const seed of seeds) {
      for (const kind of [0, 25]) for (const v of strings)
        assert.equal(P.probeHash(v, kind, seed, false), native.xxh64(Buffer.from(v, "utf8"), seed), `${JSON.stringify(v)}`);
      for (const kind of [0, 20, 1700]) {
        for (const v of ints) assert.equal(P.probeHash(v, kind, seed, true), native.xxh64(int8(v), seed), `${v}`);
        for (const v of bigs) assert.equal(P.probeHash(v, kind, seed, true), native.xxh64(int8(v), seed), `${v}n`);
      }
    }
  }
  P.setHasher(null);
});

/** §4.3: mulhi(x_i, m), x_0 = h, x_{i+1} = x_i + h2 + (i(i+1)/2)·h3, h2 = fmix64(h) | 1, h3 = fmix64(h + GAMMA). */
function fixedPositions(h, m, k) {
  const G = 0x9e3779b97f4a7c15n, h2 = fmixRef(h) | 1n, h3 = fmixRef((h + G) & M64);
  const out = [];
  let x = h;
  for (let i = 0; i < k; i++) {
    out.push(Number((x * BigInt(m)) >> 64n));
    x = (x + h2 + (BigInt(i) * BigInt(i + 1) / 2n) * h3) & M64;
  }
  return out;
}

/** §4.13: block mulhi(h, blocks); position i in segment i of s = 512 / k bits. */
function blockedPositions(h, m, k) {
  const G = 0x9e3779b97f4a7c15n, s = Math.floor(512 / k);
  const base = Number((h * BigInt(m / 512)) >> 64n) * 512, out = [];
  let w = 0n;
  for (let i = 0; i < k; i++) {
    if (i % 2 === 0) w = fmixRef((h + BigInt(i / 2 + 1) * G) & M64);
    const r = Number(i % 2 === 0 ? w & 0xffffffffn : w >> 32n);
    out.push(base + i * s + Math.floor((r * s) / 2 ** 32));
  }
  return out;
}

test("bloom bits set by a hash: the positions of §4.3 and §4.13 computed with BigInt", () => {
  for (const [layout, positions] of [["fixed", fixedPositions], ["blocked", blockedPositions]]) {
    for (const [n, fpr] of [[1000, 0.01], [100, 1e-6], [50000, 0.2]]) {
      for (let t = 0; t < 200; t++) {
        const h = rand64();
        const f = P.Bloom.empty(n, fpr, { layout }).addHashInPlace(h);
        const { bitCount: m, hashCount: k } = f.layerInfo[0];
        const bits = f.toBytes().subarray(64);
        const want = new Set(positions(h, m, k));
        const set = [];
        for (let p = 0; p < m; p++) if ((bits[p >> 3] >> (p & 7)) & 1) set.push(p);
        assert.deepEqual(set, [...want].sort((a, b) => a - b), `${layout} ${n} ${fpr} h=${h}`);
        assert.equal(f.containsHash(h), true);
      }
    }
  }
});
