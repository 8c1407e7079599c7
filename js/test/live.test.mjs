// Against the running server (PGHOST etc., as test/cluster.sh's start_cluster exports them):
// values built in SQL read in JavaScript and the reverse, on random data of every portable
// type, with equal bytes and equal answers; corrupt values refused by both or by neither.
// PROB_TEST_SEED=<int> repeats a run's random data (the seed is printed).
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { P, hex, connect } from "./helpers.mjs";

const live = !!process.env.PGHOST;
const seed = Number(process.env.PROB_TEST_SEED ?? Math.floor(Math.random() * 2 ** 31));
let client;
await P.ready();

// splitmix64: the random data, repeatable from the seed.
let state = BigInt(seed);
function next64() {
  state = (state + 0x9e3779b97f4a7c15n) & ((1n << 64n) - 1n);
  let z = state;
  z = ((z ^ (z >> 30n)) * 0xbf58476d1ce4e5b9n) & ((1n << 64n) - 1n);
  z = ((z ^ (z >> 27n)) * 0x94d049bb133111ebn) & ((1n << 64n) - 1n);
  return z ^ (z >> 31n);
}
const rand = () => Number(next64() >> 11n) / 2 ** 53;
const randInt = (n) => Math.floor(rand() * n);
const pick = (xs) => xs[randInt(xs.length)];

const CHARS = ["a", "b", "z", " ", "é", "ß", "日", "本", "😀", "\u00a0", "0", "-", "'", '"', "\\"];
/** Each type: SQL type, a random JS value, its SQL text for the array parameter, its JS value. */
const TYPES = {
  bigint: { sql: "bigint", gen: () => pick([BigInt.asIntN(64, next64()), BigInt(randInt(1000)) - 500n, BigInt.asIntN(40, next64())]),
            text: (v) => String(v), js: (v) => v },
  integer: { sql: "integer", gen: () => pick([randInt(2 ** 32) - 2 ** 31, randInt(2000) - 1000]), text: String, js: (v) => v },
  text: { sql: "text", gen: () => Array.from({ length: randInt(12) }, () => pick(CHARS)).join(""), text: (v) => v, js: (v) => v },
  bytea: { sql: "bytea", gen: () => Uint8Array.from({ length: randInt(20) }, () => randInt(256)), text: (v) => hex(v), js: (v) => v,
           expr: "decode(x, 'hex')", param: "text" },
  uuid: { sql: "uuid", gen: () => [8, 4, 4, 4, 12].map((n) => Array.from({ length: n }, () => randInt(16).toString(16)).join("")).join("-"),
          text: (v) => v, js: (v) => P.uuid(v) },
  timestamptz: { sql: "timestamptz", gen: () => new Date(Date.UTC(1900 + randInt(200), randInt(12), 1 + randInt(28), randInt(24), randInt(60), randInt(60), randInt(1000))),
                 text: (v) => v.toISOString(), js: (v) => v },
  numeric: { sql: "numeric", gen: () => { const d = String(randInt(10 ** randInt(9))); const s = randInt(8); const t = s ? d.padStart(s + 1, "0") : d; return (rand() < 0.3 ? "-" : "") + (s ? t.slice(0, -s) + "." + t.slice(-s) : t); },
             text: (v) => v, js: (v) => P.numeric(v) },
  "double precision": { sql: "double precision", gen: () => pick([rand() * 1000 - 500, randInt(1000), (rand() - 0.5) * 2 ** (randInt(120) - 60), NaN, -0, Infinity]),
                        text: (v) => (Object.is(v, -0) ? "-0" : String(v)), js: (v) => P.float8(v) },
};

function values(type, n) {
  const seen = new Set(), out = [];
  while (out.length < n) {
    const v = TYPES[type].gen();
    const key = P.hashValue(TYPES[type].js(v)); // distinct values, not texts ('0.0' and '-0' are one numeric)
    if (!seen.has(key)) { seen.add(key); out.push(v); }
  }
  return out;
}

const unnest = (t, i) => `(SELECT ${t.expr ?? "x"} AS x, i FROM unnest($${i}::${t.param ?? t.sql}[]) WITH ORDINALITY u(x, i))`;

async function one(sql, params) { return (await client.query(sql, params)).rows[0]; }

before(async () => { if (live) client = await connect(); });
after(async () => { if (client) await client.end(); });

for (const type of Object.keys(TYPES)) {
  test(`${type}: sketches built in SQL are the bytes JavaScript builds; answers equal both ways`, { skip: !live && "PGHOST is unset: no server" }, async (t) => {
    t.diagnostic(`PROB_TEST_SEED=${seed}`);
    const T = TYPES[type];
    const added = values(type, 300), more = values(type, 300);
    const probes = [...added.slice(0, 150), ...values(type, 150)];
    const texts = (xs) => xs.map(T.text);
    const server = await one(`SELECT hll_add_agg(x, 10)::bytea AS h10, hll_add_agg(x)::bytea AS h14,
        bloom_agg(x, 500, 0.01)::bytea AS bf, bloom_agg(x, 500, 0.01, 'blocked')::bytea AS bb,
        cuckoo_agg(x, 1000, 0.01 ORDER BY i)::bytea AS c, fuse_agg(x, 0.01)::bytea AS f, fuse_keys_agg(x)::bytea AS fk,
        agebloom_agg(x, 200::bigint, 0.01 ORDER BY i)::bytea AS a
      FROM ${unnest(T, 1)} v`, [texts(added)]);
    const js = added.map(T.js);
    const h10 = P.Hll.empty(10), h14 = P.Hll.empty(14);
    const bf = P.Bloom.empty(500, 0.01), bb = P.Bloom.empty(500, 0.01, { layout: "blocked" });
    const c = P.Cuckoo.empty(1000, 0.01), a = P.Agebloom.emptyCount(200, 0.01);
    for (const v of js) { h10.addInPlace(v); h14.addInPlace(v); bf.addInPlace(v); bb.addInPlace(v); c.addInPlace(v); a.addInPlace(v); }
    const f = P.Fuse.agg(js, 0.01), fk = P.Fuse.keySet(js);
    const ours = { h10, h14, bf, bb, c, f, fk, a };
    for (const [k, sketch] of Object.entries(ours)) assert.equal(hex(sketch.toBytes()), hex(server[k]), `${type}: ${k}`);
    // the server's bytes read here answer as ours do
    assert.equal(hex(P.Hll.fromBytes(server.h14).toBytes()), hex(server.h14));

    // the server reads our bytes and answers; our answers are the same
    const jsProbes = probes.map(T.js);
    const answers = await one(`SELECT array_agg(bloom_contains($2::bytea::bloom, x) ORDER BY i) AS bf,
        array_agg(bloom_contains($3::bytea::bloom, x) ORDER BY i) AS bb,
        array_agg(cuckoo_count($4::bytea::cuckoo, x) ORDER BY i) AS c,
        array_agg(fuse_contains($5::bytea::fuse, x) ORDER BY i) AS f,
        array_agg(fuse_contains($6::bytea::fuse, x) ORDER BY i) AS fk,
        array_agg(agebloom_contains($7::bytea::agebloom, x) ORDER BY i) AS a,
        hll_cardinality($8::bytea::hll) AS card, (hll_info($8::bytea::hll)->>'estimate')::text AS est,
        (hll_info($9::bytea::hll)->>'estimate')::text AS est10,
        bloom_cardinality($2::bytea::bloom) AS bcard, bloom_fpr($2::bytea::bloom) AS bfpr
      FROM ${unnest(T, 1)} v`, [texts(probes), bf.toBytes(), bb.toBytes(), c.toBytes(), f.toBytes(), fk.toBytes(), a.toBytes(), h14.toBytes(), h10.toBytes()]);
    assert.deepEqual(jsProbes.map((v) => bf.contains(v)), answers.bf, `${type}: bloom`);
    assert.deepEqual(jsProbes.map((v) => bb.contains(v)), answers.bb, `${type}: blocked bloom`);
    assert.deepEqual(jsProbes.map((v) => c.count(v)), answers.c, `${type}: cuckoo`);
    assert.deepEqual(jsProbes.map((v) => f.contains(v)), answers.f, `${type}: fuse`);
    assert.deepEqual(jsProbes.map((v) => fk.contains(v)), answers.fk, `${type}: fuse key set`);
    assert.deepEqual(jsProbes.map((v) => a.contains(v)), answers.a, `${type}: agebloom`);
    for (let i = 0; i < 150; i++) assert.ok(bf.contains(jsProbes[i]) && c.contains(jsProbes[i]) && f.contains(jsProbes[i]), "an added value is found");
    assert.equal(h14.cardinality(), BigInt(answers.card));
    assert.equal(h14.estimate(), Number(answers.est), "hll estimate, bit for bit");
    assert.equal(h10.estimate(), Number(answers.est10), "hll estimate p=10 (bias-corrected), bit for bit");
    assert.equal(bf.cardinality(), BigInt(answers.bcard));

    // unions: ours of the server's and ours equal the server's
    const u = await one(`SELECT hll_union($2::bytea::hll, hll_add_agg(x, 14))::bytea AS h,
        bloom_union($3::bytea::bloom, bloom_agg(x, 500, 0.01))::bytea AS b,
        cuckoo_union($4::bytea::cuckoo, cuckoo_agg(x, 1000, 0.01 ORDER BY i))::bytea AS c,
        hll_add_agg(x, 14)::bytea AS h2, bloom_agg(x, 500, 0.01)::bytea AS b2, cuckoo_agg(x, 1000, 0.01 ORDER BY i)::bytea AS c2
      FROM ${unnest(T, 1)} v`, [texts(more), h14.toBytes(), bf.toBytes(), c.toBytes()]);
    assert.equal(hex(h14.union(P.Hll.fromBytes(u.h2)).toBytes()), hex(u.h), `${type}: hll union`);
    assert.equal(hex(bf.union(P.Bloom.fromBytes(u.b2)).toBytes()), hex(u.b), `${type}: bloom union`);
    assert.equal(hex(c.union(P.Cuckoo.fromBytes(u.c2)).toBytes()), hex(u.c), `${type}: cuckoo union`);
  });
}

test("bigint filters probed with other JavaScript values: the server's answer or its refusal", { skip: !live && "PGHOST is unset: no server" }, async () => {
  const f = P.Bloom.empty(100, 0.01);
  for (const x of [1, 2, 3, 42, 2 ** 40]) f.addInPlace(x);
  const cases = [[1n, "1::bigint"], [2.5, "2.5::float8"], [42, "42::integer"], [P.numeric("42.000"), "42.000::numeric"],
    [P.numeric("42.5"), "42.5::numeric"], [2 ** 40, "1099511627776::float8"], [2 ** 53, "9007199254740992::float8"], ["42", "'42'::text"]];
  for (const [v, lit] of cases) {
    let server;
    try { server = (await one(`SELECT bloom_contains($1::bytea::bloom, ${lit}) AS r`, [f.toBytes()])).r; }
    catch (e) { server = e.code; }
    let ours;
    try { ours = f.contains(v); } catch (e) { ours = e.sqlstate; }
    assert.equal(ours, server, lit);
  }
});

/** Mutations of a valid value: truncations and every header byte changed three ways. */
function mutations(bytes, header) {
  const out = [];
  for (const n of [0, 1, header - 1, header, bytes.length - 1, Math.floor(bytes.length / 2)]) if (n >= 0 && n < bytes.length) out.push(bytes.slice(0, n));
  out.push(new Uint8Array([...bytes, 0]));
  for (let i = 0; i < Math.min(header, bytes.length); i++)
    for (const d of [1, 0x80, 0xff]) { const b = bytes.slice(); b[i] = (b[i] + d) & 0xff; out.push(b); }
  for (let k = 0; k < 8 && bytes.length > header; k++) { const b = bytes.slice(); b[header + randInt(bytes.length - header)] ^= 1 << randInt(8); out.push(b); }
  return out;
}

test("corrupt values: refused by the server exactly when refused here (truncations, flipped header fields)", { skip: !live && "PGHOST is unset: no server" }, async () => {
  const js = values("bigint", 40);
  const h = P.Hll.empty(8); const hd = P.Hll.empty(4); const b = P.Bloom.empty(30, 0.01); const bs = P.Bloom.empty(4, 0.1, { layout: "scalable" });
  const bb = P.Bloom.empty(30, 0.01, { layout: "blocked" }); const c = P.Cuckoo.empty(50, 0.01); const a = P.Agebloom.emptyCount(30, 0.05, { generations: 4 });
  for (const v of js) for (const s of [h, hd, b, bs, bb, c, a]) s.addInPlace(v);
  const cases = [["hll", P.Hll, h, 16], ["hll", P.Hll, hd, 16], ["bloom", P.Bloom, b, 64], ["bloom", P.Bloom, bs, 64], ["bloom", P.Bloom, bb, 64],
    ["cuckoo", P.Cuckoo, c, 48], ["fuse", P.Fuse, P.Fuse.agg(js), 64], ["fuse", P.Fuse, P.Fuse.keySet(js), 64], ["agebloom", P.Agebloom, a, 88]];
  let compared = 0;
  for (const [type, cls, sketch, header] of cases) {
    for (const m of mutations(sketch.toBytes(), header)) {
      let server;
      try { server = hex((await one(`SELECT $1::bytea::${type}::bytea AS r`, [m])).r); } catch (e) { server = e.code; }
      let ours;
      try { ours = hex(cls.fromBytes(m).toBytes()); } catch (e) { ours = e.sqlstate; }
      if (ours === "0A000") { assert.ok(type === "hll" && [3, 4, 5].includes(m[2]), "only other systems' hash families are unsupported"); continue; }
      assert.equal(ours, server, `${type} ${hex(m).slice(0, 40)}…`);
      compared++;
    }
  }
  assert.ok(compared > 300);
});

test("seeds, growth, removes and time windows: adds here and adds in SQL give the same bytes", { skip: !live && "PGHOST is unset: no server" }, async () => {
  await client.query(`CREATE OR REPLACE FUNCTION pg_temp.adds(s anyelement, xs bigint[], op text) RETURNS anyelement AS $f$
    DECLARE x bigint;
    BEGIN
      FOREACH x IN ARRAY xs LOOP
        EXECUTE format('SELECT %s($1, $2)', op) INTO s USING s, x;
      END LOOP;
      RETURN s;
    END $f$ LANGUAGE plpgsql`);
  const seedOf = () => BigInt.asIntN(64, next64());
  for (let round = 0; round < 3; round++) {
    const s = seedOf();
    await P.loadSeed(BigInt.asUintN(64, s));
    const xs = values("bigint", 60 + randInt(200)), gone = xs.filter(() => rand() < 0.3);
    const cap = 4 + randInt(30);
    const server = await one(`SELECT pg_temp.adds(bloom_empty($2, 0.05, true, $3), $1, 'bloom_add')::bytea AS bs,
        pg_temp.adds(bloom_empty($2, 0.01, 'blocked', $3), $1, 'bloom_add')::bytea AS bb,
        pg_temp.adds(hll_empty(6, $3), $1, 'hll_add')::bytea AS h,
        pg_temp.adds(pg_temp.adds(cuckoo_empty(400, 0.001, $3), $1, 'cuckoo_add'), $4, 'cuckoo_remove')::bytea AS c`,
      [xs.map(String), cap, String(s), gone.map(String)]);
    const seed = BigInt.asUintN(64, s);
    const bs = P.Bloom.empty(cap, 0.05, { layout: "scalable", seed }), bb = P.Bloom.empty(cap, 0.01, { layout: "blocked", seed });
    const h = P.Hll.empty(6, seed), c = P.Cuckoo.empty(400, 0.001, seed);
    for (const x of xs) { bs.addInPlace(x); bb.addInPlace(x); h.addInPlace(x); c.addInPlace(x); }
    for (const x of gone) c.removeInPlace(x);
    assert.ok(bs.layerInfo.length > 1, "the scalable filter grew");
    assert.equal(hex(bs.toBytes()), hex(server.bs), `scalable bloom, seed ${s}`);
    assert.equal(hex(bb.toBytes()), hex(server.bb), `blocked bloom, seed ${s}`);
    assert.equal(hex(h.toBytes()), hex(server.h), `hll, seed ${s}`);
    assert.equal(hex(c.toBytes()), hex(server.c), `cuckoo with removes, seed ${s}`);
  }
  // a time window: adds at random times of three hours, some late
  const xs = values("bigint", 300);
  const t0 = Date.UTC(2026, 0, 1);
  const at = xs.map(() => new Date(t0 + randInt(3 * 3600 * 1000)));
  const a = P.Agebloom.emptyTime(3600n * 1000000n, 400, 0.01); // agebloom_agg's default: 32 generations
  const kept = [];
  xs.forEach((x, i) => { try { a.addInPlace(x, at[i]); kept.push(i); } catch (e) { assert.equal(e.sqlstate, "54000"); } });
  const server = await one(`SELECT agebloom_agg(x, interval '1 hour', 400, 0.01, t ORDER BY i)::bytea AS a
      FROM unnest($1::bigint[], $2::timestamptz[]) WITH ORDINALITY u(x, t, i)`,
    [kept.map((i) => String(xs[i])), kept.map((i) => at[i].toISOString())]);
  assert.equal(hex(a.toBytes()), hex(server.a), "agebloom time window");
  const probeAt = new Date(t0 + 3 * 3600 * 1000 + randInt(3600 * 1000));
  const answers = await one(`SELECT array_agg(agebloom_contains($1::bytea::agebloom, x, $3::timestamptz) ORDER BY i) AS r
      FROM unnest($2::bigint[]) WITH ORDINALITY u(x, i)`, [a.toBytes(), xs.map(String), probeAt.toISOString()]);
  assert.deepEqual(xs.map((x) => a.contains(x, probeAt)), answers.r);
});
