// The child process of test/support/cli-resident.ts: runs `cm-certify` commands one after
// another through the built CLI's own entry, `main(argv, io)` of dist/src/bundle/main.js (what
// bin/cm-certify.js runs through runProcess, which adds the signal handlers and process.exit).
// Each line on stdin is one JSON { id, argv, cwd?, env? }; each command gets its own stdout and
// stderr, as a pipe gives them (cli-pipe-io.mjs), runs in its folder with its environment
// (process.cwd() and the whole of process.env set for it, and put back after it: a process
// started there with that environment sees the same), and its answer is one line on stdout:
// RESULT followed by JSON { id, code, stdout, stderr }. Anything else this process writes (a stray write past the
// CLI's io) goes out as it is, and the parent keeps it. Node's start and the CLI's modules are
// paid once, not once per command.
import { createInterface } from 'node:readline';
import { pipeIo } from './cli-pipe-io.mjs';

const RESULT = '\u0000cm-certify-resident ';
const { main } = await import(new URL('../../dist/src/bundle/main.js', import.meta.url).href);

const home = { cwd: process.cwd(), env: { ...process.env } };

/** Makes this process's folder and environment `cwd` and `env`, whole (no variable of the last command left). */
function enter({ cwd, env }) {
  process.chdir(cwd);
  for (const name of Object.keys(process.env)) if (!(name in env)) delete process.env[name];
  Object.assign(process.env, env);
}

for await (const line of createInterface({ input: process.stdin })) {
  const { id, argv, cwd = home.cwd, env = home.env } = JSON.parse(line);
  enter({ cwd, env });
  const { io, stdout, stderr } = pipeIo();
  const code = await main(argv, io);
  enter(home);
  process.stdout.write(`${RESULT}${JSON.stringify({ id, code, stdout: stdout(), stderr: stderr() })}\n`);
}
