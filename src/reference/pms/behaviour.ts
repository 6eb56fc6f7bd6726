// What the reference PMS decides at each step: takes nothing, gives one small method per
// decision, whose default is the correct, spec-conforming choice. The PMS asks this object
// and otherwise reads straight through; a variant (./variants/) subclasses it and
// overrides one method: a transform of a request it sends or of an answer it gives or
// reads, or another choice at one step.
import type { OperationName } from '../../spec/operations.js';
import { endOfNextYear, formatBookingVersion, formatDate } from '../../support/time.js';
import type { DateWindow, InventoryItem } from './calendar.js';
import type { CallbackAnswer } from './callbacks.js';
import type { CmOutcome } from './cm-client.js';
import { type BookedStay, BookingLedger, type BookingChange } from './ledger.js';
import type { ChannelPair, Mapping } from './mapping.js';
import type { PropertySyncFixture } from './property-sync.js';

/** One request to the channel manager as it goes out: the body, and the query string's parameters. */
export interface OutgoingRequest {
  operation: OperationName;
  query: URLSearchParams;
  body: Record<string, unknown>;
}

/** A step of the setup flow: one of its own operations, or another request whose answer it does not use. */
export type SetupStep = 'HealthCheck' | 'SetupProperty' | 'GetRoomTypes' | 'GetRatePlans' | { send: OperationName; fields: Record<string, unknown> };

/** What the full refresh's requests are cut from. */
export interface RefreshPlan {
  /** Items per ARIUpdate. */
  size: number;
  mapping: Mapping;
  window: DateWindow;
}

/** What the version of the next poll is taken from. */
export interface PollTimes {
  /** Send time of the last successful poll; undefined before one succeeded. */
  lastSuccessAt: number | undefined;
  sentAt: number;
  setupAt: number | undefined;
}

export type BehaviourClass = new () => PmsBehaviour;

export class PmsBehaviour {
  /** A request as it goes out (spec: Common request envelope; Authentication). */
  outgoing(request: OutgoingRequest): OutgoingRequest {
    return request;
  }

  /** An answer of the channel manager as the PMS reads it. */
  incoming(_operation: OperationName, outcome: CmOutcome): CmOutcome {
    return outcome;
  }

  /** The setup flow (spec: Setup flow): HealthCheck first, then the property, its rooms and rate plans. */
  setupSteps(): readonly SetupStep[] {
    return ['HealthCheck', 'SetupProperty', 'GetRoomTypes', 'GetRatePlans'];
  }

  /** Whether the property sync sends CreateProperty: only once the channel manager activated it (cp-activation.2). */
  sendsCreateProperty(activated: boolean): boolean {
    return activated;
  }

  /** Whether the property sync goes out right after SetupProperty, as part of connecting. */
  syncsWhileConnecting(): boolean {
    return false;
  }

  /** How long (clock time) the refresh after setup waits to start. */
  refreshDelayAfterSetupMs(): number {
    return 0;
  }

  /** How long (clock time) a full refresh waits between its requests: none. */
  refreshPauseMs(): number {
    return 0;
  }

  /** The property sync's bodies as the PMS holds them. */
  syncData(fixture: PropertySyncFixture): PropertySyncFixture {
    return fixture;
  }

  /** The dates ARI is sent for: today to the end of next year (spec: Full refresh flow). */
  ariWindow(now: number): DateWindow {
    return { from: formatDate(now), to: endOfNextYear(now) };
  }

  /** The units one rate plan of a room is told (every plan of a room the same). */
  unitsTold(_pair: ChannelPair, units: number): number {
    return units;
  }

  /** The days one Inventory item may span: the maximum agreed with the channel (undefined: none agreed). */
  daysPerRange(agreed: number | undefined): number | undefined {
    return agreed;
  }

  /** The Inventory items of a refresh or update, as computed (runs of equal days combined). */
  inventory(items: InventoryItem[]): InventoryItem[] {
    return items;
  }

  /** The full refresh's ARIUpdate requests: the items in requests of `size`. */
  refreshBatches(items: readonly InventoryItem[], plan: RefreshPlan): InventoryItem[][] {
    const size = Math.max(1, plan.size);
    const batches: InventoryItem[][] = [];
    for (let index = 0; index < items.length; index += size) batches.push(items.slice(index, index + size));
    return batches;
  }

  /** What the PMS still sends for the property after its SetupProperty was refused with `errorId` (1001, 1002): nothing. */
  afterRefusedSetup(_errorId?: number): readonly OperationName[] {
    return [];
  }

  /** Whether a price changed in the PMS goes out by ARIUpdate at once. */
  sendsPriceChange(): boolean {
    return true;
  }

  /** How long (clock time) an availability update waits after the change it follows: none. */
  availabilityDelayMs(): number {
    return 0;
  }

  /** The stays an availability update covers after an import: the nights the change moved. */
  availabilityStays(stays: readonly BookedStay[]): readonly BookedStay[] {
    return stays;
  }

  /** Whether an imported booking's change is followed by an availability update. */
  sendsAvailability(change: BookingChange, _source: 'poll' | 'callback'): boolean {
    return change.affected.length > 0;
  }

  /** The book of imported bookings. */
  createLedger(): BookingLedger {
    return new BookingLedger();
  }

  /** The time between scheduled polls (spec: GetBookingList, Polling). */
  pollInterval(intervalMs: number): number {
    return intervalMs;
  }

  /** Whether scheduled polling goes on after a poll (BookingCreate declared or not). */
  pollsAgain(_bookingCreate: boolean): boolean {
    return true;
  }

  /** wbp_booking_version: null until a poll succeeds, then that poll's UTC send time. */
  bookingVersion(times: PollTimes): string | null {
    return times.lastSuccessAt === undefined ? null : formatBookingVersion(times.lastSuccessAt);
  }

  /** The last successful poll's time after a poll: this one's when it listed, else unchanged. */
  lastSuccessAfter(times: PollTimes, listed: boolean): number | undefined {
    return listed ? times.sentAt : times.lastSuccessAt;
  }

  /** Whether the bookings a poll lists are fetched and acknowledged. */
  fetchesListed(_firstPoll: boolean): boolean {
    return true;
  }

  /** Whether a listed booking whose GetBookingId failed is fetched again at the next polls. */
  fetchesAgainAfterError(): boolean {
    return true;
  }

  /** Whether a full refresh goes on after one of its ARIUpdates was answered with an error (it does: D-324). */
  continuesRefreshAfterError(): boolean {
    return true;
  }

  /** Whether a booking stays imported, its availability updated, when its AckBooking was refused (it does: D-325). */
  keepsBookingWhenAckRefused(): boolean {
    return true;
  }

  /** Whether listed bookings are acknowledged (AckBooking declared or not). */
  acksBookings(declared: boolean): boolean {
    return declared;
  }

  /** Whether a successful poll is followed by a full refresh (never: only ARIFullRefresh asks for one). */
  refreshesAfterPoll(_successes: number): boolean {
    return false;
  }

  /** Whether ARIFullRefresh starts a refresh; `by` says which property ids it named. */
  refreshesOnCallback(_by: { pms?: boolean | undefined; wbp?: boolean | undefined }): boolean {
    return true;
  }

  /** The other PMS properties (mapped to the same wbp_property_id) an ARIFullRefresh by wbp_property_id refreshes too: all. */
  refreshedAlongside(others: readonly number[]): readonly number[] {
    return others;
  }

  /** Whether NotifyBooking starts a poll; `known`: the booking was imported before. */
  pollsOnNotify(_known: boolean): boolean {
    return true;
  }

  /** Whether a NotifyBooking is left to the next scheduled poll, due in `dueInMs` (undefined: none scheduled). */
  leavesNotifyToSchedule(_dueInMs: number | undefined): boolean {
    return false;
  }

  /** How long (clock time) after NotifyBooking the poll starts. */
  notifyDelayMs(): number {
    return 0;
  }

  /** Why a reservation pushed by BookingCreate is refused; undefined: it is imported (its fields beyond the minimum are ignored). */
  refusesPushedReservation(_reservation: Record<string, unknown>): string | undefined {
    return undefined;
  }

  /** Whether the callback's path is served. */
  servesCallbackPath(_name: string): boolean {
    return true;
  }

  /** A callback's answer as it goes out. */
  callbackAnswer(_name: string, answer: CallbackAnswer): CallbackAnswer {
    return answer;
  }
}
