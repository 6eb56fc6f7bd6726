// The verdict word is decided in one function (issue 19 item 2), from facts the RunResult
// records: given the report.json of a real run (reference candidates, broken variants, a
// selection, plain HTTP, an interrupt, a harness fault, an unreachable candidate), it gives
// back the word and the reasons the run recorded, as verify-report will need. And the
// priority table itself, case by case.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { decideVerdict } from '../../src/spec/run-verdict.js';
import type { VerdictFacts } from '../../src/spec/run-verdict.js';
import { runCommand } from '../../src/cli/commands/run.js';
import type { RunCommandOptions } from '../../src/cli/commands/run.js';
import type { RunResult } from '../../src/spec/run-result.js';
import type { CheckResult, TransportFacts } from '../../src/spec/vocabulary.js';
import { packagePath } from '../../src/support/package-root.js';
import { captureIo } from '../e2e/helpers.js';
import { closedPort } from '../support/closed-port.js';
import { testClock, withTestClock, writeTestPmsProfile } from '../e2e/pms-profile.js';

const SECURE: TransportFacts = { candidate: 'https', tlsVerification: true, allowHttp: false };
type Check = Pick<CheckResult, 'level' | 'outcome' | 'skipKind'>;
const req = (outcome: CheckResult['outcome'], skipKind?: CheckResult['skipKind']): Check => ({ level: 'required', outcome, ...(skipKind ? { skipKind } : {}) });
const rec = (outcome: CheckResult['outcome'], skipKind?: CheckResult['skipKind']): Check => ({
  level: 'recommended',
  outcome,
  ...(skipKind ? { skipKind } : {}),
});

function facts(checks: Check[], over: Partial<VerdictFacts> = {}): VerdictFacts {
  return { suites: [{ checks }], interrupted: false, scope: 'full', transports: SECURE, ...over };
}

describe('decideVerdict: the priority table', () => {
  it('fail beats everything; error, interruption or an unproven required check make it incomplete', () => {
    expect(decideVerdict(facts([req('pass'), rec('warn')])).verdict).toBe('certified');
    expect(decideVerdict(facts([req('fail'), req('error')])).verdict).toBe('not-certified');
    expect(decideVerdict(facts([req('pass')], { interrupted: true })).verdict).toBe('incomplete');
    expect(decideVerdict(facts([req('error')])).verdict).toBe('incomplete');
    expect(decideVerdict(facts([req('pass'), req('skip', 'not-applicable')])).verdict).toBe('certified');
    expect(decideVerdict(facts([req('skip', 'missing-input')])).verdict).toBe('incomplete');
    expect(decideVerdict(facts([req('skip', 'timing-degraded')])).reasons[0]).toMatch(/^timing degraded: 1 timing check/);
    expect(decideVerdict(facts([req('pass'), rec('skip', 'missing-input')])).verdict).toBe('certified');
  });

  it('a run that judged nothing (every check skipped, or none) is incomplete, never a pass (D-204)', () => {
    for (const checks of [[], [req('skip', 'not-applicable')], [rec('skip', 'missing-input')]]) {
      const decided = decideVerdict(facts(checks));
      expect(decided.verdict).toBe('incomplete');
      expect(decided.reasons).toContain('nothing was checked: no selected check judged anything in this run');
    }
  });

  it('a harness fault makes any run incomplete, a failure included; an unreachable candidate does not hide a failure', () => {
    expect(decideVerdict(facts([req('fail')], { stop: { fault: 'RangeError: x' } }))).toEqual({
      verdict: 'incomplete',
      reasons: ['the harness failed: RangeError: x', '1 required check(s) failed'],
    });
    expect(decideVerdict(facts([req('pass')], { stop: { unreachable: 'ECONNREFUSED' } }))).toEqual({
      verdict: 'incomplete',
      reasons: ['the candidate could not be reached: ECONNREFUSED'],
    });
    expect(decideVerdict(facts([req('fail')], { stop: { unreachable: 'ECONNREFUSED' } }))).toEqual({
      verdict: 'not-certified',
      reasons: ['1 required check(s) failed'],
    });
  });

  it('a passing run that certifies nothing says why: insecure wins over partial', () => {
    expect(decideVerdict(facts([req('pass')], { scope: 'partial' }))).toEqual({
      verdict: 'passed-partial',
      reasons: ['not a certification: only a selection of the checks ran (--suite/--grep/--bail)'],
    });
    expect(decideVerdict(facts([req('pass')], { scope: 'partial', transports: { ...SECURE, mock: 'http' } }))).toEqual({
      verdict: 'passed-insecure',
      reasons: ['not a certification: plain HTTP'],
    });
    expect(decideVerdict(facts([req('pass')], { transports: { ...SECURE, allowHttp: true } })).verdict).toBe('passed-insecure');
    expect(decideVerdict(facts([req('fail')], { scope: 'partial', transports: { ...SECURE, candidate: 'http' } })).verdict).toBe('not-certified');
  });
});

const fast = () => testClock();

/**
 * The real runs below share one worker at once (describe.concurrent, the integration lane's
 * maxConcurrency 12), about 20 s of CPU in all: each one's wall time is all of theirs at the
 * worker's share of the machine. Beside busy processes (01:23, load 5) the three OTA runs
 * timed out at 60 s and the PMS runs took 68 s of their 120 s; alone an OTA run takes 9 s.
 */
const RUN_TIMEOUT_MS = 180_000;

/** A run through the CLI's command, its report.json read back from disk as verify-report reads it. */
async function reported(options: RunCommandOptions, io = captureIo(fast())): Promise<{ result: RunResult; report: RunResult & VerdictFacts }> {
  const outputDir = join(io.cwd, 'out');
  const { result } = await runCommand({ ...options, reporter: ['json'], outputDir }, io);
  const report = JSON.parse(readFileSync(join(outputDir, 'report.json'), 'utf8')) as RunResult & VerdictFacts;
  return { result, report };
}

/** The report's own facts give back its word and its reasons, and they are the run's. */
function expectSameVerdict(result: RunResult, report: RunResult & VerdictFacts, word: string): void {
  expect(report.verdict).toBe(word);
  expect(result.verdict).toBe(word);
  expect(decideVerdict(report)).toEqual({ verdict: report.verdict, reasons: report.reasons });
}

/** A stdout that calls `at` when the terminal starts the setup suite. */
function onSetupStart(at: () => void): Writable {
  const stream = new Writable({ write: (_c, _e, done) => done() });
  let fired = false;
  stream.write = ((chunk: unknown) => {
    if (!fired && String(chunk).includes('▶ setup')) {
      fired = true;
      at();
    }
    return true;
  }) as never;
  return stream;
}

describe.concurrent('decideVerdict on the report.json of real runs', () => {
  it.each([
    ['the reference OTA', [], 'certified'],
    ['a broken OTA variant (healthcheck-fails)', ['healthcheck-fails'], 'not-certified'],
    ['a variant with warnings only (ari-accepts-anything)', ['ari-accepts-anything'], 'certified'],
  ] as const)(
    '%s',
    async (_name, variant, word) => {
      const { result, report } = await reported({ target: 'ota', reference: true, variant: [...variant] });
      expectSameVerdict(result, report, word);
    },
    RUN_TIMEOUT_MS,
  );

  it(
    'a selection, and plain HTTP',
    async () => {
      const partial = await reported({ target: 'ota', reference: true, suite: ['https', 'setup'] });
      expectSameVerdict(partial.result, partial.report, 'passed-partial');
      const insecure = await reported({ target: 'ota', reference: true, referenceOverHttp: true, allowHttp: true, suite: ['https', 'setup'] });
      expectSameVerdict(insecure.result, insecure.report, 'passed-insecure');
      // Not an echo of the recorded word: the same report with one required check failed is not certified.
      const check = insecure.report.suites[1]!.checks.find((c) => c.level === 'required')!;
      check.outcome = 'fail';
      expect(decideVerdict(insecure.report).verdict).toBe('not-certified');
    },
    RUN_TIMEOUT_MS,
  );

  it(
    'an interrupted run, a harness fault and an unreachable candidate are incomplete, and the report says what stopped them',
    async () => {
      const controller = new AbortController();
      const interruptedIo = { ...captureIo(fast()), signal: controller.signal };
      interruptedIo.stdout = onSetupStart(() => controller.abort(new Error('interrupted by SIGINT')));
      const interrupted = await reported({ target: 'ota', reference: true }, interruptedIo);
      expectSameVerdict(interrupted.result, interrupted.report, 'incomplete');
      expect(interrupted.report.interrupted).toBe(true);

      const faultIo = captureIo(fast());
      faultIo.stdout = onSetupStart(() => {
        throw new RangeError('Maximum call stack size exceeded');
      });
      const fault = await reported({ target: 'ota', reference: true }, faultIo);
      expectSameVerdict(fault.result, fault.report, 'incomplete');
      expect(fault.report.stop).toEqual({ fault: 'RangeError: Maximum call stack size exceeded' });

      const env = { CM_REFERENCE_URL: `https://127.0.0.1:${await closedPort()}` };
      const unreachable = await reported({ target: 'ota', profile: packagePath('fixtures', 'profiles', 'reference-ota.yaml') }, captureIo(fast(), env));
      expectSameVerdict(unreachable.result, unreachable.report, 'incomplete');
      expect(unreachable.report.stop?.unreachable).toMatch(/ECONNREFUSED|connect/i);
      expect(unreachable.report.reasons[0]).toMatch(/^the candidate could not be reached: /);
    },
    RUN_TIMEOUT_MS,
  );

  it.each([
    ['the reference PMS', [], 'certified'],
    ['a broken PMS variant (booking-create-http-500)', ['booking-create-http-500'], 'not-certified'],
  ] as const)(
    '%s',
    async (_name, variant, word) => {
      const { result, report } = await withTestClock(async (clock) => {
        const io = captureIo(clock);
        return reported({ target: 'pms', reference: true, profile: writeTestPmsProfile(io.cwd), variant: [...variant] }, io);
      });
      expectSameVerdict(result, report, word);
      expect(report.transports.mock).toBe('https');
    },
    RUN_TIMEOUT_MS,
  );
});
