// `cm-certify serve <candidate>`: takes which built-in candidate to serve and where,
// starts it and keeps it running until Ctrl-C/SIGTERM, so partners can point their own
// tools (or a second cm-certify) at a known-good implementation. Every path it prints is
// absolute: the profile inside the package, and the test CA certificate (public part only):
// reference-ota keeps its test CA in --ca-dir or the cache folder, made once and reused at the
// next start (its fingerprint printed); otherwise one made at start-up, in a temp folder
// removed when it stops.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { systemClock } from '../../support/clock.js';
import { UsageError } from '../../support/errors.js';
import { readInputBytes } from '../../support/read-input.js';
import { loadProfile } from '../../profile/load-profile.js';
import { startReferenceOta } from '../../reference/ota/index.js';
import { startReferencePms } from '../../reference/pms/index.js';
import type { CliIo } from '../io.js';
import { parseOtaFaults, referenceProfilePath, testTls } from '../reference.js';
import { parsePmsFaults } from '../reference-pms-variants.js';
import { keptTestPki } from '../kept-test-pki.js';
import { cacheFolder, cacheFolderSource } from '../../support/cache-folder.js';
import { visibleLine } from '../../support/sanitise.js';

export interface ServeOptions {
  candidate: string;
  /** reference-pms: the channel manager it connects to. */
  cmUrl?: string;
  /** reference-pms: trust for the channel manager's certificate. */
  ca?: string;
  /** reference-pms: start the setup flow at once instead of waiting for the start hook. */
  start?: boolean;
  host?: string;
  port?: string;
  http?: boolean;
  variant?: string[];
  tlsCert?: string;
  tlsKey?: string;
  /** reference-ota: where its test CA is kept between starts (default: the cache folder). */
  caDir?: string;
}

function parsePort(text: string | undefined, fallback: number): number {
  if (text === undefined) return fallback;
  const port = Number(text);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new UsageError(`--port must be 0..65535, got ${text}`);
  return port;
}

interface ServeTls {
  cert: Buffer;
  key: Buffer;
  /** Absolute path of the test CA certificate to trust, when the test certificate is used. */
  caFile?: string;
  /** The kept test CA: its fingerprint and whether an earlier start made it. */
  kept?: { fingerprint: string; reused: boolean; dir: string };
  cleanup(): void;
}

/** Where the default cache folder came from, for a refusal that names it (the user gave no --ca-dir). */
function cacheSource(env: NodeJS.ProcessEnv): string {
  return `the cache folder (from ${cacheFolderSource(env)}; give --ca-dir to keep the test CA elsewhere)`;
}

/** reference-ota's test CA, kept in --ca-dir or the cache folder; a throw-away one when there is neither. */
async function keptTls(options: ServeOptions, io: CliIo): Promise<ServeTls | undefined> {
  if (options.http || options.tlsCert || options.tlsKey) return undefined;
  const cache = cacheFolder(io.env);
  const dir = options.caDir ? resolve(io.cwd, options.caDir) : cache ? join(cache, 'reference-ota') : undefined;
  if (!dir) return undefined;
  const kept = await keptTestPki(dir, Date.now(), options.caDir ? '--ca-dir' : cacheSource(io.env));
  const pki = kept.pki;
  return {
    cert: Buffer.from(pki.cert),
    key: Buffer.from(pki.key),
    caFile: kept.caFile,
    kept: { fingerprint: kept.fingerprint, reused: kept.reused, dir },
    cleanup: () => undefined,
  };
}

async function tlsOption(options: ServeOptions, cwd: string): Promise<ServeTls | undefined> {
  if (options.http) return undefined;
  if (options.tlsCert || options.tlsKey) {
    if (!options.tlsCert || !options.tlsKey) throw new UsageError('give both --tls-cert and --tls-key');
    const [cert, key] = [resolve(cwd, options.tlsCert), resolve(cwd, options.tlsKey)];
    const read = (flag: string, file: string): Buffer => readInputBytes(file, 'the file', UsageError, { location: { file: `${flag} ${file}` } });
    return { cert: read('--tls-cert', cert), key: read('--tls-key', key), cleanup: () => undefined };
  }
  const tls = await testTls();
  const dir = mkdtempSync(join(tmpdir(), 'cm-certify-serve-'));
  const caFile = join(dir, 'test-ca.pem');
  writeFileSync(caFile, tls.ca);
  return { cert: tls.cert, key: tls.key, caFile, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

function tlsLine(tls: ServeTls | undefined): string {
  if (tls?.kept) {
    const made = tls.kept.reused ? 'kept from an earlier start' : 'made now, kept for the next starts';
    return `  TLS: test-only certificate (${made}, in ${visibleLine(tls.kept.dir)}); trust its CA with --ca ${visibleLine(tls.caFile!)}\n  test CA SHA-256 fingerprint: ${tls.kept.fingerprint}\n`;
  }
  return tls?.caFile ? `  TLS: test-only certificate generated at start-up; trust its CA with --ca ${tls.caFile}\n` : '';
}

function waitForSignal(signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve) => {
    if (!signal || signal.aborted) return resolve();
    signal.addEventListener('abort', () => resolve(), { once: true });
  });
}

async function serveReferenceOta(options: ServeOptions, io: CliIo): Promise<() => Promise<void>> {
  const profile = loadProfile(referenceProfilePath('ota'), io.env);
  const tls = (await keptTls(options, io)) ?? (await tlsOption(options, io.cwd));
  const server = await startReferenceOta({
    clock: io.clock ?? systemClock,
    sharedSecret: profile.sharedSecret,
    property: profile.property,
    ...(profile.fixtures.not_enabled_property ? { notEnabled: profile.fixtures.not_enabled_property } : {}),
    faults: parseOtaFaults(options.variant ?? []),
    host: options.host ?? '127.0.0.1',
    port: parsePort(options.port, 8443),
    ...(tls ? { tls: { cert: tls.cert, key: tls.key } } : {}),
  }).catch((error: unknown) => {
    tls?.cleanup();
    throw error;
  });
  io.stdout.write(
    `reference OTA listening\n  base URL: ${server.baseUrl}\n  create_booking hook: POST ${server.hookUrl}\n  modify_booking hook: POST ${server.hookUrl}/modify\n` +
      `  create_property_activation hook: POST ${new URL(server.hookUrl).origin}/test/create-property-activation\n` +
      `  credentials (profile): ${referenceProfilePath('ota')}\n${tlsLine(tls)}` +
      `${options.variant?.length ? `  broken on purpose: ${options.variant.join(', ')}\n` : ''}Stop with Ctrl-C.\n`,
  );
  return async () => {
    await server.close();
    tls?.cleanup();
  };
}

async function serveReferencePms(options: ServeOptions, io: CliIo): Promise<() => Promise<void>> {
  if (!options.cmUrl)
    throw new UsageError('serve reference-pms needs --cm-url URL (the channel manager it connects to, e.g. the URL cm-certify run --target pms prints)');
  const profile = loadProfile(referenceProfilePath('pms'), io.env);
  // The channel manager's certificate: the mock's (its PEM file, printed by `run --target pms`) or a CA.
  const caFile = options.ca ? resolve(io.cwd, options.ca) : undefined;
  const ca = caFile ? readInputBytes(caFile, 'the file', UsageError, { location: { file: `--ca ${caFile}` } }) : undefined;
  const tls = await tlsOption(options, io.cwd);
  const caps = profile.capabilities;
  const server = await startReferencePms({
    clock: io.clock ?? systemClock,
    cmUrl: options.cmUrl.replace(/\/+$/, ''),
    ca,
    sharedSecret: profile.sharedSecret,
    pmsCid: profile.pmsCid,
    property: profile.property,
    currency: profile.currency ?? 'EUR',
    pollIntervalMs: profile.intervals.pollMs,
    ...(profile.raw.ari?.max_days_per_range === undefined ? {} : { maxDaysPerRange: profile.raw.ari.max_days_per_range }),
    capabilities: {
      ackBooking: caps.includes('AckBooking'),
      notifyBooking: caps.includes('NotifyBooking'),
      bookingCreate: caps.includes('BookingCreate'),
      roomInfo: caps.includes('RoomInfo'),
      createProperty: caps.includes('CreateProperty'),
    },
    autoStart: options.start ?? false,
    host: options.host ?? '127.0.0.1',
    port: parsePort(options.port, 8444),
    ...(tls ? { tls: { cert: tls.cert, key: tls.key } } : {}),
    ...parsePmsFaults(options.variant ?? []),
  }).catch((error: unknown) => {
    tls?.cleanup();
    throw error;
  });
  io.stdout.write(
    `reference PMS listening\n  callback endpoint (profile base_url): ${server.baseUrl}\n  start_setup hook: POST ${server.startUrl}\n  change_price hook: POST ${server.changePriceUrl}\n  cancel_booking hook: POST ${server.cancelBookingUrl}\n` +
      `  channel manager: ${options.cmUrl}${caFile ? ` (trusting ${caFile})` : ''}\n  credentials (profile): ${referenceProfilePath('pms')}\n${tlsLine(tls)}` +
      `${options.variant?.length ? `  broken on purpose: ${options.variant.join(', ')}\n` : ''}Stop with Ctrl-C.\n`,
  );
  return async () => {
    await server.close();
    tls?.cleanup();
  };
}

export async function serveCommand(options: ServeOptions, io: CliIo): Promise<number> {
  const start = options.candidate === 'reference-ota' ? serveReferenceOta : options.candidate === 'reference-pms' ? serveReferencePms : undefined;
  if (!start) throw new UsageError(`unknown candidate "${options.candidate}" (available: reference-ota, reference-pms)`);
  const close = await start(options, io);
  await waitForSignal(io.signal);
  await close();
  return 0;
}
