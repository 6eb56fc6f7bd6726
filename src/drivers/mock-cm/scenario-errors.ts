// The errors a scenario step queues for the mock channel manager's next answers: takes
// `fail_next` commands (operation, error id and message, optionally one booking id), gives
// the error waiting for an inbound request, each used once, in the order queued.
import type { ParsedBody } from '../../spec/exchange.js';

export interface QueuedError {
  id: number;
  msg: string;
  /** Only a request naming this booking_id takes it. */
  bookingId?: string;
}

export class ScenarioErrors {
  private readonly waiting = new Map<string, QueuedError[]>();

  /** The next answer to `operation` not yet given an error is this error (several wait in turn). */
  queue(operation: string, error: QueuedError): void {
    this.waiting.set(operation, [...(this.waiting.get(operation) ?? []), error]);
  }

  /** The error waiting for this request: the first for its operation (one for a booking id only when the request names it). */
  take(operation: string, request: ParsedBody): { id: number; msg: string } | undefined {
    const waiting = this.waiting.get(operation);
    const named = request.ok ? (request.value as { booking_id?: unknown } | null)?.booking_id : undefined;
    const index = waiting?.findIndex((f) => f.bookingId === undefined || f.bookingId === named) ?? -1;
    return index < 0 ? undefined : waiting!.splice(index, 1)[0];
  }
}
