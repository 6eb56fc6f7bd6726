// The model step: takes a step naming a model (today `ota-sequences`) and the run's seed,
// sends the always-run sequences and draws seeded ones on the candidate with fast-check's model-based runs,
// compares every read-back with the channel-manager core's (src/runner/model/), and gives
// one verdict per declared check: a pass saying how many reads agreed, or the failure of
// the smallest sequence fast-check shrank it to, step by step, with the seed that replays it.
import { isUnreachable } from '../../drivers/transport-errors.js';
import { responseObject } from '../../checks/protocol.js';
import { fail, harnessError, pass, skip } from '../../checks/check-verdict.js';
import { createPropertyItem } from '../generators/create-property.js';
import type { ModelStep } from '../../suite/types.js';
import { buildEnvelope, operationUrl } from '../envelope.js';
import type { MessageName } from '../../spec/operations.js';
import { HarnessFault, MODEL_CHECKS, type ModelCheckId, ModelMismatch, type OtaDriver } from '../model/ota-driver.js';
import type { ModelOffer } from '../model/ota-commands.js';
import { runSequences } from '../model/ota-sequences.js';
import type { StepEnv } from '../step-env.js';
import type { Verdict } from '../../spec/vocabulary.js';

/** A change is not started in the last part of a second, so it falls in the second it started in. */
const ALIGN_MS = 900;
/** Why the + 5:00 boundary is unproven when every change's call crossed a clock second. */
const BOUNDARY_UNPROVEN =
  "Every booking change of the sequences took its call across a clock second (the harness or the candidate was slow), so no GetBookingList was read at a change's own second + 5:00: whether that moment is listed is unproven";
/** Past this, fast-check stops drawing (or shrinking) and reports what it has. */
const TIME_LIMIT_MS = 60_000;

function driverFor(env: StepEnv, counts: Map<ModelCheckId, number>, exact: { boundaries: number }): OtaDriver {
  const { ctx, profile } = env;
  return {
    hasHook: (name) => ctx.hooks.has(name),
    async hook(name, input) {
      const startedAt = ctx.clock.now();
      const result = await ctx.hooks.run(name, input);
      if (!result.ok) throw new HarnessFault(`the ${name} hook could not do its job: ${result.message}`);
      const value = typeof result.value === 'object' && result.value !== null ? (result.value as Record<string, unknown>) : {};
      return { value, startedAt, finishedAt: ctx.clock.now() };
    },
    async call(operation, body) {
      const url = operationUrl(profile.baseUrl, operation, { shared_secret: profile.sharedSecret });
      const sent = { ...buildEnvelope(operation as MessageName, profile), ...body };
      // A request that got no answer at all (a timeout on a loaded machine) is sent once more;
      // twice unanswered, the sequence cannot be judged: a harness fault, never the candidate's failure.
      for (let attempt = 1; ; attempt += 1) {
        const live = await ctx.client.post({ operation, url, body: sent });
        const failure = live.record.failure;
        if (isUnreachable(failure)) throw new HarnessFault(failure!.message, true);
        if (live.record.response) return { body: responseObject(live), status: live.record.response.status, exchange: live.record.id };
        if (attempt === 2) throw new HarnessFault(`${operation} got no answer twice: ${failure?.message ?? 'no response'}`);
      }
    },
    now: () => ctx.clock.now(),
    async align() {
      const into = ctx.clock.now() % 1000;
      if (into >= ALIGN_MS) await ctx.clock.sleep(1000 - into, ctx.signal);
    },
    judged: (check) => counts.set(check, (counts.get(check) ?? 0) + 1),
    exactBoundary: () => {
      exact.boundaries += 1;
    },
  };
}

function offerOf(env: StepEnv): ModelOffer | string {
  const { profile, ctx } = env;
  const caps = new Set(profile.capabilities);
  const offer: ModelOffer = {
    createHook: ctx.hooks.has('create_booking'),
    modifyHook: ctx.hooks.has('modify_booking'),
    ack: caps.has('AckBooking'),
    cancel: caps.has('CancelBooking'),
    propertyOperations: caps,
    property: caps.has('CreateProperty')
      ? () => {
          // A property per sequence, with fresh credentials no other property of the run has.
          const item = createPropertyItem(profile, ctx.clock.now());
          const { pms_property_id, wbp_property_id, wbp_property_password } = item;
          return { credentials: { pms_property_id, wbp_property_id, wbp_property_password }, Property: item.Property, nonce: item.nonce };
        }
      : undefined,
  };
  if (!ctx.hooks.has('create_booking') && !offer.property) return 'the profile declares neither hooks.create_booking nor the CreateProperty capability';
  return offer;
}

/** The failing sequence, one numbered line per operation, the failing one marked. */
function sequenceText(trace: readonly string[]): string {
  return trace.map((line, i) => `  ${i + 1}. ${line}${i === trace.length - 1 ? '   <- fails here' : ''}`).join('\n');
}

/**
 * The verdict of a model check no sequence failed: not applicable when no read reached it; for
 * the boundary check, unproven (timing degraded, never a pass) when no change's second was
 * certain, since reads that agreed then prove nothing about + 5:00 itself; else a pass.
 */
export function agreedVerdict(id: string, judged: number, exactBoundaries: number, summary: string): Verdict {
  if (judged === 0) return skip(`No operation of ${summary} reached this check`, 'not-applicable');
  if (id === MODEL_CHECKS.listVersion && exactBoundaries === 0) return skip(`${BOUNDARY_UNPROVEN} (${judged} reads agreed in ${summary})`, 'timing-degraded');
  return pass(`${judged} reads agreed with the model in ${summary}`);
}

export async function runModelStep(env: StepEnv, step: ModelStep): Promise<string | undefined> {
  if (step.model !== 'ota-sequences') {
    env.recordAll(harnessError(`unknown model "${step.model}" (known: ota-sequences)`));
    return undefined;
  }
  const offer = offerOf(env);
  if (typeof offer === 'string') {
    env.recordAll(skip(`The model-based sequences need a booking hook or CreateProperty: ${offer}`, 'not-applicable'));
    return undefined;
  }
  const counts = new Map<ModelCheckId, number>();
  const seed = env.options.seed ?? 0;
  const runs = env.profile.limits.modelSequences;
  const exact = { boundaries: 0 };
  const driver = driverFor(env, counts, exact);
  const { details, trace, operations, alwaysRun } = await runSequences({ offer, driver, seed, runs, timeLimitMs: TIME_LIMIT_MS, aborted: () => env.aborted });
  const error = details.failed ? details.errorInstance : undefined;
  if (error instanceof HarnessFault) {
    if (error.unreachable) env.stop.unreachable = error.message;
    env.recordAll(harnessError(`The model-based sequences could not be driven: ${error.message} (seed ${seed})`));
    return error.message;
  }
  if (details.failed && !(error instanceof ModelMismatch)) {
    env.recordAll(harnessError(`The model-based sequences broke (seed ${seed}): ${String((error as Error | undefined)?.message ?? error)}`));
    return undefined;
  }
  const summary = `${details.numRuns} sequences (${alwaysRun} always run, the rest drawn), ${operations} operations in all (seed ${seed})`;
  for (const check of step.checks) {
    const where = env.where(check.line ? { line: check.line } : {});
    const judged = counts.get(check.id as ModelCheckId) ?? 0;
    if (error instanceof ModelMismatch && error.check === check.id) {
      const shrunk = `\n  The smallest failing sequence (${trace.length} operations, found after ${details.numShrinks} shrinks; replay: --seed ${seed}):\n${sequenceText(trace)}`;
      env.record(check, fail(`${error.message}${shrunk}`, { exchanges: error.exchanges }), where);
    } else env.record(check, agreedVerdict(check.id, judged, exact.boundaries, summary), where);
  }
  return `${details.numRuns} sequences, ${operations} operations (seed ${seed})${details.failed ? `, shrunk to ${trace.length}` : ''}`;
}
