// The checks `npm test` runs before its test lanes, side by side (issue 27 item 5: npm test in
// 4 minutes on 2 cores): takes nothing, gives exit code 0 when the build, the type check,
// Prettier and knip all pass, 1 otherwise, printing each one's output whole when it ends.
// Each of them uses one core for 5 to 25 s; run one after the other they took 85 s of wall
// time on 2 idle cores, side by side about 40. The build emits without type-checking
// (--noCheck): the type check beside it covers src/, bench/ and test/ in full.
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const bin = (name) => join(root, 'node_modules', '.bin', name);

/** name -> the commands it runs one after the other. */
const JOBS = {
  build: [
    [bin('tsc'), '-p', 'tsconfig.build.json', '--noCheck'],
    [process.execPath, 'dist/src/build/build-assets.js'],
  ],
  typecheck: [[bin('tsc'), '-p', 'tsconfig.json', '--noEmit']],
  prettier: [[bin('prettier'), '--check', 'src/**/*.ts', 'test/**/*.ts', 'bench/**/*.ts', 'bin/*.js', '*.ts']],
  knip: [[bin('knip')]],
};

function runOne([command, ...args]) {
  return new Promise((done) => {
    const child = spawn(command, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.stderr.on('data', (chunk) => (out += chunk));
    child.on('error', (error) => done({ code: 1, out: `${out}${error.message}\n` }));
    child.on('close', (code, signal) => done({ code: code ?? (signal ? 1 : 0), out }));
  });
}

async function runJob(name, commands) {
  const started = Date.now();
  let out = '';
  for (const command of commands) {
    const result = await runOne(command);
    out += result.out;
    if (result.code !== 0) return { name, ok: false, out, ms: Date.now() - started };
  }
  return { name, ok: true, out, ms: Date.now() - started };
}

const results = await Promise.all(
  Object.entries(JOBS).map(async ([name, commands]) => {
    const result = await runJob(name, commands);
    process.stdout.write(`\n> ${name}: ${result.ok ? 'ok' : 'FAILED'} (${(result.ms / 1000).toFixed(1)} s)\n${result.out}`);
    return result;
  }),
);
const failed = results.filter((r) => !r.ok).map((r) => r.name);
if (failed.length > 0) {
  process.stdout.write(`\nstatic checks failed: ${failed.join(', ')}\n`);
  process.exitCode = 1;
}
