// The read-backs after each operation of a sequence: takes the sequence's model and the
// driver, reads every GetBookingList mode (null, a version a minute before the sequence, and
// the last change's second + 4:59, + 5:00 and + 5:01), the changed booking's GetBookingId,
// or the property's GetRoomTypes and GetRatePlans, and throws a ModelMismatch naming its
// check where the candidate's answer leaves out what the model's core predicts.
import { described } from '../../checks/check-verdict.js';
import { formatBookingVersion } from '../../support/time.js';
import { type DriverAnswer, MODEL_CHECKS, ModelMismatch, type OtaDriver } from './ota-driver.js';
import { type SequenceModel, catalogueOf, predictedCatalogue, predictedFlags, predictedList } from './ota-model.js';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
/** The spec's offset: a version lists what changed since it minus at least 5 minutes. */
const OFFSET = 5 * MINUTE;

/** The boundary versions around the last change, as offsets from its whole second. */
export const BOUNDARIES: ReadonlyArray<{ offset: number; label: string }> = [
  { offset: OFFSET - SECOND, label: 'change + 4:59' },
  { offset: OFFSET, label: 'change + 5:00' },
  { offset: OFFSET + SECOND, label: 'change + 5:01' },
];

function listedIds(answer: DriverAnswer): string[] | undefined {
  const list = answer.body?.success === true ? answer.body.Bookings : undefined;
  return Array.isArray(list) ? list.map((b) => String((b as Record<string, unknown> | null)?.booking_id)) : undefined;
}

async function compareList(model: SequenceModel, driver: OtaDriver, version: number | null, label: string): Promise<void> {
  const check = version === null ? MODEL_CHECKS.listNull : MODEL_CHECKS.listVersion;
  const text = version === null ? null : formatBookingVersion(version);
  const answer = await driver.call('GetBookingList', { wbp_booking_version: text });
  driver.judged(check);
  const expected = predictedList(model, version);
  const listed = listedIds(answer);
  const thing = `GetBookingList with wbp_booking_version ${text === null ? 'null' : `"${text}" (${label})`}`;
  if (listed === undefined) throw new ModelMismatch(check, thing, described('success true and a Bookings array'), answer.body ?? null, [answer.exchange]);
  const missing = expected.filter((id) => !listed.includes(id));
  if (missing.length > 0)
    throw new ModelMismatch(
      check,
      thing,
      described(`bookings ${expected.join(', ')} listed (the model lists them)`),
      described(`a list without ${missing.join(', ')}`),
      [answer.exchange],
    );
}

/** Every list mode: null, a minute before the sequence, and the last change's boundaries. */
export async function readBookingLists(model: SequenceModel, driver: OtaDriver): Promise<void> {
  await compareList(model, driver, null, 'null');
  if (model.firstChangeAt !== undefined) await compareList(model, driver, model.firstChangeAt - MINUTE, 'a minute before the sequence');
  const last = model.lastChange;
  if (!last) return;
  for (const boundary of BOUNDARIES) await compareList(model, driver, last.at + boundary.offset, boundary.label);
  if (last.exact) driver.exactBoundary();
}

/** GetBookingId's IsModification and IsCancellation of a booking are the model's. */
export async function readBookingFlags(model: SequenceModel, driver: OtaDriver, id: string): Promise<void> {
  const answer = await driver.call('GetBookingId', { booking_id: id });
  driver.judged(MODEL_CHECKS.flags);
  const reservation = answer.body?.success === true ? (answer.body.reservation as Record<string, unknown> | undefined) : undefined;
  const expected = predictedFlags(model, id);
  const flags = reservation && { IsModification: reservation.IsModification, IsCancellation: reservation.IsCancellation };
  const same = flags && Number(flags.IsModification) === expected.IsModification && Number(flags.IsCancellation) === expected.IsCancellation;
  if (!same) throw new ModelMismatch(MODEL_CHECKS.flags, `GetBookingId flags of booking ${id}`, expected, flags ?? answer.body ?? null, [answer.exchange]);
}

function showCatalogue(catalogue: Map<string, Set<number>>): string {
  const rooms = [...catalogue.entries()].sort(([a], [b]) => a.localeCompare(b));
  return rooms.map(([label, rates]) => `${label} [rate plans ${[...rates].sort((a, b) => a - b).join(', ')}]`).join('; ') || 'no room';
}

/** GetRoomTypes lists the model's rooms (by label) and GetRatePlans each room's rate plans. */
export async function readProperty(model: SequenceModel, driver: OtaDriver): Promise<void> {
  const property = model.property!;
  const rooms = await driver.call('GetRoomTypes', { ...property.candidate });
  const plans = await driver.call('GetRatePlans', { ...property.candidate });
  driver.judged(MODEL_CHECKS.rooms);
  driver.judged(MODEL_CHECKS.ratePlans);
  const roomList = rooms.body?.success === true && Array.isArray(rooms.body.Rooms) ? (rooms.body.Rooms as Array<Record<string, unknown>>) : undefined;
  const planList = plans.body?.success === true && Array.isArray(plans.body.RatePlans) ? (plans.body.RatePlans as Array<Record<string, unknown>>) : undefined;
  if (!roomList)
    throw new ModelMismatch(MODEL_CHECKS.rooms, 'GetRoomTypes answer', described('success true and a Rooms array'), rooms.body ?? null, [rooms.exchange]);
  if (!planList)
    throw new ModelMismatch(MODEL_CHECKS.ratePlans, 'GetRatePlans answer', described('success true and a RatePlans array'), plans.body ?? null, [
      plans.exchange,
    ]);
  const expected = predictedCatalogue(model);
  const actual = catalogueOf(roomList, planList, property);
  const expectedRooms = [...expected.keys()].sort();
  const actualRooms = [...actual.keys()].sort();
  if (expectedRooms.join('\n') !== actualRooms.join('\n'))
    throw new ModelMismatch(
      MODEL_CHECKS.rooms,
      "GetRoomTypes rooms of the sequence's property",
      described(showCatalogue(expected)),
      described(showCatalogue(actual)),
      [rooms.exchange],
    );
  for (const [label, rates] of expected) {
    const got = actual.get(label)!;
    if ([...rates].some((r) => !got.has(r)) || [...got].some((r) => !rates.has(r)))
      throw new ModelMismatch(
        MODEL_CHECKS.ratePlans,
        `GetRatePlans rate plans of room "${label}"`,
        described(showCatalogue(expected)),
        described(showCatalogue(actual)),
        [plans.exchange],
      );
  }
}
