// examples/: the click-stream consumer and the dashboard, run as users run them, against the
// live server. The consumer runs from an empty project where the packed tarball is installed;
// its answers are checked against the truth of the generated stream: every distinct id
// processed exactly once, no repeat ever answered "no" (a filter has no false negatives, across
// consumers, refreshes and restarts), and the share answered "no" locally within binomial
// bounds of the stream's share of new ids at the configured rate. The dashboard is bundled
// for the browser and its rolling uniques equal the server's window aggregate.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync, rmSync, cpSync, mkdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import vm from "node:vm";
import pg from "pg";
import { build } from "esbuild";
import { ROOT } from "./helpers.mjs";

const live = !!process.env.PGHOST;
const skip = !live && "PGHOST is unset: no server";
const JS = path.join(ROOT, "js"), EXAMPLES = path.join(ROOT, "examples");
const run = (cmd, args, cwd, env) => execFileSync(cmd, args, { cwd, env: { ...process.env, ...env }, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
const schema = `examples_${process.pid}`;
let tmp, app, mod;

const connect = async () => {
  const c = new pg.Client({ options: `-c search_path=${schema},public` });
  await c.connect();
  return c;
};

before(async () => {
  if (!live) return;
  tmp = mkdtempSync(path.join(tmpdir(), "probabilistic-examples-"));
  const tgz = run("npm", ["pack", "--ignore-scripts", "--pack-destination", tmp, "--loglevel=error"], JS).trim().split("\n").pop();
  app = path.join(tmp, "clickstream");
  mkdirSync(app);
  for (const f of ["seen_ids.mjs", "demo.mjs", "schema.sql"]) cpSync(path.join(EXAMPLES, "clickstream", f), path.join(app, f));
  writeFileSync(path.join(app, "package.json"), JSON.stringify({ name: "app", private: true, version: "1.0.0", type: "module" }));
  run("npm", ["install", "--no-audit", "--no-fund", "--prefer-offline", "--loglevel=error", path.join(tmp, tgz), "pg@8.23.1"], app);
  mod = await import(path.join(app, "seen_ids.mjs"));       // resolves the installed package
  const c = await connect();
  try {
    await c.query("CREATE EXTENSION IF NOT EXISTS probabilistic SCHEMA public");
  } catch (e) {
    if (e.code !== "23505" && e.code !== "42710") throw e;   // live.test.mjs, run alongside, made it first
  }
  await c.query(`CREATE SCHEMA ${schema}`);
  await c.query(readFileSync(path.join(app, "schema.sql"), "utf8"));
  await c.end();
});

after(async () => {
  if (!live) return;
  const c = await connect();
  await c.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  await c.end();
  rmSync(tmp, { recursive: true, force: true });
});

// splitmix64 from a printed seed: the stream, repeatable (PROB_TEST_SEED).
const seed = Number(process.env.PROB_TEST_SEED ?? Math.floor(Math.random() * 2 ** 31));
let state = BigInt(seed);
const rand = () => {
  state = (state + 0x9e3779b97f4a7c15n) & 0xffffffffffffffffn;
  let z = state;
  z = ((z ^ (z >> 30n)) * 0xbf58476d1ce4e5b9n) & 0xffffffffffffffffn;
  z = ((z ^ (z >> 27n)) * 0x94d049bb133111ebn) & 0xffffffffffffffffn;
  return Number((z ^ (z >> 31n)) >> 11n) / 2 ** 53;
};

test("click-stream consumer: each id processed once, no repeat answered no, the share answered locally as the stream's", { skip }, async () => {
  console.log(`# PROB_TEST_SEED=${seed}`);
  const N = 12000, NEW = 0.9, BATCH = 400, FPR = 0.01;
  const stream = [];
  let next = 0;
  for (let i = 0; i < N; i++) stream.push(next === 0 || rand() < NEW ? `m:${next++}` : `m:${Math.floor(rand() * next)}`);
  const dbA = await connect(), dbB = await connect();
  const A = new mod.SeenIds(dbA, { capacity: 50000, fpr: FPR }), B = new mod.SeenIds(dbB, { capacity: 50000, fpr: FPR });
  const processed = [], seenBefore = new Set();
  let firstOccurrences = 0, askedServer = 0;
  // Two consumers take alternate batches (a consumer group), each refreshing before its batch.
  for (let i = 0, turn = 0; i < N; i += BATCH, turn ^= 1) {
    const batch = stream.slice(i, i + BATCH);
    for (const id of batch) if (!seenBefore.has(id)) { seenBefore.add(id); firstOccurrences++; }
    const me = turn ? B : A;
    await me.refresh();
    const r = await mod.consumeBatch(turn ? dbB : dbA, me, batch);
    processed.push(...r.processed);
    askedServer += r.askedServer;
  }
  assert.equal(processed.length, next, "every distinct id processed");
  assert.equal(new Set(processed).size, next, "and each once");
  const lookups = A.stats.lookups + B.stats.lookups, no = A.stats.answeredNo + B.stats.answeredNo;
  assert.equal(lookups, N);
  assert.ok(no <= firstOccurrences, `${no} "no" answers for ${firstOccurrences} first occurrences: a repeat was answered no`);
  // Each first occurrence is a "no" unless a false positive, at a rate below FPR (a filter at a
  // quarter of its capacity): at least first·(1 − FPR) − 5σ of them.
  const lower = firstOccurrences * (1 - FPR) - 5 * Math.sqrt(firstOccurrences * FPR);
  assert.ok(no >= lower, `${no} "no" answers, expected at least ${lower.toFixed(0)}`);
  console.log(`# ${N} messages, ${(firstOccurrences / N * 100).toFixed(1)}% new: ${no} answered "no" locally (${(no / N * 100).toFixed(2)}% of lookups), ${askedServer} asked of the server`);

  // The stored filter holds every processed id (the server's own bloom_contains), and a consumer
  // that starts now (a restart) answers "maybe" for all of them.
  const { rows: [s] } = await dbA.query("SELECT count(*) FILTER (WHERE NOT bloom_contains(f, id))::int AS missing FROM seen_ids, unnest($1::text[]) id WHERE day = current_date", [processed]);
  assert.equal(s.missing, 0);
  const C = new mod.SeenIds(dbA, { capacity: 50000, fpr: FPR });
  await C.refresh();
  assert.ok(processed.every((id) => C.mayHaveSeen(id)), "a restarted consumer answered no for a processed id");
  await dbA.end(); await dbB.end();
});

test("click-stream consumer: concurrent write-backs merge (the UPDATE returns the union when another writer came between)", { skip }, async () => {
  const dbA = await connect(), dbB = await connect();
  await dbA.query("DELETE FROM seen_ids; DELETE FROM clicks");
  const A = new mod.SeenIds(dbA, { capacity: 10000 }), B = new mod.SeenIds(dbB, { capacity: 10000 });
  await A.refresh(); await B.refresh();
  const a = Array.from({ length: 300 }, (_, i) => `a:${i}`), b = Array.from({ length: 300 }, (_, i) => `b:${i}`);
  await mod.consumeBatch(dbA, A, a);                // A writes; B's copy is now stale
  const readsBefore = B.reads;
  await mod.consumeBatch(dbB, B, b);                // B's UPDATE sees A's version: it returns the merged bytes
  assert.equal(B.reads, readsBefore + 1, "the merged filter read back once");
  assert.ok([...a, ...b].every((id) => B.mayHaveSeen(id)), "B answers maybe for A's ids too");
  assert.equal(await A.refresh(), true, "A sees the version change");
  assert.equal(await A.refresh(), false, "and nothing more when nothing changed");
  assert.ok([...a, ...b].every((id) => A.mayHaveSeen(id)));
  // A repeat of A's ids given to B: all asked of the server (maybe), none processed again.
  const r = await mod.consumeBatch(dbB, B, a);
  assert.deepEqual([r.processed.length, r.askedServer], [0, a.length]);
  await dbA.end(); await dbB.end();
});

test("click-stream demo: runs from the installed package and prints its share answered locally", { skip }, () => {
  const out = JSON.parse(run("node", ["demo.mjs", "5000", "0.9", "500"], app, { PGOPTIONS: `-c search_path=${schema},public` }).trim().split("\n").pop());
  assert.equal(out.messages, 5000);
  assert.equal(out.processed, out.distinct, "each distinct id processed once");
  assert.ok(out.answeredNoLocally <= out.distinct && out.noShare > 0.8, JSON.stringify(out));
});

test("dashboard: daily hlls merged in a browser bundle equal the server's rolling window aggregate", { skip }, async () => {
  const db = await connect();
  await db.query(`CREATE TABLE daily_uniques AS
    SELECT day::date, hll_add_agg(v) AS visitors
    FROM generate_series(date '2026-11-01', date '2026-11-30', interval '1 day') day,
         LATERAL (SELECT (random() * (200 + 50 * extract(day FROM day)))::int + extract(day FROM day)::int * 37 AS v
                  FROM generate_series(1, 300 + (extract(day FROM day)::int % 7) * 400)) s
    GROUP BY day`);
  const { rows } = await db.query("SELECT day::text AS day, visitors::text AS visitors FROM daily_uniques ORDER BY day");
  const { rows: truth } = await db.query(`SELECT day::text AS day, hll_cardinality(visitors)::text AS uniques,
      hll_cardinality(hll_union_agg(visitors) OVER (ORDER BY day ROWS 6 PRECEDING))::text AS rolling FROM daily_uniques ORDER BY day`);
  await db.query("DROP TABLE daily_uniques");
  await db.end();
  const out = await build({ entryPoints: [path.join(EXAMPLES, "dashboard", "dashboard.mjs")], bundle: true, platform: "browser",
    format: "iife", globalName: "dashboard", write: false, logLevel: "silent",
    alias: { "@probabilistic/sketches": path.join(JS, "dist", "esm", "index.js") } });
  const element = { innerHTML: "" };
  const fetch = async (url) => ({ ok: url === "/daily", status: 200, json: async () => rows });
  const context = vm.createContext({ TextEncoder, TextDecoder, atob, fetch, element });
  for (const name of ["require", "process", "Buffer"]) assert.equal(vm.runInContext(`typeof ${name}`, context), "undefined");
  vm.runInContext(out.outputFiles[0].text, context);
  const table = await vm.runInContext("dashboard.render(element, '/daily')", context);
  assert.deepEqual(table.map((t) => ({ day: t.day, uniques: String(t.uniques), rolling: String(t.rolling) })), truth);
  assert.equal((element.innerHTML.match(/<tr>/g) ?? []).length, truth.length + 1);
});
