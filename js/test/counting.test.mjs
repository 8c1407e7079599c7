// topk and countmin: every vector of test/vectors/{topk,countmin}.json built from its rows, byte for
// byte; the answers doc/FORMAT.md and doc/REFERENCE.md record; bounds against exact counts; the
// refusals (SQLSTATEs from REFERENCE.md) and bytes that §7.5 and §8.3 reject.
import { test } from "node:test";
import assert from "node:assert/strict";
import { P, vectors, sha256, hex, unhex, decode, signedSeed, formatExpm, nextDouble } from "./helpers.mjs";

await P.ready();
const T = vectors("topk"), C = vectors("countmin");
for (const s of new Set([...C.countmin.map((v) => v.seed), 3, 5, 7])) await P.loadSeed(signedSeed(s));

const refuses = (f, sqlstate, what) => assert.throws(f, (e) => e instanceof P.SketchError && e.sqlstate === sqlstate, what);

/** Exact counts of a list of (key, weight) rows. */
function exact(rows) {
  const m = new Map();
  for (const [k, w] of rows) m.set(k, (m.get(k) ?? 0n) + w);
  return m;
}

// ---------------------------------------------------------------- topk

/** topk_agg(x [, weight], size ORDER BY row) over a vector's rows. */
function topkAgg(type, size, values, weights) {
  const t = P.Topk.empty(size);
  values.forEach((x, i) => t.addInPlace(decode(type, x), weights ? BigInt(weights[i]) : 1n));
  return t;
}

function buildTopk(v) {
  const t = topkAgg(v.type, v.size, v.values, v.weights);
  return v.union ? t.union(topkAgg(v.type, v.union.size, v.union.values, v.union.weights)) : t;
}

test("topk: every vector built from its rows (topk_agg, weights, purges, unions), byte for byte", () => {
  for (const v of T.vectors) {
    const t = buildTopk(v);
    assert.equal(hex(t.toBytes()), v.hex, v.name);
    assert.equal(t.toText(), "\\x" + v.hex, v.name);
    const parsed = P.Topk.fromBytes(unhex(v.hex));
    assert.equal(hex(parsed.toBytes()), v.hex, v.name);
    assert.ok(parsed.equals(t) && P.Topk.fromText("\\x" + v.hex).equals(t), v.name);
    assert.deepEqual(parsed.items(), t.items(), v.name);
  }
});

test("topk: the bounds of every vector contain the exact counts; every value counted above D has an entry", () => {
  for (const v of T.vectors) {
    const t = buildTopk(v);
    const rows = v.values.map((x, i) => [x, v.weights ? BigInt(v.weights[i]) : 1n]);
    if (v.union) rows.push(...v.union.values.map((x, i) => [x, v.union.weights ? BigInt(v.union.weights[i]) : 1n]));
    const truth = exact(rows);
    assert.equal(t.count(), [...truth.values()].reduce((a, b) => a + b, 0n), v.name);
    assert.ok(t.maxError <= t.threshold, v.name);
    const listed = new Set(t.items().map((r) => r.text));
    for (const [x, f] of truth) {
      const b = t.bounds(decode(v.type, x));
      assert.ok(b.lower <= f && f <= b.upper && b.estimate === b.upper, `${v.name}: ${x} ${f} in [${b.lower}, ${b.upper}]`);
      if (f > t.maxError && f > 0n) assert.ok(b.lower > 0n, `${v.name}: ${x} counted ${f} > D has an entry`);
      assert.equal(b.lower > 0n, listed.has(x), `${v.name}: ${x} listed`);
    }
  }
});

test("topk: FORMAT.md §8.8's worked example and REFERENCE.md's topk_items and topk_info outputs", () => {
  const w = P.Topk.empty(2);
  for (const x of [1, 1, 2, 3]) w.addInPlace(x);
  assert.equal(w.toText(), "\\x4b02020800001400" + "0200000000000000" + "0400000000000000" + "0100000000000000" + "0100000000000000"
    + "0100000000000000" + "08000000" + "0100000000000000");
  assert.deepEqual(w.items(), [{ item: 1n, text: "1", estimate: 2n, lower: 1n, upper: 2n }]);
  assert.deepEqual(w.bounds(2), { estimate: 1n, lower: 0n, upper: 1n });
  // CREATE TABLE clicks AS SELECT x, CASE … END AS ad FROM generate_series(1, 2000) x; topk_agg(ad, 3)
  const ad = (x) => (x % 2 === 0 ? 1 : x % 3 === 0 ? 2 : x % 5 === 0 ? 3 : x);
  const clicks = P.Topk.empty(3);
  for (let x = 1; x <= 2000; x++) clicks.addInPlace(P.sql("integer", ad(x)));
  assert.deepEqual(clicks.items().map((r) => [r.text, r.estimate, r.lower, r.upper]),
    [["1", 1001n, 868n, 1001n], ["2", 333n, 200n, 333n], ["1999", 134n, 1n, 134n]]);
  assert.deepEqual([clicks.count(), clicks.maxError, clicks.threshold, clicks.items().length, clicks.width, clicks.kind, clicks.toBytes().length + 4],
    [2000n, 133n, 500n, 3, 8, 20, 104]); // topk_info's bytes count the 4-byte varlena header
  // a || b equals b || a, byte for byte
  const half = (r) => { const t = P.Topk.empty(3); for (let x = 1; x <= 2000; x++) if (x % 2 === r) t.addInPlace(ad(x)); return t; };
  assert.ok(half(0).union(half(1)).equals(half(1).union(half(0))));
  assert.ok(P.Topk.empty(5).equals(P.Topk.fromBytes(P.Topk.empty(5).toBytes())));
});

test("topk: items as JavaScript values and as the server's text; values mapped to items by kind", () => {
  const u = P.Topk.empty(4);
  u.addInPlace(P.uuid("A0EEBC99-9C0B-4EF8-BB6D-6BB9BD380A11"), 3n);
  u.addInPlace("a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11"); // against a uuid sketch a string is a uuid literal
  assert.deepEqual(u.items(), [{ item: "a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11", text: "a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11", estimate: 4n, lower: 4n, upper: 4n }]);
  const b = P.Topk.empty();
  b.addInPlace(new Uint8Array([1, 2]));
  assert.deepEqual(b.items(), [{ item: new Uint8Array([1, 2]), text: "\\x0102", estimate: 1n, lower: 1n, upper: 1n }]);
  const s = P.Topk.empty();
  for (const x of ["\ufeffbom", "日本", P.bpchar("a  "), P.sql("varchar", "a"), P.sql("name", "n")]) s.addInPlace(x);
  assert.deepEqual(s.items().map((r) => [r.item, r.lower]), [["a", 2n], ["n", 1n], ["日本", 1n], ["\ufeffbom", 1n]]);
  const i = P.Topk.empty();
  for (const x of [5, 5n, P.sql("smallint", 5), P.int8(-1), -(2n ** 63n)]) i.addInPlace(x);
  assert.deepEqual(i.items().map((r) => [r.item, r.lower]), [[5n, 3n], [-(2n ** 63n), 1n], [-1n, 1n]]);
  assert.deepEqual(i.items(1).length, 1);
  assert.deepEqual(i.items(0), []);
});

test("topk: refusals carry the server's SQLSTATE (REFERENCE.md: topk_agg, topk_items, topk_union)", () => {
  refuses(() => P.Topk.empty(0), "22023", "size 0");
  refuses(() => P.Topk.empty(65537), "22023", "size 65537");
  const t = P.Topk.empty(4).add(1);
  refuses(() => t.add(2.5), "0A000", "a double");
  refuses(() => t.add(P.numeric("2")), "0A000", "a numeric");
  refuses(() => t.add(2n ** 64n), "0A000", "a bigint past int64 is a numeric");
  refuses(() => t.add(P.sql('"char"', "a")), "0A000", '"char"');
  refuses(() => t.add(new Date(0)), "0A000", "a timestamptz");
  refuses(() => t.add(1, -1), "22023", "a negative weight");
  refuses(() => P.Topk.empty().add("x".repeat(1025), 0), "22023", "an item over 1024 bytes, even of weight 0");
  refuses(() => t.add("1"), "22023", "an item of another type");
  assert.ok(t.add("1", 0).equals(t), "weight 0 adds nothing, checks no type");
  refuses(() => t.add(1, 2n ** 63n - 1n), "54000", "a total past 2^63 - 1");
  refuses(() => t.add(1, 2n ** 63n), "22003", "a weight past bigint");
  refuses(() => t.union(P.Topk.empty().add("a")), "22023", "a union of two item types");
  refuses(() => t.union(P.Topk.empty().add(2, 2n ** 63n - 1n)), "54000", "a union's total past 2^63 - 1");
  assert.ok(t.union(P.Topk.empty().add("a", 0)).equals(t), "an empty side has no type");
  refuses(() => t.items(-1), "22023", "topk_items n < 0");
  refuses(() => t.bounds("1"), "42804", "a value of another type than the items");
  const before = t.toText();
  assert.throws(() => t.addInPlace(1, 2n ** 63n - 1n));
  assert.equal(t.toText(), before, "a refused add changes nothing");
});

/** A valid topk's bytes with a change: header fields at offsets, entries appended. */
function topkBytes({ version = 2, hashId = 2, width = 8, kind = 20, size = 4n, total = 10n, offset = 0n, entries = [[5n, 1n]], reserved4 = 0, reserved36 = 0, n }) {
  const items = entries.map(([c, item]) => [c, typeof item === "bigint" ? (() => { const b = new Uint8Array(8); new DataView(b.buffer).setBigInt64(0, item, true); return b; })() : item]);
  const out = new Uint8Array(40 + items.reduce((a, [, b]) => a + 12 + b.length, 0));
  const dv = new DataView(out.buffer);
  out[0] = 0x4b; out[1] = version; out[2] = hashId; out[3] = width; dv.setUint16(4, reserved4, true); dv.setUint16(6, kind, true);
  dv.setBigUint64(8, size, true); dv.setBigUint64(16, total, true); dv.setBigUint64(24, offset, true);
  dv.setUint32(32, n ?? items.length, true); dv.setUint32(36, reserved36, true);
  let at = 40;
  for (const [c, b] of items) { dv.setBigUint64(at, c, true); dv.setUint32(at + 8, b.length, true); out.set(b, at + 12); at += 12 + b.length; }
  return out;
}

test("topk: bytes that §8.3 (and the server's kind, width and UTF-8 checks) reject; what it accepts", () => {
  const text = (s) => (typeof s === "string" ? new TextEncoder().encode(s) : new Uint8Array(s));
  const accepted = {
    "a value": {}, "offset within the bound": { entries: [[5n, 1n]], offset: 1n }, "version 1, empty": { version: 1, kind: 0, width: 0, total: 0n, entries: [] },
    "text with a BOM": { kind: 25, width: 0, entries: [[5n, text("\ufeffx")]] }, "an empty text item": { kind: 25, width: 0, entries: [[1n, text("")]] },
    "equal counts, items ascending": { entries: [[2n, 1n], [2n, 2n]] }, "size 65536": { size: 65536n },
  };
  for (const [name, f] of Object.entries(accepted)) {
    const b = topkBytes(f);
    assert.equal(hex(P.Topk.fromBytes(b).toBytes()), hex(b), name);
  }
  const refused = {
    "version 3": { version: 3 }, "hash id 1": { hashId: 1 }, "version 1 with bytes 6-7": { version: 1, kind: 20 }, "version 2 kind 0": { kind: 0 },
    "size 0": { size: 0n }, "size 65537": { size: 65537n }, "more items than the size": { size: 1n, entries: [[2n, 1n], [1n, 2n]] },
    "a total past 2^63 - 1": { total: 2n ** 63n }, "reserved 4": { reserved4: 1 }, "reserved 36": { reserved36: 1 },
    "no kind, a total": { version: 1, kind: 0, width: 0, entries: [] }, "no kind, a width": { version: 1, kind: 0, total: 0n, entries: [] },
    "no kind, an offset": { version: 1, kind: 0, width: 0, total: 0n, offset: 1n, entries: [] }, "a kind, no total": { total: 0n, entries: [] },
    "kind 65535": { kind: 65535 }, "kind 1700": { kind: 1700, width: 0 }, "kind 20 of width 0": { width: 0 }, "uuid of width 8": { kind: 2950 },
    "an item count past the entries": { n: 2 }, "count 0": { entries: [[0n, 1n]] }, "count above the total": { entries: [[11n, 1n]] },
    "an item not of the width": { entries: [[5n, new Uint8Array(7)]] }, "counts ascending": { entries: [[1n, 1n], [2n, 2n]] },
    "items descending": { entries: [[2n, 2n], [2n, 1n]] }, "one item twice": { entries: [[3n, 1n], [2n, 1n]] },
    "counts and offset past the total": { entries: [[5n, 1n]], offset: 2n }, "an item over 1024 bytes": { kind: 17, width: 0, entries: [[1n, new Uint8Array(1025)]] },
    "invalid UTF-8": { kind: 25, width: 0, entries: [[1n, text([0xc3, 0x28])]] }, "a surrogate": { kind: 25, width: 0, entries: [[1n, text([0xed, 0xa0, 0x80])]] },
    "a 0 byte in text": { kind: 25, width: 0, entries: [[1n, text([0x61, 0])]] }, "an overlong": { kind: 25, width: 0, entries: [[1n, text([0xc0, 0xaf])]] },
  };
  for (const [name, f] of Object.entries(refused)) assert.throws(() => P.Topk.fromBytes(topkBytes(f)), P.FormatError, name);
  const good = topkBytes({});
  for (const n of [0, 39, 40, 51, good.length - 1]) assert.throws(() => P.Topk.fromBytes(good.slice(0, n)), P.FormatError, `truncated to ${n}`);
  assert.throws(() => P.Topk.fromBytes(new Uint8Array([...good, 0])), P.FormatError, "a byte after the entries");
  assert.throws(() => P.Topk.fromText("4b"), P.FormatError, "text without \\x");
});

// ---------------------------------------------------------------- countmin

/** A vector's ops on countmin_empty(epsilon, delta, seed): [add, type, text, weight], [add_range, first, last, m, k]. */
function applyCountmin(v, ops) {
  const c = P.Countmin.empty(v.epsilon, v.delta, signedSeed(v.seed)), rows = [];
  for (const op of ops) {
    if (op[0] === "add") { c.addInPlace(decode(op[1], op[2]), BigInt(op[3])); rows.push([`${op[1]}:${op[2]}`, BigInt(op[3])]); }
    else for (let i = op[1]; i <= op[2]; i++) { c.addInPlace(BigInt(i % op[3]), BigInt(1 + (i % op[4]))); rows.push([`bigint:${i % op[3]}`, BigInt(1 + (i % op[4]))]); }
  }
  return [c, rows];
}

const countmins = C.countmin.map((v) => {
  const [a, rows] = applyCountmin(v, v.ops);
  if (!v.union_ops) return [v, a, rows];
  const [b, more] = applyCountmin(v, v.union_ops);
  return [v, a.union(b), [...rows, ...more]];
});

test("countmin: every vector built from its adds (weights, collisions, kinds, unions), byte for byte", () => {
  for (const [v, c] of countmins) {
    const b = c.toBytes();
    assert.equal(b.length, v.bytes, v.name);
    assert.equal(sha256(b), v.sha256, v.name);
    if (v.hex) {
      assert.equal(hex(b), v.hex, v.name);
      assert.equal(P.Countmin.fromText("\\x" + v.hex).toText(), "\\x" + v.hex, v.name);
    }
    const parsed = P.Countmin.fromBytes(b);
    assert.ok(parsed.equals(c) && parsed.kind === c.kind, v.name);
    assert.deepEqual([parsed.epsilon, parsed.delta, parsed.seed, parsed.total()], [v.epsilon, v.delta, signedSeed(v.seed), c.total()], v.name);
  }
});

test("countmin: counts are never below the exact counts; totals are exact", () => {
  for (const [v, c, rows] of countmins) {
    const truth = exact(rows);
    assert.equal(c.total(), [...truth.values()].reduce((a, b) => a + b, 0n), v.name);
    if (c.kind === P.KIND_MIXED) continue; // a union of kinds answers no probe (§2.5)
    for (const [key, f] of truth) {
      const [type, text] = [key.slice(0, key.indexOf(":")), key.slice(key.indexOf(":") + 1)];
      assert.ok(c.count(decode(type, text)) >= f, `${v.name}: ${key}`);
    }
    if (c.depth === 1) assert.equal(c.count(decode("bigint", "123456789")) <= c.total(), true);
  }
});

test("countmin: FORMAT.md §7.8's worked example and REFERENCE.md's outputs", () => {
  const c = P.Countmin.empty(0.5, 0.5, 3n).add(42);
  assert.equal(P.sketchHash(42, 3n), 3841704182514426698n);
  assert.equal(c.toText(), "\\x" + "4d02020101001400" + "0300000000000000" + "000000000000e03f" + "000000000000e03f"
    + "0600000000000000" + "0100000000000000" + "0000000000000000".repeat(5) + "0100000000000000");
  assert.deepEqual([c.width, c.depth, c.count(42), c.total()], [6, 1, 1n, 1n]);
  // countmin_empty's sizes; ε = 1e-7 does not fit
  const d = P.Countmin.empty();
  assert.deepEqual([d.width, d.depth, d.toBytes().length, P.Countmin.empty(0.01, 0.001).toBytes().length], [2719, 5, 108808, 15280]);
  refuses(() => P.Countmin.empty(1e-7, 0.01), "54000", "a sketch over 511 MiB");
  // countmin_add(countmin_add(countmin_empty(), 'a'::text), 'b'::text, 5)
  const s = P.Countmin.empty().add("a").add("b", 5);
  assert.deepEqual([s.count("a"), s.count("b"), s.total()], [1n, 5n, 6n]);
  // countmin_count over countmin_agg(i % 7), i = 1 … 1000
  const m = P.Countmin.empty();
  for (let i = 1; i <= 1000; i++) m.addInPlace(i % 7);
  assert.deepEqual([0, 1, 2].map((x) => m.count(x)), [142n, 143n, 143n]);
  // countmin_info(countmin_add(countmin_empty(0.01, 0.05, 7), 1, 1000))
  const i = P.Countmin.empty(0.01, 0.05, 7n).add(1, 1000);
  assert.deepEqual([i.toBytes().length + 4, i.depth, i.width, i.errorBound(), i.kind, i.seed], [6580, 3, 272, 10, 20, 7n]);
  // countmin_agg(x) FILTER (WHERE x <= 5) || countmin_agg(x) FILTER (WHERE x >= 1), x = 1 … 10
  const a = P.Countmin.empty(), b = P.Countmin.empty();
  for (let x = 1; x <= 10; x++) { if (x <= 5) a.addInPlace(x); b.addInPlace(x); }
  assert.deepEqual([a.union(b).count(1), a.union(b).total()], [2n, 15n]);
  // set_byte(countmin_add(countmin_empty(0.5, 0.5), 1)::bytea, 40, 2)::countmin: the rows sum to 1, less than the total 2
  const bytes = P.Countmin.empty(0.5, 0.5).add(1).toBytes();
  bytes[40] = 2;
  refuses(() => P.Countmin.fromBytes(bytes), "22P03", "rows below the total");
});

test("countmin: the depth is the smallest d with EXPM[d] <= delta, at every boundary of FORMAT.md's list", () => {
  const expm = formatExpm();
  assert.equal(expm[1], Math.exp(-1));
  for (let k = 1; k <= 32; k++) {
    assert.equal(P.Countmin.empty(0.5, expm[k]).depth, k, `delta = EXPM[${k}]`);
    assert.equal(P.Countmin.empty(0.5, nextDouble(expm[k], 1)).depth, k, `delta just above EXPM[${k}]`);
    if (k < 32) assert.equal(P.Countmin.empty(0.5, nextDouble(expm[k], -1)).depth, k + 1, `delta just below EXPM[${k}]`);
    else refuses(() => P.Countmin.empty(0.5, nextDouble(expm[k], -1)), "22023", "delta below EXPM[32]");
  }
  assert.equal(P.Countmin.empty(0.5, nextDouble(1, -1)).depth, 1);
  // width = ceil(e / epsilon), e the binary64 nearest it
  for (const [eps, w] of [[0.5, 6], [0.001, 2719], [nextDouble(1, -1), 3]]) assert.equal(P.Countmin.empty(eps, 0.5).width, w, `epsilon ${eps}`);
});

test("countmin: refusals carry the server's SQLSTATE (REFERENCE.md: countmin_empty, countmin_add, countmin_union)", () => {
  for (const [e, d] of [[0, 0.01], [1, 0.01], [NaN, 0.01], [0.01, 0], [0.01, 1], [0.01, 1e-15]]) refuses(() => P.Countmin.empty(e, d), "22023", `${e}, ${d}`);
  const c = P.Countmin.empty(0.1, 0.1).add(1);
  refuses(() => c.add(1, -1), "22023", "a negative weight");
  refuses(() => c.add(1, 2n ** 63n - 1n), "54000", "a total past 2^63 - 1");
  refuses(() => c.union(P.Countmin.empty(0.1, 0.1).add(2, 2n ** 63n - 1n)), "54000", "a union's total past 2^63 - 1");
  for (const o of [P.Countmin.empty(0.2, 0.1), P.Countmin.empty(0.1, 0.2), P.Countmin.empty(0.1, 0.1, 1n)])
    refuses(() => c.union(o), "22023", "different parameters");
  refuses(() => c.add("1"), "42883", "text against a bigint sketch: no =");
  refuses(() => c.add(2.5), "42804", "2.5 added to a bigint sketch");
  assert.equal(c.count(2.5), 0n, "2.5 probed in a bigint sketch");
  assert.ok(c.add(7, 0).equals(c), "weight 0 changes nothing");
  const mixed = c.union(P.Countmin.empty(0.1, 0.1).add("x"));
  assert.equal(mixed.kind, P.KIND_MIXED);
  refuses(() => mixed.count(1), "42804", "a union of kinds answers no probe");
});

test("countmin: bytes that §7.5 rejects", () => {
  const good = P.Countmin.empty(0.5, 0.2, 5n).add(1, 3).add(2).toBytes();
  const set = (i, v) => { const b = good.slice(); b[i] = v; return b; };
  const f64 = (at, x) => { const b = good.slice(); new DataView(b.buffer).setFloat64(at, x, true); return b; };
  const u64 = (at, x) => { const b = good.slice(); new DataView(b.buffer).setBigUint64(at, x, true); return b; };
  const refused = {
    tag: set(0, 0x4b), "version 3": set(1, 3), "hash id 1": set(2, 1), "rule 2": set(3, 2), "depth 3": set(4, 3), "reserved 5": set(5, 1),
    "version 2 kind 0": (() => { const b = good.slice(); b[6] = b[7] = 0; return b; })(), "version 1 with a kind": set(1, 1),
    "epsilon 0": f64(16, 0), "epsilon 1": f64(16, 1), "epsilon NaN": f64(16, NaN), "epsilon of another width": f64(16, 0.4),
    "delta 1": f64(24, 1), "delta below e^-32": f64(24, 1e-15), "delta of another depth": f64(24, 0.1), "width 7": u64(32, 7n),
    "total past 2^63 - 1": u64(40, 2n ** 63n), "a row above the total": u64(48, 5n), "rows below the total": u64(40, 9n),
  };
  for (const [name, b] of Object.entries(refused)) assert.throws(() => P.Countmin.fromBytes(b), P.FormatError, name);
  for (const n of [0, 47, 48, good.length - 1]) assert.throws(() => P.Countmin.fromBytes(good.slice(0, n)), P.FormatError, `truncated to ${n}`);
  assert.throws(() => P.Countmin.fromBytes(new Uint8Array([...good, 0])), P.FormatError, "a byte after the cells");
  assert.equal(hex(P.Countmin.fromBytes(u64(8, 2n ** 64n - 1n)).toBytes()), hex(u64(8, 2n ** 64n - 1n)), "any seed");
});
