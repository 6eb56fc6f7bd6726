// Variants of the reference PMS's setup flow: takes nothing, gives the variants whose setup
// skips or moves HealthCheck, polls before SetupProperty, skips GetRatePlans, or maps no
// global rate plan.
import type { CmOutcome } from '../cm-client.js';
import type { SetupStep } from '../behaviour.js';
import type { PmsFault } from '../faults.js';
import type { OperationName } from '../../../spec/operations.js';
import type { PmsVariant } from './variant.js';

type SetupFault =
  | 'skip-healthcheck'
  | 'healthcheck-after-setup'
  | 'request-before-setup'
  | 'skip-rate-plans'
  | 'skip-global-plans'
  | 'mapping-before-setup'
  | 'continues-after-refusal';

/** The setup flow's steps changed. */
function steps(change: (steps: readonly SetupStep[]) => SetupStep[]): PmsVariant {
  return (Base) =>
    class extends Base {
      override setupSteps(): readonly SetupStep[] {
        return change(super.setupSteps());
      }
    };
}

const without = (steps: readonly SetupStep[], step: SetupStep): SetupStep[] => steps.filter((s) => s !== step);

/** `step` inserted before the first `before`. */
function insertBefore(steps: readonly SetupStep[], before: SetupStep, step: SetupStep): SetupStep[] {
  const at = steps.indexOf(before);
  return at < 0 ? [...steps] : [...steps.slice(0, at), step, ...steps.slice(at)];
}

export const SETUP_VARIANTS: Readonly<Record<SetupFault, PmsVariant>> = {
  'skip-healthcheck': steps((s) => without(s, 'HealthCheck')),
  'healthcheck-after-setup': steps((s) => insertBefore(without(s, 'HealthCheck'), 'GetRoomTypes', 'HealthCheck')),
  // A poll goes out before the credentials were verified.
  'request-before-setup': steps((s) => insertBefore(s, 'SetupProperty', { send: 'GetBookingList', fields: { wbp_booking_version: null } })),
  'skip-rate-plans': steps((s) => without(s, 'GetRatePlans')),
  // Rooms and rate plans are read before the credentials were verified (a recommended order).
  'mapping-before-setup': steps((s) => [
    ...without(without(without(s, 'SetupProperty'), 'GetRoomTypes'), 'GetRatePlans'),
    'GetRoomTypes',
    'GetRatePlans',
    'SetupProperty',
  ]),
  // Its sync job goes on for a property whose SetupProperty was refused (1001, 1002); it connects again when asked.
  'continues-after-refusal': (Base) =>
    class extends Base {
      override afterRefusedSetup(): readonly OperationName[] {
        return ['GetRoomTypes', 'GetRatePlans', 'GetBookingList'];
      }
    },
  // GetRatePlans read without its global rate plans (wbp_room_id "0"): no room gets them.
  'skip-global-plans': (Base) =>
    class extends Base {
      override incoming(operation: OperationName, outcome: CmOutcome): CmOutcome {
        const read = super.incoming(operation, outcome);
        if (operation !== 'GetRatePlans' || !read.ok || !Array.isArray(read.body.RatePlans)) return read;
        const plans = (read.body.RatePlans as unknown[]).filter((plan) => !isGlobal(plan));
        return { ...read, body: { ...read.body, RatePlans: plans } };
      }
    },
} satisfies Partial<Record<PmsFault, PmsVariant>>;

function isGlobal(plan: unknown): boolean {
  const room = typeof plan === 'object' && plan !== null ? (plan as Record<string, unknown>).wbp_room_id : undefined;
  return (typeof room === 'string' || typeof room === 'number') && String(room) === '0';
}
