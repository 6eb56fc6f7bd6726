// What PMS-target code checks may read: takes the run context and a window start, gives
// the PmsFacts (all inbound traffic, the ARI ledgers, the mapped pairs).
import type { PmsFacts } from '../../checks/code/types.js';
import type { StepEnv } from '../step-env.js';
import { occupancy } from '../../channel-manager/index.js';

const CALLBACKS = new Set(['NotifyBooking', 'BookingCreate', 'ARIFullRefresh', 'RoomInfo']);

/** The callbacks the harness sent the PMS so far (exchange id, operation, clock time sent): all a reaction's wait reads. */
export function sentCallbacks(env: StepEnv): Array<{ id: string; operation: string; at: number }> {
  return env.ctx.log
    .all()
    .filter((x) => x.direction === 'outbound' && CALLBACKS.has(String(x.operation)))
    .map((x) => ({ id: x.id, operation: String(x.operation), at: Date.parse(x.startedAt) }));
}

export function pmsFacts(env: StepEnv, windowStart: number, windowKey = 'run'): PmsFacts | undefined {
  const pms = env.ctx.pms;
  if (!pms) return undefined;
  return {
    inbound: pms.mock.inbound.all(),
    ledger: (key) => pms.judge.ledger(key),
    propertyLedger: (key, pmsPropertyId) => pms.judge.propertyLedger(key, pmsPropertyId),
    mappedPairs: pms.mock.mappedPairs(),
    windowStart,
    windowKey,
    callbacks: sentCallbacks(env),
    outbound: env.ctx.log.all().filter((x) => x.direction === 'outbound'),
    bookings: {
      baseline: pms.baseline,
      changes: pms.mock.model.bookings.changes(),
      firstList: pms.mock.model.bookings.firstList(),
      firstListInventory: pms.judge.firstListInventory(),
      booked: occupancy(pms.mock.model.bookings.all()),
    },
  };
}
