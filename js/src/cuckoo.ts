/** cuckoo (FORMAT.md §5): parse, contains, count, add, remove, union, write. */
import { CapacityError, FormatError, ParameterError } from "./errors.js";
import { GAMMA, U64, fmix64, getBits, ldexp, mulhi, setBits, testBit, textToBytes, toHex, toUint8Array, view } from "./bytes.js";
import { KIND_NONE, Value, probeHash, unionKind, valueKind } from "./values.js";
import { readKind } from "./hll.js";
import { loadSeed } from "./hash.js";
import { LookupStats } from "./stats.js";

const TAG = 0x43, HEADER = 48, BUCKET = 4, MAX_KICKS = 500;
const MAX_CAPACITY = 1n << 62n;

function fingerprintBits(fpr: number): number {
  let f = 4;
  while (f < 32 && !(ldexp(fpr, f) >= 8)) f++;
  return f;
}

function isqrtCeil(n: bigint): bigint {
  if (n < 2n) return n;
  let x = BigInt(Math.floor(Math.sqrt(Number(n))));
  while (x * x > n) x--;
  while ((x + 1n) * (x + 1n) <= n) x++;
  return x * x < n ? x + 1n : x;
}

function bucketCount(n: bigint): bigint {
  const slack = 2n * isqrtCeil(n) + 4n;
  return ((n + slack) * 20n + 75n) / 76n;
}

function validParameters(capacity: bigint, fpr: number): string | null {
  if (capacity < 1n || capacity > MAX_CAPACITY) return `capacity ${capacity} is outside 1..2^62`;
  if (!(fpr > 0 && fpr < 1) || !(ldexp(fpr, 32) >= 8)) return `false positive rate ${fpr} is outside [8/2^32, 1)`;
  return null;
}

export class Cuckoo {
  /** Lookups answered and answered "no" (LookupStats); copies, and values made by add and union, count into the same one. */
  stats = new LookupStats();
  private constructor(readonly capacity: bigint, readonly fpr: number, readonly seed: bigint, readonly f: number,
                      readonly bucketCount: number, private entries: Uint32Array, public items: number, public kind: number) {}

  /** cuckoo_empty(capacity, fpr, seed). */
  static empty(capacity: bigint | number, fpr = 0.01, seed: bigint = 0n): Cuckoo {
    const n = BigInt(capacity);
    const bad = validParameters(n, fpr);
    if (bad) throw new ParameterError(bad);
    const b = Number(bucketCount(n));
    if (48 + Math.ceil((b * BUCKET * fingerprintBits(fpr)) / 8) > 511 * 2 ** 20)
      throw new CapacityError(`a cuckoo filter for ${n} items would not fit in one value`);
    return new Cuckoo(n, fpr, BigInt.asUintN(64, seed), fingerprintBits(fpr), b, new Uint32Array(b * BUCKET), 0, KIND_NONE);
  }

  copy(): Cuckoo {
    const out = new Cuckoo(this.capacity, this.fpr, this.seed, this.f, this.bucketCount, this.entries.slice(), this.items, this.kind);
    out.stats = this.stats;
    return out;
  }

  /** Reads outside bytes, validated as §5.4 says, in its order. */
  static fromBytes(data: Uint8Array | ArrayBuffer): Cuckoo {
    const b = toUint8Array(data);
    if (b.length < HEADER) throw new FormatError(`${b.length} bytes is shorter than the 48-byte cuckoo header`);
    const dv = view(b);
    if (b[0] !== TAG) throw new FormatError(`type tag is 0x${b[0].toString(16)}, expected 0x43`);
    if (b[1] !== 1 && b[1] !== 2) throw new FormatError(`format version ${b[1]} is not supported`);
    if (b[2] !== 2) throw new FormatError(`unknown hash function id ${b[2]}`);
    if (b[3] !== 1) throw new FormatError(`unknown sub-filter layout ${b[3]}`);
    if (b[5] !== BUCKET) throw new FormatError(`bucket size ${b[5]} is not 4`);
    const kind = readKind(b[1], dv.getUint16(6, true), 1, "cuckoo filter");
    const seed = dv.getBigUint64(8, true), capacity = dv.getBigUint64(16, true), fpr = dv.getFloat64(24, true);
    const buckets = dv.getBigUint64(32, true), items = dv.getBigUint64(40, true);
    if (capacity < 1n || capacity > MAX_CAPACITY) throw new FormatError(`capacity ${capacity} is outside 1..2^62`);
    if (!(fpr > 0 && fpr < 1) || !(ldexp(fpr, 32) >= 8)) throw new FormatError(`false positive rate ${fpr} is outside [8/2^32, 1)`);
    const f = b[4];
    if (f !== fingerprintBits(fpr)) throw new FormatError(`fingerprint bits ${f}, expected ${fingerprintBits(fpr)}`);
    if (buckets !== bucketCount(capacity)) throw new FormatError(`bucket count ${buckets}, expected ${bucketCount(capacity)}`);
    const tableBytes = (buckets * 4n * BigInt(f) + 7n) / 8n;
    if (BigInt(b.length) !== 48n + tableBytes) throw new FormatError(`length ${b.length}, expected ${48n + tableBytes}`);
    const n = Number(buckets) * BUCKET;
    if (items > BigInt(n)) throw new FormatError(`items stored ${items} is above the ${n} entries`);
    const table = b.subarray(HEADER);
    const entries = new Uint32Array(n);
    let used = 0;
    for (let i = 0; i < n; i++) if ((entries[i] = getBits(table, i * f, f)) !== 0) used++;
    if (used !== Number(items)) throw new FormatError(`items stored is ${items}, but ${used} entries are in use`);
    for (let j = n * f; j < table.length * 8; j++)
      if (testBit(table, j)) throw new FormatError("pad bits are set");
    if (kind !== KIND_NONE && used === 0)
      throw new FormatError("a cuckoo filter without an item records a kind (values of a type); empty filters record none");
    return new Cuckoo(capacity, fpr, seed, f, Number(buckets), entries, used, kind);
  }

  static async load(data: Uint8Array | ArrayBuffer): Promise<Cuckoo> {
    const c = Cuckoo.fromBytes(data);
    await loadSeed(c.seed);
    return c;
  }

  static fromText(text: string): Cuckoo {
    return Cuckoo.fromBytes(textToBytes(text, "type cuckoo", (m) => new FormatError(m)));
  }

  toBytes(): Uint8Array {
    const n = this.entries.length;
    const out = new Uint8Array(HEADER + Math.ceil((n * this.f) / 8));
    const dv = view(out);
    out[0] = TAG; out[1] = this.kind === KIND_NONE ? 1 : 2; out[2] = 2; out[3] = 1; out[4] = this.f; out[5] = BUCKET;
    dv.setUint16(6, this.kind === KIND_NONE ? 1 : this.kind, true);
    dv.setBigUint64(8, this.seed, true);
    dv.setBigUint64(16, this.capacity, true);
    dv.setFloat64(24, this.fpr, true);
    dv.setBigUint64(32, BigInt(this.bucketCount), true);
    dv.setBigUint64(40, BigInt(this.items), true);
    const table = out.subarray(HEADER);
    for (let i = 0; i < n; i++) if (this.entries[i]) setBits(table, i * this.f, this.f, this.entries[i]);
    return out;
  }

  toText(): string { return "\\x" + toHex(this.toBytes()); }

  // ------------------------------------------------------------ §5.5, §5.6

  private fingerprint(h: bigint): number {
    return 1 + Number(((h & 0xffffffffn) * ((1n << BigInt(this.f)) - 1n)) >> 32n);
  }

  private firstBucket(h: bigint): number { return Number(mulhi(h, BigInt(this.bucketCount))); }

  private alt(i: number, fp: number): number {
    const g = Number(mulhi(fmix64(BigInt(fp)), BigInt(this.bucketCount)));
    return g >= i ? g - i : g + this.bucketCount - i;
  }

  private find(bucket: number, fp: number): number {
    for (let s = 0; s < BUCKET; s++) if (this.entries[bucket * BUCKET + s] === fp) return s;
    return -1;
  }

  private insert(i1: number, fp: number, kickSeed: bigint): boolean {
    const e = this.entries;
    for (const bk of [i1, this.alt(i1, fp)]) {
      const s = this.find(bk, 0);
      if (s >= 0) { e[bk * BUCKET + s] = fp; return true; }
    }
    let state = kickSeed & U64;
    const next = () => { state = (state + GAMMA) & U64; return fmix64(state); };
    let bucket = next() & 1n ? this.alt(i1, fp) : i1;
    let carried = fp;
    const log: [number, number][] = [];
    for (let t = 0; t < MAX_KICKS; t++) {
      const at = bucket * BUCKET + Number(next() & 3n);
      const old = e[at];
      e[at] = carried;
      log.push([at, old]);
      carried = old;
      bucket = this.alt(bucket, carried);
      const s = this.find(bucket, 0);
      if (s >= 0) { e[bucket * BUCKET + s] = carried; return true; }
    }
    for (let j = log.length - 1; j >= 0; j--) e[log[j][0]] = log[j][1];
    return false;
  }

  /** Adds one copy of a hash in place (CapacityError when the table is full; nothing changes). */
  addHashInPlace(h: bigint): this {
    h = BigInt.asUintN(64, h);
    if (!this.insert(this.firstBucket(h), this.fingerprint(h), h ^ BigInt(this.items)))
      throw new CapacityError(`cuckoo filter is full (capacity ${this.capacity})`);
    this.items++;
    return this;
  }

  /** Removes one copy of a hash in place; false when it is in neither bucket. */
  removeHashInPlace(h: bigint): boolean {
    h = BigInt.asUintN(64, h);
    const fp = this.fingerprint(h), i1 = this.firstBucket(h);
    for (const bk of [i1, this.alt(i1, fp)]) {
      const s = this.find(bk, fp);
      if (s >= 0) {
        this.entries[bk * BUCKET + s] = 0;
        if (--this.items === 0) this.kind = KIND_NONE;
        return true;
      }
    }
    return false;
  }

  countHash(h: bigint): number {
    h = BigInt.asUintN(64, h);
    const fp = this.fingerprint(h), i1 = this.firstBucket(h), i2 = this.alt(i1, fp);
    let n = 0;
    for (let s = 0; s < BUCKET; s++) if (this.entries[i1 * BUCKET + s] === fp) n++;
    if (i2 !== i1) for (let s = 0; s < BUCKET; s++) if (this.entries[i2 * BUCKET + s] === fp) n++;
    return n;
  }

  private hash(value: Value, adding: boolean): bigint {
    return probeHash(value, this.kind, this.seed, adding);
  }

  /** cuckoo_add: a new filter with one more copy of the value. */
  add(value: Value): Cuckoo { return this.copy().addInPlace(value); }

  addInPlace(value: Value): this {
    const h = this.hash(value, true);
    const wasEmpty = this.items === 0;
    this.addHashInPlace(h);
    if (this.kind === KIND_NONE && wasEmpty) this.kind = valueKind(value);
    return this;
  }

  /** cuckoo_remove: a new filter with one copy of the value removed (unchanged if absent). */
  remove(value: Value): Cuckoo {
    const out = this.copy();
    out.removeInPlace(value);
    return out;
  }

  removeInPlace(value: Value): boolean { return this.removeHashInPlace(this.hash(value, false)); }

  /** cuckoo_count: the copies of the value's fingerprint in its buckets. */
  count(value: Value): number { return this.countHash(this.hash(value, false)); }

  /** cuckoo_contains (@>). */
  contains(value: Value): boolean { return this.stats.record(this.count(value) > 0); }

  /** cuckoo_union (§5.7): the multiset union. */
  union(o: Cuckoo): Cuckoo {
    if (this.seed !== o.seed || this.capacity !== o.capacity || this.fpr !== o.fpr)
      throw new ParameterError("cannot combine cuckoo filters with different parameters");
    const out = this.copy();
    out.kind = unionKind(this.kind, this.items > 0, o.kind, o.items > 0);
    const slots = this.bucketCount * BUCKET;
    for (let i = 0; i < o.bucketCount; i++) {
      for (let s = 0; s < BUCKET; s++) {
        const fp = o.entries[i * BUCKET + s];
        if (fp === 0) continue;
        const seed = fmix64((BigInt(i) * GAMMA + BigInt(fp)) & U64) ^ BigInt(out.items);
        if (out.items >= slots || !out.insert(i, fp, seed)) throw new CapacityError(`cuckoo filter is full (capacity ${this.capacity})`);
        out.items++;
      }
    }
    return out;
  }

  /** cuckoo_cardinality: the items stored. */
  cardinality(): number { return this.items; }

  equals(o: Cuckoo): boolean {
    const a = this.toBytes(), b = o.toBytes();
    return a.length === b.length && a.every((x, i) => x === b[i]);
  }
}
