/**
 * Values as the server hashes them (FORMAT.md §2.1 canonical bytes, §2.5 kinds).
 *
 * A JavaScript value stands for the SQL value it names:
 * - boolean: boolean; bigint: bigint (numeric outside int64);
 * - number: an integer of magnitude below 2^53 is a bigint, any other number (0.5, 1e300,
 *   NaN, Infinity) a double precision;
 * - string: text (against a uuid or numeric sketch a string is read as an untyped SQL
 *   literal is: parsed as a uuid or a numeric);
 * - Uint8Array: bytea; Date: timestamptz;
 * - sql(type, value) (or the helpers numeric(), real(), date(), timestamp(), uuid(), …):
 *   a value of that SQL type; SqlArray: an array.
 */
import { ComparisonError, ParameterError } from "./errors.js";
import { concat, i64le, u64le } from "./bytes.js";
import { xxh3, xxh3Into } from "./hash.js";
import { R, join } from "./u64.js";

export const KIND_NONE = 0;
/** Kinds 10000 … 65533: a type outside the built-in catalog, derived from its names (§2.5). */
export const KIND_MIN_OUTSIDE = 10000, KIND_MAX_OUTSIDE = 0xfffd;
/** 65534: written by 0.5.0 to 0.8.0 for any type outside the catalog (not known which). */
export const KIND_OTHER = 0xfffe;
export const KIND_MIXED = 0xffff;
const INT64_MIN = -(1n << 63n), INT64_MAX = (1n << 63n) - 1n;
export const DATE_INFINITY = 2147483647n, DATE_MINUS_INFINITY = -2147483648n;
export const TIMESTAMP_INFINITY = INT64_MAX, TIMESTAMP_MINUS_INFINITY = INT64_MIN;
const USECS_PER_DAY = 86400000000n;
const PG_EPOCH_MS = 946684800000; // 2000-01-01T00:00:00Z in ms since 1970

/** Kinds (FORMAT.md §2.5) of the types this package hashes, and their arrays. */
export const Kind = {
  boolean: 16, bytea: 17, bigint: 20, text: 25, double: 701, date: 1082, timestamp: 1114,
  timestamptz: 1184, numeric: 1700, uuid: 2950, other: KIND_OTHER, mixed: KIND_MIXED,
} as const;
const ARRAY_OF: Record<number, number> = {
  16: 1000, 17: 1001, 20: 1016, 25: 1009, 701: 1022, 1082: 1182, 1114: 1115, 1184: 1185, 1700: 1231, 2950: 2951,
};
const KIND_NAMES: Record<number, string> = {
  16: "boolean", 17: "bytea", 20: "bigint", 25: "text", 701: "double precision", 1082: "date",
  1114: "timestamp without time zone", 1184: "timestamp with time zone", 1700: "numeric", 2950: "uuid",
  26: "oid", 869: "inet", 2249: "record", 1186: "interval", [KIND_OTHER]: "other", [KIND_MIXED]: "mixed",
};
for (const [e, a] of Object.entries(ARRAY_OF)) KIND_NAMES[a] = KIND_NAMES[Number(e)] + "[]";
const PORTABLE = new Set<number>([16, 17, 20, 25, 701, 1082, 1114, 1184, 1700, 2950, ...Object.values(ARRAY_OF)]);

export function kindName(kind: number): string {
  return KIND_NAMES[kind] ?? (isOutsideKind(kind) ? `type outside the catalog (kind ${kind})` : `type ${kind}`);
}

export function isOutsideKind(kind: number): boolean {
  return kind >= KIND_MIN_OUTSIDE && kind <= KIND_MAX_OUTSIDE;
}

/** The kind of a type outside the built-in catalog (FORMAT.md §2.5): 10000 + XXH3-64 (seed 0)
 * of its identity (extension name, a 0 byte, type name, "[]" for an array of it) mod 55534. */
export function outsideKind(typeName: string, extension = "", array = false): number {
  const identity = utf8.encode(`${extension}\0${typeName}${array ? "[]" : ""}`);
  return KIND_MIN_OUTSIDE + Number(xxh3(identity, 0n) % BigInt(KIND_MAX_OUTSIDE - KIND_MIN_OUTSIDE + 1));
}

/** The SQL types sql() takes (aliases as PostgreSQL spells them). */
export type SqlTypeName =
  | "boolean" | "bool" | "smallint" | "int2" | "integer" | "int" | "int4" | "bigint" | "int8"
  | "real" | "float4" | "double precision" | "float8" | "numeric" | "decimal"
  | "text" | "varchar" | "character varying" | "char" | "bpchar" | "character" | "name" | '"char"'
  | "bytea" | "uuid" | "date" | "timestamp" | "timestamptz" | "enum";

/** A value of a named SQL type. */
export class SqlValue {
  constructor(readonly type: SqlTypeName | string, readonly value: unknown) {}
}

/** A PostgreSQL array: elements in storage (row-major) order, null for NULL. */
export class SqlArray {
  readonly dims: number[];
  readonly lowerBounds: number[];
  constructor(readonly elements: readonly unknown[], readonly elementType?: SqlTypeName | string,
              dims?: number[], lowerBounds?: number[]) {
    this.dims = dims ?? (elements.length ? [elements.length] : []);
    this.lowerBounds = lowerBounds ?? this.dims.map(() => 1);
    const count = this.dims.reduce((a, b) => a * b, 1);
    if (this.lowerBounds.length !== this.dims.length || (this.dims.length ? count : 0) !== elements.length)
      throw new ParameterError("array dimensions do not match its elements");
  }
}

export type Value = boolean | number | bigint | string | Uint8Array | Date | SqlValue | SqlArray;

export function sql(type: SqlTypeName | string, value: unknown): SqlValue { return new SqlValue(type, value); }
/** numeric from its decimal text (or a bigint / number). */
export const numeric = (v: string | bigint | number) => sql("numeric", v);
export const real = (v: number) => sql("real", v);
export const float8 = (v: number) => sql("double precision", v);
export const int8 = (v: bigint | number) => sql("bigint", v);
export const text = (v: string) => sql("text", v);
export const bpchar = (v: string) => sql("char", v);
export const uuid = (v: string | Uint8Array) => sql("uuid", v);
/** date: 'YYYY-MM-DD', 'infinity', '-infinity', a Date (its UTC day) or days since 2000-01-01. */
export const date = (v: string | Date | number | bigint) => sql("date", v);
/** timestamp (no time zone): ISO text read as wall-clock, a Date (its UTC fields), or µs since 2000-01-01. */
export const timestamp = (v: string | Date | bigint) => sql("timestamp", v);
export const timestamptz = (v: string | Date | bigint) => sql("timestamptz", v);
/** A value of an enum type: its label, with the type's name (and its extension's, if it
 * belongs to one), which give its kind (§2.5: derived from the names). */
export const enumLabel = (label: string, typeName: string, extension = "") => sql(`enum:${extension}:${typeName}`, label);

// ---------------------------------------------------------------- normalised values

type Numeric = { special: "NaN" | "Infinity" | "-Infinity" } | { special: null; mant: bigint; exp: number };

/** A value as its SQL type sees it. */
export type Norm =
  | { t: "int"; v: bigint; type: string }
  | { t: "bool"; v: boolean; type: string }
  | { t: "float"; v: number; type: string }
  | { t: "numeric"; v: Numeric; type: string }
  | { t: "text"; v: Uint8Array; type: string }
  | { t: "bytea"; v: Uint8Array; type: string }
  | { t: "uuid"; v: Uint8Array; type: string }
  | { t: "date"; v: bigint; type: string }
  | { t: "timestamp"; v: bigint; type: string }
  | { t: "timestamptz"; v: bigint; type: string }
  | { t: "enum"; v: Uint8Array; type: string; name: string; extension: string }
  | { t: "array"; v: SqlArray; elems: (Norm | null)[]; elemKind: number; type: string; outside: [string, string] | null };

const utf8 = new TextEncoder();

function refuseType(what: string): never {
  throw new ParameterError(what);
}

/** numeric text (or bigint, or number) → mantissa · 10^exp, normalised (no trailing zeros). */
export function parseNumeric(v: unknown): Numeric {
  if (typeof v === "bigint") return normNum(v, 0);
  if (typeof v === "number") {
    if (Number.isNaN(v)) return { special: "NaN" };
    if (!Number.isFinite(v)) return { special: v > 0 ? "Infinity" : "-Infinity" };
    v = String(v); // the shortest decimal that reads back, as float8 → numeric casts it
  }
  if (typeof v !== "string") refuseType("a numeric is given as its decimal text, a bigint or a number");
  const s = (v as string).trim();
  const low = s.toLowerCase();
  if (low === "nan") return { special: "NaN" };
  if (low === "infinity" || low === "+infinity" || low === "inf") return { special: "Infinity" };
  if (low === "-infinity" || low === "-inf") return { special: "-Infinity" };
  const m = /^([+-]?)(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$/.exec(s);
  if (!m || (m[2] === "" && (m[3] ?? "") === ""))
    throw new ComparisonError(`invalid input syntax for type numeric: "${s}"`, "22P02");
  const frac = m[3] ?? "";
  let mant = BigInt((m[2] || "0") + frac);
  if (m[1] === "-") mant = -mant;
  return normNum(mant, Number(m[4] ?? 0) - frac.length);
}

function normNum(mant: bigint, exp: number): Numeric {
  if (mant === 0n) return { special: null, mant: 0n, exp: 0 };
  while (mant % 10n === 0n) { mant /= 10n; exp++; }
  return { special: null, mant, exp };
}

/** The normalised decimal text of FORMAT.md §2.1's numeric rule (no exponent, no '+'). */
function numericText(n: Numeric & { special: null }): string {
  const neg = n.mant < 0n;
  let digits = (neg ? -n.mant : n.mant).toString();
  let out: string;
  if (n.exp >= 0) out = digits + "0".repeat(n.exp);
  else {
    const k = -n.exp;
    if (digits.length <= k) digits = "0".repeat(k - digits.length + 1) + digits;
    out = digits.slice(0, digits.length - k) + "." + digits.slice(digits.length - k);
  }
  return (neg ? "-" : "") + out;
}

function numericInteger(n: Numeric): bigint | null {
  if (n.special !== null || n.exp < 0) return null;
  return n.mant * 10n ** BigInt(n.exp);
}

function numericBytes(n: Numeric): Uint8Array {
  if (n.special !== null) return utf8.encode(n.special);
  const i = numericInteger(n);
  if (i !== null && i >= INT64_MIN && i <= INT64_MAX) return i64le(i);
  return utf8.encode(numericText(n));
}

/** numeric → double precision as PostgreSQL converts (correctly rounded), 22003 out of range. */
function numericToDouble(n: Numeric): number {
  if (n.special !== null) return n.special === "NaN" ? NaN : n.special === "Infinity" ? Infinity : -Infinity;
  const x = Number(`${n.mant}e${n.exp}`);
  if (!Number.isFinite(x) || (x === 0 && n.mant !== 0n))
    throw new ComparisonError(`${numericText(n)} is out of range for type double precision`, "22003");
  return x;
}

const NAN_BYTES = u64le(0x7ff8000000000000n);

function floatBytes(x: number): Uint8Array {
  if (Number.isNaN(x)) return NAN_BYTES;
  if (x >= -9223372036854775808 && x < 9223372036854775808 && Number.isInteger(x)) return i64le(BigInt(x));
  const b = new Uint8Array(8);
  new DataView(b.buffer).setFloat64(0, x, true);
  return b;
}

function parseUuid(v: unknown): Uint8Array {
  if (v instanceof Uint8Array) {
    if (v.length !== 16) refuseType("a uuid is 16 bytes");
    return v;
  }
  const s = String(v);
  // PostgreSQL's uuid_in: 32 hex digits, optional braces, a hyphen after any group of 4.
  let body = s;
  if (body.startsWith("{") && body.endsWith("}")) body = body.slice(1, -1);
  if (!/^[0-9a-fA-F]{4}(-?[0-9a-fA-F]{4}){7}$/.test(body))
    throw new ComparisonError(`invalid input syntax for type uuid: "${s}"`, "22P02");
  const hex = body.replace(/-/g, "");
  const out = new Uint8Array(16);
  for (let i = 0; i < 16; i++) out[i] = parseInt(hex.substr(2 * i, 2), 16);
  return out;
}

function dateMs(d: Date): number {
  const t = d.getTime();
  if (Number.isNaN(t)) refuseType("an invalid Date");
  return t;
}

function parseDate(v: unknown): bigint {
  if (typeof v === "bigint") return v;
  if (typeof v === "number") return BigInt(v);
  if (v instanceof Date) return BigInt(Math.floor((dateMs(v) - PG_EPOCH_MS) / 86400000));
  const s = String(v).trim().toLowerCase();
  if (s === "infinity") return DATE_INFINITY;
  if (s === "-infinity") return DATE_MINUS_INFINITY;
  const m = /^(\d{4,})-(\d{2})-(\d{2})( bc)?$/.exec(s);
  if (!m) throw new ComparisonError(`invalid input syntax for type date: "${v}" (give YYYY-MM-DD)`, "22007");
  let y = Number(m[1]);
  if (m[4]) y = 1 - y;
  const t = Date.UTC(2000, Number(m[2]) - 1, Number(m[3]));
  const d = new Date(t);
  d.setUTCFullYear(y);
  return BigInt(Math.round((d.getTime() - PG_EPOCH_MS) / 86400000));
}

/** Microseconds since 2000-01-01: ISO text (wall clock; with a zone for timestamptz), a Date, or µs. */
function parseTimestamp(v: unknown, withZone: boolean): bigint {
  if (typeof v === "bigint") return v;
  if (v instanceof Date) return BigInt(dateMs(v) - PG_EPOCH_MS) * 1000n;
  const s = String(v).trim();
  const low = s.toLowerCase();
  if (low === "infinity") return TIMESTAMP_INFINITY;
  if (low === "-infinity") return TIMESTAMP_MINUS_INFINITY;
  const m = /^(\d{4,})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,6}))?)?)?\s*(Z|[+-]\d{2}(?::?\d{2})?)?$/i.exec(s);
  if (!m) throw new ComparisonError(`invalid input syntax for type timestamp: "${s}" (give ISO 8601)`, "22007");
  const days = parseDate(`${m[1]}-${m[2]}-${m[3]}`);
  let micros = days * USECS_PER_DAY
    + BigInt(Number(m[4] ?? 0) * 3600 + Number(m[5] ?? 0) * 60 + Number(m[6] ?? 0)) * 1000000n
    + BigInt((m[7] ?? "").padEnd(6, "0") || "0");
  if (m[8] && m[8].toUpperCase() !== "Z") {
    const z = /^([+-])(\d{2}):?(\d{2})?$/.exec(m[8])!;
    const off = BigInt(Number(z[2]) * 3600 + Number(z[3] ?? 0) * 60) * 1000000n;
    micros += z[1] === "+" ? -off : off;
  } else if (withZone && !m[8]) {
    throw new ComparisonError(`a timestamptz text needs its zone (Z or ±hh:mm): "${s}"`, null);
  }
  return micros;
}

function bytesOf(v: unknown, what: string): Uint8Array {
  if (v instanceof Uint8Array) return v;
  if (typeof v === "string") return utf8.encode(v);
  refuseType(`${what} is given as a string or a Uint8Array`);
}

function toBigInt(v: unknown, type: string): bigint {
  if (typeof v === "bigint") return v;
  if (typeof v === "number" && Number.isInteger(v)) return BigInt(v);
  if (typeof v === "string" && /^\s*[+-]?\d+\s*$/.test(v)) return BigInt(v.trim());
  refuseType(`a ${type} is an integer`);
}

const INT_RANGE: Record<string, [bigint, bigint]> = {
  smallint: [-32768n, 32767n], integer: [-2147483648n, 2147483647n], bigint: [INT64_MIN, INT64_MAX],
};

/** A JavaScript value (or a typed one) as the SQL value it stands for. */
export function normalize(value: Value | unknown, typeHint?: string): Norm {
  if (value instanceof SqlValue) return normalize(value.value, value.type);
  if (value instanceof SqlArray) return normArray(value);
  if (typeHint !== undefined) return normTyped(value, typeHint);
  switch (typeof value) {
    case "boolean": return { t: "bool", v: value, type: "boolean" };
    case "bigint":
      return value >= INT64_MIN && value <= INT64_MAX ? { t: "int", v: value, type: "bigint" }
        : { t: "numeric", v: normNum(value, 0), type: "numeric" };
    case "number":
      return Number.isSafeInteger(value) ? { t: "int", v: BigInt(value), type: "bigint" }
        : { t: "float", v: value, type: "double precision" };
    case "string": return { t: "text", v: utf8.encode(value), type: "text" };
  }
  if (value instanceof Uint8Array) return { t: "bytea", v: value, type: "bytea" };
  if (value instanceof Date) return { t: "timestamptz", v: parseTimestamp(value, true), type: "timestamptz" };
  if (value === null || value === undefined) refuseType("NULL is no value: skip it (the server ignores NULLs)");
  refuseType(`no SQL type for a ${Object.prototype.toString.call(value)}: wrap it with sql(type, value)`);
}

const ALIASES: Record<string, string> = {
  bool: "boolean", int2: "smallint", int: "integer", int4: "integer", int8: "bigint", float4: "real",
  float8: "double precision", decimal: "numeric", "character varying": "varchar", bpchar: "char",
  character: "char", "timestamp without time zone": "timestamp", "timestamp with time zone": "timestamptz",
};

function normTyped(v: unknown, typeName: string): Norm {
  let type = typeName.startsWith("enum:") ? "enum:" : typeName.trim().toLowerCase().replace(/\s*\(.*\)$/, "");
  type = ALIASES[type] ?? type;
  if (type.endsWith("[]")) {
    if (!(v instanceof SqlArray) && !Array.isArray(v)) refuseType("an array type takes an SqlArray or an array");
    return normArray(v instanceof SqlArray ? v : new SqlArray(v as unknown[], type.slice(0, -2)));
  }
  switch (type) {
    case "smallint": case "integer": case "bigint": {
      const i = toBigInt(v, type);
      const [lo, hi] = INT_RANGE[type];
      if (i < lo || i > hi) throw new ComparisonError(`value ${i} is out of range for type ${type}`, "22003");
      return { t: "int", v: i, type };
    }
    case "boolean":
      if (typeof v === "boolean") return { t: "bool", v, type };
      if (typeof v === "string" && /^(t|true|f|false|yes|no|on|off|1|0)$/i.test(v.trim()))
        return { t: "bool", v: /^(t|true|yes|on|1)$/i.test(v.trim()), type };
      refuseType("a boolean is true or false");
    case "real": return { t: "float", v: Math.fround(Number(v)), type };
    case "double precision": return { t: "float", v: typeof v === "string" ? parseFloatText(v) : Number(v), type };
    case "numeric": return { t: "numeric", v: parseNumeric(v), type };
    case "text": case "varchar": case "name": return { t: "text", v: bytesOf(v, type), type };
    case "char": {
      const b = bytesOf(v, type);
      let n = b.length;
      while (n > 0 && b[n - 1] === 0x20) n--;
      return { t: "text", v: b.subarray(0, n), type };
    }
    case '"char"': {
      const c = typeof v === "number" ? v : String(v).length ? (String(v).startsWith("\\") && String(v).length === 4 ? parseInt(String(v).slice(1), 8) : String(v).charCodeAt(0)) : 0;
      const b = c === 0 ? new Uint8Array(0) : c < 0x80 ? new Uint8Array([c]) : utf8.encode("\\" + c.toString(8).padStart(3, "0"));
      return { t: "text", v: b, type };
    }
    case "bytea": {
      if (typeof v === "string" && v.startsWith("\\x")) {
        const hex = v.slice(2);
        const out = new Uint8Array(hex.length / 2);
        for (let i = 0; i < out.length; i++) out[i] = parseInt(hex.substr(2 * i, 2), 16);
        return { t: "bytea", v: out, type };
      }
      return { t: "bytea", v: bytesOf(v, type), type };
    }
    case "uuid": return { t: "uuid", v: parseUuid(v), type };
    case "date": return { t: "date", v: parseDate(v), type };
    case "timestamp": return { t: "timestamp", v: parseTimestamp(v, false), type };
    case "timestamptz": return { t: "timestamptz", v: parseTimestamp(v, true), type };
  }
  const e = /^enum:([^:]*):(.+)$/.exec(typeName);
  if (e) return { t: "enum", v: bytesOf(v, "an enum label"), type: "enum", name: e[2], extension: e[1] };
  throw new ComparisonError(`type ${typeName} is hashed by the server's hash operator class (FORMAT.md §2.3), `
    + "which a client cannot reproduce: cast it to a portable type in SQL", null);
}

/** PostgreSQL's float8 input: decimal text, NaN, Infinity (any case). */
function parseFloatText(s: string): number {
  const low = s.trim().toLowerCase();
  if (low === "nan") return NaN;
  if (low === "infinity" || low === "inf" || low === "+infinity") return Infinity;
  if (low === "-infinity" || low === "-inf") return -Infinity;
  const x = Number(s);
  if (Number.isNaN(x) || s.trim() === "") throw new ComparisonError(`invalid input syntax for type double precision: "${s}"`, "22P02");
  return x;
}

function normArray(a: SqlArray): Norm {
  const elems = a.elements.map((e) => (e === null || e === undefined ? null : normalize(e, a.elementType)));
  let elemKind: number;
  if (a.elementType !== undefined) elemKind = kindOfType(normalize(sampleOf(a.elementType), a.elementType));
  else {
    const kinds = new Set(elems.filter((e): e is Norm => e !== null).map(kindOfType));
    if (kinds.size !== 1) refuseType("give the SqlArray an elementType: its elements do not name one type");
    elemKind = [...kinds][0];
  }
  let outside: [string, string] | null = null;
  const sample = a.elementType !== undefined ? normalize(sampleOf(a.elementType), a.elementType) : elems.find((e) => e !== null);
  if (sample && sample.t === "enum") outside = [sample.name, sample.extension];
  return { t: "array", v: a, elems, elemKind, type: "array", outside };
}

function sampleOf(type: string): unknown {
  if (type.startsWith("enum:")) return "";
  const t = (ALIASES[type.toLowerCase()] ?? type.toLowerCase()).replace(/\s*\(.*\)$/, "");
  switch (t) {
    case "smallint": case "integer": case "bigint": case "real": case "double precision": return 0;
    case "numeric": return "0";
    case "boolean": return true;
    case "bytea": return new Uint8Array(0);
    case "uuid": return new Uint8Array(16);
    case "date": case "timestamp": case "timestamptz": return 0n;
    default: return "";
  }
}

/** The kind (FORMAT.md §2.5) of a normalised value. */
export function kindOfType(n: Norm): number {
  switch (n.t) {
    case "int": return 20;
    case "bool": return 16;
    case "float": return 701;
    case "numeric": return 1700;
    case "text": return 25;
    case "bytea": return 17;
    case "uuid": return 2950;
    case "date": return 1082;
    case "timestamp": return 1114;
    case "timestamptz": return 1184;
    case "enum": return outsideKind(n.name, n.extension);
    case "array": return n.outside ? outsideKind(n.outside[0], n.outside[1], true) : ARRAY_OF[n.elemKind];
  }
}

/** The canonical bytes of FORMAT.md §2.1 (the value's own rule). */
export function canonicalBytes(n: Norm): Uint8Array {
  switch (n.t) {
    case "int": case "date": case "timestamp": case "timestamptz": return i64le(n.v);
    case "bool": return i64le(n.v ? 1n : 0n);
    case "float": return floatBytes(n.v);
    case "numeric": return numericBytes(n.v);
    case "text": case "bytea": case "uuid": case "enum": return n.v;
    case "array": {
      const a = n.v;
      const head = new Uint8Array(4 + 8 * a.dims.length);
      const dv = new DataView(head.buffer);
      dv.setUint32(0, a.dims.length, true);
      a.dims.forEach((d, i) => { dv.setInt32(4 + 8 * i, d, true); dv.setInt32(8 + 8 * i, a.lowerBounds[i], true); });
      const parts: Uint8Array[] = [head];
      for (const e of n.elems) {
        if (e === null) parts.push(new Uint8Array([0]));
        else parts.push(new Uint8Array([1]), u64le(xxh3(canonicalBytes(e), 0n)));
      }
      return concat(parts);
    }
  }
}

/** sketch_hash(value, seed) as an unsigned bigint: the value's own rule. */
export function hashValue(value: Value, seed: bigint = 0n): bigint {
  return xxh3(canonicalBytes(normalize(value)), seed);
}

/** SQL sketch_hash(value, seed): the same as a signed bigint. */
export function sketchHash(value: Value, seed: bigint = 0n): bigint {
  return BigInt.asIntN(64, hashValue(value, seed));
}

function refuse(own: number, kind: number, sqlstate: string | null, why: string): never {
  throw new ComparisonError(`cannot compare a ${kindName(own)} value with the ${kindName(kind)} values of this sketch: ${why}`, sqlstate);
}

function refuseAdd(own: number, kind: number, why: string): never {
  throw new ComparisonError(`cannot add this ${kindName(own)} value to a sketch of ${kindName(kind)} values: ${why}`, "42804");
}

/** A string is an untyped literal against a uuid or numeric sketch, as in `col = '…'`. */
export function asLiteral(value: unknown, n: Norm, kind: number): Norm {
  if (typeof value === "string" && n.t === "text") {
    if (kind === 2950) return { t: "uuid", v: parseUuid(value), type: "uuid" };
    if (kind === 1700) return { t: "numeric", v: parseNumeric(value), type: "numeric" };
  }
  return n;
}

const HASH_ID_1_TYPES = new Set(["smallint", "integer", "bigint", "boolean", "date", "timestamp", "timestamptz",
  "real", "double precision", "numeric", "bytea", "uuid", "text", "varchar", "char"]);

/**
 * The bytes hashed for a value added to (adding) or probed against a sketch of `kind`
 * (FORMAT.md §2.5): its own rule's, or those of the value converted as PostgreSQL's =
 * converts it; ComparisonError where the server refuses it.
 */
export function probeBytes(value: Value, kind: number, adding: boolean, hashId = 2): Uint8Array {
  let n = normalize(value);
  n = asLiteral(value, n, kind);
  if (hashId === 1 && !HASH_ID_1_TYPES.has(n.type))
    throw new ParameterError(`this sketch was built under hash id 1, which hashed ${n.type} values differently: rebuild it`);
  const own = kindOfType(n);
  if (kind === KIND_NONE || kind === own) return canonicalBytes(n);
  if (kind === KIND_MIXED) refuse(own, kind, "42804", "no one = says which values of a union of several types it equals");
  if (kind === KIND_OTHER) { // 0.5.0 to 0.8.0: any type outside the catalog, as then
    if (isOutsideKind(own)) return canonicalBytes(n);
    refuse(own, kind, "42804", "the = of a type outside the built-in catalog with it cannot be known");
  }
  if (isOutsideKind(kind)) refuse(own, kind, "42804", "the = of another type outside the built-in catalog with it cannot be known");
  if (isOutsideKind(own)) {
    if (n.t === "enum") refuse(own, kind, "42883", "an enum has no = with a built-in type");
    refuse(own, kind, null, "its = with a built-in type is the server's catalog's to resolve");
  }
  if (!PORTABLE.has(kind)) refuse(own, kind, null, "the sketch's type is hashed by the server (FORMAT.md §2.3)");
  if (kind === 20 && own === 701 && n.t === "float") {
    const x = n.v;
    const integral = Number.isFinite(x) && Number.isInteger(x);
    if (adding && !integral) refuseAdd(own, kind, "no integer equals it");
    if (integral && Math.abs(x) >= 2 ** 53) refuse(own, kind, "42804", "integers of this size round to it, so several equal it");
    return floatBytes(x);
  }
  if (kind === 20 && own === 1700 && n.t === "numeric") {
    if (adding) {
      const i = numericInteger(n.v);
      if (i === null || i < INT64_MIN || i > INT64_MAX) refuseAdd(own, kind, "no integer equals it");
    }
    return canonicalBytes(n);
  }
  if (kind === 1700 && own === 20) return canonicalBytes(n);
  if (kind === 701 && own === 20 && n.t === "int") return floatBytes(Number(n.v));
  if (kind === 701 && own === 1700 && n.t === "numeric") return floatBytes(numericToDouble(n.v));
  if (kind === 1082 && n.t === "timestamp") {
    const micros = n.v;
    if (micros === TIMESTAMP_INFINITY || micros === TIMESTAMP_MINUS_INFINITY)
      return i64le(micros > 0n ? DATE_INFINITY : DATE_MINUS_INFINITY);
    const rem = ((micros % USECS_PER_DAY) + USECS_PER_DAY) % USECS_PER_DAY;
    if (rem !== 0n && adding) refuseAdd(own, kind, "no date equals a time that is not a midnight");
    return i64le(rem === 0n ? micros / USECS_PER_DAY : micros);
  }
  if (kind === 1114 && n.t === "date") {
    const days = n.v;
    if (days === DATE_INFINITY || days === DATE_MINUS_INFINITY)
      return i64le(days > 0n ? TIMESTAMP_INFINITY : TIMESTAMP_MINUS_INFINITY);
    return i64le(days * USECS_PER_DAY);
  }
  const pair = `${kind},${own}`;
  if (["1700,701", "1184,1082", "1184,1114", "1082,1184", "1114,1184"].includes(pair))
    refuse(own, kind, "42804", "= converts the sketch's values, or depends on the session's TimeZone");
  refuse(own, kind, "42883", "there is no = between them (arrays of different types included)");
}

/** The hash of a value against a sketch of `kind` with its seed (FORMAT.md §2.5). */
export function probeHash(value: Value, kind: number, seed: bigint, adding: boolean, hashId = 2): bigint {
  probeHashInto(value, kind, seed, adding, hashId);
  return join(R.hi, R.lo);
}

// Scratch bytes for the common values' canonical bytes: hashed at once, never kept.
const INT_BYTES = new Uint8Array(8);
let textBytes = new Uint8Array(256);

/** The canonical bytes (§2.1) of a bigint in the int64 range, or a safe integer, as int64 LE. */
function intBytes(lo: number, hi: number): Uint8Array {
  const b = INT_BYTES;
  b[0] = lo; b[1] = lo >>> 8; b[2] = lo >>> 16; b[3] = lo >>> 24;
  b[4] = hi; b[5] = hi >>> 8; b[6] = hi >>> 16; b[7] = hi >>> 24;
  return b;
}

/** A string's UTF-8 (the text rule of §2.1) in the scratch buffer. */
function textScratch(s: string): Uint8Array {
  const n = s.length;
  if (n * 3 > textBytes.length) textBytes = new Uint8Array(Math.max(n * 3, 2 * textBytes.length));
  const b = textBytes;
  for (let i = 0; i < n; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0x80) return b.subarray(0, utf8.encodeInto(s, b).written);
    b[i] = c;
  }
  return b.subarray(0, n);
}

/** probeHash with the hash's halves left in R. The values every sketch of their own kind
 * takes as they are (integers against bigint and numeric sketches, strings against text
 * ones) are hashed from scratch bytes; every other goes through probeBytes. */
export function probeHashInto(value: Value, kind: number, seed: bigint, adding: boolean, hashId = 2): void {
  switch (typeof value) {
    case "number":
      if (Number.isSafeInteger(value) && (kind === KIND_NONE || kind === 20 || kind === 1700)) {
        xxh3Into(intBytes(value >>> 0, Math.floor(value / 4294967296) >>> 0), seed);
        return;
      }
      break;
    case "bigint":
      if (value >= INT64_MIN && value <= INT64_MAX && (kind === KIND_NONE || kind === 20 || kind === 1700)) {
        INT_VIEW.setBigInt64(0, value, true);
        xxh3Into(INT_BYTES, seed);
        return;
      }
      break;
    case "string":
      if (kind === KIND_NONE || kind === 25) { xxh3Into(textScratch(value), seed); return; }
      break;
  }
  xxh3Into(probeBytes(value, kind, adding, hashId), seed);
}
const INT_VIEW = new DataView(INT_BYTES.buffer);

/** The kind a sketch records after its first value (the value's own kind). */
export function valueKind(value: Value): number {
  return kindOfType(normalize(value));
}

// ---------------------------------------------------------------- kinds in headers

/** A kind a format version 2 value may record: any u16 but 0 (§2.5). */
export function validKind(kind: number): boolean {
  return kind >= 1 && kind <= KIND_MIXED;
}

/** The legacy 65534 with a kind outside the catalog: one such type, not known which. */
const otherWithOutside = (a: number, b: number) => (a === KIND_OTHER && isOutsideKind(b)) || (b === KIND_OTHER && isOutsideKind(a));

export function unionKind(a: number, aHas: boolean, b: number, bHas: boolean): number {
  if (!aHas) return bHas ? b : KIND_NONE;
  if (!bHas) return a;
  if (a === KIND_NONE || a === b) return b;
  if (b === KIND_NONE) return a;
  if (otherWithOutside(a, b)) return KIND_OTHER;
  return KIND_MIXED;
}

export function checkComparable(a: number, b: number, what: string): void {
  if (a !== b && a !== KIND_NONE && b !== KIND_NONE && !otherWithOutside(a, b))
    throw new ParameterError(`cannot compare ${what} that hold values of different types (kinds ${a} and ${b})`);
}
