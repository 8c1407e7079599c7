// Shared by the tests: the built package, the vectors and their PostgreSQL text forms.
import { readFileSync } from "node:fs";
import { createHash } from "node:crypto";
import { fileURLToPath } from "node:url";
import path from "node:path";
import pg from "pg";
import assert from "node:assert/strict";
import { before, after } from "node:test";
import * as P from "../dist/esm/index.js";

export { P };
export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
/** A vector file, its integers beyond 2^53 kept exact (as strings: BigInt() them). */
/** PROB_VECTORS: another folder of vectors (another checkout's test/vectors). */
export const VECTORS = process.env.PROB_VECTORS ?? path.join(ROOT, "test", "vectors");
export const vectors = (name) => JSON.parse(quoteBigIntegers(readFileSync(path.join(VECTORS, name + ".json"), "utf8")),
  (_, v) => (typeof v === "string" && v.startsWith(NONFINITE) ? Number(v.slice(1)) : v));
/** Python's json writes ±Infinity and NaN bare (kll.json's quantiles): read as numbers through a marked string. */
const NONFINITE = "\u0000";

/** JSON text with every integer literal of 16 digits or more (outside strings) made a string. */
function quoteBigIntegers(text) {
  let out = "", i = 0;
  while (i < text.length) {
    const c = text[i];
    if (c === '"') {
      let j = i + 1;
      while (text[j] !== '"') j += text[j] === "\\" ? 2 : 1;
      out += text.slice(i, j + 1);
      i = j + 1;
    } else if (/^-?Infinity|^NaN/.test(text.slice(i, i + 9))) {
      const m = /^-?Infinity|^NaN/.exec(text.slice(i, i + 9))[0];
      out += `"\\u0000${m}"`;
      i += m.length;
    } else if (c === "-" || (c >= "0" && c <= "9")) {
      const m = /^-?[0-9.eE+-]+/.exec(text.slice(i, i + 64))[0];
      out += /^-?\d{16,}$/.test(m) ? `"${m}"` : m;
      i += m.length;
    } else { out += c; i++; }
  }
  return out;
}
export const sha256 = (bytes) => createHash("sha256").update(bytes).digest("hex");
export const hex = (bytes) => Buffer.from(bytes).toString("hex");
export const unhex = (s) => new Uint8Array(Buffer.from(s, "hex"));

let enumType = "vector_mood";
export function setEnumType(t) { enumType = t; }

/** A vector's (type, PostgreSQL text form) as the JavaScript value that stands for it. */
export function decode(type, text) {
  if (type === enumType) return P.enumLabel(text, enumType);
  if (type.endsWith("[]")) return decodeArray(type.slice(0, -2), text);
  if (/^char\(\d+\)$/.test(type)) return P.sql("char", text);
  if (["smallint", "integer", "bigint"].includes(type)) return P.sql(type, BigInt(text));
  return P.sql(type, text);
}

function decodeArray(elementType, text) {
  let lower = [];
  if (text.startsWith("[")) {
    const eq = text.indexOf("=");
    lower = text.slice(1, eq - 1).split("][").map((b) => Number(b.split(":")[0]));
    text = text.slice(eq + 1);
  }
  const parse = (pos) => {
    const items = [];
    pos++;
    while (text[pos] !== "}") {
      let item;
      if (text[pos] === "{") [item, pos] = parse(pos);
      else if (text[pos] === '"') { const end = text.indexOf('"', pos + 1); item = { s: text.slice(pos + 1, end) }; pos = end + 1; }
      else {
        const ends = [text.indexOf(",", pos), text.indexOf("}", pos)].filter((i) => i >= 0);
        const end = Math.min(...ends);
        const raw = text.slice(pos, end);
        item = raw === "NULL" ? null : { s: raw };
        pos = end;
      }
      items.push(item);
      if (text[pos] === ",") pos++;
    }
    return [items, pos + 1];
  };
  const [nested] = parse(0);
  const dims = [];
  for (let level = nested; Array.isArray(level) && level.length; level = level[0]) dims.push(level.length);
  const flat = [];
  const walk = (x, depth) => {
    if (depth === dims.length) flat.push(x === null ? null : decode(elementType, x.s));
    else for (const y of x) walk(y, depth + 1);
  };
  if (dims.length) walk(nested, 0);
  const elem = elementType === enumType ? `enum::${enumType}` : /^char\(/.test(elementType) ? "char" : elementType;
  return new P.SqlArray(flat, elem, dims, lower.length ? lower : undefined);
}

/** The values of an input record: series, values or typed_values. */
export function inputValues(inp) {
  if (inp.hashes) return inp.hashes.map((h) => ({ hash: BigInt(h) }));
  if (inp.series) {
    const [a, b] = inp.series, out = [];
    for (let i = a; i <= b; i++) out.push(decode(inp.type, String(i)));
    return out;
  }
  const pairs = inp.typed_values ?? inp.values.map((t) => [inp.type, t]);
  return pairs.map(([type, text]) => (text === null ? null : type === "hash" ? { hash: BigInt(text) } : decode(type, text)));
}

/** The bytes of a value with its kind set as a vector records it (kind_cleared: the hex is version 1). */
export function withKind(bytes, kind, v1Value = 0) {
  const out = bytes.slice();
  out[1] = kind ? 2 : 1;
  new DataView(out.buffer).setUint16(6, kind || v1Value, true);
  return out;
}

export const signedSeed = (s) => BigInt.asUintN(64, BigInt(s));

/** Numbers the server computes with the C library's pow, log1p, expm1, exp, lgamma (FORMAT.md
 * §4.9, §4.13): JavaScript's Math functions may differ from glibc's in the last ulps. */
export function assertClose(actual, expected, what, ulps = 16) {
  if (actual === expected) return;
  const tol = ulps * Number.EPSILON * Math.max(Math.abs(expected), Number.MIN_VALUE);
  if (!(Math.abs(actual - expected) <= tol)) throw new Error(`${what}: ${actual} is not within ${ulps} ulps of ${expected}`);
}

/** A vector's text of a double, as Python writes it ('inf', '-inf', 'nan', '1e300', '-0.0'). */
export const double = (t) => (t === "inf" ? Infinity : t === "-inf" ? -Infinity : t === "nan" ? NaN : Number(t));

/** Arrays of answers (or null) equal element by element, −0 apart from 0. */
export function sameAnswers(actual, expected, what) {
  if (expected === null) { assert.equal(actual, null, what); return; }
  assert.equal(actual.length, expected.length, what);
  actual.forEach((a, i) => assert.ok(Object.is(a, expected[i]), `${what} [${i}]: ${a} is not ${expected[i]}`));
}

/** splitmix64: random data repeatable from a seed (the live tests' PROB_TEST_SEED). */
export function seededRandom(seed) {
  let state = BigInt(seed);
  const next64 = () => {
    state = (state + 0x9e3779b97f4a7c15n) & ((1n << 64n) - 1n);
    let z = state;
    z = ((z ^ (z >> 30n)) * 0xbf58476d1ce4e5b9n) & ((1n << 64n) - 1n);
    z = ((z ^ (z >> 27n)) * 0x94d049bb133111ebn) & ((1n << 64n) - 1n);
    return z ^ (z >> 31n);
  };
  const rand = () => Number(next64() >> 11n) / 2 ** 53;
  const randInt = (n) => Math.floor(rand() * n);
  const pick = (xs) => xs[randInt(xs.length)];
  return { next64, rand, randInt, pick };
}

/** Mutations of a valid value: truncations, every header byte changed three ways, random bit flips after it. */
export function mutations(bytes, header, randInt, flips = 8) {
  const out = [];
  for (const n of [0, 1, header - 1, header, bytes.length - 1, Math.floor(bytes.length / 2)]) if (n >= 0 && n < bytes.length) out.push(bytes.slice(0, n));
  out.push(new Uint8Array([...bytes, 0]));
  for (let i = 0; i < Math.min(header, bytes.length); i++)
    for (const d of [1, 0x80, 0xff]) { const b = bytes.slice(); b[i] = (b[i] + d) & 0xff; out.push(b); }
  for (let k = 0; k < flips && bytes.length > header; k++) { const b = bytes.slice(); b[header + randInt(bytes.length - header)] ^= 1 << randInt(8); out.push(b); }
  return out;
}

/** FORMAT.md §7.1's EXPM[k] list, read from its text: the binary64 nearest e^-k, k = 0 … 32. */
export function formatExpm() {
  const text = readFileSync(path.join(ROOT, "doc", "FORMAT.md"), "utf8");
  const list = [...text.matchAll(/(\d+): `0x1\.([0-9a-f]{13})p([+-]\d+)`/g)].map((m) => [Number(m[1]), (2 ** 52 + parseInt(m[2], 16)) * 2 ** (Number(m[3]) - 52)]);
  if (list.map(([k]) => k).join() !== [...Array(33).keys()].join()) throw new Error("FORMAT.md §7.1: EXPM[0 … 32] not found");
  return list.map(([, x]) => x);
}

/** The neighbouring binary64 above (+1) or below (-1) a positive x. */
export function nextDouble(x, dir) {
  const dv = new DataView(new ArrayBuffer(8));
  dv.setFloat64(0, x);
  dv.setBigUint64(0, dv.getBigUint64(0) + BigInt(dir));
  return dv.getFloat64(0);
}


/** A client of the running server (PGHOST etc., as test/cluster.sh exports them), the extension created. */
export async function liveClient() {
  const client = new pg.Client();
  await client.connect();
  await client.query("SET client_min_messages = warning");
  await client.query("CREATE EXTENSION IF NOT EXISTS probabilistic");
  return client;
}

/** A live test file's setup: skip (why, when PGHOST is unset), the run's seed (PROB_TEST_SEED repeats
 * it) and its random source, and client (connected before the file's tests, ended after them). */
export function liveSession() {
  const live = !!process.env.PGHOST;
  const seed = Number(process.env.PROB_TEST_SEED ?? Math.floor(Math.random() * 2 ** 31));
  const session = { skip: !live && "PGHOST is unset: no server", seed, ...seededRandom(seed), client: null };
  before(async () => { if (live) session.client = await liveClient(); });
  after(async () => { if (session.client) await session.client.end(); });
  return session;
}
