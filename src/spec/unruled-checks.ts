// Checks that name no rule of the spec, each with why: takes nothing, gives the harness's own
// checks (its requests, the mock's answers, its faults, the profile's test data) and the checks of
// a candidate where the spec states no rule at all (their level never above recommended, each with
// its reading), each with its level. Every other check names the rules it proves (test/spec/levels.test.ts).
import type { Level } from './vocabulary.js';

export interface UnruledCheck {
  /** harness: judges the harness or the profile, not the candidate; unstated: the spec states nothing to name. */
  kind: 'harness' | 'unstated';
  /** The level it has: no rule gives one (an unstated check is never required). */
  level: Level;
  why: string;
}

export const UNRULED_CHECKS: Readonly<Record<string, UnruledCheck>> = {
  'harness.fault': { kind: 'harness', level: 'required', why: 'the harness itself broke while running a suite: an error, never a finding about the candidate' },
  'harness.request-valid': {
    kind: 'harness',
    level: 'required',
    why: "the harness's own request is checked against the spec (self-check): an error, never a finding about the candidate",
  },
  'harness.mock-response-valid': {
    kind: 'harness',
    level: 'required',
    why: "the mock channel manager's own answer is checked against the spec (self-check): an error, never a finding about the candidate",
  },
  'setup.room-types.non-empty': {
    kind: 'harness',
    level: 'recommended',
    why: "the profile's test property needs a room for the ARI, booking and probe suites to judge anything: a warning about the test data",
  },
  'limits.candidate-data': {
    kind: 'harness',
    level: 'recommended',
    why: "the candidate's test data is larger than the profile's limits let the harness work through (issue 21 item 3): a warning that part of it was not judged, never a finding about conformance",
  },
  'property.update-rate-plan.accepted': {
    kind: 'unstated',
    level: 'recommended',
    why: 'UpdateRatePlan\'s request and response fields are "not shown": no rule states what it accepts (D-121)',
  },
  'pms.property.update-rate-plan': {
    kind: 'unstated',
    level: 'advisory',
    why: 'UpdateRatePlan\'s request and response fields are "not shown": no rule of the PMS can be checked in it (D-021)',
  },
};

/**
 * The checks the harness records without any suite declaring them: --grep refuses a selection
 * of no declared check, so no re-run hint names them (test/report/rerun-synthetic.test.ts).
 */
export const SYNTHETIC_CHECKS: ReadonlySet<string> = new Set([
  'harness.fault',
  'harness.request-valid',
  'harness.mock-response-valid',
  'limits.candidate-data',
]);
