// A window the harness itself stood still in (real runs only): takes a step's environment, the
// window's start and, when what the step waited for was heard, the moment it was heard (a stall
// after that moment could not delay it: with many runs in one worker, another run's burst of
// CPU after the PMS was heard on time leaves this window judgeable), gives the reason when the
// harness's load monitor saw a standstill in it,
// after recording every declared check of the step as inconclusive (skipped as
// `timing-degraded`, which blocks certification and never fails the PMS). Decided here, before
// any check sees the window: the checks judge the times as recorded (ADR 0020).
import { skip } from '../../checks/check-verdict.js';
import type { StepEnv } from '../step-env.js';
import { markCapturesMissing } from './capture.js';

export function judgedInconclusiveIfStood(env: StepEnv, from: number, heardAt?: number): string | undefined {
  const now = env.ctx.clock.now();
  const why = env.ctx.load?.standstill(from, heardAt === undefined ? now : Math.min(heardAt, now));
  if (!why) return undefined;
  env.recordAll(skip(why, 'timing-degraded'));
  markCapturesMissing(env, 'timing-degraded', why);
  return why;
}
