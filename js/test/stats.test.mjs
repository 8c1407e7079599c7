// LookupStats: every filter counts its lookups and its "no" answers (the round trips it spared),
// checked against the truth of a known stream: a value added is never counted "no", and the
// "no" count of values never added is what contains() answered for them, one by one.
import { test } from "node:test";
import assert from "node:assert/strict";
import { P } from "./helpers.mjs";

await P.ready();

const added = Array.from({ length: 2000 }, (_, i) => `id:${i}`);
const absent = Array.from({ length: 8000 }, (_, i) => `other:${i}`);

const filters = {
  bloom: () => { const f = P.Bloom.empty(2000, 0.01); for (const k of added) f.addInPlace(k); return f; },
  "bloom blocked": () => { const f = P.Bloom.empty(2000, 0.01, { layout: "blocked" }); for (const k of added) f.addInPlace(k); return f; },
  cuckoo: () => { const f = P.Cuckoo.empty(2000, 0.01); for (const k of added) f.addInPlace(k); return f; },
  fuse: () => P.Fuse.agg(added, 0.01),
  agebloom: () => { const f = P.Agebloom.emptyCount(4000, 0.01); for (const k of added) f.addInPlace(k); return f; },
};

for (const [name, make] of Object.entries(filters)) {
  test(`${name}: lookups and "no" answers counted as contains() answered them`, () => {
    const f = make();
    assert.deepEqual(f.stats.toJSON(), { lookups: 0, answeredNo: 0, noShare: 0 }, "adding is not a lookup");
    let no = 0;
    for (const k of absent) if (!f.contains(k)) no++;
    for (const k of added) assert.equal(f.contains(k), true, `${k} added, answered no`);
    assert.equal(f.stats.lookups, absent.length + added.length);
    assert.equal(f.stats.answeredNo, no, "every 'no', and only those, counted");
    assert.ok(no > absent.length * 0.9, `a 1% filter answers most absent values no (${no} of ${absent.length})`);
    assert.equal(f.stats.noShare, no / (absent.length + added.length));
    f.stats.reset();
    assert.equal(f.stats.lookups, 0);
  });
}

test("copies and values made by add and union count into the same LookupStats; a new one can be given", () => {
  const f = P.Bloom.empty(100, 0.01);
  const g = f.add("a");
  g.contains("a"); g.contains("b");
  assert.equal(f.stats, g.stats);
  assert.equal(f.stats.lookups, 2);
  const h = g.union(P.Bloom.empty(100, 0.01).add("c"));
  h.contains("zzz");
  assert.equal(g.stats.lookups, 3);
  const reloaded = P.Bloom.fromBytes(h.toBytes());
  assert.notEqual(reloaded.stats, h.stats, "a value read from bytes starts its own count");
  reloaded.stats = h.stats;                 // a refreshed filter keeps counting into the old one
  reloaded.containsHash(P.sketchHash("c", 0n));
  assert.equal(h.stats.lookups, 4);
  const c = P.Cuckoo.empty(100, 0.01).add(1);
  c.contains(1); c.remove(1).contains(1); c.count(1);
  assert.deepEqual([c.stats.lookups, c.stats.answeredNo], [2, 1], "count() is not a lookup");
  const a = P.Agebloom.emptyTime(3600n * 1000000n, 100, 0.01);
  const t = new Date("2026-01-01T00:00:00Z");
  a.addInPlace("x", t);
  a.contains("x"); a.contains("x", new Date(t.getTime() + 7200 * 1000)); a.containsHash(P.sketchHash("x", 0n));
  assert.deepEqual([a.stats.lookups, a.stats.answeredNo], [3, 1]);
});
