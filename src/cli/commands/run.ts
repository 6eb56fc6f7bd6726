// `cm-certify run`: takes the run options (profile or --reference, suites, flags) and
// the CLI's I/O, wires the drivers, reporters and runner together, gives the exit code.
// Everything it starts (reference candidates, mock, HTTP agents) is closed before it returns.
import { resolve } from 'node:path';
import { systemClock } from '../../support/clock.js';
import { UsageError } from '../../support/errors.js';
import { harnessVersion } from '../../support/package-root.js';
import { EvidenceLog } from '../../drivers/evidence-log.js';
import { HttpClient } from '../../drivers/http-client.js';
import { HookRunner } from '../../drivers/hooks.js';
import { runCertification } from '../../runner/run.js';
import { collectArtifacts } from '../../runner/artifacts.js';
import type { PmsSide, RunContext, RunEvent, RunResult } from '../../runner/types.js';
import type { Target } from '../../suite/types.js';
import { createReporters, FILE_REPORTERS, finishReports, REPORTERS } from '../../report/index.js';
import { exitCodeForVerdict } from '../exit-codes.js';
import type { CliIo } from '../io.js';
import { useColor, useLiveView } from '../io.js';
import { selectSuites } from '../select-suites.js';
import { prepareRun } from '../prepare-run.js';
import { visibleLine } from '../../support/sanitise.js';
import { watchMemory } from '../memory-budget.js';
import { assertSelectionNotEmpty } from '../check-selection.js';
import { prepareOutputDir } from '../output-dir.js';
import { parseTimeoutFlag, proxyFromEnv, verbosityOf } from '../run-flags.js';
import { resolveRunTarget } from '../find-profile.js';

export interface RunCommandOptions {
  /** Without it, the profile's `target:` decides. */
  target?: Target;
  profile?: string;
  reference?: boolean;
  /** Fault variants of the reference candidate (with --reference): demos and tests. */
  variant?: string[];
  /** Tests only: serve the reference candidate over plain HTTP. */
  referenceOverHttp?: boolean;
  suite?: string[];
  grep?: string;
  bail?: boolean;
  allowHttp?: boolean;
  /** PMS target: the mock channel manager serves plain HTTP instead of HTTPS (never certified). */
  mockHttp?: boolean;
  ca?: string;
  reporter?: string[];
  outputDir?: string;
  /** Per-request timeout ("5000", "10s"), overriding the profile's timeouts.request_ms. */
  timeout?: string;
  quiet?: boolean;
  verbose?: boolean;
  /** false with --no-color. */
  color?: boolean;
}

export interface RunCommandOutcome {
  exitCode: number;
  result: RunResult;
  files: string[];
}

function compileGrep(grep: string | undefined): RegExp | undefined {
  if (!grep) return undefined;
  try {
    return new RegExp(grep, 'i');
  } catch (error) {
    throw new UsageError(`--grep: invalid regular expression: ${(error as Error).message}`);
  }
}

/** The mock's URL and how to trust it (or that it is plain HTTP), before the run starts. */
function describeMock(pms: PmsSide): string {
  const lines = [`Channel manager for your PMS: ${visibleLine(pms.mock.url)}`];
  const t = pms.transport;
  if (t?.scheme === 'http' || !pms.mock.url.startsWith('https://')) {
    lines.push(`  plain HTTP (${visibleLine(t?.reason ?? 'no TLS')}): local development only; this run cannot be certified`);
  } else if (t?.certificate) {
    const c = t.certificate;
    lines.push(`  TLS certificate: ${c.source === 'generated' ? 'self-signed, generated for this run' : 'from the profile'}`);
    lines.push(`  SHA-256 fingerprint (pin it in your PMS): ${c.fingerprint256}`);
    if (c.file) lines.push(`  certificate PEM (trust it in your PMS${c.source === 'generated' ? ', valid for this run' : ''}): ${visibleLine(c.file)}`);
  }
  return `${lines.join('\n')}\n`;
}

export async function runCommand(given: RunCommandOptions, io: CliIo): Promise<RunCommandOutcome> {
  const found = resolveRunTarget(given, io.cwd);
  const options = { ...given, target: found.target, ...(found.profile ? { profile: found.profile } : {}) };
  if (!given.profile && found.profile && !given.quiet) io.stdout.write(`Profile: ${resolve(io.cwd, found.profile)} (found in the working directory)\n`);
  const grep = compileGrep(options.grep);
  const timeoutMs = parseTimeoutFlag(options.timeout);
  const verbosity = verbosityOf(options.quiet, options.verbose);
  const selection = selectSuites(options.target, options.suite, io.cwd);
  assertSelectionNotEmpty(selection.suites, options.suite, grep, options.grep);
  const reporterNames = options.reporter ?? [];
  for (const name of reporterNames) if (!REPORTERS.has(name)) throw new UsageError(`unknown reporter "${name}" (known: ${FILE_REPORTERS.join(', ')})`);
  // Checked (and created) before anything starts: a bad folder is a usage error now, not after the run.
  const outputDir = reporterNames.length ? prepareOutputDir(options.outputDir ?? 'cm-certify-report', io.cwd) : resolve(io.cwd, options.outputDir ?? 'cm-certify-report');
  const clock = io.clock ?? systemClock;
  const log = new EvidenceLog();
  const version = harnessVersion();
  const prepared = await prepareRun(options, io, { clock, log });
  const memory = watchMemory(io.memoryBudgetBytes);
  const signal = AbortSignal.any([io.signal ?? new AbortController().signal, memory.signal]);
  const { profile, redactor, pms } = prepared;
  if (timeoutMs !== undefined) profile.timeouts.requestMs = timeoutMs;
  const client = new HttpClient({
    proxy: proxyFromEnv(io.env),
    clock, redactor, log, signal, ca: prepared.ca,
    requestTimeoutMs: profile.timeouts.requestMs,
    connectTimeoutMs: profile.timeouts.connectMs,
    maxBodyBytes: profile.limits.maxBodyBytes,
    evidenceBodyBytes: profile.limits.evidenceBodyBytes,
    userAgent: `cm-certify/${version}`,
  });
  try {
    const reporters = createReporters(['terminal', ...reporterNames], {
      outputDir, redactor, stdout: io.stdout, color: options.color !== false && useColor(io), interactive: useLiveView(io), verbosity, signal,
    });
    const hooks = new HookRunner({
      hooks: profile.hooks, client, log, redactor, clock, signal,
      timeoutMs: profile.timeouts.hookMs, evidenceBodyBytes: profile.limits.evidenceBodyBytes, env: profile.hookEnv ?? {},
    });
    const emit = (event: RunEvent): void => {
      for (const r of reporters) r.onEvent?.(event);
    };
    // --quiet keeps stdout to the verdict line; what the PMS needs (URL, certificate) still goes to stderr.
    if (pms) (verbosity === 'quiet' ? io.stderr : io.stdout).write(describeMock(pms));
    const ctx: RunContext = { client, log, clock, hooks, redactor, signal, emit, artifacts: collectArtifacts(log, clock, pms), ...(pms ? { pms } : {}) };
    const result = await runCertification({
      target: options.target, profile, suites: selection.suites, allowHttp: options.allowHttp ?? false,
      grep, bail: options.bail ?? false, partial: selection.partial, harnessVersion: version,
      tlsVerification: io.env.NODE_TLS_REJECT_UNAUTHORIZED !== '0',
    }, ctx);
    const overBudget = memory.note();
    if (overBudget) result.notes.push(overBudget);
    const files = await finishReports(reporters, result, redactor);
    if (files.length && verbosity !== 'quiet') io.stdout.write(`Reports: ${visibleLine(files.join(', '))}\n`);
    return { exitCode: exitCodeForVerdict(result.verdict), result, files };
  } finally {
    memory.stop();
    await prepared.close();
    await client.close();
  }
}
