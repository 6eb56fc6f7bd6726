// Requests the candidate does not answer (OTA target): takes each exchange the harness sent and
// its protocol verdicts, gives them to the recorder, except that the transport failure of a
// request that got no response at all is held until the next one tells more. The candidate
// answers again: it is recorded as the failure it is. Three in a row get nothing: the candidate
// does not answer; the held failures become errors (the candidate or the network is down,
// nothing to judge) and the run stops, incomplete, instead of waiting out every request of every
// suite. A suite that ends holding some asks HealthCheck until it knows which.
import type { Judged } from '../checks/protocol.js';
import { PROTOCOL_CHECKS } from '../checks/protocol.js';
import { harnessError } from '../checks/check-verdict.js';
import type { LiveExchange } from '../spec/exchange.js';
import type { CheckMeta, CheckWhere, Verdict } from '../spec/vocabulary.js';
import type { StepEnv } from './step-env.js';
import { judgeResponseProtocol } from '../checks/protocol.js';
import { buildEnvelope, operationUrl } from './envelope.js';

/** Requests in a row without any response after which the candidate is taken not to answer. */
export const MAX_UNANSWERED = 3;

export interface HeldVerdict {
  env: StepEnv;
  meta: CheckMeta;
  verdict: Verdict;
  where: CheckWhere;
  message: string;
}

/** No HTTP response at all, for a reason other than an unreachable host (which stops the run already). */
function unanswered(x: LiveExchange): boolean {
  const kind = x.record.failure?.kind;
  return kind !== undefined && !x.record.response && kind !== 'connect' && kind !== 'dns' && kind !== 'tls' && kind !== 'aborted';
}

/** The held failures are what they looked like: the candidate answered since, or the suite ends. */
export function releaseHeld(env: StepEnv): void {
  const held = env.stop.unanswered;
  // Nearly always none: no array made and dropped per exchange.
  if (!held?.length) return;
  env.stop.unanswered = [];
  for (const h of held) h.env.record(h.meta, h.verdict, h.where);
}

/** Records one exchange's protocol verdicts, holding or converting a transport failure without a response (OTA target). */
export function recordProtocol(env: StepEnv, x: LiveExchange, judged: readonly Judged[]): void {
  const transport = judged.find((j) => j.meta.id === PROTOCOL_CHECKS.transport.id);
  const silent = env.options.target === 'ota' && unanswered(x) && transport?.verdict.status === 'fail';
  if (!silent) releaseHeld(env);
  for (const j of judged) if (j !== transport || !silent) env.record(j.meta, j.verdict);
  if (!silent) return;
  const held = (env.stop.unanswered ??= []);
  held.push({ env, meta: transport.meta, verdict: transport.verdict, where: env.where(), message: x.record.failure!.message });
  if (held.length < MAX_UNANSWERED) return;
  const why = `it does not answer: ${held.length} requests in a row got no response (the last: ${held.at(-1)!.message})`;
  env.stop.unanswered = [];
  env.stop.unreachable = why;
  for (const h of held) {
    h.env.record(h.meta, harnessError(`The candidate did not answer: ${h.message}; ${why}`, { exchanges: h.verdict.exchanges ?? [] }), h.where);
  }
}

/**
 * Before a suite's results are taken: while failures are held (the candidate has not answered
 * since), HealthCheck asks whether it answers at all, so each held failure is decided in its
 * own suite: recorded as a failure when it answers, as an error when three in a row got nothing.
 */
export async function settleUnanswered(env: StepEnv): Promise<void> {
  while ((env.stop.unanswered?.length ?? 0) > 0 && !env.stop.unreachable && !env.ctx.signal.aborted) {
    const url = operationUrl(env.profile.baseUrl, 'HealthCheck', { shared_secret: env.profile.sharedSecret });
    const live = await env.ctx.client.post({ operation: 'HealthCheck', url, body: buildEnvelope('HealthCheck', env.profile) });
    recordProtocol(env, live, judgeResponseProtocol(live));
  }
  releaseHeld(env);
}
