// Shared by the tests: the built package, the vectors and their PostgreSQL text forms.
import { readFileSync } from "node:fs";
import { createHash } from "node:crypto";
import { fileURLToPath } from "node:url";
import path from "node:path";
import * as P from "../dist/esm/index.js";

export { P };
export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
/** A vector file, its integers beyond 2^53 kept exact (as strings: BigInt() them). */
/** PROB_VECTORS: another folder of vectors (another checkout's test/vectors). */
export const VECTORS = process.env.PROB_VECTORS ?? path.join(ROOT, "test", "vectors");
export const vectors = (name) => JSON.parse(quoteBigIntegers(readFileSync(path.join(VECTORS, name + ".json"), "utf8")));

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
