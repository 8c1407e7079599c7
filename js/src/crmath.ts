/**
 * Correctly rounded exp and log (and the fixed-point arithmetic kll's pow uses). The server calls
 * glibc's exp and log, which are correctly rounded but for a few inputs in 10,000; JavaScript's
 * Math.exp and Math.log (fdlibm's) differ from them in the last bit for about 1 input in 40 and 60. Each
 * is computed here in double-double arithmetic (about 100 bits) and rounded once; where that
 * cannot decide the rounding (about 1 input in 2^26), to 192 bits with bigints.
 */
import { exactParts } from "./numbers.js";

// ------------------------------------------------------------ 192-bit fixed point

const P = 192n, ONE = 1n << P;
const BITS = new DataView(new ArrayBuffer(8));

/** atanh(num / den) · 2^P, for |num / den| ≤ 1/3. */
function atanhFixed(num: bigint, den: bigint): bigint {
  let term = (ONE * num) / den, sum = 0n;
  const n2 = num * num, d2 = den * den;
  for (let i = 1n; term !== 0n; i += 2n) {
    sum += term / i;
    term = (term * n2) / d2;
  }
  return sum;
}

/** ln 2 · 2^P. */
const LN2_FIXED = 2n * atanhFixed(1n, 3n);

/** ln(m · 2^b) · 2^P for an integer m > 0. */
export function logFixed(m: bigint, b: number): bigint {
  let k = m.toString(2).length - 1, p2 = 1n << BigInt(k);
  if (m * m > 2n * p2 * p2) { k++; p2 <<= 1n; }   // m / 2^k in [√½, √2)
  return BigInt(k + b) * LN2_FIXED + 2n * atanhFixed(m - p2, m + p2);
}

/** e^(z / 2^P) rounded once to a double (subnormals and overflow included). */
export function expOfFixed(z: bigint): number {
  const n = z / LN2_FIXED, r = (z - n * LN2_FIXED) >> 8n, N = Number(n);
  if (N > 1025) return Infinity;
  let term = ONE, s = 0n;
  for (let i = 1n; term !== 0n; i++) {
    s += term;
    term = (term * r) / (ONE * i);
  }
  for (let j = 0; j < 8; j++) s = (s * s) >> P;   // e^r, r in (-ln 2, ln 2): s / 2^P in (1/2, 2)
  if (N >= -1021) return Number(s) * 2 ** -192 * 2 ** Math.min(N, 1023) * 2 ** Math.max(N - 1023, 0);
  // below 2^-1021: a multiple of 2^-1074, half to even
  if (N < -1100) return 0;
  const shift = BigInt(-882 - N);
  let q = s >> shift;
  const rem = s - (q << shift), half = 1n << (shift - 1n);
  if (rem > half || (rem === half && (q & 1n) === 1n)) q++;
  return Number(q) * Number.MIN_VALUE;
}

/** A double's exact value · 2^P (|x| ≥ 2^-139). */
function fixedOf(x: number): bigint {
  const [m, b] = exactParts(x);
  return b + 192 >= 0 ? m << BigInt(b + 192) : m >> BigInt(-(b + 192));
}

/** e^x for 2^-54 ≤ |x| ≤ 746 computed to 192 bits and rounded once. */
export function expExact(x: number): number {
  return expOfFixed(fixedOf(x));
}

/** ln x for a finite x > 0 computed to 192 bits and rounded once. */
export function logExact(x: number): number {
  return Number(logFixed(...exactParts(x))) * 2 ** -192;
}

// ------------------------------------------------------------ double-double arithmetic

// The result of the operations below, a value hi + lo with |lo| ≤ ulp(hi) / 2: R[0], R[1] (a typed
// array holds them unboxed).
const R = new Float64Array(2);

function twoSum(a: number, b: number): void {
  const s = a + b, bb = s - a;
  R[0] = s; R[1] = (a - (s - bb)) + (b - bb);
}

const SPLIT = 134217729; // 2^27 + 1
function twoProd(a: number, b: number): void {
  const p = a * b;
  let c = SPLIT * a;
  const ah = c - (c - a), al = a - ah;
  c = SPLIT * b;
  const bh = c - (c - b), bl = b - bh;
  R[0] = p; R[1] = ((ah * bh - p) + ah * bl + al * bh) + al * bl;
}

function ddAdd(ah: number, al: number, bh: number, bl: number): void {
  twoSum(ah, bh);
  const sh = R[0], sl = R[1] + (al + bl);
  twoSum(sh, sl);
}

function ddMul(ah: number, al: number, bh: number, bl: number): void {
  twoProd(ah, bh);
  const ph = R[0], pl = R[1] + (ah * bl + al * bh);
  twoSum(ph, pl);
}

/** (ah + al) / (bh + bl). */
function ddDiv(ah: number, al: number, bh: number, bl: number): void {
  const q1 = ah / bh;
  ddMul(q1, 0, bh, bl);
  ddAdd(ah, al, -R[0], -R[1]);
  const q2 = R[0] / bh;
  twoSum(q1, q2);
}

/** A bigint v / 2^P as a double-double. */
function ddOfFixed(v: bigint): [number, number] {
  const hi = Number(v) * 2 ** -192;
  return [hi, Number(v - fixedOf(hi)) * 2 ** -192];
}

const [LN2_H, LN2_L] = ddOfFixed(LN2_FIXED);
// ln 2 in three parts of 42, 42 and 53 bits: n · part is exact for |n| < 2^11.
const LN2_1 = Number(LN2_FIXED >> 150n) * 2 ** -42;
const LN2_2 = Number((LN2_FIXED >> 108n) & ((1n << 42n) - 1n)) * 2 ** -84;
const LN2_3 = Number((LN2_FIXED >> 55n) & ((1n << 53n) - 1n)) * 2 ** -137;
/** 1/i! for i = 0 … 12 as double-doubles. */
const INV_FACT: [number, number][] = [];
for (let i = 0n, f = 1n; i <= 12n; i++, f *= i) INV_FACT.push(ddOfFixed(ONE / f));

/** 1/i for odd i = 1 … 19 as double-doubles (index (i - 1) / 2). */
const INV_ODD: [number, number][] = [];
for (let i = 1n; i <= 19n; i += 2n) INV_ODD.push(ddOfFixed(ONE / i));

/** e^(rh + rl) for |rh| ≤ 0.36 as a double-double (relative error below 2^-95): Taylor's series of
 * e^(r / 32) to r^12, squared five times. */
function ddExp(rh: number, rl: number): void {
  const th = rh / 32, tl = rl / 32;
  let sh = INV_FACT[12][0], sl = INV_FACT[12][1];
  for (let i = 11; i >= 0; i--) {
    ddMul(sh, sl, th, tl);
    ddAdd(R[0], R[1], INV_FACT[i][0], INV_FACT[i][1]);
    sh = R[0]; sl = R[1];
  }
  for (let j = 0; j < 5; j++) { ddMul(sh, sl, sh, sl); sh = R[0]; sl = R[1]; }
}

/** The double nearest to every value within 2^-80 · |hi| of hi + lo (a normal number), or null. */
function rounded(hi: number, lo: number): number | null {
  twoSum(hi, lo);
  const yh = R[0], d = yh < 0 ? -R[1] : R[1];
  BITS.setFloat64(0, yh);
  const w = BITS.getUint32(0), half = 2 ** (((w >>> 20) & 0x7ff) - 1076);
  // the midpoints to the next doubles away from 0 and towards it (half as far below a power of two)
  const up = half, down = (w & 0xfffff) === 0 && BITS.getUint32(4) === 0 ? half / 2 : half, err = Math.abs(yh) * 2 ** -80;
  return d + err < up && d - err > -down ? yh : null;
}

// ------------------------------------------------------------ exp and log

/** e^x, correctly rounded (glibc's exp but where glibc's is not correctly rounded). */
export function crExp(x: number): number {
  if (!(x > -746)) return x !== x ? x : 0;   // NaN, or below half the least subnormal
  if (x > 710) return Infinity;
  if (Math.abs(x) < 2 ** -54) return 1;
  if (x < -708 || x > 709) return expExact(x);
  // x = n ln 2 + r, |r| ≤ 0.35; e^r as e^(r / 32) by Taylor's series, squared five times
  const n = Math.round(x * Math.LOG2E);
  twoSum(x, -n * LN2_1);
  ddAdd(R[0], R[1], -n * LN2_2, 0);
  const rh = R[0], rl = R[1];
  twoProd(-n, LN2_3);
  ddAdd(rh, rl, R[0], R[1]);
  ddExp(R[0], R[1]);
  const y = rounded(R[0], R[1]);
  return y === null ? expExact(x) : y * 2 ** n;
}

/** ln x, correctly rounded (glibc's log but where glibc's is not correctly rounded). */
export function crLog(x: number): number {
  if (!(x > 0) || x === Infinity) return x === 0 ? -Infinity : x > 0 ? x : NaN;
  if (x === 1) return 0;
  // x = 2^k u, u in [√½, √2)
  let k = 0, v = x;
  if (v < 2 ** -1022) { v *= 2 ** 64; k = -64; }
  BITS.setFloat64(0, v);
  const w = BITS.getUint32(0);
  k += ((w >>> 20) & 0x7ff) - 1023;
  BITS.setUint32(0, (w & 0x800fffff) | (1023 << 20));
  let u = BITS.getFloat64(0);
  if (u > Math.SQRT2) { u /= 2; k++; }
  let lh: number, ll: number;
  if (Math.abs(u - 1) < 1 / 32) {
    // ln u = 2 atanh(s), s = (u - 1) / (u + 1): s + s^3/3 + … to s^19/19 (|s| < 2^-6)
    twoSum(u, 1);
    ddDiv(u - 1, 0, R[0], R[1]);
    const sh = R[0], sl = R[1];
    ddMul(sh, sl, sh, sl);
    const s2h = R[0], s2l = R[1];
    let ph = INV_ODD[9][0], pl = INV_ODD[9][1];
    for (let j = 8; j >= 0; j--) {
      ddMul(ph, pl, s2h, s2l);
      ddAdd(R[0], R[1], INV_ODD[j][0], INV_ODD[j][1]);
      ph = R[0]; pl = R[1];
    }
    ddMul(ph, pl, sh, sl);
    lh = 2 * R[0]; ll = 2 * R[1];
  } else {
    // one Newton step from y0 = Math.log(u): ln u = y0 + ln(1 + w), w = u e^-y0 - 1 (|w| < 2^-50)
    const y0 = Math.log(u);
    ddExp(-y0, 0);
    const eh = R[0], el = R[1];
    twoProd(u, eh);
    const ph = R[0], pl = R[1] + u * el;
    ddAdd(ph, pl, -1, 0);
    const wh = R[0], wl = R[1];
    ddAdd(wh, wl, -0.5 * wh * wh, 0);
    ddAdd(y0, 0, R[0], R[1]);
    lh = R[0]; ll = R[1];
  }
  if (k !== 0) {
    twoProd(k, LN2_H);
    ddAdd(R[0], R[1] + k * LN2_L, lh, ll);
    lh = R[0]; ll = R[1];
  }
  const y = rounded(lh, ll);
  return y === null ? logExact(x) : y;
}
