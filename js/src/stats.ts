/** What a filter saved: how many lookups it answered, and how many of them "no" here, in the
 * application's memory (each a query, or a round trip, that did not happen). The number that
 * decides whether a filter earns its place: its share of "no" answers. */
export class LookupStats {
  /** contains() and containsHash() calls answered. */
  lookups = 0;
  /** Of those, the ones answered "no" (the value was surely never added). */
  answeredNo = 0;

  /** answeredNo / lookups (0 before the first lookup). */
  get noShare(): number { return this.lookups === 0 ? 0 : this.answeredNo / this.lookups; }

  /** Counts one answer and returns it. */
  record(found: boolean): boolean {
    this.lookups++;
    if (!found) this.answeredNo++;
    return found;
  }

  reset(): void { this.lookups = 0; this.answeredNo = 0; }

  toJSON(): { lookups: number; answeredNo: number; noShare: number } {
    return { lookups: this.lookups, answeredNo: this.answeredNo, noShare: this.noShare };
  }
}
