// `cm-certify run`: takes the command's flags (profile or --reference, suites, --timeout,
// --quiet/--verbose, --no-color) and the CLI's I/O, finds the profile and target, turns the
// flags into the session's options (with a launcher for --reference) and runs the session;
// gives the exit code, the RunResult and the report files, and prints where they went.
import { resolve } from 'node:path';
import { UsageError } from '../../support/errors.js';
import { visibleLine } from '../../support/sanitise.js';
import type { Target } from '../../spec/vocabulary.js';
import type { RunResult } from '../../spec/run-result.js';
import { EXIT, exitCodeForVerdict } from '../../session/exit-codes.js';
import { meetsRequirement, parseRequire } from '../../session/gate.js';
import { resolveRunTarget } from '../../session/find-profile.js';
import { runSession } from '../../session/run-session.js';
import type { CliIo } from '../io.js';
import { useColor, useLiveView } from '../io.js';
import { referenceLauncher } from '../reference-launcher.js';
import { parseSeedFlag, parseTimeoutFlag, verbosityOf } from '../run-flags.js';
import { shellWord } from '../../support/shell-word.js';

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
  /** A waiver file (YAML). */
  waivers?: string;
  /** An Ed25519 private key file: signs the certificate. */
  signKey?: string;
  /** certified or certified-with-waivers: exit 1 unless the verdict meets it. */
  require?: string;
  /** The run's seed (a report prints it): replays what an earlier run drew. */
  seed?: string;
}

export interface RunCommandOutcome {
  exitCode: number;
  result: RunResult;
  files: string[];
}

/** The command that ran, without the selection and output flags: what a re-run hint adds --grep to. */
function rerunCommand(given: RunCommandOptions, target: Target, profile: string | undefined): string {
  const words = ['cm-certify', 'run', '--target', target];
  if (given.reference) words.push('--reference', ...(given.variant ?? []).flatMap((v) => ['--variant', v]));
  if (given.profile || (!given.reference && profile)) words.push('--profile', given.profile ?? profile!);
  if (given.allowHttp) words.push('--allow-http');
  if (given.mockHttp) words.push('--mock-http');
  if (given.ca) words.push('--ca', given.ca);
  return words.map(shellWord).join(' ');
}

export async function runCommand(given: RunCommandOptions, io: CliIo): Promise<RunCommandOutcome> {
  const found = resolveRunTarget(given, io.cwd);
  const verbosity = verbosityOf(given.quiet, given.verbose);
  if (!given.profile && found.profile && !given.quiet)
    io.stdout.write(`Profile: ${visibleLine(resolve(io.cwd, found.profile))} (found in the working directory)\n`);
  const requestTimeoutMs = parseTimeoutFlag(given.timeout);
  const seed = parseSeedFlag(given.seed);
  const required = parseRequire(given.require);
  if (given.variant?.length && !given.reference) throw new UsageError('--variant only applies with --reference');
  const launch = given.reference
    ? referenceLauncher({
        target: found.target,
        profile: given.profile,
        variant: given.variant,
        referenceOverHttp: given.referenceOverHttp,
        env: io.env,
        cwd: io.cwd,
      })
    : undefined;
  const { result, files } = await runSession(
    {
      target: found.target,
      profile: found.profile,
      suite: given.suite,
      grep: given.grep,
      bail: given.bail,
      allowHttp: given.allowHttp,
      mockHttp: given.mockHttp,
      ca: given.ca,
      reporter: given.reporter,
      outputDir: given.outputDir,
      requestTimeoutMs,
      verbosity,
      color: given.color !== false && useColor(io),
      interactive: useLiveView(io),
      launch,
      rerunCommand: rerunCommand(given, found.target, found.profile),
      waivers: given.waivers,
      signKey: given.signKey,
      seed,
    },
    io,
  );
  if (files.length && verbosity !== 'quiet') io.stdout.write(`Reports: ${visibleLine(files.join(', '))}\n`);
  const exitCode = exitCodeForVerdict(result.verdict);
  if (!required) return { exitCode, result, files };
  // The gate: every verdict it does not accept fails; one that already fails keeps its own code (1, or 3 for incomplete).
  // The same refusals as verify-report --require: cm-certify's own reference candidate certifies the harness, not a partner.
  const refusals = [
    ...(meetsRequirement(result.verdict, required) ? [] : [`the verdict is ${result.verdict}`]),
    ...(result.candidate.reference ? [`the candidate is cm-certify's own reference candidate (${result.candidate.reference.how}), not a partner's`] : []),
  ];
  if (!refusals.length) return { exitCode, result, files };
  (verbosity === 'quiet' ? io.stderr : io.stdout).write(`Gate (--require ${required}): REFUSED: ${visibleLine(refusals.join('; '))}\n`);
  return { exitCode: exitCode === EXIT.certified ? EXIT.notCertified : exitCode, result, files };
}
