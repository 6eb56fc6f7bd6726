// The child process of test/support/cli-resident.ts: runs `cm-certify` commands one after
// another through the built CLI's own entry, `main(argv, io)` of dist/src/bundle/main.js (what
// bin/cm-certify.js runs through runProcess, which adds the signal handlers and process.exit).
// Each line on stdin is one JSON { id, argv }; each command gets its own stdout and stderr, as
// a pipe gives them (cli-pipe-io.mjs), and its answer is one line on stdout: RESULT followed by
// JSON { id, code, stdout, stderr }. Anything else this process writes (a stray write past the
// CLI's io) goes out as it is, and the parent keeps it. Node's start and the CLI's modules are
// paid once, not once per command.
import { createInterface } from 'node:readline';
import { pipeIo } from './cli-pipe-io.mjs';

const RESULT = '\u0000cm-certify-resident ';
const { main } = await import(new URL('../../dist/src/bundle/main.js', import.meta.url).href);

for await (const line of createInterface({ input: process.stdin })) {
  const { id, argv } = JSON.parse(line);
  const { io, stdout, stderr } = pipeIo();
  const code = await main(argv, io);
  process.stdout.write(`${RESULT}${JSON.stringify({ id, code, stdout: stdout(), stderr: stderr() })}\n`);
}
