// The part of undici the client loads by path behaves as the whole package does: the same
// request (method, headers, body, query) reaches a local server and the same answer comes
// back, from the core files and from the package; URLs split as undici's request() does.
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { originAndPath, undiciCore, undiciFromPackage } from '../../src/drivers/undici-core.js';
import type { UndiciCore } from '../../src/drivers/undici-core.js';

let server: Server;
let origin: string;

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (d: Buffer) => (body += d.toString()));
    req.on('end', () => {
      res.writeHead(201, { 'content-type': 'application/json', 'x-seen': String(req.headers['x-test']) });
      res.end(JSON.stringify({ method: req.method, url: req.url, body }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

async function roundTrip(core: UndiciCore): Promise<{ status: number; seen: unknown; answer: unknown }> {
  const agent = new core.Agent({ keepAliveTimeout: 1_000 });
  try {
    const response = await core.request(agent, {
      ...originAndPath(`${origin}/api/ARIUpdate?shared_secret=a%20b&x=1`),
      method: 'POST',
      headers: { 'x-test': 'yes' },
      body: '{"a":1}',
    });
    return { status: response.statusCode, seen: response.headers['x-seen'], answer: await response.body.json() };
  } finally {
    await agent.destroy();
  }
}

describe('undici core', () => {
  it('is loaded by path with the installed undici', () => {
    expect(undiciCore().loadedAs).toBe('core');
  });

  it('sends and reads the same exchange as the whole package', async () => {
    const expected = { status: 201, seen: 'yes', answer: { method: 'POST', url: '/api/ARIUpdate?shared_secret=a%20b&x=1', body: '{"a":1}' } };
    expect(await roundTrip(undiciCore())).toEqual(expected);
    expect(await roundTrip(undiciFromPackage())).toEqual(expected);
  });

  it('splits a URL into origin and path with its query, and refuses what is not http(s)', () => {
    expect(originAndPath('https://h.example:8443/api/X?q=1#frag')).toEqual({ origin: 'https://h.example:8443', path: '/api/X?q=1' });
    expect(originAndPath('http://127.0.0.1:1/')).toEqual({ origin: 'http://127.0.0.1:1', path: '/' });
    expect(() => originAndPath('ftp://h/x')).toThrow(/invalid protocol/);
  });
});
