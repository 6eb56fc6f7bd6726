// The run's evidence: takes every exchange the client and the mock make, gives ids,
// an append-only record list and a subscription for live transcripts. Records are
// already redacted when they arrive here. The body text it keeps is bounded for the whole
// run (the profile's limits.max_evidence_bytes): a candidate that sends or provokes
// exchanges without end fills no more than that; later records keep all but their bodies.
import type { Exchange, LiveExchange } from '../spec/exchange.js';

export type ExchangeListener = (exchange: LiveExchange) => void;

export class EvidenceLog {
  private records: Exchange[] = [];
  private listeners = new Set<ExchangeListener>();
  private nextSeq = 1;
  private budget = Number.POSITIVE_INFINITY;
  private kept = 0;
  /** The first exchange whose bodies were not kept, once the budget was spent. */
  private spentAt: string | undefined;

  /** Body text (characters) the whole run keeps; set once the profile is known. */
  setBudget(bytes: number): void {
    this.budget = bytes;
  }

  /** The note for the report when the budget was spent, else undefined. */
  budgetNote(): string | undefined {
    if (this.spentAt === undefined) return undefined;
    return `The evidence budget (limits.max_evidence_bytes, ${this.budget} bytes of body text) was spent at exchange ${this.spentAt}: from there on, exchanges are kept without their bodies (every check still judged them).`;
  }

  private keepWithinBudget(record: Exchange): void {
    const size = record.request.body.length + (record.response?.body.length ?? 0);
    if (this.kept + size <= this.budget) {
      this.kept += size;
      return;
    }
    this.spentAt ??= record.id;
    record.request.body = '';
    record.request.truncated = true;
    if (record.response) {
      record.response.body = '';
      record.response.truncated = true;
    }
  }

  /** Reserves the next exchange id ("x1", "x2", ...), so ids follow the order requests start. */
  nextId(): string {
    return `x${this.nextSeq++}`;
  }

  add(live: LiveExchange): void {
    this.keepWithinBudget(live.record);
    this.records.push(live.record);
    for (const listener of this.listeners) listener(live);
  }

  subscribe(listener: ExchangeListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  get size(): number {
    return this.records.length;
  }

  all(): readonly Exchange[] {
    return this.records;
  }

  byIds(ids: Iterable<string>): Exchange[] {
    const wanted = new Set(ids);
    return this.records.filter((r) => wanted.has(r.id));
  }
}
