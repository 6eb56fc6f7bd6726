// The child process of failure-texts.test.ts: takes a JSON list of `cm-certify` argument lists
// (argv[2]) and runs each, one after another, through the built CLI's own entry: `main(argv, io)`
// of dist/src/bundle/main.js, the function bin/cm-certify.js runs (through runProcess, which adds
// the signal handlers and process.exit). Each run gets its own stdout and stderr, as a pipe gives
// them (no terminal, no width), the process's environment and folder, and writes nothing else;
// for each, one JSON line { i, code, stdout, stderr } goes to this process's stdout. Several
// variants per process: Node's start and the CLI's modules load once, not once per variant.
import { Writable } from 'node:stream';

const { main } = await import(new URL('../../dist/src/bundle/main.js', import.meta.url).href);
const runs = JSON.parse(process.argv[2]);

function sink() {
  const chunks = [];
  const stream = new Writable({
    decodeStrings: false,
    write(chunk, _encoding, done) {
      chunks.push(String(chunk));
      done();
    },
  });
  return { stream, text: () => chunks.join('') };
}

for (const [i, argv] of runs.entries()) {
  const stdout = sink();
  const stderr = sink();
  const io = {
    stdout: stdout.stream,
    stderr: stderr.stream,
    env: process.env,
    cwd: process.cwd(),
    isTTY: false,
    columns: undefined,
    attended: false,
    signal: new AbortController().signal,
  };
  const code = await main(argv, io);
  process.stdout.write(`${JSON.stringify({ i, code, stdout: stdout.text(), stderr: stderr.text() })}\n`);
}
