import { defineConfig } from 'vitest/config';

/** Tests that take long or need something beyond Node: their own lane, run after the fast one (npm test runs both). */
const SLOW = [
  'test/e2e/load.test.ts',
  'test/e2e/determinism.test.ts',
  'test/e2e/pms-model-seeds.test.ts',
  'test/cli/pack.test.ts',
  'test/hostile/terminal-pty.test.ts',
  'test/report/html-browser.test.ts',
  'test/service/postgres-workers.test.ts',
  'test/service/browser.test.ts',
  'test/service/lifecycle.test.ts',
  'test/service/waivers.test.ts',
  'test/service/pms-runs.test.ts',
];

export default defineConfig({
  test: {
    environment: 'node',
    // Every test run has a temp folder of its own, and fails when a test leaves anything in it.
    globalSetup: ['test/support/temp-root.global.ts'],
    // Every report written in-process is scanned for an unrendered template.
    setupFiles: ['test/support/report-scan.setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    pool: 'forks',
    // CI has 2 cores; end-to-end files start servers and child processes.
    maxWorkers: 2,
    // Concurrent end-to-end tests mostly wait on (fast) clocks and sockets, not the CPU.
    maxConcurrency: 12,
    projects: [
      { extends: true, test: { name: 'fast', include: ['test/**/*.test.ts'], exclude: SLOW } },
      { extends: true, test: { name: 'slow', include: SLOW } },
    ],
  },
});
