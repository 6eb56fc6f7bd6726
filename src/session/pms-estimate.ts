// How long a PMS certification takes: takes the profile and the suites a run will use, gives
// the estimate printed at the start of a PMS run and quoted in `init`'s profile template.
// It is built from the scenario's own windows (issue 28 item 17: at 3-second polling the old
// estimate, polls and two refreshes only, said 2 min 15 s for a run of 514 s, the settle-length
// windows left out). Each suite takes the longer of:
// - the polls it observes (a traffic window counted from its start, `duration_from: window`:
//   booking polling's `intervals.polls_observed` intervals, 2.7-3.0 measured), during which its
//   other steps run;
// - the sum of its other traffic windows, one after the other: a full-refresh window is the
//   PMS's push plus `deadlines.settle` of quiet; an effect window (ARI after a change) is the
//   settle of quiet after the PMS's answer; a window without settle lasts its duration.
// Requests the PMS sends at once (setup, callbacks) take seconds and are left out.
import type { Profile } from '../profile/types.js';
import { settingsOf } from '../runner/scope.js';
import { formatMs } from '../runner/heartbeat.js';
import { refreshedProperties } from '../runner/steps/traffic.js';
import { parseDuration } from '../suite/template-parser.js';
import { renderString } from '../suite/template.js';
import type { Step, Suite } from '../suite/types.js';

/**
 * What a PMS takes to push one full refresh (a year of ARI for the mapped pairs): the reference
 * PMS's is 0.7-2.5 min on the benchmark's clock. A PMS set to poll more often than that (a test
 * setup, the reference PMS at 3 s) pushes in a fraction of a second: counted as nothing.
 */
export const REFRESH_PUSH_MS = 2 * 60_000;

export interface PmsEstimate {
  totalMs: number;
  /** The polls observed (booking polling's observation window). */
  observedMs: number;
  /** The settle-length windows the suites wait one after the other (full refreshes, effects, quiet spells). */
  windowsMs: number;
  /** How many such windows. */
  windows: number;
  /** The sentence printed at the start of a run. */
  text: string;
}

/** A window's length template (`${settings.deadlines.settle}`, `${settings.reaction_ms}`) in ms, or undefined. */
function templateMs(template: string | undefined, settings: Record<string, unknown>): number | undefined {
  if (!template) return undefined;
  let value: unknown;
  try {
    value = renderString(template, { now: 0, roots: { settings } });
  } catch {
    return undefined;
  }
  if (typeof value === 'number') return value;
  const d = typeof value === 'string' ? parseDuration(value) : undefined;
  return d ? d.ms + d.days * 86_400_000 : undefined;
}

/**
 * What one traffic window waits for a conforming PMS, or undefined for a step that is no window.
 * A window over the whole run's traffic (`from: run`) after one that already settled it (the
 * setup refresh, awaited again by booking polling) ends at once: `settled` remembers it.
 */
function windowMs(step: Step, profile: Profile, pushMs: number, settled: { run: boolean }): number | undefined {
  if (step.kind !== 'traffic' || step.durationFrom === 'window') return undefined;
  if (step.from === 'run' && step.settle) {
    if (settled.run) return 0;
    settled.run = true;
  }
  const settings = settingsOf(profile);
  // A refresh by a wbp_property_id several PMS properties map to: each pushes its own, each in its own time (D-400).
  const properties = refreshedProperties(profile, step);
  const settle = templateMs(step.settle, settings);
  const once = templateMs(step.duration, settings);
  const duration = once === undefined ? undefined : once * properties;
  if (settle !== undefined) return Math.min(duration ?? Infinity, (step.settleOnceCovered ? pushMs * properties : 0) + settle);
  return duration;
}

interface SuiteWait {
  observedMs: number;
  windowsMs: number;
  windows: number;
}

/** Whether the step runs for this profile: a step for an optional hook the profile has no entry for waits for nothing. */
function runsFor(step: Step, profile: Profile): boolean {
  return (step.when?.hooks ?? []).every((hook) => Object.hasOwn(profile.hooks, hook));
}

function suiteWait(suite: Suite, profile: Profile, observeMs: number, pushMs: number, settled: { run: boolean }): SuiteWait {
  const observes = suite.steps.some((s) => s.kind === 'traffic' && s.durationFrom === 'window');
  const lengths = suite.steps
    .filter((s) => runsFor(s, profile))
    .map((s) => windowMs(s, profile, pushMs, settled))
    .filter((ms): ms is number => ms !== undefined && ms > 0);
  return { observedMs: observes ? observeMs : 0, windowsMs: lengths.reduce((a, b) => a + b, 0), windows: lengths.length };
}

/** The estimate for these suites, or undefined when none of them waits for the PMS's schedule. */
export function estimatePmsRun(profile: Profile, suites: readonly Suite[]): PmsEstimate | undefined {
  const { pollMs, pollsObserved } = profile.intervals;
  const pushMs = pollMs >= REFRESH_PUSH_MS ? REFRESH_PUSH_MS : 0;
  const settled = { run: false };
  const waits = suites.map((s) => suiteWait(s, profile, pollsObserved * pollMs, pushMs, settled));
  // A suite that observes polls runs its windows meanwhile: the longer of the two is its length.
  const totalMs = waits.reduce((sum, w) => sum + Math.max(w.observedMs, w.windowsMs), 0);
  const observedMs = waits.reduce((sum, w) => sum + w.observedMs, 0);
  const windowsMs = waits.reduce((sum, w) => sum + w.windowsMs, 0);
  const windows = waits.reduce((sum, w) => sum + w.windows, 0);
  if (totalMs === 0) return undefined;
  const parts = [
    observedMs ? `${pollsObserved} polling intervals of ${formatMs(pollMs)} (intervals.polls_observed x intervals.poll_ms)` : '',
    windows
      ? `${windows} windows of ${formatMs(windowsMs)} in all (full refreshes: the push + deadlines.settle of quiet; ARI after a change: deadlines.settle)`
      : '',
  ].filter(Boolean);
  const overlap = observedMs && windows ? ', those of booking polling while it watches the polls' : '';
  return {
    totalMs,
    observedMs,
    windowsMs,
    windows,
    text: `Estimated length: about ${formatMs(totalMs)} once your PMS connects: ${parts.join(' + ')}${overlap}`,
  };
}
