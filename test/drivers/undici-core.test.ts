// The part of undici the client loads by path behaves as the whole package does: the same
// request (method, headers, body, query) reaches a local server and the same answer comes
// back, from the core files and from the package; URLs split as undici's request() does.
// The client's exchange on an undici dispatcher (undici-exchange.ts) gives what request() and
// reading its body gave: status, headers (a repeated one as a list), the body's bytes; a body
// past the limit is cut there; the abort switch ends an exchange before its connection and in
// the middle of its body with the switch's reason; a reset is undici's error.
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { originAndPath, undiciCore, undiciFromPackage } from '../../src/drivers/undici-core.js';
import type { UndiciCore } from '../../src/drivers/undici-core.js';
import { AbortSwitch, emptySink, exchange } from '../../src/drivers/undici-exchange.js';

let server: Server;
let origin: string;

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (d: Buffer) => (body += d.toString()));
    req.on('end', () => {
      if (req.url === '/big') {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.write('x'.repeat(40_000));
        setImmediate(() => res.end('y'.repeat(40_000)));
      } else if (req.url === '/stall') {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.write('{"partial":');
      } else if (req.url === '/reset') {
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': '100' });
        res.write('{"cut":', () => res.socket?.destroy());
      } else {
        if (req.url?.startsWith('/hints')) res.writeEarlyHints({ link: '</a.css>; rel=preload' });
        res.setHeader('set-cookie', ['a=1', 'b=2']);
        res.writeHead(201, { 'content-type': 'application/json', 'x-seen': String(req.headers['x-test']) });
        res.end(JSON.stringify({ method: req.method, url: req.url, body }));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
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

  it('parses raw response headers as request() does, from the core files and from the package', () => {
    const raw = ['Set-Cookie', 'a=1', 'set-cookie', 'b=2', 'X-Seen', 'yes'].map((t) => Buffer.from(t));
    const expected = { 'set-cookie': ['a=1', 'b=2'], 'x-seen': 'yes' };
    expect(undiciCore().parseHeaders(raw)).toEqual(expected);
    expect(undiciFromPackage().parseHeaders(raw)).toEqual(expected);
  });

  it('splits a URL into origin and path with its query, and refuses what is not http(s)', () => {
    expect(originAndPath('https://h.example:8443/api/X?q=1#frag')).toEqual({ origin: 'https://h.example:8443', path: '/api/X?q=1' });
    expect(originAndPath('http://127.0.0.1:1/')).toEqual({ origin: 'http://127.0.0.1:1', path: '/' });
    expect(() => originAndPath('ftp://h/x')).toThrow(/invalid protocol/);
  });
});

const post = (path: string): { origin: string; path: string; method: 'POST'; headers: Record<string, string>; body: string } => ({
  origin,
  path,
  method: 'POST',
  headers: { 'x-test': 'yes' },
  body: '{"a":1}',
});

async function withAgent<T>(fn: (agent: InstanceType<ReturnType<typeof undiciCore>['Agent']>) => Promise<T>): Promise<T> {
  const agent = new (undiciCore().Agent)({ keepAliveTimeout: 1_000 });
  try {
    return await fn(agent);
  } finally {
    await agent.destroy();
  }
}

describe('exchange', () => {
  it('gives the status, headers and body request() gives (after a 103 answer)', async () => {
    await withAgent(async (agent) => {
      const sink = emptySink();
      expect(await exchange(agent, post('/hints/api/X?q=1'), 1_000, sink, new AbortSwitch())).toBe(false);
      const viaRequest = await undiciCore().request(agent, post('/hints/api/X?q=1'));
      const text = await viaRequest.body.text();
      expect(sink.status).toBe(201);
      expect(sink.headers).toEqual({ ...viaRequest.headers, date: sink.headers.date });
      expect(sink.headers['set-cookie']).toEqual(['a=1', 'b=2']);
      expect(Buffer.concat(sink.chunks, sink.kept).toString()).toBe(text);
      expect(JSON.parse(text)).toEqual({ method: 'POST', url: '/hints/api/X?q=1', body: '{"a":1}' });
      expect(sink.total).toBe(sink.kept);
    });
  });

  it('stops at the limit: the chunks before it kept, the bytes counted past it', async () => {
    await withAgent(async (agent) => {
      const sink = emptySink();
      expect(await exchange(agent, post('/big'), 50_000, sink, new AbortSwitch())).toBe(true);
      expect(sink.status).toBe(200);
      expect(sink.kept).toBeLessThanOrEqual(50_000);
      expect(sink.total).toBeGreaterThan(50_000);
      expect(Buffer.concat(sink.chunks).length).toBe(sink.kept);
    });
  });

  it('ends with the switch reason: before its connection, and with the body half-sent (status and headers kept)', async () => {
    await withAgent(async (agent) => {
      const early = new AbortSwitch();
      early.abort(new Error('interrupted'));
      await expect(exchange(agent, post('/api/X'), 1_000, emptySink(), early)).rejects.toThrow('interrupted');
      const late = new AbortSwitch();
      const sink = emptySink();
      const pending = exchange(agent, post('/stall'), 1_000, sink, late);
      await new Promise((resolve) => setTimeout(resolve, 50));
      late.abort(new DOMException('The operation was aborted due to timeout', 'TimeoutError'));
      await expect(pending).rejects.toMatchObject({ name: 'TimeoutError' });
      expect(sink.status).toBe(200);
      expect(sink.headers['content-type']).toBe('application/json');
      expect(late.onAbort).toBeUndefined();
    });
  });

  it('rejects with undici socket error when the server closes mid-body', async () => {
    await withAgent(async (agent) => {
      const sink = emptySink();
      await expect(exchange(agent, post('/reset'), 1_000, sink, new AbortSwitch())).rejects.toMatchObject({ code: 'UND_ERR_SOCKET' });
      expect(sink.status).toBe(200);
    });
  });
});
