// The PMS target's inbound side for a run: takes the profile and the run's clock, log,
// redactor and environment, starts the mock channel manager where the profile says and
// connects the inbound judge to it. The mock serves HTTPS by default: with the profile's
// certificate, or with cm-certify's self-signed one, kept in the cache folder and reused run
// after run until it nears expiry (src/support/certificate-cache.ts), so a PMS pins one
// SHA-256 fingerprint and trusts one PEM file; without a cache folder, one generated for the
// run (its PEM in a temp file). Plain HTTP only when the profile (tls.plain_http) or the flag
// (--mock-http) asks. Mounted under a shared server (the onboarding service's worker), the
// server's URL and certificate instead. The caller closes it.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Clock } from '../support/clock.js';
import { fingerprintOf, LOCAL_HOSTS, selfSignedFor } from '../support/certificates.js';
import { cachedSelfSigned } from '../support/certificate-cache.js';
import { cacheFolder } from '../support/cache-folder.js';
import { ProfileError } from '../support/errors.js';
import { folderOpenToOthers } from '../support/safe-write.js';
import type { Redactor } from '../support/redact.js';
import { checkTlsFiles, readTlsFile } from '../profile/tls-files.js';
import type { Profile } from '../profile/types.js';
import type { EvidenceLog } from '../drivers/evidence-log.js';
import { MockChannelManager } from '../drivers/mock-cm/mock-cm.js';
import { InboundJudge } from '../runner/inbound-judge.js';
import type { MockTransport } from '../spec/run-result.js';
import type { PmsSide } from '../runner/types.js';
import type { MockMount } from '../drivers/mock-cm/mount.js';

interface MockTls {
  pair?: { cert: string | Buffer; key: string | Buffer };
  transport: MockTransport;
  /** The certificate (public PEM) a PMS must trust; undefined over plain HTTP. */
  certificate?: string;
  cleanup(): void;
}

function profileTls(profile: Profile): MockTls | undefined {
  const { cert, key } = profile.tls;
  if (!cert && !key) return undefined;
  if (!cert || !key) throw new ProfileError('tls needs both cert and key for the mock channel manager', { file: profile.file, field: 'tls' });
  // Read and parsed first: a bad file is exit 2 at its field, not a failure to listen.
  checkTlsFiles(profile);
  const pair = { cert: readTlsFile(profile, 'cert')!.toString('utf8'), key: readTlsFile(profile, 'key')! };
  const transport: MockTransport = { scheme: 'https', certificate: { source: 'profile', fingerprint256: fingerprintOf(pair.cert), file: cert } };
  return { pair, transport, certificate: pair.cert, cleanup: () => undefined };
}

/** The kept certificate for these hosts; undefined when there is no cache folder or it cannot be written; why not when the folder is open to others. */
async function cachedTls(hosts: string[], env: NodeJS.ProcessEnv): Promise<MockTls | string | undefined> {
  const dir = cacheFolder(env);
  if (!dir) return undefined;
  // A folder every user may write: another user could plant the key the mock serves, or a FIFO at its name.
  const open = folderOpenToOthers(dir);
  if (open) return open;
  try {
    const kept = await cachedSelfSigned(hosts, dir);
    return {
      pair: kept.pair,
      certificate: kept.pair.cert,
      transport: {
        scheme: 'https',
        certificate: { source: 'cached', fingerprint256: kept.pair.fingerprint256, file: kept.certFile, notAfter: kept.notAfter.toISOString() },
      },
      cleanup: () => undefined,
    };
  } catch {
    // A read-only home or a full disk: a certificate for this run only, as without a cache.
    return undefined;
  }
}

/** A self-signed certificate for the listen host (and the loopback names): the kept one, else one for this run whose PEM goes to a temp file. */
async function generatedTls(host: string, env: NodeJS.ProcessEnv): Promise<MockTls> {
  const hosts = [...new Set([host, ...LOCAL_HOSTS])].filter((h) => h !== '0.0.0.0' && h !== '::');
  const cached = await cachedTls(hosts, env);
  if (typeof cached === 'object') return cached;
  const pair = await selfSignedFor(hosts);
  const dir = mkdtempSync(join(tmpdir(), 'cm-certify-mock-'));
  const file = join(dir, 'mock-cm-cert.pem');
  writeFileSync(file, pair.cert);
  return {
    pair,
    certificate: pair.cert,
    transport: {
      scheme: 'https',
      certificate: { source: 'generated', fingerprint256: pair.fingerprint256, file, ...(cached === undefined ? {} : { cacheRefused: cached }) },
    },
    cleanup: () => rmSync(dir, { recursive: true, force: true }),
  };
}

async function mockTls(profile: Profile, mockHttp: boolean, env: NodeJS.ProcessEnv): Promise<MockTls> {
  if (mockHttp || profile.tls.plain_http) {
    const reason = mockHttp ? '--mock-http' : `tls.plain_http in ${profile.file}`;
    return { transport: { scheme: 'http', reason }, cleanup: () => undefined };
  }
  return profileTls(profile) ?? generatedTls(profile.listen.host, env);
}

export interface StartedPmsSide extends PmsSide {
  /** The mock's certificate (public PEM) for a PMS to trust; undefined over plain HTTP. */
  certificate?: string | undefined;
  close(): Promise<void>;
}

/** Mounted under a shared server: its certificate serves (the profile's listen and tls sections do not apply). */
function mountedTls(mount: MockMount): MockTls {
  const c = mount.certificate;
  if (!c) return { transport: { scheme: 'http', reason: 'the shared server of the service serves plain HTTP' }, cleanup: () => undefined };
  const certificate = { source: 'worker' as const, fingerprint256: c.fingerprint256, ...(c.notAfter ? { notAfter: c.notAfter } : {}) };
  return { transport: { scheme: 'https', certificate }, certificate: c.pem, cleanup: () => undefined };
}

export async function startPmsSide(
  profile: Profile,
  deps: {
    clock: Clock;
    log: EvidenceLog;
    redactor: Redactor;
    mockHttp?: boolean;
    env?: NodeJS.ProcessEnv;
    bookingSeed?: number | undefined;
    mount?: MockMount | undefined;
  },
): Promise<StartedPmsSide> {
  const tls = deps.mount ? mountedTls(deps.mount) : await mockTls(profile, deps.mockHttp ?? false, deps.env ?? {});
  const mock = new MockChannelManager({
    clock: deps.clock,
    log: deps.log,
    redactor: deps.redactor,
    sharedSecret: profile.sharedSecret,
    pmsCid: profile.pmsCid,
    property: profile.property,
    // Declaring CreateProperty says the channel manager activated it for the channel (D-402).
    createPropertyActivated: profile.capabilities.includes('CreateProperty'),
    host: profile.listen.host,
    port: profile.listen.port,
    tls: tls.pair,
    maxBodyBytes: profile.limits.maxBodyBytes,
    evidenceBodyBytes: profile.limits.evidenceBodyBytes,
    requestTimeoutMs: profile.timeouts.requestMs,
    reservationTemplate: profile.reservationTemplate,
    bookingSeed: deps.bookingSeed,
    mount: deps.mount,
  });
  try {
    await mock.start();
  } catch (error) {
    tls.cleanup();
    throw new ProfileError(
      `the mock channel manager cannot listen on ${profile.listen.host}:${profile.listen.port}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`,
      { file: profile.file, field: 'listen' },
    );
  }
  const pairs = new Set(mock.mappedPairs().map((p) => `${p.room}\u0000${p.rate}`));
  const judge = new InboundJudge(
    { sharedSecret: profile.sharedSecret, pmsCid: profile.pmsCid, property: profile.property },
    (room, rate) => pairs.has(`${room}\u0000${rate}`),
    deps.clock.now(),
  );
  judge.watchFirstList(mock.model.bookings.firstList().map((c) => c.id));
  mock.onExchange((x) => judge.receive(x));
  const close = async (): Promise<void> => {
    try {
      await mock.close();
    } finally {
      tls.cleanup();
    }
  };
  return { mock, judge, transport: tls.transport, certificate: tls.certificate, close };
}
