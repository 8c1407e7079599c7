/** topk (FORMAT.md §8): parse, items with bounds, add (as topk_agg's rows do), union, write. */
import { ComparisonError, FormatError, ParameterError, UnsupportedError } from "./errors.js";
import { i64le, textToBytes, toHex, toUint8Array, view, bytesEqual } from "./bytes.js";
import { KIND_MIXED, KIND_NONE, Value, asLiteral, kindName, normalize } from "./values.js";
import { checkPrefix, readKind } from "./hll.js";
import { MAX_TOTAL, checkWeight, totalTooLarge } from "./weights.js";

const TAG = 0x4b, HEADER = 40, ENTRY = 12, MAX_SIZE = 65536, MAX_ITEM = 1024;
export const TOPK_DEFAULT_SIZE = 1024;
/** The kinds a topk holds (§8.2), each with its items' width (0: any length). */
const WIDTH: Record<number, number> = { 20: 8, 25: 0, 17: 0, 2950: 16 };

/** An item as JavaScript gives it back: a bigint (kind 20: smallint, integer, bigint), a string
 * (text; a uuid in its text form), a Uint8Array (bytea). */
export type TopkItem = bigint | string | Uint8Array;

/** A row of topk_items: the item, its text form (topk_items(sketch)'s item column), its bounds. */
export interface TopkRow { item: TopkItem; text: string; estimate: bigint; lower: bigint; upper: bigint }

/** The bounds of one value's count: lower ≤ true count ≤ upper; estimate is upper, as topk_items. */
export interface TopkBounds { estimate: bigint; lower: bigint; upper: bigint }

/** An item's bytes as a Map key, one character a byte: keys compare as the bytes do (unsigned,
 * a proper prefix first), the order of §8.2. */
function keyOf(b: Uint8Array): string {
  let s = "";
  for (let i = 0; i < b.length; i += 4096) s += String.fromCharCode.apply(null, b.subarray(i, i + 4096) as unknown as number[]);
  return s;
}

function bytesOfKey(key: string): Uint8Array {
  const out = new Uint8Array(key.length);
  for (let i = 0; i < key.length; i++) out[i] = key.charCodeAt(i);
  return out;
}

const utf8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

/** A text item's string, or null where PostgreSQL's UTF-8 check fails (invalid, or a 0 byte). */
function textOf(b: Uint8Array): string | null {
  if (b.includes(0)) return null;
  try { return utf8.decode(b); } catch { return null; }
}

interface Item { key: string; kind: number; width: number }

/** The item a value is stored as (§8.2): integers as 8 bytes, text as UTF-8, bytea, uuid; a string
 * against a uuid sketch is read as a uuid literal. Any other type is refused as topk_agg refuses it. */
function itemOf(value: Value, kind: number): Item {
  const n = asLiteral(value, normalize(value), kind);
  switch (n.t) {
    case "int": return { key: keyOf(i64le(n.v)), kind: 20, width: 8 };
    case "text": if (n.type !== '"char"') return { key: keyOf(n.v), kind: 25, width: 0 }; break;
    case "bytea": return { key: keyOf(n.v), kind: 17, width: 0 };
    case "uuid": return { key: keyOf(n.v), kind: 2950, width: 16 };
  }
  throw new UnsupportedError(`topk_agg does not take values of type ${n.type}: a topk stores its items as values it can return `
    + "(bigint, integer, smallint, text, varchar, uuid or bytea)");
}

const descending = (a: bigint, b: bigint) => (a > b ? -1 : a < b ? 1 : 0);

/** §8.4's purge to k counters: the (k + 1)-th largest count subtracted from every counter, those
 * left at 0 or below dropped; returns the amount (0: none). */
function purge(counters: Map<string, bigint>, k: number): bigint {
  if (counters.size <= k) return 0n;
  const m = [...counters.values()].sort(descending)[k];
  for (const [key, c] of counters) {
    if (c <= m) counters.delete(key);
    else counters.set(key, c - m);
  }
  return m;
}

/** Canonical order (§8.2): count descending, then the item's bytes ascending. */
const canonical = (a: [string, bigint], b: [string, bigint]) => descending(a[1], b[1]) || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0);

interface Finished { counters: Map<string, bigint>; entries: [string, bigint][]; offset: bigint }

export class Topk {
  /** What topk_agg's final function writes of the counters: purged to size, sorted (cached). */
  private done: Finished | null = null;

  /** `counters` holds up to 2·size counters while values are added (topk_agg's working state). */
  private constructor(readonly size: number, private readonly counters: Map<string, bigint>, private total: bigint,
                      private offset: bigint, private itemKind: number, private itemWidth: number) {}

  /** The kind of the items (§2.5): 20, 25, 17, 2950, or 0 for an empty sketch. */
  get kind(): number { return this.itemKind; }
  /** The length of every item (8 for bigint, 16 for uuid), 0 when items have any length. */
  get width(): number { return this.total === 0n ? 0 : this.itemWidth; }
  /** The maximum error D of every bound (topk_info's max_error). */
  get maxError(): bigint { return this.finished().offset; }
  /** ⌊N / (size + 1)⌋: every value counted more often has an entry (topk_info's threshold). */
  get threshold(): bigint { return this.total / BigInt(this.size + 1); }

  /** topk_empty(size): 1 … 65536 counters (ParameterError, 22023, otherwise). */
  static empty(size: number = TOPK_DEFAULT_SIZE): Topk {
    if (!Number.isInteger(size) || size < 1 || size > MAX_SIZE) throw new ParameterError(`topk size must be between 1 and 65536, not ${size}`);
    return new Topk(size, new Map(), 0n, 0n, KIND_NONE, 0);
  }

  /** Reads outside bytes, validated as §8.3 says (and the server's further checks of the kind,
   * the width and text items' UTF-8), in the server's order. */
  static fromBytes(data: Uint8Array | ArrayBuffer): Topk {
    const b = toUint8Array(data);
    const bad = (m: string) => new FormatError(`invalid topk value: ${m}`);
    checkPrefix(b, TAG, HEADER, bad);
    const dv = view(b);
    const kind = readKind(b[1], dv.getUint16(6, true), 0, "topk value");
    const width = b[3], size = dv.getBigUint64(8, true), total = dv.getBigUint64(16, true), offset = dv.getBigUint64(24, true);
    const n = dv.getUint32(32, true);
    if (size < 1n || size > BigInt(MAX_SIZE)) throw bad(`size ${size} is outside 1..65536`);
    if (n > size) throw bad(`item count ${n} is above the size ${size}`);
    if (total > MAX_TOTAL) throw bad(`total weight ${total} is above 2^63 - 1`);
    if (b[4] !== 0 || b[5] !== 0) throw bad("reserved bytes 4-5 are not 0");
    if (dv.getUint32(36, true) !== 0) throw bad("reserved bytes 36-39 are not 0");
    if (kind === KIND_NONE) {
      if (total !== 0n) throw bad(`total weight is ${total} but no kind is recorded`);
      if (width !== 0) throw bad(`item width is ${width} in an empty sketch`);
      if (offset !== 0n) throw bad(`offset is ${offset} in an empty sketch`);
    } else {
      if (total === 0n) throw bad("total weight is 0 but a kind is recorded (format version 2)");
      if (kind === KIND_MIXED) throw bad("kind 65535 (several types) is not a topk kind");
    }
    const entries: [string, bigint][] = [];
    let at = HEADER;
    for (let i = 0; i < n; i++) {
      if (b.length - at < ENTRY) throw bad(`entry ${i} starts at byte ${at}, past the end of the ${b.length} bytes`);
      const length = dv.getUint32(at + 8, true);
      if (length > MAX_ITEM) throw bad(`entry ${i} length ${length} is above 1024`);
      if (b.length - at - ENTRY < length) throw bad(`entry ${i} of ${length} bytes runs past the end`);
      entries.push([keyOf(b.subarray(at + ENTRY, at + ENTRY + length)), dv.getBigUint64(at, true)]);
      at += ENTRY + length;
    }
    if (at !== b.length) throw bad(`it is ${b.length} bytes long, but its ${n} entries end at byte ${at}`);
    let sum = 0n;
    entries.forEach(([item, count], i) => {
      if (count === 0n || count > total) throw bad(`entry ${i} count ${count} is outside 1..${total}`);
      if (width !== 0 && item.length !== width) throw bad(`entry ${i} length ${item.length} is not the item width ${width}`);
      if (i > 0 && !(canonical(entries[i - 1], entries[i]) < 0))
        throw bad(`entry ${i} is out of order (counts descending, then items ascending, no item twice)`);
      sum += count;
    });
    const counters = new Map(entries);
    if (counters.size !== entries.length) throw bad("two entries hold the same item");
    if (sum + (size + 1n) * offset > total) throw bad(`counts and offset exceed the total weight: ${sum} + (size + 1) * ${offset} > ${total}`);
    if (kind !== KIND_NONE) {
      if (!(kind in WIDTH)) throw bad("value kind is not one a topk holds (bigint 20, text 25, bytea 17, uuid 2950)");
      if (width !== WIDTH[kind]) throw bad("item width does not match the value kind");
      if (kind === 25 && entries.some(([item]) => textOf(bytesOfKey(item)) === null)) throw bad("a text item is not valid UTF-8");
    }
    return new Topk(Number(size), counters, total, offset, kind, width);
  }

  /** fromBytes, as a promise (a topk stores items, not hashes: no seed to load). */
  static async load(data: Uint8Array | ArrayBuffer): Promise<Topk> { return Topk.fromBytes(data); }

  static fromText(text: string): Topk {
    return Topk.fromBytes(textToBytes(text, "type topk", (m) => new FormatError(m)));
  }

  private finished(): Finished {
    if (!this.done) {
      const counters = new Map(this.counters);
      const m = purge(counters, this.size);
      this.done = { counters, entries: [...counters].sort(canonical), offset: this.offset + m };
    }
    return this.done;
  }

  /** The bytes topk_agg's final function writes: the counters purged to size, in canonical order. */
  toBytes(): Uint8Array {
    const f = this.finished();
    let bytes = HEADER;
    for (const [item] of f.entries) bytes += ENTRY + item.length;
    const out = new Uint8Array(bytes), dv = view(out);
    const empty = this.total === 0n;
    out[0] = TAG; out[1] = empty ? 1 : 2; out[2] = 2; out[3] = this.width;
    dv.setUint16(6, empty ? 0 : this.itemKind, true);
    dv.setBigUint64(8, BigInt(this.size), true);
    dv.setBigUint64(16, this.total, true);
    dv.setBigUint64(24, f.offset, true);
    dv.setUint32(32, f.entries.length, true);
    let at = HEADER;
    for (const [item, count] of f.entries) {
      dv.setBigUint64(at, count, true);
      dv.setUint32(at + 8, item.length, true);
      out.set(bytesOfKey(item), at + ENTRY);
      at += ENTRY + item.length;
    }
    return out;
  }

  toText(): string { return "\\x" + toHex(this.toBytes()); }

  copy(): Topk {
    return new Topk(this.size, new Map(this.counters), this.total, this.offset, this.itemKind, this.itemWidth);
  }

  equals(o: Topk): boolean { return bytesEqual(this.toBytes(), o.toBytes()); }

  /** topk_count: the total weight added, exactly. */
  count(): bigint { return this.total; }

  /** topk_items(sketch [, n]): the n items of highest estimate (all when n is left out), estimate
   * descending, ties in the order of their bytes; each as a JavaScript value and as its text. */
  items(n?: number): TopkRow[] {
    if (n !== undefined && !(Number.isInteger(n) && n >= 0)) throw new ParameterError(`topk_items n must not be negative, not ${n}`);
    const f = this.finished();
    return f.entries.slice(0, n).map(([key, count]) => {
      const [item, text] = this.decode(bytesOfKey(key));
      return { item, text, estimate: count + f.offset, lower: count, upper: count + f.offset };
    });
  }

  private decode(b: Uint8Array): [TopkItem, string] {
    switch (this.itemKind) {
      case 20: { const v = view(b).getBigInt64(0, true); return [v, String(v)]; }
      case 25: { const s = textOf(b)!; return [s, s]; }
      case 2950: {
        const h = toHex(b), s = `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
        return [s, s];
      }
      default: return [b, "\\x" + toHex(b)];
    }
  }

  /** The bounds of a value's count (§8.5): [c, c + D] for an item with counter c; [0, D] for one
   * without. A value of another type than the items is refused (42804, as topk_items(s, n, NULL::T)). */
  bounds(value: Value): TopkBounds {
    const it = itemOf(value, this.itemKind);
    if (this.itemKind !== KIND_NONE && it.kind !== this.itemKind)
      throw new ComparisonError(`topk sketch of ${kindName(this.itemKind)} values cannot give items of type ${kindName(it.kind)}`, "42804");
    const f = this.finished(), c = f.counters.get(it.key) ?? 0n;
    return { estimate: c + f.offset, lower: c, upper: c + f.offset };
  }

  /** The upper bound of a value's count (topk_items' estimate; D for a value without an entry). */
  estimate(value: Value): bigint { return this.bounds(value).estimate; }

  /** A new sketch with weight more of the value (see addInPlace). */
  add(value: Value, weight: bigint | number = 1n): Topk { return this.copy().addInPlace(value, weight); }

  /**
   * One row of topk_agg(x [, weight], size) (§8.4): up to 2·size counters are kept, purged to size
   * when a new item would make 2·size + 1; toBytes() writes what the aggregate's final function
   * writes, so adds from Topk.empty(size) give topk_agg's bytes for the same rows in the same order.
   * Refused as the server refuses a row: another type than bigint, integer, smallint, text, varchar,
   * uuid, bytea (0A000); a negative weight, an item over 1024 bytes, an item of another type than
   * the sketch's (22023); a total past 2^63 - 1 (54000). Weight 0 changes nothing.
   */
  addInPlace(value: Value, weight: bigint | number = 1n): this {
    const it = itemOf(value, this.itemKind);
    const w = checkWeight(weight, "topk");
    if (it.key.length > MAX_ITEM) throw new ParameterError(`topk item of ${it.key.length} bytes is longer than the limit of 1024 bytes`);
    if (w === 0n) return this;
    if (this.total !== 0n) {
      if (it.kind !== this.itemKind) throw differentKinds(this.itemKind, it.kind);
      if (it.width !== this.itemWidth) throw new ParameterError("cannot combine topk sketches of items of different widths");
    }
    if (MAX_TOTAL - this.total < w) throw totalTooLarge("topk", this.total, w);
    if (this.total === 0n) { this.itemKind = it.kind; this.itemWidth = it.width; }
    this.total += w;
    const c = this.counters.get(it.key);
    this.counters.set(it.key, (c ?? 0n) + w);
    if (c === undefined && this.counters.size > 2 * this.size) this.offset += purge(this.counters, this.size);
    this.done = null;
    return this;
  }

  /** topk_union (§8.5): counters of equal items and the maximum errors added, purged to the smaller
   * size. Items of different types: ParameterError (22023); a total past 2^63 - 1: 54000. */
  union(o: Topk): Topk {
    const a = this.finished(), b = o.finished();
    const aEmpty = this.total === 0n, bEmpty = o.total === 0n;
    if (!aEmpty && !bEmpty) {
      if (this.itemKind !== o.itemKind) throw differentKinds(this.itemKind, o.itemKind);
      if (this.itemWidth !== o.itemWidth) throw new ParameterError("cannot combine topk sketches of items of different widths");
    }
    if (MAX_TOTAL - this.total < o.total) throw totalTooLarge("topk", this.total, o.total);
    const counters = new Map(a.counters);
    for (const [key, c] of b.counters) counters.set(key, (counters.get(key) ?? 0n) + c);
    const k = Math.min(this.size, o.size);
    const m = purge(counters, k);
    const kinded = aEmpty ? o : this;
    return new Topk(k, counters, this.total + o.total, a.offset + b.offset + m, kinded.itemKind, kinded.itemWidth);
  }
}

function differentKinds(a: number, b: number): ParameterError {
  return new ParameterError(`cannot combine topk sketches of items of different types: one holds ${kindName(a)} values, the other ${kindName(b)}`);
}
