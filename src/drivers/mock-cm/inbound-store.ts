// What the PMS sent: takes inbound exchanges in arrival order, gives queries by time and
// operation and a waiter that resolves when a matching request arrives or the deadline
// (on the run's clock) passes.
import type { Clock } from '../../support/clock.js';
import type { LiveExchange } from '../../spec/exchange.js';

type Predicate = (x: LiveExchange) => boolean;

/** Why a wait's deadline sleep is called off: one reason for all (abort() without one builds a DOMException, stack and all, per wait). */
const WAIT_ENDED = new Error('the wait ended');

interface Waiter {
  predicate: Predicate;
  resolve: (x: LiveExchange | undefined) => void;
}

export class InboundStore {
  private readonly items: LiveExchange[] = [];
  private waiters: Waiter[] = [];

  constructor(private readonly clock: Clock) {}

  push(x: LiveExchange): void {
    this.items.push(x);
    const ready = this.waiters.filter((w) => w.predicate(x));
    this.waiters = this.waiters.filter((w) => !ready.includes(w));
    for (const w of ready) w.resolve(x);
  }

  all(): readonly LiveExchange[] {
    return this.items;
  }

  since(at: number, operations?: readonly string[]): LiveExchange[] {
    return this.items.filter((x) => x.at >= at && (!operations || operations.includes(String(x.record.operation))));
  }

  /** The first exchange (already received or arriving before the deadline) that matches. */
  async waitFor(predicate: Predicate, deadline: number, signal: AbortSignal): Promise<LiveExchange | undefined> {
    const found = this.items.find(predicate);
    if (found) return found;
    return new Promise((resolve) => {
      const controller = new AbortController();
      const onAbort = (): void => controller.abort(WAIT_ENDED);
      signal.addEventListener('abort', onAbort, { once: true });
      const waiter: Waiter = {
        predicate,
        resolve: (x) => {
          controller.abort(WAIT_ENDED);
          signal.removeEventListener('abort', onAbort);
          resolve(x);
        },
      };
      this.waiters.push(waiter);
      this.clock.sleep(Math.max(0, deadline - this.clock.now()), controller.signal).then(
        () => {
          this.waiters = this.waiters.filter((w) => w !== waiter);
          signal.removeEventListener('abort', onAbort);
          resolve(undefined);
        },
        () => {
          this.waiters = this.waiters.filter((w) => w !== waiter);
          resolve(undefined);
        },
      );
    });
  }
}
