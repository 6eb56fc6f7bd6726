// The setup flow a person starts by clicking "connect": takes the context and the PMS's
// rooms, gives the owner's mapping after HealthCheck, SetupProperty, GetRoomTypes and
// GetRatePlans, or the reason it stopped (the channel refused a step).
import { type PmsContext, send } from './context.js';
import type { CmOutcome } from './cm-client.js';
import { type Mapping, buildMapping } from './mapping.js';
import type { PmsRoom } from './property.js';

export type SetupResult = { ok: true; mapping: Mapping } | { ok: false; reason: string };

const stopped = (operation: string, outcome: CmOutcome): SetupResult => ({
  ok: false,
  reason: `${operation} failed: ${outcome.ok ? 'unusable answer' : outcome.error}`,
});

async function healthCheck(ctx: PmsContext): Promise<SetupResult | undefined> {
  const outcome = await send(ctx, 'HealthCheck');
  return outcome.ok ? undefined : stopped('HealthCheck', outcome);
}

/** `afterSetup` runs right after a successful SetupProperty (a PMS that syncs its property while connecting). */
export async function runSetup(ctx: PmsContext, pmsRooms: readonly PmsRoom[], afterSetup?: () => Promise<void>): Promise<SetupResult> {
  const { faults } = ctx;
  const healthFirst = !faults.has('skip-healthcheck') && !faults.has('healthcheck-after-setup');
  if (healthFirst) {
    const refused = await healthCheck(ctx);
    if (refused) return refused;
  }
  // request-before-setup: a poll goes out before the credentials were verified.
  if (faults.has('request-before-setup')) await send(ctx, 'GetBookingList', { wbp_booking_version: null });
  const setup = await send(ctx, 'SetupProperty');
  if (!setup.ok) return stopped('SetupProperty', setup);
  ctx.state.setupAt = ctx.clock.now();
  if (afterSetup) await afterSetup();
  if (faults.has('healthcheck-after-setup')) {
    const refused = await healthCheck(ctx);
    if (refused) return refused;
  }
  const rooms = await send(ctx, 'GetRoomTypes');
  if (!rooms.ok || !Array.isArray(rooms.body.Rooms)) return stopped('GetRoomTypes', rooms);
  let plans: unknown = [];
  if (!faults.has('skip-rate-plans')) {
    const answer = await send(ctx, 'GetRatePlans');
    if (!answer.ok || !Array.isArray(answer.body.RatePlans)) return stopped('GetRatePlans', answer);
    plans = answer.body.RatePlans;
  }
  return { ok: true, mapping: buildMapping(rooms.body.Rooms, plans, pmsRooms, faults) };
}
