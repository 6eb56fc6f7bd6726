// `npm test` (issue 27 item 5: npm test in 4 minutes on 2 cores): takes the arguments given
// after `npm test --` (passed to vitest), builds, then runs vitest (every lane, one run) and,
// beside it at a lower CPU priority, the type check, Prettier and knip; gives exit code 0 when
// all of them pass, 1 otherwise. vitest prints as it goes; each check's output is printed whole
// after vitest ends. The checks use the cores only where vitest leaves them idle (its end-to-end
// files wait on sockets, child processes and real deadlines): run before vitest, side by side,
// they held both cores for about 19 s of the run; beside it, lowered, they cost it less than that.
// The build comes before vitest: test files run the built CLI (dist/). It emits without
// type-checking (--noCheck): the type check covers src/, bench/ and test/ in full. The checks
// start with the build (none of them reads dist/): the build is one core's work for about 7 s,
// and the other core was idle through it.
import { spawn } from 'node:child_process';
import { setPriority } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const bin = (name) => join(root, 'node_modules', '.bin', name);

const BUILD = [
  [bin('tsc'), '-p', 'tsconfig.build.json', '--noCheck'],
  [process.execPath, 'dist/src/build/build-assets.js'],
];

/** name -> the command it runs; each beside vitest, lowered. */
const CHECKS = {
  typecheck: [bin('tsc'), '-p', 'tsconfig.json', '--noEmit'],
  prettier: [bin('prettier'), '--check', 'src/**/*.ts', 'test/**/*.ts', 'bench/**/*.ts', 'bin/*.js', '*.ts'],
  knip: [bin('knip')],
};

/** How much lower than vitest the checks run (a nice value: 0 normal, 19 lowest). */
const LOWER_BY = 10;

function runOne([command, ...args], options = {}) {
  const started = Date.now();
  return new Promise((done) => {
    const child = spawn(command, args, { cwd: root, stdio: options.inherit ? 'inherit' : ['ignore', 'pipe', 'pipe'] });
    if (options.lower && child.pid !== undefined) {
      try {
        setPriority(child.pid, LOWER_BY);
      } catch {
        // Not allowed here: the check runs at vitest's priority, only slower to finish.
      }
    }
    let out = '';
    child.stdout?.on('data', (chunk) => (out += chunk));
    child.stderr?.on('data', (chunk) => (out += chunk));
    const end = (code, extra = '') => done({ code, out: out + extra, ms: Date.now() - started });
    child.on('error', (error) => end(1, `${error.message}\n`));
    child.on('close', (code, signal) => end(code ?? (signal ? 1 : 0)));
  });
}

const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

const checks = Object.entries(CHECKS).map(async ([name, command]) => ({ name, ...(await runOne(command, { lower: true })) }));
let built = { code: 0, out: '', ms: 0 };
for (const command of BUILD) {
  const step = await runOne(command);
  built = { code: step.code, out: built.out + step.out, ms: built.ms + step.ms };
  if (step.code !== 0) break;
}
process.stdout.write(`\n> build: ${built.code === 0 ? 'ok' : 'FAILED'} (${seconds(built.ms)})\n${built.out}`);
/** Each check's output, whole, as it ended; the names of those that failed. */
async function reportChecks() {
  const failed = [];
  for (const check of await Promise.all(checks)) {
    process.stdout.write(`\n> ${check.name}: ${check.code === 0 ? 'ok' : 'FAILED'} (${seconds(check.ms)}, beside the build and vitest)\n${check.out}`);
    if (check.code !== 0) failed.push(check.name);
  }
  return failed;
}

if (built.code !== 0) {
  await reportChecks();
  process.stdout.write('\nthe build failed: no test ran\n');
  process.exit(1);
}

const vitest = await runOne([bin('vitest'), 'run', ...process.argv.slice(2)], { inherit: true });
const failed = [...(vitest.code === 0 ? [] : ['vitest']), ...(await reportChecks())];
if (failed.length > 0) {
  process.stdout.write(`\nnpm test failed: ${failed.join(', ')}\n`);
  process.exitCode = 1;
}
