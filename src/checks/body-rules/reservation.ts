// Reservation body rules: takes a GetBookingId response or a BookingCreate request body,
// gives verdicts on its prices (TotalPrice is the sum of the room prices; a room's day rates
// times its units are its price) and on the listed minimum fields.
import { SPEC } from '../../spec/sections.js';
import type { MessageName } from '../../spec/operations.js';
import type { BodyKind, CheckMeta, Verdict } from '../../spec/vocabulary.js';
import { fail, pass, unexpected } from '../check-verdict.js';
import type { BodyRule, JsonObject, Read } from './types.js';
import { defineRule, isFiniteNumber, isObject, MAX_OFFENDERS, notApplicable, offenders, plural, pointerOf, readArray, readObject, blocked } from './types.js';
import { RESERVATION_MINIMUM } from '../../spec/reservation-fields.js';

/** Prices are compared to the cent. */
export const PRICE_TOLERANCE = 0.01;
const EPSILON = 1e-9;

const APPLIES_TO: Array<{ name: MessageName; kind: BodyKind }> = [
  { name: 'GetBookingId', kind: 'response' },
  { name: 'BookingCreate', kind: 'request' },
];

function roundCents(value: number): number {
  return Math.round(value * 100) / 100;
}

function samePrice(a: number, b: number): boolean {
  return Math.abs(a - b) <= PRICE_TOLERANCE + EPSILON;
}

/** The reservation of either body; a failure response has none. */
function readReservation(body: unknown): Read<JsonObject> {
  const root = readObject(body, 'the body');
  if ('verdict' in root) return root;
  if (root.value.success === false) {
    return { verdict: notApplicable('the response is a failure (success false), it has no reservation') };
  }
  return readObject(root.value.reservation, 'reservation');
}

/** The reservation's Rooms as an array, or why there is nothing to add up. */
function readRooms(reservation: JsonObject): Read<unknown[]> {
  if (!Object.hasOwn(reservation, 'Rooms')) return { verdict: notApplicable('the reservation has no Rooms') };
  const rooms = readArray(reservation.Rooms, 'reservation.Rooms');
  if ('verdict' in rooms) return rooms;
  if (rooms.value.length === 0) return { verdict: notApplicable('reservation.Rooms is empty') };
  return rooms;
}

function checkTotalPrice(body: unknown, rule: CheckMeta): Verdict {
  const reservation = readReservation(body);
  if ('verdict' in reservation) return reservation.verdict;
  const total = reservation.value.TotalPrice;
  if (total === undefined) return notApplicable('the reservation has no TotalPrice');
  if (!isFiniteNumber(total)) return blocked('TotalPrice is not a number');
  const rooms = readRooms(reservation.value);
  if ('verdict' in rooms) return rooms.verdict;
  const prices = rooms.value.map((room) => (isObject(room) ? room.Price : undefined));
  if (!prices.every(isFiniteNumber)) {
    // Rooms' fields are "not shown"; Price is the predecessor's name for a room's price.
    return notApplicable('not every reservation.Rooms item carries a numeric Price');
  }
  const sum = roundCents(prices.reduce((a, b) => a + b, 0));
  const pointer = pointerOf('reservation', 'TotalPrice');
  if (samePrice(sum, total)) return pass(`TotalPrice ${total} equals the sum of ${plural(prices.length, 'room price')}`);
  return fail(unexpected('reservation TotalPrice', `the sum of the room prices, ${sum}`, total), {
    pointer,
    expected: sum,
    actual: total,
    schemaErrors: offenders(rule, [
      {
        pointer,
        message: `TotalPrice ${total} is not the sum of the room prices ${sum}`,
        params: { roomPrices: prices },
      },
    ]),
  });
}

interface DayRateCheck {
  pointer: string;
  expected: number;
  actual: number;
}

/** A room's day-rate check, when it carries numeric DayRates[].Rate, Units and Price. */
function dayRateCheck(room: unknown, index: number): DayRateCheck | undefined {
  if (!isObject(room) || !Array.isArray(room.DayRates) || room.DayRates.length === 0) return undefined;
  const rates = room.DayRates.map((d) => (isObject(d) ? d.Rate : undefined));
  const { Units: units, Price: price } = room;
  if (!rates.every(isFiniteNumber) || !isFiniteNumber(units) || !isFiniteNumber(price)) return undefined;
  const expected = roundCents(rates.reduce((a, b) => a + b, 0) * units);
  return { pointer: pointerOf('reservation', 'Rooms', index, 'Price'), expected, actual: price };
}

function checkDayRates(body: unknown, rule: CheckMeta): Verdict {
  const reservation = readReservation(body);
  if ('verdict' in reservation) return reservation.verdict;
  const rooms = readRooms(reservation.value);
  if ('verdict' in rooms) return rooms.verdict;
  const checks = rooms.value.map(dayRateCheck).filter((c): c is DayRateCheck => c !== undefined);
  if (checks.length === 0) return notApplicable('no room carries numeric DayRates[].Rate, Units and Price');
  const found = checks.filter((c) => !samePrice(c.expected, c.actual));
  if (found.length === 0) return pass(`Day rates times units equal the room price (${plural(checks.length, 'room')})`);
  const first = found[0]!;
  const listed = found.slice(0, MAX_OFFENDERS);
  return fail(unexpected(`room Price in ${plural(found.length, 'room')}`, `sum of DayRates[].Rate x Units = ${first.expected}`, first.actual), {
    pointer: first.pointer,
    expected: first.expected,
    actual: first.actual,
    schemaErrors: offenders(
      rule,
      listed.map((c) => ({
        pointer: c.pointer,
        message: `Price ${c.actual} is not the day rates times the units, ${c.expected}`,
        params: { expected: c.expected, actual: c.actual },
      })),
    ),
  });
}

function checkMinimumFields(body: unknown, rule: CheckMeta): Verdict {
  const reservation = readReservation(body);
  if ('verdict' in reservation) return reservation.verdict;
  const missing = RESERVATION_MINIMUM.filter((field) => !Object.hasOwn(reservation.value, field));
  if (missing.length === 0) return pass(`The reservation carries the listed minimum (${RESERVATION_MINIMUM.join(', ')})`);
  const pointer = pointerOf('reservation');
  return fail(
    unexpected(
      'reservation without some of the listed minimum fields',
      [...RESERVATION_MINIMUM],
      missing.length === 1 ? `${missing[0]} missing` : `${missing.join(', ')} missing`,
    ),
    {
      pointer,
      expected: [...RESERVATION_MINIMUM],
      actual: { missing },
      schemaErrors: offenders(
        rule,
        missing.map((field) => ({ pointer: pointerOf('reservation', field), message: `missing ${field}` })),
      ),
    },
  );
}

export const reservationTotalPrice: BodyRule = defineRule(
  {
    id: 'rule.reservation.total-price',
    rules: ['res-total-sum.2'],
    title: 'Reservation TotalPrice equals the sum of the room prices',
    level: 'required',
    spec: SPEC.reservation,
    appliesTo: APPLIES_TO,
  },
  checkTotalPrice,
);

export const reservationDayRates: BodyRule = defineRule(
  {
    id: 'rule.reservation.day-rates',
    rules: ['res-day-rates-units'],
    title: "A room's day rates times its units equal its price",
    level: 'required',
    spec: SPEC.reservation,
    appliesTo: APPLIES_TO,
  },
  checkDayRates,
);

export const reservationMinimumFields: BodyRule = defineRule(
  {
    id: 'rule.reservation.minimum-fields',
    rules: [
      'res-minimum-fields.1',
      'res-minimum-fields.2',
      'res-minimum-fields.3',
      'res-minimum-fields.4',
      'res-minimum-fields.5',
      'res-minimum-fields.6',
      'res-minimum-fields.7',
      'res-minimum-fields.8',
      'res-minimum-fields.9',
      'res-minimum-fields.10',
      'res-minimum-fields.11',
      'res-minimum-fields.12',
      'res-minimum-fields.13',
    ],
    title: 'The reservation carries the listed minimum fields',
    level: 'required',
    spec: SPEC.reservation,
    appliesTo: APPLIES_TO,
  },
  checkMinimumFields,
);
