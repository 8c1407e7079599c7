/** fuse (FORMAT.md §12): key sets (form 1) and binary fuse filters (form 2): parse, contains, build, union, write. */
import { CapacityError, FormatError, ParameterError } from "./errors.js";
import { GAMMA, U64, fmix64, getBits, ldexp, mulhi, setBits, testBit, textToBytes, toHex, toUint8Array, view, copyBytes } from "./bytes.js";
import { KIND_NONE, Value, probeHash, probeHashInto, unionKind, validKind, valueKind } from "./values.js";
import { R, add64, fmix64 as fmix64Parts, join, mulHi, split } from "./u64.js";
import { loadSeed } from "./hash.js";
import { LookupStats } from "./stats.js";

const TAG = 0x46, HEADER = 64, KEYS = 1, FILTER = 2, MAX_ATTEMPTS = 1024;
const MAXC = 511 * 2 ** 20;
const MAX_KEYS = Math.floor((MAXC - 64) / 8);
export const FUSE_DEFAULT_FPR = 0.00390625;

function bad(field: string, detail = ""): FormatError {
  return new FormatError(`invalid fuse value: ${field}${detail ? ": " + detail : ""}`, field);
}

function fingerprintBits(fpr: number): number {
  let f = 1;
  while (f < 32 && !(ldexp(fpr, f) >= 1)) f++;
  return f;
}

const fprInRange = (fpr: number) => fpr >= 2 ** -32 && fpr < 1;

function bitLength(n: bigint): number { return n === 0n ? 0 : n.toString(2).length; }
const ceilDiv = (a: bigint, b: bigint) => (a + b - 1n) / b;

/** (L, C) of §12.4, exact for any u64 n ≥ 1. */
export function sizes(n: bigint, attempt: bigint): [bigint, bigint] {
  const b = bitLength(n);
  const s = Math.min(18, 2 + Math.floor((4 * b) / 7));
  const L = 1n << BigInt(s);
  let cap = ceilDiv(9n * n, 8n);
  if (b > 1) {
    const other = ceilDiv(7n * n, 8n) + ceilDiv(5n * n, BigInt(b - 1));
    if (other > cap) cap = other;
  }
  let c = ceilDiv(cap, L) - 2n;
  if (c < 1n) c = 1n;
  return [L, c + attempt / 4n];
}

function xorLow(v: number, m: number, L: number): number {
  const low = v % L;
  return v - low + ((low ^ m) >>> 0);
}

/** The f-bit entry i (f ≤ 32) of a little-endian bit-packed array (§12.3): it lies in the
 * 40 bits from its first byte (int32 arithmetic while the offsets stay below 2^31; the last
 * entries, and any past that, bit by bit). */
function entry(b: Uint8Array, i: number, f: number): number {
  const bit = i * f;
  if (bit < 2147483648) {
    const q = bit >>> 3, r = bit & 7;
    if (q + 4 < b.length) {
      let v = (b[q] | (b[q + 1] << 8) | (b[q + 2] << 16) | (b[q + 3] << 24)) >>> r;
      if (r + f > 32) v |= b[q + 4] << (32 - r);
      return f >= 32 ? v >>> 0 : v & ((1 << f) - 1);
    }
  }
  return getBits(b, bit, f);
}

/** The three positions and the fingerprint of a hash at attempt a (§12.5). */
function probe(h: bigint, a: number, L: number, C: number, f: number): [number, number, number, number] {
  const x = fmix64((h + BigInt(a + 1) * GAMMA) & U64);
  return positions(x, L, C, f);
}

function positions(x: bigint, L: number, C: number, f: number): [number, number, number, number] {
  const p0 = Number(mulhi(x, BigInt(C * L)));
  const lo = Number(x & 0xffffffffn);
  // (p0 + L) XOR m for m < L = 2^s changes only the low s bits: kept exact past 2^31.
  const p1 = xorLow(p0 + L, Number((x >> 18n) & BigInt(L - 1)), L);
  const p2 = xorLow(p0 + 2 * L, lo & (L - 1), L);
  const fp = Number((x ^ (x >> 32n)) & ((1n << BigInt(f)) - 1n));
  return [p0, p1, p2, fp];
}

export class Fuse {
  /** Lookups answered and answered "no" (LookupStats); a filter built from a key set starts its own. */
  stats = new LookupStats();
  private constructor(readonly form: 1 | 2, readonly fpr: number, readonly seed: bigint, public kind: number,
                      readonly f: number, readonly keys: bigint[] | null, readonly n: bigint,
                      readonly segmentLength: number, readonly segmentCount: number, readonly attempt: number,
                      private packed: Uint8Array | null) {}

  /** (attempt + 1)·GAMMA mod 2^64 in halves (§12.5), computed at the first probe. */
  private stepHi = -1;
  private stepLo = 0;

  get isKeySet(): boolean { return this.form === KEYS; }

  /** fuse_keys_agg(values, fpr, seed): the key set of the non-null values (form 1). */
  static keySet(values: Iterable<Value | null | undefined>, fpr = FUSE_DEFAULT_FPR, seed: bigint = 0n): Fuse {
    if (!fprInRange(fpr)) throw new ParameterError(`fuse false positive rate must be in [2^-32, 1), not ${fpr}`);
    seed = BigInt.asUintN(64, seed);
    let kind = KIND_NONE;
    const set = new Set<bigint>();
    for (const v of values) {
      if (v === null || v === undefined) continue;
      set.add(probeHash(v, kind, seed, true));
      if (kind === KIND_NONE) kind = valueKind(v);
    }
    return Fuse.fromHashes([...set], fpr, seed, kind);
  }

  /** The key set of these hashes (u64 or signed), recording the given kind (0: none). */
  static fromHashes(hashes: bigint[], fpr = FUSE_DEFAULT_FPR, seed: bigint = 0n, kind = KIND_NONE): Fuse {
    const keys = [...new Set(hashes.map((h) => BigInt.asUintN(64, h)))].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    if (keys.length > MAX_KEYS) throw new CapacityError(`a fuse key set of ${keys.length} keys would not fit in one value`);
    return new Fuse(KEYS, fpr, BigInt.asUintN(64, seed), keys.length ? kind : KIND_NONE, fingerprintBits(fpr), keys,
      BigInt(keys.length), 0, 0, 0, null);
  }

  /** fuse_agg(values, fpr, seed): the built filter (form 2). */
  static agg(values: Iterable<Value | null | undefined>, fpr = FUSE_DEFAULT_FPR, seed: bigint = 0n): Fuse {
    return Fuse.keySet(values, fpr, seed).build();
  }

  /** fuse_union of two key sets. */
  union(o: Fuse): Fuse {
    if (this.form !== KEYS || o.form !== KEYS)
      throw new ParameterError("fuse_union takes key sets (form 1): a built filter cannot take more keys; union the key sets instead");
    if (this.seed !== o.seed || this.fpr !== o.fpr) throw new ParameterError("cannot combine fuse values with different parameters");
    const kind = unionKind(this.kind, this.n > 0n, o.kind, o.n > 0n);
    return Fuse.fromHashes([...this.keys!, ...o.keys!], this.fpr, this.seed, kind);
  }

  /** fuse_build (§12.6): form 1 → form 2, byte for byte the server's. */
  build(): Fuse {
    if (this.form === FILTER) return this;
    const keys = this.keys!, n = keys.length, f = this.f;
    if (n === 0) return new Fuse(FILTER, this.fpr, this.seed, this.kind, f, null, 0n, 0, 0, 0, null);
    for (let a = 0; a < MAX_ATTEMPTS; a++) {
      const [Lb, Cb] = sizes(BigInt(n), BigInt(a));
      const L = Number(Lb), C = Number(Cb), N = (C + 2) * L;
      if (64 + Math.ceil((N * f) / 8) > MAXC) throw new CapacityError(`a fuse filter of ${n} keys would not fit in one value`);
      const count = new Uint32Array(N);
      const xm: bigint[] = new Array(N).fill(0n);
      const xs = keys.map((h) => fmix64((h + BigInt(a + 1) * GAMMA) & U64));
      const pos = xs.map((x) => positions(x, L, C, f));
      for (let i = 0; i < n; i++) for (let j = 0; j < 3; j++) { const p = pos[i][j]; count[p]++; xm[p] ^= xs[i]; }
      const queue: number[] = [];
      for (let p = 0; p < N; p++) if (count[p] === 1) queue.push(p);
      const T: [number, bigint][] = [];
      for (let qi = 0; qi < queue.length; qi++) {
        const p = queue[qi];
        if (count[p] !== 1) continue;
        const x = xm[p];
        T.push([p, x]);
        const [q0, q1, q2] = positions(x, L, C, f);
        for (const q of [q0, q1, q2]) {
          count[q]--; xm[q] ^= x;
          if (q !== p && count[q] === 1) queue.push(q);
        }
      }
      if (T.length !== n) continue;
      const A = new Uint32Array(N);
      for (let t = T.length - 1; t >= 0; t--) {
        const [p, x] = T[t];
        const [q0, q1, q2, fp] = positions(x, L, C, f);
        A[p] = (fp ^ A[q0] ^ A[q1] ^ A[q2] ^ A[p]) >>> 0;
      }
      const packed = new Uint8Array(Math.ceil((N * f) / 8));
      for (let i = 0; i < N; i++) if (A[i]) setBits(packed, i * f, f, A[i]);
      return new Fuse(FILTER, this.fpr, this.seed, this.kind, f, null, BigInt(n), L, C, a, packed);
    }
    throw new CapacityError("fuse construction failed after 1024 attempts (cannot happen in practice)");
  }

  // ------------------------------------------------------------ membership

  containsHash(h: bigint): boolean {
    split(h);
    return this.stats.record(this.containsParts(R.hi, R.lo));
  }

  /** fuse_contains (@>): the value hashed with the seed against the kind (§2.5). */
  contains(value: Value): boolean {
    probeHashInto(value, this.kind, this.seed, false);
    return this.stats.record(this.containsParts(R.hi, R.lo));
  }

  /** §12.5's probe on 32-bit halves: x = fmix64(h + (a + 1)·GAMMA); p0 = mulhi(x, C·L),
   * p1 and p2 in the next segments XORed with (x >> 18) and x's low bits, the fingerprint the
   * low f bits of x ^ (x >> 32). */
  private containsParts(hi: number, lo: number): boolean {
    if (this.form === KEYS) {
      const h = join(hi, lo), k = this.keys!;
      let a = 0, b = k.length;
      while (a < b) { const mid = (a + b) >>> 1; if (k[mid] < h) a = mid + 1; else b = mid; }
      return a < k.length && k[a] === h;
    }
    if (this.n === 0n) return false;
    if (this.stepHi < 0) {
      split((BigInt(this.attempt + 1) * GAMMA) & U64);
      this.stepHi = R.hi; this.stepLo = R.lo;
    }
    add64(hi, lo, this.stepHi, this.stepLo);
    fmix64Parts(R.hi, R.lo);
    const xh = R.hi, xl = R.lo, L = this.segmentLength, f = this.f;
    const p0 = mulHi(xh, xl, this.segmentCount * L);
    const p1 = xorLow(p0 + L, (((xl >>> 18) | (xh << 14)) & (L - 1)) >>> 0, L);
    const p2 = xorLow(p0 + 2 * L, (xl & (L - 1)) >>> 0, L);
    const fp = f >= 32 ? (xl ^ xh) >>> 0 : ((xl ^ xh) & ((1 << f) - 1)) >>> 0;
    const A = this.packed!;
    return fp === ((entry(A, p0, f) ^ entry(A, p1, f) ^ entry(A, p2, f)) >>> 0);
  }

  /** fuse_cardinality: the keys. */
  cardinality(): bigint { return this.n; }

  // ------------------------------------------------------------ bytes

  static fromBytes(data: Uint8Array | ArrayBuffer): Fuse {
    const b = toUint8Array(data);
    if (b.length < HEADER) throw bad("length", `${b.length} bytes, shorter than the 64-byte header`);
    const dv = view(b);
    const version = b[1], form = b[3], f = b[4];
    if (b[0] !== TAG) throw bad("type tag", `0x${b[0].toString(16)}`);
    if (version !== 1 && version !== 2) throw bad("format version", String(version));
    if (b[2] !== 2) throw bad("hash id", String(b[2]));
    if (form !== KEYS && form !== FILTER) throw bad("form", String(form));
    if (b[5] !== 3) throw bad("arity", String(b[5]));
    const stored = dv.getUint16(6, true);
    let kind = KIND_NONE;
    if (version === 1) { if (stored !== 0) throw bad("kind", `${stored} in a format version 1 value`); }
    else if (!validKind(stored)) throw bad("kind", String(stored));
    else kind = stored;
    const seed = dv.getBigUint64(8, true), fpr = dv.getFloat64(16, true), n = dv.getBigUint64(24, true);
    const L = dv.getBigUint64(32, true), C = dv.getBigUint64(40, true), a = dv.getBigUint64(48, true);
    if (!fprInRange(fpr)) throw bad("false positive rate", String(fpr));
    if (f !== fingerprintBits(fpr)) throw bad("fingerprint bits", `${f}, the rate gives ${fingerprintBits(fpr)}`);
    if (dv.getBigUint64(56, true) !== 0n) throw bad("reserved");
    if (form === KEYS || n === 0n) {
      for (const [v, name] of [[L, "segment length"], [C, "segment count"], [a, "attempt"]] as [bigint, string][])
        if (v !== 0n) throw bad(name, `${v}, not 0 in a key set or an empty filter`);
    }
    if (form === KEYS) {
      if (n > BigInt(MAX_KEYS)) throw bad("keys", `${n}, above the ${MAX_KEYS} of the largest value created`);
      if (BigInt(b.length) !== 64n + 8n * n) throw bad("length", `${b.length} bytes, ${n} keys need ${64n + 8n * n}`);
      const keys: bigint[] = [];
      for (let i = 0; i < Number(n); i++) {
        keys.push(dv.getBigUint64(HEADER + 8 * i, true));
        if (i > 0 && keys[i - 1] >= keys[i]) throw bad("hashes", `not strictly ascending at key ${i}`);
      }
      return new Fuse(KEYS, fpr, seed, kind, f, keys, n, 0, 0, 0, null);
    }
    if (n === 0n) {
      if (b.length !== HEADER) throw bad("length", "an empty filter is the header alone");
      return new Fuse(FILTER, fpr, seed, kind, f, null, 0n, 0, 0, 0, null);
    }
    if (a >= BigInt(MAX_ATTEMPTS)) throw bad("attempt", String(a));
    const [wl, wc] = sizes(n, a);
    if (L !== wl) throw bad("segment length", `${L}, sizes give ${wl}`);
    if (C !== wc) throw bad("segment count", `${C}, sizes give ${wc}`);
    const N = (wc + 2n) * wl;
    const want = 64n + (N * BigInt(f) + 7n) / 8n;
    if (BigInt(b.length) !== want) throw bad("length", `${b.length} bytes, the array needs ${want}`);
    // Every f-bit entry is valid; the array is kept packed as stored (contains reads it so).
    const payload = copyBytes(b, HEADER), count = Number(N);
    for (let j = count * f; j < payload.length * 8; j++) if (testBit(payload, j)) throw bad("pad bits");
    return new Fuse(FILTER, fpr, seed, kind, f, null, n, Number(L), Number(C), Number(a), payload);
  }

  static async load(data: Uint8Array | ArrayBuffer): Promise<Fuse> {
    const v = Fuse.fromBytes(data);
    await loadSeed(v.seed);
    return v;
  }

  static fromText(text: string): Fuse {
    return Fuse.fromBytes(textToBytes(text, "type fuse", (m) => bad("text form", m)));
  }

  toBytes(): Uint8Array {
    const size = HEADER + (this.form === KEYS ? 8 * Number(this.n) : this.packed ? this.packed.length : 0);
    const out = new Uint8Array(size);
    const dv = view(out);
    out[0] = TAG; out[1] = this.kind === KIND_NONE ? 1 : 2; out[2] = 2; out[3] = this.form; out[4] = this.f; out[5] = 3;
    dv.setUint16(6, this.kind, true);
    dv.setBigUint64(8, this.seed, true);
    dv.setFloat64(16, this.fpr, true);
    dv.setBigUint64(24, this.n, true);
    dv.setBigUint64(32, BigInt(this.segmentLength), true);
    dv.setBigUint64(40, BigInt(this.segmentCount), true);
    dv.setBigUint64(48, BigInt(this.attempt), true);
    if (this.form === KEYS) this.keys!.forEach((k, i) => dv.setBigUint64(HEADER + 8 * i, k, true));
    else if (this.packed) out.set(this.packed, HEADER);
    return out;
  }

  toText(): string { return "\\x" + toHex(this.toBytes()); }

  equals(o: Fuse): boolean {
    const a = this.toBytes(), b = o.toBytes();
    return a.length === b.length && a.every((x, i) => x === b[i]);
  }
}
