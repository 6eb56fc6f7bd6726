// The mock step (PMS target): takes a scenario command for the mock channel manager —
// make a booking arrive, change or cancel, or make the next answer to an operation fail
// — and gives its result (booking id, the reservation, availability before) to captures.
import { harnessError } from '../../checks/check-verdict.js';
import type { MockStep } from '../../suite/types.js';
import { addDays, DAY_MS } from '../../support/time.js';
import { dayNumber } from '../../support/time.js';
import { judgeDeclared } from '../judge.js';
import { makeScope, tryRender } from '../scope.js';
import type { StepEnv } from '../step-env.js';
import { markCapturesMissing, takeCaptures } from './capture.js';
import { lastPoll } from './expect-request.js';
import { settingsOf } from '../scope.js';
import { takeBaseline } from '../../checks/booking-model.js';
import { occupancy } from '../../channel-manager/index.js';

type Obj = Record<string, unknown>;

/** Units the PMS had sent for a room on each booked night, per rate plan (the baseline of "lowered"). */
function unitsBefore(env: StepEnv, room: string, start: string, nights: number): Record<string, Record<string, number>> {
  const ledger = env.ctx.pms!.judge.ledger('run');
  const out: Record<string, Record<string, number>> = {};
  for (let n = 0; n < nights; n++) {
    const date = addDays(start, n);
    const day = dayNumber(date)!;
    const perPlan: Record<string, number> = {};
    for (const pair of ledger?.pairs.values() ?? []) {
      if (pair.room !== room) continue;
      const seg = pair.units.segmentOn(day);
      if (seg) perPlan[pair.rate] = seg[2];
    }
    out[date] = perPlan;
  }
  return out;
}

function bookingResult(env: StepEnv, id: string, withBaseline: boolean): Obj {
  const mock = env.ctx.pms!.mock;
  const record = mock.model.bookings.get(id)!;
  const stay = record.stays[0]!;
  const result: Obj = {
    booking_id: id,
    reservation: mock.reservation(id),
    room: String(stay.wbp_room_id),
    start: stay.start,
    nights: stay.rates.length,
    units: stay.units,
    at: env.ctx.clock.now(),
  };
  // Due by the PMS's next scheduled poll: its last one before now plus the interval and the tolerance.
  const poll = lastPoll(env, env.ctx.clock.now());
  if (poll) result.poll_due = poll.at + Number(settingsOf(env.profile).poll_deadline_ms);
  if (withBaseline) result.units_before = unitsBefore(env, String(stay.wbp_room_id), stay.start, stay.rates.length);
  return result;
}

/** The model's baseline, taken before the harness first changes a booking: the PMS's units then plus the units booked then. */
function keepBaseline(env: StepEnv): void {
  const pms = env.ctx.pms!;
  pms.baseline ??= takeBaseline(pms.judge.ledger('run'), occupancy(pms.mock.model.bookings.all()), env.ctx.clock.now());
}

/** The seeded bookings arrive, or guests change them: ids, shapes and classes for the report and captures. */
function applySeeded(env: StepEnv, command: Obj): Obj | undefined {
  const seeded = env.ctx.pms!.mock.seeded;
  if (command.seeded_bookings !== undefined) {
    const made = seeded.arrive();
    return { seed: seeded.seed, bookings: made.map((g) => ({ booking_id: g.booking.id, classes: g.classes, id_shape: g.idShape })) };
  }
  if (command.seeded_changes !== undefined) {
    return { seed: seeded.seed, changes: seeded.change().map((c) => ({ booking_id: c.id, kind: c.kind, change: c.change })) };
  }
  return undefined;
}

function apply(env: StepEnv, command: Obj): Obj | string {
  const mock = env.ctx.pms!.mock;
  if (!command.fail_next) keepBaseline(env);
  const seeded = applySeeded(env, command);
  if (seeded) return seeded;
  if (command.fail_next) {
    const f = command.fail_next as Obj;
    const bookingId = f.booking_id === undefined ? undefined : String(f.booking_id);
    mock.failNext(String(f.operation), Number(f.error_id ?? 1003), String(f.msg ?? 'Temporary failure (cm-certify scenario)'), bookingId);
    return { operation: f.operation };
  }
  if (command.create_booking !== undefined) {
    const input = (command.create_booking ?? {}) as Obj;
    const arrivalInDays = Number(input.arrival_in_days ?? 30);
    const nights = Number(input.nights ?? 2);
    // The baseline is read before the booking exists.
    const room = String(mock.model.fixture.rooms[0]!.wbp_room_id);
    const start = addDays(new Date(Math.floor(env.ctx.clock.now() / DAY_MS) * DAY_MS).toISOString().slice(0, 10), arrivalInDays);
    const baseline = unitsBefore(env, room, start, nights);
    const id = mock.createBooking({ arrivalInDays, nights });
    return { ...bookingResult(env, id, false), units_before: baseline };
  }
  for (const verb of ['modify_booking', 'cancel_booking'] as const) {
    if (command[verb] === undefined) continue;
    const id = String(command[verb]);
    const booking = mock.model.bookings.get(id);
    if (!booking) return `no booking ${id} in the mock channel manager`;
    if (verb === 'modify_booking') mock.model.bookings.modify(id);
    else mock.model.bookings.forceCancel(booking);
    return bookingResult(env, id, verb === 'modify_booking');
  }
  return `unknown mock command ${JSON.stringify(Object.keys(command))}`;
}

export async function runMockStep(env: StepEnv, step: MockStep): Promise<string | undefined> {
  if (!env.ctx.pms) {
    env.recordAll(harnessError('mock steps need the mock channel manager (PMS target)'));
    return 'no mock channel manager';
  }
  const startedAt = env.ctx.clock.now();
  const command = tryRender<Obj>(step.mock, makeScope(startedAt, env.roots()), env.state);
  if (!command.ok) {
    env.recordAll(command.verdict);
    markCapturesMissing(env, command.verdict.skip ?? 'blocked', command.verdict.message);
    return command.verdict.message;
  }
  const result = apply(env, command.value);
  if (typeof result === 'string') {
    env.recordAll(harnessError(result));
    markCapturesMissing(env, 'blocked', result);
    return result;
  }
  const roots = env.roots({ response: result, started_at: startedAt, finished_at: env.ctx.clock.now() });
  judgeDeclared(env, { body: result, exchanges: [] }, roots);
  takeCaptures(env, roots);
  return typeof result.booking_id === 'string' ? `booking ${result.booking_id}` : undefined;
}
