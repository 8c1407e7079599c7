// node bench.mjs [rounds]: this package against bloom-filters (a pinned devDependency), side
// by side in one run (not a test; see README.md's "Speed"). Same keys (strings: bloom-filters
// hashes strings, ArrayBuffers and Buffers), same target rate (1%), 1M keys; interleaved
// rounds (the two libraries alternate, their order swapping each round), medians of the
// rounds, the ratio bloom-filters / ours, and the load average before and after.
import os from "node:os";
import * as P from "./dist/esm/index.js";
import { xxh3 } from "@node-rs/xxhash";
import bf from "bloom-filters";

const ROUNDS = Number(process.argv[2] ?? 9);
const N = 1_000_000, FPR = 0.01, PROBES = 20_000, ADDS = 20_000;
const load = () => os.loadavg().map((x) => x.toFixed(2)).join(" ");
console.log(`node ${process.version}, ${os.cpus().length} cpus, load average ${load()}, ${ROUNDS} rounds`);

await P.ready();
const keys = Array.from({ length: N }, (_, i) => `key:${i}`);
// probes: half of them added keys, half not
const probes = Array.from({ length: PROBES }, (_, i) => (i % 2 ? `key:${(i * 7919) % N}` : `other:${i}`));
const addKeys = Array.from({ length: ADDS }, (_, i) => `value:${i}`);

const t0 = performance.now();
const ours = P.Bloom.empty(N, FPR), oursBlocked = P.Bloom.empty(N, FPR, { layout: "blocked" });
for (const k of keys) { ours.addInPlace(k); oursBlocked.addInPlace(k); }
const fuse = P.Fuse.keySet(keys, FPR).build();
const theirs = bf.BloomFilter.create(N, FPR);
for (const k of keys) theirs.add(k);
console.log(`built the filters in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

// Same answers on the added keys (no false negative on either side), and the rates seen.
let fpOurs = 0, fpTheirs = 0, fpFuse = 0;
for (let i = 0; i < 100000; i++) {
  const k = `absent:${i}`;
  fpOurs += ours.contains(k) ? 1 : 0; fpTheirs += theirs.has(k) ? 1 : 0; fpFuse += fuse.contains(k) ? 1 : 0;
}
for (let i = 0; i < N; i += 997) if (!ours.contains(keys[i]) || !theirs.has(keys[i]) || !fuse.contains(keys[i])) throw new Error("false negative");
console.log(`false positives on 100000 absent keys: ours (fixed) ${fpOurs}, fuse ${fpFuse}, bloom-filters ${fpTheirs}`);

const hllBytes = (() => { const h = P.Hll.empty(14); for (let i = 0; i < 100000; i++) h.addInPlace(keys[i]); return h.toBytes(); })();
const theirHll = new bf.HyperLogLog(2 ** 14);
for (let i = 0; i < 100000; i++) theirHll.update(keys[i]);
const theirHllJson = JSON.parse(JSON.stringify(theirHll.saveAsJSON()));
const bloomBytes = ours.toBytes();
const theirBloomJson = JSON.parse(JSON.stringify(theirs.saveAsJSON()));
const fuseBytes = fuse.toBytes();

let sink = 0;
const probe = (f) => () => { for (let i = 0; i < PROBES; i++) sink += f(probes[i]) ? 1 : 0; return PROBES; };
const cases = [
  { name: "bloom contains (fixed), 1M keys at 1%", ours: probe((k) => ours.contains(k)), theirs: probe((k) => theirs.has(k)) },
  { name: "bloom contains (blocked), 1M keys at 1%", ours: probe((k) => oursBlocked.contains(k)), theirs: probe((k) => theirs.has(k)) },
  { name: "fuse contains, 1M keys at 1% (vs BloomFilter.has)", ours: probe((k) => fuse.contains(k)), theirs: probe((k) => theirs.has(k)) },
  {
    name: "hll add (p = 14) (vs HyperLogLog.update)",
    ours: () => { const h = P.Hll.fromBytes(hllBytes); for (let i = 0; i < ADDS; i++) h.addInPlace(addKeys[i]); return ADDS; },
    theirs: () => { const h = bf.HyperLogLog.fromJSON(theirHllJson); for (let i = 0; i < ADDS; i++) h.update(addKeys[i]); return ADDS; },
  },
  {
    name: `parse and validate a ${hllBytes.length}-byte hll (vs HyperLogLog.fromJSON)`,
    ours: () => { for (let i = 0; i < 200; i++) sink += P.Hll.fromBytes(hllBytes).precision; return 200; },
    theirs: () => { for (let i = 0; i < 200; i++) sink += bf.HyperLogLog.fromJSON(theirHllJson)._nbRegisters; return 200; },
  },
  {
    name: `parse and validate a ${bloomBytes.length}-byte bloom (vs BloomFilter.fromJSON)`,
    ours: () => { for (let i = 0; i < 5; i++) sink += P.Bloom.fromBytes(bloomBytes).layerInfo.length; return 5; },
    theirs: () => { for (let i = 0; i < 5; i++) sink += bf.BloomFilter.fromJSON(theirBloomJson).size; return 5; },
  },
  {
    name: `parse and validate a ${fuseBytes.length}-byte fuse (vs BloomFilter.fromJSON)`,
    ours: () => { for (let i = 0; i < 5; i++) sink += P.Fuse.fromBytes(fuseBytes).isKeySet ? 1 : 0; return 5; },
    theirs: () => { for (let i = 0; i < 5; i++) sink += bf.BloomFilter.fromJSON(theirBloomJson).size; return 5; },
  },
];

const median = (xs) => { const s = [...xs].sort((a, b) => a - b); const m = s.length >> 1; return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2; };
const timeUs = (fn) => { const t = performance.now(); const n = fn(); return ((performance.now() - t) * 1000) / n; };
const native = (b, s) => xxh3.xxh64(b, s);

for (const mode of ["hash-wasm", "@node-rs/xxhash via setHasher"]) {
  P.setHasher(mode === "hash-wasm" ? null : native);
  const runs = cases.map(() => ({ ours: [], theirs: [] }));
  cases.forEach((c) => { c.ours(); c.theirs(); }); // warm-up
  for (let r = 0; r < ROUNDS; r++) {
    cases.forEach((c, i) => {
      if (r % 2 === 0) { runs[i].ours.push(timeUs(c.ours)); runs[i].theirs.push(timeUs(c.theirs)); }
      else { runs[i].theirs.push(timeUs(c.theirs)); runs[i].ours.push(timeUs(c.ours)); }
    });
  }
  console.log(`\n-- ours hashed with ${mode}; load average ${load()}`);
  console.log(`${"operation".padEnd(62)} ${"ours µs".padStart(10)} ${"b-f µs".padStart(10)} ${"ratio".padStart(7)}`);
  cases.forEach((c, i) => {
    const o = median(runs[i].ours), t = median(runs[i].theirs), ratio = t / o;
    console.log(`${c.name.padEnd(62)} ${o.toFixed(2).padStart(10)} ${t.toFixed(2).padStart(10)} ${ratio.toFixed(2).padStart(6)}× ${ratio >= 2 ? "PASS" : "FAIL"}`);
  });
}
P.setHasher(null);
console.log(`\nload average ${load()} (sink ${sink})`);
