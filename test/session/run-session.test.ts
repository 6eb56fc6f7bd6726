// runSession's wiring, with the runner faked (issue 27 item 5): takes the reference OTA's
// profile file and a fake runCertification (no candidate, no socket: this is a unit test),
// proves the session passes the profile, the chosen suites, the flags and the seed to the
// runner, writes every report from what the runner gave (a failing verdict too), that
// `cm-certify run` exits per verdict, and that a launched candidate is closed when the
// runner throws.
import { copyFileSync, existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadProfile } from '../../src/profile/load-profile.js';
import { packagePath } from '../../src/support/package-root.js';
import { SimulatedClock } from '../../src/support/simulated-clock.js';
import type { RunContext, RunOptions } from '../../src/runner/types.js';
import type { RunResult } from '../../src/spec/run-result.js';
import type { RunVerdict } from '../../src/spec/vocabulary.js';
import { buildRunResult } from '../report/run-result-fixture.js';
import { captureIo } from '../e2e/helpers.js';

const fake = vi.hoisted(() => ({
  calls: [] as { options: RunOptions; ctx: RunContext }[],
  verdict: 'certified' as string,
  throws: undefined as Error | undefined,
}));

vi.mock('../../src/runner/run.js', () => ({
  runCertification: vi.fn(async (options: RunOptions, ctx: RunContext): Promise<RunResult> => {
    fake.calls.push({ options, ctx });
    if (fake.throws) throw fake.throws;
    return { ...buildRunResult(), verdict: fake.verdict as RunVerdict, seed: options.seed };
  }),
}));

// Correct with isolate: false too (one module registry per worker): the session and the
// command are imported afresh, after the mock, and the files after this one get the real runner.
let runCommand: (typeof import('../../src/cli/commands/run.js'))['runCommand'];
let runSession: (typeof import('../../src/session/run-session.js'))['runSession'];
beforeAll(async () => {
  vi.resetModules();
  ({ runCommand } = await import('../../src/cli/commands/run.js'));
  ({ runSession } = await import('../../src/session/run-session.js'));
});
afterAll(() => {
  vi.doUnmock('../../src/runner/run.js');
  vi.resetModules();
});

/** The reference OTA's profile, copied where the session looks (the io's cwd). */
function profileIn(cwd: string): string {
  copyFileSync(packagePath('fixtures', 'profiles', 'reference-ota.yaml'), join(cwd, 'ota.yaml'));
  return 'ota.yaml';
}

beforeEach(() => {
  fake.calls.length = 0;
  fake.verdict = 'certified';
  fake.throws = undefined;
});

describe('runSession wires profile -> suites -> runner -> reports', () => {
  it('gives the runner the profile, the chosen suites, the flags, the clock and the seed; writes every report', async () => {
    const clock = new SimulatedClock(Date.parse('2026-11-28T04:00:00Z'));
    const io = captureIo(clock);
    const { exitCode, result, files } = await runCommand(
      {
        target: 'ota',
        profile: profileIn(io.cwd),
        suite: ['setup', 'auth'],
        grep: 'refused',
        bail: true,
        seed: '4242',
        reporter: ['json', 'junit', 'html'],
        outputDir: 'out',
      },
      io,
    );
    expect(fake.calls).toHaveLength(1);
    const { options, ctx } = fake.calls[0]!;
    expect(options.target).toBe('ota');
    expect(options.profile.name).toBe('cm-certify reference OTA');
    expect(options.suites.map((s) => s.name)).toEqual(['setup', 'auth']);
    expect(options.partial).toBe(true);
    expect(options.bail).toBe(true);
    expect(options.grep?.test('Auth.REFUSED')).toBe(true);
    expect(options.seed).toBe(4242);
    expect(options.reference).toBeUndefined();
    expect(ctx.clock).toBe(clock);
    expect(ctx.pms).toBeUndefined();
    // The reports are the runner's result: the terminal report on stdout, the files in the output folder.
    expect(result.seed).toBe(4242);
    expect(files.map((f) => f.slice(join(io.cwd, 'out').length + 1)).sort()).toEqual(['junit.xml', 'report.html', 'report.json']);
    for (const file of files) expect(existsSync(file)).toBe(true);
    const json = JSON.parse(
      readFileSync(
        files.find((f) => f.endsWith('.json'))!,
        'utf8',
      ),
    ) as { verdict: string; candidate: { name: string } };
    expect(json.verdict).toBe('certified');
    expect(json.candidate.name).toBe(buildRunResult().candidate.name);
    expect(io.out()).toContain('Verdict: CERTIFIED');
    expect(io.out()).toContain(`Reports: ${files.join(', ')}`);
    expect(exitCode).toBe(0);
  });

  it('without --seed, draws one seed and passes it on', async () => {
    const io = captureIo(new SimulatedClock(Date.parse('2026-11-28T04:00:00Z')));
    await runCommand({ target: 'ota', profile: profileIn(io.cwd) }, io);
    await runCommand({ target: 'ota', profile: profileIn(io.cwd) }, io);
    const seeds = fake.calls.map((c) => c.options.seed);
    for (const seed of seeds) expect(Number.isInteger(seed) && seed! >= 0 && seed! < 2 ** 31, String(seed)).toBe(true);
    // Two fresh draws in 2^31 agree only by accident.
    expect(seeds[0]).not.toBe(seeds[1]);
    // Every built-in OTA suite, not a partial run.
    expect(fake.calls[0]!.options.partial).toBe(false);
    expect(fake.calls[0]!.options.suites.length).toBeGreaterThan(5);
  });

  it.each([
    ['certified', 0],
    ['certified-with-waivers', 0],
    ['passed-partial', 0],
    ['passed-insecure', 0],
    ['not-certified', 1],
    ['incomplete', 3],
  ] as const)('a %s verdict exits %d, its reports written', async (verdict, code) => {
    fake.verdict = verdict;
    const io = captureIo(new SimulatedClock(Date.parse('2026-11-28T04:00:00Z')));
    const { exitCode, files } = await runCommand({ target: 'ota', profile: profileIn(io.cwd), reporter: ['json'], outputDir: 'out' }, io);
    expect(exitCode).toBe(code);
    expect(files).toHaveLength(1);
    expect((JSON.parse(readFileSync(files[0]!, 'utf8')) as { verdict: string }).verdict).toBe(verdict);
  });

  it('a runner that throws: the launched candidate is closed, no report is written, the error reaches the caller', async () => {
    fake.throws = new Error('the runner broke');
    const io = captureIo(new SimulatedClock(Date.parse('2026-11-28T04:00:00Z')));
    const profile = loadProfile(packagePath('fixtures', 'profiles', 'reference-ota.yaml'), {});
    const close = vi.fn(async () => undefined);
    const launch = vi.fn(async () => ({ profile, close }));
    await expect(runSession({ target: 'ota', launch, reporter: ['json'], outputDir: 'out', seed: 7 }, io)).rejects.toThrow('the runner broke');
    expect(launch).toHaveBeenCalledOnce();
    expect(close).toHaveBeenCalledOnce();
    expect(fake.calls[0]!.options.seed).toBe(7);
    expect(existsSync(join(io.cwd, 'out', 'report.json'))).toBe(false);
  });

  it('a launched candidate is closed after a run too, and its profile is the one the runner gets', async () => {
    const io = captureIo(new SimulatedClock(Date.parse('2026-11-28T04:00:00Z')));
    const profile = loadProfile(packagePath('fixtures', 'profiles', 'reference-ota.yaml'), {});
    const close = vi.fn(async () => undefined);
    const { result } = await runSession({ target: 'ota', launch: async () => ({ profile, close, reference: { name: 'reference-ota', variants: ['x'] } }) }, io);
    expect(close).toHaveBeenCalledOnce();
    expect(fake.calls[0]!.options.profile).toBe(profile);
    expect(fake.calls[0]!.options.reference).toMatchObject({ name: 'reference-ota', variants: ['x'] });
    expect(result.verdict).toBe('certified');
  });
});
