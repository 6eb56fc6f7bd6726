// Generators for `for_each: {generator: ...}`: takes the rendered `with:` arguments and
// the profile, gives the list of items a step iterates over (e.g. ARIUpdate chunks). A
// generator of valid variations also splits an item whose request was refused into halves,
// each a request of its own, so that the refused variation ends up alone and named.
import type { Profile } from '../../profile/types.js';
import type { DataLimit } from '../../checks/data-limits.js';
import { addDays, endOfNextYear, formatDate } from '../../support/time.js';
import { fullRefreshChunks } from './ari-full-refresh.js';
import { roomByOtaId } from './room-by-ota-id.js';
import { createPropertyItem, runNonce } from './create-property.js';
import { ROOM_INFO_BASE, batchName, inventoryBase, inventoryOf, roomInfoBatches, updateRoomBase } from './allowed-values.js';
import { runPropertyBatches, runRoomBatches } from './property-variations.js';
import type { InventoryBase } from './allowed-values.js';
import { type Variation, applyVariations, halves } from '../../schemas/variations/index.js';
import type { VariedItem } from './varied-item.js';

export interface GeneratorInput {
  args: Record<string, unknown>;
  profile: Profile;
  now: number;
  /** Told how many of the candidate's items a limit left out (limits.candidate-data). */
  limited?: (limit: DataLimit) => void;
}

/** The candidate's room x rate plan pairs the profile lets the harness use, the cut reported. */
function pairLimit(input: GeneratorInput): { max: number; report: (total: number) => void } {
  const max = input.profile.limits.maxRatePlanPairs;
  return {
    max,
    report: (total) =>
      input.limited?.({ what: 'room x rate plan pairs (GetRoomTypes x GetRatePlans)', total, limit: max, setting: 'limits.max_rate_plan_pairs' }),
  };
}

export interface Generator {
  name: string;
  description: string;
  generate(input: GeneratorInput): unknown[];
  /** The items to send in place of one whose request was refused (halves of its variations); [] when it cannot be split. */
  split?(item: unknown): unknown[];
}

const ariFullRefresh: Generator = {
  name: 'ari-full-refresh',
  description: 'ARIUpdate chunks covering every room x rate plan pair from today to the end of next year',
  generate(input) {
    const { args, profile, now } = input;
    return fullRefreshChunks({
      rooms: args.rooms,
      ratePlans: args.rate_plans,
      pairs: pairLimit(input),
      from: typeof args.from === 'string' ? args.from : formatDate(now),
      to: typeof args.to === 'string' ? args.to : endOfNextYear(now),
      itemsPerRequest: profile.ari.itemsPerRequest,
      maxDaysPerRange: profile.ari.maxDaysPerRange,
    });
  },
};

const createProperty: Generator = {
  name: 'create-property',
  description: 'One CreateProperty item: fresh (or fixtures.create_property) credentials and a complete Property',
  generate({ profile, now }) {
    return [createPropertyItem(profile, now)];
  },
};

type Obj = Record<string, unknown>;

interface PropertyItem extends VariedItem {
  pms_property_id: string;
  wbp_property_id: string;
  wbp_property_password: string;
  Property: Obj;
  base: { pms: string; wbp: string; Property: Obj; sent: { count: number } };
}

/** A CreateProperty of its own (fresh ids: base id, then the request's number) for a batch. */
function propertyItem(base: PropertyItem['base'], password: string, batch: Variation[]): PropertyItem {
  base.sent.count += 1;
  const n = String(base.sent.count).padStart(2, '0');
  return {
    name: batchName(batch),
    variations: batch,
    pms_property_id: `${base.pms}${n}`,
    wbp_property_id: `${base.wbp}${n}`,
    wbp_property_password: password,
    Property: applyVariations(base.Property, batch),
    base,
  };
}

const propertyVariationsGenerator: Generator = {
  name: 'property-variations',
  description:
    'CreateProperty requests carrying every valid variation of the Property schema (each enum value, both flags, null, absent optional fields, maximum lengths, ...), batched; each with fresh credentials',
  generate({ profile, now }) {
    const created = createPropertyItem(profile, now);
    const base = { pms: created.pms_property_id, wbp: created.wbp_property_id, Property: created.Property, sent: { count: 0 } };
    return runPropertyBatches(created.Property, created.nonce).batches.map((batch) => propertyItem(base, created.wbp_property_password, batch));
  },
  split(item) {
    const it = item as PropertyItem;
    return halves(it.variations).map((half) => propertyItem(it.base, it.wbp_property_password, half));
  },
};

interface RoomItem extends VariedItem {
  room: Obj;
  base: { first: number; nonce: string; sent: { count: number } };
}

/** An UpdateRoom of its own (a new room: the next id from `first`) for a batch. */
function roomItem(base: RoomItem['base'], batch: Variation[]): RoomItem {
  const id = base.first + base.sent.count;
  base.sent.count += 1;
  return { name: batchName(batch), variations: batch, room: applyVariations(updateRoomBase(id, base.nonce), batch), base };
}

const FIRST_VARIED_ROOM = 200;

const roomVariationsGenerator: Generator = {
  name: 'room-variations',
  description:
    'UpdateRoom requests carrying every valid variation of the Room schema (each enum value, both flags, null, absent optional fields, maximum lengths, ...), batched; each a new room (pms_room_id from args.first_room_id, default 200, one more per request; labels carry args.nonce)',
  generate({ args }) {
    const first = Number.isSafeInteger(args.first_room_id) ? (args.first_room_id as number) : FIRST_VARIED_ROOM;
    const nonce = typeof args.nonce === 'string' && args.nonce !== '' ? args.nonce : runNonce();
    const base = { first, nonce, sent: { count: 0 } };
    return runRoomBatches(first, nonce).batches.map((batch) => roomItem(base, batch));
  },
  split(item) {
    const it = item as RoomItem;
    return halves(it.variations).map((half) => roomItem(it.base, half));
  },
};

interface AriItem extends VariedItem {
  Inventory: Obj[];
  base: InventoryBase;
}

const ariItem = (base: InventoryBase, variations: Variation[]): AriItem => ({
  name: batchName(variations),
  variations,
  Inventory: inventoryOf(base, variations),
  base,
});

const ariVariationsGenerator: Generator = {
  name: 'ari-variations',
  description:
    'One ARIUpdate whose Inventory items carry every valid variation of the Inventory item schema, for one night (args: rooms, rate_plans, date = default today + 200 days)',
  generate(input) {
    const { args, now } = input;
    const date = typeof args.date === 'string' ? args.date : addDays(formatDate(now), 200);
    const base = inventoryBase({ rooms: args.rooms, ratePlans: args.rate_plans, date, maxPairs: pairLimit(input).max });
    return base && base.variations.length > 0 ? [ariItem(base, base.variations)] : [];
  },
  split(item) {
    const it = item as AriItem;
    return halves(it.variations).map((half) => ariItem(it.base, half));
  },
};

interface RoomInfoItem extends VariedItem {
  RoomInfo: Obj[];
}

const roomInfoItem = (variations: Variation[]): RoomInfoItem => ({
  name: batchName(variations),
  variations,
  RoomInfo: applyVariations(structuredClone(ROOM_INFO_BASE) as Obj[], variations),
});

const roomInfoVariationsGenerator: Generator = {
  name: 'room-info-variations',
  description:
    'RoomInfo lists (a deep integration sends them with SetupProperty and GetRoomTypes) carrying every valid variation of the RoomInfo schema, batched',
  generate() {
    return roomInfoBatches().batches.map(roomInfoItem);
  },
  split(item) {
    return halves((item as RoomInfoItem).variations).map(roomInfoItem);
  },
};

const roomByOtaIdGenerator: Generator = {
  name: 'room-by-ota-id',
  description:
    'The room UpdateRoom changed (args.room), again, naming it by the OTA id GetRoomTypes lists it under (args.rooms; args.answers may map it) as wbp_room_id, a string; one item',
  generate: ({ args }) => roomByOtaId(args),
};

export const GENERATORS: ReadonlyMap<string, Generator> = new Map([
  [ariFullRefresh.name, ariFullRefresh],
  [createProperty.name, createProperty],
  [propertyVariationsGenerator.name, propertyVariationsGenerator],
  [roomVariationsGenerator.name, roomVariationsGenerator],
  [ariVariationsGenerator.name, ariVariationsGenerator],
  [roomInfoVariationsGenerator.name, roomInfoVariationsGenerator],
  [roomByOtaIdGenerator.name, roomByOtaIdGenerator],
]);
