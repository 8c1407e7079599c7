// cuckoo, fuse and agebloom: every vector in test/vectors/ built from its inputs, byte for byte.
import { test } from "node:test";
import assert from "node:assert/strict";
import { P, vectors, sha256, hex, unhex, decode, setEnumType, signedSeed, withKind } from "./helpers.mjs";

await P.ready();
const C = vectors("cuckoo"), F = vectors("fuse"), A = vectors("agebloom");
for (const s of new Set([...C.cuckoo, ...F.fuse, ...A.agebloom].map((r) => r.seed))) await P.loadSeed(signedSeed(s));
for (const s of [3n]) await P.loadSeed(s);

// ---------------------------------------------------------------- cuckoo

function applyCuckoo(c, ops, kindFree) {
  for (const op of ops) {
    if (op[0] === "add_range" || op[0] === "remove_range")
      for (let i = op[2]; i <= op[3]; i += op[4]) op[0] === "add_range" ? c.addInPlace(i) : c.removeInPlace(i);
    else {
      const v = decode(op[1], op[2]);
      op[0] === "add" ? c.addInPlace(v) : c.removeInPlace(v);
    }
    if (kindFree) c.kind = 0;
  }
  return c;
}

function buildCuckoo(v) {
  setEnumType(C.enum.type);
  if (v.agg) {
    const c = P.Cuckoo.empty(v.capacity, v.fpr);
    for (const t of v.agg.values) if (t !== null) c.addInPlace(decode(v.agg.type, t));
    return c;
  }
  const make = () => P.Cuckoo.empty(v.capacity, v.fpr, signedSeed(v.seed));
  const c = applyCuckoo(make(), v.ops, v.kind_free);
  return v.union_ops ? c.union(applyCuckoo(make(), v.union_ops, v.kind_free)) : c;
}

const cuckoos = new Map(C.cuckoo.map((v) => [v.name, buildCuckoo(v)]));

test("cuckoo: every vector built from its operations, byte for byte (adds, kicks, removes, unions, cuckoo_agg)", () => {
  for (const v of C.cuckoo) {
    const c = cuckoos.get(v.name);
    assert.equal(c.kind, v.kind, v.name);
    const pinned = c.copy();
    if (v.kind_cleared) pinned.kind = 0;
    const raw = pinned.toBytes();
    assert.equal(raw.length, v.bytes, v.name);
    assert.equal(sha256(raw), v.sha256, v.name);
    if (v.hex) {
      assert.equal(hex(raw), v.hex);
      const parsed = P.Cuckoo.fromBytes(unhex(v.hex));
      assert.equal(hex(parsed.toBytes()), v.hex, v.name);
      assert.equal(P.Cuckoo.fromText("\\x" + v.hex).toText(), "\\x" + v.hex);
    }
  }
});

test("cuckoo: counts of values of other types are the server's; refusals carry its SQLSTATE", () => {
  setEnumType(C.enum.type);
  for (const p of C.probes) {
    const c = cuckoos.get(p.vector), v = decode(p.type, p.text);
    if (/^\d+$/.test(p.answer)) {
      assert.equal(c.count(v), Number(p.answer), `${p.vector}: ${p.type} ${p.text}`);
      if (p.equal_count !== null && p.equal_count !== undefined) assert.ok(c.count(v) >= p.equal_count);
    } else assert.throws(() => c.count(v), (e) => e instanceof P.ComparisonError && e.sqlstate === p.answer);
  }
  for (const r of C.refused) {
    const c = cuckoos.get(r.vector), v = decode(r.type, r.text);
    const op = { add: () => c.add(v), remove: () => c.remove(v), count: () => c.count(v), contains: () => c.contains(v) }[r.op];
    assert.ok(op, r.op);
    assert.throws(op, (e) => e instanceof P.SketchError && e.sqlstate === r.sqlstate, r.name);
  }
});

test("cuckoo: crafted headers accepted or refused (§5.4, §2.5)", () => {
  for (const r of C.crafted) {
    if (r.accepted) assert.equal(hex(P.Cuckoo.fromBytes(unhex(r.hex)).toBytes()), r.hex, r.name);
    else assert.throws(() => P.Cuckoo.fromBytes(unhex(r.hex)), P.FormatError, r.name);
  }
});

// ---------------------------------------------------------------- fuse

function fuseValues(type, values, firstLast) {
  setEnumType(F.enum.type);
  if (firstLast) { const out = []; for (let i = firstLast[0]; i <= firstLast[1]; i++) out.push(decode(type, String(i))); return out; }
  return values.map((t) => (t === null ? null : decode(type, t)));
}

function buildFuse(v) {
  const fpr = v.fpr ?? P.FUSE_DEFAULT_FPR, seed = signedSeed(v.seed);
  let k;
  if (v.hashes) k = P.Fuse.fromHashes(v.hashes.map(BigInt), fpr, seed);
  else {
    k = P.Fuse.keySet(fuseValues(v.type, v.values, v.first_last), fpr, seed);
    if (v.union) k = k.union(P.Fuse.keySet(fuseValues(v.type, v.union.values, v.union.first_last), fpr, seed));
  }
  return v.agg === "fuse_agg" ? k.build() : k;
}

test("fuse: every vector (key sets, filters, attempts past a 2-core, unions) built byte for byte", () => {
  for (const v of F.fuse) {
    const f = buildFuse(v);
    const raw = f.toBytes();
    assert.equal(f.kind, v.kind, v.name);
    assert.equal(raw.length, v.bytes, v.name);
    assert.equal(sha256(raw), v.sha256, v.name);
    if (v.hex) {
      assert.equal(hex(raw), v.hex, v.name);
      assert.equal(hex(P.Fuse.fromBytes(unhex(v.hex)).toBytes()), v.hex, v.name);
    }
    // every key of the set is found, in both forms
    if (!v.hashes) for (const x of fuseValues(v.type, v.values ?? [], v.first_last)) if (x !== null) assert.ok(f.contains(x), `${v.name}: ${x}`);
  }
});

test("fuse: crafted values refused naming their field, or accepted (§12.7)", () => {
  for (const r of F.crafted) {
    if (r.accepted) assert.equal(hex(P.Fuse.fromBytes(unhex(r.hex)).toBytes()), r.hex, r.name);
    else assert.throws(() => P.Fuse.fromBytes(unhex(r.hex)), (e) => e instanceof P.FormatError && e.field === r.field, r.name);
  }
});

test("fuse: worked example (FORMAT.md §12.12)", () => {
  const f = P.Fuse.agg([1, 2, 3], 0.01);
  assert.equal(hex(f.toBytes()), "460202020703140000000000000000007b14ae47e17a843f03000000000000000800000000000000010000000000000000000000000000000000000000000000"
    + "00000000" + "98020000" + "40f70a" + "00".repeat(10)); // the 21 payload bytes of §12.12
});

// ---------------------------------------------------------------- agebloom

function applyAge(f, ops) {
  for (const op of ops) {
    if (op[0] === "add_range") for (let i = op[1]; i <= op[2]; i++) f.addInPlace(i, f.isTimeWindow ? BigInt(op[3]) + BigInt(i - op[1]) * BigInt(op[4]) : undefined);
    else f.addInPlace(decode(op[1], op[2]), f.isTimeWindow ? BigInt(op[3]) : undefined);
  }
  return f;
}

function buildAge(v) {
  const o = { generations: v.generations, seed: signedSeed(v.seed) };
  const make = () => (v.mode === "count" ? P.Agebloom.emptyCount(v.window, v.fpr, o) : P.Agebloom.emptyTime(v.window, v.capacity, v.fpr, o));
  const f = applyAge(make(), v.ops);
  return v.union_ops ? f.union(applyAge(make(), v.union_ops)) : f;
}

test("agebloom: every vector (count and time windows, late adds, unions) built byte for byte", () => {
  for (const v of A.agebloom) {
    const raw = buildAge(v).toBytes();
    assert.equal(raw.length, v.bytes, v.name);
    assert.equal(sha256(raw), v.sha256, v.name);
    if (v.hex) assert.equal(hex(raw), v.hex, v.name);
    assert.equal(hex(P.Agebloom.fromBytes(raw).toBytes()), hex(raw), v.name);
  }
});
