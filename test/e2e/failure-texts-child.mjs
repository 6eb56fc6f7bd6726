// The child process of failure-texts.test.ts: takes a JSON list of `cm-certify` argument lists
// (argv[2]) and runs each, one after another, through the built CLI's own entry: `main(argv, io)`
// of dist/src/bundle/main.js, the function bin/cm-certify.js runs (through runProcess, which adds
// the signal handlers and process.exit). Each run gets its own stdout and stderr, as a pipe gives
// them (no terminal, no width: test/support/cli-pipe-io.mjs), the process's environment and
// folder, and writes nothing else; for each, one JSON line { i, code, stdout, stderr } goes to
// this process's stdout. Several variants per process: Node's start and the CLI's modules load
// once, not once per variant.
import { pipeIo } from '../support/cli-pipe-io.mjs';

const { main } = await import(new URL('../../dist/src/bundle/main.js', import.meta.url).href);
const runs = JSON.parse(process.argv[2]);

for (const [i, argv] of runs.entries()) {
  const { io, stdout, stderr } = pipeIo();
  const code = await main(argv, io);
  process.stdout.write(`${JSON.stringify({ i, code, stdout: stdout(), stderr: stderr() })}\n`);
}
