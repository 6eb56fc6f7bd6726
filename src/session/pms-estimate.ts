// How long a PMS certification takes: takes the profile and the suites a run will use, gives
// the estimate printed at the start of a PMS run and quoted in `init`'s profile template.
// What takes time is the PMS's own schedule (docs/benchmarks.md, "PMS certification"):
// booking polling watches `intervals.polls_observed` polling intervals (2.7-3.0 measured),
// and the full-refresh suite waits for two full refreshes (after setup, after ARIFullRefresh),
// each the PMS's push plus `deadlines.settle` of quiet. The other suites take seconds with
// hooks. At the spec's polling with init's capabilities (BookingCreate: every 30 minutes):
// 3 x 30 min + 2 x (2 min + 1 min) = 96 min.
import type { Profile } from '../profile/types.js';
import { parseDuration } from '../suite/template-parser.js';
import { formatMs } from '../runner/heartbeat.js';

/** Full refreshes the full-refresh suite waits out one after the other (booking polling's two run while it waits for a poll). */
export const SEQUENTIAL_REFRESHES = 2;
/**
 * What a PMS takes to push one full refresh (a year of ARI for the mapped pairs): the reference
 * PMS's is 0.7-2.5 min on the benchmark's clock. A PMS set to poll more often than that (a test
 * setup) is taken to push within one of its intervals.
 */
export const REFRESH_PUSH_MS = 2 * 60_000;

export interface PmsEstimate {
  totalMs: number;
  observedMs: number;
  refreshesMs: number;
  /** The sentence printed at the start of a run. */
  text: string;
}

function durationMs(text: string | undefined, fallback: number): number {
  const d = text ? parseDuration(text) : undefined;
  return d ? d.ms + d.days * 86_400_000 : fallback;
}

/** The estimate for these suites (built-in names), or undefined when none of them waits for the PMS's schedule. */
export function estimatePmsRun(profile: Profile, suites: readonly string[]): PmsEstimate | undefined {
  const { pollMs, pollsObserved } = profile.intervals;
  const observedMs = suites.includes('booking-polling') ? pollsObserved * pollMs : 0;
  const settleMs = durationMs(profile.deadlines.settle, 60_000);
  const refreshes = suites.includes('full-refresh') ? SEQUENTIAL_REFRESHES : 0;
  const pushMs = Math.min(REFRESH_PUSH_MS, pollMs);
  const refreshesMs = refreshes * (pushMs + settleMs);
  if (observedMs + refreshesMs === 0) return undefined;
  const parts = [
    observedMs ? `${pollsObserved} polling intervals of ${formatMs(pollMs)} (intervals.polls_observed x intervals.poll_ms)` : '',
    refreshes ? `${refreshes} full refreshes of about ${formatMs(pushMs + settleMs)} (the push + deadlines.settle of quiet)` : '',
  ].filter(Boolean);
  const totalMs = observedMs + refreshesMs;
  return { totalMs, observedMs, refreshesMs, text: `Estimated length: about ${formatMs(totalMs)} once your PMS connects: ${parts.join(' + ')}` };
}
