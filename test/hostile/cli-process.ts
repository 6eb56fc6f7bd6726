// Runs the built CLI as a process for the hostile tests: takes the arguments, the working
// folder and the environment, gives the exit code (or the signal), the output and the wall
// time. A process that outlives `killAfterMs` is killed, so a hang fails the test instead of
// holding it. Its time is also given less its wait for a CPU (Linux), so a bound measures
// the product rather than the machine's load.
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';
import { RunQueueWait } from '../support/run-queue-wait.js';
import { testPkiEnv } from '../support/test-pki-env.js';

export interface CliRun {
  code: number | null;
  signal: NodeJS.Signals | null;
  out: string;
  err: string;
  ms: number;
  /** `ms` less the time the process's main thread waited for a CPU (Linux; elsewhere `ms`). */
  ownMs: number;
  killed: boolean;
}

export const CLI = resolve('bin/cm-certify.js');

export function startCli(args: string[], cwd: string, env: NodeJS.ProcessEnv = {}): ChildProcess {
  return spawn(process.execPath, [CLI, ...args], { cwd, env: { PATH: process.env.PATH, CI: '1', ...testPkiEnv(), ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
}

export function runCli(args: string[], cwd: string, env: NodeJS.ProcessEnv = {}, killAfterMs = 15_000): Promise<CliRun> {
  const started = performance.now();
  const child = startCli(args, cwd, env);
  return finished(child, started, killAfterMs);
}

export function finished(child: ChildProcess, started: number, killAfterMs = 15_000, waits = new RunQueueWait(child.pid)): Promise<CliRun> {
  const first = waits.sample();
  let out = '';
  let err = '';
  let killed = false;
  child.stdout?.on('data', (d) => (out += String(d)));
  child.stderr?.on('data', (d) => (err += String(d)));
  const timer = setTimeout(() => {
    killed = true;
    child.kill('SIGKILL');
  }, killAfterMs);
  return new Promise((done) =>
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      waits.stop();
      const ms = performance.now() - started;
      // From the first sample (a few ms after `started`): the process's own part of its life.
      const own = waits.ownSince(first);
      done({ code, signal, out, err, ms, ownMs: own === undefined ? ms : Math.min(ms, own + (first!.at - started)), killed });
    }),
  );
}
