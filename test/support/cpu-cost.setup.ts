// The cost of each test file, for ranking the lanes (issue 27 item 5): takes nothing, gives,
// when CM_TEST_COST_LOG names a file, one JSON line per test file appended to it: the file,
// the CPU seconds of its worker process and of the child processes it reaped (the built CLI,
// servers), and the wall seconds since the worker started. A worker that runs several files
// (isolate: false, the unit lane) logs each file's share: the counts since the file before
// it in the same worker. Off by default: no cost.
import { appendFileSync, readFileSync } from 'node:fs';
import { afterAll, expect } from 'vitest';

const log = process.env.CM_TEST_COST_LOG;

/** utime, stime, cutime, cstime of this process, in seconds (Linux /proc; zeros elsewhere). */
function cpuSeconds(): { self: number; children: number } {
  try {
    const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1]!.split(' ');
    const tick = (i: number): number => Number(fields[i - 3]) / 100;
    return { self: tick(14) + tick(15), children: tick(16) + tick(17) };
  } catch {
    return { self: 0, children: 0 };
  }
}

/** The counts at the end of the previous file in this worker (kept on globalThis: this module may be loaded again for each file). */
const PREVIOUS = Symbol.for('cm-certify.cpu-cost.previous');
type Holder = { [PREVIOUS]?: { self: number; children: number } };

if (log) {
  afterAll(() => {
    const cpu = cpuSeconds();
    const holder = globalThis as Holder;
    const before = holder[PREVIOUS] ?? { self: 0, children: 0 };
    holder[PREVIOUS] = cpu;
    const file = (expect.getState().testPath ?? '?').replace(`${process.cwd()}/`, '');
    const round = (n: number): number => Math.round(n * 100) / 100;
    const line = { file, self: round(cpu.self - before.self), children: round(cpu.children - before.children), wall: Math.round(process.uptime() * 10) / 10 };
    appendFileSync(log, `${JSON.stringify(line)}\n`);
  });
}
