/** What ddsketch and kll share: the shared header prefix (FORMAT.md §3.5) and a double's bits. */
import { FormatError } from "./errors.js";

const BITS = new DataView(new ArrayBuffer(8));

/** The shared prefix check of every value (FORMAT.md §3.5, src/core/header.cpp), in its order:
 * the length, the type tag, a format version 1 or 2, a hash id 0 … 2. */
export function checkPrefix(b: Uint8Array, tag: number, header: number, invalid: string): void {
  if (b.length < header) throw new FormatError(`${invalid}: it is ${b.length} bytes long, shorter than the ${header}-byte header`);
  if (b[0] !== tag) throw new FormatError(`${invalid}: type tag is 0x${hex2(b[0])}, expected 0x${hex2(tag)} ('${String.fromCharCode(tag)}')`);
  if (b[1] !== 1 && b[1] !== 2) throw new FormatError(`${invalid}: format version ${b[1]} is not supported (this build reads versions 1 and 2)`);
  if (b[2] > 2) throw new FormatError(`${invalid}: unknown hash function id ${b[2]}`);
}

export const hex2 = (x: number) => (x < 16 ? "0" : "") + x.toString(16);

/** The 64 bits of a double, as a bigint. */
export function doubleBits(v: number): bigint {
  BITS.setFloat64(0, v);
  return BITS.getBigUint64(0);
}

/** C's frexp of a finite x > 0: [f, e] with x = f · 2^e, 0.5 ≤ f < 1, exactly (subnormals included). */
export function frexp(x: number): [number, number] {
  BITS.setFloat64(0, x);
  const hi = BITS.getUint32(0), biased = (hi >>> 20) & 0x7ff;
  if (biased === 0) {
    const [f, e] = frexp(x * 18446744073709551616); // 2^64, exact
    return [f, e - 64];
  }
  BITS.setUint32(0, (hi & 0x800fffff) | (1022 << 20));
  return [BITS.getFloat64(0), biased - 1022];
}

/** A finite double's exact value as M · 2^b (M a signed integer, |M| < 2^53); [0n, 0] for ±0. */
export function exactParts(v: number): [bigint, number] {
  if (v === 0) return [0n, 0];
  BITS.setFloat64(0, v);
  const hi = BITS.getUint32(0), lo = BITS.getUint32(4), biased = (hi >>> 20) & 0x7ff;
  const mantissa = BigInt((hi & 0xfffff) * 4294967296 + lo) + (biased === 0 ? 0n : 1n << 52n);
  return [hi >>> 31 ? -mantissa : mantissa, (biased === 0 ? 1 : biased) - 1075];
}

/** The number of bits of a non-negative bigint (0 for 0). */
export function bitLength(x: bigint): number {
  return x === 0n ? 0 : x.toString(2).length;
}
