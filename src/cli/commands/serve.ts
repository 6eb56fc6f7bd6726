// `cm-certify serve <candidate>`: takes which built-in candidate to serve and where,
// starts it and keeps it running until Ctrl-C/SIGTERM, so partners can point their own
// tools (or a second cm-certify) at a known-good implementation.
import { readFileSync } from 'node:fs';
import { systemClock } from '../../support/clock.js';
import { UsageError } from '../../support/errors.js';
import { loadProfile } from '../../profile/load-profile.js';
import { startReferenceOta } from '../../reference/ota/index.js';
import { startReferencePms } from '../../reference/pms/index.js';
import type { CliIo } from '../io.js';
import { parseOtaFaults, parsePmsFaults, referenceProfilePath, testTls } from '../reference.js';

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
}

function parsePort(text: string | undefined, fallback: number): number {
  if (text === undefined) return fallback;
  const port = Number(text);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new UsageError(`--port must be 0..65535, got ${text}`);
  return port;
}

function tlsOption(options: ServeOptions): { cert: Buffer; key: Buffer } | undefined {
  if (options.http) return undefined;
  if (options.tlsCert || options.tlsKey) {
    if (!options.tlsCert || !options.tlsKey) throw new UsageError('give both --tls-cert and --tls-key');
    try {
      return { cert: readFileSync(options.tlsCert), key: readFileSync(options.tlsKey) };
    } catch (error) {
      throw new UsageError(`cannot read the TLS files: ${(error as Error).message}`);
    }
  }
  const tls = testTls();
  return { cert: tls.cert, key: tls.key };
}

function waitForSignal(signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve) => {
    if (!signal || signal.aborted) return resolve();
    signal.addEventListener('abort', () => resolve(), { once: true });
  });
}

async function serveReferenceOta(options: ServeOptions, io: CliIo): Promise<() => Promise<void>> {
  const profile = loadProfile(referenceProfilePath('ota'), io.env);
  const tls = tlsOption(options);
  const server = await startReferenceOta({
    clock: io.clock ?? systemClock,
    sharedSecret: profile.sharedSecret,
    property: profile.property,
    ...(profile.fixtures.not_enabled_property ? { notEnabled: profile.fixtures.not_enabled_property } : {}),
    faults: parseOtaFaults(options.variant ?? []),
    host: options.host ?? '127.0.0.1',
    port: parsePort(options.port, 8443),
    ...(tls ? { tls } : {}),
  });
  io.stdout.write(
    `reference OTA listening\n  base URL: ${server.baseUrl}\n  create_booking hook: POST ${server.hookUrl}\n` +
      `  credentials: fixtures/profiles/reference-ota.yaml${tls && !options.tlsCert ? '\n  TLS: test-only certificate, trust fixtures/tls/ca.pem (--ca)' : ''}\n` +
      `${options.variant?.length ? `  broken on purpose: ${options.variant.join(', ')}\n` : ''}Stop with Ctrl-C.\n`,
  );
  return () => server.close();
}

async function serveReferencePms(options: ServeOptions, io: CliIo): Promise<() => Promise<void>> {
  if (!options.cmUrl) throw new UsageError('serve reference-pms needs --cm-url URL (the channel manager it connects to, e.g. the URL cm-certify run --target pms prints)');
  const profile = loadProfile(referenceProfilePath('pms'), io.env);
  const tls = tlsOption(options);
  let ca: Buffer | undefined;
  try {
    ca = options.ca ? readFileSync(options.ca) : testTls().ca;
  } catch (error) {
    throw new UsageError(`--ca: cannot read ${options.ca} (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`);
  }
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
    capabilities: { ackBooking: caps.includes('AckBooking'), notifyBooking: caps.includes('NotifyBooking'), bookingCreate: caps.includes('BookingCreate'), roomInfo: caps.includes('RoomInfo') },
    autoStart: options.start ?? false,
    host: options.host ?? '127.0.0.1',
    port: parsePort(options.port, 8444),
    ...(tls ? { tls } : {}),
    ...parsePmsFaults(options.variant ?? []),
  });
  io.stdout.write(
    `reference PMS listening\n  callback endpoint (profile base_url): ${server.baseUrl}\n  start_setup hook: POST ${server.startUrl}\n` +
      `  channel manager: ${options.cmUrl}\n  credentials: fixtures/profiles/reference-pms.yaml\n` +
      `${options.variant?.length ? `  broken on purpose: ${options.variant.join(', ')}\n` : ''}Stop with Ctrl-C.\n`,
  );
  return () => server.close();
}

export async function serveCommand(options: ServeOptions, io: CliIo): Promise<number> {
  const start = options.candidate === 'reference-ota' ? serveReferenceOta : options.candidate === 'reference-pms' ? serveReferencePms : undefined;
  if (!start) throw new UsageError(`unknown candidate "${options.candidate}" (available: reference-ota, reference-pms)`);
  const close = await start(options, io);
  await waitForSignal(io.signal);
  await close();
  return 0;
}
