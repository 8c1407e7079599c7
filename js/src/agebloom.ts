/** agebloom (FORMAT.md §11): an age-partitioned Bloom filter; parse, contains (at a time), add, union, write. */
import { CapacityError, FormatError, ParameterError } from "./errors.js";
import { GAMMA, U64, fmix64, mulhi, popcount, setBit, testBit, textToBytes, toHex, toUint8Array, view, copyBytes } from "./bytes.js";
import { KIND_NONE, Value, probeHash, unionKind, validKind, valueKind } from "./values.js";
import { loadSeed } from "./hash.js";
import { LookupStats } from "./stats.js";

const TAG = 0x41, HEADER = 88, COUNT = 1, TIME = 2;
const MAX_HASHES = 64, MAX_GENERATIONS = 1024, DEFAULT_GENERATIONS = 32;
const MAX_CAPACITY = 1n << 40n, MAX_WINDOW_US = 1n << 62n, MIN_FPR = 1e-15;
export const NO_GENERATION = -(1n << 63n);

function bad(field: string, detail = ""): FormatError {
  return new FormatError(`invalid agebloom filter: ${field}${detail ? ": " + detail : ""}`, field);
}

function runProbability(k: number, fills: number[]): number {
  let state = new Array(k).fill(0);
  state[0] = 1;
  let hit = 0;
  for (const p of fills) {
    const next = new Array(k).fill(0);
    for (let r = 0; r < k; r++) {
      if (state[r] === 0) continue;
      next[0] += state[r] * (1 - p);
      if (r + 1 === k) hit += state[r] * p; else next[r + 1] += state[r] * p;
    }
    state = next;
  }
  return hit;
}

function rateBound(k: number, generations: number, m: number, limit: bigint): number {
  const logKeep = Math.log1p(-1 / m);
  const fills: number[] = [];
  for (let i = 0; i < k + generations; i++) fills.push(-Math.expm1(Math.min(i + 1, k) * Number(limit) * logKeep));
  return runProbability(k, fills);
}

const designs = new Map<string, [number, number]>();

/** (k, m) of §11.2. */
function design(limit: bigint, generations: number, fpr: number): [number, number] {
  const key = `${limit},${generations},${fpr}`;
  const cached = designs.get(key);
  if (cached) return cached;
  let best: [number, number] | null = null, bestBits = 0;
  for (let k = 1; k <= MAX_HASHES; k++) {
    let hi = 1;
    while (rateBound(k, generations, hi * 64, limit) > fpr) {
      if (hi >= 2 ** 36) break;
      hi *= 2;
    }
    if (rateBound(k, generations, hi * 64, limit) > fpr) continue;
    let lo = Math.floor(hi / 2);
    while (hi - lo > 1) {
      const mid = lo + Math.floor((hi - lo) / 2);
      if (rateBound(k, generations, mid * 64, limit) <= fpr) hi = mid; else lo = mid;
    }
    const bits = (k + generations) * hi * 64;
    if (best === null || bits < bestBits) { best = [k, hi * 64]; bestBits = bits; } else if (k >= best[0] + 2) break;
  }
  if (best === null) best = [MAX_HASHES, 2 ** 42];
  designs.set(key, best);
  return best;
}

const ceilDiv = (a: bigint, b: bigint) => (a + b - 1n) / b;
const floorDiv = (a: bigint, b: bigint) => { const q = a / b; return a % b !== 0n && (a < 0n) !== (b < 0n) ? q - 1n : q; };
const floorMod = (a: bigint, b: bigint) => ((a % b) + b) % b;

/** A time as microseconds since 1970-01-01 UTC: a Date, or a bigint of microseconds. */
export type Instant = Date | bigint;
const micros = (t: Instant) => (t instanceof Date ? BigInt(t.getTime()) * 1000n : t);

export interface AgebloomOptions { generations?: number; seed?: bigint }

export class Agebloom {
  /** Lookups answered and answered "no" (LookupStats); copies, and values made by add and union, count into the same one. */
  stats = new LookupStats();
  readonly l: number; readonly limit: bigint; readonly length: bigint; readonly k: number; readonly m: number;
  private counts: bigint[]; private slices: Uint8Array[];
  generation: bigint; items: bigint; kind = KIND_NONE;

  private constructor(readonly mode: number, readonly window: bigint, readonly capacity: bigint, readonly fpr: number,
                      generations: number, readonly seed: bigint) {
    this.l = generations || DEFAULT_GENERATIONS;
    this.limit = ceilDiv(capacity, BigInt(this.l));
    this.length = mode === COUNT ? this.limit : ceilDiv(window, BigInt(this.l));
    [this.k, this.m] = design(this.limit, this.l, fpr);
    const S = this.k + this.l;
    this.counts = new Array(S).fill(0n);
    this.slices = Array.from({ length: S }, () => new Uint8Array(this.m / 8));
    this.generation = mode === COUNT ? 0n : NO_GENERATION;
    this.items = 0n;
  }

  private static check(mode: number, window: bigint, capacity: bigint, fpr: number, generations: number): void {
    if (window <= 0n || (mode === COUNT && window > MAX_CAPACITY) || window > MAX_WINDOW_US) throw new ParameterError(`window ${window} is out of range`);
    if (capacity < 1n || capacity > MAX_CAPACITY || (mode === COUNT && capacity !== window)) throw new ParameterError(`capacity ${capacity} is out of range`);
    if (!(fpr > 0 && fpr < 1) || fpr < MIN_FPR) throw new ParameterError(`false positive rate ${fpr} is outside [1e-15, 1)`);
    if (!Number.isInteger(generations) || generations < 0 || generations > MAX_GENERATIONS) throw new ParameterError(`generations ${generations} is outside 0..1024`);
    if (mode === TIME && window < BigInt(generations || DEFAULT_GENERATIONS)) throw new ParameterError("window shorter than its generations");
  }

  /** agebloom_empty of a count window: an item is found through the next `window` insertions. */
  static emptyCount(window: bigint | number, fpr = 0.01, options: AgebloomOptions = {}): Agebloom {
    const w = BigInt(window);
    Agebloom.check(COUNT, w, w, fpr, options.generations ?? 0);
    return new Agebloom(COUNT, w, w, fpr, options.generations ?? 0, BigInt.asUintN(64, options.seed ?? 0n));
  }

  /** A time window of windowUs microseconds sized for `capacity` items a window. */
  static emptyTime(windowUs: bigint | number, capacity: bigint | number, fpr = 0.01, options: AgebloomOptions = {}): Agebloom {
    const w = BigInt(windowUs), c = BigInt(capacity);
    Agebloom.check(TIME, w, c, fpr, options.generations ?? 0);
    return new Agebloom(TIME, w, c, fpr, options.generations ?? 0, BigInt.asUintN(64, options.seed ?? 0n));
  }

  get isTimeWindow(): boolean { return this.mode === TIME; }
  private get S(): number { return this.k + this.l; }
  private slot(g: bigint): number { return Number(floorMod(g, BigInt(this.S))); }

  copy(): Agebloom {
    const out = Agebloom.fromBytes(this.toBytes());
    out.stats = this.stats;
    return out;
  }

  private position(h: bigint, p: number): number {
    const h2 = fmix64(h) | 1n, h3 = fmix64((h + GAMMA) & U64);
    const P = BigInt(p);
    const x = (h + P * h2 + ((P * P * P - P) / 6n) * h3) & U64;
    return Number(mulhi(x, BigInt(this.m)));
  }

  private shift(to: bigint): void {
    const steps = this.generation === NO_GENERATION ? this.S : Number(to - this.generation < BigInt(this.S) ? to - this.generation : BigInt(this.S));
    for (let i = 1; i <= steps; i++) {
      const p = this.slot(to - BigInt(steps - i));
      this.counts[p] = 0n;
      this.slices[p].fill(0);
    }
    this.generation = to;
  }

  /** Adds a hash (§11.3) at a time (time windows); false when the add changed nothing. */
  addHashInPlace(h: bigint, at?: Instant): boolean {
    h = BigInt.asUintN(64, h);
    const now = this.generation;
    let target: bigint;
    if (this.mode === COUNT) target = this.counts[this.slot(now)] >= this.limit ? now + 1n : now;
    else {
      if (at === undefined) throw new ParameterError("a time window's add needs the time it happened at");
      target = floorDiv(micros(at), this.length);
      if (now !== NO_GENERATION && target <= now) {
        if (now - target >= BigInt(this.S)) return false;
        if (this.counts[this.slot(target)] >= this.limit) throw new CapacityError("agebloom generation is full");
      }
    }
    if (now === NO_GENERATION || target > now) this.shift(target);
    const back = Number(this.generation - target);
    for (let i = back; i < Math.min(back + this.k, this.S); i++) {
      const p = this.slot(this.generation - BigInt(i));
      setBit(this.slices[p], this.position(h, p));
    }
    this.counts[this.slot(target)] += 1n;
    this.items += 1n;
    return true;
  }

  /** agebloom_add: the value hashed against the kind (§2.5); `at` is the add's time in a time window. */
  addInPlace(value: Value, at?: Instant): this {
    const h = probeHash(value, this.kind, this.seed, true);
    const wasEmpty = this.items === 0n;
    if (this.addHashInPlace(h, at) && this.kind === KIND_NONE && wasEmpty) this.kind = valueKind(value);
    return this;
  }

  add(value: Value, at?: Instant): Agebloom { return this.copy().addInPlace(value, at); }

  private runFound(h: bigint, end: number): boolean {
    for (let start = 0; start + this.k <= end; start++) {
      let all = true;
      for (let i = start; i < start + this.k && all; i++) {
        const p = this.slot(this.generation - BigInt(i));
        all = testBit(this.slices[p], this.position(h, p));
      }
      if (all) return true;
    }
    return false;
  }

  containsHash(h: bigint, at?: Instant): boolean {
    return this.stats.record(this.found(BigInt.asUintN(64, h), at));
  }

  private found(h: bigint, at?: Instant): boolean {
    if (at !== undefined && this.mode !== TIME) throw new ParameterError("a count window has no time to ask at");
    if (this.generation === NO_GENERATION) return false;
    if (at === undefined) return this.runFound(h, this.S);
    const a = floorDiv(micros(at), this.length);
    if (a < this.generation) throw new ParameterError("cannot ask at a time before the newest generation");
    const ahead = a - this.generation;
    return ahead < BigInt(this.S) && this.runFound(h, this.S - Number(ahead));
  }

  /** agebloom_contains (as of the newest generation), or at a time (time windows, §11.3). */
  contains(value: Value, at?: Instant): boolean {
    return this.containsHash(probeHash(value, this.kind, this.seed, false), at);
  }

  /** agebloom_union of two time windows with equal parameters. */
  union(o: Agebloom): Agebloom {
    if (this.mode === COUNT || o.mode === COUNT) throw new ParameterError("cannot combine agebloom filters of count windows");
    if (this.seed !== o.seed || this.window !== o.window || this.capacity !== o.capacity || this.fpr !== o.fpr || this.l !== o.l)
      throw new ParameterError("cannot combine agebloom filters with different parameters");
    const out = this.copy();
    if (o.generation === NO_GENERATION) return out;
    if (out.generation === NO_GENERATION || o.generation > out.generation) out.shift(o.generation);
    const ahead = out.generation - o.generation;
    const gens: bigint[] = [];
    if (ahead < BigInt(this.S)) for (let i = 0; i < this.S - Number(ahead); i++) gens.push(o.generation - BigInt(i));
    for (const g of gens) { const p = this.slot(g); if (out.counts[p] + o.counts[p] > this.limit) throw new CapacityError("agebloom generation is full"); }
    for (const g of gens) {
      const p = this.slot(g);
      out.counts[p] += o.counts[p];
      for (let j = 0; j < out.slices[p].length; j++) out.slices[p][j] |= o.slices[p][j];
    }
    out.items = this.items + o.items;
    out.kind = unionKind(this.kind, this.items > 0n, o.kind, o.items > 0n);
    return out;
  }

  // ------------------------------------------------------------ bytes

  toBytes(): Uint8Array {
    const S = this.S, sb = this.m / 8;
    const out = new Uint8Array(HEADER + S * (8 + sb));
    const dv = view(out);
    out[0] = TAG; out[1] = this.kind === KIND_NONE ? 1 : 2; out[2] = 2; out[3] = this.mode; out[4] = this.k; out[5] = 0;
    dv.setUint16(6, this.kind, true);
    dv.setBigUint64(8, this.seed, true);
    dv.setBigUint64(16, this.window, true);
    dv.setBigUint64(24, this.capacity, true);
    dv.setFloat64(32, this.fpr, true);
    dv.setUint32(40, this.l, true);
    dv.setUint32(44, 0, true);
    dv.setBigUint64(48, this.length, true);
    dv.setBigUint64(56, this.limit, true);
    dv.setBigUint64(64, BigInt(this.m), true);
    dv.setBigInt64(72, this.generation, true);
    dv.setBigUint64(80, this.items, true);
    this.counts.forEach((c, i) => dv.setBigUint64(HEADER + 8 * i, c, true));
    this.slices.forEach((s, i) => out.set(s, HEADER + 8 * S + i * sb));
    return out;
  }

  toText(): string { return "\\x" + toHex(this.toBytes()); }

  /** Reads outside bytes, validated field by field as §11.5 says. */
  static fromBytes(data: Uint8Array | ArrayBuffer): Agebloom {
    const b = toUint8Array(data);
    if (b.length < HEADER) throw bad("length", "shorter than the header");
    const dv = view(b);
    const version = b[1], mode = b[3], k = b[4];
    if (b[0] !== TAG) throw bad("type tag");
    if (version !== 1 && version !== 2) throw bad("format version");
    if (b[2] !== 2) throw bad("hash id");
    const stored = dv.getUint16(6, true);
    let kind = KIND_NONE;
    if (version === 1) { if (stored !== 0) throw bad("kind", `${stored} in a format version 1 value`); }
    else if (!validKind(stored)) throw bad("kind", String(stored));
    else kind = stored;
    if (mode !== COUNT && mode !== TIME) throw bad("mode");
    const l = dv.getUint32(40, true);
    if (b[5] !== 0 || dv.getUint32(44, true) !== 0) throw bad("reserved");
    if (k < 1 || k > MAX_HASHES) throw bad("k");
    if (l < 1 || l > MAX_GENERATIONS) throw bad("generations");
    const m = dv.getBigUint64(64, true);
    if (m === 0n || m % 64n !== 0n || m > 1n << 42n) throw bad("slice bits");
    const seed = dv.getBigUint64(8, true), window = dv.getBigUint64(16, true), capacity = dv.getBigUint64(24, true);
    const fpr = dv.getFloat64(32, true);
    if (mode === COUNT && !(window >= 1n && window <= MAX_CAPACITY)) throw bad("window");
    if (mode === TIME && !(window >= BigInt(l) && window <= MAX_WINDOW_US)) throw bad("window");
    if (capacity < 1n || capacity > MAX_CAPACITY || (mode === COUNT && capacity !== window)) throw bad("capacity");
    if (!(fpr >= MIN_FPR && fpr < 1)) throw bad("false positive rate");
    const f = new Agebloom(mode, window, capacity, fpr, l, seed);
    if (dv.getBigUint64(48, true) !== f.length || dv.getBigUint64(56, true) !== f.limit) throw bad("generation length or limit");
    if (k !== f.k || Number(m) !== f.m) throw bad("k or slice bits");
    const S = k + l, sb = Number(m) / 8;
    if (b.length !== HEADER + S * (8 + sb)) throw bad("length");
    const generation = dv.getBigInt64(72, true), items = dv.getBigUint64(80, true);
    if (mode === COUNT && generation < 0n) throw bad("generation");
    for (let i = 0; i < S; i++) {
      f.counts[i] = dv.getBigUint64(HEADER + 8 * i, true);
      f.slices[i] = copyBytes(b, HEADER + 8 * S + i * sb, HEADER + 8 * S + (i + 1) * sb);
    }
    f.generation = generation; f.items = items; f.kind = kind;
    const order = Array.from({ length: S }, (_, i) => (generation !== NO_GENERATION ? f.slot(generation - BigInt(i)) : i));
    const logical = order.map((p) => f.counts[p]);
    if (logical.some((c) => c > f.limit)) throw bad("slice count above the generation limit");
    const sum = logical.reduce((a, c) => a + c, 0n);
    if (mode === COUNT) {
      if (generation * f.limit + logical[0] !== items) throw bad("items added");
      if (items && logical[0] === 0n) throw bad("newest count");
      for (let i = 1; i < S; i++) if (logical[i] !== (generation >= BigInt(i) ? f.limit : 0n)) throw bad("count of an older generation");
    } else {
      if (sum > items) throw bad("counts above items");
      if (generation === NO_GENERATION && sum) throw bad("counts before the first add");
    }
    for (let i = 0; i < S; i++) {
      let writers = 0n;
      for (let j = Math.max(0, i - k + 1); j <= i; j++) writers += logical[j];
      if (BigInt(popcount(f.slices[order[i]])) > writers) throw bad("bits set");
    }
    return f;
  }

  static async load(data: Uint8Array | ArrayBuffer): Promise<Agebloom> {
    const f = Agebloom.fromBytes(data);
    await loadSeed(f.seed);
    return f;
  }

  static fromText(text: string): Agebloom {
    return Agebloom.fromBytes(textToBytes(text, "type agebloom", (msg) => bad("text form", msg)));
  }

  equals(o: Agebloom): boolean {
    const a = this.toBytes(), b = o.toBytes();
    return a.length === b.length && a.every((x, i) => x === b[i]);
  }
}
