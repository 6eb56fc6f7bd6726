// Issue 21 item 6: a hook runs in its own process group and ends at its limit with its
// grandchildren and pipes; Ctrl-C/SIGTERM ends cm-certify within seconds whatever a hook
// does, at start-up too; an output folder the file system cannot make is exit 2 at once.
// Before (main at 5881228): a hook leaving a setsid grandchild on its stdout took 20 s against
// a 500 ms limit (and 20 s after exiting at once); SIGTERM during such a hook took 19.5 s;
// `-o /proc/nope` spun at 87 % CPU until killed (here: at 15 s).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { EvidenceLog } from '../../src/drivers/evidence-log.js';
import { HookRunner } from '../../src/drivers/hooks.js';
import { HttpClient } from '../../src/drivers/http-client.js';
import { systemClock } from '../../src/support/clock.js';
import { Redactor } from '../../src/support/redact.js';
import { tempDir } from '../support/temp-dir.js';
import { RunQueueWait } from '../support/run-queue-wait.js';
import { finished, runCli, startCli } from './cli-process.js';

const clients: HttpClient[] = [];
afterAll(async () => {
  await Promise.all(clients.map((c) => c.close()));
});

function runner(hooks: Record<string, { command: string; timeout_ms?: number }>, signal?: AbortSignal): HookRunner {
  const log = new EvidenceLog();
  const redactor = new Redactor([]);
  const client = new HttpClient({
    clock: systemClock,
    redactor,
    log,
    requestTimeoutMs: 1000,
    connectTimeoutMs: 1000,
    maxBodyBytes: 1e6,
    evidenceBodyBytes: 2048,
    userAgent: 't',
  });
  clients.push(client);
  return new HookRunner({ hooks, client, log, redactor, clock: systemClock, timeoutMs: 5_000, evidenceBodyBytes: 2048, ...(signal ? { signal } : {}) });
}

/** Ended: gone, or a zombie nobody has reaped yet (PID 1 of a container may not reap). */
function ended(pid: number): boolean {
  try {
    return /^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return true;
  }
}

/** A grandchild in a session of its own (out of the hook's group) that keeps the hook's stdout for 20 s. */
const escapee = (file: string): string => `setsid sh -c 'echo $$ > ${file}; exec sleep 20' &`;

async function pidIn(file: string): Promise<number> {
  return vi.waitFor(() => Number(readFileSync(file, 'utf8')), { timeout: 5_000, interval: 20 });
}

describe('hooks end at their limit, grandchildren and pipes included', () => {
  it('a hook past its limit whose setsid grandchild holds stdout ends at the limit, the grandchild killed', async () => {
    const file = join(tempDir('cm-certify-hook-'), 'pid');
    const hooks = runner({ slow: { command: `${escapee(file)} sleep 30`, timeout_ms: 500 } });
    const started = performance.now();
    const result = await hooks.run('slow');
    const ms = performance.now() - started;
    expect(result.ok).toBe(false);
    expect(result.message).toContain('did not finish within 500 ms');
    expect(ms).toBeLessThan(5_000);
    const pid = await pidIn(file);
    await vi.waitFor(() => expect(ended(pid)).toBe(true), { timeout: 2_000 });
  });

  it('a hook that answers and exits at once is not held by the grandchild it left on its stdout', async () => {
    const file = join(tempDir('cm-certify-hook-'), 'pid');
    const hooks = runner({ quick: { command: `${escapee(file)} echo '{"booking_id":"b1"}'`, timeout_ms: 10_000 } });
    const started = performance.now();
    const result = await hooks.run('quick');
    expect(result.ok, result.message).toBe(true);
    expect(result.value).toEqual({ booking_id: 'b1' });
    expect(performance.now() - started).toBeLessThan(5_000);
    const pid = await pidIn(file);
    await vi.waitFor(() => expect(ended(pid)).toBe(true), { timeout: 2_000 });
  });

  it('an abort (Ctrl-C/SIGTERM) ends a running hook at once', async () => {
    const controller = new AbortController();
    const file = join(tempDir('cm-certify-hook-'), 'pid');
    const hooks = runner({ slow: { command: `${escapee(file)} sleep 30`, timeout_ms: 60_000 } }, controller.signal);
    const started = performance.now();
    const running = hooks.run('slow');
    await pidIn(file);
    controller.abort(new Error('interrupted by SIGTERM'));
    const result = await running;
    expect(result.ok).toBe(false);
    expect(result.message).toContain('interrupted');
    expect(performance.now() - started).toBeLessThan(5_000);
  });
});

const PMS_PROFILE = (marker: string, pid: string): string =>
  [
    'target: pms',
    'base_url: https://127.0.0.1:9/pms',
    'shared_secret: s3cret-value',
    'pms_cid: abc',
    'property: { pms_property_id: 1, wbp_property_id: "1001", wbp_property_password: pw-value }',
    'listen: 127.0.0.1:0',
    'hooks:',
    `  start_setup: { command: "touch ${marker}; ${escapee(pid).replace(/"/g, '\\"')} sleep 30" }`,
    '',
  ].join('\n');

describe('SIGTERM ends cm-certify within seconds at any stage', () => {
  it('during a hook whose grandchild holds its output: exit 3 with the report written', async () => {
    const dir = tempDir('cm-certify-sigterm-');
    const [marker, pid, profile] = [join(dir, 'started'), join(dir, 'pid'), join(dir, 'pms.yaml')];
    const { writeFileSync } = await import('node:fs');
    writeFileSync(profile, PMS_PROFILE(marker, pid));
    const child = startCli(['run', '--profile', profile, '-r', 'json', '-o', join(dir, 'out')], dir);
    const waits = new RunQueueWait(child.pid);
    const exit = finished(child, performance.now(), 40_000, waits);
    await vi.waitFor(() => expect(existsSync(marker)).toBe(true), { timeout: 20_000, interval: 50 });
    const signalled = waits.sample();
    const signalledAt = performance.now();
    child.kill('SIGTERM');
    const run = await exit;
    expect(run.killed).toBe(false);
    // The child's own time after the signal, its wait for a CPU left out (see the next test).
    expect(waits.ownSince(signalled) ?? performance.now() - signalledAt).toBeLessThan(5_000);
    expect(run.code, run.err).toBe(3);
    const report = JSON.parse(readFileSync(join(dir, 'out', 'report.json'), 'utf8')) as { interrupted: boolean; verdict: string };
    expect(report.interrupted).toBe(true);
    expect(report.verdict).toBe('incomplete');
  }, 45_000);

  it('during start-up (the reference PMS and the mock making their certificates): exit 3 within the bound', async () => {
    const dir = tempDir('cm-certify-sigterm-');
    const child = startCli(['run', '--target', 'pms', '--reference', '-r', 'json', '-o', join(dir, 'out')], dir);
    const waits = new RunQueueWait(child.pid);
    const exit = finished(child, performance.now(), 20_000, waits);
    // Once the process reads its arguments: the start-up after the signal handlers are in place.
    await new Promise((resolve) => setTimeout(resolve, 400));
    const signalled = waits.sample();
    const signalledAt = performance.now();
    child.kill('SIGTERM');
    const run = await exit;
    expect(run.killed).toBe(false);
    // Exit 3 (interrupted), or ended by the signal itself when it came before the handlers were in place.
    expect(run.code === 3 || (run.code === null && run.signal === 'SIGTERM'), `code ${run.code}, signal ${run.signal}`).toBe(true);
    // The bound is 2 s; 3 s here (the start-up itself is under 3 s). It bounds the
    // child's own time after the signal: its main thread's wait for a CPU is left out (Linux
    // schedstat, RunQueueWait; elsewhere the wall time). At load two busy loops beside the
    // suite gave the child a share of the CPU, and the wall time (3,118 ms once) measured that
    // share, not cm-certify. A child that went on with its run would still be far past it.
    expect(waits.ownSince(signalled) ?? performance.now() - signalledAt).toBeLessThan(3_000);
  }, 30_000);

  it('-o /proc/nope (a folder the file system will not make) is exit 2, naming the folder', async () => {
    const run = await runCli(['run', '--target', 'ota', '--reference', '-r', 'json', '-o', '/proc/nope'], tempDir('cm-certify-proc-'));
    expect(run.killed).toBe(false);
    expect(run.code).toBe(2);
    expect(run.err).toContain('/proc/nope');
    // Its own time, less its wait for a CPU (it spun for 15 s before the fix).
    expect(run.ownMs).toBeLessThan(3_000);
  });
});
