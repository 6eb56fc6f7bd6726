// A synthetic full ARI refresh of a large PMS: takes rooms, rate plans per room, days and
// items per request, gives the PropertyFixture the mock channel manager serves and the
// ARIUpdate bodies (daily items, values that change every day) a PMS sends for it.
import { randomUUID } from 'node:crypto';
import type { PropertyFixture } from '../src/channel-manager/index.js';
import { addDays, formatDate } from '../src/support/time.js';

export interface RefreshShape {
  rooms: number;
  plansPerRoom: number;
  days: number;
  itemsPerRequest: number;
}

/** What the channel manager issued to the PMS: the envelope every request carries. */
export interface Issued {
  sharedSecret: string;
  pmsCid: string;
  property: { pms_property_id: number; wbp_property_id: string; wbp_property_password: string };
}

const FIRST_ROOM_ID = 5001;

export function roomId(room: number): string {
  return String(FIRST_ROOM_ID + room);
}

export function rateId(room: number, plan: number): string {
  return `${roomId(room)}-P${plan}`;
}

/** N rooms, each with its own `plansPerRoom` rate plans (no global plans), EUR, no bookings. */
export function syntheticFixture(rooms: number, plansPerRoom: number): PropertyFixture {
  const fixture: PropertyFixture = { name: `Bench property (${rooms} rooms)`, currency: 'EUR', rooms: [], rate_plans: [], bookings: [] };
  for (let r = 0; r < rooms; r++) {
    fixture.rooms.push({
      wbp_room_id: FIRST_ROOM_ID + r,
      pms_room_id: r + 1,
      label: `Room type ${r + 1}`,
      maxPersons: 2 + (r % 3),
      dorm: false,
      units: 5,
      base_rate: 80,
    });
    for (let p = 0; p < plansPerRoom; p++)
      fixture.rate_plans.push({ wbp_room_id: roomId(r), wbp_rate_id: rateId(r, p), title: `Plan ${p + 1} of room ${r + 1}` });
  }
  return fixture;
}

export function totalItems(shape: RefreshShape): number {
  return shape.rooms * shape.plansPerRoom * shape.days;
}

export function totalRequests(shape: RefreshShape): number {
  return Math.ceil(totalItems(shape) / shape.itemsPerRequest);
}

/**
 * The k-th item of the refresh: pairs in order, each walked day by day from `from`.
 * units depend on room and day only (equal across a room's plans); rates change daily.
 */
function item(shape: RefreshShape, k: number, dates: readonly string[]): Record<string, unknown> {
  const pair = Math.floor(k / shape.days);
  const day = k - pair * shape.days;
  const room = Math.floor(pair / shape.plansPerRoom);
  const plan = pair - room * shape.plansPerRoom;
  const date = dates[day]!;
  const weekend = day % 7 >= 5;
  return {
    wbp_room_id: roomId(room),
    wbp_rate_id: rateId(room, plan),
    start_date: date,
    end_date: date,
    units: (day * 7 + room) % 6,
    rate: (80 + plan * 7 + (day % 29) + (weekend ? 25 : 0)).toFixed(2),
    min_los: weekend ? 2 : 1,
    closearr: false,
    adult_2: (95 + plan * 7 + (day % 29)).toFixed(2),
  };
}

/** The days of the refresh, from `today` on. */
export function refreshDates(today: number, days: number): string[] {
  const first = formatDate(today);
  return Array.from({ length: days }, (_, i) => addDays(first, i));
}

/** Body of request `index` (0-based) as JSON text, with a fresh guid. */
export function refreshBody(shape: RefreshShape, index: number, dates: readonly string[], issued: Issued): string {
  const from = index * shape.itemsPerRequest;
  const to = Math.min(from + shape.itemsPerRequest, totalItems(shape));
  const inventory: Array<Record<string, unknown>> = [];
  for (let k = from; k < to; k++) inventory.push(item(shape, k, dates));
  const { property, sharedSecret, pmsCid } = issued;
  return JSON.stringify({
    pms_property_id: property.pms_property_id,
    wbp_property_id: property.wbp_property_id,
    wbp_property_password: property.wbp_property_password,
    guid: randomUUID(),
    shared_secret: sharedSecret,
    pms_cid: pmsCid,
    verb: 'ARIUpdate',
    currency: 'EUR',
    Inventory: inventory,
  });
}
