// `cm-certify service` and `cm-certify worker`: take their flags and the process's I/O, start
// the onboarding service (src/service, loaded only by these commands) or a worker of its
// queue, print where it is and how to log in, and keep it running until Ctrl-C/SIGTERM.
import { resolve } from 'node:path';
import { UsageError } from '../../support/errors.js';
import type { CliIo } from '../io.js';

export interface ServiceCommandOptions {
  data?: string;
  database?: string;
  host?: string;
  port?: string;
  concurrency?: string;
  worker?: boolean;
  onInterrupt?: string;
  heartbeat?: string;
  startInterval?: string;
  name?: string;
  oidcIssuer?: string;
  oidcClientId?: string;
  mockHost?: string;
  mockPort?: string;
  mockPublicHost?: string;
}

/** The worker's shared port for its PMS runs' channel managers. */
function mockOf(options: ServiceCommandOptions): { host?: string | undefined; port: number; publicHost?: string | undefined } {
  return { host: options.mockHost, port: count(options.mockPort, '--mock-port', 8421), publicHost: options.mockPublicHost };
}

function describeGateway(worker: { gateway: { origin: string; certificate: { fingerprint256: string } } } | undefined): string {
  if (!worker) return '';
  return `  PMS runs' channel manager: ${worker.gateway.origin}/runs/<run id> (SHA-256 fingerprint ${worker.gateway.certificate.fingerprint256})\n`;
}

function count(text: string | undefined, flag: string, fallback: number, min = 0): number {
  if (text === undefined) return fallback;
  const n = Number(text);
  if (!Number.isInteger(n) || n < min) throw new UsageError(`${flag} must be a whole number ≥ ${min}, got ${text}`);
  return n;
}

function onInterruptOf(text: string | undefined): 'requeue' | 'incomplete' {
  if (text === undefined || text === 'requeue' || text === 'incomplete') return text ?? 'requeue';
  throw new UsageError(`--on-interrupt is requeue or incomplete, got ${text}`);
}

function untilSignal(signal: AbortSignal | undefined): Promise<void> {
  return new Promise((done) => (!signal || signal.aborted ? done() : signal.addEventListener('abort', () => done(), { once: true })));
}

export async function serviceCommand(options: ServiceCommandOptions, io: CliIo): Promise<number> {
  if (!options.data && !options.database) throw new UsageError("give --data DIR (the embedded database and the service's files) or --database postgres://…");
  const { startService } = await import('../../service/service.js');
  const log = (line: string): void => void io.stderr.write(`${line}\n`);
  const service = await startService({
    data: options.data ? resolve(io.cwd, options.data) : undefined,
    database: options.database,
    host: options.host,
    port: count(options.port, '--port', 8420),
    concurrency: options.worker === false ? 0 : count(options.concurrency, '--concurrency', 4, 1),
    onInterrupt: onInterruptOf(options.onInterrupt),
    heartbeatMs: count(options.heartbeat, '--heartbeat', 2000, 100),
    startIntervalMs: count(options.startInterval, '--start-interval', 1000),
    mock: mockOf(options),
    env: {
      ...io.env,
      ...(options.oidcIssuer ? { CM_OIDC_ISSUER: options.oidcIssuer } : {}),
      ...(options.oidcClientId ? { CM_OIDC_CLIENT_ID: options.oidcClientId } : {}),
    },
    log,
  });
  io.stdout.write(`cm-certify service listening on ${service.url}\n${describeGateway(service.worker)}`);
  if (service.adminPassword)
    io.stdout.write(
      `  first start: log in at ${service.url}/login as admin with the password ${service.adminPassword}\n  (shown this once; it is stored hashed)\n`,
    );
  if (io.env.CM_SERVICE_TOKEN) io.stdout.write('  API: Authorization: Bearer $CM_SERVICE_TOKEN (an admin token)\n');
  io.stdout.write(`  API documentation: ${service.url}/api/openapi.json · public key: ${service.url}/api/keys\n  Stop with Ctrl-C.\n`);
  await untilSignal(io.signal);
  await service.close();
  return 0;
}

export async function workerCommand(options: ServiceCommandOptions, io: CliIo): Promise<number> {
  if (!options.database) throw new UsageError("give --database postgres://… (the service's database)");
  const { startWorkerProcess } = await import('../../service/worker-process.js');
  const log = (line: string): void => void io.stdout.write(`${line}\n`);
  const worker = await startWorkerProcess({
    database: options.database,
    name: options.name,
    workDir: options.data ? resolve(io.cwd, options.data) : undefined,
    concurrency: count(options.concurrency, '--concurrency', 4, 1),
    heartbeatMs: count(options.heartbeat, '--heartbeat', 2000, 100),
    startIntervalMs: count(options.startInterval, '--start-interval', 1000),
    mock: mockOf(options),
    env: io.env,
    log,
  });
  io.stdout.write(`cm-certify worker ${worker.name} taking runs (concurrency ${count(options.concurrency, '--concurrency', 4, 1)}). Stop with Ctrl-C.\n`);
  io.stdout.write(describeGateway(worker.worker));
  await untilSignal(io.signal);
  await worker.close();
  return 0;
}
