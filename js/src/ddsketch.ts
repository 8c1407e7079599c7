/** ddsketch (FORMAT.md §6): parse and validate, quantiles, ranks, count, min, max, the exact sum,
 * add, union, write. The mapping and every answer use +, −, ×, ÷, floor and ceil only, in the
 * reference's order (src/core/ddsketch.cpp), so they are the server's to the bit. */
import { CapacityError, FormatError, ParameterError } from "./errors.js";
import { ldexp, textToBytes, toHex, toUint8Array, view } from "./bytes.js";
import { bitLength, checkPrefix, doubleBits, exactParts, frexp, hex2 } from "./numbers.js";

const TAG = 0x44, HEADER = 80, MAX_BUCKETS = 65536, MIN_SUM_LIMB = -17, MAX_SUM_LIMBS = 35;
const MIN_ALPHA = 0.0001, MAX_ALPHA = 0.5, DBL_MAX = 1.7976931348623157e308;
export const DDSKETCH_DEFAULT_ALPHA = 0.01;
export const DDSKETCH_DEFAULT_MAX_BUCKETS = 2048;
const FLAG_POSITIVE_COLLAPSED = 1, FLAG_NEGATIVE_COLLAPSED = 2, FLAG_SUM_UNKNOWN = 4;
const U64 = (1n << 64n) - 1n;
const INVALID = "invalid ddsketch value";

// §6.2's cubic P(s) = ((A s + B) s + C) s.
const A = 6.0 / 35.0, B = -3.0 / 5.0, C = 10.0 / 7.0;

const cubic = (s: number) => ((A * s + B) * s + C) * s;
const multiplier = (alpha: number) => 7.0 / (20.0 * alpha);

/** §6.2: the bucket of a magnitude x > 0. */
function indexOf(x: number, m: number): number {
  const [f, e] = frexp(x);
  return Math.ceil(m * ((e - 1) + cubic(2.0 * f - 1.0))) | 0;
}

/** l⁻¹(y) as [1 + σ, E] (§6.2: eight Newton steps, clamped after each). */
function inverse(y: number): [number, number] {
  const e = Math.floor(y), t = y - e;
  let s = t;
  for (let i = 0; i < 8; i++) {
    const slope = (3.0 * A * s + 2.0 * B) * s + C;
    s -= (cubic(s) - t) / slope;
    s = Math.min(1.0, Math.max(0.0, s));
  }
  return [1.0 + s, e > 2000 ? 2000 : e < -2000 ? -2000 : e];
}

/** The value bucket k reports: the harmonic mean of its edges, from the two roots (§6.2). */
function representative(k: number, m: number): number {
  const [m1, e1] = inverse((k - 1) / m), [m2, e2] = inverse(k / m);
  const r = ldexp(m2 / m1, e2 - e1);
  return ldexp(m1 * ((2.0 * r) / (1.0 + r)), e1);
}

const widthFor = (largest: bigint) => (largest <= 0xffn ? 1 : largest <= 0xffffn ? 2 : largest <= 0xffffffffn ? 4 : 8);

function addCount(a: bigint, b: bigint): bigint {
  if (b > U64 - a) throw new CapacityError("ddsketch count would pass 2^64 - 1 values");
  return a + b;
}

/** A store: the counts of buckets lowest … lowest + counts.length − 1. */
interface Store { lowest: number; counts: bigint[]; collapsed: boolean }

const emptyStore = (): Store => ({ lowest: 0, counts: [], collapsed: false });
const copyStore = (s: Store): Store => ({ lowest: s.lowest, counts: s.counts.slice(), collapsed: s.collapsed });
const highest = (s: Store) => s.lowest + s.counts.length - 1;

/** §6.4: the store of a's and b's buckets, the lowest folded into the lowest kept past maxBuckets. */
function combined(a: Store, b: Store, maxBuckets: number): Store {
  if (a.counts.length === 0) return copyStore(b);
  if (b.counts.length === 0) return copyStore(a);
  const high = Math.max(highest(a), highest(b));
  const low = Math.max(Math.min(a.lowest, b.lowest), high - maxBuckets + 1);
  const out: Store = { lowest: low, counts: new Array<bigint>(high - low + 1).fill(0n), collapsed: a.collapsed || b.collapsed };
  for (const s of [a, b]) {
    for (let i = 0; i < s.counts.length; i++) {
      if (s.counts[i] === 0n) continue;
      let k = s.lowest + i;
      if (k < low) { out.collapsed = true; k = low; }
      out.counts[k - low] = addCount(out.counts[k - low], s.counts[i]);
    }
  }
  return out;
}

/** Adds n values of bucket index to the store (a new store when its range changes). */
function storeAdd(s: Store, index: number, n: bigint, maxBuckets: number): Store {
  const size = s.counts.length;
  if (size > 0 && index >= s.lowest && index <= highest(s)) {
    s.counts[index - s.lowest] = addCount(s.counts[index - s.lowest], n);
    return s;
  }
  if (size > 0 && index < s.lowest && s.collapsed) {
    s.counts[0] = addCount(s.counts[0], n);
    return s;
  }
  return combined(s, { lowest: index, counts: [n], collapsed: false }, maxBuckets);
}

function checkParameters(alpha: number, maxBuckets: number): void {
  if (!(alpha >= MIN_ALPHA && alpha <= MAX_ALPHA))
    throw new ParameterError(`ddsketch relative accuracy must be between ${MIN_ALPHA} and ${MAX_ALPHA}, not ${alpha}`);
  if (!Number.isInteger(maxBuckets) || maxBuckets < 1 || maxBuckets > MAX_BUCKETS)
    throw new ParameterError(`ddsketch maximum bucket count must be between 1 and ${MAX_BUCKETS}, not ${maxBuckets}`);
}

function checkValue(v: number): void {
  if (Number.isNaN(v)) throw new ParameterError("a ddsketch cannot hold NaN");
  if (!Number.isFinite(v)) throw new ParameterError(`a ddsketch cannot hold ${v > 0 ? "Infinity" : "-Infinity"}`);
}

function checkQ(q: number): void {
  if (!(q >= 0.0 && q <= 1.0)) throw new ParameterError(`quantile ${q} is not between 0 and 1`);
}

/** The fewest u64 limbs of a two's complement integer (§6.3). */
function limbCount(s: bigint): number {
  if (s === 0n) return 0;
  return Math.floor((bitLength(s < 0n ? ~s : s) + 1 + 63) / 64);
}

export class Ddsketch {
  private n = 0n;
  private zeros = 0n;
  private lo = 0;
  private hi = 0;
  /** The sum, exactly: sum · 2^(64 · sumLow), canonical (sum not a multiple of 2^64; 0 with sumLow 0). */
  private sumValue = 0n;
  private sumLow = 0;
  private sumUnknown = false;
  private positive: Store = emptyStore();
  private negative: Store = emptyStore();
  private readonly m: number;

  private constructor(readonly alpha: number, readonly maxBuckets: number) {
    this.m = multiplier(alpha);
  }

  /** The empty sketch of ddsketch_agg(x, alpha, max_buckets) (defaults 0.01 and 2048). */
  static empty(alpha = DDSKETCH_DEFAULT_ALPHA, maxBuckets = DDSKETCH_DEFAULT_MAX_BUCKETS): Ddsketch {
    checkParameters(alpha, maxBuckets);
    return new Ddsketch(alpha, maxBuckets);
  }

  copy(): Ddsketch {
    const c = new Ddsketch(this.alpha, this.maxBuckets);
    c.n = this.n; c.zeros = this.zeros; c.lo = this.lo; c.hi = this.hi;
    c.sumValue = this.sumValue; c.sumLow = this.sumLow; c.sumUnknown = this.sumUnknown;
    c.positive = copyStore(this.positive); c.negative = copyStore(this.negative);
    return c;
  }

  // ------------------------------------------------------------ bytes (§6.3, §6.5)

  /** Reads outside bytes, validated as FORMAT.md §6.5 says, in the server's order (FormatError otherwise). */
  static fromBytes(data: Uint8Array | ArrayBuffer): Ddsketch {
    const b = toUint8Array(data);
    const bad = (what: string) => new FormatError(`${INVALID}: ${what}`);
    checkPrefix(b, TAG, HEADER, INVALID);
    if (b[1] !== 1) throw bad(`format version ${b[1]} is not a ddsketch version (1)`);
    if (b[2] !== 0) throw bad(`hash id is ${b[2]}, expected 0 (a ddsketch hashes nothing)`);
    const dv = view(b);
    const flags = b[3];
    if (flags & ~(FLAG_POSITIVE_COLLAPSED | FLAG_NEGATIVE_COLLAPSED | FLAG_SUM_UNKNOWN)) throw bad(`flags 0x${hex2(flags)} set unknown bits`);
    if (dv.getUint16(6, true) !== 0) throw bad("reserved bytes 6-7 are not zero");
    if (dv.getUint32(76, true) !== 0) throw bad("reserved bytes 76-79 are not zero");
    const width = [b[4], b[5]];
    const alpha = dv.getFloat64(8, true), maxBuckets = dv.getUint32(16, true), limbs = dv.getUint32(20, true);
    const count = dv.getBigUint64(24, true), zeros = dv.getBigUint64(32, true);
    const min = dv.getFloat64(40, true), max = dv.getFloat64(48, true), sumLow = dv.getInt32(56, true);
    const lowest = [dv.getInt32(60, true), dv.getInt32(68, true)], buckets = [dv.getUint32(64, true), dv.getUint32(72, true)];
    if (!(alpha >= MIN_ALPHA && alpha <= MAX_ALPHA)) throw bad(`relative accuracy ${alpha} is outside ${MIN_ALPHA}..${MAX_ALPHA}`);
    if (maxBuckets < 1 || maxBuckets > MAX_BUCKETS) throw bad(`maximum bucket count ${maxBuckets} is outside 1..${MAX_BUCKETS}`);
    if (limbs > MAX_SUM_LIMBS) throw bad(`sum limb count ${limbs} is above ${MAX_SUM_LIMBS}`);
    if ((flags & FLAG_SUM_UNKNOWN) !== 0 && limbs !== 0) throw bad(`sum is marked unknown but has ${limbs} limbs`);
    const names = ["positive", "negative"];
    for (let i = 0; i < 2; i++) {
      if (buckets[i] > maxBuckets)
        throw bad(`${names[i]} store has ${buckets[i]} buckets, more than the maximum bucket count ${maxBuckets}`);
      if (buckets[i] === 0 ? width[i] !== 0 : ![1, 2, 4, 8].includes(width[i]))
        throw bad(`${names[i]} store's count width ${width[i]} is ${buckets[i] === 0 ? "not 0 for an empty store" : "not 1, 2, 4 or 8"}`);
    }
    const expected = HEADER + 8 * limbs + buckets[0] * width[0] + buckets[1] * width[1];
    if (b.length !== expected) throw bad(`it is ${b.length} bytes long, but its header describes ${expected}`);
    if (limbs === 0) {
      if (sumLow !== 0) throw bad(`sum is zero but its lowest limb is ${sumLow}`);
    } else if (sumLow < MIN_SUM_LIMB || sumLow + limbs > MIN_SUM_LIMB + MAX_SUM_LIMBS) {
      throw bad(`sum limbs ${sumLow}..${sumLow + limbs - 1} are outside ${MIN_SUM_LIMB}..${MIN_SUM_LIMB + MAX_SUM_LIMBS - 1}`);
    }
    const m = multiplier(alpha);
    const loIndex = indexOf(2 ** -1074, m), hiIndex = indexOf(DBL_MAX, m);
    for (let i = 0; i < 2; i++) {
      const last = lowest[i] + buckets[i] - 1;
      if (buckets[i] > 0 && (lowest[i] < loIndex || last > hiIndex))
        throw bad(`${names[i]} store's indexes ${lowest[i]}..${last} are outside the finite doubles' ${loIndex}..${hiIndex}`);
    }
    // decoded
    const s = new Ddsketch(alpha, maxBuckets);
    s.n = count; s.zeros = zeros; s.lo = min; s.hi = max; s.sumUnknown = (flags & FLAG_SUM_UNKNOWN) !== 0;
    const limbValues: bigint[] = [];
    for (let i = 0; i < limbs; i++) limbValues.push(dv.getBigUint64(HEADER + 8 * i, true));
    let at = HEADER + 8 * limbs;
    const stores: Store[] = [];
    for (let i = 0; i < 2; i++) {
      const counts: bigint[] = new Array(buckets[i]);
      for (let k = 0; k < buckets[i]; k++, at += width[i])
        counts[k] = width[i] === 1 ? BigInt(b[at]) : width[i] === 2 ? BigInt(dv.getUint16(at, true))
          : width[i] === 4 ? BigInt(dv.getUint32(at, true)) : dv.getBigUint64(at, true);
      stores.push({ lowest: lowest[i], counts, collapsed: (flags & (i === 0 ? FLAG_POSITIVE_COLLAPSED : FLAG_NEGATIVE_COLLAPSED)) !== 0 });
    }
    [s.positive, s.negative] = stores;
    // the full check of outside bytes
    for (let i = 0; i < 2; i++) {
      const st = stores[i], name = names[i];
      if (st.counts.length === 0) {
        if (st.lowest !== 0) throw bad(`${name} store is empty but its lowest index is ${st.lowest}`);
        if (st.collapsed) throw bad(`${name} store is empty but marked collapsed`);
        continue;
      }
      if (st.counts[0] === 0n) throw bad(`${name} store's first count is 0`);
      if (st.counts[st.counts.length - 1] === 0n) throw bad(`${name} store's last count is 0`);
      const largest = st.counts.reduce((x, y) => (y > x ? y : x));
      if (width[i] !== widthFor(largest))
        throw bad(`${name} store's count width is ${width[i]} but its largest count ${largest} needs ${widthFor(largest)}`);
      if (st.collapsed && st.counts.length !== maxBuckets)
        throw bad(`${name} store is marked collapsed but has ${st.counts.length} buckets, not the maximum ${maxBuckets}`);
    }
    let total = zeros;
    for (const st of stores)
      for (const c of st.counts) {
        if (c > U64 - total) throw bad("the zero count and buckets hold more than 2^64 - 1 values");
        total += c;
      }
    if (total !== count) throw bad(`count is ${count} but the zero count and buckets hold ${total}`);
    if (limbs > 0) {
      const top = limbValues[limbs - 1], nextSign = limbs >= 2 ? limbValues[limbs - 2] >> 63n : 0n;
      if (limbValues[0] === 0n || (limbs >= 2 && ((top === 0n && nextSign === 0n) || (top === U64 && nextSign === 1n))))
        throw bad("sum is not in its fewest limbs (lowest limb zero or highest a sign extension)");
      if (count === 0n) throw bad("sum is not zero in an empty sketch");
      let v = 0n;
      for (let i = limbs - 1; i >= 0; i--) v = (v << 64n) | limbValues[i];
      s.sumValue = BigInt.asIntN(64 * limbs, v);
      s.sumLow = sumLow;
    }
    if (s.sumUnknown && count === 0n) throw bad("an empty sketch's sum is marked unknown");
    if (count > 0n && !s.sumUnknown && Number.isFinite(min) && Number.isFinite(max)) {
      // the sum lies within count · min … count · max, compared exactly
      if (s.exactSumMinus(min, count) < 0n || s.exactSumMinus(max, count) > 0n) throw bad("sum is outside count * min .. count * max");
    }
    if (count === 0n) {
      if (doubleBits(min) !== 0n || doubleBits(max) !== 0n) throw bad(`min and max of an empty sketch are ${min} and ${max}, not 0`);
      return s;
    }
    if (!Number.isFinite(min) || !Number.isFinite(max) || !(min <= max)) throw bad(`min ${min} and max ${max} are not finite and ordered`);
    if (Object.is(min, -0) || Object.is(max, -0)) throw bad("min or max is -0 (stored as 0)");
    const extreme = (what: string, v: number, st: Store, k: number, mayFold: boolean) => {
      const idx = indexOf(Math.abs(v), m);
      if (idx === k || (mayFold && st.collapsed && idx < k)) return;
      throw bad(`${what} ${v} is in bucket ${idx}, not in ${k}`);
    };
    const [pos, neg] = stores;
    if (neg.counts.length > 0) {
      if (!(min < 0)) throw bad(`min ${min} is not negative, but negative values are held`);
      extreme("min", min, neg, highest(neg), false);
    } else if (zeros > 0n) {
      if (min !== 0) throw bad(`min ${min} is not 0, but zeros and no negative value are held`);
    } else {
      if (!(min > 0)) throw bad(`min ${min} is not positive, but only positive values are held`);
      extreme("min", min, pos, pos.lowest, true);
    }
    if (pos.counts.length > 0) {
      if (!(max > 0)) throw bad(`max ${max} is not positive, but positive values are held`);
      extreme("max", max, pos, highest(pos), false);
    } else if (zeros > 0n) {
      if (max !== 0) throw bad(`max ${max} is not 0, but zeros and no positive value are held`);
    } else {
      if (!(max < 0)) throw bad(`max ${max} is not negative, but only negative values are held`);
      extreme("max", max, neg, neg.lowest, true);
    }
    return s;
  }

  /** fromBytes (async like the hashed types' load: a ddsketch has no seed to ready). */
  static async load(data: Uint8Array | ArrayBuffer): Promise<Ddsketch> { return Ddsketch.fromBytes(data); }

  static fromText(text: string): Ddsketch {
    return Ddsketch.fromBytes(textToBytes(text, "type ddsketch", (m) => new FormatError(m)));
  }

  /** The canonical bytes (§6.3). */
  toBytes(): Uint8Array {
    const limbs = limbCount(this.sumValue);
    const stores = [this.positive, this.negative];
    const widths = stores.map((st) => (st.counts.length ? widthFor(st.counts.reduce((x, y) => (y > x ? y : x))) : 0));
    const out = new Uint8Array(HEADER + 8 * limbs + stores[0].counts.length * widths[0] + stores[1].counts.length * widths[1]);
    const dv = view(out);
    out[0] = TAG; out[1] = 1; out[2] = 0;
    out[3] = (this.positive.collapsed ? FLAG_POSITIVE_COLLAPSED : 0) | (this.negative.collapsed ? FLAG_NEGATIVE_COLLAPSED : 0)
      | (this.sumUnknown ? FLAG_SUM_UNKNOWN : 0);
    dv.setFloat64(8, this.alpha, true);
    dv.setUint32(16, this.maxBuckets, true);
    dv.setUint32(20, limbs, true);
    dv.setBigUint64(24, this.n, true);
    dv.setBigUint64(32, this.zeros, true);
    dv.setFloat64(40, this.lo, true);
    dv.setFloat64(48, this.hi, true);
    dv.setInt32(56, this.sumLow, true);
    let at = HEADER;
    for (let i = 0; i < limbs; i++, at += 8) dv.setBigUint64(at, BigInt.asUintN(64, this.sumValue >> BigInt(64 * i)), true);
    for (let i = 0; i < 2; i++) {
      const st = stores[i], w = widths[i];
      if (!st.counts.length) continue;
      out[4 + i] = w;
      dv.setInt32(60 + 8 * i, st.lowest, true);
      dv.setUint32(64 + 8 * i, st.counts.length, true);
      for (const c of st.counts) {
        if (w === 1) out[at] = Number(c);
        else if (w === 2) dv.setUint16(at, Number(c), true);
        else if (w === 4) dv.setUint32(at, Number(c), true);
        else dv.setBigUint64(at, c, true);
        at += w;
      }
    }
    return out;
  }

  toText(): string { return "\\x" + toHex(this.toBytes()); }

  equals(o: Ddsketch): boolean {
    const a = this.toBytes(), b = o.toBytes();
    return a.length === b.length && a.every((x, i) => x === b[i]);
  }

  // ------------------------------------------------------------ the exact sum (§6.4)

  /** Adds M · 2^e to the sum, exactly, and keeps it canonical. */
  private addExact(mantissa: bigint, e: number): void {
    if (mantissa === 0n) return;
    const j = Math.floor(e / 64);
    if (this.sumValue === 0n) {
      this.sumValue = mantissa << BigInt(e - 64 * j);
      this.sumLow = j;
    } else if (j >= this.sumLow) {
      this.sumValue += mantissa << BigInt(e - 64 * this.sumLow);
    } else {
      this.sumValue = (this.sumValue << BigInt(64 * (this.sumLow - j))) + (mantissa << BigInt(e - 64 * j));
      this.sumLow = j;
    }
    if (this.sumValue === 0n) { this.sumLow = 0; return; }
    while ((this.sumValue & U64) === 0n) { this.sumValue >>= 64n; this.sumLow++; }
  }

  /** sum − n · v as an exact integer multiple of a common power of two (its sign is what matters). */
  private exactSumMinus(v: number, n: bigint): bigint {
    const [mv, ev] = exactParts(v);
    const base = Math.min(64 * this.sumLow, ev);
    return (this.sumValue << BigInt(64 * this.sumLow - base)) - ((n * mv) << BigInt(ev - base));
  }

  /** The exact sum rounded to a double as the reference does (src/core/ddsketch.cpp ExactSum::to_double);
   * null past the double range. */
  private sumToDouble(): number | null {
    if (this.sumValue === 0n) return 0;
    const neg = this.sumValue < 0n, mag = neg ? -this.sumValue : this.sumValue;
    const bits = bitLength(mag);
    // the top 64 bits of the magnitude (whose lowest bit is 2^base), and whether any bit below them is set
    const base = bits - 64;
    const top = base <= 0 ? mag << BigInt(-base) : mag >> BigInt(base);
    const sticky = base > 0 && (mag & ((1n << BigInt(base)) - 1n)) !== 0n;
    let m = top >> 11n;
    const rem = top & 0x7ffn;
    if (rem > 0x400n || (rem === 0x400n && (sticky || (m & 1n) === 1n))) m++;
    const exponent = base + 11 + 64 * this.sumLow;
    if (exponent > 2000) return null;
    const v = ldexp(Number(m), exponent);
    if (!Number.isFinite(v)) return null;
    return neg ? -v : v;
  }

  // ------------------------------------------------------------ adding, union (§6.4)

  /** ddsketch_agg's step: a new sketch with the value added `repeat` times (the same bytes as as many adds). */
  add(x: number | bigint, repeat: number | bigint = 1): Ddsketch { return this.copy().addInPlace(x, repeat); }

  /** Adds the value (a bigint is converted to the nearest double, as the server converts a bigint)
   * `repeat` times, in place. NaN and ±Infinity are refused (ParameterError); nothing changes on an error. */
  addInPlace(x: number | bigint, repeat: number | bigint = 1): this {
    const v = typeof x === "bigint" ? Number(x) : x;
    checkValue(v);
    if (typeof repeat === "number" && !Number.isInteger(repeat)) throw new ParameterError(`a repeat count ${repeat} is not an integer`);
    const times = BigInt(repeat);
    if (times < 0n) throw new ParameterError(`a repeat count ${times} is negative`);
    if (times === 0n) return this;
    const count = addCount(this.n, times);
    if (v === 0) {
      this.zeros += times;
    } else {
      const index = indexOf(Math.abs(v), this.m);
      if (v > 0) this.positive = storeAdd(this.positive, index, times, this.maxBuckets);
      else this.negative = storeAdd(this.negative, index, times, this.maxBuckets);
      if (!this.sumUnknown) {
        const [mantissa, e] = exactParts(v);
        this.addExact(mantissa * times, e);
      }
    }
    const stored = v === 0 ? 0 : v; // -0 is held as 0
    if (this.n === 0n) { this.lo = this.hi = stored; }
    else {
      if (stored < this.lo) this.lo = stored;
      if (stored > this.hi) this.hi = stored;
    }
    this.n = count;
    return this;
  }

  /** ddsketch_union (||): the sketch of both inputs' values; the same α and maximum bucket count, else
   * ParameterError (22023) as the server refuses them. */
  union(o: Ddsketch): Ddsketch {
    if (this.alpha !== o.alpha || this.maxBuckets !== o.maxBuckets)
      throw new ParameterError("cannot combine ddsketch values with different parameters: one has relative accuracy "
        + `${this.alpha} and maximum bucket count ${this.maxBuckets}; the other ${o.alpha} and ${o.maxBuckets}`);
    const out = this.copy();
    if (o.n === 0n) return out;
    const count = addCount(this.n, o.n);
    if (this.n === 0n) { out.lo = o.lo; out.hi = o.hi; }
    else { out.lo = Math.min(this.lo, o.lo); out.hi = Math.max(this.hi, o.hi); }
    out.n = count;
    out.zeros = this.zeros + o.zeros;
    out.sumUnknown = this.sumUnknown || o.sumUnknown;
    if (out.sumUnknown) { out.sumValue = 0n; out.sumLow = 0; }
    else out.addExact(o.sumValue, 64 * o.sumLow);
    out.positive = combined(this.positive, o.positive, this.maxBuckets);
    out.negative = combined(this.negative, o.negative, this.maxBuckets);
    return out;
  }

  // ------------------------------------------------------------ answers (§6.6)

  /** ddsketch_count: the number of values (a bigint, as SQL's bigint: a count past 2^63 − 1 reads negative there too). */
  count(): bigint { return BigInt.asIntN(64, this.n); }

  /** ddsketch_min: the smallest value, exactly (an estimate when the sum is not known); null when empty. */
  min(): number | null { return this.n === 0n ? null : this.lo; }

  /** ddsketch_max. */
  max(): number | null { return this.n === 0n ? null : this.hi; }

  /** False for a sketch with values of an imported image (flag bit 2): it has no sum. */
  get sumKnown(): boolean { return !this.sumUnknown; }

  /** The values equal to 0. */
  get zeroCount(): bigint { return this.zeros; }

  /** ddsketch_sum: the exact sum rounded once; null when empty; ParameterError (22023) when the sum is
   * not known, CapacityError (54000) past the double range. */
  sum(): number | null {
    if (this.n === 0n) return null;
    if (this.sumUnknown) throw new ParameterError("the sum of this ddsketch is not known");
    const v = this.sumToDouble();
    if (v === null) throw new CapacityError("ddsketch sum is outside the double precision range");
    return v;
  }

  /** ddsketch_mean: sum / count. */
  mean(): number | null {
    const s = this.sum();
    return s === null ? null : s / Number(this.n);
  }

  /** The estimate at 0-based position p (< n), clamped to [min, max]; the ends are min and max. */
  private valueAt(p: bigint): number {
    if (p === 0n) return this.lo;
    if (p === this.n - 1n) return this.hi;
    let before = 0n, v = 0;
    const neg = this.negative, pos = this.positive;
    let found = false;
    for (let i = neg.counts.length - 1; i >= 0; i--) {
      before += neg.counts[i];
      if (p < before) { v = -representative(neg.lowest + i, this.m); found = true; break; }
    }
    if (!found) {
      before += this.zeros;
      found = p < before;
    }
    for (let i = 0; i < pos.counts.length && !found; i++) {
      before += pos.counts[i];
      if (p < before) { v = representative(pos.lowest + i, this.m); found = true; }
    }
    return Math.min(this.hi, Math.max(this.lo, v));
  }

  private quantileOf(q: number): number | null {
    checkQ(q);
    if (this.n === 0n) return null;
    const row = Math.ceil(q * Number(this.n));
    const p = row <= 1.0 ? 0n : BigInt(Math.min(row, Number(this.n))) - 1n;
    return this.valueAt(p < this.n - 1n ? p : this.n - 1n);
  }

  /** quantile(sketch, q): the value at position max(1, ceil(q·n)) (percentile_disc's), within α of it;
   * null when empty; ParameterError unless 0 ≤ q ≤ 1. */
  quantile(q: number): number | null { return this.quantileOf(q); }

  /** quantiles(sketch, qs): quantile at each q (a null q gives null); null when empty. */
  quantiles(qs: readonly (number | null)[]): (number | null)[] | null {
    const out = qs.map((q) => this.quantileOf(q === null ? 0.5 : q));
    return this.n === 0n ? null : out.map((v, i) => (qs[i] === null ? null : v));
  }

  /** approx_percentile_cont(q) of the sketch's values: percentile_cont's interpolation between the estimates
   * at positions floor(q·(n−1)) and ceil(q·(n−1)); null when empty. */
  quantileCont(q: number): number | null {
    checkQ(q);
    if (this.n === 0n) return null;
    const at = q * Number(this.n - 1n);
    const first = Math.floor(at), second = Math.ceil(at), last = this.n - 1n;
    const pos = (x: number) => { const p = BigInt(x); return p < last ? p : last; };
    const lo = this.valueAt(pos(first));
    if (first === second) return lo;
    const hi = this.valueAt(pos(second));
    return lo + (hi - lo) * (at - first);
  }

  /** quantile_rank(sketch, x): the fraction of values whose bucket reports ≤ x (0 below min, 1 at or above
   * max); null when empty; ParameterError for NaN. */
  quantileRank(x: number): number | null {
    if (Number.isNaN(x)) throw new ParameterError("the rank of NaN is not defined");
    if (this.n === 0n) return null;
    if (x < this.lo) return 0;
    if (x >= this.hi) return 1;
    let below = 0n, done = false;
    const neg = this.negative, pos = this.positive;
    for (let i = neg.counts.length - 1; i >= 0 && !done; i--) {
      if (-representative(neg.lowest + i, this.m) <= x) below += neg.counts[i];
      else done = true;
    }
    if (!done && x >= 0) {
      below += this.zeros;
      for (let i = 0; i < pos.counts.length; i++) {
        if (representative(pos.lowest + i, this.m) > x) break;
        below += pos.counts[i];
      }
    }
    return Number(below) / Number(this.n);
  }
}
