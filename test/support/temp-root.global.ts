// Vitest global setup: every test run gets a temp folder of its own (TMPDIR, inherited by the
// test workers and every process they start), and the run fails when a test leaves anything
// in it: temp folders are removed by the tests that make them (issue 19 item 7). The mock
// channel manager's kept certificate goes to a cache folder of the run's own, beside it
// (CM_CERTIFY_CACHE_DIR, inherited too), never the user's ~/.cache, and is removed with it.
// The reference candidates' test PKI is made once here, into that cache folder, and named by
// CM_CERTIFY_TEST_PKI to every process of the run: two RSA keys (~0.7 s of CPU) once, not in
// each of the ~100 processes and test files that start a reference candidate.
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TEST_PKI_VAR } from '../../src/cli/reference.js';
import { createTestPki } from '../../src/support/certificates.js';

/** Set while a run's temp folder is in use: a second project's setup in the same run (fast and slow together) keeps it. */
const ROOT_VAR = 'CM_CERTIFY_TESTS_ROOT';

export default async function setup(): Promise<() => void> {
  // Nested folders would make paths too long for a Unix socket (chromium's SingletonSocket: 108 bytes).
  if (process.env[ROOT_VAR]) return () => undefined;
  const root = mkdtempSync(join(tmpdir(), 'cm-certify-tests-'));
  const cache = mkdtempSync(join(tmpdir(), 'cm-certify-tests-cache-'));
  const before = {
    TMPDIR: process.env.TMPDIR,
    TMP: process.env.TMP,
    TEMP: process.env.TEMP,
    CM_CERTIFY_CACHE_DIR: process.env.CM_CERTIFY_CACHE_DIR,
    [TEST_PKI_VAR]: process.env[TEST_PKI_VAR],
    [ROOT_VAR]: undefined,
  };
  const pkiFile = join(cache, 'reference-test-pki.json');
  writeFileSync(pkiFile, JSON.stringify(await createTestPki()), { mode: 0o600 });
  process.env[ROOT_VAR] = root;
  process.env.TMPDIR = root;
  process.env.TMP = root;
  process.env.TEMP = root;
  process.env.CM_CERTIFY_CACHE_DIR = cache;
  process.env[TEST_PKI_VAR] = pkiFile;
  return () => {
    const left = readdirSync(root);
    rmSync(root, { recursive: true, force: true });
    rmSync(cache, { recursive: true, force: true });
    // The run's transformed modules (vitest.config.ts): made by vitest in the run's main process, kept by none after it.
    const modules = process.env.CM_CERTIFY_VITEST_MODULES;
    if (modules) rmSync(modules, { recursive: true, force: true });
    for (const [key, value] of Object.entries(before)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
    if (left.length) {
      // Vitest reports a teardown error but still exits 0: set the exit code as well.
      process.exitCode = 1;
      throw new Error(`tests left ${left.length} temp entries behind: ${left.slice(0, 10).join(', ')}`);
    }
  };
}
