// HTTPS: a private CA is trusted with --ca; a self-signed certificate without it, an
// expired one and a wrong host name each give a clear message, and the run is
// incomplete (exit 3), never certified. The certificates are committed, test-only ones.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { runCommand } from '../../src/cli/commands/run.js';
import { startReferenceOta } from '../../src/reference/ota/index.js';
import type { ReferenceOtaServer } from '../../src/reference/ota/index.js';
import { systemClock } from '../../src/support/clock.js';
import { packagePath } from '../../src/support/package-root.js';
import { captureIo, check } from '../e2e/helpers.js';

const tls = (name: string) => ({ cert: readFileSync(packagePath('fixtures', 'tls', `${name}.pem`)), key: readFileSync(packagePath('fixtures', 'tls', `${name}.key`)) });
const CA = packagePath('fixtures', 'tls', 'ca.pem');
const servers: ReferenceOtaServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

async function serve(cert: string, host = '127.0.0.1'): Promise<ReferenceOtaServer> {
  const server = await startReferenceOta({
    clock: systemClock, sharedSecret: 'tls-secret', property: { pms_property_id: 1, wbp_property_id: '1001', wbp_property_password: 'tls-pw' }, tls: tls(cert), host,
  });
  servers.push(server);
  return server;
}

async function certify(baseUrl: string, ca?: string) {
  const io = captureIo();
  const file = join(io.cwd, 'p.yaml');
  writeFileSync(file, `target: ota\nbase_url: ${baseUrl}\nshared_secret: tls-secret\npms_cid: abc\nproperty: {pms_property_id: 1, wbp_property_id: "1001", wbp_property_password: tls-pw}\ntimeouts: {request_ms: 3000, connect_ms: 2000}\n`);
  const outcome = await runCommand({ target: 'ota', profile: file, suite: ['https'], ...(ca ? { ca } : {}) }, io);
  return { ...outcome, out: io.out() };
}

describe('HTTPS to the candidate', () => {
  it('a certificate from a private CA is trusted with --ca', async () => {
    const server = await serve('server');
    const { result, exitCode } = await certify(server.baseUrl, CA);
    expect(check(result, 'https.required')?.outcome).toBe('pass');
    expect(check(result, 'protocol.transport')?.outcome).toBe('pass');
    expect(exitCode).toBe(0);
  });

  it.each([
    ['the private CA is not given', 'server', undefined, /is not trusted \(self-signed or signed by a private CA\); pass that CA with --ca FILE/],
    ['a self-signed certificate', 'self-signed', CA, /is not trusted \(self-signed or signed by a private CA\)/],
    ['an expired certificate', 'expired', CA, /has expired/],
    ['a certificate for another host name', 'wrong-host', CA, /does not match the host name 127\.0\.0\.1/],
  ])('%s: a clear message, an error outcome, exit 3', async (_name, cert, ca, message) => {
    const server = await serve(cert);
    const { result, exitCode, out } = await certify(server.baseUrl, ca);
    const transport = check(result, 'protocol.transport');
    expect(transport?.outcome).toBe('error');
    expect(transport?.message).toMatch(message);
    expect(out).toMatch(message);
    expect(result.verdict).toBe('incomplete');
    expect(exitCode).toBe(3);
  });
});

describe('cm-certify serve', () => {
  it('serves the reference OTA over TLS until its signal, then stops', async () => {
    const { serveCommand } = await import('../../src/cli/commands/serve.js');
    const { Agent, request } = await import('undici');
    const controller = new AbortController();
    const io = { ...captureIo(), signal: controller.signal };
    const running = serveCommand({ candidate: 'reference-ota', port: '0' }, io);
    await vi.waitFor(() => expect(io.out()).toContain('base URL: https://'), { timeout: 5_000 });
    const base = /base URL: (\S+)/.exec(io.out())![1]!;
    const agent = new Agent({ connect: { ca: readFileSync(CA) } });
    const res = await request(`${base}/HealthCheck?shared_secret=reference-shared-secret`, {
      method: 'POST', dispatcher: agent, headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ verb: 'HealthCheck', pms_property_id: '1', wbp_property_id: '', wbp_property_password: '', guid: '6c08b96e-450d-4e6a-9933-7d0305730305', shared_secret: 'reference-shared-secret', pms_cid: 'abc' }),
    });
    expect(JSON.parse(await res.body.text())).toEqual({ success: true });
    controller.abort();
    expect(await running).toBe(0);
    await expect(request(`${base}/HealthCheck`, { method: 'POST', dispatcher: agent, body: '{}' })).rejects.toThrow();
    await agent.close();
  });
});
