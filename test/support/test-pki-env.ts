// The test run's shared reference PKI for a child process started with an environment of its
// own: takes nothing, gives { CM_CERTIFY_TEST_PKI } as the run set it (temp-root.global.ts),
// to spread into that environment so the child reads the PKI instead of making two RSA keys.
import { TEST_PKI_VAR } from '../../src/cli/reference.js';

export function testPkiEnv(): NodeJS.ProcessEnv {
  const file = process.env[TEST_PKI_VAR];
  return file ? { [TEST_PKI_VAR]: file } : {};
}
