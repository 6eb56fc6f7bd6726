// A certification run: takes the options (profile, suites, flags) and the I/O context,
// gives the RunResult. Plans, runs each suite in order, records what decides the verdict and
// has src/spec/run-verdict.ts decide it, and emits events for reporters; it never prints.
import { loadCodeChecksFor } from '../checks/code/registry.js';
import { decideVerdict } from '../spec/run-verdict.js';
import { applyWaivers } from '../spec/waivers.js';
import { profileDigest } from '../profile/digest.js';
import { SPEC_TITLE, SPEC_VERSION } from '../spec/sections.js';
import { HarnessLoad, STANDSTILL_MS } from './harness-load.js';
import type { HarnessLoadSummary, OutcomeCounts, PlannedSuite, RunResult, SuiteResult } from '../spec/run-result.js';
import { insecureNotes, tlsFailureText } from '../spec/run-notes.js';
import { isFullSelection, transportFacts } from './certifiable.js';
import { candidateFacts } from './identity.js';
import { runSuite } from './suite-runner.js';
import { mockFacts, mockNotes, outsiderNotes } from './mock-transport.js';
import { reservationFormatNotes } from './reservation-note.js';
import { VariationTally, variationNote } from './variation-tally.js';
import type { RunStop } from './step-env.js';
import type { PmsSide, RunContext, RunOptions } from './types.js';
import { runTransport } from '../spec/verdicts.js';
import type { CheckResult, RunStopFacts, TransportFacts, WaiverRecord } from '../spec/vocabulary.js';
import type { Suite } from '../suite/types.js';
import { isSelected } from '../spec/check-selection.js';
import { everyExchangeChecks } from '../checks/catalogue.js';

export function planSuites(options: RunOptions): PlannedSuite[] {
  return options.suites.map((s) => ({
    name: s.name,
    title: s.title,
    checks: s.checks.filter((c) => isSelected(options.grep, c)).length,
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
  if (load.worstDelayMs < NOTABLE_DELAY_MS && !load.saturatedMs) return undefined;
  const saturated = load.saturatedMs
    ? ` Its loop was saturated for ${load.saturatedMs} ms in all: a window holding such a span was judged inconclusive too.`
    : '';
  return `The harness's own event loop ran up to ${load.worstDelayMs} ms late (${load.lateProbes} of ${load.probes} probes late, ${load.stalledMs} ms in all): a window in which it stood still for ${STANDSTILL_MS} ms or more at once was judged inconclusive, never by its timing.${saturated}`;
}

/** The seed of the bookings the mock generated, when it generated any: what replays them. */
function seededNotes(pms: PmsSide): string[] {
  const { seed, bookings, changes } = pms.mock.seeded;
  if (bookings.length === 0) return [];
  const classes = [...new Set(bookings.flatMap((b) => b.classes))].join(', ');
  return [
    `The mock served ${bookings.length} seeded booking(s) (${classes}; ids: ${bookings.map((b) => b.idShape).join(' | ')}) and ${changes.length} change(s) of them (${changes.map((c) => c.kind).join(', ')}), from booking seed ${seed} (on the same day, the same seed serves the same bookings).`,
  ];
}

function runNotes(options: RunOptions, facts: TransportFacts, stop: RunStop, interrupted: boolean, load: HarnessLoadSummary | undefined): string[] {
  const notes = insecureNotes(facts);
  const loaded = load && loadNote(load);
  if (loaded) notes.push(loaded);
  if (!isFullSelection(options)) notes.push('Partial run (--suite/--grep/--bail): not every built-in check ran, so this is not a full certification.');
  if (stop.unreachable) notes.push(`The run stopped early: the candidate could not be reached (${stop.unreachable}).`);
  if (stop.halted) notes.push(`The run stopped early: ${stop.halted}; the checks after it could not be judged.`);
  if (stop.bailed) notes.push('The run stopped at the first failed required check (--bail).');
  if (stop.fault) notes.push(`The run stopped at a harness fault (${stop.fault}); the report holds what ran until then.`);
  if (interrupted) notes.push('The run was interrupted; the report holds what ran until then.');
  notes.push(...reservationFormatNotes(options.profile));
  return notes;
}

/**
 * One suite; an exception escaping it (a harness bug, a stack or memory limit) becomes an
 * `error` check of that suite and stops the run, which still ends with its report (D-188).
 */
async function runSuiteGuarded(suite: Suite, options: RunOptions, ctx: RunContext, stop: RunStop, startedAt: number): Promise<SuiteResult> {
  const started = performance.now();
  try {
    const result = await runSuite(suite, options, ctx, stop, startedAt);
    // Reporters may hold lines back until the suite ends: a fault while writing them is this suite's.
    ctx.emit({ type: 'suite-end', result });
    return result;
  } catch (error) {
    const message = ctx.redactor.text(`${(error as Error).name ?? 'Error'}: ${(error as Error).message ?? String(error)}`);
    stop.fault = message;
    const check: CheckResult = {
      id: 'harness.fault',
      title: 'The harness completed the suite',
      level: 'required',
      spec: 'cm-certify',
      outcome: 'error',
      message: `The harness failed while running this suite: ${message}`,
      where: { file: suite.file },
      evidence: { exchanges: [], schemaErrors: [] },
      counts: { runs: 1, passed: 0, failed: 0, skipped: 0, errored: 1 },
    };
    const result: SuiteResult = {
      name: suite.name,
      title: suite.title,
      version: suite.version,
      file: suite.file,
      outcome: 'error',
      durationMs: Math.round(performance.now() - started),
      checks: [check],
    };
    try {
      ctx.emit({ type: 'suite-end', result });
    } catch {
      // The reporter that faulted may fault again; the run's result still carries the fault.
    }
    return result;
  }
}

/**
 * What stopped the run, as far as it decides the verdict; undefined when nothing did, so the
 * reports of runs that ran their course keep the shape they had.
 */
function stopFacts(stop: RunStop): RunStopFacts | undefined {
  if (stop.fault === undefined && stop.unreachable === undefined) return undefined;
  return { ...(stop.fault !== undefined ? { fault: stop.fault } : {}), ...(stop.unreachable !== undefined ? { unreachable: stop.unreachable } : {}) };
}

/** The coverage pictures are drawn from the candidate's data: if that fails, the run still ends, with a note. */
function guardedArtifacts(ctx: RunContext, notes: string[]): RunResult['artifacts'] {
  try {
    return ctx.artifacts?.() ?? {};
  } catch (error) {
    notes.push(`The coverage pictures could not be drawn (${ctx.redactor.text((error as Error).message ?? String(error))}); the checks are unaffected.`);
    return {};
  }
}

export async function runCertification(options: RunOptions, given: RunContext): Promise<RunResult> {
  await loadCodeChecksFor(options.suites);
  // On a simulated clock nothing real can hold the harness up: no load is watched.
  const load = given.load ?? (given.clock.simulated ? undefined : new HarnessLoad(given.clock));
  const ctx: RunContext = { ...given, ...(load ? { load } : {}), variations: given.variations ?? new VariationTally() };
  load?.start();
  try {
    return await runAll(options, ctx);
  } finally {
    if (!given.load) load?.stop();
  }
}

/** The suites with the waiver file's accepted failures marked, and what became of each waiver; as they are when no file was given. */
function waived(options: RunOptions, suites: SuiteResult[], startedAt: number): { suites: SuiteResult[]; records?: WaiverRecord[]; notes: string[] } {
  if (!options.waivers) return { suites, notes: [] };
  const applied = applyWaivers(suites, options.waivers, new Date(startedAt).toISOString().slice(0, 10));
  return { suites: applied.suites, records: applied.records, notes: applied.notes };
}

async function runAll(options: RunOptions, ctx: RunContext): Promise<RunResult> {
  const startedAt = ctx.clock.now();
  const wallStart = performance.now();
  const stop: RunStop = {};
  const suites = planSuites(options);
  ctx.emit({ type: 'run-start', target: options.target, candidate: ctx.redactor.url(options.profile.baseUrl), suites });
  const results: SuiteResult[] = [];
  // A selected check judged on every exchange may fail in any suite: every suite runs.
  const anywhere = everyExchangeChecks(options.target).some((c) => isSelected(options.grep, c));
  for (const suite of options.suites) {
    const planned = suites.find((p) => p.name === suite.name);
    if (options.grep && planned?.checks === 0 && !anywhere) continue;
    const result = await runSuiteGuarded(suite, options, ctx, stop, startedAt);
    results.push(result);
    if (ctx.signal.aborted || stop.unreachable || stop.halted || stop.bailed || stop.fault) break;
  }
  const interrupted = ctx.signal.aborted;
  const load = ctx.load?.summary();
  const facts = transportFacts(options, ctx.pms?.mock.url);
  const scope = isFullSelection(options) ? 'full' : 'partial';
  const stopped = stopFacts(stop);
  const waivers = waived(options, results, startedAt);
  const { verdict, reasons } = decideVerdict({ suites: waivers.suites, interrupted, stop: stopped, scope, transports: facts });
  const mock = ctx.pms ? mockFacts(ctx.pms) : undefined;
  const outsiders = ctx.pms?.mock.outsiders.summary();
  const variations = ctx.pms ? ctx.variations!.summary('served', ctx.pms.mock.servedVariations()) : ctx.variations!.summary('sent');
  const result: RunResult = {
    verdict,
    reasons,
    harness: { name: 'cm-certify', version: options.harnessVersion },
    spec: { title: SPEC_TITLE, version: SPEC_VERSION },
    target: options.target,
    candidate: candidateFacts(options, ctx),
    transport: runTransport(facts),
    transports: facts,
    ...(mock ? { mock: { ...mock, url: ctx.redactor.url(mock.url) } } : {}),
    startedAt: new Date(startedAt).toISOString(),
    durationMs: Math.round(performance.now() - wallStart),
    scope,
    interrupted,
    ...(stopped ? { stop: stopped } : {}),
    notes: [
      ...(mock ? mockNotes(mock) : []),
      ...(mock?.tlsFailures ? [tlsFailureText(mock.tlsFailures)!] : []),
      ...(ctx.pms ? seededNotes(ctx.pms) : []),
      ...runNotes(options, facts, stop, interrupted, load),
      ...(outsiders ? outsiderNotes(outsiders) : []),
      ...(ctx.log.budgetNote() ? [ctx.log.budgetNote()!] : []),
      ...waivers.notes,
    ],
    ...(load ? { harnessLoad: load } : {}),
    ...(variations ? { variations } : {}),
    counts: countOutcomes(waivers.suites),
    suites: waivers.suites,
    exchanges: [...ctx.log.all()],
    ...(outsiders ? { outsiders } : {}),
    artifacts: {},
    profileDigest: profileDigest(options.profile),
    ...(options.seed !== undefined ? { seed: options.seed } : {}),
    ...(waivers.records ? { waivers: waivers.records } : {}),
  };
  if (variations) result.notes.push(variationNote(variations));
  result.artifacts = guardedArtifacts(ctx, result.notes);
  try {
    ctx.emit({ type: 'run-end', result });
  } catch {
    // A reporter that breaks on the run's end still gets the result to write (finishReports).
  }
  return result;
}
