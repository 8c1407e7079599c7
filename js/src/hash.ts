/**
 * XXH3-64 with a seed (FORMAT.md §2), from hash-wasm's WebAssembly build: it runs in Node
 * and in browsers alike. Its module is compiled asynchronously, so call `await ready()`
 * once before hashing; or plug in another implementation with setHasher (in Node,
 * @node-rs/xxhash's `xxh3.xxh64`: see README.md's "Speed").
 */
import { createXXHash3 } from "hash-wasm";
import { SketchError } from "./errors.js";
import { R, join, split } from "./u64.js";

/** XXH3_64bits_withSeed(data, len, seed) as an unsigned 64-bit bigint. */
export type Hasher = (data: Uint8Array, seed: bigint) => bigint;

type WasmHasher = Awaited<ReturnType<typeof createXXHash3>>;
let wasm: Map<bigint, WasmHasher> | null = null;
let custom: Hasher | null = null;
let loading: Promise<void> | null = null;

/** Loads the WebAssembly hash (once); every hashing call needs it or setHasher first. */
export function ready(): Promise<void> {
  if (custom || wasm) return Promise.resolve();
  if (!loading) {
    loading = createXXHash3(0, 0).then((h) => {
      wasm = new Map([[0n, h]]);
    });
  }
  return loading;
}

/** Replaces the hash: any XXH3-64 implementation, given the bytes and the u64 seed. */
export function setHasher(h: Hasher | null): void {
  custom = h;
}

let lastSeed = -1n, lastHasher: WasmHasher | null = null;

function wasmHasher(seed: bigint): WasmHasher {
  if (!wasm) throw new SketchError("call `await ready()` (or setHasher) before hashing values", null);
  let h = wasm.get(seed);
  if (!h) {
    // hash-wasm creates hashers asynchronously, but a created one hashes synchronously;
    // a second seed is derived from the first by re-creating the instance's state.
    throw new SketchError(`seed ${seed} is not loaded: call \`await loadSeed(${seed}n)\` first`, null);
  }
  return h;
}

/** Prepares the WebAssembly hash for a seed other than 0 (values with a non-zero seed). */
export async function loadSeed(seed: bigint): Promise<void> {
  seed = BigInt.asUintN(64, seed);
  await ready();
  if (custom || !wasm || wasm.has(seed)) return;
  const lo = Number(seed & 0xffffffffn), hi = Number(seed >> 32n);
  wasm.set(seed, await createXXHash3(lo, hi));
}

/** XXH3-64 of the bytes with the seed (a u64; a negative bigint is read as two's complement). */
export function xxh3(data: Uint8Array, seed: bigint = 0n): bigint {
  xxh3Into(data, BigInt.asUintN(64, seed));
  return join(R.hi, R.lo);
}

/** XXH3-64 of the bytes with a u64 seed, its halves left in R (the hot paths: no BigInt). */
export function xxh3Into(data: Uint8Array, seed: bigint): void {
  if (custom) { split(custom(data, seed)); return; }
  let h = lastHasher;
  if (seed !== lastSeed || !h) { h = lastHasher = wasmHasher(seed); lastSeed = seed; }
  h.init();
  h.update(data);
  // The digest is big-endian; its 8 bytes read as two uint32 cost less than the hex text.
  const d = h.digest("binary");
  R.hi = ((d[0] << 24) | (d[1] << 16) | (d[2] << 8) | d[3]) >>> 0;
  R.lo = ((d[4] << 24) | (d[5] << 16) | (d[6] << 8) | d[7]) >>> 0;
}
