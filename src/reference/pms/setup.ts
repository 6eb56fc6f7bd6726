// The setup flow a person starts by clicking "connect": takes the context and the PMS's
// rooms, gives the owner's mapping after the steps its behaviour lists (HealthCheck,
// SetupProperty, GetRoomTypes and GetRatePlans), or the reason it stopped (the channel
// refused a step).
import { type PmsContext, send } from './context.js';
import type { CmOutcome } from './cm-client.js';
import { type Mapping, buildMapping } from './mapping.js';
import type { PmsRoom } from './property.js';

export type SetupResult = { ok: true; mapping: Mapping } | { ok: false; reason: string };

const stopped = (operation: string, outcome: CmOutcome): SetupResult => ({
  ok: false,
  reason: `${operation} failed: ${outcome.ok ? 'unusable answer' : outcome.error}`,
});

/** `afterSetup` runs right after a successful SetupProperty (a PMS that syncs its property while connecting). */
export async function runSetup(ctx: PmsContext, pmsRooms: readonly PmsRoom[], afterSetup?: () => Promise<void>): Promise<SetupResult> {
  let rooms: unknown = [];
  let plans: unknown = [];
  for (const step of ctx.behaviour.setupSteps()) {
    if (typeof step === 'object') {
      await send(ctx, step.send, step.fields);
      continue;
    }
    const outcome = await send(ctx, step);
    if (step === 'GetRoomTypes' && (!outcome.ok || !Array.isArray(outcome.body.Rooms))) return stopped(step, outcome);
    if (step === 'GetRatePlans' && (!outcome.ok || !Array.isArray(outcome.body.RatePlans))) return stopped(step, outcome);
    if (!outcome.ok) return stopped(step, outcome);
    if (step === 'GetRoomTypes') rooms = outcome.body.Rooms;
    if (step === 'GetRatePlans') plans = outcome.body.RatePlans;
    if (step === 'SetupProperty') {
      ctx.state.setupAt = ctx.clock.now();
      if (afterSetup) await afterSetup();
    }
  }
  return { ok: true, mapping: buildMapping(rooms, plans, pmsRooms) };
}
