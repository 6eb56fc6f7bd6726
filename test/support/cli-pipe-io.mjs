// The io of one `cm-certify` command run through main() of the build in a test's child process
// (cli-resident-child.mjs, test/e2e/failure-texts-child.mjs): takes nothing, gives the io with a
// stdout and a stderr of the command's own, as a pipe gives them (no terminal, no width, nobody
// at the keyboard), this process's environment and folder, and the text each received.
import { Writable } from 'node:stream';

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

export function pipeIo() {
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
  return { io, stdout: stdout.text, stderr: stderr.text };
}
