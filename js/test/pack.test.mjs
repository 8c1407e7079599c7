// The package as a user gets it: npm pack, the tarball installed into an empty project,
// an ESM and a CommonJS example run against it, and its types checked by tsc.
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync, rmSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { ROOT } from "./helpers.mjs";

const JS = path.join(ROOT, "js");
const run = (cmd, args, cwd) => execFileSync(cmd, args, { cwd, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });

// A filter of 1, 2, 3 (FORMAT.md §4.11) and an hll of the same (§3.12), as the server writes them.
const BLOOM = "4202020101001400000000000000000003000000000000007b14ae47e17a843f1d00000000000000030000000000000011000000000000000700000000000000b91b8f0b";
const HLL = "480202010e1a1400000000000000000042c686200159bc2f0120924d";

const ESM = `import { ready, Bloom, Hll, numeric } from "@probabilistic/sketches";
await ready();
const f = Bloom.fromBytes(Uint8Array.from(Buffer.from("${BLOOM}", "hex")));
const h = Hll.fromText("\\\\x${HLL}").add(4n);
console.log(JSON.stringify([f.contains(1), f.contains(2n), f.contains(numeric("3.0")), f.contains(4), h.cardinality().toString()]));
`;
const CJS = `const { ready, Bloom, FormatError } = require("@probabilistic/sketches");
ready().then(() => {
  const f = Bloom.fromBytes(Uint8Array.from(Buffer.from("${BLOOM}", "hex")));
  let refused = false;
  try { Bloom.fromBytes(f.toBytes().subarray(0, 40)); } catch (e) { refused = e instanceof FormatError && e.sqlstate === "22P03"; }
  console.log(JSON.stringify([f.contains(1), f.contains(7), refused, f.cardinality().toString()]));
});
`;
const TS = `import { Bloom, Hll, ComparisonError, type Value } from "@probabilistic/sketches";
const v: Value = 1n;
const f: Bloom = Bloom.empty(100, 0.01, { layout: "blocked" });
const ok: boolean = f.add(v).contains(v);
const n: bigint = Hll.empty(12).cardinality();
const e: string | null = new ComparisonError("x", "42804").sqlstate;
console.log(ok, n, e);
`;

test("npm pack, installed into an empty project: ESM and CommonJS examples run, types check", () => {
  const tmp = mkdtempSync(path.join(tmpdir(), "probabilistic-js-"));
  try {
    const tgz = run("npm", ["pack", "--ignore-scripts", "--pack-destination", tmp, "--loglevel=error"], JS).trim().split("\n").pop();
    const listed = run("tar", ["tzf", path.join(tmp, tgz)], tmp).split("\n");
    assert.ok(listed.includes("package/dist/esm/index.js") && listed.includes("package/dist/cjs/index.js") && listed.includes("package/dist/esm/index.d.ts"));
    assert.ok(listed.includes("package/README.md"));
    assert.ok(!listed.some((f) => f.startsWith("package/src/") || f.startsWith("package/test/")), "only the builds are packed");
    const app = path.join(tmp, "app");
    run("mkdir", [app], tmp);
    writeFileSync(path.join(app, "package.json"), JSON.stringify({ name: "app", private: true, version: "1.0.0" }));
    run("npm", ["install", "--no-audit", "--no-fund", "--prefer-offline", "--loglevel=error", path.join(tmp, tgz)], app);
    assert.deepEqual(readdirSync(path.join(app, "node_modules")).filter((d) => !d.startsWith(".")).sort(), ["@probabilistic", "hash-wasm"], "no runtime dependency but the hash");
    writeFileSync(path.join(app, "example.mjs"), ESM);
    writeFileSync(path.join(app, "example.cjs"), CJS);
    assert.deepEqual(JSON.parse(run("node", ["example.mjs"], app)), [true, true, true, false, "4"]);
    assert.deepEqual(JSON.parse(run("node", ["example.cjs"], app)), [true, false, true, "4"]);
    writeFileSync(path.join(app, "example.ts"), TS);
    run(path.join(JS, "node_modules", ".bin", "tsc"), ["--noEmit", "--strict", "--module", "nodenext", "--moduleResolution", "nodenext",
      "--target", "es2020", "--types", "node", "--typeRoots", path.join(JS, "node_modules", "@types"), "example.ts"], app);
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
});
