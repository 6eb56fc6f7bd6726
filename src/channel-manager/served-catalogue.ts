// The rooms and rate plans the mock channel manager serves, varied as the schemas allow
// (issue 20 item 2): takes the property fixture and each GetRoomTypes answer, gives the
// fixture with one more rate plan whose id is a numeric-looking string with leading zeros
// ("000123"; GetRatePlans, beside the global plans "0") and one whose title is text beyond
// ASCII, and the Rooms of GetRoomTypes with their optional fields left out, one room each,
// and labels beyond ASCII. `dorm: true` stays: it says units count
// beds (spec: Inventory item, units), which the PMS needs to send the right availability;
// and the room x rate plan pairs the catalogue maps (what a PMS may send ARI for).
import type { PropertyFixture } from './index.js';
import { arrayOf } from '../schemas/definitions/common.js';
import { ratePlansItemSchema, roomTypesItemSchema } from '../schemas/definitions/responses.js';
import { validateBody } from '../schemas/index.js';
import { type Variation, applyVariations, batchVariations, generateVariations, getAt } from '../schemas/variations/index.js';
import { memoShapes } from './shape-memo.js';

const roomsValid = (Rooms: unknown): boolean => validateBody('GetRoomTypes', 'response', { success: true, Rooms }).length === 0;
const plansValid = (plan: unknown): boolean => validateBody('GetRatePlans', 'response', { success: true, RatePlans: [plan] }).length === 0;

export interface ShapedFixture {
  fixture: PropertyFixture;
  /** The rate plan variations it added (their names). */
  added: string[];
}

/** The id and title variations of one rate plan. */
function planVariations(own: PropertyFixture['rate_plans'][number]): Variation[] {
  return generateVariations(
    ratePlansItemSchema(),
    { ...own },
    {
      isValid: plansValid,
      fixed: (_pointer, key) => key !== 'wbp_rate_id' && key !== 'title',
    },
  ).variations;
}

/**
 * The fixture with a copy of the first room's own rate plan under each generated id shape,
 * and one under each generated title shape (text beyond ASCII), with an id of its own: a
 * PMS that drops or mangles one is found by the pair it leaves out.
 */
export function shapedFixture(fixture: PropertyFixture): ShapedFixture {
  const own = fixture.rate_plans.find((plan) => plan.wbp_room_id !== '0');
  if (!own) return { fixture, added: [] };
  const variations = memoShapes('rate-plan', own, () => planVariations(own));
  const taken = new Set(fixture.rate_plans.map((plan) => plan.wbp_rate_id));
  const ids = variations.filter((v) => v.kind === 'id' && typeof v.value === 'string' && !taken.has(v.value));
  const titles = variations.filter((v) => v.kind === 'text' && v.location.endsWith('title'));
  const plans = [
    ...ids.map((v) => ({ ...applyVariations({ ...own }, [v]), title: `${own.title} (${v.name})` })),
    ...titles.map((v, i) => ({ ...applyVariations({ ...own }, [v]), wbp_rate_id: `${own.wbp_rate_id}-T${i + 1}` })),
  ].filter((plan) => !taken.has(plan.wbp_rate_id));
  if (plans.length === 0) return { fixture, added: [] };
  return { fixture: { ...fixture, rate_plans: [...fixture.rate_plans, ...plans] }, added: [...ids, ...titles].map((v) => v.name) };
}

/** The first batch of Rooms variations that combine: optional fields absent, labels beyond ASCII. */
function roomVariations(rooms: unknown[]): Variation[] | undefined {
  const { variations } = generateVariations(arrayOf(roomTypesItemSchema()), rooms, {
    isValid: roomsValid,
    fixed: (pointer, key) => key === 'wbp_room_id' || (key === 'dorm' && getAt(rooms, pointer) === true),
  });
  const shaped = variations.filter((v) => v.kind === 'absent' || v.kind === 'text');
  return batchVariations(rooms, shaped, roomsValid)[0];
}

/** GetRoomTypes' Rooms with each optional field absent on one room, and labels beyond ASCII on the others (the variations that combine). */
export function shapedRooms(rooms: unknown): { Rooms: unknown; variations: Variation[] } {
  if (!Array.isArray(rooms) || rooms.length === 0) return { Rooms: rooms, variations: [] };
  const batch = memoShapes('rooms', rooms, () => roomVariations(rooms));
  return batch ? { Rooms: applyVariations(rooms, batch), variations: batch } : { Rooms: rooms, variations: [] };
}

/** Known room x rate plan pairs: what a PMS may send ARI for (per room, its plans in fixture order). */
export function mappedPairsOf(fixture: PropertyFixture): Array<{ room: string; rate: string }> {
  // Plans grouped by room once, so a large property costs rooms + plans, not rooms x plans.
  const positions = new Map<string, number[]>();
  fixture.rate_plans.forEach((plan, index) => {
    const list = positions.get(plan.wbp_room_id);
    if (list) list.push(index);
    else positions.set(plan.wbp_room_id, [index]);
  });
  const global = positions.get('0') ?? [];
  const pairs: Array<{ room: string; rate: string }> = [];
  for (const room of fixture.rooms) {
    const id = String(room.wbp_room_id);
    const own = id === '0' ? [] : (positions.get(id) ?? []);
    for (const index of mergeSorted(own, global)) pairs.push({ room: id, rate: fixture.rate_plans[index]!.wbp_rate_id });
  }
  return pairs;
}

/** Two ascending index lists as one ascending list. */
function mergeSorted(a: readonly number[], b: readonly number[]): number[] {
  if (a.length === 0) return [...b];
  if (b.length === 0) return [...a];
  const out: number[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) out.push(j >= b.length || (i < a.length && a[i]! < b[j]!) ? a[i++]! : b[j++]!);
  return out;
}
