// The reference PMS without its HTTP server: takes the options, gives the behaviour the
// server exposes (start the setup flow, act on each callback, describe its rooms) and
// close(), which stops every loop, sleep and request. Background work is tracked so that
// nothing outlives close().
import { LIMITS } from '../../spec/sections.js';
import { addDays, formatDate, parseDate } from '../../support/time.js';
import type { Clock } from '../../support/clock.js';
import { AriSender } from './ari-sender.js';
import type { PmsBehaviour } from './behaviour.js';
import { CmClient, type PmsCredentials } from './cm-client.js';
import { type PmsContext, isAbort, noteProblem, send } from './context.js';
import type { PmsFault } from './faults.js';
import { readReservation } from './ledger.js';
import { Poller, runPolling } from './poller.js';
import { type PmsPropertyFixture, defaultPmsFixture } from './property.js';
import { type PropertySyncFixture, loadPropertySyncFixture, runPropertySync } from './property-sync.js';
import { runSetup } from './setup.js';
import type { PmsCorrectVariant } from './correct-variants.js';
import { type ReferencePmsState, createState } from './state.js';
import { pmsBehaviour } from './variants/index.js';

const CHANGED_PRICE_CENTS = 19_900;

export interface PmsCapabilities {
  ackBooking?: boolean;
  notifyBooking?: boolean;
  bookingCreate?: boolean;
  roomInfo?: boolean;
  /** The channel manager activated CreateProperty for the channel (out of band, spec: its prerequisite). */
  createProperty?: boolean;
}

export interface ReferencePmsOptions {
  /** All timing (poll interval, timestamps, versions) uses this clock. */
  clock: Clock;
  /** Channel manager base URL: POST `${cmUrl}/<Operation>?shared_secret=<secret>`. */
  cmUrl: string;
  /** Trust for the channel manager's TLS certificate. */
  ca?: string | Buffer;
  sharedSecret: string;
  pmsCid: string;
  property: PmsCredentials;
  /** Channel currency sent with every ARIUpdate. */
  currency: string;
  /** Default: 5 min, or 30 min when bookingCreate is on (spec: GetBookingList, Polling). */
  pollIntervalMs?: number;
  /** Inventory items per ARIUpdate, default 100. */
  itemsPerRequest?: number;
  /** Days one Inventory item may span, as agreed with the channel (profile ari.max_days_per_range); default: no limit. */
  maxDaysPerRange?: number;
  /** Default: all true. */
  capabilities?: PmsCapabilities;
  /** Start the setup flow at once (default false: wait for the start hook). */
  autoStart?: boolean;
  host?: string;
  port?: number;
  tls?: { cert: string | Buffer; key: string | Buffer };
  /** Broken variants: each breaks one rule (./faults.ts). */
  faults?: Iterable<PmsFault>;
  /** The PMS's own rooms and calendar rules; default fixtures/pms-property.json. */
  fixture?: PmsPropertyFixture;
  /** What the property sync sends; default fixtures/pms-property-sync.json. */
  propertySync?: PropertySyncFixture;
  /** Correct behaviours other than the default ones (another order or timing the spec allows). */
  variants?: Iterable<PmsCorrectVariant>;
}

export class ReferencePms {
  readonly state: ReferencePmsState;
  /** What it decides at each step: the correct choices, or a variant's (faults, correct variants). */
  readonly behaviour: PmsBehaviour;
  readonly capabilities: Required<PmsCapabilities>;
  readonly fixture: PmsPropertyFixture;
  readonly pollIntervalMs: number;
  private readonly abort = new AbortController();
  private readonly ctx: PmsContext;
  private readonly sender: AriSender;
  private readonly poller: Poller;
  private readonly tasks = new Set<Promise<unknown>>();
  private pollingStarted = false;
  private closing: Promise<void> | undefined;

  constructor(readonly options: ReferencePmsOptions) {
    this.behaviour = pmsBehaviour(options.faults, options.variants);
    const caps = options.capabilities ?? {};
    this.capabilities = {
      ackBooking: caps.ackBooking ?? true,
      notifyBooking: caps.notifyBooking ?? true,
      bookingCreate: caps.bookingCreate ?? true,
      roomInfo: caps.roomInfo ?? true,
      createProperty: caps.createProperty ?? true,
    };
    this.pollIntervalMs = options.pollIntervalMs ?? (this.capabilities.bookingCreate ? LIMITS.pollIntervalWithBookingCreateMs : LIMITS.pollIntervalMs);
    this.fixture = options.fixture ?? defaultPmsFixture();
    const behaviour = this.behaviour;
    const ledger = behaviour.createLedger();
    this.state = createState(ledger.all);
    const { signal } = this.abort;
    const client = new CmClient({ ...options, outgoing: (request) => behaviour.outgoing(request), signal });
    this.ctx = { clock: options.clock, client, behaviour, state: this.state, ledger, signal };
    this.sender = new AriSender(this.ctx, {
      currency: options.currency,
      itemsPerRequest: options.itemsPerRequest ?? 100,
      ...(options.maxDaysPerRange === undefined ? {} : { maxDaysPerRange: options.maxDaysPerRange }),
      rules: this.fixture.calendar,
    });
    this.poller = new Poller(this.ctx, this.sender, {
      intervalMs: this.pollIntervalMs,
      ackBooking: this.capabilities.ackBooking,
      bookingCreate: this.capabilities.bookingCreate,
      mapping: () => this.state.mapping,
    });
  }

  get connected(): boolean {
    return this.state.phase === 'connected';
  }

  /** Starts the setup flow unless one runs or succeeded; true when it started. */
  startSetup(): boolean {
    if (this.state.phase === 'setting-up' || this.state.phase === 'connected' || this.state.phase === 'closed') return false;
    this.state.phase = 'setting-up';
    this.background(this.connect(), 'setup');
    return true;
  }

  /**
   * The property-sync hook: sends CreateProperty, UpdateRoom, UpdateRatePlan, DeleteRatePlan
   * and DeleteRoom once; false when it was already started (the hook may be called per step).
   */
  startPropertySync(): boolean {
    if (this.state.propertySyncStarted || this.state.phase === 'closed') return false;
    this.state.propertySyncStarted = true;
    const fixture = this.options.propertySync ?? loadPropertySyncFixture();
    this.background(runPropertySync(this.ctx, fixture, 'hook', this.capabilities.createProperty), 'property sync');
    return true;
  }

  /** A PMS that syncs its property as part of connecting: right after SetupProperty, once. */
  private async syncWhileConnecting(): Promise<void> {
    if (!this.behaviour.syncsWhileConnecting() || this.state.propertySyncStarted) return;
    this.state.propertySyncStarted = true;
    await runPropertySync(this.ctx, this.options.propertySync ?? loadPropertySyncFixture(), 'connect', this.capabilities.createProperty);
  }

  /**
   * ARIFullRefresh: queues a complete refresh; false when not connected. `by` says which ids the
   * callback named (`pmsId`: the PMS id it named). Named by pms_property_id, that property is
   * refreshed; by wbp_property_id alone, every property it resolves to: this one, then each other.
   */
  requestFullRefresh(by: { pms?: boolean; wbp?: boolean; pmsId?: number } = { pms: true, wbp: true }): boolean {
    const mapping = this.state.mapping;
    if (!this.connected || !mapping) return false;
    if (!this.behaviour.refreshesOnCallback(by)) return true;
    const own = this.options.property.pms_property_id;
    const others = this.options.property.other_pms_property_ids ?? [];
    const named = by.pmsId !== undefined && others.includes(by.pmsId) ? by.pmsId : undefined;
    if (named !== undefined) this.background(this.sender.fullRefresh(mapping, named), 'full refresh');
    else this.background(this.sender.fullRefresh(mapping), 'full refresh');
    if (by.pms !== true) {
      for (const other of this.behaviour.refreshedAlongside(others)) {
        if (other !== own) this.background(this.sender.fullRefresh(mapping, other), 'full refresh');
      }
    }
    return true;
  }

  /** NotifyBooking: polls at once; false when not connected. */
  notifyBooking(bookingId?: string): boolean {
    if (!this.connected) return false;
    const known = bookingId !== undefined && this.ctx.ledger.get(bookingId) !== undefined;
    if (!this.behaviour.pollsOnNotify(known)) return true;
    const due = this.poller.nextScheduledAt();
    if (this.behaviour.leavesNotifyToSchedule(due === undefined ? undefined : due - this.ctx.clock.now())) return true;
    const delayMs = this.behaviour.notifyDelayMs();
    const delay = delayMs > 0 ? this.ctx.clock.sleep(delayMs, this.ctx.signal) : Promise.resolve();
    this.background(
      delay.then(() => this.poller.pollNow()),
      'poll',
    );
    return true;
  }

  /** BookingCreate: imports the reservation; gives the problem when it cannot. */
  createBooking(value: unknown): string | undefined {
    const reservation = readReservation(value);
    if (!reservation) return 'reservation must be an object in the GetBookingId format';
    const refused = this.behaviour.refusesPushedReservation(value as Record<string, unknown>);
    if (refused) return refused;
    if (reservation.id === undefined) return 'reservation.OrderId is missing';
    if (reservation.stays.length === 0) return 'reservation.Rooms has no usable room (ChannelRoomType, StartDate, EndDate)';
    const change = this.ctx.ledger.import(reservation.id, reservation, 'callback');
    const mapping = this.state.mapping;
    if (mapping && this.behaviour.sendsAvailability(change, 'callback')) {
      this.background(this.sender.availabilityUpdate(mapping, change.affected), 'availability update');
    }
    return undefined;
  }

  /**
   * The change-price hook: the price of the first mapped room x rate plan becomes 199.00 on
   * the nights start_date..end_date (default today + 60, 3 nights); gives what changed, or a problem.
   */
  changePrice(input: unknown): Record<string, unknown> | string {
    const pair = this.state.mapping?.pairs[0];
    if (!this.connected || !pair) return 'the property is not connected yet';
    const body = (input && typeof input === 'object' ? input : {}) as Record<string, unknown>;
    const today = formatDate(this.options.clock.now());
    const from = typeof body.start_date === 'string' && parseDate(body.start_date) !== undefined ? body.start_date : addDays(today, 60);
    const to = typeof body.end_date === 'string' && parseDate(body.end_date) !== undefined ? body.end_date : addDays(from, 2);
    if (to < from) return 'end_date is before start_date';
    this.background(this.sender.changePrice(pair, { from, to }, CHANGED_PRICE_CENTS), 'price update');
    return { wbp_room_id: pair.room.wbpRoomId, wbp_rate_id: pair.rate, start_date: from, end_date: to, rate: '199.00' };
  }

  /**
   * The cancel-booking hook: the booking `booking_id` (default: the first active one whose id
   * has leading zeros, else the first active one) is cancelled in the PMS, which sends
   * CancelBooking with the id as listed; gives the id, or a problem.
   */
  cancelBooking(input: unknown): Record<string, unknown> | string {
    if (!this.connected) return 'the property is not connected yet';
    const wanted = input && typeof input === 'object' ? (input as Record<string, unknown>).booking_id : undefined;
    const active = [...this.ctx.ledger.all.values()].filter((b) => !b.cancelled);
    const booking = typeof wanted === 'string' ? active.find((b) => b.id === wanted) : (active.find((b) => /^0+\d/.test(b.id)) ?? active[0]);
    if (!booking) return typeof wanted === 'string' ? 'no active booking has that booking_id' : 'no active booking to cancel';
    this.background(send(this.ctx, 'CancelBooking', { booking_id: booking.id, reason: 'Cancelled in the PMS' }), 'cancellation');
    return { booking_id: booking.id };
  }

  /** The PMS's rooms as RoomInfo items. */
  roomInfo(): Record<string, unknown>[] {
    return this.fixture.rooms.map((room) => ({
      pms_room_id: room.pms_room_id,
      units: room.units,
      maxPersons: room.maxPersons,
      ...(room.maxAdults !== undefined ? { maxAdults: room.maxAdults } : {}),
      ...(room.maxChildren !== undefined ? { maxChildren: room.maxChildren } : {}),
      dormitory: room.dormitory,
      ...(room.pricingModel ? { pricingModel: room.pricingModel } : {}),
      label: room.label,
      description: room.description,
    }));
  }

  close(): Promise<void> {
    return (this.closing ??= this.shutDown());
  }

  private async shutDown(): Promise<void> {
    this.state.phase = 'closed';
    this.abort.abort(new Error('reference PMS closed'));
    await Promise.allSettled([...this.tasks]);
    await this.ctx.client.close();
  }

  private async connect(): Promise<void> {
    this.state.setupAttempts += 1;
    delete this.state.setupError;
    const result = await runSetup(this.ctx, this.fixture.rooms, () => this.syncWhileConnecting());
    if (this.state.phase === 'closed') return;
    if (!result.ok) {
      this.state.phase = 'failed';
      this.state.setupError = result.reason;
      await this.goOnAfterRefusal(result.reason);
      return;
    }
    this.state.mapping = result.mapping;
    this.state.setupDone = true;
    this.state.phase = 'connected';
    const delayMs = this.behaviour.refreshDelayAfterSetupMs();
    if (delayMs > 0) await this.ctx.clock.sleep(delayMs, this.ctx.signal);
    await this.sender.fullRefresh(result.mapping);
    if (!this.pollingStarted) {
      this.pollingStarted = true;
      this.background(runPolling(this.ctx, this.poller), 'polling');
    }
  }

  /** A refused SetupProperty: the requests the behaviour still sends for the property (the correct one: none). */
  private async goOnAfterRefusal(reason: string): Promise<void> {
    if (!reason.startsWith('SetupProperty')) return;
    const errorId = /^SetupProperty failed: error (\d+)/.exec(reason)?.[1];
    for (const operation of this.behaviour.afterRefusedSetup(errorId === undefined ? undefined : Number(errorId))) {
      await send(this.ctx, operation, operation === 'GetBookingList' ? { wbp_booking_version: null } : {});
    }
  }

  private background(work: Promise<unknown>, what: string): void {
    const task = work.catch((error: unknown) => {
      if (!isAbort(this.ctx, error)) noteProblem(this.ctx, `${what} stopped: ${(error as Error)?.message ?? String(error)}`);
      if (what === 'setup' && this.state.phase === 'setting-up') this.state.phase = 'failed';
    });
    this.tasks.add(task);
    void task.finally(() => this.tasks.delete(task));
  }
}
