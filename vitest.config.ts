import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from 'vitest/config';
import { INTEGRATION, SLOW, VARIANTS } from './test/lanes.js';
import CostSequencer from './test/support/cost-sequencer.js';

/** Every test file not listed in another lane is a unit test (test/lanes.ts says which lane is which). */
const NOT_UNIT = [...INTEGRATION, ...VARIANTS, ...SLOW];

/**
 * The workers of the lanes that hold in-process certification runs: semi-spaces of 64 MB instead
 * of V8's 16. A run allocates its exchanges, bodies and evidence by the megabyte and keeps them
 * to its end; with the default, scavenges copied them again and again: an OTA variant run
 * paused 0.23 s for GC against 0.84 s of CPU (load 18), 0.10 s with 64 (peak RSS +70 MB).
 */
const IN_PROCESS_RUNS = ['--max-semi-space-size=64'];

/** Workers of the integration, variants and slow lanes (one group: see maxWorkers below). */
const WAITING_LANE_WORKERS = Number(process.env.CM_LANE_WORKERS ?? 3);
/** What each of those lanes shares: one group after the unit lane, WAITING_LANE_WORKERS files at once. */
const AFTER_UNIT = { maxWorkers: WAITING_LANE_WORKERS, sequence: { groupOrder: 1 } };

/**
 * Each lane is a project with a Vite server of its own, and each transformed the same src/
 * modules again: the transformed modules go to a folder of this run's own (empty at its start,
 * as in a fresh clone; removed by test/support/temp-root.global.ts at its end), where the next
 * lane's files find them (CM_CERTIFY_VITEST_MODULES: a process this run starts keeps it).
 * 5 files of 4 lanes: transform 17.8 -> 12.6 s summed, CPU 40.3 -> 37.9 and 45.3 -> 43.9 s
 * (two pairs, load 4-10).
 */
process.env.CM_CERTIFY_VITEST_MODULES ??= join(tmpdir(), `cm-certify-vitest-modules-${process.pid}-${Date.now()}`);

export default defineConfig({
  test: {
    environment: 'node',
    // Every test run has a temp folder of its own, and fails when a test leaves anything in it.
    globalSetup: ['test/support/temp-root.global.ts'],
    // Every report written in-process is scanned for an unrendered template.
    setupFiles: ['test/support/report-scan.setup.ts', 'test/support/cpu-cost.setup.ts', 'test/support/temp-dirs.setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    pool: 'forks',
    // WebAssembly stays on V8's baseline code in the test workers, as in a `run` or `serve` process
    // (src/cli/wasm-tiering.ts): the optimizing compiler's background compiles of the embedded
    // database's Postgres (PGlite, in every service test file's worker) cost more than they win
    // back in a file's seconds: 6 service files 61.6 -> 58.3 s of CPU (medians of 2, load 12-15).
    execArgv: ['--wasm-tiering-budget=2147483647'],
    // CI has 2 cores. The unit lane is CPU-bound: 2 workers. The other lanes' files wait on
    // sockets, child processes and deadlines (an idle run's ota-reference used 44.6 s of CPU in
    // 67 s, the service files half their time): WAITING_LANE_WORKERS, so that a third file takes
    // the core a waiting one leaves. Two counts need an order between them (vitest runs group
    // by group): the unit lane first (group 0), then the rest in one group (its files in
    // test/support/cost-sequencer.ts's order), so the barrier is the unit lane's end alone.
    // `npx vitest run`, whole: 266 s against 307 with 2 (load about 1 at the start of each, 5 at its end).
    maxWorkers: 2,
    // Unit files first (cheap failures first), then the rest longest first (test/lanes.ts COST_S).
    sequence: { sequencer: CostSequencer },
    // Concurrent end-to-end tests mostly wait on (fast) clocks and sockets, not the CPU.
    maxConcurrency: 12,
    experimental: { fsModuleCache: true, fsModuleCachePath: process.env.CM_CERTIFY_VITEST_MODULES },
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['test/**/*.test.ts'],
          exclude: NOT_UNIT,
          // No sockets, no processes: a file that needs one belongs to another lane.
          setupFiles: ['test/support/unit-guard.setup.ts'],
          // One module registry per worker, not per file: importing the same modules again for
          // each file was half the lane's CPU. A file that mocks or counts module state resets
          // modules itself (run-session, schemas/lazy); unit-guard removes each file's temp folders.
          isolate: false,
        },
      },
      { extends: true, test: { name: 'integration', include: INTEGRATION, isolate: false, execArgv: IN_PROCESS_RUNS, ...AFTER_UNIT } },
      // Full runs, CPU-bound on the simulated clock: 4 at once per file, not 12, so one run's time
      // (its test timeout) is about 4 runs' CPU, not 12, on a busy machine (a PMS variant took
      // 97 of its 120 s beside 11 others at load 10), for the same lane total.
      { extends: true, test: { name: 'variants', include: VARIANTS, maxConcurrency: 4, execArgv: IN_PROCESS_RUNS, ...AFTER_UNIT } },
      // One module registry per worker here too (the files run one after another, test/support/cost-sequencer.ts):
      // each file's own worker imported the service, the harness and PGlite again.
      { extends: true, test: { name: 'slow', include: SLOW, isolate: false, ...AFTER_UNIT } },
    ],
  },
});
