// Booking polling: takes the context, the ARI sender and the mapping, gives the poll loop
// (GetBookingList every interval of clock time) and `pollNow` (NotifyBooking). The version
// is null until a poll succeeds, then the UTC send time of the last successful poll. Each
// listed booking that is new or moved is fetched (GetBookingId), acknowledged (AckBooking)
// and followed by an availability update.
import type { AriSender } from './ari-sender.js';
import type { PollTimes } from './behaviour.js';
import { type PmsContext, isAbort, noteProblem, send } from './context.js';
import { readReservation } from './ledger.js';
import type { Mapping } from './mapping.js';
import { record } from './state.js';

export interface PollerOptions {
  intervalMs: number;
  ackBooking: boolean;
  /** BookingCreate is implemented (the behaviour may then stop polling after the first poll). */
  bookingCreate?: boolean;
  mapping: () => Mapping | undefined;
}

interface Listed {
  id: string;
  version?: string;
}

/** A booking whose GetBookingId keeps failing is given up after this many attempts (until listed again). */
const MAX_FETCH_ATTEMPTS = 3;
const MAX_EXTRA_SLEEPS = 10;

function readListing(value: unknown): Listed[] | undefined {
  if (!Array.isArray(value)) return undefined;
  const listed: Listed[] = [];
  for (const raw of value) {
    const b = (typeof raw === 'object' && raw !== null ? raw : {}) as Record<string, unknown>;
    const id = typeof b.booking_id === 'string' || typeof b.booking_id === 'number' ? String(b.booking_id) : '';
    if (id === '') continue;
    const version = typeof b.version === 'string' || typeof b.version === 'number' ? String(b.version) : undefined;
    listed.push(version === undefined ? { id } : { id, version });
  }
  return listed;
}

export class Poller {
  private lastSuccessAt: number | undefined;
  private lastSentAt = 0;
  /** When the loop's next scheduled poll is due; undefined while one is under way. */
  private dueAt: number | undefined;
  private successes = 0;
  private current: Promise<void> = Promise.resolve();
  private queued: Promise<void> | undefined;
  /** Bookings whose fetch failed, with the failures so far: fetched again at the next polls. */
  private readonly retry = new Map<string, number>();
  /** Listings (id and version) whose fetch failed and that a behaviour does not fetch again. */
  private readonly dropped = new Set<string>();

  constructor(
    private readonly ctx: PmsContext,
    private readonly sender: AriSender,
    private readonly options: PollerOptions,
  ) {}

  /** Polls every interval (measured send to send) until the PMS closes. */
  async loop(): Promise<void> {
    const interval = this.interval();
    for (;;) {
      this.dueAt = undefined;
      await this.pollNow();
      if (!this.ctx.behaviour.pollsAgain(this.options.bookingCreate === true)) return;
      // From the moment the poll was sent, not when it was asked for: the process may be
      // descheduled in between, and the channel sees send times.
      this.dueAt = this.lastSentAt + interval;
      await this.sleepUntil(this.dueAt);
    }
  }

  // Node timers count from the loop's cached time and may fire a few ms early; never poll
  // before the interval has passed (bounded, in case a clock's sleep does not move its time).
  private async sleepUntil(due: number): Promise<void> {
    await this.ctx.clock.sleep(Math.max(0, due - this.ctx.clock.now()), this.ctx.signal);
    for (let tries = 0; tries < MAX_EXTRA_SLEEPS && this.ctx.clock.now() < due; tries += 1) {
      await this.ctx.clock.sleep(due - this.ctx.clock.now(), this.ctx.signal);
    }
  }

  /**
   * When the next poll of the PMS's own schedule is due (clock time): while the loop waits, the
   * time it waits for; while a scheduled poll is under way, its send time plus the interval.
   */
  nextScheduledAt(): number | undefined {
    if (this.dueAt !== undefined) return this.dueAt;
    return this.lastSentAt > 0 ? this.lastSentAt + this.interval() : undefined;
  }

  private interval(): number {
    return this.ctx.behaviour.pollInterval(this.options.intervalMs);
  }

  /** One poll as soon as the running one (if any) is done; calls made meanwhile share it. */
  pollNow(): Promise<void> {
    if (this.queued) return this.queued;
    const next = this.current.then(() => {
      this.queued = undefined;
      return this.poll();
    });
    this.queued = next;
    this.current = next.catch(() => undefined);
    return next;
  }

  /** The wbp_booking_version of a poll sent at `sentAt`. */
  versionFor(sentAt: number): string | null {
    return this.ctx.behaviour.bookingVersion(this.times(sentAt));
  }

  private times(sentAt: number): PollTimes {
    return { lastSuccessAt: this.lastSuccessAt, sentAt, setupAt: this.ctx.state.setupAt };
  }

  private async poll(): Promise<void> {
    const sentAt = this.ctx.clock.now();
    this.lastSentAt = sentAt;
    const version = this.versionFor(sentAt);
    const outcome = await send(this.ctx, 'GetBookingList', { wbp_booking_version: version });
    const listing = outcome.ok ? readListing(outcome.body.Bookings) : undefined;
    record(this.ctx.state.polls, { at: sentAt, version, ok: listing !== undefined, listed: listing?.map((b) => b.id) ?? [] });
    this.lastSuccessAt = this.ctx.behaviour.lastSuccessAfter(this.times(sentAt), listing !== undefined);
    if (!listing) {
      if (outcome.ok) noteProblem(this.ctx, 'GetBookingList answered without a Bookings array');
      return;
    }
    const first = this.successes === 0;
    this.successes += 1;
    if (!this.ctx.behaviour.fetchesListed(first)) return;
    const retries = [...this.retry.keys()].filter((id) => !listing.some((b) => b.id === id)).map((id) => ({ id }));
    for (const booking of [...listing, ...retries]) await this.handleListed(booking);
    // After its bookings, so that their availability updates go first.
    const mapping = this.options.mapping();
    if (this.ctx.behaviour.refreshesAfterPoll(this.successes) && mapping) void this.sender.fullRefresh(mapping).catch(() => undefined);
  }

  private async handleListed(listed: Listed): Promise<void> {
    if (this.dropped.has(`${listed.id}|${listed.version ?? ''}`)) return;
    const known = this.ctx.ledger.get(listed.id);
    const unchanged = known !== undefined && listed.version !== undefined && known.version === listed.version;
    if (unchanged && (known.acked || !this.acks())) return;
    if (unchanged) {
      await this.acknowledge(listed.id);
      return;
    }
    await this.fetch(listed);
  }

  private async fetch(listed: Listed): Promise<void> {
    const outcome = await send(this.ctx, 'GetBookingId', { booking_id: listed.id });
    const reservation = outcome.ok ? readReservation(outcome.body.reservation) : undefined;
    if (!reservation) {
      if (outcome.ok) noteProblem(this.ctx, `GetBookingId ${listed.id} answered without a reservation object`);
      if (!this.ctx.behaviour.fetchesAgainAfterError()) {
        this.dropped.add(`${listed.id}|${listed.version ?? ''}`);
        return;
      }
      const failures = (this.retry.get(listed.id) ?? 0) + 1;
      if (failures < MAX_FETCH_ATTEMPTS) this.retry.set(listed.id, failures);
      else this.retry.delete(listed.id);
      return;
    }
    this.retry.delete(listed.id);
    const change = this.ctx.ledger.import(listed.id, reservation, 'poll', listed.version);
    if (this.acks() && !change.booking.acked && !(await this.acknowledge(listed.id)) && !this.ctx.behaviour.keepsBookingWhenAckRefused()) return;
    const mapping = this.options.mapping();
    if (mapping && this.ctx.behaviour.sendsAvailability(change, 'poll')) {
      await this.sender.availabilityUpdate(mapping, change.affected);
    }
  }

  private acks(): boolean {
    return this.ctx.behaviour.acksBookings(this.options.ackBooking);
  }

  /** Whether the channel manager accepted the acknowledgement. */
  private async acknowledge(id: string): Promise<boolean> {
    const outcome = await send(this.ctx, 'AckBooking', { booking_id: id });
    if (outcome.ok) this.ctx.ledger.markAcked(id);
    return outcome.ok;
  }
}

/** Runs the loop until close; anything but the abort is noted, never thrown. */
export async function runPolling(ctx: PmsContext, poller: Poller): Promise<void> {
  try {
    await poller.loop();
  } catch (error) {
    if (!isAbort(ctx, error)) noteProblem(ctx, `polling stopped: ${(error as Error)?.message ?? String(error)}`);
  }
}
