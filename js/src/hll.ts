/** hll (FORMAT.md §3): parse and validate, estimate, add, union, fold, write. */
import { FormatError, ParameterError, UnsupportedError } from "./errors.js";
import { llround, textToBytes, toHex, toUint8Array, view } from "./bytes.js";
import { KIND_NONE, Value, checkComparable, probeHashInto, unionKind, validKind, valueKind } from "./values.js";
import { R, clz64, split } from "./u64.js";
import { loadSeed } from "./hash.js";
import { boundsOfHistogram, confidenceQuantile, standardError } from "./hll_bounds.js";

const TAG = 0x48, SPARSE = 1, DENSE = 2, SPARSE_P = 26, HEADER = 16;
export const HLL_DEFAULT_PRECISION = 14;
const ESTIMATE_MAX = 2 ** 64;
const LN2 = 0.6931471805599453;
const FAMILIES: Record<number, string> = { 3: "postgresql-hll", 4: "redis", 5: "datasketches" };

export const densePayloadSize = (p: number) => (6 * 2 ** p) / 8;
export const sparseLimit = (p: number) => Math.min(densePayloadSize(p) / 4, 4096);
const maxRank = (p: number) => 65 - p;

function bitLength(x: number): number {
  return 32 - Math.clz32(x);
}

/** A sparse entry seen at precision p (§3.6). */
function entryAt(idx26: number, rank26: number, p: number): [number, number] {
  const d = SPARSE_P - p;
  const low = idx26 & ((1 << d) - 1);
  return [idx26 >>> d, low !== 0 ? d - bitLength(low) + 1 : d + rank26];
}

export class Hll {
  /** Sparse: index26 → rank26 (sorted on output); null when dense. */
  private entries: Map<number, number> | null;
  /** Dense: 2^p registers; null when sparse. */
  private registers: Uint8Array | null;

  private constructor(readonly precision: number, readonly seed: bigint, public kind: number, readonly hashId: number,
                      entries: Map<number, number> | null, registers: Uint8Array | null) {
    this.entries = entries;
    this.registers = registers;
  }

  /** hll_empty(precision, seed): the empty sketch. */
  static empty(precision = HLL_DEFAULT_PRECISION, seed: bigint = 0n): Hll {
    if (!Number.isInteger(precision) || precision < 4 || precision > 18)
      throw new ParameterError(`hll precision must be in 4..18, not ${precision}`);
    return new Hll(precision, BigInt.asUintN(64, seed), KIND_NONE, 2, new Map(), null);
  }

  get sparse(): boolean { return this.entries !== null; }
  /** The number of sparse entries (null when dense). */
  get sparseEntries(): number | null { return this.entries ? this.entries.size : null; }

  copy(): Hll {
    return new Hll(this.precision, this.seed, this.kind, this.hashId,
      this.entries ? new Map(this.entries) : null, this.registers ? this.registers.slice() : null);
  }

  hasValues(): boolean { return this.registers !== null || this.entries!.size > 0; }

  // ------------------------------------------------------------ bytes

  /** Reads outside bytes, validated as FORMAT.md §3.5 says (FormatError otherwise). */
  static fromBytes(data: Uint8Array | ArrayBuffer): Hll {
    const b = toUint8Array(data);
    if (b.length < HEADER) throw new FormatError(`${b.length} bytes is shorter than the 16-byte hll header`);
    const dv = view(b);
    const version = b[1], hashId = b[2], rep = b[3], p = b[4];
    if (b[0] !== TAG) throw new FormatError(`type tag is 0x${b[0].toString(16)}, expected 0x48`);
    if (version !== 1 && version !== 2) throw new FormatError(`format version ${version} is not supported`);
    if (hashId in FAMILIES)
      throw new UnsupportedError(`this hll holds a sketch of ${FAMILIES[hashId]}'s hash family (hash id ${hashId}), `
        + "which this package does not read: export it with hll_export in SQL and use that system's library");
    if (hashId !== 1 && hashId !== 2) throw new FormatError(`unknown hash function id ${hashId}`);
    if (p < 4 || p > 18) throw new FormatError(`precision ${p} is outside 4..18`);
    if (b[5] !== SPARSE_P) throw new FormatError(`sparse precision ${b[5]} is not 26`);
    const kind = readKind(version, dv.getUint16(6, true), 0, "hll");
    const seed = dv.getBigUint64(8, true);
    const payload = b.subarray(HEADER);
    if (rep === DENSE) {
      if (payload.length !== densePayloadSize(p))
        throw new FormatError(`dense payload is ${payload.length} bytes, precision ${p} needs ${densePayloadSize(p)}`);
      const regs = unpackRegisters(payload, p), mr = maxRank(p);
      for (let i = 0; i < regs.length; i++)
        if (regs[i] > mr) throw new FormatError(`register ${i} holds ${regs[i]}, above the maximum ${mr}`);
      return new Hll(p, seed, kind, hashId, null, regs);
    }
    if (rep !== SPARSE) throw new FormatError(`unknown representation ${rep}`);
    if (payload.length % 4) throw new FormatError("sparse payload is not a whole number of 4-byte entries");
    const n = payload.length / 4;
    if (n > sparseLimit(p)) throw new FormatError(`${n} sparse entries, more than the ${sparseLimit(p)} allowed at precision ${p}`);
    if (n === 0 && kind !== KIND_NONE)
      throw new FormatError(`an empty value records a kind (values of kind ${kind}); empty values record none`);
    const entries = new Map<number, number>();
    let prev = -1;
    for (let i = 0; i < n; i++) {
      const e = dv.getUint32(HEADER + 4 * i, true);
      const rank = e & 63, idx = e >>> 6;
      if (rank < 1 || rank > 39) throw new FormatError(`sparse entry ${i} has rank ${rank}, outside 1..39`);
      if (idx <= prev) throw new FormatError(`sparse entry ${i} is out of order or repeats an index`);
      prev = idx;
      entries.set(idx, rank);
    }
    return new Hll(p, seed, kind, hashId, entries, null);
  }

  /** fromBytes, then loads the hash for the value's seed (needed to add values with a seed ≠ 0). */
  static async load(data: Uint8Array | ArrayBuffer): Promise<Hll> {
    const h = Hll.fromBytes(data);
    await loadSeed(h.seed);
    return h;
  }

  /** The text form, \x and hex (§3.11). */
  static fromText(text: string): Hll {
    return Hll.fromBytes(textToBytes(text, "type hll", (m) => new FormatError(m)));
  }

  toBytes(): Uint8Array {
    const p = this.precision;
    const size = HEADER + (this.entries ? 4 * this.entries.size : densePayloadSize(p));
    const out = new Uint8Array(size);
    const dv = view(out);
    out[0] = TAG; out[1] = this.kind === KIND_NONE ? 1 : 2; out[2] = this.hashId;
    out[3] = this.entries ? SPARSE : DENSE; out[4] = p; out[5] = SPARSE_P;
    dv.setUint16(6, this.kind, true);
    dv.setBigUint64(8, this.seed, true);
    if (this.entries) {
      const idx = [...this.entries.keys()].sort((a, b) => a - b);
      idx.forEach((i, j) => dv.setUint32(HEADER + 4 * j, ((i << 6) | this.entries!.get(i)!) >>> 0, true));
    } else {
      packRegisters(this.registers!, out.subarray(HEADER));
    }
    return out;
  }

  toText(): string { return "\\x" + toHex(this.toBytes()); }

  // ------------------------------------------------------------ adding

  /** hll_add: the value hashed with the sketch's seed against its kind (§2.5); returns a new sketch. */
  add(value: Value): Hll {
    const out = this.copy();
    out.addInPlace(value);
    return out;
  }

  /** Adds in place (an aggregate's loop); the empty sketch records the value's kind. */
  addInPlace(value: Value): this {
    probeHashInto(value, this.kind, this.seed, true, this.hashId);
    const wasEmpty = this.kind === KIND_NONE && !this.hasValues();
    this.addParts(R.hi, R.lo);
    if (wasEmpty) this.kind = valueKind(value);
    return this;
  }

  /** hll_add_hash: a hash (as sketch_hash returns it) added as a hash: records no kind. */
  addHash(h: bigint): Hll {
    return this.copy().addHashInPlace(h);
  }

  /** Adds a hash in place (hll_add_hash_agg's loop). */
  addHashInPlace(h: bigint): this {
    split(h);
    this.addParts(R.hi, R.lo);
    return this;
  }

  /** Adds the u64 hash hi·2^32 + lo: (index, rank) as §3.6 defines them, on 32-bit halves. */
  private addParts(hi: number, lo: number): void {
    const regs = this.registers;
    if (regs) {
      const p = this.precision;
      // index: the top p bits; rank: 1 + the leading zeros of h << p (65 - p when that is 0).
      const i = hi >>> (32 - p);
      const wh = ((hi << p) | (lo >>> (32 - p))) >>> 0, wl = (lo << p) >>> 0;
      const r = wh === 0 && wl === 0 ? 65 - p : clz64(wh, wl) + 1;
      if (regs[i] < r) regs[i] = r;
      return;
    }
    // index26: the top 26 bits; rank26: 1 + the leading zeros of h << 26 (39 when that is 0).
    const idx = hi >>> 6;
    const wh = ((hi << 26) | (lo >>> 6)) >>> 0, wl = (lo << 26) >>> 0;
    const rank = wh === 0 && wl === 0 ? 39 : clz64(wh, wl) + 1;
    const entries = this.entries!;
    const old = entries.get(idx);
    if (old !== undefined) {
      if (rank > old) entries.set(idx, rank);
      return;
    }
    if (entries.size + 1 > sparseLimit(this.precision)) {
      this.registers = this.denseRegisters(this.precision);
      this.entries = null;
      this.addParts(hi, lo);
      return;
    }
    entries.set(idx, rank);
  }

  // ------------------------------------------------------------ union, fold, containment

  /** Registers at precision p ≤ this.precision (§3.6). */
  denseRegisters(p = this.precision): Uint8Array {
    const regs = new Uint8Array(2 ** p);
    if (this.entries) {
      for (const [idx, rank26] of this.entries) {
        const [i, r] = entryAt(idx, rank26, p);
        if (regs[i] < r) regs[i] = r;
      }
      return regs;
    }
    const d = this.precision - p, src = this.registers!;
    if (d === 0) { regs.set(src); return regs; }
    const mask = (1 << d) - 1;
    for (let i = 0; i < src.length; i++) {
      if (src[i] === 0) continue;
      const low = i & mask;
      const r = low ? d - bitLength(low) + 1 : d + src[i];
      if (regs[i >>> d] < r) regs[i >>> d] = r;
    }
    return regs;
  }

  private checkCompatible(o: Hll, comparing: boolean): void {
    if (this.hashId !== o.hashId) throw new ParameterError(`cannot combine hll values built under hash ids ${this.hashId} and ${o.hashId}`);
    if (this.seed !== o.seed) throw new ParameterError("cannot combine hll values built with different hash seeds");
    if (comparing) checkComparable(this.kind, o.kind, "hll values");
  }

  /** hll_union (§3.8): the precision is the lower of the two. */
  union(o: Hll): Hll {
    this.checkCompatible(o, false);
    const p = Math.min(this.precision, o.precision);
    const kind = unionKind(this.kind, this.hasValues(), o.kind, o.hasValues());
    if (this.entries && o.entries) {
      const merged = new Map(this.entries);
      for (const [i, r] of o.entries) if ((merged.get(i) ?? 0) < r) merged.set(i, r);
      const out = new Hll(p, this.seed, kind, this.hashId, merged, null);
      if (merged.size > sparseLimit(p)) { out.registers = out.denseRegisters(p); out.entries = null; }
      return out;
    }
    const regs = this.denseRegisters(p), other = o.denseRegisters(p);
    for (let i = 0; i < regs.length; i++) if (regs[i] < other[i]) regs[i] = other[i];
    return new Hll(p, this.seed, kind, this.hashId, null, regs);
  }

  /** The sketch at a lower precision (§3.9; a typmod cast). */
  fold(p: number): Hll {
    if (!Number.isInteger(p) || p < 4 || p > 18) throw new ParameterError(`hll precision must be in 4..18, not ${p}`);
    if (p > this.precision) throw new ParameterError(`cannot raise an hll's precision from ${this.precision} to ${p}`);
    if (p === this.precision) return this.copy();
    const kind = this.hasValues() ? this.kind : KIND_NONE;
    if (this.entries && this.entries.size <= sparseLimit(p))
      return new Hll(p, this.seed, kind, this.hashId, new Map(this.entries), null);
    return new Hll(p, this.seed, kind, this.hashId, null, this.denseRegisters(p));
  }

  /** hll @> hll: every register of o at most this one's, at the common precision. */
  contains(o: Hll): boolean {
    this.checkCompatible(o, true);
    const p = Math.min(this.precision, o.precision);
    const a = this.denseRegisters(p), b = o.denseRegisters(p);
    return b.every((r, i) => r <= a[i]);
  }

  equals(o: Hll): boolean {
    const a = this.toBytes(), b = o.toBytes();
    return a.length === b.length && a.every((x, i) => x === b[i]);
  }

  // ------------------------------------------------------------ estimate (§3.10)

  /** The register histogram c[0..q+1] of m registers (q = 38 and m = 2^26 for a sparse value's entries). */
  private histogram(): [number[], number, number] {
    if (this.entries) {
      const q = 64 - SPARSE_P, m = 2 ** SPARSE_P;
      const c = new Array<number>(q + 2).fill(0);
      c[0] = m - this.entries.size;
      for (const r of this.entries.values()) c[Math.min(r, q + 1)]++;
      return [c, q, m];
    }
    const q = 64 - this.precision, m = 2 ** this.precision;
    const c = new Array<number>(q + 2).fill(0);
    for (const r of this.registers!) c[Math.min(r, q + 1)]++;
    return [c, q, m];
  }

  /** The unrounded estimate (hll_info's "estimate"): the same binary64 as the server's. */
  estimate(): number {
    const [c, q, m] = this.histogram();
    return ertlEstimate(c, q, m);
  }

  /**
   * hll_cardinality_bounds(h, confidence): [lower, upper] as bigints. A dense sketch's
   * likelihood-ratio bounds, a sparse one's from its entry count up by the bound of the values
   * collisions hide (FORMAT.md §3.14). A confidence outside (0, 1) is refused (22023).
   */
  cardinalityBounds(confidence = 0.95): [bigint, bigint] {
    const z = confidenceQuantile(confidence);
    const [c, q, m] = this.histogram();
    const [lower, upper] = boundsOfHistogram(c, q, m, ertlEstimate(c, q, m), z, confidence);
    return [llround(lower), llround(upper)];
  }

  /** hll_relative_error: the estimate's standard error over the estimate (0 for an empty sketch), FORMAT.md §3.14. */
  relativeError(): number {
    const [c, q, m] = this.histogram();
    const n = ertlEstimate(c, q, m), se = standardError(q, m, n);
    return n > 0 ? se / n : 0.0;
  }

  /** hll_cardinality (#): the estimate rounded half away from zero, 2^63 - 1 past bigint. */
  cardinality(): bigint {
    return llround(this.estimate());
  }
}

export function readKind(version: number, stored: number, v1Value: number, what: string): number {
  if (version === 1) {
    if (stored !== v1Value) throw new FormatError(`invalid ${what}: bytes 6-7 of a format version 1 value are ${stored}, not ${v1Value}`);
    return KIND_NONE;
  }
  if (!validKind(stored))
    throw new FormatError(`invalid ${what}: value kind ${stored} in a format version 2 value (a value without a kind is format version 1)`);
  return stored;
}

function unpackRegisters(payload: Uint8Array, p: number): Uint8Array {
  const regs = new Uint8Array(2 ** p);
  for (let g = 0; g < regs.length / 4; g++) {
    const w = payload[3 * g] | (payload[3 * g + 1] << 8) | (payload[3 * g + 2] << 16);
    regs[4 * g] = w & 63; regs[4 * g + 1] = (w >> 6) & 63; regs[4 * g + 2] = (w >> 12) & 63; regs[4 * g + 3] = (w >> 18) & 63;
  }
  return regs;
}

function packRegisters(regs: Uint8Array, out: Uint8Array): void {
  for (let g = 0; g < regs.length / 4; g++) {
    const w = regs[4 * g] | (regs[4 * g + 1] << 6) | (regs[4 * g + 2] << 12) | (regs[4 * g + 3] << 18);
    out[3 * g] = w & 0xff; out[3 * g + 1] = (w >> 8) & 0xff; out[3 * g + 2] = (w >> 16) & 0xff;
  }
}

function sigma(x: number): number {
  if (x === 1) return Infinity;
  let y = 1, z = x;
  for (;;) {
    x = x * x;
    const prev = z;
    z = z + x * y;
    y = y + y;
    if (z === prev) return z;
  }
}

function tau(x: number): number {
  if (x === 0 || x === 1) return 0;
  let y = 1, z = 1 - x;
  for (;;) {
    x = Math.sqrt(x);
    const prev = z;
    y = y * 0.5;
    z = z - ((1 - x) * (1 - x)) * y;
    if (z === prev) return z / 3;
  }
}

function bias(t: number, q: number): number {
  t = Math.min(t, 2 ** 20);
  const y = t * 2 ** -q;
  let w = y - (y * y) * (0.5 - y / 6);
  let s1 = 0, s2 = 0;
  for (let k = q; k >= 1; k--) {
    const pk = (1 - w) * w;
    s1 = s1 + pk * 2 ** -k;
    s2 = s2 + pk * 2 ** (-2 * k);
    w = w * (2 - w);
  }
  const p0 = 1 - w;
  let d1 = 1, d2 = 0, a = p0, b = 1, c = 2, e = 1;
  for (;;) {
    const prev1 = d1, prev2 = d2;
    d1 = d1 + c * a;
    d2 = d2 + (c * e) * b;
    b = a * a;
    a = b * p0;
    c = c * 4;
    e = (e + e) + 1;
    if (d1 === prev1 && d2 === prev2) break;
  }
  const zbar = sigma(p0) + s1;
  const mean = p0 * d1 + s1;
  const v = ((p0 * d1) * d1 + s2) - mean * mean;
  return v / (zbar * zbar) - ((0.5 * d2) * (p0 * (1 - p0))) / zbar;
}

/** Ertl's improved raw estimator with the finite-m correction (FORMAT.md §3.10). */
export function ertlEstimate(c: number[], q: number, m: number): number {
  let z = m * tau(1 - c[q + 1] / m);
  for (let k = q; k >= 1; k--) z = 0.5 * (z + c[k]);
  z = z + m * sigma(c[0] / m);
  if (z === 0) return ESTIMATE_MAX;
  let n = Math.min((m * m) / ((2 * LN2) * z), ESTIMATE_MAX);
  if (m <= 1024 && n > 0 && n < ESTIMATE_MAX) n = n * (1 - bias(n / m, q) / m);
  return n;
}

/** The prefix every header starts with, checked first (the server's header::check): the length of
 * the header, the type tag, format version 1 or 2, hash id 2. `bad` words the FormatError. */
export function checkPrefix(b: Uint8Array, tag: number, header: number, bad: (m: string) => FormatError): void {
  if (b.length < header) throw bad(`it is ${b.length} bytes long, shorter than the ${header}-byte header`);
  if (b[0] !== tag) throw bad(`type tag is 0x${b[0].toString(16)}, expected 0x${tag.toString(16)} ('${String.fromCharCode(tag)}')`);
  if (b[1] !== 1 && b[1] !== 2) throw bad(`format version ${b[1]} is not supported (this build reads versions 1 and 2)`);
  if (b[2] !== 2) throw bad(`unknown hash function id ${b[2]}`);
}
