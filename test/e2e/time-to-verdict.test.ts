// A verdict in bounded time when the candidate fails early (issue 20 item 5), and step marks
// that tell the truth (item 6). An OTA that accepts connections and never answers stops after
// three requests in a row got no response: incomplete, "it does not answer". A PMS whose
// requests the channel manager refuses is denied within one setup deadline, every later step
// blocked at once, and the verdict names what was refused and why, never "no request arrived".
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runCommand } from '../../src/cli/commands/run.js';
import type { PmsFault } from '../../src/reference/pms/index.js';
import type { RunResult } from '../../src/spec/run-result.js';
import { startHostile } from '../hostile/hostile-server.js';
import type { HostileServer } from '../hostile/hostile-server.js';
import { captureIo, check } from './helpers.js';
import { withTestClock, writeTestPmsProfile, testClock } from './pms-profile.js';

const servers: HostileServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

const REQUEST_MS = 300;

function silentOtaProfile(dir: string, baseUrl: string): string {
  const file = join(dir, 'silent.yaml');
  writeFileSync(
    file,
    [
      'target: ota',
      `base_url: ${baseUrl}`,
      'shared_secret: silent-secret-value',
      'pms_cid: abc',
      'currency: EUR',
      'property: {pms_property_id: 1, wbp_property_id: "1001", wbp_property_password: silent-password}',
      `timeouts: {request_ms: ${REQUEST_MS}, connect_ms: 500}`,
    ].join('\n'),
  );
  return file;
}

/** The lines of the terminal's step list: step id -> mark. */
function marks(out: string): Map<string, string> {
  const found = new Map<string, string>();
  for (const match of out.matchAll(/^ {2}([✔✖⚠↓!]) (?:\d+\/\d+ )?([a-z0-9-]+)/gmu)) if (!found.has(match[2]!)) found.set(match[2]!, match[1]!);
  return found;
}

const messages = (result: RunResult): string[] => result.suites.flatMap((s) => s.checks.map((c) => c.message));

describe('an OTA that never answers', () => {
  it('ends incomplete after three requests in a row got no response, well within a few request timeouts', async () => {
    const server = await startHostile('no-headers');
    servers.push(server);
    const io = captureIo();
    const started = Date.now();
    const { result, exitCode } = await runCommand({ target: 'ota', profile: silentOtaProfile(io.cwd, server.url), allowHttp: true }, io);
    const elapsed = Date.now() - started;
    expect(result.verdict).toBe('incomplete');
    expect(exitCode).toBe(3);
    expect(result.reasons.join(' ')).toContain('it does not answer: 3 requests in a row got no response');
    expect(result.exchanges).toHaveLength(3);
    // Each unanswered request is an error (nothing to judge), not a failure of the candidate.
    expect(check(result, 'protocol.transport')?.outcome).toBe('error');
    expect(result.suites.flatMap((s) => s.checks).some((c) => c.outcome === 'fail')).toBe(false);
    expect(elapsed).toBeLessThan(3 * REQUEST_MS + 5_000);
  });
});

/**
 * A run of the reference PMS; `clockMs` is its run time from its first exchange (the
 * start_setup hook: the harness starts waiting for the PMS) to its end, less the harness's own
 * stalls, by which its windows and waits were lengthened. Start-up (certificates, servers)
 * is left out: it is real work, 20 times longer on the test's clock, and on a loaded
 * machine took more than the deadlines this measures.
 */
async function pmsRun(variant: PmsFault[]): Promise<{ result: RunResult; clockMs: number; out: string }> {
  return withTestClock(async (clock) => {
    const io = captureIo(clock);
    const profile = writeTestPmsProfile(io.cwd);
    const { result } = await runCommand({ target: 'pms', reference: true, profile, variant }, io);
    const first = Date.parse(result.exchanges[0]!.startedAt);
    return { result, clockMs: clock.now() - first, out: io.out() };
  });
}

// The test profile's deadlines (test/e2e/pms-profile.ts): setup 60 s, full refresh 120 s (clock time).
const SETUP_MS = 60_000;
const FULL_REFRESH_MS = 120_000;

describe.concurrent('a PMS whose requests the channel manager refuses', () => {
  it('every request refused (no query secret): not certified within one setup deadline, naming the refused HealthCheck and why', async () => {
    const { result, clockMs, out } = await pmsRun(['secret-only-in-body']);
    expect(result.verdict).toBe('not-certified');
    expect(clockMs).toBeLessThan(2 * SETUP_MS);
    expect(check(result, 'pms.setup.credentials')?.message).toContain(
      'the channel manager refused what the PMS sent: HealthCheck arrived once and was refused: Authentication failed: shared_secret missing or wrong in the query string',
    );
    // The first connection (which the channel manager would refuse with 1001 on purpose) never
    // comes: every later step, the two other connections included, is blocked at once, and the
    // blocked steps of a suite print as one folded line (issue 28), none on a line of its own.
    const steps = marks(out);
    expect(steps.get('connect-refused')).toBe('✖');
    expect(out).toMatch(/^ {2}↓ (?:\S+ )?\d+ steps blocked \(connect-not-enabled to [a-z0-9-]+\) — Blocked: the PMS did not connect the property /mu);
    expect(steps.has('connect')).toBe(false);
    expect(steps.has('room-types')).toBe(false);
    expect(steps.has('refresh-settled')).toBe(false);
    expect(check(result, 'pms.poll.interval')?.message).toMatch(/^Blocked: the PMS did not connect the property \(step connect-refused\)/);
  }, 60_000);

  it('SetupProperty refused: the verdict says it arrived and was refused and why, never that none arrived', async () => {
    const { result, clockMs, out } = await pmsRun(['setup-pms-id-integer']);
    expect(result.verdict).toBe('not-certified');
    expect(clockMs).toBeLessThan(2 * SETUP_MS);
    const all = messages(result);
    expect(all.some((m) => m.includes('SetupProperty arrived once and was refused: pms_property_id must be a string in SetupProperty'))).toBe(true);
    expect(all.some((m) => /no SetupProperty request arrived/.test(m))).toBe(false);
    expect(out).toMatch(/✖ (?:\d+\/\d+ )?connect — Unexpected refusal: SetupProperty arrived once and was refused/);
  }, 60_000);

  it('GetRatePlans refused, so no ARI follows: every later step is blocked once the full-refresh window closes empty', async () => {
    const { result, clockMs, out } = await pmsRun(['verb-mismatch']);
    expect(result.verdict).toBe('not-certified');
    expect(clockMs).toBeLessThan(SETUP_MS + FULL_REFRESH_MS);
    expect(out).toMatch(/✖ (?:\d+\/\d+ )?rate-plans — GetRatePlans received after \d+ s: GetRatePlans arrived once and was refused: verb must be/);
    expect(check(result, 'pms.booking.fetched')?.message).toMatch(/^Blocked: the PMS sent no ARI after setup \(step initial-refresh\)/);
  }, 60_000);
});

describe('step marks', () => {
  it('a skipped hook step is not a tick; a check that passed is not "missing input" because another step lacked an input', async () => {
    const io = captureIo(testClock());
    const base = await import('node:fs').then((fs) =>
      fs.readFileSync(join(import.meta.dirname, '..', '..', 'fixtures', 'profiles', 'reference-ota.yaml'), 'utf8'),
    );
    const noHook = base.slice(0, base.indexOf('  create_booking:')) + base.slice(base.indexOf('  # Optional: a guest changes'));
    const file = join(io.cwd, 'no-hook.yaml');
    writeFileSync(file, noHook);
    const { result } = await runCommand({ target: 'ota', reference: true, profile: file, suite: ['booking-polling'] }, io);
    const steps = marks(io.out());
    expect(steps.get('list-null')).toBe('✔');
    expect(steps.get('create-booking')).toBe('↓');
    expect(steps.get('list-null-after-create')).toBe('↓');
    expect(steps.get('list-since-before-create')).toBe('↓');
    expect(check(result, 'booking.list.success')?.outcome).toBe('pass');
    expect(check(result, 'booking.list-null.includes-new')?.skipKind).toBe('missing-input');
    expect(result.verdict).toBe('incomplete');
  });
});
