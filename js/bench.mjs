// node bench.mjs: per-operation times of the package (not a test; see README.md).
import * as P from "./dist/esm/index.js";
import { xxh3 } from "@node-rs/xxhash";
await P.ready();
const time = (label, n, fn) => { fn(Math.min(n, 1000)); const t = performance.now(); fn(n); const us = ((performance.now() - t) * 1000) / n; console.log(`${label.padEnd(58)} ${us.toFixed(2)} µs`); };
for (const mode of ["hash-wasm", "@node-rs/xxhash via setHasher"]) {
  P.setHasher(mode === "hash-wasm" ? null : (b, s) => xxh3.xxh64(b, s));
  console.log(`-- ${mode}`);
  const bloom = P.Bloom.empty(1000000, 0.01);
  const blocked = P.Bloom.empty(1000000, 0.01, { layout: "blocked" });
  for (let i = 0; i < 1000000; i += 1) { const h = P.hashValue(i); bloom.addHashInPlace(h); blocked.addHashInPlace(h); }
  let hits = 0;
  time("bloom (fixed, 1M keys at 1%) contains, per key", 100000, (n) => { for (let i = 0; i < n; i++) hits += bloom.contains(2000000 + i) ? 1 : 0; });
  time("bloom (blocked, 1M keys at 1%) contains, per key", 100000, (n) => { for (let i = 0; i < n; i++) hits += blocked.contains(2000000 + i) ? 1 : 0; });
  const fuse = P.Fuse.fromHashes(Array.from({ length: 200000 }, (_, i) => P.hashValue(i))).build();
  time("fuse (200k keys at 2^-8) contains, per key", 100000, (n) => { for (let i = 0; i < n; i++) hits += fuse.contains(2000000 + i) ? 1 : 0; });
  const h = P.Hll.empty(14);
  time("hll add (p = 14, dense), per value", 200000, (n) => { for (let i = 0; i < n; i++) h.addInPlace(i); });
  const hb = h.toBytes(), bb = bloom.toBytes();
  time(`parse and validate a ${hb.length}-byte hll`, 200, (n) => { for (let i = 0; i < n; i++) P.Hll.fromBytes(hb); });
  time(`parse and validate a ${bb.length}-byte bloom filter`, 20, (n) => { for (let i = 0; i < n; i++) P.Bloom.fromBytes(bb); });
}
