// `run --reference`: takes the run's target, --profile, --variant and the CLI's environment,
// gives the session a launcher that starts the built-in reference candidate in-process: the
// reference OTA at once, the reference PMS once the session's mock channel manager is up
// (the PMS needs its URL and trusts its certificate). The reference candidates are imported
// only when the launcher runs, so no other command or run loads them.
import { resolve } from 'node:path';
import { loadProfile } from '../profile/load-profile.js';
import type { Target } from '../spec/vocabulary.js';
import type { CandidateLauncher, LaunchContext, LaunchedCandidate } from '../session/types.js';

export interface ReferenceChoice {
  target: Target;
  /** A profile other than the built-in one, to try other settings (relative to cwd). */
  profile?: string | undefined;
  variant?: string[] | undefined;
  /** Tests only: serve the reference OTA over plain HTTP. */
  referenceOverHttp?: boolean | undefined;
  env: NodeJS.ProcessEnv;
  cwd: string;
}

async function profileFile(choice: ReferenceChoice): Promise<string> {
  const { referenceProfilePath } = await import('./reference.js');
  return choice.profile ? resolve(choice.cwd, choice.profile) : referenceProfilePath(choice.target);
}

async function launchOta(choice: ReferenceChoice, context: LaunchContext): Promise<LaunchedCandidate> {
  const { parseOtaFaults, startReferenceOtaCandidate } = await import('./reference.js');
  const faults = parseOtaFaults(choice.variant ?? []);
  const started = await startReferenceOtaCandidate({
    clock: context.clock,
    faults,
    env: choice.env,
    tls: !choice.referenceOverHttp,
    profilePath: await profileFile(choice),
  });
  return { ...started, reference: { name: 'reference-ota', variants: [...(choice.variant ?? [])] } };
}

async function launchPms(choice: ReferenceChoice, context: LaunchContext): Promise<LaunchedCandidate> {
  const [{ startReferencePms }, { parsePmsFaults }, { testTls }] = await Promise.all([
    import('../reference/pms/index.js'),
    import('./reference-pms-variants.js'),
    import('./reference.js'),
  ]);
  const variants = parsePmsFaults(choice.variant ?? []);
  const env = { ...choice.env, CM_LISTEN: '127.0.0.1:0' };
  const file = await profileFile(choice);
  const base = loadProfile(file, env);
  const side = await context.startMock(base);
  const tls = await testTls();
  const pms = await startReferencePms({
    clock: context.clock,
    cmUrl: side.mock.url,
    ...(side.certificate ? { ca: Buffer.from(side.certificate) } : {}),
    sharedSecret: base.sharedSecret,
    pmsCid: base.pmsCid,
    property: base.property,
    currency: base.currency ?? 'EUR',
    pollIntervalMs: base.intervals.pollMs,
    ...(base.raw.ari?.max_days_per_range === undefined ? {} : { maxDaysPerRange: base.raw.ari.max_days_per_range }),
    capabilities: {
      ackBooking: base.capabilities.includes('AckBooking'),
      notifyBooking: base.capabilities.includes('NotifyBooking'),
      bookingCreate: base.capabilities.includes('BookingCreate'),
      roomInfo: base.capabilities.includes('RoomInfo'),
      createProperty: base.capabilities.includes('CreateProperty'),
    },
    tls: { cert: tls.cert, key: tls.key },
    ...variants,
  });
  try {
    const profile = loadProfile(file, {
      ...env,
      CM_REFERENCE_PMS_URL: pms.baseUrl,
      CM_REFERENCE_PMS_START_URL: pms.startUrl,
      CM_REFERENCE_PMS_PROPERTY_SYNC_URL: pms.propertySyncUrl,
      CM_REFERENCE_PMS_CHANGE_PRICE_URL: pms.changePriceUrl,
      CM_REFERENCE_PMS_CANCEL_BOOKING_URL: pms.cancelBookingUrl,
    });
    return { profile, ca: tls.ca, close: () => pms.close(), reference: { name: 'reference-pms', variants: [...(choice.variant ?? [])] } };
  } catch (error) {
    await pms.close();
    throw error;
  }
}

export function referenceLauncher(choice: ReferenceChoice): CandidateLauncher {
  return (context) => (choice.target === 'pms' ? launchPms(choice, context) : launchOta(choice, context));
}
