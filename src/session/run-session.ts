// One certification run, assembled: takes the SessionOptions (a profile file or a launcher
// that starts the candidate, suites, flags, reporters) and the SessionIo (streams,
// environment, working directory, clock, abort signal), gives the RunResult and the report
// files written. Every input is checked before anything starts; everything started (the
// candidate, the mock channel manager, HTTP agents, the memory watch) is closed before it
// returns. The CLI's `run` and the package API both call it; it prints only the reporters'
// output and the mock's address, and it never exits (the named errors are thrown).
import { randomInt } from 'node:crypto';
import { resolve } from 'node:path';
import { systemClock, track } from '../support/clock.js';
import { HarnessError, UsageError, errorMessage } from '../support/errors.js';
import { harnessVersion } from '../support/package-root.js';
import { EvidenceLog } from '../drivers/evidence-log.js';
import { HookRunner } from '../drivers/hooks.js';
import { runCertification } from '../runner/run.js';
import { collectArtifacts } from '../runner/artifacts.js';
import type { RunContext } from '../runner/types.js';
import type { RunEvent } from '../spec/run-result.js';
import { createReporters, FILE_REPORTERS, finishReports, REPORTERS } from '../report/index.js';
import type { Reporter } from '../report/index.js';
import { assertSelectionNotEmpty } from './check-selection.js';
import { everyExchangeChecks } from '../checks/catalogue.js';
import { candidateClient } from './candidate-client.js';
import { watchMemory } from './memory-budget.js';
import { describeMock } from './mock-notice.js';
import { prepareOutputDir } from './output-dir.js';
import { prepareRun } from './prepare-run.js';
import type { PreparedRun } from './prepare-run.js';
import { selectSuites } from './select-suites.js';
import { userSuiteCache } from '../suite/user-suite-cache.js';
import type { SessionIo, SessionOptions, SessionOutcome } from './types.js';
import { assertSomeoneCanAct } from './unattended.js';
import { secretVarsOf } from '../report/reproduce.js';
import type { ReproduceContext } from '../report/reproduce.js';
import { shellWord } from '../support/shell-word.js';
import { readRunWaivers, readSigner } from './trust-inputs.js';
import type { Signer } from '../report/signature.js';
import { compileCheckSelection } from '../spec/check-selection.js';

/** The report folder: checked (and created) before anything starts, so a bad folder is a usage error now, not after the run. */
function outputDirOf(options: SessionOptions, cwd: string): string {
  const dir = options.outputDir ?? 'cm-certify-report';
  return options.reporter?.length ? prepareOutputDir(dir, cwd) : resolve(cwd, dir);
}

/** After Ctrl-C/SIGTERM, how long start-up may still take before the session gives up on it (real time: the user waits). */
const START_GRACE_MS = 600;

/**
 * Start-up (the candidate, the mock, their certificates: seconds on a busy machine), unless
 * Ctrl-C/SIGTERM comes first: a start-up that ends soon after the signal still gives an
 * interrupted run and its reports; one that does not is left to close what it started when
 * it ends, and the session stops now (issue 21 item 6: a signal ends cm-certify at any stage).
 */
async function prepareUnlessAborted(options: SessionOptions, io: SessionIo, deps: Parameters<typeof prepareRun>[2]): Promise<PreparedRun> {
  const preparing = prepareRun(options, io, deps);
  const signal = io.signal;
  if (!signal) return preparing;
  let timer: NodeJS.Timeout | undefined;
  let onAbort: (() => void) | undefined;
  const givenUp = new Promise<undefined>((resolve) => {
    onAbort = (): void => void (timer = setTimeout(resolve, START_GRACE_MS, undefined));
    if (signal.aborted) onAbort();
    else signal.addEventListener('abort', onAbort, { once: true });
  });
  try {
    const prepared = await Promise.race([preparing, givenUp]);
    if (prepared) return prepared;
  } finally {
    clearTimeout(timer);
    if (onAbort) signal.removeEventListener('abort', onAbort);
  }
  preparing.then(
    (late) => late.close(),
    () => undefined,
  );
  throw new HarnessError(`${errorMessage(signal.reason)} while the run was starting: nothing was judged and no report was written`);
}

/** How the reports say to reproduce a failure and run a check again: the command that ran, the secrets' variable names. */
function reproduceOf(options: SessionOptions, prepared: PreparedRun, cwd: string): ReproduceContext {
  const { profile } = prepared;
  const command = options.rerunCommand ?? `cm-certify run --target ${options.target}${options.profile ? ` --profile ${shellWord(options.profile)}` : ''}`;
  // The private CA the client trusted: --ca (from the working folder) or the profile's tls.ca.
  const caFile = prepared.ca ? (options.ca ? resolve(cwd, options.ca) : profile.tls.ca) : undefined;
  return {
    command,
    caFile,
    secretVars: secretVarsOf(profile.envNames, profile.fixtures.not_enabled_property?.wbp_property_id),
    seed: options.seed,
    suites: options.suite,
    everyExchange: new Set(everyExchangeChecks(options.target).map((c) => c.id)),
  };
}

function reportersFor(options: SessionOptions, io: SessionIo, prepared: PreparedRun, outputDir: string, signal: AbortSignal, signer?: Signer): Reporter[] {
  return createReporters(['terminal', ...(options.reporter ?? [])], {
    signer,
    outputDir,
    redactor: prepared.redactor,
    stdout: io.stdout,
    signal,
    color: options.color ?? false,
    interactive: options.interactive ?? false,
    verbosity: options.verbosity ?? 'normal',
    columns: io.columns,
    cwd: io.cwd,
    reproduce: reproduceOf(options, prepared, io.cwd),
    renderOffLoop: io.renderOffLoop ?? false,
  });
}

/** The certificate's signer: only where a certificate is written (the json or html report). */
function signerOf(options: SessionOptions, io: SessionIo): Signer | undefined {
  if (options.signKey === undefined && options.signer === undefined) return undefined;
  if (!options.reporter?.some((r) => r === 'json' || r === 'html'))
    throw new UsageError('--sign-key signs the certificate of the json and html reports: add --reporter json (or html)');
  if (options.signer) return options.signer;
  return readSigner(options.signKey!, io.cwd, (text) => io.stderr.write(`${text}\n`));
}

export async function runSession(given: SessionOptions, io: SessionIo): Promise<SessionOutcome> {
  // The run's seed is fixed first, so every part that draws (the model-based sequences, the mock's bookings) reads the same one.
  const options: SessionOptions = { ...given, seed: given.seed ?? randomInt(2 ** 31) };
  const grep = compileCheckSelection(options.grep);
  const selection = await selectSuites(options.target, options.suite, io.cwd, userSuiteCache(io.env, options.suiteCache !== false));
  assertSelectionNotEmpty(selection.suites, options.suite, grep, options.grep, everyExchangeChecks(options.target));
  for (const name of options.reporter ?? []) if (!REPORTERS.has(name)) throw new UsageError(`unknown reporter "${name}" (known: ${FILE_REPORTERS.join(', ')})`);
  const outputDir = outputDirOf(options, io.cwd);
  const waivers = options.waivers === undefined ? undefined : readRunWaivers(options.waivers, options.target, selection.suites, io.cwd);
  const signer = signerOf(options, io);
  const clock = io.clock ?? systemClock;
  const log = new EvidenceLog();
  const version = harnessVersion();
  // Start-up is I/O (servers, certificates, an in-process candidate): a simulated clock waits for it.
  const prepared = await track(clock, prepareUnlessAborted(options, io, { clock, log }));
  const memory = watchMemory(io.memoryBudgetBytes);
  const signal = AbortSignal.any([io.signal ?? new AbortController().signal, memory.signal]);
  const { profile, redactor, pms } = prepared;
  log.setBudget(profile.limits.maxEvidenceBytes);
  if (options.requestTimeoutMs !== undefined) profile.timeouts.requestMs = options.requestTimeoutMs;
  const client = candidateClient(profile, { env: io.env, clock, log, redactor, signal, ca: prepared.ca, harnessVersion: version });
  try {
    if (pms) assertSomeoneCanAct(selection.suites, profile, io.attended);
    const reporters = reportersFor(options, io, prepared, outputDir, signal, signer);
    const hooks = new HookRunner({
      hooks: profile.hooks,
      client,
      log,
      redactor,
      clock,
      signal,
      timeoutMs: profile.timeouts.hookMs,
      evidenceBodyBytes: profile.limits.evidenceBodyBytes,
      env: profile.hookEnv ?? {},
    });
    const emit = (event: RunEvent): void => {
      for (const r of reporters) r.onEvent?.(event);
    };
    // Quiet keeps stdout to the verdict line; what the PMS needs (URL, certificate) still goes to stderr.
    if (pms) {
      // The estimate reads the PMS side's step code: loaded for a PMS run only.
      const { estimatePmsRun } = await import('./pms-estimate.js');
      const estimate = estimatePmsRun(profile, selection.suites);
      (options.verbosity === 'quiet' ? io.stderr : io.stdout).write(`${describeMock(pms)}${estimate ? `${estimate.text}\n` : ''}`);
    }
    const ctx: RunContext = { client, log, clock, hooks, redactor, signal, emit, artifacts: collectArtifacts(log, clock, pms), ...(pms ? { pms } : {}) };
    const result = await runCertification(
      {
        target: options.target,
        profile,
        suites: selection.suites,
        allowHttp: options.allowHttp ?? false,
        grep,
        bail: options.bail ?? false,
        partial: selection.partial,
        harnessVersion: version,
        tlsVerification: io.env.NODE_TLS_REJECT_UNAUTHORIZED !== '0',
        waivers,
        reference: prepared.reference ? { ...prepared.reference, how: 'started by the harness itself (--reference)' } : undefined,
        seed: options.seed,
      },
      ctx,
    );
    const overBudget = memory.note();
    if (overBudget) result.notes.push(overBudget);
    const files = await finishReports(reporters, result, redactor);
    return { result, files };
  } finally {
    memory.stop();
    try {
      await prepared.close();
    } finally {
      await client.close();
    }
  }
}
