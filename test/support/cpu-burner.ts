// A bounded CPU load for tests: takes a number of busy workers and a time limit, gives a
// child process (its PID) whose worker threads spin until stopped, or until the limit
// passes even if nobody stops it. Stop it by its PID (stopCpuBurner), never by name.
import { spawn, type ChildProcess } from 'node:child_process';

const BURNER = `
const { Worker } = require('node:worker_threads');
const [workers, limitMs] = process.argv.slice(1).map(Number);
const spin = 'const end = Date.now() + ' + limitMs + '; let x = 0; while (Date.now() < end) { x = (x * 31 + 7) % 1000003; }';
for (let i = 0; i < workers; i++) new Worker(spin, { eval: true });
setTimeout(() => process.exit(0), limitMs).unref();
process.stdout.write('ready\\n');
`;

export interface CpuBurner {
  pid: number;
  child: ChildProcess;
}

export async function startCpuBurner(workers = 2, limitMs = 120_000): Promise<CpuBurner> {
  const child = spawn(process.execPath, ['-e', BURNER, String(workers), String(limitMs)], { stdio: ['ignore', 'pipe', 'inherit'] });
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
