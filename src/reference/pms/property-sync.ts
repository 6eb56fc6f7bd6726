// The reference PMS's deep integration: takes the context and its sync fixture (default
// fixtures/pms-property-sync.json), sends what a PMS sends when a property is created and
// its rooms and rate plans change: CreateProperty, UpdateRoom for a changed and a new room,
// UpdateRatePlan, DeleteRatePlan and DeleteRoom, each body as its behaviour holds it.
import { readFileSync } from 'node:fs';
import { packagePath } from '../../support/package-root.js';
import { type PmsContext, send } from './context.js';

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

/** A deep copy, so that nothing sent ever changes the fixture itself. */
function copy<T>(value: T): T {
  return structuredClone(value);
}

/**
 * Sends the whole sequence; a refused step is noted and the next one still goes out.
 * `connect` is the order of a PMS that syncs as part of connecting (deletions before the
 * rate plan change), which the spec's flow allows as well. `activated`: the channel manager
 * activated CreateProperty for the channel (out of band; without it no CreateProperty goes out).
 */
export async function runPropertySync(ctx: PmsContext, fixture: PropertySyncFixture, order: 'hook' | 'connect' = 'hook', activated = true): Promise<void> {
  const data = ctx.behaviour.syncData(fixture);
  const updateRatePlan = (): Promise<unknown> => send(ctx, 'UpdateRatePlan', { rateplan: copy(data.update_rate_plan) });
  if (ctx.behaviour.sendsCreateProperty(activated)) await send(ctx, 'CreateProperty', { Property: copy(data.property) });
  await send(ctx, 'UpdateRoom', { room: copy(data.changed_room) });
  await send(ctx, 'UpdateRoom', { room: copy(data.new_room) });
  if (order === 'hook') await updateRatePlan();
  await send(ctx, 'DeleteRatePlan', { rateplan: { pms_rate_id: data.delete_rate_plan } });
  await send(ctx, 'DeleteRoom', { room: { pms_room_id: data.delete_room } });
  if (order === 'connect') await updateRatePlan();
  ctx.state.propertySyncs += 1;
}
