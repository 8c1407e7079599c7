// A value read from a Node Buffer (what pg returns for bytea) owns its bytes: Buffer's
// slice() is a view, not a copy, so a reader that sliced would change the caller's Buffer
// when the value changes, and change itself when the caller reuses the Buffer.
import { test } from "node:test";
import assert from "node:assert/strict";
import { P } from "./helpers.mjs";

await P.ready();

const cases = [
  ["bloom fixed", () => P.Bloom.empty(1000, 0.01), P.Bloom],
  ["bloom scalable", () => P.Bloom.empty(100, 0.01, { layout: "scalable" }), P.Bloom],
  ["bloom blocked", () => P.Bloom.empty(1000, 0.01, { layout: "blocked" }), P.Bloom],
  ["hll", () => P.Hll.empty(10), P.Hll],
  ["cuckoo", () => P.Cuckoo.empty(1000, 0.01), P.Cuckoo],
  ["agebloom", () => P.Agebloom.emptyCount(1000, 0.01), P.Agebloom],
];

test("a value read from a Buffer leaves the Buffer alone, and the Buffer's later changes leave it alone", () => {
  for (const [name, empty, T] of cases) {
    const v = empty();
    for (let i = 0; i < 50; i++) v.addInPlace(i);
    const bytes = v.toBytes();
    const buf = Buffer.from(bytes);
    const read = T.fromBytes(buf);
    for (let i = 50; i < 300; i++) read.addInPlace(i);
    assert.deepEqual(new Uint8Array(buf), bytes, `${name}: adding to the value read changed the Buffer`);
    const again = T.fromBytes(buf), before = again.toBytes();
    buf.fill(0xff, 64);
    assert.deepEqual(again.toBytes(), before, `${name}: changing the Buffer changed the value read`);
  }
});

test("a fuse filter read from a Buffer keeps its bytes when the Buffer changes", () => {
  const f = P.Fuse.keySet(Array.from({ length: 500 }, (_, i) => i), 0.01).build();
  const bytes = f.toBytes(), buf = Buffer.from(bytes);
  const read = P.Fuse.fromBytes(buf);
  buf.fill(0, 64);
  assert.deepEqual(read.toBytes(), bytes);
  for (let i = 0; i < 500; i++) assert.equal(read.contains(i), true, `key ${i}`);
});
