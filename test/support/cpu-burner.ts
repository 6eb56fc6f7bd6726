// A bounded CPU load for tests: takes a number of busy workers and a time limit, gives a
// child process (its PID) whose worker threads spin until stopped, or until the limit
// passes even if nobody stops it. Stop it by its PID (stopCpuBurner), never by name.
//
// It adds load only where the machine lacks it: on Linux its main thread reads the caller's
// run-queue wait every 10 ms (the main thread's /proc/<pid>/task/<pid>/schedstat) and lets one
// more worker spin while, over the last 100 ms, that thread waited for a CPU less than 25 % of
// the time it wanted one, and one fewer while it waited more than 45 % or wanted a CPU less
// than a tenth of the time (beside one busy thread on 2 idle cores, 2 workers make it wait a
// third and 3 a half; on 4 cores, 5 make it wait a third). On a machine already that busy (the
// other test files of `npm test` on 2 cores) no worker spins. Without schedstat (not Linux)
// every worker spins throughout. The test that uses it measures the wait it needs
// (test/support/run-queue-wait.ts) rather than assuming it.
import { spawn, type ChildProcess } from 'node:child_process';

const BURNER = `
const { Worker } = require('node:worker_threads');
const { readFileSync } = require('node:fs');
const [workers, limitMs, pid] = process.argv.slice(1).map(Number);
const end = Date.now() + limitMs;
// How many workers spin now: worker i spins while i < wanted[0], and sleeps on it otherwise.
const wanted = new Int32Array(new SharedArrayBuffer(4));
const spin = 'const { workerData: { cell, index, end } } = require("node:worker_threads"); const wanted = new Int32Array(cell); let x = 0; ' +
  'while (Date.now() < end) { const n = Atomics.load(wanted, 0); if (index < n) x = (x * 31 + 7) % 1000003; else Atomics.wait(wanted, 0, n, 100); }';
for (let i = 0; i < workers; i++) new Worker(spin, { eval: true, workerData: { cell: wanted.buffer, index: i, end } });
// The loaded thread's time on a CPU and waiting for one so far, ns (undefined: no schedstat).
const schedstat = () => { try { const [run, wait] = readFileSync('/proc/' + pid + '/task/' + pid + '/schedstat', 'utf8').split(' ').map(Number); return { run, wait, at: performance.now() }; } catch { return undefined; } };
let before = schedstat();
if (!before) Atomics.store(wanted, 0, workers);
else {
  const recent = [];
  setInterval(() => {
    const now = schedstat();
    if (!now) return;
    recent.push({ run: now.run - before.run, wait: now.wait - before.wait, span: (now.at - before.at) * 1e6 });
    before = now;
    if (recent.length > 10) recent.shift();
    const wait = recent.reduce((a, s) => a + s.wait, 0);
    const wantedCpu = recent.reduce((a, s) => a + s.run + s.wait, 0);
    const span = recent.reduce((a, s) => a + s.span, 0);
    const spinning = Atomics.load(wanted, 0);
    const next = wantedCpu < 0.1 * span ? Math.max(0, spinning - 1) : wait < 0.25 * wantedCpu ? Math.min(workers, spinning + 1) : wait > 0.45 * wantedCpu ? Math.max(0, spinning - 1) : spinning;
    if (next !== spinning) { Atomics.store(wanted, 0, next); Atomics.notify(wanted, 0); }
  }, 10);
}
setTimeout(() => process.exit(0), limitMs).unref();
process.stdout.write('ready\\n');
`;

export interface CpuBurner {
  pid: number;
  child: ChildProcess;
}

/** `workers`: the most that spin at once (the burner lets spin those the caller's wait needs). */
export async function startCpuBurner(workers = 2, limitMs = 120_000): Promise<CpuBurner> {
  const child = spawn(process.execPath, ['-e', BURNER, String(workers), String(limitMs), String(process.pid)], { stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise<void>((resolve, reject) => {
    child.once('error', reject);
    child.stdout!.once('data', () => resolve());
  });
  return { pid: child.pid!, child };
}

export async function stopCpuBurner(burner: CpuBurner | undefined): Promise<void> {
  if (!burner || burner.child.exitCode !== null) return;
  const exited = new Promise<void>((resolve) => burner.child.once('exit', () => resolve()));
  process.kill(burner.pid, 'SIGKILL');
  await exited;
}
