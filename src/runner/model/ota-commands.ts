// The operations a model-based OTA sequence draws: takes what the candidate offers (hooks,
// capabilities) and the Property CreateProperty sends, gives fast-check commands. Each one
// does its operation on the candidate and the same on the model's core, then reads back
// (./ota-reads.ts: the flags first, a fact no clock decides, then the lists). Bookings: made
// and modified through the profile's hooks, acknowledged, cancelled. Property: CreateProperty,
// UpdateRoom (a new room or a changed one), DeleteRoom and DeleteRatePlan of any room or rate
// plan, whichever operation made it.
import fc from 'fast-check';
import { parseBookingVersion } from '../../support/time.js';
import { HarnessFault, MODEL_CHECKS, type ModelCheckId, ModelMismatch, type OtaDriver } from './ota-driver.js';
import { type SentRoom, type SequenceModel, activeBookings } from './ota-model.js';
import { readBookingFlags, readBookingLists, readProperty } from './ota-reads.js';

type Obj = Record<string, unknown>;
export type Command = fc.AsyncCommand<SequenceModel, OtaDriver>;

export interface ModelOffer {
  /** The create_booking hook; without it no booking operation is drawn (default: offered). */
  createHook?: boolean;
  modifyHook: boolean;
  ack: boolean;
  cancel: boolean;
  /** The Property CreateProperty sends (labels carry the nonce), with fresh credentials per sequence; absent without CreateProperty. */
  property?: (() => { credentials: Obj; Property: Obj; nonce: string }) | undefined;
  /** The property operations the profile declares (UpdateRoom, DeleteRoom, DeleteRatePlan). */
  propertyOperations: ReadonlySet<string>;
}

/** The operation each property change sends. */
export const CHANGE_OPERATION = {
  'add-room': 'UpdateRoom',
  'change-room': 'UpdateRoom',
  'delete-room': 'DeleteRoom',
  'delete-rate-plan': 'DeleteRatePlan',
} as const;

const wholeSecond = (ms: number): number => Math.floor(ms / 1000) * 1000;

/**
 * The candidate's whole second of a change the harness made between `startedAt` and
 * `finishedAt`: the harness's second, unless the candidate's clock was seen behind (its
 * OrderTime earlier than the hook's start), then that much earlier: never later than the
 * candidate's own stamp, so a list the model predicts is one a conforming candidate gives.
 */
function changeSecond(model: SequenceModel & { skewMs?: number }, startedAt: number): number {
  return wholeSecond(startedAt + Math.min(0, model.skewMs ?? 0));
}

/**
 * Records a change at the whole second `at`. `exact` when the call that made it began and ended
 * in one clock second: the candidate stamped it in that second. A call that crossed into the next
 * one (a slow hook, a starved harness) leaves the second in doubt: the reads at + 5:00 still hold
 * (a later stamp is listed there too), but they do not prove the boundary itself.
 */
function noteChange(model: SequenceModel, id: string, at: number, exact: boolean): void {
  model.clock.at = at;
  model.lastChange = { id, at, exact };
  model.firstChangeAt ??= at;
}

function expectSuccess(check: ModelCheckId, what: string, answer: { body: Obj | undefined; exchange: string }): void {
  if (answer.body?.success !== true) throw new ModelMismatch(check, `answer to ${what}`, { success: true }, answer.body ?? null, [answer.exchange]);
}

/**
 * What a drawn index picks among the model's candidates, counted from the most recent: index 0
 * (where shrinking goes) is the booking, room or rate plan made last, whichever operation made it.
 */
const pick = <T>(list: readonly T[], index: number): T => list[list.length - 1 - (index % list.length)]!;

export class CreateBooking implements Command {
  check = (): boolean => true;
  async run(model: SequenceModel & { skewMs?: number }, driver: OtaDriver): Promise<void> {
    model.trace.push('create_booking hook');
    await driver.align();
    const made = await driver.hook('create_booking', {});
    const id = made.value.booking_id;
    if (typeof id !== 'string' && typeof id !== 'number')
      throw new HarnessFault(`the create_booking hook answered no booking_id: ${JSON.stringify(made.value).slice(0, 200)}`);
    const answer = await driver.call('GetBookingId', { booking_id: String(id) });
    const reservation = (answer.body?.reservation ?? {}) as Obj;
    const ordered = parseBookingVersion(`${String(reservation.OrderDate)} ${String(reservation.OrderTime)}`);
    // A candidate clock seen behind the harness's: later changes are placed that much earlier.
    if (ordered !== undefined && ordered < wholeSecond(made.startedAt)) model.skewMs = Math.min(model.skewMs ?? 0, ordered - wholeSecond(made.startedAt));
    const at = changeSecond(model, made.startedAt);
    noteChange(model, String(id), at, wholeSecond(made.startedAt) === wholeSecond(made.finishedAt));
    model.core.createBooking({ id: String(id) });
    model.bookings.push(String(id));
    model.trace[model.trace.length - 1] = `create_booking hook: booking ${String(id)}`;
    await readBookingFlags(model, driver, String(id));
    await readBookingLists(model, driver);
  }
  toString = (): string => 'create_booking';
}

/** A change to a booking the sequence made: modify (hook), ack or cancel. */
export class ChangeBooking implements Command {
  constructor(
    readonly kind: 'modify' | 'ack' | 'cancel',
    readonly index: number,
  ) {}
  check = (): boolean => true;
  async run(model: SequenceModel & { skewMs?: number }, driver: OtaDriver): Promise<void> {
    // Nothing to change yet: the booking is made first (a line of its own in the sequence).
    if (activeBookings(model).length === 0) await new CreateBooking().run(model, driver);
    const id = pick(activeBookings(model), this.index);
    model.trace.push(`${this.kind === 'modify' ? 'modify_booking hook' : this.kind === 'ack' ? 'AckBooking' : 'CancelBooking'}: booking ${id}`);
    await driver.align();
    const startedAt = driver.now();
    if (this.kind === 'modify') await driver.hook('modify_booking', { booking_id: id });
    else {
      const operation = this.kind === 'ack' ? 'AckBooking' : 'CancelBooking';
      const answer = await driver.call(operation, { booking_id: id });
      driver.judged(MODEL_CHECKS.bookingAnswer);
      expectSuccess(MODEL_CHECKS.bookingAnswer, `${operation} of booking ${id} (the model answers success)`, answer);
    }
    const exact = wholeSecond(startedAt) === wholeSecond(driver.now());
    model.clock.at = changeSecond(model, startedAt);
    if (this.kind === 'ack') model.core.bookings.acknowledge(id);
    else {
      if (this.kind === 'modify') model.core.modifyBooking(id);
      else model.core.bookings.cancel(id);
      noteChange(model, id, model.clock.at, exact);
    }
    await readBookingFlags(model, driver, id);
    await readBookingLists(model, driver);
  }
  toString = (): string => `${this.kind}(${this.index})`;
}

export class CreateProperty implements Command {
  constructor(readonly make: NonNullable<ModelOffer['property']>) {}
  check = (model: Readonly<SequenceModel>): boolean => model.property === undefined;
  async run(model: SequenceModel, driver: OtaDriver): Promise<void> {
    const { credentials, Property, nonce } = this.make();
    const body = { ...credentials, Property };
    model.trace.push(`CreateProperty: rooms ${(Property.rooms as SentRoom[]).map((r) => r.pms_room_id).join(', ')}`);
    const answer = await driver.call('CreateProperty', body);
    driver.judged(MODEL_CHECKS.propertyAnswer);
    expectSuccess(MODEL_CHECKS.propertyAnswer, 'CreateProperty (the model answers success)', answer);
    const given = answer.body!;
    // The later operations send pms_property_id as an integer (the spec's id table), CreateProperty as a string.
    const candidate = {
      pms_property_id: Number(credentials.pms_property_id),
      wbp_property_id: String(given.wbp_property_id ?? credentials.wbp_property_id),
      wbp_property_password: String(given.wbp_property_password ?? credentials.wbp_property_password),
    };
    model.core.ask('CreateProperty', { ...body, verb: 'CreateProperty' });
    const rooms = (Property.rooms as SentRoom[]).map((room) => structuredClone(room));
    const rates = rooms.flatMap((r) => r.rateplans.map((p) => Number(p.pms_rate_id)));
    model.property = {
      nonce,
      candidate,
      model: { ...credentials, pms_property_id: Number(credentials.pms_property_id) },
      rooms,
      nextRoomId: Math.max(...rooms.map((r) => r.pms_room_id)) + 1,
      nextRateId: Math.max(...rates) + 1,
    };
    await readProperty(model, driver);
  }
  toString = (): string => 'CreateProperty';
}

/** UpdateRoom, DeleteRoom or DeleteRatePlan on a room of the sequence's property, whichever operation made it. */
export class PropertyChange implements Command {
  constructor(
    readonly kind: 'add-room' | 'change-room' | 'delete-room' | 'delete-rate-plan',
    readonly index: number,
    readonly create: CreateProperty,
  ) {}
  // Without a property yet, the run makes it first (a line of its own in the sequence).
  check = (model: Readonly<SequenceModel>): boolean => {
    if (!model.property || this.kind === 'add-room') return true;
    const rooms = model.property.rooms;
    if (this.kind === 'delete-rate-plan') return rooms.some((r) => r.rateplans.some((p) => p.pms_rate_id !== 0));
    return rooms.length > 0;
  };
  async run(model: SequenceModel, driver: OtaDriver): Promise<void> {
    if (!model.property) await this.create.run(model, driver);
    const property = model.property!;
    const [operation, body, line] = this.request(model);
    model.trace.push(`${operation}: ${line}`);
    const answer = await driver.call(operation, { ...property.candidate, ...body });
    driver.judged(MODEL_CHECKS.propertyAnswer);
    expectSuccess(MODEL_CHECKS.propertyAnswer, `${operation} (${line}; the model answers success)`, answer);
    model.core.ask(operation, { ...property.model, ...body, verb: operation });
    await readProperty(model, driver);
  }
  /** The request, and the sent rooms changed as it changes them. */
  private request(model: SequenceModel): [string, Obj, string] {
    const property = model.property!;
    if (this.kind === 'add-room') {
      const [template] = property.rooms.length > 0 ? property.rooms : [undefined];
      const id = property.nextRoomId++;
      const rate = property.nextRateId++;
      const room: SentRoom = {
        // With every room deleted, a room of its own: every field a Room requires (room-required-fields).
        ...(template ? structuredClone(template) : { units: 1, beds: 2, dormitory: false, description: null, images: [] }),
        pms_room_id: id,
        label: `Room ${id} ${property.nonce}`,
        rateplans: [
          { pms_rate_id: 0, label_public: `Standard ${id} ${property.nonce}`, label_private: null },
          { pms_rate_id: rate, label_public: `Rate ${rate} ${property.nonce}`, label_private: null, meal_codes: [] },
        ],
      };
      property.rooms.push(room);
      return ['UpdateRoom', { room }, `new room ${id} with rate plans 0 and ${rate}`];
    }
    if (this.kind === 'change-room') {
      // Its units change, not its label: the label is how the read-back finds the room (a kept
      // label is the recommended check property.update-room.label's finding, not this one's).
      const room = pick(property.rooms, this.index);
      room.units = (Number(room.units) % 9) + 1;
      return ['UpdateRoom', { room: structuredClone(room) }, `room ${room.pms_room_id} changed to ${String(room.units)} units`];
    }
    if (this.kind === 'delete-room') {
      const room = pick(property.rooms, this.index);
      property.rooms.splice(property.rooms.indexOf(room), 1);
      return ['DeleteRoom', { room: { pms_room_id: room.pms_room_id } }, `room ${room.pms_room_id}`];
    }
    const plans = property.rooms.flatMap((room) => room.rateplans.filter((p) => p.pms_rate_id !== 0).map((plan) => ({ room, plan })));
    const { room, plan } = pick(plans, this.index);
    const rate = Number(plan.pms_rate_id);
    // A rate plan id names the plan in every room that has it.
    for (const r of property.rooms) r.rateplans = r.rateplans.filter((p) => Number(p.pms_rate_id) !== rate);
    return ['DeleteRatePlan', { rateplan: { pms_rate_id: rate } }, `rate plan ${rate} (of room ${room.pms_room_id})`];
  }
  toString = (): string => `${this.kind}(${this.index})`;
}

/** The commands the candidate's offer allows. */
export function modelCommands(offer: ModelOffer): Array<fc.Arbitrary<Command>> {
  // Half the time the most recent booking or room: operations meet on one booking (ack, then modify) more often.
  const index = fc.oneof(fc.constant(0), fc.nat({ max: 7 }));
  const bookings = offer.createHook !== false;
  const commands: Array<fc.Arbitrary<Command>> = bookings ? [fc.constant(new CreateBooking())] : [];
  const kinds = bookings
    ? [offer.modifyHook && 'modify', offer.ack && 'ack', offer.cancel && 'cancel'].filter((k): k is 'modify' | 'ack' | 'cancel' => Boolean(k))
    : [];
  for (const kind of kinds) commands.push(index.map((i) => new ChangeBooking(kind, i)));
  if (offer.property) {
    const create = new CreateProperty(offer.property);
    commands.push(fc.constant(create));
    for (const kind of ['add-room', 'change-room', 'delete-room', 'delete-rate-plan'] as const)
      if (offer.propertyOperations.has(CHANGE_OPERATION[kind])) commands.push(index.map((i) => new PropertyChange(kind, i, create)));
  }
  return commands;
}
