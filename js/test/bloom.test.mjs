import { test } from "node:test";
import assert from "node:assert/strict";
import { P, assertClose, vectors, sha256, hex, unhex, decode, inputValues, setEnumType, signedSeed } from "./helpers.mjs";

await P.ready();
const V = vectors("bloom");
setEnumType(V.enum.type);
for (const s of new Set(V.bloom.map((r) => r.seed))) await P.loadSeed(signedSeed(s));

function layoutOf(rec) {
  return rec.layout_argument ?? (rec.scalable ? "scalable" : "fixed");
}

/** The filter a vector describes, from its inputs alone (as python/test_format.py's build_bloom). */
function build(rec) {
  const values = inputValues(rec.input).filter((v) => v !== null);
  if (rec.build === "agg_distinct") {
    const distinct = new Set(values.map((v) => P.hashValue(v)));
    const b = P.Bloom.empty(Math.max(distinct.size, 1), rec.fpr_argument ?? 0.01);
    for (const v of values) b.addInPlace(v);
    return b;
  }
  const seed = rec.build === "agg" ? 0n : signedSeed(rec.seed);
  const b = P.Bloom.empty(BigInt(rec.capacity), rec.fpr, { layout: layoutOf(rec), seed });
  values.forEach((v, i) => {
    b.addInPlace(v);
    if (rec.kind_free && i === 0) b.kind = 0;
  });
  return b;
}

// bloom_fpr goes through pow, log1p, expm1 (and for blocked filters exp, log and lgamma of
// terms in the thousands, whose last-ulp differences cancel into the 12th-14th significant
// digit, FORMAT.md §4.13): equal to the server's within a few ulps, blocked within 1e-12.
const ulpsFor = (rec) => (rec.layout === "blocked" ? 1e-12 / Number.EPSILON : 16);

const pinned = (b, rec) => { const c = b.copy(); if (rec.kind_cleared) c.kind = 0; return c.toBytes(); };
const layers = (b) => b.layerInfo.map((l) => ({ bit_count: l.bitCount, hash_count: l.hashCount, capacity: Number(l.capacity), bits_set: l.bitsSet }));

function check(b, rec) {
  assert.equal(b.kind, rec.kind, "kind");
  const raw = pinned(b, rec);
  assert.equal(raw.length, rec.bytes, "length");
  assert.equal(sha256(raw), rec.sha256, "sha256");
  if (rec.hex) assert.equal(hex(raw), rec.hex);
  assert.equal(b.layoutName, rec.layout);
  assert.deepEqual(layers(b), rec.layers);
  assert.equal(b.cardinality(), BigInt(rec.cardinality), "cardinality");
  assertClose(b.estimatedFpr(), Number(rec.estimated_fpr), "bloom_fpr", ulpsFor(rec));
}

const filters = new Map();
for (const rec of [...V.bloom, ...V.operands]) filters.set(rec.name, [rec, build(rec)]);
const operand = (name, cleared) => { const b = filters.get(name)[1].copy(); if (cleared) b.kind = 0; return b; };

test("every bloom vector built from its inputs (every layout, empty, agg, add, scalable growth), byte for byte", () => {
  for (const [name, [rec, b]] of filters) {
    try { check(b, rec); } catch (e) { e.message = `${name}: ${e.message}`; throw e; }
  }
});

test("bloom vectors parsed and written back, answers equal", () => {
  for (const rec of [...V.bloom, ...V.operands].filter((r) => r.hex)) {
    const b = P.Bloom.fromBytes(unhex(rec.hex));
    assert.equal(hex(b.toBytes()), rec.hex, rec.name);
    assert.equal(P.Bloom.fromText("\\x" + rec.hex).toText(), "\\x" + rec.hex);
    assert.equal(b.cardinality(), BigInt(rec.cardinality), rec.name);
    assertClose(b.estimatedFpr(), Number(rec.estimated_fpr), rec.name, ulpsFor(rec));
  }
});

test("probes over the series: added values found, the recorded false positives and no others", () => {
  for (const [name, [rec, b]] of filters) {
    if (!rec.probe) continue;
    const { type, series: [a, z], present_through, false_positives } = rec.probe;
    const fp = new Set(false_positives);
    for (let i = a; i <= z; i++)
      assert.equal(b.contains(decode(type, String(i))), i <= present_through || fp.has(i), `${name}: ${i}`);
  }
});

test("union and intersect vectors", () => {
  for (const rec of V.union) check(operand(rec.left, rec.operands_kind_cleared).union(operand(rec.right, rec.operands_kind_cleared)), rec);
  for (const rec of V.intersect) check(operand(rec.left, rec.operands_kind_cleared).intersect(operand(rec.right, rec.operands_kind_cleared)), rec);
});

test("refused as the server refuses", () => {
  for (const rec of V.refused) {
    const l = operand(rec.left), r = rec.right ? operand(rec.right) : null;
    const ops = {
      "SELECT bloom_intersect({left}, {right})": () => l.intersect(r),
      "SELECT {left} @> {right}": () => l.superset(r),
      "SELECT {left} <@ {right}": () => r.superset(l),
      "SELECT bloom_union({left}, {right}) @> {left}": () => l.union(r).superset(l),
      "SELECT bloom_add({left}, 2.5::float8)": () => l.add(P.float8(2.5)),
      "SELECT bloom_add({left}, '2024-01-02 00:00:01'::timestamp)": () => l.add(P.timestamp("2024-01-02 00:00:01")),
    };
    assert.ok(ops[rec.template], `no operation for ${rec.template}`);
    assert.throws(ops[rec.template], (e) => e instanceof P.SketchError && e.sqlstate === rec.sqlstate, rec.name);
  }
});

test("bloom_contains of values of other types: the server's answer or its SQLSTATE", () => {
  const unions = new Map(V.union.map((r) => [r.name, r]));
  for (const rec of V.probes) {
    const b = filters.has(rec.filter) ? filters.get(rec.filter)[1]
      : (() => { const u = unions.get(rec.filter); return operand(u.left, u.operands_kind_cleared).union(operand(u.right, u.operands_kind_cleared)); })();
    const value = decode(rec.type, rec.text);
    const what = `${rec.filter} ∋ ${rec.type} ${rec.text}`;
    if (rec.answer === "true" || rec.answer === "false") {
      assert.equal(b.contains(value), rec.answer === "true", what);
      if (rec.equal_to_added) assert.equal(rec.answer, "true");
    } else {
      assert.throws(() => b.contains(value), (e) => e instanceof P.ComparisonError && e.sqlstate === rec.answer, what);
    }
  }
});

test("invalid bytes are rejected, edge bytes accepted", () => {
  for (const rec of V.invalid) assert.throws(() => P.Bloom.fromBytes(unhex(rec.hex)), P.FormatError, rec.name);
  for (const rec of V.accepted) assert.equal(hex(P.Bloom.fromBytes(unhex(rec.hex)).toBytes()), rec.hex, rec.name);
});

test("worked example (FORMAT.md §4.11)", () => {
  const b = P.Bloom.empty(3, 0.01);
  for (const x of [1, 2, 3]) b.addInPlace(x);
  assert.equal(b.toText(), "\\x4202020101001400000000000000000003000000000000007b14ae47e17a843f1d00000000000000030000000000000011000000000000000700000000000000b91b8f0b");
  assert.equal(b.cardinality(), 4n);
});
