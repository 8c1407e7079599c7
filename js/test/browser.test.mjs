// The package in a browser bundle: esbuild bundles dist/esm for the browser platform, and the
// bundle runs in a bare V8 context (node:vm) that has only what a browser page has here
// (the JavaScript built-ins, WebAssembly, TextEncoder, atob): no require, process or Buffer.
import { test } from "node:test";
import assert from "node:assert/strict";
import vm from "node:vm";
import path from "node:path";
import { build } from "esbuild";
import { ROOT } from "./helpers.mjs";

const HLL = "480202010e1a1400000000000000000042c686200159bc2f0120924d"; // FORMAT.md §3.12

test("a browser bundle merges hlls and probes a filter with no Node API", async () => {
  const entry = `import { ready, Hll, Bloom, fromHex, toHex } from ${JSON.stringify(path.join(ROOT, "js", "dist", "esm", "index.js"))};
    globalThis.run = async () => {
      await ready();
      const a = Hll.fromBytes(fromHex("${HLL}"));
      let b = Hll.empty();
      for (const x of [3, 4, 5n, 6, 7n]) b = b.add(x);
      const f = Bloom.empty(100, 0.01, { layout: "blocked" });
      f.addInPlace("id-1");
      return JSON.stringify([a.union(b).cardinality().toString(), f.contains("id-1"), f.contains("id-2"), toHex(a.toBytes())]);
    };`;
  const out = await build({ stdin: { contents: entry, resolveDir: path.join(ROOT, "js") }, bundle: true, platform: "browser",
    format: "iife", write: false, logLevel: "silent" });
  const code = out.outputFiles[0].text;
  const context = vm.createContext({ TextEncoder, TextDecoder, atob, console });
  for (const name of ["require", "process", "Buffer", "module"]) assert.equal(vm.runInContext(`typeof ${name}`, context), "undefined");
  vm.runInContext(code, context);
  assert.deepEqual(JSON.parse(await vm.runInContext("run()", context)), ["7", true, false, HLL]);
});
