// The call step: takes a step that calls an operation (or a callback), builds the body
// from the envelope and the step's template, sends it, and judges the exchange: protocol,
// schemas, body rules, the harness's own request, then the declared checks.
import { OPERATIONS } from '../../spec/operations.js';
import type { LiveExchange } from '../../spec/exchange.js';
import { isUnreachable } from '../../drivers/transport-errors.js';
import { responseObject } from '../../checks/protocol.js';
import { judgeHarnessBody } from '../../checks/schema-checks.js';
import type { CallStep } from '../../suite/types.js';
import type { Profile } from '../../profile/types.js';
import { buildEnvelope, operationUrl, untypedIds } from '../envelope.js';
import type { UntypedId } from '../envelope.js';
import type { SchemaError } from '../../spec/vocabulary.js';
import { judgeDeclared } from '../judge.js';
import type { Rendered } from '../scope.js';
import { makeScope, tryRender, verdictForRenderError } from '../scope.js';
import type { StepEnv } from '../step-env.js';
import { setMember } from '../step-env.js';
import { markCapturesMissing, takeCaptures } from './capture.js';
import { resolveItems, stepGenerator } from './items.js';
import { readBack } from './read-back.js';
import { isVariedItem } from '../generators/varied-item.js';
import type { Generator } from '../generators/index.js';
import { judgeIdTypes, judgeResponse } from './response-judge.js';

interface BuiltRequest {
  url: string;
  body: Record<string, unknown>;
  /** Profile ids sent as issued because they cannot take the id table's type. */
  idProblems: UntypedId[];
}

interface ProfileTarget {
  url: string;
  idProblems: UntypedId[];
  /** What they were made from: a profile object changed since (a test's, an API caller's) makes them again. */
  baseUrl: string;
  secret: string;
  property: Profile['property'];
  pms: unknown;
  wbp: unknown;
}

/** Per profile, what a step without a query of its own sends to each path: the URL and the ids the profile cannot type. */
const profileTargets = new WeakMap<Profile, Map<string, ProfileTarget>>();

function madeFrom(target: ProfileTarget, profile: Profile): boolean {
  const { property } = profile;
  return (
    target.baseUrl === profile.baseUrl &&
    target.secret === profile.sharedSecret &&
    target.property === property &&
    target.pms === property.pms_property_id &&
    target.wbp === property.wbp_property_id
  );
}

/** The URL and the untyped ids of a step with no query: the same for every request of the run to that path (made once, not per request). */
function profileTarget(profile: Profile, step: CallStep): ProfileTarget {
  let targets = profileTargets.get(profile);
  if (!targets) profileTargets.set(profile, (targets = new Map()));
  const path = step.path ?? step.operation;
  const key = `${step.operation} ${path}`;
  let target = targets.get(key);
  if (!target || !madeFrom(target, profile)) {
    const { property } = profile;
    target = {
      url: operationUrl(profile.baseUrl, path, { shared_secret: profile.sharedSecret }),
      idProblems: untypedIds(step.operation, profile),
      baseUrl: profile.baseUrl,
      secret: profile.sharedSecret,
      property,
      pms: property.pms_property_id,
      wbp: property.wbp_property_id,
    };
    targets.set(key, target);
  }
  return target;
}

function buildRequest(env: StepEnv, step: CallStep, roots: Record<string, unknown>): Rendered<BuiltRequest> {
  const scope = makeScope(env.ctx.clock.now(), roots);
  const body = tryRender<Record<string, unknown>>(step.body ?? {}, scope, env.state);
  if (!body.ok) return body;
  const query = step.query ? tryRender<Record<string, unknown>>(step.query, scope, env.state) : undefined;
  if (query && !query.ok) return query;
  let envelope: Record<string, unknown>;
  try {
    envelope = step.envelope ? buildEnvelope(step.operation, env.profile) : {};
  } catch (error) {
    return { ok: false, verdict: verdictForRenderError(error, env.state) };
  }
  const merged: Record<string, unknown> = { ...envelope, ...body.value };
  for (const field of step.omit ?? []) delete merged[field];
  const target = profileTarget(env.profile, step);
  const url = query ? operationUrl(env.profile.baseUrl, step.path ?? step.operation, { shared_secret: env.profile.sharedSecret, ...query.value }) : target.url;
  // Only the ids the step does not replace are the profile's.
  const idProblems = step.envelope && target.idProblems.length ? target.idProblems.filter((p) => !(p.field in body.value)) : [];
  return { ok: true, value: { url, body: merged, idProblems } };
}

function judgeExchange(env: StepEnv, step: CallStep, live: LiveExchange, untyped: string[]): void {
  const ids = [live.record.id];
  // A probe of an unknown path is not that operation's response: only its declared checks judge it.
  judgeResponse(env, step.operation, live, { schema: !step.path });
  if (step.path) return;
  if (step.self_check && OPERATIONS[step.operation].server === 'ota' && live.request.ok) {
    // An id the candidate issued, sent as issued, is envelope.property-id-type's finding, not the harness's fault.
    const drop = untyped.length ? (e: SchemaError): boolean => untyped.some((field) => e.pointer === `/${field}`) : undefined;
    for (const j of judgeHarnessBody(step.operation, 'request', live.request.value, ids, drop)) env.record(j.meta, j.verdict);
  }
}

/**
 * A request of generated variations the candidate refused (success false), split into
 * requests of half as many when its generator can: the refused variation ends up alone,
 * named by its own check result. Not for an answer that is no JSON object (nothing to learn).
 */
function refusedParts(generator: Generator | undefined, item: unknown, response: Record<string, unknown> | undefined): unknown[] {
  if (!isVariedItem(item) || item.variations.length < 2 || response?.success !== false) return [];
  return generator?.split?.(item) ?? [];
}

export async function runCallStep(env: StepEnv, step: CallStep): Promise<string | undefined> {
  const generator = await stepGenerator(env);
  const items = resolveItems(env, generator);
  if (!items.ok) {
    env.recordAll(items.verdict);
    markCapturesMissing(env, items.verdict.skip ?? 'blocked', items.verdict.message);
    return items.verdict.message;
  }
  let unbuilt: string | undefined;
  const queue = [...items.value];
  const first = new Set(items.value);
  let parts = 0;
  while (queue.length > 0) {
    const item = queue.shift();
    if (env.aborted) break;
    const startedAt = env.ctx.clock.now();
    const roots = env.roots();
    setMember(roots, step.as, item);
    const built = buildRequest(env, step, roots);
    if (!built.ok) {
      env.recordAll(built.verdict);
      markCapturesMissing(env, built.verdict.skip ?? 'blocked', built.verdict.message);
      unbuilt ??= built.verdict.message;
      continue;
    }
    const live = await env.ctx.client.post({ operation: step.operation, url: built.value.url, body: built.value.body });
    if (isVariedItem(item)) env.ctx.variations?.sent(step.operation, first.has(item) ? item.variations.length : 0, !first.has(item));
    env.ctx.pms?.mock.noteCallback(step.operation, built.value.body);
    const untyped = built.value.idProblems;
    judgeExchange(
      env,
      step,
      live,
      untyped.map((p) => p.field),
    );
    if (step.envelope && !step.path)
      judgeIdTypes(
        env,
        step.operation,
        untyped.map((p) => p.message),
        live,
      );
    if (isUnreachable(live.record.failure)) {
      env.stop.unreachable = live.record.failure!.message;
      markCapturesMissing(env, 'blocked', `the candidate could not be reached: ${live.record.failure!.message}`);
      break;
    }
    const response = responseObject(live);
    const split = refusedParts(generator, item, response);
    if (split.length > 0) {
      parts += split.length;
      queue.unshift(...split);
      continue;
    }
    // The item's roots with the exchange's facts added: as `{ ...roots, response, … }` would give, without the copy.
    const stepRoots = roots;
    stepRoots.response = response ?? null;
    stepRoots.request = built.value.body;
    stepRoots.status = live.record.response?.status ?? null;
    stepRoots.exchange = live.record.id;
    stepRoots.started_at = startedAt;
    stepRoots.finished_at = env.ctx.clock.now();
    const exact = live.response?.ok ? live.response.json?.exact : undefined;
    const read = step.readBack ? await readBack(env, step, stepRoots, response, [live.record.id]) : undefined;
    const judged = read ? { ...stepRoots, read: read.answers } : stepRoots;
    judgeDeclared(env, { body: response, status: live.record.response?.status, exchanges: [live.record.id], exact }, judged, undefined, read);
    takeCaptures(env, judged);
  }
  const resent = parts > 0 ? `${parts} request(s) re-sent with part of a refused one` : undefined;
  return unbuilt ?? ([items.note, resent].filter(Boolean).join('; ') || undefined);
}
