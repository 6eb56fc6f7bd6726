// The built-in reference candidates for `run --reference` and `serve`: takes the target
// (and optional fault variants), starts the candidate in-process on 127.0.0.1 over TLS
// with a test certificate generated at start-up (a throw-away CA, whose key is discarded,
// and a server certificate), gives its profile (the built-in one, pointed at it) and the
// CA to trust. No private key is shipped in the package. The test suite alone may hand every
// process of one test run the same pre-made PKI (CM_CERTIFY_TEST_PKI, written once per run).
// The reference PMS's --variant names are read in reference-pms-variants.ts: an OTA run loads
// none of the reference PMS.
import { createTestPki } from '../support/certificates.js';
import type { TestPki } from '../support/certificates.js';
import type { Clock } from '../support/clock.js';
import { packagePath } from '../support/package-root.js';
import { UsageError } from '../support/errors.js';
import { readInputFile } from '../support/read-input.js';
import { loadProfile } from '../profile/load-profile.js';
import type { Profile } from '../profile/types.js';
import { OTA_CORRECT_VARIANTS, OTA_FAULTS, startReferenceOta } from '../reference/ota/index.js';
import type { OtaVariantName } from '../reference/ota/index.js';
import type { Target } from '../spec/vocabulary.js';

export interface RunningReference {
  profile: Profile;
  ca: Buffer;
  close(): Promise<void>;
}

export interface TestTls {
  cert: Buffer;
  key: Buffer;
  ca: Buffer;
}

let generated: Promise<TestTls> | undefined;

/**
 * Names a JSON file { ca, cert, key } (a test PKI: the CA's key is not in it) to use instead of
 * making one. Set by the test suite only (test/support/temp-root.global.ts), so that the ~100
 * processes of one test run do not each make two RSA keys; a real run makes its own, fresh.
 */
export const TEST_PKI_VAR = 'CM_CERTIFY_TEST_PKI';

/** The test PKI the file names; throws (naming the variable) when it is not one. */
function readTestPki(file: string): TestPki {
  // Through the one reader of a file someone named: a FIFO, a device or a folder is refused at once.
  const text = readInputFile(file, `${TEST_PKI_VAR} file`, UsageError);
  let pki: Partial<TestPki> | null = null;
  try {
    pki = JSON.parse(text) as Partial<TestPki> | null;
  } catch {
    // Named below, as any other file that is not a test PKI.
  }
  if (typeof pki?.ca !== 'string' || typeof pki.cert !== 'string' || typeof pki.key !== 'string') {
    throw new UsageError(`${TEST_PKI_VAR}: ${file} does not hold { ca, cert, key }`);
  }
  return { ca: pki.ca, cert: pki.cert, key: pki.key };
}

/** The test PKI CM_CERTIFY_TEST_PKI names in `env`, else a fresh one (a CA whose key is discarded, and a leaf), made off the event loop. */
export async function makeTestTls(env: NodeJS.ProcessEnv): Promise<TestTls> {
  const file = env[TEST_PKI_VAR];
  const pki = file ? readTestPki(file) : await createTestPki();
  return { cert: Buffer.from(pki.cert), key: Buffer.from(pki.key), ca: Buffer.from(pki.ca) };
}

/** The reference candidates' certificate and the CA to trust: made once per process, in memory. */
export function testTls(): Promise<TestTls> {
  generated ??= makeTestTls(process.env);
  return generated;
}

export function referenceProfilePath(target: Target): string {
  return packagePath('fixtures', 'profiles', `reference-${target}.yaml`);
}

/** --variant names of the reference OTA: broken ones (faults) and correct ones (what the spec leaves free). */
export function parseOtaFaults(names: string[]): OtaVariantName[] {
  const known = [...Object.keys(OTA_FAULTS), ...Object.keys(OTA_CORRECT_VARIANTS)];
  for (const name of names) {
    if (!known.includes(name)) throw new UsageError(`unknown variant "${name}" (known: ${known.join(', ')})`);
  }
  return names as OtaVariantName[];
}

export async function startReferenceOtaCandidate(options: {
  clock: Clock;
  faults?: OtaVariantName[];
  env?: NodeJS.ProcessEnv;
  tls?: boolean;
  /** A profile other than the built-in one (it must read CM_REFERENCE_URL for base_url and the hook). */
  profilePath?: string;
}): Promise<RunningReference> {
  const path = options.profilePath ?? referenceProfilePath('ota');
  const tls = await testTls();
  const useTls = options.tls ?? true;
  // The property-id-not-integer variant issues a property id that is not digits.
  const env = { ...options.env, ...(options.faults?.includes('property-id-not-integer') ? { CM_PROPERTY_ID: 'H1001' } : {}) };
  // Read the profile first (defaults only) to learn the credentials the server must accept.
  const base = loadProfile(path, { ...env });
  const server = await startReferenceOta({
    clock: options.clock,
    sharedSecret: base.sharedSecret,
    property: base.property,
    ...(base.fixtures.not_enabled_property ? { notEnabled: base.fixtures.not_enabled_property } : {}),
    faults: options.faults ?? [],
    ...(useTls ? { tls: { cert: tls.cert, key: tls.key } } : {}),
  });
  const origin = server.baseUrl.replace(/\/api$/, '');
  const profile = loadProfile(path, { ...env, CM_REFERENCE_URL: origin });
  return { profile, ca: tls.ca, close: () => server.close() };
}
