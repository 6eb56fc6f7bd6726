// The correct variants of the reference PMS: takes nothing, gives the behaviours another
// conforming PMS may show (another order or timing the spec allows; names and descriptions
// in ../correct-variants.ts). Unlike the faults, each must be certified.
import type { PmsCorrectVariant } from '../correct-variants.js';
import type { BookedStay } from '../ledger.js';
import type { PmsVariant } from './variant.js';

/** late-setup-refresh: how long (clock time) the refresh after setup waits to start. */
const LATE_REFRESH_MS = 5_000;

/** throttled-refresh: the pause (clock time) between the requests of a full refresh. */
const THROTTLE_MS = 9_000;

/** queued-availability: how long (clock time) an availability update waits after its import. */
const QUEUED_AVAILABILITY_MS = 4_000;

export const CORRECT_VARIANTS: Readonly<Record<PmsCorrectVariant, PmsVariant>> = {
  'property-ops-at-connect': (Base) =>
    class extends Base {
      override syncsWhileConnecting(): boolean {
        return true;
      }
    },
  'notify-fetch-30ms': (Base) =>
    class extends Base {
      override notifyDelayMs(): number {
        return 30;
      }
    },
  // The first NotifyBooking is answered by the next scheduled poll instead of an extra one,
  // when that poll is due within a second (well within the reaction deadline); later ones
  // get a poll at once.
  'notify-first-on-schedule': (Base) =>
    class extends Base {
      private firstSeen = false;

      override leavesNotifyToSchedule(dueInMs: number | undefined): boolean {
        if (this.firstSeen) return super.leavesNotifyToSchedule(dueInMs);
        this.firstSeen = true;
        return dueInMs !== undefined && dueInMs <= 1_000;
      }
    },
  'late-setup-refresh': (Base) =>
    class extends Base {
      override refreshDelayAfterSetupMs(): number {
        return LATE_REFRESH_MS;
      }
    },
  'throttled-refresh': (Base) =>
    class extends Base {
      override refreshPauseMs(): number {
        return THROTTLE_MS;
      }
    },
  'queued-availability': (Base) =>
    class extends Base {
      override availabilityDelayMs(): number {
        return QUEUED_AVAILABILITY_MS;
      }
    },
  'availability-span': (Base) =>
    class extends Base {
      override availabilityStays(stays: readonly BookedStay[]): readonly BookedStay[] {
        return spanPerRoom(super.availabilityStays(stays));
      }
    },
};

/** One stay per room, from its earliest first night to its latest last night (units do not matter to the update). */
function spanPerRoom(stays: readonly BookedStay[]): BookedStay[] {
  const spans = new Map<string, BookedStay>();
  for (const stay of stays) {
    const span = spans.get(stay.room);
    spans.set(
      stay.room,
      span
        ? { ...span, start: stay.start < span.start ? stay.start : span.start, lastNight: stay.lastNight > span.lastNight ? stay.lastNight : span.lastNight }
        : { ...stay },
    );
  }
  return [...spans.values()];
}
