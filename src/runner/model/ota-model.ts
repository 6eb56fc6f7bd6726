// The model of one OTA sequence: takes nothing but the clock times the harness gives it,
// gives the channel-manager core (src/channel-manager, the plain, correct implementation)
// driven by the same operations the harness sends the candidate, and what it predicts every
// read must show. No arithmetic of its own: the core lists, flags and renders.
import { ChannelManager, type BookingRecord, GLOBAL_ROOM_ID, renderReservation } from '../../channel-manager/index.js';
import { type PropertyFixture, loadPropertyFixture } from '../../channel-manager/fixture.js';
import type { Clock } from '../../support/clock.js';

/** The model's clock: the harness sets it to each change's time on the candidate's clock. */
export class ModelClock implements Clock {
  at = 0;
  now(): number {
    return this.at;
  }
  async sleep(): Promise<void> {}
  hold(): () => void {
    return () => undefined;
  }
}

const MODEL_SECRET = 'cm-certify-model';
const MODEL_GUID = '00000000-0000-4000-8000-000000000000';
const MODEL_PROPERTY = { pms_property_id: 1, wbp_property_id: 'model', wbp_property_password: 'model' };

let emptyFixture: PropertyFixture | undefined;

/** The core, its booking listing opened to the harness (it is a protected seam of the core). */
export class ModelCore extends ChannelManager {
  listed(version: number | null): BookingRecord[] {
    return this.listBookings(version);
  }

  /** The core's answer to a request the harness also sent the candidate (its own secret and credentials). */
  ask(operation: string, body: Record<string, unknown>): Record<string, unknown> {
    const envelope = { guid: MODEL_GUID, pms_cid: 'cm', verb: operation };
    const bytes = Buffer.from(JSON.stringify({ ...envelope, ...body, shared_secret: MODEL_SECRET }), 'utf8');
    const response = this.handle(operation, new URLSearchParams({ shared_secret: MODEL_SECRET }), bytes);
    const text = typeof response.body === 'string' ? response.body : Buffer.from(response.body).toString('utf8');
    const answer = JSON.parse(text) as Record<string, unknown>;
    // The harness sends only what the core accepts: a refusal here is the harness's bug, not the candidate's.
    if (answer.success !== true) throw new Error(`the model refused ${operation}: ${text.slice(0, 300)}`);
    return answer;
  }
}

export function newModelCore(clock: ModelClock): ModelCore {
  // Only the sequence's own bookings: the fixture's would take ids the candidate may issue.
  emptyFixture ??= { ...loadPropertyFixture(), bookings: [] };
  return new ModelCore({ clock, sharedSecret: MODEL_SECRET, property: MODEL_PROPERTY, fixture: emptyFixture, strictRequests: false });
}

/** A room the sequence sent (CreateProperty or UpdateRoom), as sent: UpdateRoom re-sends it changed. */
export type SentRoom = Record<string, unknown> & { pms_room_id: number; label: string; rateplans: Array<Record<string, unknown>> };

/** The property a sequence made with CreateProperty, under the candidate's and the model's credentials. */
export interface SequenceProperty {
  nonce: string;
  candidate: Record<string, unknown>;
  model: Record<string, unknown>;
  rooms: SentRoom[];
  nextRoomId: number;
  nextRateId: number;
}

/** One sequence's state: the core, its clock, the bookings and property the sequence made, and what it did. */
export interface SequenceModel {
  clock: ModelClock;
  core: ModelCore;
  /** Candidate booking ids, in the order made. */
  bookings: string[];
  /** The last change: its booking and its whole second on the candidate's clock (a lower bound). */
  /** The last change and its whole second; `exact` when the call that made it began and ended in that second (the candidate stamped it there). */
  lastChange?: { id: string; at: number; exact: boolean };
  /** The first change's second: a version a minute before it lists every booking of the sequence. */
  firstChangeAt?: number;
  property?: SequenceProperty;
  /** What the sequence did so far, one line per operation (the failure message shows it). */
  trace: string[];
}

export function newSequenceModel(): SequenceModel {
  const clock = new ModelClock();
  return { clock, core: newModelCore(clock), bookings: [], trace: [] };
}

export function activeBookings(model: SequenceModel): string[] {
  return model.bookings.filter((id) => model.core.bookings.get(id)?.cancelled === false);
}

/** The sequence's bookings the core lists for a version (or null). */
export function predictedList(model: SequenceModel, version: number | null): string[] {
  const ours = new Set(model.bookings);
  return model.core
    .listed(version)
    .map((b) => b.id)
    .filter((id) => ours.has(id));
}

/** The reservation flags the core renders for a booking. */
export function predictedFlags(model: SequenceModel, id: string): { IsModification: unknown; IsCancellation: unknown } {
  const reservation = renderReservation(model.core.bookings.get(id)!);
  return { IsModification: reservation.IsModification, IsCancellation: reservation.IsCancellation };
}

/** Rooms of the model's property by label, each with the pms_rate_ids of its own rate plans (from the core's reads). */
export function predictedCatalogue(model: SequenceModel): Map<string, Set<number>> {
  const property = model.property!;
  const rooms = (model.core.ask('GetRoomTypes', { ...property.model, verb: 'GetRoomTypes' }).Rooms ?? []) as Array<Record<string, unknown>>;
  const plans = (model.core.ask('GetRatePlans', { ...property.model, verb: 'GetRatePlans' }).RatePlans ?? []) as Array<Record<string, unknown>>;
  return catalogueOf(rooms, plans, property);
}

/**
 * Reads GetRoomTypes and GetRatePlans as label -> the sent rate plans listed for that room
 * (matched by a title equal to the plan's public or private label). Only the sequence's own
 * rooms and plans count (their labels carry its nonce); a global plan counts for every room.
 */
export function catalogueOf(
  rooms: Array<Record<string, unknown>>,
  plans: Array<Record<string, unknown>>,
  property: SequenceProperty,
): Map<string, Set<number>> {
  const labelById = new Map<string, string>();
  const out = new Map<string, Set<number>>();
  for (const room of rooms) {
    const label = typeof room.label === 'string' ? room.label : '';
    if (!label.includes(property.nonce)) continue;
    labelById.set(String(room.wbp_room_id), label);
    if (!out.has(label)) out.set(label, new Set());
  }
  for (const plan of plans) {
    const title = typeof plan.title === 'string' ? plan.title : '';
    const roomId = String(plan.wbp_room_id);
    const labels = roomId === GLOBAL_ROOM_ID ? [...out.keys()] : [labelById.get(roomId)].filter((l) => l !== undefined);
    for (const label of labels) {
      const sent = property.rooms.find((r) => r.label === label);
      const rate = sent?.rateplans.find((p) => p.label_public === title || p.label_private === title);
      if (rate) out.get(label)!.add(Number(rate.pms_rate_id));
    }
  }
  return out;
}
