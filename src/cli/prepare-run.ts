// Everything a run needs besides the suites: takes the run options and the CLI's I/O,
// gives the profile, its Redactor, the CA to trust, the PMS target's mock channel
// manager, and one close() for all it started. With --reference it first starts the
// built-in candidate in-process (for a PMS: after the mock, whose URL the PMS needs).
// The reference candidates and the mock channel manager are imported only when used.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Clock } from '../support/clock.js';
import { ProfileError, UsageError } from '../support/errors.js';
import { Redactor } from '../support/redact.js';
import { loadProfile } from '../profile/load-profile.js';
import type { Profile } from '../profile/types.js';
import type { EvidenceLog } from '../drivers/evidence-log.js';
import type { PmsSide } from '../runner/types.js';
import type { Target } from '../suite/types.js';
import type { CliIo } from './io.js';

export interface PrepareOptions {
  target: Target;
  profile?: string | undefined;
  reference?: boolean | undefined;
  variant?: string[] | undefined;
  referenceOverHttp?: boolean | undefined;
  ca?: string | undefined;
  /** PMS target: the mock channel manager serves plain HTTP (never certified). */
  mockHttp?: boolean | undefined;
}

export interface PreparedRun {
  profile: Profile;
  redactor: Redactor;
  ca: Buffer | undefined;
  pms?: PmsSide;
  close(): Promise<void>;
}

/** The run's Redactor: every secret of the profile, the ones a message may name labelled. */
export function profileRedactor(profile: Profile): Redactor {
  const redactor = new Redactor(profile.secrets);
  redactor.label(profile.sharedSecret, "the profile's shared_secret");
  redactor.label(profile.property.wbp_property_password, "the profile's password");
  const other = profile.fixtures.not_enabled_property?.wbp_property_password;
  if (other) redactor.label(other, "the profile's not_enabled_property password");
  return redactor;
}

function readCa(path: string | undefined, cwd: string): Buffer | undefined {
  if (!path) return undefined;
  const file = resolve(cwd, path);
  try {
    return readFileSync(file);
  } catch (error) {
    throw new UsageError(`--ca ${file}: cannot read the file (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`);
  }
}

/** The built-in reference profile, or the user's (--profile with --reference) to try other settings. */
async function referenceProfileFile(options: PrepareOptions, io: CliIo): Promise<string> {
  const { referenceProfilePath } = await import('./reference.js');
  return options.profile ? resolve(io.cwd, options.profile) : referenceProfilePath(options.target);
}

async function referencePms(options: PrepareOptions, io: CliIo, deps: { clock: Clock; log: EvidenceLog }): Promise<PreparedRun> {
  const [{ startPmsSide }, { startReferencePms }, { parsePmsFaults, testTls }] = await Promise.all([
    import('./pms-side.js'), import('../reference/pms/index.js'), import('./reference.js'),
  ]);
  const env = { ...io.env, CM_LISTEN: '127.0.0.1:0' };
  const file = await referenceProfileFile(options, io);
  const base = loadProfile(file, env);
  const redactor = profileRedactor(base);
  const side = await startPmsSide(base, { ...deps, redactor, mockHttp: options.mockHttp ?? false });
  try {
    const tls = await testTls();
    // The reference PMS trusts the mock's certificate (generated at start-up, or the profile's).
    const pms = await startReferencePms({
      clock: deps.clock, cmUrl: side.mock.url, ...(side.certificate ? { ca: Buffer.from(side.certificate) } : {}), sharedSecret: base.sharedSecret, pmsCid: base.pmsCid,
      property: base.property, currency: base.currency ?? 'EUR', pollIntervalMs: base.intervals.pollMs,
      capabilities: {
        ackBooking: base.capabilities.includes('AckBooking'), notifyBooking: base.capabilities.includes('NotifyBooking'),
        bookingCreate: base.capabilities.includes('BookingCreate'), roomInfo: base.capabilities.includes('RoomInfo'),
      },
      tls: { cert: tls.cert, key: tls.key },
      faults: parsePmsFaults(options.variant ?? []),
    });
    const profile = loadProfile(file, { ...env, CM_REFERENCE_PMS_URL: pms.baseUrl, CM_REFERENCE_PMS_START_URL: pms.startUrl, CM_REFERENCE_PMS_PROPERTY_SYNC_URL: pms.propertySyncUrl, CM_REFERENCE_PMS_CHANGE_PRICE_URL: pms.changePriceUrl });
    return { profile, redactor, ca: tls.ca, pms: side, close: async () => { await pms.close(); await side.close(); } };
  } catch (error) {
    await side.close();
    throw error;
  }
}

export async function prepareRun(options: PrepareOptions, io: CliIo, deps: { clock: Clock; log: EvidenceLog }): Promise<PreparedRun> {
  if (options.reference) {
    if (options.target === 'pms') return referencePms(options, io, deps);
    const { parseOtaFaults, startReferenceOtaCandidate } = await import('./reference.js');
    const reference = await startReferenceOtaCandidate({ clock: deps.clock, faults: parseOtaFaults(options.variant ?? []), env: io.env, tls: !options.referenceOverHttp, profilePath: await referenceProfileFile(options, io) });
    return { profile: reference.profile, redactor: profileRedactor(reference.profile), ca: reference.ca, close: () => reference.close() };
  }
  if (options.variant?.length) throw new UsageError('--variant only applies with --reference');
  if (!options.profile) throw new UsageError('give --profile FILE (see `cm-certify init`), or --reference to certify the built-in reference candidate');
  const profile = loadProfile(resolve(io.cwd, options.profile), io.env);
  if (profile.target !== options.target) {
    throw new ProfileError(`the profile is for the ${profile.target} target, but --target is ${options.target}`, { file: profile.file, line: 1, field: 'target' });
  }
  const redactor = profileRedactor(profile);
  const ca = readCa(options.ca ?? profile.tls.ca, io.cwd);
  if (profile.target !== 'pms') return { profile, redactor, ca, close: async () => undefined };
  const { startPmsSide } = await import('./pms-side.js');
  const side = await startPmsSide(profile, { ...deps, redactor, mockHttp: options.mockHttp ?? false });
  return { profile, redactor, ca, pms: side, close: () => side.close() };
}
