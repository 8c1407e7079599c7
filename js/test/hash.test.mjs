// The WebAssembly XXH3 (the dependency) against a native one (@node-rs/xxhash, a
// devDependency, which README.md offers through setHasher): the same u64 for random inputs
// and seeds, and both the server's on the vectors' encodings.
import { test } from "node:test";
import assert from "node:assert/strict";
import { xxh3 } from "@node-rs/xxhash";
import { P, vectors, unhex, signedSeed } from "./helpers.mjs";

await P.ready();

test("hash-wasm and @node-rs/xxhash agree on random inputs of 0 to 300 bytes and random seeds", async () => {
  let x = 12345;
  const byte = () => (x = (x * 1103515245 + 12345) >>> 0) >>> 24;
  for (let n = 0; n <= 300; n++) {
    const data = Uint8Array.from({ length: n }, byte);
    const seed = n % 3 === 0 ? 0n : BigInt.asUintN(64, BigInt(byte()) << 56n | BigInt(n * 7919));
    await P.loadSeed(seed);
    assert.equal(P.xxh3(data, seed), xxh3.xxh64(data, seed), `${n} bytes, seed ${seed}`);
  }
});

test("setHasher: the native hash gives the server's sketch_hash vectors too", () => {
  P.setHasher((b, s) => xxh3.xxh64(b, s));
  try {
    for (const r of vectors("hll").encoded_hash) assert.equal(BigInt.asIntN(64, P.xxh3(unhex(r.encoding), signedSeed(r.seed))), BigInt(r.hash));
    assert.equal(P.sketchHash(1), BigInt.asIntN(64, 0x2fbc593564db792en));
  } finally {
    P.setHasher(null);
  }
});

test("hashing before ready() for another seed says what to do", () => {
  assert.throws(() => P.xxh3(new Uint8Array(1), 987654321n), /loadSeed/);
});
