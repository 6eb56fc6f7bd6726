// When a settling traffic window (PMS target) has been quiet long enough to end: takes the
// window's matching requests and the PMS's booking requests, gives the moment its quiet
// began. A PMS that has just learned of a booking's change (its first fetch or
// acknowledgement of that booking since the change) owes the ARI for it: an earlier,
// unrelated ARIUpdate in the window must not end the window before that ARI came (ADR 0019).
import { type LiveExchange, succeeded } from '../../spec/exchange.js';

/** Requests by which the PMS learns of a booking. */
export const LEARNS_OF_BOOKING: readonly string[] = ['GetBookingId', 'AckBooking'];

function bookingIdOf(x: LiveExchange): string | undefined {
  const id = x.request.ok ? (x.request.value as Record<string, unknown> | null)?.booking_id : undefined;
  return typeof id === 'string' || typeof id === 'number' ? String(id) : undefined;
}

/**
 * The fetches and acknowledgements since `from` that are the PMS's first of their kind for a
 * booking since it last changed (`changedAt`: epoch ms, undefined for a booking the channel
 * manager does not know), among those the channel manager answered with success: a fetch
 * answered with an error taught the PMS nothing, its successful retry does. A PMS that
 * fetches every listed booking at every poll learns nothing from the repeats; counting them
 * would hold a window open to its duration.
 */
export function newsOfBookings(requests: readonly LiveExchange[], from: number, changedAt: (id: string) => number | undefined): LiveExchange[] {
  const first = new Set<string>();
  const news: LiveExchange[] = [];
  for (const x of requests) {
    const id = bookingIdOf(x);
    const changed = id === undefined ? undefined : changedAt(id);
    if (changed === undefined || x.at < changed || !succeeded(x)) continue;
    const key = `${String(x.record.operation)}|${id}`;
    if (first.has(key)) continue;
    first.add(key);
    if (x.at >= from) news.push(x);
  }
  return news;
}

/**
 * When a settling window's quiet began: at its latest matching request, or at the PMS's
 * latest news of a booking after it; undefined while none matched since `from` (a window
 * settles only once one came).
 */
export function quietSince(matched: readonly LiveExchange[], news: readonly LiveExchange[], from: number): number | undefined {
  const last = matched.at(-1)?.at;
  if (last === undefined || last <= from) return undefined;
  return Math.max(last, news.at(-1)?.at ?? from);
}
