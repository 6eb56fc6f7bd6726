// What the reference PMS did, for tests and diagnostics: takes nothing, gives the state
// record (phase, setup, refreshes, ARIUpdates, polls, imported bookings, callbacks, the
// requests it sent) and the bounded append that keeps long runs from growing it forever.
import type { CallbackName, OperationName } from '../../spec/operations.js';
import type { ImportedBooking } from './ledger.js';
import type { Mapping } from './mapping.js';

export type PmsPhase = 'idle' | 'setting-up' | 'connected' | 'failed' | 'closed';

export interface SentRequest {
  operation: OperationName;
  /** Clock time the request was sent, epoch ms. */
  at: number;
  ok: boolean;
  error?: string;
}

export interface PollRecord {
  /** Clock time the GetBookingList was sent, epoch ms. */
  at: number;
  version: string | null;
  ok: boolean;
  /** booking_id of every listed booking. */
  listed: string[];
}

export interface CallbackRecord {
  name: CallbackName | string;
  at: number;
  /** The `success` of the answer. */
  success: boolean;
}

export interface ReferencePmsState {
  phase: PmsPhase;
  setupDone: boolean;
  /** Clock time SetupProperty succeeded. */
  setupAt?: number;
  /** Why the last setup stopped. */
  setupError?: string;
  setupAttempts: number;
  /** The owner's room and rate plan mapping, once GetRoomTypes / GetRatePlans answered. */
  mapping?: Mapping;
  refreshesStarted: number;
  /** Full refreshes sent completely. */
  fullRefreshes: number;
  /** ARIUpdate requests sent (full refreshes and availability updates). */
  ariUpdates: number;
  /** Availability updates sent after bookings. */
  availabilityUpdates: number;
  polls: PollRecord[];
  bookings: ReadonlyMap<string, ImportedBooking>;
  callbacks: CallbackRecord[];
  /** Every request sent to the channel manager, in order (the latest MAX_RECORDS). */
  requests: SentRequest[];
  /** Problems met (failed requests, unusable answers), newest last. */
  errors: string[];
  /** The property sync (CreateProperty, UpdateRoom, ...) was started by its hook. */
  propertySyncStarted: boolean;
  /** Property syncs sent completely. */
  propertySyncs: number;
}

export const MAX_RECORDS = 2000;

export function createState(bookings: ReadonlyMap<string, ImportedBooking>): ReferencePmsState {
  return {
    phase: 'idle',
    setupDone: false,
    setupAttempts: 0,
    refreshesStarted: 0,
    fullRefreshes: 0,
    ariUpdates: 0,
    availabilityUpdates: 0,
    polls: [],
    bookings,
    callbacks: [],
    requests: [],
    errors: [],
    propertySyncStarted: false,
    propertySyncs: 0,
  };
}

/** Appends, dropping the oldest entries past MAX_RECORDS. */
export function record<T>(list: T[], entry: T): void {
  list.push(entry);
  if (list.length > MAX_RECORDS) list.splice(0, list.length - MAX_RECORDS);
}
