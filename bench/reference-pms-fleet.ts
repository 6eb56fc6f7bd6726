// Reference PMSes for the service's PMS runs (the PMS test and `npm run bench:service`): takes
// each run's channel-manager URL, the worker's certificate (PEM) and the poll interval, starts
// one in-process reference PMS per run (waiting for its start_setup hook), and gives the
// candidate each needs (the reference PMS profile as a team member pastes it, with the PMS's
// URLs as its secrets, and the CA of the PMS's own certificate). `close` stops them all.
import { readFileSync } from 'node:fs';
import { startReferencePms } from '../src/reference/pms/index.js';
import type { ReferencePmsServer } from '../src/reference/pms/index.js';
import { testTls } from '../src/cli/reference.js';
import { loadProfile } from '../src/profile/load-profile.js';
import { packagePath } from '../src/support/package-root.js';
import { systemClock } from '../src/support/clock.js';

export interface FleetCandidate {
  target: 'pms';
  profile: string;
  secrets: Record<string, string>;
  ca_pem: string;
}

export interface PmsFleet {
  candidates: FleetCandidate[];
  servers: ReferencePmsServer[];
  close(): Promise<void>;
}

/**
 * The deadlines of the fleet's runs. `deadlines: 'test'` (the default) keeps the reference PMS
 * profile's own, compressed for tests (settle 1 s, a callback's reaction in 1 s: a run of about
 * 15 s); `'init'` puts in their place the `deadlines:` block `cm-certify init` writes for a
 * partner (the spec's: settle 1 m, reaction 2 m, full refresh 30 m: a run of about 16 min at
 * 1-second polling). `reactionMs` then widens a callback's reaction deadline (a test about
 * routing, on a machine shared with others).
 */
export interface FleetTiming {
  deadlines?: 'test' | 'init';
  reactionMs?: number | undefined;
}

/** The `deadlines:` block of init's PMS profile template, comments included. */
function initDeadlines(): string {
  const template = readFileSync(packagePath('fixtures', 'templates', 'pms.profile.yaml'), 'utf8');
  const block = /^deadlines:\n(?:[ \t]+.*\n)+/m.exec(template);
  if (!block) throw new Error('fixtures/templates/pms.profile.yaml has no deadlines: block');
  return block[0];
}

/** The reference PMS profile with its poll interval and deadlines set (FleetTiming). */
export function referencePmsProfile(pollMs: number, timing: FleetTiming = {}): string {
  let text = readFileSync(packagePath('fixtures', 'profiles', 'reference-pms.yaml'), 'utf8').replace(/poll_ms: \d+/, `poll_ms: ${pollMs}`);
  if (timing.deadlines === 'init') text = text.replace(/^deadlines:\n(?:[ \t]+.*\n)+/m, initDeadlines());
  return timing.reactionMs === undefined ? text : text.replace(/callback_reaction: \S+/, `callback_reaction: ${timing.reactionMs}ms`);
}

export async function startPmsFleet(cmUrls: readonly string[], cmCertificate: string, pollMs: number, timing: FleetTiming = {}): Promise<PmsFleet> {
  const file = packagePath('fixtures', 'profiles', 'reference-pms.yaml');
  const base = loadProfile(file, {});
  const tls = await testTls();
  const servers: ReferencePmsServer[] = [];
  try {
    for (const cmUrl of cmUrls) {
      servers.push(
        await startReferencePms({
          clock: systemClock,
          cmUrl,
          ca: Buffer.from(cmCertificate),
          sharedSecret: base.sharedSecret,
          pmsCid: base.pmsCid,
          property: base.property,
          currency: base.currency ?? 'EUR',
          pollIntervalMs: pollMs,
          capabilities: { ackBooking: true, notifyBooking: true, bookingCreate: true, roomInfo: true },
          tls: { cert: tls.cert, key: tls.key },
        }),
      );
    }
  } catch (error) {
    await Promise.all(servers.map((s) => s.close()));
    throw error;
  }
  const profile = referencePmsProfile(pollMs, timing);
  return {
    servers,
    candidates: servers.map((s) => ({
      target: 'pms',
      profile,
      secrets: {
        CM_REFERENCE_PMS_URL: s.baseUrl,
        CM_REFERENCE_PMS_START_URL: s.startUrl,
        CM_REFERENCE_PMS_PROPERTY_SYNC_URL: s.propertySyncUrl,
        CM_REFERENCE_PMS_CHANGE_PRICE_URL: s.changePriceUrl,
        CM_REFERENCE_PMS_CANCEL_BOOKING_URL: s.cancelBookingUrl,
      },
      ca_pem: tls.ca.toString('utf8'),
    })),
    close: async () => void (await Promise.all(servers.map((s) => s.close()))),
  };
}
