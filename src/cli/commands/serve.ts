// `cm-certify serve <candidate>`: takes which built-in candidate to serve and where,
// starts it and keeps it running until Ctrl-C/SIGTERM, so partners can point their own
// tools (or a second cm-certify) at a known-good implementation.
import { readFileSync } from 'node:fs';
import { systemClock } from '../../support/clock.js';
import { UsageError } from '../../support/errors.js';
import { loadProfile } from '../../profile/load-profile.js';
import { startReferenceOta } from '../../reference/ota/index.js';
import type { CliIo } from '../io.js';
import { parseOtaFaults, referenceProfilePath, testTls } from '../reference.js';

export interface ServeOptions {
  candidate: string;
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

export async function serveCommand(options: ServeOptions, io: CliIo): Promise<number> {
  if (options.candidate !== 'reference-ota') {
    throw new UsageError(`unknown candidate "${options.candidate}" (available: reference-ota)`);
  }
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
  await waitForSignal(io.signal);
  await server.close();
  return 0;
}
