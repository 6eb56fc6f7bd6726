// The probe step: takes a step naming a probe family (src/runner/probes) and its arguments,
// sends each request the family breaks on purpose, and judges every answer: the protocol
// and refusal checks every response gets, then the step's declared checks, each verdict
// saying which rule the request broke. A family's control (a valid request) must succeed,
// else the refusals after it prove nothing and the declared checks are blocked.
import type { LiveExchange } from '../../spec/exchange.js';
import { isUnreachable } from '../../drivers/transport-errors.js';
import { evaluateExpectation } from '../../checks/expectations.js';
import { responseObject } from '../../checks/protocol.js';
import { REFUSAL_CHECKS } from '../../checks/refusal.js';
import type { Verdict } from '../../spec/vocabulary.js';
import { fail, harnessError, pass, skip } from '../../checks/check-verdict.js';
import type { Expectation, ProbeStep } from '../../suite/types.js';
import { operationUrl } from '../envelope.js';
import type { Probe } from '../probes/index.js';
import { PROBE_FAMILIES, probeBody } from '../probes/index.js';
import { makeScope, tryRender } from '../scope.js';
import type { StepEnv } from '../step-env.js';
import { judgeResponse } from './response-judge.js';

/** The `with:` arguments, each rendered alone: one that cannot be had (no booking) leaves only its probes out. */
function renderArgs(env: StepEnv, step: ProbeStep): Record<string, unknown> {
  const scope = makeScope(env.ctx.clock.now(), env.roots());
  const args: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(step.with ?? {})) {
    const rendered = tryRender(value, scope, env.state);
    if (rendered.ok && rendered.value !== null && rendered.value !== undefined) args[key] = rendered.value;
  }
  return args;
}

function send(env: StepEnv, probe: Probe): Promise<LiveExchange> {
  const url = operationUrl(env.profile.baseUrl, probe.operation, { shared_secret: env.profile.sharedSecret, ...probe.query });
  const operation = probe.operation;
  if (probe.method === 'GET') return env.ctx.client.send({ operation, url, method: 'GET' });
  const body = probeBody(probe, env.profile);
  // The body's text only for the two probes that send it as bytes: the client encodes the others.
  switch (probe.raw) {
    case 'invalid-json':
      return env.ctx.client.post({ operation, url, body: Buffer.from(JSON.stringify(body).slice(0, -1), 'utf8') });
    case 'empty':
      return env.ctx.client.post({ operation, url, body: new Uint8Array(0) });
    case 'array':
      return env.ctx.client.post({ operation, url, body: Buffer.from(JSON.stringify([body]), 'utf8') });
    case 'text-plain':
      return env.ctx.client.post({ operation, url, body: Buffer.from(JSON.stringify(body), 'utf8'), headers: { 'content-type': 'text/plain; charset=utf-8' } });
    default:
      return env.ctx.client.post({ operation, url, body });
  }
}

function label(probe: Probe): string {
  return `${probe.operation} broken on purpose (${probe.breaks}; rule ${probe.rule})`;
}

/** A GET is judged by one thing only: it does not get success (its status and type are not stated). */
function judgeGet(probe: Probe, live: LiveExchange): Verdict {
  const body = responseObject(live);
  const ids = [live.record.id];
  const status = live.record.response?.status ?? 'no response';
  if (body?.success === true)
    return fail(`${label(probe)}: Unexpected answer: expected no success, but received success true (HTTP ${status})`, {
      exchanges: ids,
      expected: 'not success',
      actual: true,
    });
  return pass(`${label(probe)}: not success (HTTP ${status})`, { exchanges: ids });
}

/** The step's declared check that judges a probe: the one it names, else the step's first. */
function judgingChecks(env: StepEnv, probe: Probe): ProbeStep['checks'] {
  const checks = env.step.checks;
  return probe.check ? checks.filter((c) => c.id === probe.check) : checks.slice(0, 1);
}

function judgeDeclaredProbe(env: StepEnv, probe: Probe, live: LiveExchange, blocked: string | undefined): void {
  const ids = [live.record.id];
  const checks = judgingChecks(env, probe);
  if (probe.check && checks.length === 0)
    env.recordAll(harnessError(`probe of ${probe.operation} names check "${probe.check}", which step ${env.step.id} does not declare`));
  for (const check of checks) {
    const where = env.where(check.line ? { line: check.line } : {});
    let verdict: Verdict;
    if (blocked) verdict = skip(`Blocked: ${blocked}`, 'blocked', { exchanges: ids });
    else if (probe.method === 'GET') verdict = judgeGet(probe, live);
    else if (!check.expect) verdict = harnessError(`probe check "${check.id}" needs an expect`);
    else {
      const result = evaluateExpectation(check.expect as Expectation, { body: responseObject(live), status: live.record.response?.status, exchanges: ids });
      verdict = { ...result, message: `${label(probe)}: ${result.message}` };
    }
    env.record(check, verdict, where);
  }
}

function judgeControl(env: StepEnv, probe: Probe, live: LiveExchange): string | undefined {
  const body = responseObject(live);
  const ids = [live.record.id];
  if (body?.success === true) {
    env.record(REFUSAL_CHECKS.probeControl, pass(`${probe.operation} accepted ${probe.breaks.replace(/^nothing \((.*)\)$/, '$1')}`, { exchanges: ids }));
    return undefined;
  }
  const errors = body && Array.isArray(body.errors) ? ` errors: ${JSON.stringify(body.errors).slice(0, 200)}` : '';
  env.record(
    REFUSAL_CHECKS.probeControl,
    fail(`Unexpected refusal of a valid ${probe.operation} (${probe.breaks}):${errors || ' no success true'}`, {
      exchanges: ids,
      expected: { success: true },
      actual: body?.success ?? null,
    }),
  );
  return `the valid ${probe.operation} the probes start from was refused, so a refusal of a broken one proves nothing`;
}

async function runProbes(env: StepEnv, probes: Probe[]): Promise<number> {
  let blocked: string | undefined;
  let broken = 0;
  for (const probe of probes) {
    if (env.aborted) break;
    const live = await send(env, probe);
    if (probe.method !== 'GET') judgeResponse(env, probe.operation, live, { schema: probe.raw === undefined || probe.raw === 'text-plain' });
    if (isUnreachable(live.record.failure)) {
      env.stop.unreachable = live.record.failure!.message;
      break;
    }
    if (probe.control) {
      blocked ??= judgeControl(env, probe, live);
      continue;
    }
    broken += 1;
    judgeDeclaredProbe(env, probe, live, blocked);
  }
  return broken;
}

export async function runProbeStep(env: StepEnv, step: ProbeStep): Promise<string | undefined> {
  const family = PROBE_FAMILIES.get(step.family);
  if (!family) {
    env.recordAll(harnessError(`unknown probe family "${step.family}" (known: ${[...PROBE_FAMILIES.keys()].join(', ')})`));
    return undefined;
  }
  const probes = family.generate({ args: renderArgs(env, step), profile: env.profile, now: env.ctx.clock.now() });
  if (probes.length === 0) {
    env.recordAll(skip(`the ${family.name} probes have nothing to send: ${family.description} needs what the OTA does not offer here`, 'not-applicable'));
    return undefined;
  }
  const broken = await runProbes(env, probes);
  return `${broken} requests broken on purpose`;
}
