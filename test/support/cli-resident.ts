// One resident process of the built CLI for a test file's many short commands: takes a folder
// and an environment, gives `run(argv, { cwd, env })` (a command's own folder and environment,
// else the resident's), each command's exit code, stdout and stderr as the binary would give
// them, and `close()` (which kills a child still held by a command whose test timed out). The
// child (cli-resident-child.mjs) calls main() of the build, what bin/cm-certify.js runs, once
// per command, one command at a time: Node's start and the CLI's modules are paid once per file,
// not once per command (trust-cli.test.ts: 23 commands, 0.15-0.36 s of CPU each as processes).
// Use it where what is tested is the command, not the process's start; the binary itself is
// proven by test/cli/cli-process.test.ts. Not for a command that could block (a FIFO, an endless
// file: the commands behind it wait too), nor where the command's memory or CPU is measured, nor
// where what one command leaves in memory (a module-level cache) could serve the next, as a new
// process's would not (test/hostile/input-files, yaml-size, test/cli/suite-cache keep theirs).
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';

const CHILD = resolve(import.meta.dirname, 'cli-resident-child.mjs');
const RESULT = '\u0000cm-certify-resident ';

export interface Ran {
  code: number;
  stdout: string;
  stderr: string;
}

/** A command's own folder and whole environment, as a process started there with it would have. */
export interface Place {
  cwd?: string;
  env?: NodeJS.ProcessEnv;
}

export interface ResidentCli {
  run(argv: string[], place?: Place): Promise<Ran>;
  /** What the child wrote outside any command's own output (nothing, unless the CLI writes past its io). */
  stray(): string;
  close(): Promise<void>;
}

export function residentCli(cwd: string, env: NodeJS.ProcessEnv): ResidentCli {
  const child = spawn(process.execPath, [CHILD], { cwd, env, stdio: ['pipe', 'pipe', 'pipe'] });
  const waiting = new Map<number, { done: (ran: Ran) => void; failed: (error: Error) => void }>();
  let next = 0;
  let stray = '';
  let pending = '';
  let ended: Error | undefined;
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    pending += chunk;
    for (let end = pending.indexOf('\n'); end >= 0; end = pending.indexOf('\n')) {
      const line = pending.slice(0, end);
      pending = pending.slice(end + 1);
      if (!line.startsWith(RESULT)) {
        stray += `${line}\n`;
        continue;
      }
      const { id, ...ran } = JSON.parse(line.slice(RESULT.length)) as Ran & { id: number };
      waiting.get(id)?.done(ran);
      waiting.delete(id);
    }
  });
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stray += chunk));
  const closed = new Promise<void>((done) =>
    child.on('close', (code, signal) => {
      ended = new Error(`the resident CLI ended (${signal ?? `exit ${code}`}): ${stray + pending}`);
      for (const w of waiting.values()) w.failed(ended);
      waiting.clear();
      done();
    }),
  );
  return {
    run(argv, place = {}) {
      if (ended) return Promise.reject(ended);
      const id = next++;
      return new Promise((done, failed) => {
        waiting.set(id, { done, failed });
        child.stdin.write(`${JSON.stringify({ id, argv, ...place })}\n`);
      });
    },
    stray: () => stray + pending,
    close() {
      child.stdin.end();
      // A command still held (its test failed on its timeout: a hang) would hold the close too.
      if (waiting.size > 0) child.kill('SIGKILL');
      return closed;
    },
  };
}
