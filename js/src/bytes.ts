export const U64 = (1n << 64n) - 1n;
export const U32 = 0xffffffff;
export const GAMMA = 0x9e3779b97f4a7c15n;

export function fmix64(z: bigint): bigint {
  z = ((z ^ (z >> 30n)) * 0xbf58476d1ce4e5b9n) & U64;
  z = ((z ^ (z >> 27n)) * 0x94d049bb133111ebn) & U64;
  return z ^ (z >> 31n);
}

/** (a * b) >> 64 of two u64. */
export function mulhi(a: bigint, b: bigint): bigint {
  return (a * b) >> 64n;
}

export function toUint8Array(data: ArrayBufferView | ArrayBuffer): Uint8Array {
  if (data instanceof Uint8Array) return data;
  if (data instanceof ArrayBuffer) return new Uint8Array(data);
  return new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
}

/** A copy of bytes start..end, as a plain Uint8Array of its own (a Node Buffer's slice() is a
 * view: a value read from one must not share the caller's memory). */
export function copyBytes(b: Uint8Array, start: number, end: number = b.length): Uint8Array {
  return new Uint8Array(b.subarray(start, end));
}

export function view(b: Uint8Array): DataView {
  return new DataView(b.buffer, b.byteOffset, b.byteLength);
}

export function concat(parts: Uint8Array[]): Uint8Array {
  let n = 0;
  for (const p of parts) n += p.length;
  const out = new Uint8Array(n);
  let o = 0;
  for (const p of parts) { out.set(p, o); o += p.length; }
  return out;
}

export function toHex(b: Uint8Array): string {
  let s = "";
  for (let i = 0; i < b.length; i++) s += (b[i] < 16 ? "0" : "") + b[i].toString(16);
  return s;
}

export function fromHex(hex: string): Uint8Array {
  if (hex.length % 2 !== 0 || !/^[0-9a-fA-F]*$/.test(hex)) throw new SyntaxError("not an even number of hexadecimal digits");
  const out = new Uint8Array(hex.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = parseInt(hex.substr(2 * i, 2), 16);
  return out;
}

/** The text form of every type: \x and the hex digits (FORMAT.md §3.11). */
export function textToBytes(text: string, what: string, err: (m: string) => Error): Uint8Array {
  if (!text.startsWith("\\x")) throw err(`invalid input syntax for ${what}: the text form is \\x and hexadecimal digits`);
  try { return fromHex(text.slice(2)); } catch { throw err(`invalid input syntax for ${what}: not an even number of hexadecimal digits`); }
}

export function popcount8(b: number): number {
  b = b - ((b >> 1) & 0x55);
  b = (b & 0x33) + ((b >> 2) & 0x33);
  return (b + (b >> 4)) & 0x0f;
}

/** The bits set in the bytes: 32 at a time where the bytes are 4-aligned. */
export function popcount(bytes: Uint8Array): number {
  let n = 0, i = 0;
  const len = bytes.length;
  for (; i < len && (bytes.byteOffset + i) % 4 !== 0; i++) n += POP[bytes[i]];
  const words = Math.floor((len - i) / 4);
  if (words > 0) {
    const w = new Int32Array(bytes.buffer, bytes.byteOffset + i, words);
    // two words a step: their per-byte counts (at most 16 a byte) summed before the multiply
    const pairs = words - (words % 2);
    for (let j = 0; j < pairs; j += 2) {
      let v = w[j], u = w[j + 1];
      v = v - ((v >>> 1) & 0x55555555); u = u - ((u >>> 1) & 0x55555555);
      v = (v & 0x33333333) + ((v >>> 2) & 0x33333333); u = (u & 0x33333333) + ((u >>> 2) & 0x33333333);
      n += Math.imul(((v + (v >>> 4)) & 0x0f0f0f0f) + ((u + (u >>> 4)) & 0x0f0f0f0f), 0x01010101) >>> 24;
    }
    if (pairs < words) {
      let v = w[pairs];
      v = v - ((v >>> 1) & 0x55555555);
      v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
      n += Math.imul((v + (v >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
    }
    i += 4 * words;
  }
  for (; i < len; i++) n += POP[bytes[i]];
  return n;
}
const POP = new Uint8Array(256).map((_, i) => popcount8(i));

export function i64le(v: bigint): Uint8Array {
  const b = new Uint8Array(8);
  new DataView(b.buffer).setBigInt64(0, BigInt.asIntN(64, v), true);
  return b;
}

export function u64le(v: bigint): Uint8Array {
  const b = new Uint8Array(8);
  new DataView(b.buffer).setBigUint64(0, BigInt.asUintN(64, v), true);
  return b;
}

/** Reads f-bit entry i of a little-endian bit-packed array (FORMAT.md §5.2, §12.3). */
export function getBits(b: Uint8Array, bit: number, f: number): number {
  let v = 0;
  for (let j = 0; j < f; j++) {
    const p = bit + j;
    v += ((b[Math.floor(p / 8)] >> (p % 8)) & 1) * 2 ** j;
  }
  return v;
}

export function setBits(b: Uint8Array, bit: number, f: number, value: number): void {
  for (let j = 0; j < f; j++) {
    const p = bit + j;
    const one = Math.floor(value / 2 ** j) % 2;
    const i = Math.floor(p / 8);
    if (one) b[i] |= 1 << (p % 8); else b[i] &= ~(1 << (p % 8));
  }
}

/** C round() of a double: halves away from zero. */
export function cRound(x: number): number {
  if (x < 0) return -cRound(-x);
  const f = Math.floor(x);
  return x - f >= 0.5 ? f + 1 : f;
}

/** C llround of a non-negative estimate into a bigint, 2^63 - 1 past the range. */
export function llround(x: number): bigint {
  if (!(x < 9223372036854775808)) return (1n << 63n) - 1n;
  const f = Math.floor(x);
  return BigInt(x - f >= 0.5 ? f + 1 : f);
}

/** ldexp(x, e), exact for normal results (a subnormal may round, as C's). */
export function ldexp(x: number, e: number): number {
  if (e > 1023) return ldexp(x * 2 ** 1023, e - 1023);
  if (e < -1022) return ldexp(x * 2 ** -1022, e + 1022);
  return x * 2 ** e;
}

/** Bit p (any index below 2^53) of a little-endian bit array. */
export function testBit(b: Uint8Array, p: number): boolean {
  return ((b[Math.floor(p / 8)] >> (p % 8)) & 1) === 1;
}

/** Sets bit p; true when it was clear. */
export function setBit(b: Uint8Array, p: number): boolean {
  const i = Math.floor(p / 8), bit = 1 << (p % 8);
  if (b[i] & bit) return false;
  b[i] |= bit;
  return true;
}

export function bytesEqual(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
