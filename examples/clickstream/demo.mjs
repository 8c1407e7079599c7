// node demo.mjs [messages] [new share] [batch] [capacity]: a consumer over a generated click stream
// (new ids with the given share, the rest repeats of earlier ones), against the server that
// PGHOST/PGPORT/PGUSER/PGDATABASE name. Prints one JSON line: what was processed, how many
// lookups the filter answered "no" locally (round trips spared) and how many it had to ask.
import { readFileSync } from "node:fs";
import pg from "pg";
import { ready } from "@probabilistic/sketches";
import { SeenIds, consumeBatch } from "./seen_ids.mjs";

const messages = Number(process.argv[2] ?? 100_000);
const newShare = Number(process.argv[3] ?? 0.9);
const batchSize = Number(process.argv[4] ?? 1000);
const capacity = Number(process.argv[5] ?? 2 * messages);   // a day filter's capacity (bloom_empty's)

await ready();
const db = new pg.Client();
await db.connect();
await db.query(readFileSync(new URL("./schema.sql", import.meta.url), "utf8"));

// The stream: a fresh id with probability newShare, else one seen before (chosen uniformly).
const run = Date.now().toString(36);
const stream = [];
let next = 0;
for (let i = 0; i < messages; i++)
  stream.push(next === 0 || Math.random() < newShare ? `${run}:${next++}` : `${run}:${Math.floor(Math.random() * next)}`);

const seen = new SeenIds(db, { capacity, fpr: 0.01 });
let processed = 0, asked = 0;
const t0 = performance.now();
for (let i = 0; i < stream.length; i += batchSize) {
  await seen.refresh();                               // a version check; reads a filter only when it changed
  const r = await consumeBatch(db, seen, stream.slice(i, i + batchSize));
  processed += r.processed.length;
  asked += r.askedServer;
}
const seconds = (performance.now() - t0) / 1000;
console.log(JSON.stringify({
  messages, distinct: next, processed, newShare: next / messages,
  answeredNoLocally: seen.stats.answeredNo, noShare: Number(seen.stats.noShare.toFixed(4)),
  askedServer: asked, filterReads: seen.reads, seconds: Number(seconds.toFixed(2)),
}));
await db.end();
