// Template scopes for one step: takes the profile, the suite's captures and the loop
// item, gives rendering that turns a missing value into the right skip (missing profile
// input vs blocked by an earlier failure) instead of an exception.
import type { Profile } from '../profile/types.js';
import type { CheckMeta, CheckWhere, SkipKind, Verdict } from '../spec/vocabulary.js';
import { skip, harnessError } from '../checks/check-verdict.js';
import { MissingValueError, TemplateValueError, render } from '../suite/template.js';
import type { TemplateScope } from '../suite/template.js';
import { TemplateSyntaxError, parseDuration } from '../suite/template-parser.js';
import { EnvelopeError } from './envelope.js';

export interface MissingCapture {
  kind: SkipKind;
  reason: string;
}

export interface SuiteState {
  captures: Record<string, unknown>;
  /** Captures that could not be taken, with why: referencing them skips with that reason. */
  missing: Map<string, MissingCapture>;
  stepStarts: Map<string, number>;
  /** When the request an expect_request step waited for arrived (windows with `from_arrival`). */
  arrivals: Map<string, number>;
  /** The exchange id of the request an expect_request step found (`after:`). */
  found?: Map<string, string>;
  /**
   * Hook steps that did not do their job (the hook is missing or failed), with why: a window
   * counted from one (`from:`, `since:`) would judge the effect of an action that never happened.
   */
  undone?: Map<string, MissingCapture>;
  /** Set by a declared check's verdict with skipsRest: every later step is skipped with it. */
  skipRest?: MissingCapture;
  /**
   * Skips of checks a step shares with other steps, given because the step could not run: at the
   * suite's end each is recorded only if its check never passed (the step's own checks carry it).
   */
  deferredSkips?: Array<{ meta: CheckMeta; verdict: Verdict; where: CheckWhere }>;
}

/**
 * The roots that are the same for every step: built once per profile (a profile does not
 * change during a run), not per step (the settings parse the profile's durations).
 */
const profileRoots = new WeakMap<Profile, { profile: Record<string, unknown>; settings: Record<string, unknown> }>();

function rootsOfProfile(profile: Profile): { profile: Record<string, unknown>; settings: Record<string, unknown> } {
  let roots = profileRoots.get(profile);
  if (!roots) {
    // The limits as they apply, defaults included: a suite's limit may name one the profile left out.
    roots = { profile: { ...profile.raw, limits: effectiveLimits(profile) }, settings: settingsOf(profile) };
    profileRoots.set(profile, roots);
  }
  return roots;
}

export function baseRoots(profile: Profile, state: SuiteState, runStartedAt: number, mockUrl?: string): Record<string, unknown> {
  const constant = rootsOfProfile(profile);
  return {
    profile: constant.profile,
    fixtures: profile.fixtures,
    property: profile.property,
    captures: state.captures,
    run: { started_at: runStartedAt, target: profile.target, ...(mockUrl ? { mock_url: mockUrl } : {}) },
    settings: constant.settings,
  };
}

/** The profile's limits with their defaults, under the profile's own names. */
function effectiveLimits(profile: Profile): Record<string, number> {
  const l = profile.limits;
  return {
    max_body_bytes: l.maxBodyBytes,
    evidence_body_bytes: l.evidenceBodyBytes,
    max_evidence_bytes: l.maxEvidenceBytes,
    max_bookings_fetched: l.maxBookingsFetched,
    max_rate_plan_pairs: l.maxRatePlanPairs,
    max_iterations: l.maxIterations,
    model_sequences: l.modelSequences,
  };
}

/** Effective timing settings (profile values or the spec's defaults), in ms, for suite templates. */
export function settingsOf(profile: Profile): Record<string, unknown> {
  const i = profile.intervals;
  const reaction = parseDuration(profile.deadlines.callback_reaction ?? '2m');
  const reactionMs = reaction ? reaction.ms + reaction.days * 86_400_000 : 120_000;
  const reactionWindow = i.pollMs > i.pollToleranceMs ? Math.min(reactionMs, i.pollMs - i.pollToleranceMs) : reactionMs;
  return {
    // A reaction to a callback must come before the next scheduled poll could explain it, so
    // waiting longer than that tells nothing more; the reaction-poll check tells reaction from
    // schedule itself. Never a zero window (D-141): the deadline alone when the profile's
    // tolerance is as large as its interval.
    reaction_ms: reactionWindow,
    // How long before a callback a poll of the PMS's own schedule may have come and still time
    // it (`fresh`): the next scheduled poll, at the earliest the interval minus the tolerance
    // after it, is then still beyond the reaction window; at most half an interval, never less
    // than the tolerance (D-285).
    fresh_poll_ms: Math.max(i.pollToleranceMs, Math.min(Math.floor(i.pollMs / 2), i.pollMs - i.pollToleranceMs - reactionWindow)),
    deadlines: profile.deadlines,
    poll_ms: i.pollMs,
    poll_tolerance_ms: i.pollToleranceMs,
    poll_deadline_ms: i.pollMs + i.pollToleranceMs,
    poll_window_ms: i.pollMs * i.pollsObserved + i.pollToleranceMs,
    two_polls_ms: 2 * (i.pollMs + i.pollToleranceMs),
    clock_skew_ms: i.clockSkewMs,
  };
}

/** A text whose templates could not be rendered, with each one replaced: never shown raw (D-142). */
export function withoutTemplates(text: string): string {
  return text.replace(/\$\{[^}]*\}/g, '(not available)');
}

export function makeScope(now: number, roots: Record<string, unknown>): TemplateScope {
  return { now, roots };
}

/** Why a value is not there, as the Verdict every affected check receives. */
export function verdictForRenderError(error: unknown, state: SuiteState): Verdict {
  if (error instanceof MissingValueError) {
    if (error.root === 'captures') {
      const name = error.path.split(/[.[]/)[1] ?? error.path;
      const known = state.missing.get(name);
      if (known) return skip(known.reason, known.kind);
      return skip(`${error.path} was not captured by an earlier step`, 'blocked');
    }
    if (error.root === 'profile' || error.root === 'fixtures' || error.root === 'property') {
      return skip(`Missing input: ${error.path} is not set in the profile`, 'missing-input');
    }
    return skip(`${error.path} is not available`, 'blocked');
  }
  if (error instanceof TemplateValueError || error instanceof EnvelopeError || error instanceof TemplateSyntaxError) {
    return harnessError(`The request could not be built: ${error.message}`);
  }
  throw error;
}

export type Rendered<T> = { ok: true; value: T } | { ok: false; verdict: Verdict };

export function tryRender<T = unknown>(value: unknown, scope: TemplateScope, state: SuiteState): Rendered<T> {
  try {
    return { ok: true, value: render(value, scope) as T };
  } catch (error) {
    return { ok: false, verdict: verdictForRenderError(error, state) };
  }
}
