// Code checks of the OTA target: takes GetRoomTypes/GetRatePlans/GetBookingList bodies
// and the run's settings, gives verdicts on what JSON Schema cannot relate (every room has
// a rate plan, plans name known rooms, rooms an operation did not delete are still listed,
// HTTPS).
import type { CodeCheck } from './types.js';
import { fail, pass, skip, unexpected } from '../check-verdict.js';
import { formatBookingVersion, parseBookingVersion } from '../../support/time.js';

type Obj = Record<string, unknown>;

function list(value: unknown, key: string): Obj[] | undefined {
  if (!value || typeof value !== 'object') return undefined;
  const items = (value as Obj)[key];
  return Array.isArray(items) ? (items.filter((i) => i && typeof i === 'object') as Obj[]) : undefined;
}

function roomIds(rooms: unknown): string[] | undefined {
  if (!Array.isArray(rooms)) return undefined;
  return rooms.map((r) => String((r as Obj)?.wbp_room_id));
}

export const httpsRequired: CodeCheck = {
  name: 'https-required',
  description: 'The candidate base URL uses HTTPS; --allow-http turns a plain-HTTP run into a warning',
  run({ profile, run, exchanges }) {
    const scheme = new URL(profile.baseUrl).protocol;
    if (scheme === 'https:') return pass('base_url uses HTTPS', { exchanges });
    const message = unexpected('scheme', 'https', scheme.replace(':', ''), 'HTTPS is required for every endpoint');
    return run.allowHttp
      ? fail(`${message}\n  allowed by --allow-http for local development: this run is not a certification of the production endpoint`, {
          exchanges,
          level: 'recommended',
          expected: 'https',
          actual: 'http',
        })
      : fail(message, { exchanges, expected: 'https', actual: 'http' });
  },
};

export const ratePlansCoverRooms: CodeCheck = {
  name: 'rate-plans-cover-rooms',
  description: 'Every room from GetRoomTypes has at least one rate plan of its own or a global one (wbp_room_id "0")',
  run({ subject, args, exchanges }) {
    const plans = list(subject, 'RatePlans');
    const rooms = roomIds(args.rooms);
    if (!plans || !rooms) return skip('rooms or rate plans are not available', 'blocked', { exchanges });
    if (plans.some((p) => p.wbp_room_id === '0')) return pass('a global rate plan (wbp_room_id "0") covers every room', { exchanges });
    const covered = new Set(plans.map((p) => String(p.wbp_room_id)));
    const bare = rooms.filter((r) => !covered.has(r));
    return bare.length === 0
      ? pass(`all ${rooms.length} room(s) have a rate plan`, { exchanges })
      : fail(unexpected('rooms without a rate plan', 'none', bare), { exchanges, pointer: '/RatePlans', expected: 'a plan per room', actual: bare });
  },
};

export const roomsKept: CodeCheck = {
  name: 'rooms-kept',
  description:
    'GetRoomTypes still lists every room it listed before an operation that deletes no room (args: before = the GetRoomTypes answer or Rooms before)',
  run({ subject, args, exchanges }) {
    const now = roomIds(list(subject, 'Rooms'));
    const before = roomIds(Array.isArray(args.before) ? args.before : list(args.before, 'Rooms'));
    if (!now || !before) return skip('the rooms before or after the operation are not available', 'blocked', { exchanges });
    const listed = new Set(now);
    const gone = before.filter((id) => !listed.has(id));
    if (gone.length === 0) return pass(`all ${before.length} room(s) listed before are still listed`, { exchanges });
    return fail(unexpected('rooms gone from GetRoomTypes', 'none (the operation deletes no room)', gone), {
      exchanges,
      pointer: '/Rooms',
      expected: before,
      actual: now,
    });
  },
};

export const ratePlansKnownRooms: CodeCheck = {
  name: 'rate-plans-known-rooms',
  description: 'Every rate plan names a room from GetRoomTypes or "0" for all rooms',
  run({ subject, args, exchanges }) {
    const plans = list(subject, 'RatePlans');
    const rooms = roomIds(args.rooms);
    if (!plans || !rooms) return skip('rooms or rate plans are not available', 'blocked', { exchanges });
    const known = new Set([...rooms, '0']);
    const strays = plans.map((p, i) => ({ i, room: p.wbp_room_id })).filter((p) => !known.has(String(p.room)));
    if (strays.length === 0) return pass(`all ${plans.length} rate plan(s) name a known room or "0"`, { exchanges });
    const first = strays[0]!;
    return fail(unexpected('wbp_room_id', `one of ${JSON.stringify([...known])}`, first.room, `${strays.length} plan(s) name unknown rooms`), {
      exchanges,
      pointer: `/RatePlans/${first.i}/wbp_room_id`,
      expected: [...known],
      actual: strays.map((s) => s.room),
    });
  },
};

export const ratePlansUniquePairs: CodeCheck = {
  name: 'rate-plans-unique-pairs',
  description: 'No (wbp_room_id, wbp_rate_id) pair is listed twice',
  run({ subject, exchanges }) {
    const plans = list(subject, 'RatePlans');
    if (!plans) return skip('no rate plans to look at', 'blocked', { exchanges });
    const seen = new Set<string>();
    for (const [i, p] of plans.entries()) {
      const key = `${String(p.wbp_room_id)}|${String(p.wbp_rate_id)}`;
      if (seen.has(key)) return fail(unexpected('duplicate rate plan', 'unique pairs', key), { exchanges, pointer: `/RatePlans/${i}` });
      seen.add(key);
    }
    return pass(`${plans.length} distinct pair(s)`, { exchanges });
  },
};

export const bookingsUnique: CodeCheck = {
  name: 'bookings-unique',
  description: 'GetBookingList lists each booking_id once',
  run({ subject, exchanges }) {
    const bookings = list(subject, 'Bookings');
    if (!bookings) return skip('no booking list to look at', 'blocked', { exchanges });
    const seen = new Set<unknown>();
    for (const [i, b] of bookings.entries()) {
      if (seen.has(b.booking_id))
        return fail(unexpected('duplicate booking_id', 'each id once', b.booking_id), { exchanges, pointer: `/Bookings/${i}/booking_id` });
      seen.add(b.booking_id);
    }
    return pass(`${bookings.length} distinct booking(s)`, { exchanges });
  },
};

/** Clock differences up to this are tolerated; a timezone offset (30 min or more) is not (D-011). */
export const ORDER_TIME_TOLERANCE_MS = 15 * 60_000;

export const reservationOrderTime: CodeCheck = {
  name: 'reservation-order-time',
  description: 'OrderDate/OrderTime of a booking made through a hook lie within 15 minutes of when the hook ran (args: from, to = clock ms)',
  run({ subject, args, exchanges }) {
    const reservation = (subject as Obj | undefined)?.reservation as Obj | undefined;
    const from = Number(args.from);
    const to = Number(args.to);
    if (!reservation || !Number.isFinite(from) || !Number.isFinite(to)) return skip('no reservation or hook times to compare', 'blocked', { exchanges });
    const { OrderDate: date, OrderTime: time } = reservation;
    const ordered = typeof date === 'string' && typeof time === 'string' ? parseBookingVersion(`${date} ${time}`) : undefined;
    if (ordered === undefined) return skip('OrderDate/OrderTime are not a valid date and time (see schema.response)', 'blocked', { exchanges });
    const low = Math.floor(from / 1000) * 1000 - ORDER_TIME_TOLERANCE_MS;
    const high = to + ORDER_TIME_TOLERANCE_MS;
    if (ordered >= low && ordered <= high) return pass(`ordered ${date} ${time} UTC, when the hook ran`, { exchanges });
    const offMin = Math.round((ordered < low ? ordered - from : ordered - to) / 60_000);
    return fail(
      unexpected(
        'OrderDate/OrderTime',
        `the UTC time the booking was made (${formatBookingVersion(from)})`,
        `${date} ${time} (${offMin > 0 ? '+' : ''}${offMin} min): a local time, or a wrong clock`,
      ),
      {
        exchanges,
        pointer: '/reservation/OrderTime',
        expected: formatBookingVersion(from),
        actual: `${date} ${time}`,
      },
    );
  },
};

export const OTA_CODE_CHECKS: CodeCheck[] = [
  httpsRequired,
  ratePlansCoverRooms,
  roomsKept,
  ratePlansKnownRooms,
  ratePlansUniquePairs,
  bookingsUnique,
  reservationOrderTime,
];
