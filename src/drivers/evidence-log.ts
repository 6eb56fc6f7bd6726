// The run's evidence: takes every exchange the client and the mock make, gives ids,
// an append-only record list and a subscription for live transcripts. Records are
// already redacted when they arrive here.
import type { Exchange, LiveExchange } from '../spec/exchange.js';

export type ExchangeListener = (exchange: LiveExchange) => void;

export class EvidenceLog {
  private records: Exchange[] = [];
  private listeners = new Set<ExchangeListener>();
  private nextSeq = 1;

  /** Reserves the next exchange id ("x1", "x2", ...), so ids follow the order requests start. */
  nextId(): string {
    return `x${this.nextSeq++}`;
  }

  add(live: LiveExchange): void {
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
