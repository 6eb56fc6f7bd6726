// The reference PMS's deep integration: takes the context and its sync fixture (default
// fixtures/pms-property-sync.json), sends what a PMS sends when a property is created and
// its rooms and rate plans change: CreateProperty, UpdateRoom for a changed and a new room,
// UpdateRatePlan, DeleteRatePlan and DeleteRoom, with the one violation of a body fault.
import { readFileSync } from 'node:fs';
import { packagePath } from '../../support/package-root.js';
import { type PmsContext, send } from './context.js';
import type { PmsFault } from './faults.js';

type Obj = Record<string, unknown>;

export interface PropertySyncFixture {
  /** CreateProperty's Property: the PMS's rooms with rate plans, taxes, images. */
  property: Obj;
  /** UpdateRoom's room after a change in the PMS. */
  changed_room: Obj;
  /** UpdateRoom's room for a room added in the PMS. */
  new_room: Obj;
  /** UpdateRatePlan's rate plan: its fields are "not shown" in the spec. */
  update_rate_plan: Obj;
  delete_rate_plan: number;
  delete_room: number;
}

export function defaultPropertySyncPath(): string {
  return packagePath('fixtures', 'pms-property-sync.json');
}

export function loadPropertySyncFixture(path: string = defaultPropertySyncPath()): PropertySyncFixture {
  return JSON.parse(readFileSync(path, 'utf8')) as PropertySyncFixture;
}

/** A deep copy, so that a fault never changes the fixture itself. */
function copy<T>(value: T): T {
  return structuredClone(value);
}

const at = (value: unknown, ...path: Array<string | number>): Obj =>
  path.reduce<unknown>((node, key) => (node as Record<string | number, unknown>)[key], value) as Obj;

/** Each body fault breaks exactly one rule of CreateProperty's Property. */
const PROPERTY_FAULTS: Partial<Record<PmsFault, (p: Obj) => void>> = {
  'dormitory-without-gender': (p) => delete at(p, 'rooms', 2).gender,
  'tax-amount-and-amounts': (p) => void (at(p, 'taxes', 1).amount = 2.2),
  'lowercase-country': (p) => {
    p.country = String(p.country).toLowerCase();
    at(p, 'address').country = p.country;
  },
  'meal-code-2': (p) => void (at(p, 'rooms', 0, 'rateplans', 1).meal_codes = [2]),
  'image-description-2001-chars': (p) => void (at(p, 'images', 0).description = 'Lake view. '.repeat(182).slice(0, 2001)),
  'calculation-basis-without-percent': (p) => void (at(p, 'taxes', 0).calculation_basis = 'rate'),
  'unknown-condition-parameter': (p) => void (at(p, 'taxes', 1, 'amounts', 0, 'conditions', 0).condition_parameter = 'guest-age'),
  'weekend-day-misspelled': (p) => void (p.weekend = ['friday', 'saturady']),
  'breakfast-invalid': (p) => void (p.breakfast = 'YES'),
  'currency-not-iso': (p) => void (p.currency = 'EURO'),
  'tax-applies-per-night': (p) => void (at(p, 'taxes', 2).applies_per = 'night'),
};

export function propertyBody(fixture: PropertySyncFixture, faults: ReadonlySet<PmsFault>): Obj {
  const property = copy(fixture.property);
  for (const [fault, apply] of Object.entries(PROPERTY_FAULTS)) if (faults.has(fault as PmsFault)) apply(property);
  return property;
}

export function changedRoomBody(fixture: PropertySyncFixture, faults: ReadonlySet<PmsFault>): Obj {
  const room = copy(fixture.changed_room);
  if (faults.has('rateplans-without-default-0') && Array.isArray(room.rateplans)) {
    room.rateplans = (room.rateplans as Obj[]).filter((plan) => plan.pms_rate_id !== 0);
  }
  return room;
}

/**
 * Sends the whole sequence; a refused step is noted and the next one still goes out.
 * `connect` is the order of a PMS that syncs as part of connecting (deletions before the
 * rate plan change), which the spec's flow allows as well.
 */
export async function runPropertySync(ctx: PmsContext, fixture: PropertySyncFixture, order: 'hook' | 'connect' = 'hook'): Promise<void> {
  const { faults } = ctx;
  const updateRatePlan = (): Promise<unknown> => send(ctx, 'UpdateRatePlan', { rateplan: copy(fixture.update_rate_plan) });
  await send(ctx, 'CreateProperty', { Property: propertyBody(fixture, faults) });
  await send(ctx, 'UpdateRoom', { room: changedRoomBody(fixture, faults) });
  await send(ctx, 'UpdateRoom', { room: copy(fixture.new_room) });
  if (order === 'hook') await updateRatePlan();
  await send(ctx, 'DeleteRatePlan', { rateplan: { pms_rate_id: fixture.delete_rate_plan } });
  await send(ctx, 'DeleteRoom', { room: { pms_room_id: fixture.delete_room } });
  if (order === 'connect') await updateRatePlan();
  ctx.state.propertySyncs += 1;
}
