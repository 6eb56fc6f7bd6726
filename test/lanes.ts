// The test lanes, by cost: takes nothing, gives the file lists vitest.config.ts builds its
// projects from. A file listed nowhere is a unit test (pure functions: no sockets, no
// processes; test/support/unit-guard.setup.ts fails it there if it opens one); the lists
// below hold the rest, each file in one list only (test/lanes.test.ts checks it).
//   unit         pure functions, run first so cheap failures show first
//   integration  servers, in-process runs, child processes of the built CLI
//   variants     the reference candidates and their fault variants, full runs judged against
//                the verdict baseline and the pinned failure texts
//   slow         a browser, Postgres, npm pack, load, a pty

/** Servers, in-process certification runs, child processes. */
export const INTEGRATION = [
  'test/service/artifacts.test.ts',
  'test/hostile/hooks-and-signals.test.ts',
  'test/hostile/pms-never-connects.test.ts',
  'test/hostile/profile-tls-files.test.ts',
  'test/report/junit.test.ts',
  'test/report/render-thread.test.ts',
  'test/reference/pms/faults.test.ts',
  'test/reference/pms/polling.test.ts',
  'test/reference/pms/property-sync.test.ts',
  'test/reference/pms/refresh.test.ts',
  'test/api/run-api.test.ts',
  'test/bench/ingest-child.test.ts',
  'test/checks/run-verdict.test.ts',
  'test/cli/cli-process.test.ts',
  'test/cli/interrupt.test.ts',
  'test/cli/lazy-modules.test.ts',
  'test/cli/run-flags.test.ts',
  'test/cli/trust-cli.test.ts',
  'test/cli/user-suite.test.ts',
  'test/cli/suite-cache.test.ts',
  'test/cli/verdict-words.test.ts',
  'test/cli/wasm-tiering.test.ts',
  'test/cli/yaml-errors.test.ts',
  'test/channel-manager/http-host.test.ts',
  'test/channel-manager/keep-alive-stall.test.ts',
  'test/drivers/deadline-before-connect.test.ts',
  'test/drivers/identity.test.ts',
  'test/drivers/mock-cm.test.ts',
  'test/drivers/served-shapes.test.ts',
  'test/drivers/undici-core.test.ts',
  'test/e2e/interrupted-window.test.ts',
  'test/e2e/ota-allowed-values.test.ts',
  'test/e2e/ota-booking-lists.test.ts',
  'test/e2e/ota-probes.test.ts',
  'test/e2e/pms-effects.test.ts',
  'test/e2e/pms-transport.test.ts',
  'test/e2e/run-options.test.ts',
  'test/e2e/time-to-verdict.test.ts',
  'test/e2e/unattended.test.ts',
  'test/hostile/candidate-loops.test.ts',
  'test/hostile/curl-paste.test.ts',
  'test/hostile/files-and-folders.test.ts',
  'test/hostile/harness-bounds.test.ts',
  'test/hostile/hostile-reports.test.ts',
  'test/hostile/html-injection.test.ts',
  'test/hostile/input-files.test.ts',
  'test/hostile/invisible-and-duplicates.test.ts',
  'test/hostile/json-numbers-keys.test.ts',
  'test/hostile/mock-hostile.test.ts',
  'test/hostile/mock-inbound.test.ts',
  'test/hostile/mock-outsiders.test.ts',
  'test/hostile/ota-hostile.test.ts',
  'test/hostile/pms-hostile-run.test.ts',
  'test/hostile/pms-misconfigured.test.ts',
  'test/hostile/queued-error-credentials.test.ts',
  'test/hostile/mock-sealed-records.test.ts',
  'test/hostile/reference-outputs.test.ts',
  'test/hostile/request-target.test.ts',
  'test/hostile/secret-transforms.test.ts',
  'test/hostile/secrets.test.ts',
  'test/hostile/tls.test.ts',
  'test/hostile/url-identity.test.ts',
  'test/hostile/verify-and-diff.test.ts',
  'test/hostile/yaml-size.test.ts',
  'test/reference/ota/property-suite.test.ts',
  'test/reference/ota/server.test.ts',
  'test/reference/pms/callbacks.test.ts',
  'test/reference/pms/lifecycle.test.ts',
  'test/reference/pms/setup.test.ts',
  'test/report/browser-availability.test.ts',
  'test/report/ci-docs.test.ts',
  'test/report/probable-cause.test.ts',
  'test/report/reproduce.test.ts',
  'test/runner/self-check.test.ts',
  'test/service/api.test.ts',
  'test/service/pages.test.ts',
  'test/support/simulated-clock.test.ts',
  'test/service/history.test.ts',
  'test/service/oidc.test.ts',
  'test/service/queue.test.ts',
  'test/cli/serve-kept-ca.test.ts',
  'test/hostile/ari-ledger-outsiders.test.ts',
  'test/hostile/curl-cacert.test.ts',
  'test/hostile/rerun-hint-path.test.ts',
  'test/e2e/rerun-hints-work.test.ts',
  'test/hostile/reference-through-proxy.test.ts',
];

/**
 * Every fault variant of the reference candidates, run in full and judged (4 runs at once per
 * file: vitest.config.ts). pms-order-timing.test.ts runs 15 PMS variants in full: at 12 at
 * once (the integration lane's) a run's wall time was 12 runs' CPU, and 9 of them passed their
 * 90-120 s timeouts at load 9-14.
 */
export const VARIANTS = [
  'test/e2e/ota-reference.test.ts',
  'test/e2e/pms-reference.test.ts',
  'test/e2e/failure-texts.test.ts',
  'test/e2e/pms-order-timing.test.ts',
  'test/e2e/pms-midnight.test.ts',
];

/** Tests that take long or need something beyond Node. */
export const SLOW = [
  'test/e2e/load.test.ts',
  'test/e2e/determinism.test.ts',
  'test/cli/pack.test.ts',
  'test/hostile/terminal-pty.test.ts',
  'test/report/html-browser.test.ts',
  'test/service/postgres-workers.test.ts',
  'test/service/browser.test.ts',
  'test/service/lifecycle.test.ts',
  'test/service/waivers.test.ts',
  'test/service/pms-runs.test.ts',
  'test/service/pms-fleet.test.ts',
  'test/e2e/pms-model-seeds.test.ts',
  'test/runner/harness-saturation-busy.test.ts',
];

/** The lanes, cheapest first (`npm test` runs them in one vitest run: test/support/cost-sequencer.ts orders their files). */
export const LANES = ['unit', 'integration', 'variants', 'slow'] as const;

/**
 * The files of 5 s or more, with their seconds on 2 idle cores (a fresh clone's `npm test`, one
 * test file beside another): the run starts each lane's files longest first, so that no long
 * file is left running alone at the end. A file not listed starts after these, larger files
 * first. Measured in one whole run (vitest's own file durations, a fresh clone's `npm test`,
 * 2026-11-29 12:48 at f317b8f, idle machine).
 */
export const COST_S: Readonly<Record<string, number>> = {
  'test/e2e/ota-reference.test.ts': 78,
  'test/e2e/failure-texts.test.ts': 47,
  'test/e2e/pms-reference.test.ts': 43,
  'test/service/pms-fleet.test.ts': 20,
  'test/service/lifecycle.test.ts': 17,
  'test/service/postgres-workers.test.ts': 16,
  'test/service/pms-runs.test.ts': 16,
  'test/cli/pack.test.ts': 16,
  'test/service/api.test.ts': 14,
  'test/e2e/load.test.ts': 13,
  'test/e2e/pms-order-timing.test.ts': 13,
  'test/service/browser.test.ts': 13,
  'test/e2e/determinism.test.ts': 12,
  'test/hostile/secrets.test.ts': 11,
  'test/cli/cli-process.test.ts': 10,
  'test/report/browser-availability.test.ts': 7,
  'test/e2e/pms-model-seeds.test.ts': 7,
  'test/e2e/ota-probes.test.ts': 7,
  'test/runner/harness-saturation-busy.test.ts': 7,
  'test/channel-manager/keep-alive-stall.test.ts': 7,
  'test/checks/run-verdict.test.ts': 6,
  'test/cli/trust-cli.test.ts': 5,
  'test/service/waivers.test.ts': 5,
  'test/reference/pms/faults.test.ts': 5,
};
