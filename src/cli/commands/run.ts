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
import type { RunContext, RunEvent, RunResult } from '../../runner/types.js';
import type { Target } from '../../suite/types.js';
import { createReporters, FILE_REPORTERS, finishReports, REPORTERS } from '../../report/index.js';
import { exitCodeForVerdict } from '../exit-codes.js';
import type { CliIo } from '../io.js';
import { useColor, useLiveView } from '../io.js';
import { selectSuites } from '../select-suites.js';
import { prepareRun } from '../prepare-run.js';
import { visibleLine } from '../../support/sanitise.js';
import { watchMemory } from '../memory-budget.js';

export interface RunCommandOptions {
  target: Target;
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
  ca?: string;
  reporter?: string[];
  outputDir?: string;
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

export async function runCommand(options: RunCommandOptions, io: CliIo): Promise<RunCommandOutcome> {
  const grep = compileGrep(options.grep);
  const selection = selectSuites(options.target, options.suite);
  const reporterNames = options.reporter ?? [];
  for (const name of reporterNames) if (!REPORTERS.has(name)) throw new UsageError(`unknown reporter "${name}" (known: ${FILE_REPORTERS.join(', ')})`);
  const clock = io.clock ?? systemClock;
  const log = new EvidenceLog();
  const version = harnessVersion();
  const prepared = await prepareRun(options, io, { clock, log });
  const memory = watchMemory(io.memoryBudgetBytes);
  const signal = AbortSignal.any([io.signal ?? new AbortController().signal, memory.signal]);
  const { profile, redactor, pms } = prepared;
  const client = new HttpClient({
    clock, redactor, log, signal, ca: prepared.ca,
    requestTimeoutMs: profile.timeouts.requestMs,
    connectTimeoutMs: profile.timeouts.connectMs,
    maxBodyBytes: profile.limits.maxBodyBytes,
    evidenceBodyBytes: profile.limits.evidenceBodyBytes,
    userAgent: `cm-certify/${version}`,
  });
  try {
    const reporters = createReporters(['terminal', ...reporterNames], {
      outputDir: resolve(io.cwd, options.outputDir ?? 'cm-certify-report'), redactor, stdout: io.stdout, color: useColor(io), interactive: useLiveView(io),
    });
    const hooks = new HookRunner({
      hooks: profile.hooks, client, log, redactor, clock, signal,
      timeoutMs: profile.timeouts.hookMs, evidenceBodyBytes: profile.limits.evidenceBodyBytes, env: profile.hookEnv ?? {},
    });
    const emit = (event: RunEvent): void => {
      for (const r of reporters) r.onEvent?.(event);
    };
    if (pms) io.stdout.write(`Channel manager for your PMS: ${visibleLine(pms.mock.url)}\n`);
    const ctx: RunContext = { client, log, clock, hooks, redactor, signal, emit, artifacts: collectArtifacts(log, clock, pms), ...(pms ? { pms } : {}) };
    const result = await runCertification({
      target: options.target, profile, suites: selection.suites, allowHttp: options.allowHttp ?? false,
      grep, bail: options.bail ?? false, partial: selection.partial, harnessVersion: version,
    }, ctx);
    const overBudget = memory.note();
    if (overBudget) result.notes.push(overBudget);
    const files = await finishReports(reporters, result, redactor);
    if (files.length) io.stdout.write(`Reports: ${visibleLine(files.join(', '))}\n`);
    return { exitCode: exitCodeForVerdict(result.verdict), result, files };
  } finally {
    memory.stop();
    await prepared.close();
    await client.close();
  }
}
