// topk and countmin against the running server (PGHOST etc.): random skewed data of eight SQL types
// built in SQL and read here, built here and read by the server, with equal bytes and answers;
// unions both ways; refusals with equal SQLSTATEs; corrupt values refused by both or by neither.
// PROB_TEST_SEED=<int> repeats a run's random data (the seed is printed).
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { P, hex, seededRandom, mutations, liveClient, formatExpm, nextDouble } from "./helpers.mjs";

const live = !!process.env.PGHOST;
const skip = !live && "PGHOST is unset: no server";
const seed = Number(process.env.PROB_TEST_SEED ?? Math.floor(Math.random() * 2 ** 31));
const { next64, rand, randInt, pick } = seededRandom(seed);
let client;
await P.ready();

const CHARS = ["a", "b", "z", " ", "é", "ß", "日", "😀", "\u00a0", "\ufeff", "0", "'", '"', "\\"];
const uuidText = () => [8, 4, 4, 4, 12].map((n) => Array.from({ length: n }, () => randInt(16).toString(16)).join("")).join("-");
/** Each type: its SQL expression of the text parameter x, a random value, its text, the JS value
 * that stands for it, and whether a topk holds it (REFERENCE.md: bigint, integer, text, bytea, uuid). */
const TYPES = {
  bigint: { expr: "x::bigint", gen: () => pick([BigInt.asIntN(64, next64()), BigInt(randInt(100) - 50)]), text: String, js: (v) => v, topk: true },
  integer: { expr: "x::integer", gen: () => randInt(2 ** 32) - 2 ** 31, text: String, js: (v) => v, topk: true },
  text: { expr: "x", gen: () => Array.from({ length: randInt(10) }, () => pick(CHARS)).join(""), text: (v) => v, js: (v) => v, topk: true },
  bytea: { expr: "decode(x, 'hex')", gen: () => Uint8Array.from({ length: randInt(12) }, () => randInt(256)), text: hex, js: (v) => v, topk: true },
  uuid: { expr: "x::uuid", gen: uuidText, text: (v) => v, js: (v) => P.uuid(v), topk: true },
  numeric: { expr: "x::numeric", gen: () => `${randInt(2000) - 1000}.${randInt(100)}`, text: (v) => v, js: (v) => P.numeric(v), topk: false },
  timestamptz: { expr: "x::timestamptz", gen: () => new Date(Date.UTC(1990 + randInt(40), randInt(12), 1 + randInt(28), randInt(24), randInt(60))),
                 text: (v) => v.toISOString(), js: (v) => v, topk: false },
  "double precision": { expr: "x::float8", gen: () => pick([rand() * 100 - 50, randInt(100), NaN, -0, Infinity]),
                        text: (v) => (Object.is(v, -0) ? "-0" : String(v)), js: (v) => P.float8(v), topk: false },
};

/** n distinct values (distinct as SQL's = sees them: 0 and -0 are one double). */
function distinct(type, n) {
  const seen = new Set(), out = [];
  for (let tries = 0; out.length < n && tries < 50 * n; tries++) {
    const v = TYPES[type].gen(), key = P.hashValue(TYPES[type].js(v));
    if (!seen.has(key)) { seen.add(key); out.push(v); }
  }
  return out;
}

/** Skewed rows from a pool: a few values come up often, many rarely; weights 0 … 20. */
function rows(pool, n) {
  return Array.from({ length: n }, () => ({ x: pool[Math.floor(pool.length * rand() ** 3)], w: BigInt(pick([0, 1, 1, 2, 3, 5, 20])) }));
}

const source = (T, i) => `(SELECT ${T.expr} AS x, w, i FROM unnest($${i}::text[], $${i + 1}::bigint[]) WITH ORDINALITY u(x, w, i))`;
const params = (T, rs) => [rs.map((r) => T.text(r.x)), rs.map((r) => String(r.w))];

async function one(sql, ps) { return (await client.query(sql, ps)).rows[0]; }
async function all(sql, ps) { return (await client.query(sql, ps)).rows; }
/** The server's result, or its SQLSTATE. */
async function serverOr(sql, ps) { try { return await one(sql, ps); } catch (e) { return e.code; } }
/** Column r of the server's row (bytes as hex), or its SQLSTATE. */
async function serverR(sql, ps) {
  const row = await serverOr(sql, ps);
  return typeof row === "string" ? row : Buffer.isBuffer(row.r) ? hex(row.r) : row.r;
}
const oursOr = (f) => { try { return f(); } catch (e) { return e.sqlstate ?? e.message; } };

before(async () => { if (live) client = await liveClient(); });
after(async () => { if (client) await client.end(); });

/** topk_items(sketch) as rows of text and bounds, as ours give them. */
const rowsOf = (t) => t.items().map((r) => ({ item: r.text, estimate: String(r.estimate), lower: String(r.lower), upper: String(r.upper) }));

async function checkTopk(type, T, rs, probes, more, t) {
  const k = 3 + randInt(25), k2 = 3 + randInt(25);
  const server = await one(`SELECT topk_agg(x, $3::integer ORDER BY i)::bytea AS t, topk_agg(x, w, $3::integer ORDER BY i)::bytea AS tw
    FROM ${source(T, 1)} v`, [...params(T, rs), k]);
  const ours = P.Topk.empty(k), oursW = P.Topk.empty(k);
  for (const r of rs) { ours.addInPlace(T.js(r.x)); oursW.addInPlace(T.js(r.x), r.w); }
  assert.equal(hex(ours.toBytes()), hex(server.t), `${type}: topk_agg, size ${k}`);
  assert.equal(hex(oursW.toBytes()), hex(server.tw), `${type}: weighted topk_agg, size ${k}`);
  t.diagnostic(`${type}: topk of ${rs.length} rows, size ${k}: ${ours.items().length} items, max error ${ours.maxError}`);

  // the server's bytes read here: items, bounds, totals; items as values of the column's type
  for (const [name, bytes] of [["topk", server.t], ["weighted topk", server.tw]]) {
    const s = P.Topk.fromBytes(bytes);
    assert.deepEqual(rowsOf(s), await all("SELECT item, estimate::text, lower::text, upper::text FROM topk_items($1::bytea::topk)", [bytes]), `${type}: ${name} items`);
    const info = await one("SELECT topk_count($1::bytea::topk)::text AS n, topk_info($1::bytea::topk) AS i", [bytes]);
    assert.deepEqual([String(s.count()), String(s.maxError), String(s.threshold), s.width, s.toBytes().length + 4],
      [info.n, String(info.i.max_error), String(info.i.threshold), info.i.item_width, info.i.bytes], `${type}: ${name} info`);
    const typed = await all(`SELECT item, lower::text FROM topk_items($1::bytea::topk, 3, NULL::${type})`, [bytes]);
    assert.deepEqual(s.items(3).map((r) => [typeof r.item === "bigint" ? String(r.item) : r.item instanceof Uint8Array ? hex(r.item) : r.item, String(r.lower)]),
      typed.map((r) => [Buffer.isBuffer(r.item) ? hex(r.item) : String(r.item), r.lower]), `${type}: ${name} typed items`);
    // bounds of values present and absent: topk_items' lower and upper, or 0 and D without an entry
    const bounds = await all(`SELECT coalesce(k.lower, 0)::text AS lower, coalesce(k.upper, (topk_info(s)->>'max_error')::bigint)::text AS upper
      FROM (SELECT $1::bytea::topk AS s) s CROSS JOIN ${source(T, 2)} p
      LEFT JOIN topk_items(s, 2147483647, NULL::${type}) k ON k.item = p.x ORDER BY p.i`, [bytes, ...params(T, probes)]);
    assert.deepEqual(probes.map((p) => { const b = s.bounds(T.js(p.x)); return { lower: String(b.lower), upper: String(b.upper) }; }), bounds, `${type}: ${name} bounds`);
  }

  // built here, read by the server: a value continued with more rows (no server call makes it)
  const cont = P.Topk.fromBytes(server.t);
  for (const r of more) cont.addInPlace(T.js(r.x), r.w);
  const read = await one("SELECT $1::bytea::topk::bytea AS b, topk_count($1::bytea::topk)::text AS n", [cont.toBytes()]);
  assert.equal(hex(read.b), hex(cont.toBytes()));
  assert.equal(read.n, String(cont.count()));
  assert.deepEqual(await all("SELECT item, estimate::text, lower::text, upper::text FROM topk_items($1::bytea::topk)", [cont.toBytes()]), rowsOf(cont), `${type}: continued`);

  // unions both ways, of the server's sketches and of ours
  const u = await one(`SELECT topk_union($1::bytea::topk, s)::bytea AS ab, topk_union(s, $1::bytea::topk)::bytea AS ba, s::bytea AS b
    FROM (SELECT topk_agg(x, w, $4::integer ORDER BY i) AS s FROM ${source(T, 2)} v) q`, [server.tw, ...params(T, more), k2]);
  const b = P.Topk.fromBytes(u.b);
  assert.equal(hex(oursW.union(b).toBytes()), hex(u.ab), `${type}: topk union, sizes ${k} and ${k2}`);
  assert.equal(hex(b.union(oursW).toBytes()), hex(u.ba), `${type}: topk union the other way`);
  assert.equal(hex(oursW.union(b).toBytes()), hex(b.union(oursW).toBytes()), "a || b = b || a");
  const served = await one("SELECT topk_union($1::bytea::topk, $2::bytea::topk)::bytea AS r", [cont.toBytes(), ours.toBytes()]);
  assert.equal(hex(served.r), hex(cont.union(ours).toBytes()), `${type}: the union of two of ours`);
}

async function checkCountmin(type, T, rs, probes, more) {
  const [eps, delta] = [pick([0.5, 0.2, 0.05, 0.01]), pick([0.5, 0.1, 0.01])];
  const server = await one(`SELECT countmin_agg(x, $3::float8, $4::float8 ORDER BY i)::bytea AS c,
      countmin_agg(x, w, $3::float8, $4::float8 ORDER BY i)::bytea AS cw FROM ${source(T, 1)} v`, [...params(T, rs), eps, delta]);
  const ours = P.Countmin.empty(eps, delta), oursW = P.Countmin.empty(eps, delta);
  for (const r of rs) { ours.addInPlace(T.js(r.x)); oursW.addInPlace(T.js(r.x), r.w); }
  assert.equal(hex(ours.toBytes()), hex(server.c), `${type}: countmin_agg at ${eps}, ${delta}`);
  assert.equal(hex(oursW.toBytes()), hex(server.cw), `${type}: weighted countmin_agg at ${eps}, ${delta}`);

  // counts of values present and absent, on the server's bytes read here and ours read there
  const counts = await one(`SELECT array_agg(countmin_count($1::bytea::countmin, x)::text ORDER BY i) AS c,
      array_agg(countmin_count($2::bytea::countmin, x)::text ORDER BY i) AS cw,
      countmin_total($1::bytea::countmin)::text AS n, countmin_total($2::bytea::countmin)::text AS nw
    FROM ${source(T, 3)} v`, [ours.toBytes(), oursW.toBytes(), ...params(T, probes)]);
  const c = P.Countmin.fromBytes(server.c), cw = P.Countmin.fromBytes(server.cw);
  assert.deepEqual(probes.map((p) => String(c.count(T.js(p.x)))), counts.c, `${type}: countmin_count`);
  assert.deepEqual(probes.map((p) => String(cw.count(T.js(p.x)))), counts.cw, `${type}: weighted countmin_count`);
  assert.deepEqual([String(c.total()), String(cw.total())], [counts.n, counts.nw]);

  // unions both ways
  const u = await one(`SELECT countmin_union($1::bytea::countmin, s)::bytea AS ab, countmin_union(s, $1::bytea::countmin)::bytea AS ba, s::bytea AS b
    FROM (SELECT countmin_agg(x, w, $4::float8, $5::float8 ORDER BY i) AS s FROM ${source(T, 2)} v) q`, [server.cw, ...params(T, more), eps, delta]);
  const b = P.Countmin.fromBytes(u.b);
  assert.equal(hex(oursW.union(b).toBytes()), hex(u.ab), `${type}: countmin union`);
  assert.equal(hex(b.union(oursW).toBytes()), hex(u.ba), `${type}: countmin union the other way`);
  // parameters that differ: refused by both, with one SQLSTATE
  const other = P.Countmin.empty(eps === 0.5 ? 0.2 : 0.5, delta);
  assert.equal(oursOr(() => oursW.union(other)), await serverOr("SELECT $1::bytea::countmin || $2::bytea::countmin AS r", [oursW.toBytes(), other.toBytes()]));
}

for (const type of Object.keys(TYPES)) {
  test(`${type}: topk and countmin built in SQL are the bytes built here; answers, unions and refusals equal`, { skip }, async (t) => {
    t.diagnostic(`PROB_TEST_SEED=${seed}`);
    const T = TYPES[type];
    const pool = distinct(type, 20 + randInt(150));
    const rs = rows(pool, 300 + randInt(1200)), more = rows(pool, 100 + randInt(500));
    const probes = [...pool.slice(0, 60), ...distinct(type, 40)].map((x) => ({ x, w: 0n }));
    if (T.topk) await checkTopk(type, T, rs, probes, more, t);
    else {
      const v = T.js(pool[0]);
      assert.equal(oursOr(() => P.Topk.empty().add(v)), await serverOr(`SELECT topk_agg(x) AS r FROM ${source(T, 1)} v`, params(T, [{ x: pool[0], w: 1n }])), `${type}: topk refuses`);
    }
    await checkCountmin(type, T, rs, probes, more);
  });
}

test("countmin with seeds and weights: countmin_add in SQL and addInPlace here give the same bytes and counts", { skip }, async () => {
  await client.query(`CREATE OR REPLACE FUNCTION pg_temp.cm_adds(s countmin, xs anyarray, ws bigint[]) RETURNS countmin AS $f$
    BEGIN
      FOR i IN 1 .. coalesce(array_length(xs, 1), 0) LOOP s := countmin_add(s, xs[i], ws[i]); END LOOP;
      RETURN s;
    END $f$ LANGUAGE plpgsql`);
  for (const type of ["bigint", "text"]) {
    const s = BigInt.asIntN(64, next64()), u = BigInt.asUintN(64, s);
    await P.loadSeed(u);
    const T = TYPES[type], rs = rows(distinct(type, 50), 200);
    const [eps, delta] = [pick([0.3, 0.05]), pick([0.4, 0.02])];
    const server = await one(`SELECT pg_temp.cm_adds(countmin_empty($3, $4, $5), $1::${type}[], $2::bigint[])::bytea AS c`,
      [...params(T, rs), eps, delta, String(s)]);
    const ours = P.Countmin.empty(eps, delta, u);
    for (const r of rs) ours.addInPlace(T.js(r.x), r.w);
    assert.equal(hex(ours.toBytes()), hex(server.c), `${type}, seed ${s}`);
    const read = await P.Countmin.load(server.c);
    const counts = await one(`SELECT array_agg(countmin_count($1::bytea::countmin, x)::text ORDER BY i) AS c FROM ${source(T, 2)} v`, [server.c, ...params(T, rs)]);
    assert.deepEqual(rs.map((r) => String(read.count(T.js(r.x)))), counts.c);
  }
});

test("countmin_empty at the boundaries of its depths and widths: the same bytes or the same refusal", { skip }, async () => {
  const expm = formatExpm(), deltas = [], epsilons = [Math.E / 7, Math.E / 1000, Math.E / 3, nextDouble(1, -1), 1e-3, 0.5, 1, 0, -0.1, NaN];
  for (let k = 0; k <= 32; k++) deltas.push(expm[k], nextDouble(expm[k], 1), nextDouble(expm[k], -1));
  for (let i = 0; i < 30; i++) { epsilons.push(10 ** -(rand() * 3)); const w = 2 + randInt(2700); epsilons.push(Math.E / w, nextDouble(Math.E / w, 1), nextDouble(Math.E / w, -1)); }
  const cases = [...deltas.map((d) => [0.5, d]), ...epsilons.map((e) => [e, 0.5])];
  for (const [e, d] of cases) {
    const r = await serverR("SELECT countmin_empty($1::float8, $2::float8)::bytea AS r", [String(e), String(d)]);
    assert.equal(oursOr(() => hex(P.Countmin.empty(e, d).toBytes())), r, `countmin_empty(${e}, ${d})`);
  }
});

test("JavaScript values of other types against bigint sketches: the server's answer or its refusal", { skip }, async () => {
  const c = P.Countmin.empty(0.05, 0.1);
  const tk = P.Topk.empty(8);
  for (const x of [1, 2, 3, 42, 2 ** 40]) { c.addInPlace(x); tk.addInPlace(x); }
  const cases = [[1n, "1::bigint"], [2.5, "2.5::float8"], [42, "42::integer"], [P.numeric("42.000"), "42.000::numeric"], [P.numeric("42.5"), "42.5::numeric"],
    [2 ** 40, "1099511627776::bigint"], [P.float8(2 ** 40), "1099511627776::float8"], [2 ** 53, "9007199254740992::float8"], ["42", "'42'::text"], [P.sql("smallint", 3), "3::smallint"],
    [new Uint8Array([42]), "'\\x2a'::bytea"], [P.uuid("a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11"), "'a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11'::uuid"]];
  for (const [v, lit] of cases) {
    assert.equal(oursOr(() => String(c.count(v))), await serverR(`SELECT countmin_count($1::bytea::countmin, ${lit})::text AS r`, [c.toBytes()]), `countmin_count ${lit}`);
    assert.equal(oursOr(() => hex(c.add(v, 2).toBytes())), await serverR(`SELECT countmin_add($1::bytea::countmin, ${lit}, 2)::bytea AS r`, [c.toBytes()]), `countmin_add ${lit}`);
    assert.equal(oursOr(() => hex(tk.union(P.Topk.empty().add(v)).toBytes())),
      await serverR(`SELECT topk_union($1::bytea::topk, topk_agg(x))::bytea AS r FROM (VALUES (${lit})) v(x)`, [tk.toBytes()]), `topk_union with ${lit}`);
  }
  // topk_agg's rows refused or taken: negative weights, items of 1024 and 1025 bytes, totals past 2^63 - 1
  const max = 2n ** 63n - 1n;
  const rowCases = [["(1::bigint, -1::bigint)", () => P.Topk.empty().add(1, -1)], ["(repeat('x', 1025), 0::bigint)", () => P.Topk.empty().add("x".repeat(1025), 0)],
    ["(repeat('é', 512), 1::bigint)", () => P.Topk.empty().add("é".repeat(512))], ["(repeat('é', 513), 1::bigint)", () => P.Topk.empty().add("é".repeat(513))],
    [`(1::bigint, ${max}::bigint), (2::bigint, 1::bigint)`, () => P.Topk.empty().add(1, max).add(2)], [`(1::bigint, ${max}::bigint), (2::bigint, 0::bigint)`, () => P.Topk.empty().add(1, max).add(2, 0)]];
  for (const [values, f] of rowCases)
    assert.equal(oursOr(() => hex(f().toBytes())), await serverR(`SELECT topk_agg(x, w ORDER BY i)::bytea AS r FROM (SELECT x, w, row_number() OVER () AS i FROM (VALUES ${values}) v(x, w)) q`), values);
});

test("corrupt values: refused by the server exactly when refused here (truncations, header bytes, random flips)", { skip }, async () => {
  const sketches = [];
  for (const type of ["bigint", "text", "bytea", "uuid"]) {
    const T = TYPES[type], t = P.Topk.empty(4 + randInt(8));
    for (const r of rows(distinct(type, 30), 200)) t.addInPlace(T.js(r.x), r.w);
    sketches.push(["topk", P.Topk, t.toBytes(), 40]);
  }
  sketches.push(["topk", P.Topk, P.Topk.empty(3).toBytes(), 40]);
  for (const [eps, delta] of [[0.5, 0.5], [0.3, 0.1], [0.1, 0.01]]) {
    const c = P.Countmin.empty(eps, delta);
    for (const r of rows(distinct("bigint", 30), 100)) c.addInPlace(r.x, r.w);
    sketches.push(["countmin", P.Countmin, c.toBytes(), 48]);
  }
  let compared = 0, refused = 0;
  for (const [type, cls, bytes, header] of sketches) {
    for (const m of mutations(bytes, header, randInt, 24)) {
      let server;
      try { server = hex((await one(`SELECT $1::bytea::${type}::bytea AS r`, [m])).r); } catch (e) { server = e.code; }
      let ours;
      try { ours = hex(cls.fromBytes(m).toBytes()); } catch (e) { ours = e.sqlstate; }
      assert.equal(ours, server, `${type} ${hex(m).slice(0, 40)}…`);
      compared++;
      if (ours === "22P03") refused++;
    }
  }
  assert.ok(compared > 500 && refused > 300, `${compared} compared, ${refused} refused`);
});
