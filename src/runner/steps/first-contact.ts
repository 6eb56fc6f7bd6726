// A PMS that never reaches the mock (PMS target): takes a step's environment, the step's
// deadline and what its action did, waits while nobody has connected to the mock at most the
// profile's first-contact deadline (deadlines.first_contact, 2 minutes by default), and gives
// nothing once anyone connects, or why the run cannot go on: "your PMS never reached the mock
// at URL; the start_setup hook ran (exit 0) at T". That run is INCOMPLETE (exit 3), as an
// unreachable OTA is, not NOT CERTIFIED after deadlines.setup (30 minutes with init's
// profile) with its one failure filed under a credentials check (issue 28 item 16).
import { harnessError, skip } from '../../checks/check-verdict.js';
import type { StepEnv } from '../step-env.js';
import { markCapturesMissing } from './capture.js';
import { durationMs } from './wait.js';

export const DEFAULT_FIRST_CONTACT = '2m';

/** Re-checks for a connection (a TLS handshake that failed is one) at least this often, on the run's clock. */
const LOOK_EVERY_MS = 1_000;

function reached(env: StepEnv): boolean {
  const mock = env.ctx.pms!.mock;
  return mock.contacts.firstAt !== undefined || mock.inbound.all().length > 0 || mock.outsiders.size > 0;
}

/** Waits until anyone connects or the first-contact deadline; gives the message when nobody did, else undefined. */
export async function awaitFirstContact(env: StepEnv, deadline: number, actionDone: string | undefined): Promise<string | undefined> {
  if (!env.ctx.pms || reached(env)) return undefined;
  const limit = durationMs(env, env.profile.deadlines.first_contact ?? DEFAULT_FIRST_CONTACT);
  const until = limit.ok ? env.ctx.clock.now() + limit.ms : deadline;
  // The step's own deadline comes first: its usual failure says more than this.
  if (until >= deadline) return undefined;
  const { inbound } = env.ctx.pms.mock;
  while (!reached(env) && !env.ctx.signal.aborted && env.ctx.clock.now() < until) {
    await inbound.waitFor(() => true, Math.min(until, env.ctx.clock.now() + LOOK_EVERY_MS), env.ctx.signal);
  }
  if (reached(env) || env.ctx.signal.aborted) return undefined;
  const waited = limit.ok ? ` (waited deadlines.first_contact, ${env.profile.deadlines.first_contact ?? DEFAULT_FIRST_CONTACT})` : '';
  return `your PMS never reached the mock at ${env.ctx.pms.mock.url}${actionDone ? `; ${actionDone}` : ''}${waited}`;
}

/** The check a PMS that never connects fails with (suites/pms/20-setup.yaml declares it, so --grep selects it). */
export const FIRST_CONTACT_CHECK = 'pms.setup.first-contact';

/**
 * Records the step as not evaluated and stops the run: the PMS is unreachable, nothing can be
 * judged. The error is filed under pms.setup.first-contact when the step declares it (the
 * step's other checks are blocked: no request came to judge), else under every check of the step.
 */
export function stopNeverReached(env: StepEnv, message: string): string {
  const error = harnessError(`The PMS never connected: ${message}`);
  const own = env.step.checks.find((check) => check.id === FIRST_CONTACT_CHECK);
  if (!own) env.recordAll(error);
  for (const check of own ? env.step.checks : []) {
    const verdict = check === own ? error : skip(`blocked: the PMS never connected`, 'blocked');
    env.record(check, verdict, env.where(check.line ? { line: check.line } : {}));
  }
  markCapturesMissing(env, 'blocked', message);
  env.stop.unreachable = message;
  return message;
}
