// Read-backs of a call step: takes the step's read_back (operations, and the property's
// credentials as templates that may read the call's answer) and the call's answer, gives the
// answers of those operations for the same property, each judged like any answer (protocol,
// schema, body rules, the harness's own request), as template roots (read.<Operation>) and as
// the subjects of the checks that name them (`on:`). An operation that was not accepted has
// nothing to read back: its read-back checks are not applicable (the call's own check judges
// the refusal; a "not activated" answer says so).
import { isUnreachable } from '../../drivers/transport-errors.js';
import { responseObject } from '../../checks/protocol.js';
import { judgeHarnessBody } from '../../checks/schema-checks.js';
import { unmetPrecondition } from '../../checks/code/property-mapping.js';
import { skip } from '../../checks/check-verdict.js';
import type { Verdict } from '../../spec/vocabulary.js';
import type { CallStep } from '../../suite/types.js';
import { buildEnvelope, operationUrl } from '../envelope.js';
import type { JudgeSubject } from '../judge.js';
import { makeScope, tryRender } from '../scope.js';
import type { StepEnv } from '../step-env.js';
import { judgeResponse } from './response-judge.js';

export interface ReadBack {
  /** read.<Operation>: each answer (null when it had no JSON object). */
  answers: Record<string, unknown>;
  /** What each `on:` check judges. */
  subjects: Record<string, JudgeSubject>;
  /** Why there was nothing to read back: the verdict the `on:` checks get. */
  skipped?: Verdict;
}

/** Sends each read-back operation once the call was accepted; gives the answers and subjects. */
export async function readBack(env: StepEnv, step: CallStep, roots: Record<string, unknown>, answer: unknown, exchanges: string[]): Promise<ReadBack> {
  const out: ReadBack = { answers: {}, subjects: {} };
  const spec = step.readBack;
  if (!spec) return out;
  const unmet = unmetPrecondition(answer ?? { success: false }, env.profile, exchanges);
  if (unmet) {
    const why = unmet.skip === 'not-applicable' ? unmet.message : `Not applicable: the ${step.operation} was not accepted (its own check judges that)`;
    return { ...out, skipped: skip(`${why}: nothing to read back`, 'not-applicable', { exchanges }) };
  }
  const body = tryRender<Record<string, unknown>>(spec.body ?? {}, makeScope(env.ctx.clock.now(), roots), env.state);
  if (!body.ok) return { ...out, skipped: body.verdict };
  for (const operation of spec.operations) {
    if (env.aborted) break;
    const request = { ...buildEnvelope(operation, env.profile), ...body.value };
    const url = operationUrl(env.profile.baseUrl, operation, { shared_secret: env.profile.sharedSecret });
    const live = await env.ctx.client.post({ operation, url, body: request });
    const ids = [live.record.id];
    judgeResponse(env, operation, live, { schema: true });
    if (live.request.ok) for (const j of judgeHarnessBody(operation, 'request', live.request.value, ids)) env.record(j.meta, j.verdict);
    if (isUnreachable(live.record.failure)) {
      env.stop.unreachable = live.record.failure!.message;
      break;
    }
    const read = responseObject(live);
    out.answers[operation] = read ?? null;
    out.subjects[operation] = { body: read, status: live.record.response?.status, exchanges: ids };
  }
  return out;
}

/** The subject of an `on:` check, or the skip it gets when its operation was not read back. */
export function readBackSubject(read: ReadBack | undefined, operation: string): JudgeSubject | Verdict {
  const subject = read?.subjects[operation];
  if (subject) return subject;
  return read?.skipped ?? skip(`Blocked: ${operation} was not read back`, 'blocked');
}
