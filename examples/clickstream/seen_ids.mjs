// "Have I processed this message id?" answered in the application's memory.
//
// The window is the last `days` days (today included), a Bloom filter a day in table seen_ids
// (schema.sql). A consumer loads the window's filters once, answers "no" locally (a round
// trip spared: the number LookupStats counts), adds the ids it processes locally, and writes
// its additions back with one statement a batch:
//
//   UPDATE seen_ids SET f = bloom_union(f, $1::bytea::bloom), version = version + 1 ...
//
// The union keeps what other consumers wrote meanwhile. The version says, cheaply, whether the
// stored filter changed behind our back: the UPDATE returns the new version (and the merged
// bytes only when somebody else wrote since our copy), and refresh() compares versions only.
import { Bloom, LookupStats } from "@probabilistic/sketches";

export class SeenIds {
  /**
   * @param db a pg.Client or pg.Pool
   * @param options capacity and fpr of a day's filter (bloom_empty's), days in the window
   */
  constructor(db, { capacity = 10_000_000, fpr = 0.01, days = 2 } = {}) {
    this.db = db;
    this.capacity = capacity;
    this.fpr = fpr;
    this.days = days;
    /** day (YYYY-MM-DD) → { filter, version, pending } */
    this.filters = new Map();
    this.today = null;
    /** Lookups answered and answered "no" here, over the whole window. */
    this.stats = new LookupStats();
    /** Filters read from the server (the first load, refreshes, merged write-backs). */
    this.reads = 0;
  }

  /** Makes sure today's row exists, then loads every filter of the window whose version we lack. */
  async refresh() {
    await this.db.query(
      "INSERT INTO seen_ids (day, f) VALUES (current_date, bloom_empty($1::bigint, $2::float8, 'blocked')) ON CONFLICT (day) DO NOTHING",
      [this.capacity, this.fpr]);
    const { rows } = await this.db.query(
      "SELECT day::text AS day, version, current_date::text AS today FROM seen_ids WHERE day > current_date - $1::int",
      [this.days]);
    this.today = rows[0]?.today ?? null;
    const stale = rows.filter((r) => this.filters.get(r.day)?.version !== BigInt(r.version)).map((r) => r.day);
    for (const day of this.filters.keys()) if (!rows.some((r) => r.day === day)) this.filters.delete(day); // out of the window
    if (stale.length === 0) return false;
    const { rows: fresh } = await this.db.query("SELECT day::text AS day, version, f::bytea AS f FROM seen_ids WHERE day = ANY($1::date[])", [stale]);
    for (const r of fresh) {
      const filter = await Bloom.load(r.f);
      const old = this.filters.get(r.day);
      // ids added here and not yet written back stay in the new copy
      this.filters.set(r.day, { filter: old?.pending.length ? addAll(filter, old.pending) : filter, version: BigInt(r.version), pending: old?.pending ?? [] });
      this.reads++;
    }
    return true;
  }

  /** false: surely never processed within the window (answered here); true: maybe. */
  mayHaveSeen(id) {
    let found = false;
    for (const { filter } of this.filters.values()) if (filter.contains(id)) { found = true; break; }
    return this.stats.record(found);
  }

  /** Records a processed id in today's filter (written back by flush()). */
  add(id) {
    const today = this.filters.get(this.today);
    if (!today) throw new Error("call refresh() first");
    today.filter.addInPlace(id);
    today.pending.push(id);
  }

  /** Writes today's additions back in one statement; takes the merged filter when another writer wrote since our copy. */
  async flush() {
    const today = this.filters.get(this.today);
    if (!today || today.pending.length === 0) return;
    const { rows: [r] } = await this.db.query(
      `UPDATE seen_ids SET f = bloom_union(f, $1::bytea::bloom), version = version + 1 WHERE day = $2::date
       RETURNING version, CASE WHEN version <> $3::bigint + 1 THEN f::bytea END AS f`,
      [today.filter.toBytes(), this.today, today.version]);
    if (!r) { await this.refresh(); return this.flush(); } // the day's row is gone (rotated away): start again
    if (r.f) {                                               // somebody else wrote too: ours and theirs, merged
      const merged = await Bloom.load(r.f);
      merged.stats = today.filter.stats;
      today.filter = merged;
      this.reads++;
    }
    today.version = BigInt(r.version);
    today.pending = [];
  }
}

function addAll(filter, ids) {
  for (const id of ids) filter.addInPlace(id);
  return filter;
}

/**
 * One batch of a consumer: the ids to process (first seen within the window), each once.
 * "no" answers cost nothing; "maybe" ones (a repeat, or a false positive) are asked of the
 * clicks table in one query; the INSERT's primary key settles races between consumers.
 */
export async function consumeBatch(db, seen, ids) {
  const fresh = [], maybe = new Set();
  for (const id of ids) {
    if (!seen.mayHaveSeen(id)) { fresh.push(id); seen.add(id); } // a repeat in this batch is then a "maybe"
    else maybe.add(id);
  }
  const freshSet = new Set(fresh);
  const ask = [...maybe].filter((id) => !freshSet.has(id));
  let confirmed = [];
  if (ask.length) {
    const { rows } = await db.query("SELECT id FROM unnest($1::text[]) AS u(id) WHERE NOT EXISTS (SELECT FROM clicks c WHERE c.id = u.id)", [ask]);
    confirmed = rows.map((r) => r.id);        // false positives: new after all
    for (const id of confirmed) seen.add(id);
  }
  const { rows } = await db.query("INSERT INTO clicks (id) SELECT unnest($1::text[]) ON CONFLICT (id) DO NOTHING RETURNING id",
    [fresh.concat(confirmed)]);
  await seen.flush();
  return { processed: rows.map((r) => r.id), askedServer: ask.length };
}
