/** bloom (FORMAT.md §4): every layout (fixed, scalable, blocked); parse, contains, add, union, write. */
import { CapacityError, FormatError, ParameterError } from "./errors.js";
import { U64, cRound, ldexp, llround, popcount, textToBytes, toHex, toUint8Array, view, copyBytes } from "./bytes.js";
import { KIND_NONE, Value, checkComparable, probeHashInto, unionKind, valueKind } from "./values.js";
import { R, add64, fmix64, mulHi, split } from "./u64.js";
import { readKind } from "./hll.js";
import { loadSeed } from "./hash.js";
import { LookupStats } from "./stats.js";

const TAG = 0x42, HEADER = 32, LAYER_HEADER = 32;
export const FIXED = 1, SCALABLE = 2, BLOCKED = 3;
const LN2 = 0.6931471805599453;
const MAXV = 2 ** 30 - 1 - 4;
const MAXC = 511 * 2 ** 20;
const MAX_BITS = 8 * MAXV;
const MAX_LAYERS = 64;
const MAX_CAPACITY = (1n << 63n) - 1n;
const BLOCK_BITS = 512;
export type Layout = "fixed" | "scalable" | "blocked";

/** -n ln p / (ln 2)^2 in binary64, in this order (§4.4). */
function optimalBits(n: bigint, p: number): number {
  return (-Number(n) * (p > 0 ? Math.log(p) : -Infinity)) / (LN2 * LN2);
}

function hashCount(m: number, n: bigint): number {
  return Math.min(Math.max(cRound((m / Number(n)) * LN2), 1), 0xffffffff);
}

function layerFpr(fpr: number, scalable: boolean, i: number): number {
  return scalable ? ldexp(fpr, -(i + 1)) : fpr;
}

/** The fill limit of a scalable layer (§4.7). */
export function fillLimit(m: number, k: number, n: bigint, p: number): number {
  const atCapacity = -m * Math.expm1((-k * Number(n)) / m);
  const atDesign = m * Math.pow(p, 1 / k);
  const limit = Math.ceil(Math.min(atCapacity, atDesign));
  if (limit < 1) return 1;
  return Math.min(limit, m);
}

// ---------------------------------------------------------------- the blocked layout (§4.13)

const segmentBits = (k: number) => Math.floor(BLOCK_BITS / k);

/** ln((n)!) for an integer n ≥ 0, i.e. lgamma(n + 1): within an ulp or two of glibc's
 * (the validation of §4.13 allows one block and one hash of slack for exactly this). */
function lgammaIntPlus1(n: number): number {
  if (n < 2) return 0;
  if (n < 30) { let s = 0; for (let i = 2; i <= n; i++) s += Math.log(i); return s; }
  const x = n + 1;
  const x2 = x * x;
  return (x - 0.5) * Math.log(x) - x + 0.5 * Math.log(2 * Math.PI)
    + (1 / 12 - (1 / 360 - (1 / 1260 - 1 / (1680 * x2)) / x2) / x2) / x;
}

export function blockedFpr(lam: number, k: number): number {
  if (!(lam > 0)) return 0;
  const logKeep = Math.log1p(-1 / segmentBits(k));
  const spread = 12 * Math.sqrt(lam) + 30;
  const first = lam > spread ? Math.floor(lam - spread) : 0;
  const last = Math.ceil(lam + spread);
  let pmf = Math.exp(-lam + first * Math.log(lam) - lgammaIntPlus1(first));
  let total = 0;
  for (let j = first; j <= last; j++) {
    if (j > 0) total += pmf * Math.exp(k * Math.log(-Math.expm1(j * logKeep)));
    pmf *= lam / (j + 1);
  }
  return total;
}

function maxKeysPerBlock(fpr: number, k: number): number {
  let lo = 0, hi = 1;
  while (blockedFpr(hi, k) <= fpr) {
    lo = hi;
    hi *= 2;
    if (hi > 1e6) return 1e6;
  }
  for (let i = 0; i < 42; i++) {
    const mid = 0.5 * (lo + hi);
    if (blockedFpr(mid, k) <= fpr) lo = mid; else hi = mid;
  }
  return lo;
}

const designs = new Map<number, [number, number]>();

/** (λ*, k) of §4.13's sizing. */
export function blockedDesign(fpr: number): [number, number] {
  const cached = designs.get(fpr);
  if (cached) return cached;
  let bestLam = 0, bestK = 1;
  for (let k = 1; k <= 32; k++) {
    const lam = maxKeysPerBlock(fpr, k);
    if (lam > bestLam) { bestLam = lam; bestK = k; } else if (k >= bestK + 2) break;
  }
  designs.set(fpr, [bestLam, bestK]);
  return [bestLam, bestK];
}

function blockedBlockCount(n: bigint, fpr: number): number {
  return Math.max(1, Math.ceil(Number(n) / blockedDesign(fpr)[0]));
}

// ---------------------------------------------------------------- layers

export interface LayerInfo { bitCount: number; hashCount: number; capacity: bigint; bitsSet: number }

// What a walk over a hash's positions does: answer whether all are set, count the clear
// ones (§4.7, before inserting), or set them.
const TEST = 0, COUNT = 1, INSERT = 2;
const TWO32 = 4294967296;
const GAMMA_HI = 0x9e3779b9, GAMMA_LO = 0x7f4a7c15;

class Layer {
  constructor(readonly m: number, readonly k: number, readonly n: bigint, public bits: Uint8Array, public x: number) {}

  static empty(m: number, k: number, n: bigint): Layer {
    return new Layer(m, k, n, new Uint8Array(Math.ceil(m / 8)), 0);
  }

  copy(): Layer { return new Layer(this.m, this.k, this.n, this.bits.slice(), this.x); }

  test(hi: number, lo: number): boolean { return this.walk(hi, lo, TEST) === 1; }

  /** Clear positions, each i that yields one counted (§4.7). */
  clearCount(hi: number, lo: number): number { return this.walk(hi, lo, COUNT); }

  insert(hi: number, lo: number): void { this.walk(hi, lo, INSERT); }

  /** Bit p (below 2^34) of the layer: tested (TEST, COUNT) or set (INSERT); 1 when it was set. */
  protected visit(p: number, mode: number): number {
    const q = Math.floor(p / 8), bit = 1 << (p - 8 * q);
    if (this.bits[q] & bit) return 1;
    if (mode === INSERT) { this.bits[q] |= bit; this.x++; }
    return 0;
  }

  /** §4.3's positions, mulhi(x_i, m) with x_0 = h, x_{i+1} = x_i + h2 + (i(i+1)/2)·h3 mod 2^64,
   * on 32-bit halves: tri(i)·h3 is kept as a running sum (T += S, S += h3), no multiply.
   * TEST: 1 when every position is set, 0 at the first clear one; COUNT: the clear ones. */
  protected walk(hi: number, lo: number, mode: number): number {
    fmix64(hi, lo);
    const h2h = R.hi, h2l = (R.lo | 1) >>> 0;
    add64(hi, lo, GAMMA_HI, GAMMA_LO);
    fmix64(R.hi, R.lo);
    const h3h = R.hi, h3l = R.lo, m = this.m, k = this.k;
    let xh = hi, xl = lo, th = 0, tl = 0, sh = 0, sl = 0, clear = 0, c = 0;
    for (let i = 0; i < k; i++) {
      if (this.visit(mulHi(xh, xl, m), mode) === 0) {
        if (mode === TEST) return 0;
        clear++;
      }
      c = xl + h2l; xl = c >>> 0; xh = (xh + h2h + (c >= TWO32 ? 1 : 0)) >>> 0;
      c = xl + tl; xl = c >>> 0; xh = (xh + th + (c >= TWO32 ? 1 : 0)) >>> 0;
      c = sl + h3l; sl = c >>> 0; sh = (sh + h3h + (c >= TWO32 ? 1 : 0)) >>> 0;
      c = tl + sl; tl = c >>> 0; th = (th + sh + (c >= TWO32 ? 1 : 0)) >>> 0;
    }
    return mode === TEST ? 1 : clear;
  }

  estimate(): number {
    const m = this.m, k = this.k;
    return (-(m / k)) * Math.log1p((-Math.min(this.x, m - 0.5)) / m);
  }

  estimatedFpr(): number { return Math.pow(this.x / this.m, this.k); }
}

class BlockedLayer extends Layer {
  static emptyBlocked(blocks: number, k: number, n: bigint): BlockedLayer {
    return new BlockedLayer(blocks * BLOCK_BITS, k, n, new Uint8Array(blocks * 64), 0);
  }

  copy(): BlockedLayer { return new BlockedLayer(this.m, this.k, this.n, this.bits.slice(), this.x); }

  /** §4.13: the block mulhi(h, blocks); position i in segment i at
   * (r · s) >> 32, r the low (i even) or high (i odd) half of fmix64(h + (⌊i/2⌋ + 1)·GAMMA). */
  protected walk(hi: number, lo: number, mode: number): number {
    const k = this.k, s = segmentBits(k);
    const base = mulHi(hi, lo, this.m / BLOCK_BITS) * BLOCK_BITS;
    let gh = hi, gl = lo, wh = 0, wl = 0, clear = 0;
    for (let i = 0; i < k; i++) {
      if (i % 2 === 0) {
        add64(gh, gl, GAMMA_HI, GAMMA_LO);
        gh = R.hi; gl = R.lo;
        fmix64(gh, gl);
        wh = R.hi; wl = R.lo;
      }
      const r = i % 2 === 0 ? wl : wh;
      if (this.visit(base + i * s + Math.floor((r * s) / TWO32), mode) === 0) {
        if (mode === TEST) return 0;
        clear++;
      }
    }
    return mode === TEST ? 1 : clear;
  }

  private usable(): number { return (this.m / BLOCK_BITS) * this.k * segmentBits(this.k); }

  estimate(): number {
    const u = this.usable();
    const x = Math.min(this.x, u - 0.5);
    return -(this.m / BLOCK_BITS) * segmentBits(this.k) * Math.log1p(-x / u);
  }

  estimatedFpr(): number { return blockedFpr(this.estimate() / (this.m / BLOCK_BITS), this.k); }
}

// ---------------------------------------------------------------- the filter

export interface BloomOptions { layout?: Layout; seed?: bigint }

export class Bloom {
  /** Lookups answered and answered "no" (LookupStats); copies, and values made by add and union, count into the same one. */
  stats = new LookupStats();
  private constructor(readonly layout: number, readonly seed: bigint, readonly capacity: bigint, readonly fpr: number,
                      private layers: Layer[], public kind: number, readonly hashId: number) {}

  /** bloom_empty(capacity, fpr, layout, seed) (§4.4, §4.13). */
  static empty(capacity: bigint | number, fpr = 0.01, options: BloomOptions = {}): Bloom {
    const n = BigInt(capacity);
    if (n < 1n || n > MAX_CAPACITY) throw new ParameterError(`bloom filter capacity must be in 1..2^63-1, not ${capacity}`);
    if (!(fpr > 0 && fpr < 1)) throw new ParameterError(`bloom filter false positive rate must be between 0 and 1, exclusive, not ${fpr}`);
    const layout = options.layout === "scalable" ? SCALABLE : options.layout === "blocked" ? BLOCKED : FIXED;
    const seed = BigInt.asUintN(64, options.seed ?? 0n);
    if (layout === BLOCKED) {
      const blocks = blockedBlockCount(n, fpr);
      if (!(64 + 64 * blocks <= MAXC)) throw new CapacityError(`a blocked bloom filter for ${n} items at false positive rate ${fpr} would not fit in one value`);
      return new Bloom(layout, seed, n, fpr, [BlockedLayer.emptyBlocked(blocks, blockedDesign(fpr)[1], n)], KIND_NONE, 2);
    }
    const bits = Math.ceil(optimalBits(n, layerFpr(fpr, layout === SCALABLE, 0)));
    if (!(64 + Math.ceil(bits / 8) <= MAXC)) throw new CapacityError(`a bloom filter for ${n} items at false positive rate ${fpr} would not fit in one value`);
    const m = Math.max(1, bits);
    return new Bloom(layout, seed, n, fpr, [Layer.empty(m, hashCount(m, n), n)], KIND_NONE, 2);
  }

  get layoutName(): Layout { return this.layout === FIXED ? "fixed" : this.layout === SCALABLE ? "scalable" : "blocked"; }
  get layerInfo(): LayerInfo[] {
    return this.layers.map((l) => ({ bitCount: l.m, hashCount: l.k, capacity: l.n, bitsSet: l.x }));
  }

  copy(): Bloom {
    const out = new Bloom(this.layout, this.seed, this.capacity, this.fpr, this.layers.map((l) => l.copy()), this.kind, this.hashId);
    out.stats = this.stats;
    return out;
  }

  hasValues(): boolean { return this.layers.some((l) => l.x > 0); }

  // ------------------------------------------------------------ bytes

  /** Reads outside bytes, validated as §4.6 (and §4.13 for blocked filters) says. */
  static fromBytes(data: Uint8Array | ArrayBuffer): Bloom {
    const b = toUint8Array(data);
    const size = b.length;
    if (size < HEADER) throw new FormatError(`${size} bytes is shorter than the 32-byte header`);
    const dv = view(b);
    const version = b[1], hashId = b[2], layout = b[3], count = dv.getUint16(4, true);
    if (b[0] !== TAG) throw new FormatError(`type tag is 0x${b[0].toString(16)}, expected 0x42`);
    if (version !== 1 && version !== 2) throw new FormatError(`format version ${version} is not supported`);
    if (hashId !== 1 && hashId !== 2) throw new FormatError(`unknown hash function id ${hashId}`);
    if (layout !== FIXED && layout !== SCALABLE && layout !== BLOCKED) throw new FormatError(`unknown layout ${layout}`);
    if (layout !== SCALABLE && count !== 1) throw new FormatError(`a fixed or blocked filter has exactly one layer, not ${count}`);
    if (count < 1 || count > MAX_LAYERS) throw new FormatError(`layer count ${count} is outside 1..64`);
    const kind = readKind(version, dv.getUint16(6, true), 0, "bloom filter");
    const seed = dv.getBigUint64(8, true), capacity = dv.getBigUint64(16, true), fpr = dv.getFloat64(24, true);
    if (capacity < 1n || capacity > MAX_CAPACITY) throw new FormatError(`capacity ${capacity} is outside 1..2^63-1`);
    if (!(fpr > 0 && fpr < 1)) throw new FormatError(`false positive rate ${fpr} is not between 0 and 1`);
    const raw: { m: number; n: bigint; x: number; k: number; bits: Uint8Array }[] = [];
    let off = HEADER;
    for (let i = 0; i < count; i++) {
      if (size - off < LAYER_HEADER) throw new FormatError(`the value ends inside the header of layer ${i}`);
      const m64 = dv.getBigUint64(off, true), n = dv.getBigUint64(off + 8, true), x64 = dv.getBigUint64(off + 16, true);
      const k = dv.getUint32(off + 24, true), reserved = dv.getUint32(off + 28, true);
      if (m64 === 0n) throw new FormatError(`layer ${i} has no bits`);
      if (k === 0) throw new FormatError(`layer ${i} has a hash count of 0`);
      if (reserved !== 0) throw new FormatError(`reserved bytes of layer ${i} are not zero`);
      if (layout === BLOCKED && m64 % 512n !== 0n) throw new FormatError(`layer ${i} has ${m64} bits, not a whole number of 512-bit blocks`);
      if (layout === BLOCKED && k > 32) throw new FormatError(`layer ${i} has ${k} hashes; a blocked filter has at most 32`);
      if (x64 > m64) throw new FormatError(`layer ${i} claims ${x64} bits set of ${m64}`);
      const nbytes = (m64 + 7n) / 8n, start = off + LAYER_HEADER;
      if (nbytes > BigInt(size - start)) throw new FormatError(`layer ${i} needs ${nbytes} bytes, only ${size - start} remain`);
      raw.push({ m: Number(m64), n, x: Number(x64), k, bits: copyBytes(b, start, start + Number(nbytes)) });
      off = start + Number(nbytes);
    }
    if (off !== size) throw new FormatError(`${size - off} bytes follow the last layer`);
    if (layout === BLOCKED) {
      const { m, n, x, k, bits } = raw[0];
      if (n !== capacity) throw new FormatError(`layer 0 has capacity ${n}, expected ${capacity}`);
      const blocks = blockedBlockCount(n, fpr);
      if (!(blocks * BLOCK_BITS <= MAX_BITS)) throw new FormatError("layer 0 would not fit in one value");
      const ek = blockedDesign(fpr)[1];
      if (Math.abs(m / BLOCK_BITS - blocks) > 1) throw new FormatError(`layer 0 has ${m / BLOCK_BITS} blocks, expected ${blocks}`);
      if (Math.abs(k - ek) > 1) throw new FormatError(`layer 0 has ${k} hashes, expected ${ek}`);
      const used = k * segmentBits(k);
      for (let blk = 0; blk < m / BLOCK_BITS; blk++)
        for (let j = used; j < BLOCK_BITS; j++)
          if ((bits[blk * 64 + (j >>> 3)] >> (j & 7)) & 1) throw new FormatError(`layer 0 has bits set past the ${used} bits of block ${blk}`);
      const pc = popcount(bits);
      if (pc !== x) throw new FormatError(`layer 0 claims ${x} bits set, but ${pc} are`);
      if (kind !== KIND_NONE && x === 0)
        throw new FormatError("a bloom filter without a bit set records a kind (values of a type); empty filters record none");
      return new Bloom(layout, seed, capacity, fpr, [new BlockedLayer(m, k, n, bits, x)], kind, hashId);
    }
    const scalable = layout === SCALABLE;
    const layers: Layer[] = [];
    raw.forEach(({ m, n, x, k, bits }, i) => {
      if (scalable && capacity > U64 >> BigInt(i)) throw new FormatError(`layer ${i}'s capacity would not fit in 64 bits`);
      const en = scalable ? capacity << BigInt(i) : capacity;
      if (n !== en) throw new FormatError(`layer ${i} has capacity ${n}, expected ${en}`);
      const p = layerFpr(fpr, scalable, i);
      const bitsF = optimalBits(n, p);
      if (!(bitsF <= MAX_BITS)) throw new FormatError(`layer ${i} would not fit in one value`);
      const em = Math.ceil(bitsF);
      if (Math.abs(m - em) > 1) throw new FormatError(`layer ${i} has ${m} bits, expected ${em}`);
      const ek = hashCount(m, n);
      if (Math.abs(k - ek) > 1) throw new FormatError(`layer ${i} has ${k} hashes, expected ${ek}`);
      if (m & 7 && bits[bits.length - 1] >> (m & 7)) throw new FormatError(`layer ${i} has pad bits set`);
      const pc = popcount(bits);
      if (pc !== x) throw new FormatError(`layer ${i} claims ${x} bits set, but ${pc} are`);
      if (scalable && i + 1 < count && (x === 0 || x + k < fillLimit(m, k, n, p)))
        throw new FormatError(`layer ${i} is empty or more than its hash count below its fill limit, yet a later layer exists`);
      layers.push(new Layer(m, k, n, bits, x));
    });
    if (kind !== KIND_NONE && layers.every((l) => l.x === 0))
      throw new FormatError("a bloom filter without a bit set records a kind (values of a type); empty filters record none");
    return new Bloom(layout, seed, capacity, fpr, layers, kind, hashId);
  }

  static async load(data: Uint8Array | ArrayBuffer): Promise<Bloom> {
    const f = Bloom.fromBytes(data);
    await loadSeed(f.seed);
    return f;
  }

  static fromText(text: string): Bloom {
    return Bloom.fromBytes(textToBytes(text, "type bloom", (m) => new FormatError(m)));
  }

  toBytes(): Uint8Array {
    const size = HEADER + this.layers.reduce((s, l) => s + LAYER_HEADER + l.bits.length, 0);
    const out = new Uint8Array(size);
    const dv = view(out);
    out[0] = TAG; out[1] = this.kind === KIND_NONE ? 1 : 2; out[2] = this.hashId; out[3] = this.layout;
    dv.setUint16(4, this.layers.length, true);
    dv.setUint16(6, this.kind, true);
    dv.setBigUint64(8, this.seed, true);
    dv.setBigUint64(16, this.capacity, true);
    dv.setFloat64(24, this.fpr, true);
    let off = HEADER;
    for (const l of this.layers) {
      dv.setBigUint64(off, BigInt(l.m), true);
      dv.setBigUint64(off + 8, l.n, true);
      dv.setBigUint64(off + 16, BigInt(l.x), true);
      dv.setUint32(off + 24, l.k, true);
      out.set(l.bits, off + LAYER_HEADER);
      off += LAYER_HEADER + l.bits.length;
    }
    return out;
  }

  toText(): string { return "\\x" + toHex(this.toBytes()); }

  // ------------------------------------------------------------ membership and adding

  /** bloom_contains (@>): the value hashed with the filter's seed against its kind (§2.5). */
  contains(value: Value): boolean {
    probeHashInto(value, this.kind, this.seed, false, this.hashId);
    return this.stats.record(this.containsParts(R.hi, R.lo));
  }

  containsHash(h: bigint): boolean {
    split(h);
    return this.stats.record(this.containsParts(R.hi, R.lo));
  }

  private containsParts(hi: number, lo: number): boolean {
    const layers = this.layers;
    for (let i = 0; i < layers.length; i++) if (layers[i].test(hi, lo)) return true;
    return false;
  }

  /** bloom_add: a new filter with the value added. */
  add(value: Value): Bloom {
    return this.copy().addInPlace(value);
  }

  /** Adds in place; an empty filter records the value's kind. */
  addInPlace(value: Value): this {
    probeHashInto(value, this.kind, this.seed, true, this.hashId);
    const wasEmpty = this.kind === KIND_NONE && !this.hasValues();
    this.addParts(R.hi, R.lo);
    if (wasEmpty) this.kind = valueKind(value);
    return this;
  }

  /** Adds a hash (as sketch_hash returns it, with the filter's seed); records no kind. */
  addHashInPlace(h: bigint): this {
    split(h);
    this.addParts(R.hi, R.lo);
    return this;
  }

  private addParts(hi: number, lo: number): void {
    if (this.layout !== SCALABLE) { this.layers[0].insert(hi, lo); return; }
    for (let i = 0; i < this.layers.length - 1; i++) if (this.layers[i].test(hi, lo)) return;
    const last = this.layers[this.layers.length - 1];
    const clear = last.clearCount(hi, lo);
    if (clear === 0) return;
    const p = layerFpr(this.fpr, true, this.layers.length - 1);
    if (last.x === 0 || last.x + clear <= fillLimit(last.m, last.k, last.n, p)) { last.insert(hi, lo); return; }
    this.grow().insert(hi, lo);
  }

  private grow(): Layer {
    const i = this.layers.length;
    if (i >= MAX_LAYERS) throw new CapacityError(`scalable bloom filter cannot grow past ${i} layers`);
    if (this.capacity > U64 >> BigInt(i)) throw new CapacityError("the next layer's capacity would not fit in 64 bits");
    const n = this.capacity << BigInt(i);
    const bits = Math.ceil(optimalBits(n, layerFpr(this.fpr, true, i)));
    const size = this.layers.reduce((s, l) => s + LAYER_HEADER + l.bits.length, HEADER);
    if (!(size + LAYER_HEADER + Math.ceil(bits / 8) <= MAXC))
      throw new CapacityError(`scalable bloom filter cannot grow past ${i} layers: the value would be too large`);
    const layer = Layer.empty(bits, hashCount(bits, n), n);
    this.layers.push(layer);
    return layer;
  }

  // ------------------------------------------------------------ combining (§4.8)

  private checkCompatible(o: Bloom, comparing: boolean): void {
    const same = this.layout === o.layout && this.seed === o.seed && this.capacity === o.capacity && this.hashId === o.hashId
      && this.fpr === o.fpr && (this.layout === SCALABLE || this.layers.length === o.layers.length);
    if (!same) throw new ParameterError("cannot combine bloom filters with different parameters");
    for (let i = 0; i < Math.min(this.layers.length, o.layers.length); i++) {
      const a = this.layers[i], b = o.layers[i];
      if (a.m !== b.m || a.k !== b.k || a.n !== b.n) throw new ParameterError("cannot combine bloom filters with different layer sizes");
    }
    if (comparing) checkComparable(this.kind, o.kind, "bloom filters");
  }

  /** bloom_union (|): OR layer by layer, the longer layer list kept. */
  union(o: Bloom): Bloom {
    this.checkCompatible(o, false);
    const [longer, shorter] = this.layers.length >= o.layers.length ? [this, o] : [o, this];
    const out = longer.copy();
    shorter.layers.forEach((l, i) => {
      const a = out.layers[i];
      for (let j = 0; j < a.bits.length; j++) a.bits[j] |= l.bits[j];
      a.x = popcount(a.bits);
    });
    out.kind = unionKind(this.kind, this.hasValues(), o.kind, o.hasValues());
    return out;
  }

  /** bloom_intersect (&): one layer each; AND. */
  intersect(o: Bloom): Bloom {
    this.checkCompatible(o, true);
    if (this.layers.length !== 1 || o.layers.length !== 1)
      throw new ParameterError("cannot intersect scalable bloom filters that have grown past one layer");
    const out = this.copy();
    const a = out.layers[0];
    for (let j = 0; j < a.bits.length; j++) a.bits[j] &= o.layers[0].bits[j];
    a.x = popcount(a.bits);
    out.kind = a.x === 0 ? KIND_NONE : this.kind !== KIND_NONE ? this.kind : o.kind;
    return out;
  }

  /** a @> b (bloom_superset): every value added to b is in this filter (§4.8); 22023 where
   * grown scalable filters cannot say. */
  superset(o: Bloom): boolean {
    this.checkCompatible(o, true);
    const covered = o.layers.map((l, i) => {
      const a = this.layers[i];
      if (!a) return l.x === 0;
      for (let j = 0; j < l.bits.length; j++) if ((l.bits[j] & ~a.bits[j]) !== 0) return false;
      return true;
    });
    if (covered.every((c) => c)) return true;
    if (this.layers.length === 1 && !covered[0]) return false;
    throw new ParameterError("cannot decide containment of scalable bloom filters that have grown: a value may sit in different layers of the two");
  }

  // ------------------------------------------------------------ estimates (§4.9)

  /** The sum of the layers' item estimates (unrounded). */
  estimate(): number {
    let s = 0;
    for (const l of this.layers) s = s + l.estimate();
    return s;
  }

  /** bloom_cardinality. */
  cardinality(): bigint { return llround(this.estimate()); }

  /** bloom_fpr: 1 - Π(1 - rate) through log1p and expm1. */
  estimatedFpr(): number {
    let s = 0;
    for (const l of this.layers) {
      const f = l.estimatedFpr();
      s += f === 1 ? -Infinity : Math.log1p(-f);
    }
    return -Math.expm1(s) + 0;
  }

  equals(o: Bloom): boolean {
    const a = this.toBytes(), b = o.toBytes();
    return a.length === b.length && a.every((x, i) => x === b[i]);
  }
}
