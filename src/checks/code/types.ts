// Named code checks: takes nothing, gives the contract of a check written in code for
// what a suite's YAML cannot say. Pure: input in, Verdict out.
import type { Exchange, LiveExchange } from '../../spec/exchange.js';
import type { AriLedger } from '../ari-ledger.js';
import type { InventoryBaseline } from '../booking-model.js';
import type { BookingChange, Occupancy } from '../../channel-manager/index.js';
import type { Profile } from '../../profile/types.js';
import type { Verdict } from '../../spec/vocabulary.js';

export interface CodeCheckInput {
  /** The body judged: the response of a call, the request of an inbound exchange. */
  subject: unknown;
  /** The check's `with:` arguments, rendered. */
  args: Record<string, unknown>;
  exchanges: string[];
  now: number;
  profile: Profile;
  run: { allowHttp: boolean };
  /** Inbound/outbound traffic of the window, for traffic steps. */
  traffic?: readonly LiveExchange[];
  /** PMS target: what the mock channel manager has seen. */
  pms?: PmsFacts;
}

export interface PmsFacts {
  /** Every request the PMS sent during the run, in arrival order. */
  inbound: readonly LiveExchange[];
  /** The ARI ledger of a window: "run", or the id of the step that opened it. */
  ledger(key: string): AriLedger | undefined;
  /** The part of a window's ledger sent in one pms_property_id's name (kept only when the profile maps several PMS properties). */
  propertyLedger?(key: string, pmsPropertyId: number): AriLedger | undefined;
  /** Room x rate plan pairs the channel manager maps. */
  mappedPairs: Array<{ room: string; rate: string }>;
  /** Start of the judged window (clock ms). */
  windowStart: number;
  /** The window's ledger key: "run" or the id of the step the window starts at. */
  windowKey: string;
  /** Callbacks the harness sent the PMS so far (exchange id, operation, clock time sent). */
  callbacks?: ReadonlyArray<{ id: string; operation: string; at: number }>;
  /** The callbacks the harness sent the PMS during the run (outbound exchanges), in order. */
  outbound?: readonly Exchange[];
  /** The channel manager's bookings as its model holds them: what the PMS's availability must follow. */
  bookings?: BookingModelFacts;
}

export interface BookingModelFacts {
  /** The PMS's inventory, taken when the harness first changed a booking (undefined before). */
  baseline: InventoryBaseline | undefined;
  /** Every change of a booking (creation, modification, cancellation), oldest first. */
  changes: readonly BookingChange[];
  /** The first list: the bookings the mock began with, each as a change from nothing to its stays as first served. */
  firstList?: readonly BookingChange[];
  /** The PMS's units when it first fetched a booking of the first list (its inventory then: nothing booked for it yet). */
  firstListInventory?: InventoryBaseline | undefined;
  /** Units booked now, per room and night. */
  booked: Occupancy;
}

export interface CodeCheck {
  name: string;
  description: string;
  run(input: CodeCheckInput): Verdict;
}
