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
import { rerunWords, sessionOptionsOf, verbosityOf } from '../run-flags.js';
import type { RunFlagValues } from '../run-options.js';
import { shellWord } from '../../support/shell-word.js';

/** The flags of `run` (./../run-options.ts), with the target and the test-only plain-HTTP reference. */
export type RunCommandOptions = RunFlagValues & {
  /** Without it, the profile's `target:` decides. */
  target?: Target;
  /** Tests only: serve the reference candidate over plain HTTP. */
  referenceOverHttp?: boolean;
};

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
  words.push(...rerunWords({ ...given }));
  return words.map(shellWord).join(' ');
}

export async function runCommand(given: RunCommandOptions, io: CliIo): Promise<RunCommandOutcome> {
  const found = resolveRunTarget(given, io.cwd);
  const verbosity = verbosityOf(given.quiet, given.verbose);
  if (!given.profile && found.profile && !given.quiet)
    io.stdout.write(`Profile: ${visibleLine(resolve(io.cwd, found.profile))} (found in the working directory)\n`);
  const flagged = sessionOptionsOf({ ...given });
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
      ...flagged,
      target: found.target,
      profile: found.profile,
      verbosity,
      color: given.color !== false && useColor(io),
      interactive: useLiveView(io),
      launch,
      rerunCommand: rerunCommand(given, found.target, found.profile),
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
