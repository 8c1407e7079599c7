/** countmin (FORMAT.md §7): parse, count, add (conservative update), union, write. */
import { CapacityError, FormatError, ParameterError } from "./errors.js";
import { textToBytes, toHex, toUint8Array, view, copyBytes, bytesEqual } from "./bytes.js";
import { KIND_NONE, Value, probeHashInto, unionKind, valueKind } from "./values.js";
import { checkPrefix, readKind } from "./hll.js";
import { loadSeed } from "./hash.js";
import { R, add64, fmix64, join, mulHi, split } from "./u64.js";
import { MAX_TOTAL, checkWeight, totalTooLarge } from "./weights.js";

const TAG = 0x4d, HEADER = 48, RULE_CONSERVATIVE = 1, MAX_DEPTH = 32, MAXC = 511 * 2 ** 20;
const GAMMA_HI = 0x9e3779b9, GAMMA_LO = 0x7f4a7c15;
export const COUNTMIN_DEFAULT_EPSILON = 0.001, COUNTMIN_DEFAULT_DELTA = 0.01;

/** A C99 hexadecimal floating-point literal of a normal binary64 ("0x1.78b56362cef38p-2"), exactly. */
function hexFloat(s: string): number {
  const m = /^0x1\.([0-9a-f]{13})p([+-]\d+)$/.exec(s)!;
  return (2 ** 52 + parseInt(m[1], 16)) * 2 ** (Number(m[2]) - 52);
}

/** e, the binary64 nearest it (§7.1). */
const E = hexFloat("0x1.5bf0a8b145769p+1");
/** EXPM[k], the binary64 nearest e^-k, k = 0 … 32 (§7.1's list). */
const EXPM = [
  "0000000000000p+0", "78b56362cef38p-2", "152aaa3bf81ccp-3", "97db0ccceb0afp-5", "2c155b8213cf4p-6", "b993fe00d5376p-8",
  "44e51f113d4d6p-9", "de16b9c24a98fp-11", "5fc21041027adp-12", "02cf22526545ap-13", "7cd79b5647c9bp-15", "18354238f6764p-16",
  "9c54c3b43bc8bp-18", "2f6053b981d98p-19", "be6c6fdb01612p-21", "4875ca227ec38p-22", "e355bbaee85cbp-24", "639e3175a689dp-25",
  "05a628c699fa1p-26", "81056ff2c5772p-28", "1b48655f37267p-29", "a0db0d0ddb3ecp-31", "32b48bf117da2p-32", "c3527e433fab1p-34",
  "4c1078fe9228ap-35", "e8a37a45fc32ep-37", "67852a7007e42p-38", "0885298767e9ap-39", "853f01d6d53bap-41", "1e642baeb84a0p-42",
  "a56e0c2ac7f75p-44", "36121e24d3bbap-45", "c8464f7616468p-47",
].map((s) => hexFloat("0x1." + s));

/** width(ε) = ⌈E / ε⌉, the quotient rounded up (2^63 past 9.2e18, as the server keeps it defined). */
function widthFor(epsilon: number): bigint {
  const w = Math.ceil(E / epsilon);
  return w >= 9.2e18 ? 1n << 63n : BigInt(w);
}

/** depth(δ): the smallest d in 1 … 32 with EXPM[d] ≤ δ, by comparison. */
function depthFor(delta: number): number {
  let d = 1;
  while (d < MAX_DEPTH && !(EXPM[d] <= delta)) d++;
  return d;
}

/** Cells summed 2^20 at a time as two uint32 halves in doubles (exact below 2^53), then as a bigint. */
function sumCells(dv: DataView, from: number, count: number): bigint {
  let sum = 0n;
  for (let start = 0; start < count; start += 1 << 20) {
    let lo = 0, hi = 0;
    const end = Math.min(count, start + (1 << 20));
    for (let j = start; j < end; j++) {
      lo += dv.getUint32(from + 8 * j, true);
      hi += dv.getUint32(from + 8 * j + 4, true);
    }
    sum += (BigInt(hi) << 32n) + BigInt(lo);
  }
  return sum;
}

export class Countmin {
  /** The value's bytes (header and cells), kept up to date by every change. */
  private readonly dv: DataView;

  private constructor(private readonly bytes: Uint8Array, public kind: number) {
    this.dv = view(bytes);
  }

  get seed(): bigint { return this.dv.getBigUint64(8, true); }
  get epsilon(): number { return this.dv.getFloat64(16, true); }
  get delta(): number { return this.dv.getFloat64(24, true); }
  get width(): number { return Number(this.dv.getBigUint64(32, true)); }
  get depth(): number { return this.bytes[4]; }

  /** countmin_empty(epsilon, delta, seed): ParameterError (22023) for ε outside (0, 1) or δ outside
   * [e^-32, 1), CapacityError (54000) past 511 MiB. */
  static empty(epsilon = COUNTMIN_DEFAULT_EPSILON, delta = COUNTMIN_DEFAULT_DELTA, seed: bigint = 0n): Countmin {
    if (!(epsilon > 0 && epsilon < 1)) throw new ParameterError(`countmin sketch epsilon must be between 0 and 1, exclusive, not ${epsilon}`);
    if (!(delta > 0 && delta < 1)) throw new ParameterError(`countmin sketch delta must be between 0 and 1, exclusive, not ${delta}`);
    if (!(delta >= EXPM[MAX_DEPTH])) throw new ParameterError(`countmin sketch delta ${delta} is below the smallest supported, e^-32`);
    const width = widthFor(epsilon), depth = depthFor(delta);
    const size = HEADER + 8 * Number(width) * depth;
    if (!(size <= MAXC)) throw new CapacityError(`a countmin sketch at epsilon ${epsilon} and delta ${delta} would not fit in one value`);
    const out = new Uint8Array(size), dv = view(out);
    out[0] = TAG; out[1] = 1; out[2] = 2; out[3] = RULE_CONSERVATIVE; out[4] = depth;
    dv.setBigUint64(8, BigInt.asUintN(64, seed), true);
    dv.setFloat64(16, epsilon, true);
    dv.setFloat64(24, delta, true);
    dv.setBigUint64(32, width, true);
    return new Countmin(out, KIND_NONE);
  }

  /** Reads outside bytes, validated as §7.5 says, in its order. */
  static fromBytes(data: Uint8Array | ArrayBuffer): Countmin {
    const b = toUint8Array(data);
    const bad = (m: string) => new FormatError(`invalid countmin sketch: ${m}`);
    checkPrefix(b, TAG, HEADER, bad);
    if (b[3] !== RULE_CONSERVATIVE) throw bad(`unknown update rule ${b[3]} (1 is conservative update)`);
    if (b[5] !== 0) throw bad(`reserved byte 5 is ${b[5]}, not 0`);
    const dv = view(b);
    const kind = readKind(b[1], dv.getUint16(6, true), 0, "countmin sketch");
    const epsilon = dv.getFloat64(16, true), delta = dv.getFloat64(24, true);
    const width = dv.getBigUint64(32, true), total = dv.getBigUint64(40, true), depth = b[4];
    if (!(epsilon > 0 && epsilon < 1)) throw bad(`epsilon ${epsilon} is not between 0 and 1`);
    if (!(delta >= EXPM[MAX_DEPTH] && delta < 1)) throw bad(`delta ${delta} is not between e^-32 and 1`);
    if (depth !== depthFor(delta)) throw bad(`depth ${depth} does not match delta ${delta}, which needs ${depthFor(delta)}`);
    if (width !== widthFor(epsilon)) throw bad(`width ${width} does not match epsilon ${epsilon}, which needs ${widthFor(epsilon)}`);
    const expected = BigInt(HEADER) + width * BigInt(depth) * 8n;
    if (expected !== BigInt(b.length)) throw bad(`it is ${b.length} bytes long, but ${depth} rows of ${width} 8-byte cells take ${expected} bytes with the header`);
    if (total > MAX_TOTAL) throw bad(`total ${total} is above ${MAX_TOTAL}`);
    const w = Number(width);
    let all = 0n;
    for (let r = 0; r < depth; r++) {
      const row = sumCells(dv, HEADER + 8 * r * w, w);
      if (row > total) throw bad(`row ${r} sums to ${row}, more than the total ${total}`);
      all += row;
    }
    if (all < total) throw bad(`the rows sum to ${all}, less than the total ${total}`);
    return new Countmin(copyBytes(b, 0), kind);
  }

  /** fromBytes, then the hash for the value's seed (see README: seeds and ready()). */
  static async load(data: Uint8Array | ArrayBuffer): Promise<Countmin> {
    const c = Countmin.fromBytes(data);
    await loadSeed(c.seed);
    return c;
  }

  static fromText(text: string): Countmin {
    return Countmin.fromBytes(textToBytes(text, "type countmin", (m) => new FormatError(m)));
  }

  toBytes(): Uint8Array {
    const out = this.bytes.slice();
    out[1] = this.kind === KIND_NONE ? 1 : 2;
    view(out).setUint16(6, this.kind, true);
    return out;
  }

  toText(): string { return "\\x" + toHex(this.toBytes()); }

  copy(): Countmin { return new Countmin(this.bytes.slice(), this.kind); }

  equals(o: Countmin): boolean { return bytesEqual(this.toBytes(), o.toBytes()); }

  /** countmin_total: the total weight added, exactly. */
  total(): bigint { return this.dv.getBigUint64(40, true); }

  /** countmin_info's error_bound: ε · N (binary64). */
  errorBound(): number { return this.epsilon * Number(this.total()); }

  // ------------------------------------------------------------ §7.3, §7.4

  /** The byte offsets of a hash's cells, one a row: (fmix64(h + (r + 1)·GAMMA) · w) >> 64. */
  private cells(hi: number, lo: number): number[] {
    const w = this.width, d = this.depth, at: number[] = new Array(d);
    for (let r = 0; r < d; r++) {
      add64(hi, lo, GAMMA_HI, GAMMA_LO);
      hi = R.hi; lo = R.lo;
      fmix64(hi, lo);
      at[r] = HEADER + 8 * (r * w + mulHi(R.hi, R.lo, w));
    }
    return at;
  }

  /** The count of a hash (a u64 computed with the sketch's seed): the smallest of its cells. */
  countHash(h: bigint): bigint {
    split(h);
    return this.leastOf(this.cells(R.hi, R.lo));
  }

  private leastOf(at: number[]): bigint {
    let hi = Infinity, lo = 0;
    for (const a of at) {
      const ch = this.dv.getUint32(a + 4, true), cl = this.dv.getUint32(a, true);
      if (ch < hi || (ch === hi && cl < lo)) { hi = ch; lo = cl; }
    }
    return join(hi, lo);
  }

  /** countmin_count: the estimated count of the value, never below the truth. */
  count(value: Value): bigint {
    probeHashInto(value, this.kind, this.seed, false);
    return this.leastOf(this.cells(R.hi, R.lo));
  }

  /** Adds weight for a hash in place (conservative update, §7.4). */
  addHashInPlace(h: bigint, weight: bigint | number = 1n): this {
    this.addCells(BigInt.asUintN(64, h), checkWeight(weight, "countmin sketch"));
    return this;
  }

  private addCells(h: bigint, c: bigint): boolean {
    if (c === 0n) return false;
    const total = this.total();
    if (c > MAX_TOTAL - total) throw totalTooLarge("countmin sketch", total, c);
    split(h);
    const at = this.cells(R.hi, R.lo);
    const v = this.leastOf(at) + c;
    for (const a of at) if (this.dv.getBigUint64(a, true) < v) this.dv.setBigUint64(a, v, true);
    this.dv.setBigUint64(40, total + c, true);
    return true;
  }

  /** countmin_add(sketch, value [, weight]): a new sketch. */
  add(value: Value, weight: bigint | number = 1n): Countmin { return this.copy().addInPlace(value, weight); }

  /** The value hashed against the sketch's kind (§2.5; refused as the server refuses it), then its
   * weight (≥ 0, 22023 otherwise; 0 changes nothing) added; CapacityError (54000) past 2^63 - 1. */
  addInPlace(value: Value, weight: bigint | number = 1n): this {
    probeHashInto(value, this.kind, this.seed, true);
    const h = join(R.hi, R.lo);
    const wasEmpty = this.total() === 0n;
    if (this.addCells(h, checkWeight(weight, "countmin sketch")) && this.kind === KIND_NONE && wasEmpty)
      this.kind = valueKind(value);
    return this;
  }

  /** countmin_union (§7.6): the cell-wise sum; the same ε, δ and seed, else ParameterError (22023). */
  union(o: Countmin): Countmin {
    if (this.seed !== o.seed || this.epsilon !== o.epsilon || this.delta !== o.delta)
      throw new ParameterError("cannot combine countmin sketches with different parameters: "
        + `epsilon ${this.epsilon}, delta ${this.delta}, seed ${this.seed} and epsilon ${o.epsilon}, delta ${o.delta}, seed ${o.seed}`);
    const ta = this.total(), tb = o.total();
    if (tb > MAX_TOTAL - ta) throw totalTooLarge("countmin sketch", ta, tb);
    const out = this.bytes.slice(), dv = view(out), odv = o.dv;
    // each cell is at most its total, so no sum passes ta + tb ≤ 2^63 - 1: no carry out of the high half
    for (let i = HEADER; i < out.length; i += 8) {
      const lo = dv.getUint32(i, true) + odv.getUint32(i, true);
      dv.setUint32(i, lo >>> 0, true);
      dv.setUint32(i + 4, dv.getUint32(i + 4, true) + odv.getUint32(i + 4, true) + (lo > 0xffffffff ? 1 : 0), true);
    }
    dv.setBigUint64(40, ta + tb, true);
    return new Countmin(out, unionKind(this.kind, ta > 0n, o.kind, tb > 0n));
  }
}
