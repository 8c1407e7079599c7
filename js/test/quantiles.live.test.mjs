// ddsketch and kll against the running server (PGHOST etc.): random data built in SQL read here with
// equal answers, built here read by the server with equal bytes and answers, unions both ways, refusals
// with the server's SQLSTATE, corrupt values refused by both or by neither, every k's rank error.
// PROB_TEST_SEED=<int> repeats a run's random data (the seed is printed).
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { P, hex, seededRandom, sameAnswers, liveClient } from "./helpers.mjs";

const live = !!process.env.PGHOST;
const skip = !live && "PGHOST is unset: no server";
const seed = Number(process.env.PROB_TEST_SEED ?? Math.floor(Math.random() * 2 ** 31));
const { rand, randInt, pick } = seededRandom(seed);
let client;

before(async () => { if (live) client = await liveClient(); });
after(async () => { if (client) await client.end(); });

async function one(sql, params) { return (await client.query(sql, params)).rows[0]; }
/** The row, or the SQLSTATE the server refuses the query with. */
async function outcome(sql, params) {
  try { return await one(sql, params); } catch (e) { return e.code; }
}
/** Our answer, or the SQLSTATE we refuse it with. */
function ours(f) {
  try { return f(); } catch (e) { if (e.sqlstate === undefined) throw e; return e.sqlstate; }
}

/** A double as float8's text (−0 kept). */
const text = (x) => (Object.is(x, -0) ? "-0" : String(x));
const DBL_MAX = 1.7976931348623157e308;
const SPECIAL = [0, -0, 5e-324, -5e-324, 2.2250738585072014e-308, 1e-300, -1e-300, DBL_MAX, -DBL_MAX, 1e300, 1, -1, 0.5];

/** n random doubles of one of several shapes (finite: ddsketch's; kll also gets ±∞). */
function data(n, infinities) {
  const normal = () => Math.sqrt(-2 * Math.log(1 - rand())) * Math.cos(2 * Math.PI * rand());
  const shape = pick(["lognormal", "uniform", "integers", "wide", "special", "mixed"]);
  const one = {
    lognormal: () => Math.exp(normal() * 2),
    uniform: () => rand() * 2000 - 1000,
    integers: () => randInt(21) - 10,
    wide: () => (rand() < 0.5 ? -1 : 1) * rand() * 2 ** (randInt(2090) - 1070),
    special: () => pick(infinities ? [...SPECIAL, Infinity, -Infinity] : SPECIAL),
  };
  const gen = shape === "mixed" ? () => one[pick(Object.keys(one))]() : one[shape];
  return { shape, xs: Array.from({ length: n }, gen) };
}

/** q's to ask: the ends, random ones and ones next to a position boundary. */
function qsFor(n) {
  const qs = [0, 1, 0.5, 0.99, 0.999, 0.01];
  for (let i = 0; i < 20; i++) qs.push(rand());
  if (n > 0) for (let i = 0; i < 6; i++) { const r = randInt(n + 1); qs.push(r / n, Math.min(1, (r + 1e-9) / n)); }
  return qs;
}

/** x's to rank: values held and next to them, zeros, beyond the ends. */
function xsFor(xs) {
  const out = [0, -0, 1, -1, DBL_MAX, -DBL_MAX, 1e-310];
  for (let i = 0; i < 25 && xs.length; i++) {
    const x = pick(xs);
    if (Number.isFinite(x)) out.push(x, x * (1 + 1e-12), x * (1 - 0.005), x * 1.01);
    else out.push(x);
  }
  return out;
}

const sizes = () => [0, 1, 2, randInt(50), randInt(3000), 5000 + randInt(20000)];
const unnest = "unnest($1::float8[]) WITH ORDINALITY u(x, i)";

/**
 * The server's sketch of xs (`agg`, its parameters from $4 on) against ours built by adding xs in order:
 * the same bytes; quantiles, ranks, count, min and max of ours and of the server's bytes read here equal
 * the server's (and `extra`'s answers, checked by `check`); the server reads our bytes back unchanged and
 * answers as we do. Returns ours.
 */
async function sameAsServer(type, mine, agg, params, xs, what, extra = "", check = () => {}) {
  const qs = qsFor(xs.length), probes = xsFor(xs);
  const server = await one(`SELECT s::bytea AS b, quantiles(s, $2::float8[]) AS q,
      (SELECT array_agg(quantile_rank(s, x) ORDER BY i) FROM unnest($3::float8[]) WITH ORDINALITY u(x, i)) AS r,
      ${type}_count(s) AS n, ${type}_min(s) AS min, ${type}_max(s) AS max ${extra}
    FROM (SELECT ${agg} AS s FROM ${unnest}) v`, [xs.map(text), qs, probes.map(text), ...params]);
  for (const x of xs) mine.addInPlace(x);
  assert.equal(hex(mine.toBytes()), hex(server.b), what);
  for (const s of [mine, mine.constructor.fromBytes(server.b)]) {
    sameAnswers(s.quantiles(qs), server.q, `${what}: quantiles`);
    sameAnswers(probes.map((x) => s.quantileRank(x)), server.r, `${what}: ranks`);
    assert.equal(s.count(), BigInt(server.n), what);
    assert.ok(Object.is(s.min(), server.min) && Object.is(s.max(), server.max), `${what}: min and max`);
    check(s, server);
  }
  const back = await one(`SELECT s::bytea AS b, quantiles(s, $2::float8[]) AS q FROM (SELECT $1::bytea::${type} AS s) v`,
    [mine.toBytes(), qs]);
  assert.equal(hex(back.b), hex(server.b), `${what}: our bytes read by the server`);
  sameAnswers(mine.quantiles(qs), back.q, `${what}: quantiles of our bytes`);
  return mine;
}

test("ddsketch: random sketches built in SQL are the bytes built here; answers equal both ways", { skip }, async (t) => {
  t.diagnostic(`PROB_TEST_SEED=${seed}`);
  for (const n of sizes()) {
    const { shape, xs } = data(n, false);
    const alpha = pick([0.01, 0.0001, 0.5, 0.05, 0.0001 + rand() * 0.4999]);
    const maxBuckets = pick([2048, 1, 8, 64, 65536, 1 + randInt(4096)]);
    const what = `${shape}, ${n} values, alpha ${alpha}, max_buckets ${maxBuckets}`;
    const mine = await sameAsServer("ddsketch", P.Ddsketch.empty(alpha, maxBuckets), "ddsketch_agg(x, $4, $5)", [alpha, maxBuckets], xs, what);
    for (const f of ["sum", "mean"]) {
      const r = await outcome(`SELECT ddsketch_${f}($1::bytea::ddsketch) AS v`, [mine.toBytes()]);
      const m = ours(() => mine[f]());
      assert.ok(Object.is(m, typeof r === "string" ? r : r.v), `${what}: ${f} ${m} vs ${JSON.stringify(r)}`);
    }
  }
});

test("ddsketch: quantileCont is approx_percentile_cont's answer (α 0.01)", { skip }, async (t) => {
  t.diagnostic(`PROB_TEST_SEED=${seed}`);
  for (const n of [0, 1, 2, randInt(100), randInt(5000)]) {
    const { xs } = data(n, false);
    const qs = qsFor(n);
    const r = await one(`SELECT approx_percentile_cont($2::float8[]) WITHIN GROUP (ORDER BY x) AS q FROM ${unnest}`, [xs.map(text), qs]);
    const s = P.Ddsketch.empty();
    for (const x of xs) s.addInPlace(x);
    sameAnswers(n ? qs.map((q) => s.quantileCont(q)) : null, r.q, `${n} values`); // zero rows: NULL
    if (!n) assert.equal(s.quantileCont(0.5), null);
  }
});

test("kll: random sketches built in SQL (in order) are the bytes built here; answers equal both ways", { skip }, async (t) => {
  t.diagnostic(`PROB_TEST_SEED=${seed}`);
  for (const n of sizes()) {
    const { shape, xs } = data(n, true);
    const k = pick([200, 8, 9, 20, 8 + randInt(400), 65535]);
    await sameAsServer("kll", P.Kll.empty(k), "kll_agg(x, $4 ORDER BY i)", [k], xs, `${shape}, ${n} values, k ${k}`,
      ", kll_rank_error(s) AS e1, kll_rank_error(s, true) AS e2", (s, server) => {
        withinTwoUlps(s.rankError(), server.e1, `k ${k}`); // equal but for glibc's pow (the test of every k below)
        withinTwoUlps(s.rankError(true), server.e2, `k ${k}`);
      });
  }
});

test("unions both ways: ours of the server's and its of ours are the server's bytes; mismatched ddsketch parameters refused alike", { skip }, async () => {
  for (let round = 0; round < 6; round++) {
    const a = data(randInt(4000), false).xs, b = data(pick([0, 1, randInt(4000)]), false).xs;
    const alpha = pick([0.01, 0.02, 0.0001 + rand() * 0.1]), maxBuckets = pick([2048, 16, 1 + randInt(3000)]);
    const da = P.Ddsketch.empty(alpha, maxBuckets), db = P.Ddsketch.empty(alpha, maxBuckets);
    for (const x of a) da.addInPlace(x);
    for (const x of b) db.addInPlace(x);
    const ka = pick([200, 8, 8 + randInt(300)]), kb = pick([ka, 8, 8 + randInt(300)]);
    const la = P.Kll.empty(ka), lb = P.Kll.empty(kb);
    for (const x of a) la.addInPlace(x);
    for (const x of b) lb.addInPlace(x);
    const r = await one(`SELECT ddsketch_union($1::bytea::ddsketch, s)::bytea AS ab, ddsketch_union(s, $1::bytea::ddsketch)::bytea AS ba,
        ($3::bytea::kll || k)::bytea AS lab, (k || $3::bytea::kll)::bytea AS lba, s::bytea AS sb, k::bytea AS kb
      FROM (SELECT ddsketch_agg(x, $4, $5) AS s, kll_agg(x, $6 ORDER BY i) AS k FROM unnest($2::float8[]) WITH ORDINALITY u(x, i)) v`,
      [da.toBytes(), b.map(text), la.toBytes(), alpha, maxBuckets, kb]);
    assert.equal(hex(r.sb), hex(db.toBytes()));
    assert.equal(hex(r.kb), hex(lb.toBytes()));
    assert.equal(hex(da.union(P.Ddsketch.fromBytes(r.sb)).toBytes()), hex(r.ab), "ddsketch a || b");
    assert.equal(hex(P.Ddsketch.fromBytes(r.sb).union(da).toBytes()), hex(r.ba), "ddsketch b || a");
    assert.equal(hex(r.ab), hex(r.ba), "a ddsketch union is symmetric");
    assert.equal(hex(la.union(P.Kll.fromBytes(r.kb)).toBytes()), hex(r.lab), `kll a || b (k ${ka}, ${kb})`);
    assert.equal(hex(P.Kll.fromBytes(r.kb).union(la).toBytes()), hex(r.lba), `kll b || a (k ${kb}, ${ka})`);
    // other parameters: the server's refusal, or its answer
    const alpha2 = pick([alpha, alpha * 2, 0.5]), maxBuckets2 = pick([maxBuckets, maxBuckets + 1, 2048]);
    const other = P.Ddsketch.empty(alpha2, maxBuckets2).add(1.5).add(-2);
    const s = await outcome("SELECT ddsketch_union($1::bytea::ddsketch, $2::bytea::ddsketch)::bytea AS u", [da.toBytes(), other.toBytes()]);
    const m = ours(() => da.union(other).toBytes());
    assert.equal(typeof m === "string" ? m : hex(m), typeof s === "string" ? s : hex(s.u), `alpha ${alpha}/${alpha2}, max_buckets ${maxBuckets}/${maxBuckets2}`);
  }
  const s = await outcome("SELECT ddsketch_union($1::bytea::ddsketch, $2::bytea::ddsketch) AS u",
    [P.Ddsketch.empty(0.01).toBytes(), P.Ddsketch.empty(0.02).toBytes()]);
  assert.equal(s, "22023");
  assert.equal(ours(() => P.Ddsketch.empty(0.01).union(P.Ddsketch.empty(0.02))), "22023");
});

test("refusals (NaN, infinities, q outside [0, 1], bad parameters, sums past the range) with the server's SQLSTATE; bigints, repeats", { skip }, async () => {
  const d = P.Ddsketch.empty().add(1).add(2), k = P.Kll.empty().add(1).add(2);
  const agg = (f, xs) => `(SELECT ${f}(x)::bytea FROM unnest('{${xs.join(",")}}'::float8[]) x)`;
  const cases = [ // an SQL expression ($1: the sketch's bytes) and ours
    [agg("ddsketch_agg", [1, "NaN"]), null, () => P.Ddsketch.empty().add(1).add(NaN)],
    [agg("ddsketch_agg", [1, "-Infinity"]), null, () => P.Ddsketch.empty().add(1).add(-Infinity)],
    [agg("kll_agg", [1, "NaN"]), null, () => P.Kll.empty().add(1).add(NaN)],
    [agg("kll_agg", [1, "-Infinity", "Infinity"]), null, () => P.Kll.empty().add(1).add(-Infinity).add(Infinity)],
    ["ddsketch_agg(1.0::float8, 0.6)::bytea", null, () => P.Ddsketch.empty(0.6)],
    ["ddsketch_agg(1.0::float8, 0.00009)::bytea", null, () => P.Ddsketch.empty(0.00009)],
    ["ddsketch_agg(1.0::float8, 0.01, 0)::bytea", null, () => P.Ddsketch.empty(0.01, 0)],
    ["ddsketch_agg(1.0::float8, 0.01, 65537)::bytea", null, () => P.Ddsketch.empty(0.01, 65537)],
    ["kll_agg(1.0::float8, 7)::bytea", null, () => P.Kll.empty(7)],
    ["kll_agg(1.0::float8, 65536)::bytea", null, () => P.Kll.empty(65536)],
    ["quantile($1::bytea::ddsketch, 1.5)", d, () => d.quantile(1.5)],
    ["quantile($1::bytea::ddsketch, 'NaN')", P.Ddsketch.empty(), () => P.Ddsketch.empty().quantile(NaN)],
    ["quantile($1::bytea::kll, -0.5)", P.Kll.empty(), () => P.Kll.empty().quantile(-0.5)],
    ["quantiles($1::bytea::kll, '{0.5,-1}')", k, () => k.quantiles([0.5, -1])],
    ["quantiles($1::bytea::ddsketch, '{0.5,NULL,1}')", d, () => d.quantiles([0.5, null, 1])],
    ["quantiles($1::bytea::kll, '{NULL,0}')", k, () => k.quantiles([null, 0])],
    ["quantile_rank($1::bytea::ddsketch, 'NaN')", P.Ddsketch.empty(), () => P.Ddsketch.empty().quantileRank(NaN)],
    ["quantile_rank($1::bytea::kll, 'NaN')", P.Kll.empty(), () => P.Kll.empty().quantileRank(NaN)],
    ["quantile_rank($1::bytea::kll, 'NaN')", k, () => k.quantileRank(NaN)],
    ["(SELECT ddsketch_agg(x)::bytea FROM unnest('{1152921504606846977,-9223372036854775808,9007199254740993}'::bigint[]) x)", null,
      () => P.Ddsketch.empty().add(1152921504606846977n).add(-9223372036854775808n).add(9007199254740993n)],
    ["(SELECT kll_agg(x)::bytea FROM unnest('{1152921504606846977,-9223372036854775808,9007199254740993}'::bigint[]) x)", null,
      () => P.Kll.empty().add(1152921504606846977n).add(-9223372036854775808n).add(9007199254740993n)],
    ["(SELECT ddsketch_agg(x, 0.02, 16)::bytea FROM (SELECT 1.5::float8 x FROM generate_series(1, 70000) UNION ALL SELECT -3) v)", null,
      () => P.Ddsketch.empty(0.02, 16).add(1.5, 70000).add(-3)],
    [`ddsketch_sum(${agg("ddsketch_agg", [DBL_MAX, DBL_MAX])}::ddsketch)`, null, () => P.Ddsketch.empty().add(DBL_MAX).add(DBL_MAX).sum()],
    [`ddsketch_mean(${agg("ddsketch_agg", [DBL_MAX, -DBL_MAX, 5e-324])}::ddsketch)`, null,
      () => P.Ddsketch.empty().add(DBL_MAX).add(-DBL_MAX).add(5e-324).mean()],
  ];
  for (const [expr, sketch, f] of cases) {
    const s = await outcome(`SELECT ${expr} AS r`, sketch ? [sketch.toBytes()] : []);
    const m = ours(f);
    const norm = (x) => (x instanceof P.Ddsketch || x instanceof P.Kll ? hex(x.toBytes()) : Buffer.isBuffer(x) ? hex(x) : x);
    assert.deepEqual(norm(m), typeof s === "string" ? s : norm(s.r), expr);
  }
});

test("ddsketch: a sketch imported from DataDog's image (its sum not known) is read, answered, added to and unioned as the server does", { skip }, async () => {
  // doc/REFERENCE.md's ddsketch_import example
  const image = "0a0909fd4a815abf52f03f12360a0b080011000000000000f03f1218000000000000f03f0000000000000000000000000000000018460a0b086e11000000000000f03f1a0d1208000000000000f03f18a20121000000000000f03f";
  const xs = data(200, false).xs;
  const qs = qsFor(300), probes = xsFor(xs);
  const r = await one(`SELECT s::bytea AS b, quantiles(s, $2::float8[]) AS q, ddsketch_min(s) AS min, ddsketch_max(s) AS max,
      (SELECT array_agg(quantile_rank(s, x) ORDER BY i) FROM unnest($3::float8[]) WITH ORDINALITY u(x, i)) AS r,
      (s || (SELECT ddsketch_agg(x, (ddsketch_info(s)->>'alpha')::float8, (ddsketch_info(s)->>'max_buckets')::int) FROM unnest($4::float8[]) x))::bytea AS u
    FROM (SELECT ddsketch_import(decode($1, 'hex'), 'datadog-js') AS s) v`, [image, qs, probes.map(text), xs.map(text)]);
  const s = P.Ddsketch.fromBytes(r.b);
  assert.equal(s.sumKnown, false);
  for (const f of ["sum", "mean"]) {
    assert.equal(ours(() => s[f]()), await outcome(`SELECT ddsketch_${f}($1::bytea::ddsketch) AS v`, [r.b]), f);
    assert.equal(ours(() => s[f]()), "22023", f);
  }
  sameAnswers(s.quantiles(qs), r.q, "quantiles");
  sameAnswers(probes.map((x) => s.quantileRank(x)), r.r, "ranks");
  assert.ok(Object.is(s.min(), r.min) && Object.is(s.max(), r.max));
  const more = P.Ddsketch.empty(s.alpha, s.maxBuckets);
  for (const x of xs) more.addInPlace(x);
  assert.equal(hex(s.union(more).toBytes()), hex(r.u), "the union");
  const added = s.copy();
  for (const x of xs) added.addInPlace(x);
  assert.equal(hex(added.toBytes()), hex(r.u), "adds to it: the union's bytes (flag bit 2 stays, no sum)");
});

test("kll_rank_error of every k from 8 to 65535: the server's, but where glibc's pow is not correctly rounded (2 ulps at most)", { skip }, async (t) => {
  const { rows } = await client.query(`SELECT k, kll_rank_error(kll_agg(1.0::float8, k)) AS one, kll_rank_error(kll_agg(1.0::float8, k), true) AS two
    FROM generate_series(8, 65535) k GROUP BY k ORDER BY k`);
  assert.equal(rows.length, 65528);
  let differ = 0;
  for (const r of rows) {
    for (const [mine, theirs] of [[P.Kll.rankErrorFor(r.k), r.one], [P.Kll.rankErrorFor(r.k, true), r.two]]) {
      if (mine !== theirs) differ++;
      withinTwoUlps(mine, theirs, `k ${r.k}`);
    }
  }
  t.diagnostic(`${differ} of ${2 * rows.length} rank errors differ from the server's (glibc's pow is not correctly rounded there)`);
  assert.ok(differ <= 0.005 * 2 * rows.length, `${differ} differ`);
});

/** Equal, or within 2 ulps (positive doubles whose bits differ by at most 2): a pow 1 ulp apart, divided. */
function withinTwoUlps(mine, theirs, what) {
  const bits = (x) => { const dv = new DataView(new ArrayBuffer(8)); dv.setFloat64(0, x); return dv.getBigInt64(0); };
  const d = bits(mine) - bits(theirs);
  assert.ok(mine > 0 && theirs > 0 && d >= -2n && d <= 2n, `${what}: ${mine} vs the server's ${theirs}`);
}

/** Corruptions of a valid value: cuts, each header byte xored three ways, payload bits flipped, a byte appended. */
function corruptions(bytes, header) {
  const out = [];
  const cuts = new Set([0, 3, header - 1, header, header + 4, bytes.length - 1, bytes.length >> 1, randInt(bytes.length)]);
  for (const cut of cuts) if (cut < bytes.length) out.push(bytes.subarray(0, cut).slice());
  const longer = new Uint8Array(bytes.length + 1);
  longer.set(bytes);
  out.push(longer);
  for (let at = 0; at < header && at < bytes.length; at++)
    for (const mask of [0x01, 0x80, 0xff]) { const c = bytes.slice(); c[at] ^= mask; out.push(c); }
  for (let i = 0; i < 16 && bytes.length > header; i++) { const c = bytes.slice(); c[header + randInt(bytes.length - header)] ^= 1 << randInt(8); out.push(c); }
  return out;
}

test("corrupt values: refused by the server exactly when refused here (cuts, header bytes, payload bits)", { skip }, async (t) => {
  t.diagnostic(`PROB_TEST_SEED=${seed}`);
  const sketches = [];
  for (const n of [0, 1, 3, 40, 300]) {
    const xs = data(n, false).xs;
    const d = P.Ddsketch.empty(pick([0.01, 0.05]), pick([2048, 8])), k = P.Kll.empty(pick([8, 20, 200]));
    for (const x of xs) { d.addInPlace(x); k.addInPlace(x); }
    sketches.push(["ddsketch", P.Ddsketch, d, 80], ["kll", P.Kll, k, 40]);
  }
  let compared = 0, refused = 0;
  for (const [type, cls, sketch, header] of sketches) {
    for (const bytes of corruptions(sketch.toBytes(), header)) {
      const s = await outcome(`SELECT $1::bytea::${type}::bytea AS r`, [bytes]);
      const m = ours(() => cls.fromBytes(bytes).toBytes());
      assert.equal(typeof m === "string" ? m : hex(m), typeof s === "string" ? s : hex(s.r), `${type} ${hex(bytes).slice(0, 96)}…`);
      compared++;
      if (typeof m === "string") refused++;
    }
  }
  t.diagnostic(`${compared} corrupt values compared, ${refused} refused by both`);
  assert.ok(compared > 400 && refused > 300);
});
