// The cost of each test file, for ranking the lanes (issue 27 item 5): takes nothing, gives,
// when CM_TEST_COST_LOG names a file, one JSON line per test file appended to it: the file,
// the CPU seconds of its worker process and of the child processes it reaped (the built CLI,
// servers), and the wall seconds since the worker started. Each file runs in a fresh fork
// (pool: forks, isolated), so the counts are the file's own. Off by default: no cost.
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

if (log) {
  afterAll(() => {
    const cpu = cpuSeconds();
    const file = (expect.getState().testPath ?? '?').replace(`${process.cwd()}/`, '');
    appendFileSync(log, `${JSON.stringify({ file, self: cpu.self, children: cpu.children, wall: Math.round(process.uptime() * 10) / 10 })}\n`);
  });
}
