// Deliberate changes to what the baseline (verdicts-830a99d.json) recorded, each with the
// issue and reason that make it. verdict-baseline.ts fails on any difference not listed
// here. A change is scoped to a target, a check id (or '(verdict)'), the variants it
// applies to ('*' for all, '(reference)' for the reference run) and a test of the old and
// new values it accepts.

export interface CheckChange {
  target: 'ota' | 'pms';
  check: string;
  variants: '*' | string[];
  /** was/now: "outcome|level[|skipKind]" (undefined when absent), or the verdict word for '(verdict)'. */
  accepts: (was: string | undefined, now: string | undefined) => boolean;
  why: string;
}

export interface AddedCheck {
  target: 'ota' | 'pms';
  check: string;
  why: string;
}

/** Only the level differs: the outcome stays, read at the new level (fail <-> warn follows the level). */
export function levelChange(from: string, to: string): CheckChange['accepts'] {
  const at = (level: string, outcome: string): string => {
    if (outcome === 'fail' || outcome === 'warn') return `${level === 'required' ? 'fail' : 'warn'}|${level}`;
    return `${outcome}|${level}`;
  };
  return (was, now) => {
    if (was === undefined || now === undefined) return false;
    const [outcome, level, ...rest] = was.split('|');
    if (level !== from) return false;
    return [at(to, outcome!), ...rest].join('|') === now;
  };
}

/** The old value, or (with `alt`) one other value that timing decides. */
function eitherOf(was: string, alt: string): CheckChange['accepts'] {
  return (before, now) => before === was && (now === was || now === alt);
}

export const CHANGED_CHECKS: CheckChange[] = [
  {
    target: 'pms',
    check: 'pms.booking.availability-updated',
    variants: ['slow-polling'],
    accepts: eitherOf('pass|required', 'fail|required'),
    why: "Issue 20 item 4: a booking is now due by the PMS's last poll before it plus the interval and the tolerance; a PMS polling every two intervals misses it, and whether its late fetch's availability update still falls in the window that follows depends on how busy the machine is",
  },
  {
    target: 'pms',
    check: 'pms.booking.acked',
    variants: ['slow-polling'],
    accepts: eitherOf('pass|recommended', 'warn|recommended'),
    why: 'Issue 20 item 4: as pms.booking.availability-updated for slow-polling: the acknowledgement of a booking fetched after its deadline may come after the window',
  },
];

export const ADDED_CHECKS: AddedCheck[] = [
  {
    target: 'pms',
    check: 'pms.booking.fetch-retried',
    why: 'Issue 20 item 4: the mock answers the first GetBookingId of one booking with an error; a failed fetch imports nothing, so the booking must be fetched again (booking-poll-then-fetch, required)',
  },
  {
    target: 'ota',
    check: 'setup.setup-property.room-info-accepted',
    why: 'Issue 20 item 2: SetupProperty carrying every valid RoomInfo variation generated from the schema (recommended: roominfo-absent-default)',
  },
];
