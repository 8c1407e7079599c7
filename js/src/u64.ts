/**
 * 64-bit unsigned arithmetic on two uint32 halves (hi, lo), without BigInt: the hot paths
 * (hashes, bit positions, register indexes, fingerprints) compute exactly what FORMAT.md
 * defines on u64, with Math.imul, >>> 0 and doubles kept below 2^53 (so exact).
 * Results of two halves are left in R (no allocation per call).
 */
export const R = { hi: 0, lo: 0 };

const TWO32 = 4294967296;

/** The high 32 bits of the 64-bit product of two uint32 (exact: each partial product < 2^48). */
export function mulHi32(a: number, b: number): number {
  const t1 = a * (b & 0xffff), t2 = a * (b >>> 16);
  return Math.floor((t2 + Math.floor(t1 / 65536)) / 65536);
}

/** (a * b) mod 2^64 of two u64 → R. */
export function mul64(ah: number, al: number, bh: number, bl: number): void {
  R.hi = (mulHi32(al, bl) + Math.imul(ah, bl) + Math.imul(al, bh)) >>> 0;
  R.lo = Math.imul(al, bl) >>> 0;
}

/** (a + b) mod 2^64 → R. */
export function add64(ah: number, al: number, bh: number, bl: number): void {
  const s = al + bl;
  R.lo = s >>> 0;
  R.hi = (ah + bh + (s >= TWO32 ? 1 : 0)) >>> 0;
}

/** SplitMix64's finaliser (FORMAT.md §2.4) → R. */
export function fmix64(h: number, l: number): void {
  l = (l ^ ((l >>> 30) | (h << 2))) >>> 0; h = (h ^ (h >>> 30)) >>> 0;
  let nh = (mulHi32(l, 0x1ce4e5b9) + Math.imul(h, 0x1ce4e5b9) + Math.imul(l, 0xbf58476d)) >>> 0;
  let nl = Math.imul(l, 0x1ce4e5b9) >>> 0;
  l = (nl ^ ((nl >>> 27) | (nh << 5))) >>> 0; h = (nh ^ (nh >>> 27)) >>> 0;
  nh = (mulHi32(l, 0x133111eb) + Math.imul(h, 0x133111eb) + Math.imul(l, 0x94d049bb)) >>> 0;
  nl = Math.imul(l, 0x133111eb) >>> 0;
  R.lo = (nl ^ ((nl >>> 31) | (nh << 1))) >>> 0;
  R.hi = (nh ^ (nh >>> 31)) >>> 0;
}

/** (x * m) >> 64 for a u64 x and an integer 0 ≤ m < 2^32. */
export function mulHiSmall(xh: number, xl: number, m: number): number {
  const al = Math.imul(xh, m) >>> 0;
  return mulHi32(xh, m) + Math.floor((al + mulHi32(xl, m)) / TWO32);
}

/** (x * m) >> 64 for a u64 x and an integer 0 ≤ m < 2^53 (a bit count past 2^32 included). */
export function mulHi(xh: number, xl: number, m: number): number {
  if (m < TWO32) return mulHiSmall(xh, xl, m);
  const mh = Math.floor(m / TWO32), ml = m - mh * TWO32;
  const b = xl * mh, bh = Math.floor(b / TWO32), bl = b - bh * TWO32;
  const mid = (Math.imul(xh, ml) >>> 0) + bl + mulHi32(xl, ml);
  return xh * mh + mulHi32(xh, ml) + bh + Math.floor(mid / TWO32);
}

/** Leading zeros of a u64 (64 for 0). */
export function clz64(h: number, l: number): number {
  return h !== 0 ? Math.clz32(h) : 32 + Math.clz32(l);
}

/** A u64 bigint (any bigint, read mod 2^64) → R. */
export function split(v: bigint): void {
  B64[0] = v;
  R.hi = W32[HI]; R.lo = W32[LO];
}

/** The u64 of two halves as a bigint. */
export function join(hi: number, lo: number): bigint {
  W32[HI] = hi; W32[LO] = lo;
  return B64[0];
}

const B64 = new BigUint64Array(1);
const W32 = new Uint32Array(B64.buffer);
const LITTLE = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;
const HI = LITTLE ? 1 : 0, LO = LITTLE ? 0 : 1;
