// How much of a candidate's data the harness works through: takes a loop's count and its
// limit (a profile setting with a documented default, src/profile/defaults.ts), gives the
// verdict of limits.candidate-data — a pass within the limit, a warning past it that says
// what was cut, the setting and its value. The candidate decides how long its lists are;
// the harness never sends a request per item past a limit (issue 21 item 3).
import { SPEC } from '../spec/sections.js';
import type { CheckMeta, Verdict } from '../spec/vocabulary.js';
import { fail, pass } from './check-verdict.js';

export const DATA_LIMIT_CHECK = {
  id: 'limits.candidate-data',
  title: "The candidate's data fits the profile's limits (what is past a limit is not worked through)",
  level: 'recommended',
  spec: SPEC.limits,
  rules: [],
} as const satisfies CheckMeta;

export interface DataLimit {
  /** What was counted: "bookings listed by GetBookingList", "room x rate plan pairs". */
  what: string;
  total: number;
  /** The limit, and the profile setting it comes from ("limits.max_bookings_fetched"). */
  limit: number;
  setting: string;
}

export function dataLimitVerdict(limit: DataLimit, exchanges: string[] = []): Verdict {
  if (limit.total <= limit.limit) return pass(`${limit.total} ${limit.what}, within ${limit.setting} (${limit.limit})`, { exchanges });
  return fail(
    `Unexpected amount of data: expected at most ${limit.limit} ${limit.what} (${limit.setting}), but received ${limit.total}; the first ${limit.limit} were worked through and the other ${limit.total - limit.limit} were not. Raise ${limit.setting} in the profile to go further`,
    { exchanges, expected: limit.limit, actual: limit.total },
  );
}
