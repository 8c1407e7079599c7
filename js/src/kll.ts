/** kll (FORMAT.md §10): parse and validate, quantiles, ranks, count, min, max, the rank error, add,
 * union, write. The levels, compactions and merge are DataSketches' KLL as the reference keeps them
 * (src/core/kll.cpp), with its deterministic coin (§10.3), so adds and unions give the server's bytes. */
import { CapacityError, FormatError, ParameterError, SketchError } from "./errors.js";
import { U64, fmix64, textToBytes, toHex, toUint8Array, view } from "./bytes.js";
import { checkPrefix, doubleBits, exactParts, hex2 } from "./numbers.js";
import { expOfFixed, logFixed } from "./crmath.js";

const TAG = 0x4c, HEADER = 40, MIN_K = 8, MAX_K = 65535, M = 8, MAX_LEVELS = 61;
export const KLL_DEFAULT_K = 200;
const FLAG_SORTED = 1, FLAG_WORKING = 2;
const INVALID = "invalid kll value";
const GOLDEN = 0x9e3779b97f4a7c15n;

// ------------------------------------------------------------ capacities (§10.1)

/** round(k · (2/3)^d), halves up, for d ≤ 30: ((2k · 2^d) div 3^d + 1) div 2, exact in doubles (< 2^53). */
const shrink = (k: number, d: number) => Math.floor((Math.floor((2 * k * 2 ** d) / 3 ** d) + 1) / 2);
const DEPTHS = new Map<number, number[]>();

/** max(m, c(k, d)) for every depth d ≤ 60, cached per k. */
function depthCapacities(k: number): number[] {
  let c = DEPTHS.get(k);
  if (!c) {
    c = [];
    for (let d = 0; d < MAX_LEVELS; d++) {
      const half = Math.floor(d / 2);
      c.push(Math.max(M, d <= 30 ? shrink(k, d) : shrink(shrink(k, half), d - half)));
    }
    DEPTHS.set(k, c);
  }
  return c;
}

const levelCapacity = (k: number, levels: number, h: number) => depthCapacities(k)[levels - h - 1];

function totalCapacity(k: number, levels: number): number {
  const c = depthCapacities(k);
  let t = 0;
  for (let d = 0; d < levels; d++) t += c[d];
  return t;
}

/** §10.3's coin: SplitMix64's finaliser of n + (h + 1) · golden ratio, its top bit. */
const coin = (n: bigint, h: number) => Number(fmix64((n + BigInt(h + 1) * GOLDEN) & U64) >> 63n);

// ------------------------------------------------------------ compaction (§10.3, §10.4)

/** Keeps every other item of a sorted run of even length, from offset: upwards (ending at its end) or
 * downwards (starting at its start). */
function halve(items: Float64Array, start: number, length: number, offset: number, upwards: boolean): void {
  const half = length / 2;
  if (upwards) for (let i = 0; i < half; i++) items[start + length - 1 - i] = items[start + length - 1 - offset - 2 * i];
  else for (let i = 0; i < half; i++) items[start + i] = items[start + offset + 2 * i];
}

/** Merges two sorted runs of one buffer into to …; on ties (IEEE-754 equality) the second run's item first. */
function mergeRuns(items: Float64Array, aFrom: number, aLen: number, bFrom: number, bLen: number, to: number): void {
  let a = aFrom, b = bFrom;
  const aEnd = aFrom + aLen, bEnd = bFrom + bLen;
  for (let c = to; c < to + aLen + bLen; c++) {
    if (a === aEnd || (b !== bEnd && !(items[a] < items[b]))) items[c] = items[b++];
    else items[c] = items[a++];
  }
}

/** Ascending, −0 before +0 (a typed array's sort orders them so: §10.3's total order). */
const sortRun = (items: Float64Array, from: number, length: number) => { items.subarray(from, from + length).sort(); };

/** The compaction of level `level`, slots rawBeg … rawLim − 1, below popAbove items of the level above:
 * an odd first item stays behind (the caller places it), the rest is sorted (level 0 not flagged sorted),
 * halved by the coin and merged into the level above, which then starts `half` slots lower. Returns half. */
function compactRun(items: Float64Array, rawBeg: number, rawLim: number, popAbove: number, level: number,
                    levelZeroSorted: boolean, n: bigint): number {
  const odd = (rawLim - rawBeg) % 2;
  const adjBeg = rawBeg + odd, adjPop = rawLim - adjBeg, half = adjPop / 2;
  if (level === 0 && !levelZeroSorted) sortRun(items, adjBeg, adjPop);
  const offset = coin(n, level);
  if (popAbove === 0) halve(items, adjBeg, adjPop, offset, true);
  else {
    halve(items, adjBeg, adjPop, offset, false);
    mergeRuns(items, adjBeg, half, rawLim, popAbove, adjBeg + half);
  }
  return half;
}

/** Compacts one level of a full buffer into the level above (DataSketches' compress_while_updating);
 * levels: the L + 1 offsets, changed in place; the levels below shift up into the freed slots. */
function compactLevel(items: Float64Array, levels: number[], level: number, levelZeroSorted: boolean, n: bigint): void {
  const rawBeg = levels[level], rawLim = levels[level + 1];
  const odd = (rawLim - rawBeg) % 2 === 1;
  const half = compactRun(items, rawBeg, rawLim, levels[level + 2] - rawLim, level, levelZeroSorted, n);
  levels[level + 1] -= half;
  if (odd) {
    levels[level] = levels[level + 1] - 1;
    items[levels[level]] = items[rawBeg];
  } else levels[level] = levels[level + 1];
  if (level > 0) {
    const amount = rawBeg - levels[0];
    items.copyWithin(levels[0] + half, levels[0], levels[0] + amount);
    for (let h = 0; h < level; h++) levels[h] += half;
  }
}

/** DataSketches' general_compress over a work buffer whose levels 1 … are sorted: compacts levels,
 * lowest first, while the items pass the capacity. `inn` and `out` are offsets (inn is changed). */
function compress(k: number, n: bigint, levelsIn: number, items: Float64Array, inn: number[], out: number[],
                  levelZeroSorted: boolean): { levels: number; capacity: number; count: number } {
  let count = inn[levelsIn] - inn[0], levels = levelsIn, target = totalCapacity(k, levels);
  out[0] = 0;
  for (let level = 0; ; level++) {
    if (level + 2 >= inn.length) throw new Error("kll: compression passed its level bound");
    if (level === levels - 1) inn[level + 2] = inn[level + 1];
    const rawBeg = inn[level], rawLim = inn[level + 1], rawPop = rawLim - rawBeg;
    if (count < target || rawPop < levelCapacity(k, levels, level)) {
      items.copyWithin(out[level], rawBeg, rawLim);
      out[level + 1] = out[level] + rawPop;
    } else {
      // the item left behind goes below, before the run is touched (out[level] ≤ rawBeg: nothing unread is overwritten)
      if (rawPop % 2 === 1) {
        items[out[level]] = items[rawBeg];
        out[level + 1] = out[level] + 1;
      } else out[level + 1] = out[level];
      const half = compactRun(items, rawBeg, rawLim, inn[level + 2] - rawLim, level, levelZeroSorted, n);
      count -= half;
      inn[level + 1] -= half;
      if (level === levels - 1) {
        levels++;
        target += levelCapacity(k, levels, 0);
      }
    }
    if (level === levels - 1) break;
  }
  return { levels, capacity: target, count };
}

// ------------------------------------------------------------ the rank error (§10.6)

// kll_rank_error is 2.296 / pow(min_k, 0.9723) (double-sided 2.446 / pow(min_k, 0.9433)); JavaScript's
// Math.pow differs from glibc's in the last bit for about 1 min_k in 10, so pow is computed here to 192
// bits and rounded once (correctly rounded). glibc's pow is not correctly rounded in every case: the
// live test compares every min_k (8 … 65535) with the server.
/** k^y for an integer k ≥ 1 and a double 0 < y < 1, correctly rounded (but for a true value within about
 * 2^-180 of a rounding boundary). */
function powCorrectlyRounded(k: number, y: number): number {
  const [m, b] = exactParts(y);
  return expOfFixed((logFixed(BigInt(k), 0) * m) >> BigInt(-b)); // y · ln k, y = m · 2^b, b < 0
}

const RANK_ERRORS = new Map<number, number>();

function rankError(minK: number, doubleSided: boolean): number {
  const key = doubleSided ? -minK : minK;
  let v = RANK_ERRORS.get(key);
  if (v === undefined) {
    v = doubleSided ? 2.446 / powCorrectlyRounded(minK, 0.9433) : 2.296 / powCorrectlyRounded(minK, 0.9723);
    RANK_ERRORS.set(key, v);
  }
  return v;
}

// ------------------------------------------------------------ the sketch

function checkK(k: number): void {
  if (!Number.isInteger(k) || k < MIN_K || k > MAX_K) throw new ParameterError(`kll k ${k} is not in ${MIN_K}..${MAX_K}`);
}

function checkQ(q: number): void {
  if (!(q >= 0.0 && q <= 1.0)) throw new ParameterError(`quantile ${q} is not between 0 and 1`);
}

/** The sorted view (§10.6): the items ascending, with their cumulative weights. */
interface View { values: Float64Array; weights: BigUint64Array; total: bigint }

export class Kll {
  private n = 0n;
  private lo = 0;
  private hi = 0;
  private sorted = false;
  /** The buffer of totalCapacity(k, L) slots; levels: L + 1 offsets, level h is slots levels[h] … levels[h+1] − 1. */
  private items: Float64Array;
  private levels: number[];
  private view: View | null = null;

  private constructor(readonly k: number, public minK: number) {
    this.items = new Float64Array(k);
    this.levels = [k, k];
  }

  /** The empty sketch of kll_agg(x, k) (default 200). */
  static empty(k = KLL_DEFAULT_K): Kll {
    checkK(k);
    return new Kll(k, k);
  }

  copy(): Kll {
    const c = new Kll(this.k, this.minK);
    c.n = this.n; c.lo = this.lo; c.hi = this.hi; c.sorted = this.sorted;
    c.items = this.items.slice();
    c.levels = this.levels.slice();
    return c;
  }

  private get numLevels(): number { return this.levels.length - 1; }
  private levelSize(h: number): number { return h < this.numLevels ? this.levels[h + 1] - this.levels[h] : 0; }
  private get retained(): number { return this.levels[this.numLevels] - this.levels[0]; }

  /** The level sizes, level 0 first (kll_info's level_sizes). */
  get levelSizes(): number[] { return Array.from({ length: this.numLevels }, (_, h) => this.levelSize(h)); }

  // ------------------------------------------------------------ bytes (§10.2, §10.8)

  /** Reads outside bytes, validated as FORMAT.md §10.8 says, in the server's order (FormatError otherwise). */
  static fromBytes(data: Uint8Array | ArrayBuffer): Kll {
    const b = toUint8Array(data);
    const bad = (what: string) => new FormatError(`${INVALID}: ${what}`);
    checkPrefix(b, TAG, HEADER, INVALID);
    const flags = b[3];
    if (flags & FLAG_WORKING) throw bad("flags mark an aggregate's working state, which is never a stored value");
    if (flags & ~FLAG_SORTED) throw bad(`flags 0x${hex2(flags)} set bits other than bit 0`);
    if (b[1] !== 1) throw bad(`format version ${b[1]} is not a kll's (a kll has version 1: it records no value kind)`);
    if (b[2] !== 0) throw bad(`hash function id ${b[2]} is not 0 (a kll hashes nothing)`);
    const dv = view(b);
    const k = dv.getUint16(4, true), minK = dv.getUint16(6, true), n = dv.getBigUint64(8, true);
    const min = dv.getFloat64(16, true), max = dv.getFloat64(24, true), L = b[32], free = dv.getUint32(36, true);
    if (L < 1 || L > MAX_LEVELS) throw bad(`level count ${L} is not in 1..${MAX_LEVELS}`);
    if (b.length < HEADER + 4 * L) throw bad(`it is ${b.length} bytes long, shorter than its ${L} level sizes`);
    const sizes: number[] = [];
    let retained = 0;
    for (let h = 0; h < L; h++) { sizes.push(dv.getUint32(HEADER + 4 * h, true)); retained += sizes[h]; }
    const expected = HEADER + 4 * L + 8 * (retained + free);
    if (b.length !== expected) throw bad(`it is ${b.length} bytes long; its level sizes and free slots make ${expected}`);
    if (k < MIN_K) throw bad(`k ${k} is below ${MIN_K}`);
    if (b[33] !== M) throw bad(`m is ${b[33]}, expected 8`);
    if (dv.getUint16(34, true) !== 0) throw bad("reserved bytes 34-35 are not 0");
    if (free !== 0) throw bad(`free slots ${free} are not 0 (a value keeps no free slots)`);
    const capacity = totalCapacity(k, L);
    if (retained > capacity) throw bad("it retains more items than its level count holds");
    const s = new Kll(k, minK);
    s.n = n; s.lo = min; s.hi = max; s.sorted = (flags & FLAG_SORTED) !== 0;
    s.items = new Float64Array(capacity);
    s.levels = new Array<number>(L + 1);
    s.levels[L] = capacity;
    for (let h = L - 1; h >= 0; h--) s.levels[h] = s.levels[h + 1] - sizes[h];
    const at = HEADER + 4 * L;
    for (let i = 0; i < retained; i++) s.items[s.levels[0] + i] = dv.getFloat64(at + 8 * i, true);
    // the contents
    if (minK < MIN_K || minK > k) throw bad(`min_k ${minK} is not in ${MIN_K}..k (${k})`);
    if (L > 1 && sizes[L - 1] === 0) throw bad(`the top level of ${L} is empty`);
    let weight = 0n;
    for (let h = 0; h < L; h++) weight += BigInt(sizes[h]) << BigInt(h);
    if (weight !== n) throw bad(`n ${n} is not the weight of the retained items (each item of level h counts 2^h)`);
    if (n > 0n) {
      if (Number.isNaN(min) || Number.isNaN(max)) throw bad("min or max is NaN");
      if (!(min <= max)) throw bad("min is above max");
      for (let h = 0; h < L; h++) {
        for (let i = s.levels[h]; i < s.levels[h + 1]; i++) {
          const v = s.items[i];
          if (Number.isNaN(v)) throw bad(`level ${h} holds NaN`);
          if (v < min || v > max) throw bad(`level ${h} holds an item outside [min, max]`);
          if (i > s.levels[h] && (h > 0 || s.sorted) && v < s.items[i - 1])
            throw bad(`level ${h} is not sorted${h === 0 ? " though flagged sorted" : ""}`);
        }
      }
    } else {
      if (L !== 1) throw bad("an empty sketch has more than one level");
      if (doubleBits(min) !== 0n || doubleBits(max) !== 0n) throw bad("an empty sketch's min and max are not 0");
      if (s.sorted) throw bad("flags mark an empty sketch's level 0 sorted");
      if (minK !== k) throw bad("an empty sketch's min_k is not its k");
    }
    return s;
  }

  /** fromBytes (async like the hashed types' load: a kll has no seed to ready). */
  static async load(data: Uint8Array | ArrayBuffer): Promise<Kll> { return Kll.fromBytes(data); }

  static fromText(text: string): Kll {
    return Kll.fromBytes(textToBytes(text, "type kll", (m) => new FormatError(m)));
  }

  /** The value's bytes (§10.2: no free slot). */
  toBytes(): Uint8Array {
    const L = this.numLevels, retained = this.retained;
    const out = new Uint8Array(HEADER + 4 * L + 8 * retained);
    const dv = view(out);
    out[0] = TAG; out[1] = 1; out[2] = 0; out[3] = this.sorted ? FLAG_SORTED : 0;
    dv.setUint16(4, this.k, true);
    dv.setUint16(6, this.minK, true);
    dv.setBigUint64(8, this.n, true);
    dv.setFloat64(16, this.n ? this.lo : 0, true);
    dv.setFloat64(24, this.n ? this.hi : 0, true);
    out[32] = L; out[33] = M;
    for (let h = 0; h < L; h++) dv.setUint32(HEADER + 4 * h, this.levelSize(h), true);
    const at = HEADER + 4 * L;
    for (let i = 0; i < retained; i++) dv.setFloat64(at + 8 * i, this.items[this.levels[0] + i], true);
    return out;
  }

  toText(): string { return "\\x" + toHex(this.toBytes()); }

  equals(o: Kll): boolean {
    const a = this.toBytes(), b = o.toBytes();
    return a.length === b.length && a.every((x, i) => x === b[i]);
  }

  // ------------------------------------------------------------ adding (§10.3), union (§10.4)

  /** A full buffer's compaction; a new top level first when the top is the level to compact. */
  private compactFull(): void {
    const L = this.numLevels;
    let level = 0;
    while (level < L && this.levelSize(level) < levelCapacity(this.k, L, level)) level++;
    if (level === L) throw new Error("kll: a full buffer with no level at its capacity");
    if (level === L - 1) {
      const delta = levelCapacity(this.k, L + 1, 0);
      const grown = new Float64Array(this.items.length + delta);
      grown.set(this.items, delta);
      this.items = grown;
      for (let h = 0; h <= L; h++) this.levels[h] += delta;
      this.levels.push(grown.length);
    }
    compactLevel(this.items, this.levels, level, this.sorted, this.n);
  }

  /** The slot of a new level-0 item, compacting first when the buffer is full. */
  private nextSlot(): number {
    if (this.levels[0] === 0) this.compactFull();
    this.n++;
    this.sorted = false;
    return --this.levels[0];
  }

  /** kll_agg's step: a new sketch with the value added. */
  add(x: number | bigint): Kll { return this.copy().addInPlace(x); }

  /** Adds the value in place (a bigint is converted to the nearest double, as the server converts a bigint).
   * NaN is refused (ParameterError); ±Infinity are values like any other. */
  addInPlace(x: number | bigint): this {
    const v = typeof x === "bigint" ? Number(x) : x;
    if (Number.isNaN(v)) throw new ParameterError("a kll sketch cannot hold NaN");
    if (this.n === U64) throw new CapacityError("kll count would pass 2^64 - 1 values");
    this.view = null;
    if (this.n === 0n) this.lo = this.hi = v;
    else {
      if (v < this.lo) this.lo = v;
      if (this.hi < v) this.hi = v;
    }
    const slot = this.nextSlot(); // first: a new level replaces the buffer
    this.items[slot] = v;
    return this;
  }

  /** kll_union (||): DataSketches' merge of o into a copy of this (this k stays; the smaller min_k when o
   * has compacted). Any two k combine; not symmetric. */
  union(o: Kll): Kll {
    const s = this.copy();
    if (o.n === 0n) return s;
    if (o.n > U64 - s.n) throw new CapacityError("kll count would pass 2^64 - 1 values");
    if (s.n === 0n) { s.lo = o.lo; s.hi = o.hi; }
    else {
      if (o.lo < s.lo) s.lo = o.lo;
      if (s.hi < o.hi) s.hi = o.hi;
    }
    const finalN = s.n + o.n;
    for (let i = o.levels[0]; i < o.levels[1]; i++) {
      const slot = s.nextSlot();
      s.items[slot] = o.items[i];
    }
    if (o.numLevels >= 2) s.mergeHigherLevels(o);
    s.n = finalN;
    if (o.numLevels > 1) s.minK = Math.min(s.minK, o.minK);
    return s;
  }

  /** DataSketches' merge_higher_levels: this level 0 (o's already in it) and both sketches' levels above,
   * merged level by level (o's item first on ties) and compressed. */
  private mergeHigherLevels(o: Kll): void {
    const provisional = Math.max(this.numLevels, o.numLevels);
    const bound = Math.max(provisional, 64) + 3;
    const work = new Float64Array(this.retained + (o.retained - o.levelSize(0)));
    const inn = new Array<number>(bound).fill(0), out = new Array<number>(bound).fill(0);
    work.set(this.items.subarray(this.levels[0], this.levels[1]), 0);
    inn[1] = this.levelSize(0);
    for (let h = 1; h < provisional; h++) {
      const mine = this.levelSize(h), theirs = o.levelSize(h);
      inn[h + 1] = inn[h] + mine + theirs;
      const a = mine ? this.levels[h] : 0, b = theirs ? o.levels[h] : 0;
      let i = 0, j = 0;
      for (let c = inn[h]; c < inn[h + 1]; c++) {
        if (i === mine || (j !== theirs && !(this.items[a + i] < o.items[b + j]))) work[c] = o.items[b + j++];
        else work[c] = this.items[a + i++];
      }
    }
    const r = compress(this.k, this.n, provisional, work, inn, out, this.sorted);
    const free = r.capacity - r.count;
    this.items = new Float64Array(r.capacity);
    this.items.set(work.subarray(out[0], out[0] + r.count), free);
    this.levels = [];
    for (let h = 0; h <= r.levels; h++) this.levels.push(out[h] - out[0] + free);
  }

  // ------------------------------------------------------------ answers (§10.6)

  private sortedView(): View {
    if (this.view) return this.view;
    let values = new Float64Array(0), heights = new Uint8Array(0);
    for (let h = 0; h < this.numLevels; h++) {
      const level = this.items.slice(this.levels[h], this.levels[h + 1]);
      if (h === 0 && !this.sorted) level.sort();
      const mv = new Float64Array(values.length + level.length), mh = new Uint8Array(mv.length);
      let i = 0, j = 0;
      for (let c = 0; c < mv.length; c++) {
        if (i === values.length || (j < level.length && level[j] < values[i])) { mv[c] = level[j++]; mh[c] = h; }
        else { mv[c] = values[i]; mh[c] = heights[i++]; }
      }
      values = mv; heights = mh;
    }
    const weights = new BigUint64Array(values.length);
    let total = 0n;
    for (let i = 0; i < values.length; i++) { total += 1n << BigInt(heights[i]); weights[i] = total; }
    return (this.view = { values, weights, total });
  }

  private quantileOf(v: View, q: number): number {
    const w = BigInt(Math.ceil(q * Number(v.total)));
    let lo = 0, hi = v.weights.length; // the first cumulative weight ≥ w
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (v.weights[mid] < w) lo = mid + 1; else hi = mid;
    }
    return lo === v.values.length ? v.values[v.values.length - 1] : v.values[lo];
  }

  /** quantile(sketch, q): the first retained item whose cumulative weight reaches ceil(q·n) (DataSketches'
   * inclusive rule); null when empty; ParameterError unless 0 ≤ q ≤ 1. */
  quantile(q: number): number | null {
    checkQ(q);
    return this.n === 0n ? null : this.quantileOf(this.sortedView(), q);
  }

  /** quantiles(sketch, qs): quantile at each q (a null q gives null); null when empty. */
  quantiles(qs: readonly (number | null)[]): (number | null)[] | null {
    for (const q of qs) if (q !== null) checkQ(q);
    if (this.n === 0n) return null;
    const v = this.sortedView();
    return qs.map((q) => (q === null ? null : this.quantileOf(v, q)));
  }

  /** quantile_rank(sketch, x): the fraction of the weight at items ≤ x; null when empty; ParameterError for NaN. */
  quantileRank(x: number): number | null {
    if (this.n === 0n) return null;
    if (Number.isNaN(x)) throw new ParameterError("the rank of NaN has no meaning");
    const v = this.sortedView();
    let lo = 0, hi = v.values.length; // the first item > x
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (x < v.values[mid]) hi = mid; else lo = mid + 1;
    }
    return lo === 0 ? 0 : Number(v.weights[lo - 1]) / Number(v.total);
  }

  /** kll_count: the number of values (SketchError 22003 past bigint's range, as the server). */
  count(): bigint {
    if (this.n > (1n << 63n) - 1n) throw new SketchError(`kll count ${this.n} is past bigint's range`, "22003");
    return this.n;
  }

  /** kll_min: the smallest value as it came (−0 kept); null when empty. */
  min(): number | null { return this.n === 0n ? null : this.lo; }

  /** kll_max. */
  max(): number | null { return this.n === 0n ? null : this.hi; }

  /** Level 0 is flagged sorted (an image imported so). */
  get levelZeroSorted(): boolean { return this.sorted; }

  /** kll_rank_error(sketch, double_sided): DataSketches' a priori normalized rank error of min_k. */
  rankError(doubleSided = false): number { return rankError(this.minK, doubleSided); }

  /** The rank error a sketch of k (8 … 65535) answers within, before it is built. */
  static rankErrorFor(k: number, doubleSided = false): number {
    checkK(k);
    return rankError(k, doubleSided);
  }
}
