import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    environment: 'node',
    // Every report written in-process is scanned for an unrendered template.
    setupFiles: ['test/support/report-scan.setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    pool: 'forks',
    // CI has 2 cores; end-to-end files start servers and child processes.
    maxWorkers: 2,
    // Concurrent end-to-end tests mostly wait on (fast) clocks and sockets, not the CPU.
    maxConcurrency: 12,
  },
});
