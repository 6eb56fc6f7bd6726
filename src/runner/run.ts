// A certification run: takes the options (profile, suites, flags) and the I/O context,
// gives the RunResult. Plans, runs each suite in order, decides the verdict with the one
// roll-up table, and emits events for reporters; it never prints.
import { decideVerdict } from '../checks/rollup.js';
import { profileDigest } from '../profile/digest.js';
import { SPEC_TITLE, SPEC_VERSION } from '../spec/sections.js';
import { HarnessLoad } from './harness-load.js';
import type { HarnessLoadSummary } from './harness-load.js';
import { runSuite } from './suite-runner.js';
import type { RunStop } from './step-env.js';
import type { OutcomeCounts, PlannedSuite, RunContext, RunOptions, RunResult, SuiteResult } from './types.js';

export function planSuites(options: RunOptions): PlannedSuite[] {
  return options.suites.map((s) => ({
    name: s.name,
    title: s.title,
    checks: s.checks.filter((c) => !options.grep || options.grep.test(c.id) || options.grep.test(c.title)).length,
    steps: s.steps.map((step) => ({ id: step.id, title: step.title })),
  }));
}

function countOutcomes(suites: SuiteResult[]): OutcomeCounts {
  const counts: OutcomeCounts = { pass: 0, fail: 0, warn: 0, skip: 0, error: 0 };
  for (const s of suites) for (const c of s.checks) counts[c.outcome]++;
  return counts;
}

/** Delays a person would notice in the timing checks' evidence (real ms). */
const NOTABLE_DELAY_MS = 50;

function loadNote(load: HarnessLoadSummary): string | undefined {
  if (load.worstDelayMs < NOTABLE_DELAY_MS) return undefined;
  return `The harness's own event loop ran up to ${load.worstDelayMs} ms late (${load.worstDelayClockMs} ms of run time; ${load.lateProbes} of ${load.probes} probes late): timing tolerances were widened by the delay seen in each window.`;
}

function runNotes(options: RunOptions, stop: RunStop, interrupted: boolean, load: HarnessLoadSummary): string[] {
  const notes: string[] = [];
  const loaded = loadNote(load);
  if (loaded) notes.push(loaded);
  if (options.profile.baseUrl.startsWith('http://')) {
    notes.push(options.allowHttp
      ? 'This run was made over plain HTTP (--allow-http, local development): it does not certify a production endpoint.'
      : 'The candidate base URL uses plain HTTP: HTTPS is required.');
  }
  if (options.partial || options.grep) notes.push('Partial run (--suite/--grep): not every built-in check ran, so this is not a full certification.');
  if (stop.unreachable) notes.push(`The run stopped early: the candidate could not be reached (${stop.unreachable}).`);
  if (stop.halted) notes.push(`The run stopped early: ${stop.halted}; the checks after it could not be judged.`);
  if (stop.bailed) notes.push('The run stopped at the first failed required check (--bail).');
  if (interrupted) notes.push('The run was interrupted; the report holds what ran until then.');
  return notes;
}

export async function runCertification(options: RunOptions, given: RunContext): Promise<RunResult> {
  const ctx: RunContext = given.load ? given : { ...given, load: new HarnessLoad(given.clock) };
  ctx.load!.start();
  try {
    return await runAll(options, ctx);
  } finally {
    if (!given.load) ctx.load!.stop();
  }
}

async function runAll(options: RunOptions, ctx: RunContext): Promise<RunResult> {
  const startedAt = ctx.clock.now();
  const wallStart = performance.now();
  const stop: RunStop = {};
  const suites = planSuites(options);
  ctx.emit({ type: 'run-start', target: options.target, candidate: ctx.redactor.url(options.profile.baseUrl), suites });
  const results: SuiteResult[] = [];
  for (const suite of options.suites) {
    const planned = suites.find((p) => p.name === suite.name);
    if (options.grep && planned?.checks === 0) continue;
    const result = await runSuite(suite, options, ctx, stop, startedAt);
    results.push(result);
    ctx.emit({ type: 'suite-end', result });
    if (ctx.signal.aborted || stop.unreachable || stop.halted || stop.bailed) break;
  }
  const interrupted = ctx.signal.aborted;
  const all = results.flatMap((s) => s.checks);
  const load = ctx.load!.summary();
  const { verdict, reasons } = decideVerdict(all, interrupted);
  if (stop.unreachable && verdict !== 'not-certified') reasons.unshift(`the candidate could not be reached: ${stop.unreachable}`);
  const result: RunResult = {
    verdict: stop.unreachable && verdict === 'certified' ? 'incomplete' : verdict,
    reasons,
    harness: { name: 'cm-certify', version: options.harnessVersion },
    spec: { title: SPEC_TITLE, version: SPEC_VERSION },
    target: options.target,
    candidate: { baseUrl: ctx.redactor.url(options.profile.baseUrl), name: ctx.redactor.text(options.profile.name) },
    transport: options.profile.baseUrl.startsWith('https://') ? 'https' : 'http',
    startedAt: new Date(startedAt).toISOString(),
    durationMs: Math.round(performance.now() - wallStart),
    scope: options.partial || options.grep ? 'partial' : 'full',
    interrupted,
    notes: runNotes(options, stop, interrupted, load),
    harnessLoad: load,
    counts: countOutcomes(results),
    suites: results,
    exchanges: [...ctx.log.all()],
    artifacts: ctx.artifacts?.() ?? {},
    profileDigest: profileDigest(options.profile),
  };
  ctx.emit({ type: 'run-end', result });
  return result;
}
