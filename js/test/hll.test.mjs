import { test } from "node:test";
import assert from "node:assert/strict";
import { P, vectors, sha256, hex, unhex, decode, inputValues, setEnumType, signedSeed } from "./helpers.mjs";

await P.ready();
const V = vectors("hll");
setEnumType(V.enum.type);
for (const s of [...new Set(V.hll.map((r) => r.seed))]) await P.loadSeed(signedSeed(s));
for (const s of [...new Set([...V.sketch_hash, ...V.encoded_hash].map((r) => r.seed))]) await P.loadSeed(signedSeed(s));

function check(h, rec) {
  const raw = h.toBytes();
  assert.equal(h.kind, rec.kind, "kind");
  assert.equal(raw.length, rec.bytes, "length");
  assert.equal(sha256(raw), rec.sha256, "sha256");
  if (rec.hex) assert.equal(hex(raw), rec.hex);
  assert.equal(h.sparse ? "sparse" : "dense", rec.representation);
  if (h.sparse) assert.equal(h.sparseEntries, rec.sparse_entries);
  assert.equal(h.cardinality(), BigInt(rec.cardinality), "cardinality");
  assert.equal(h.estimate(), Number(rec.estimate), "estimate, bit for bit");
}

function build(rec) {
  let h = P.Hll.empty(rec.precision, signedSeed(rec.seed));
  for (const v of inputValues(rec.input)) {
    if (v === null) continue;
    if (rec.build === "hashes") h.addHashInPlace(v.hash ?? P.hashValue(v, signedSeed(rec.seed)));
    else if (v.hash !== undefined) h.addHashInPlace(v.hash);
    else h.addInPlace(v);
  }
  return h;
}

const built = new Map(V.hll.map((r) => [r.name, r]));

test("sketch_hash: every vector", () => {
  for (const r of V.sketch_hash) assert.equal(P.sketchHash(decode(r.type, r.text), signedSeed(r.seed)), BigInt(r.hash), `${r.type} ${r.text}`);
});

test("encoded_hash: the canonical bytes' hash", () => {
  for (const r of V.encoded_hash) {
    assert.equal(BigInt.asIntN(64, P.xxh3(unhex(r.encoding), signedSeed(r.seed))), BigInt(r.hash));
    assert.equal(P.sketchHash(decode(r.type, r.text), signedSeed(r.seed)), BigInt(r.hash), `${r.type} ${r.text}`);
  }
});

test("hll vectors built from their inputs, byte for byte, with the server's estimate", () => {
  for (const r of V.hll) check(build(r), r);
});

test("hll vectors parsed and written back", () => {
  for (const r of V.hll.filter((r) => r.hex)) {
    const h = P.Hll.fromBytes(unhex(r.hex));
    assert.equal(hex(h.toBytes()), r.hex);
    assert.equal(P.Hll.fromText("\\x" + r.hex).toText(), "\\x" + r.hex);
    check(h, r);
  }
});

test("union and fold vectors", () => {
  for (const r of V.union) check(build(built.get(r.left)).union(build(built.get(r.right))), r);
  for (const r of V.fold) check(build(built.get(r.source)).fold(r.precision), r);
});

test("refused as the server refuses", () => {
  const all = new Map([...V.hll, ...V.union].map((r) => [r.name, r]));
  const sketch = (name) => { const r = all.get(name); return r.left ? build(all.get(r.left)).union(build(all.get(r.right))) : build(r); };
  for (const r of V.refused) {
    const left = sketch(r.left);
    const err = (() => {
      try { r.op === "add" ? left.add(decode(r.right[0], r.right[1])) : left.contains(sketch(r.right)); }
      catch (e) { return e; }
      return null;
    })();
    assert.ok(err instanceof P.SketchError, `${r.name}: not refused`);
    assert.equal(err.sqlstate, r.sqlstate, r.name);
  }
});

test("invalid bytes are rejected, edge bytes accepted", () => {
  for (const r of V.invalid) {
    assert.throws(() => P.Hll.fromBytes(unhex(r.hex)), (e) => e instanceof P.FormatError || e instanceof P.UnsupportedError, r.name);
  }
  for (const r of V.accepted) assert.equal(hex(P.Hll.fromBytes(unhex(r.hex)).toBytes()), r.hex, r.name);
});

test("worked example (FORMAT.md §3.12)", () => {
  let h = P.Hll.empty();
  for (const x of [1, 2, 3]) h = h.add(x);
  assert.equal(h.toText(), "\\x480202010e1a1400000000000000000042c686200159bc2f0120924d");
  assert.equal(h.cardinality(), 3n);
});
