// `cm-certify run`: takes the run options (profile or --reference, suites, flags) and
// the CLI's I/O, wires the drivers, reporters and runner together, gives the exit code.
// Everything it starts (reference candidates, mock, HTTP agents) is closed before it returns.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { systemClock } from '../../support/clock.js';
import { UsageError, ProfileError } from '../../support/errors.js';
import { harnessVersion } from '../../support/package-root.js';
import { Redactor } from '../../support/redact.js';
import { loadProfile } from '../../profile/load-profile.js';
import type { Profile } from '../../profile/types.js';
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
import { parseOtaFaults, startReferenceOtaCandidate } from '../reference.js';
import type { RunningReference } from '../reference.js';
import { selectSuites } from '../select-suites.js';
import { startPmsSide } from '../pms-side.js';

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

function readCa(path: string | undefined, cwd: string): Buffer | undefined {
  if (!path) return undefined;
  try {
    return readFileSync(resolve(cwd, path));
  } catch (error) {
    throw new UsageError(`--ca ${path}: cannot read the file (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`);
  }
}

async function prepareCandidate(options: RunCommandOptions, io: CliIo): Promise<{ profile: Profile; reference?: RunningReference; ca?: Buffer | undefined }> {
  if (options.reference) {
    if (options.profile) throw new UsageError('give either --profile or --reference, not both');
    if (options.target !== 'ota') throw new UsageError('--reference for the pms target needs the PMS target support (not available yet)');
    const reference = await startReferenceOtaCandidate({ clock: io.clock ?? systemClock, faults: parseOtaFaults(options.variant ?? []), env: io.env, tls: !options.referenceOverHttp });
    return { profile: reference.profile, reference, ca: reference.ca };
  }
  if (options.variant?.length) throw new UsageError('--variant only applies with --reference');
  if (!options.profile) throw new UsageError('give --profile FILE (see `cm-certify init`), or --reference to certify the built-in reference candidate');
  const profile = loadProfile(resolve(io.cwd, options.profile), io.env);
  if (profile.target !== options.target) {
    throw new ProfileError(`the profile is for the ${profile.target} target, but --target is ${options.target}`, { file: profile.file, line: 1, field: 'target' });
  }
  const ca = readCa(options.ca ?? profile.tls.ca, io.cwd);
  return { profile, ca };
}

export async function runCommand(options: RunCommandOptions, io: CliIo): Promise<RunCommandOutcome> {
  const grep = compileGrep(options.grep);
  const selection = selectSuites(options.target, options.suite);
  const reporterNames = options.reporter ?? [];
  for (const name of reporterNames) if (!REPORTERS.has(name)) throw new UsageError(`unknown reporter "${name}" (known: ${FILE_REPORTERS.join(', ')})`);
  const { profile, reference, ca } = await prepareCandidate(options, io);
  const redactor = new Redactor(profile.secrets);
  const clock = io.clock ?? systemClock;
  const log = new EvidenceLog();
  const signal = io.signal ?? new AbortController().signal;
  const version = harnessVersion();
  const client = new HttpClient({
    clock, redactor, log, signal, ca: options.ca ? readCa(options.ca, io.cwd) : ca,
    requestTimeoutMs: profile.timeouts.requestMs,
    connectTimeoutMs: profile.timeouts.connectMs,
    maxBodyBytes: profile.limits.maxBodyBytes,
    evidenceBodyBytes: profile.limits.evidenceBodyBytes,
    userAgent: `cm-certify/${version}`,
  });
  const outputDir = resolve(io.cwd, options.outputDir ?? 'cm-certify-report');
  const reporters = createReporters(['terminal', ...reporterNames], {
    outputDir, redactor, stdout: io.stdout, color: useColor(io), interactive: useLiveView(io),
  });
  const hooks = new HookRunner({
    hooks: profile.hooks, client, log, redactor, clock, signal,
    timeoutMs: profile.timeouts.hookMs, evidenceBodyBytes: profile.limits.evidenceBodyBytes,
  });
  const emit = (event: RunEvent): void => {
    for (const r of reporters) r.onEvent?.(event);
  };
  let pms: Awaited<ReturnType<typeof startPmsSide>> | undefined;
  try {
    pms = options.target === 'pms' ? await startPmsSide(profile, { clock, log, redactor }) : undefined;
    if (pms) io.stdout.write(`Channel manager for your PMS: ${pms.mock.url}\n`);
    const artifacts = collectArtifacts(log, clock, pms);
    const ctx: RunContext = { client, log, clock, hooks, redactor, signal, emit, artifacts, ...(pms ? { pms } : {}) };
    const result = await runCertification({
      target: options.target, profile, suites: selection.suites, allowHttp: options.allowHttp ?? false,
      grep, bail: options.bail ?? false, partial: selection.partial, harnessVersion: version,
    }, ctx);
    const files = await finishReports(reporters, result, redactor);
    if (files.length) io.stdout.write(`Reports: ${files.join(', ')}\n`);
    return { exitCode: exitCodeForVerdict(result.verdict), result, files };
  } finally {
    await reference?.close();
    await pms?.close();
    await client.close();
  }
}
