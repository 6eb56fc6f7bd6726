// A request's deadline and the run's abort hold while the request still waits for its
// connection: a TLS handshake that never completes ends at request_ms as a timeout, not at the
// much later connect timeout (src/drivers/undici-exchange.ts hands the request to undici, which
// calls back only once the request is on a connection).
import { createServer } from 'node:net';
import type { Server, Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { EvidenceLog } from '../../src/drivers/evidence-log.js';
import { HttpClient } from '../../src/drivers/http-client.js';
import { systemClock } from '../../src/support/clock.js';
import { Redactor } from '../../src/support/redact.js';

const open: { server: Server; sockets: Set<Socket> }[] = [];
afterEach(async () => {
  for (const { server, sockets } of open.splice(0)) {
    for (const socket of sockets) socket.destroy();
    await new Promise((done) => server.close(done));
  }
});

/** Accepts TCP and never says a word: an HTTPS client's handshake hangs. */
async function silentServer(): Promise<string> {
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready));
  open.push({ server, sockets });
  const { port } = server.address() as { port: number };
  return `https://127.0.0.1:${port}/api/GetBookings`;
}

function client(signal?: AbortSignal): HttpClient {
  return new HttpClient({
    clock: systemClock,
    redactor: new Redactor([]),
    log: new EvidenceLog(),
    requestTimeoutMs: 300,
    // Far past the test's own timeout: only the request's deadline can end the exchange in time.
    connectTimeoutMs: 120_000,
    maxBodyBytes: 1e6,
    evidenceBodyBytes: 2048,
    userAgent: 't',
    ...(signal ? { signal } : {}),
  });
}

/** The exchange, or 'still waiting' when it has not ended 20 s after its 300 ms deadline. */
async function settled<T>(work: Promise<T>): Promise<T | 'still waiting'> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'still waiting'>((done) => (timer = setTimeout(() => done('still waiting'), 20_000)));
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}

describe('a deadline before the connection is made', () => {
  it('ends a hanging TLS handshake at request_ms as a timeout, not at the connect timeout', async () => {
    const url = await silentServer();
    const http = client();
    try {
      const exchange = await settled(http.post({ operation: 'GetBookings', url, body: { a: 1 } }));
      if (exchange === 'still waiting') throw new Error('the exchange outlived its 300 ms deadline by 20 s');
      expect(exchange.record.failure?.kind).toBe('timeout');
      expect(exchange.record.failure?.message).toBe('the exchange did not complete within 300 ms');
      expect(exchange.record.response).toBeUndefined();
    } finally {
      await http.close();
    }
  });

  it("the run's abort ends a request still connecting, as interrupted", async () => {
    const url = await silentServer();
    const run = new AbortController();
    const http = client(run.signal);
    try {
      const pending = http.post({ operation: 'GetBookings', url, body: { a: 1 } });
      setTimeout(() => run.abort(new Error('interrupted')), 50);
      const exchange = await settled(pending);
      if (exchange === 'still waiting') throw new Error('the exchange outlived the run by 20 s');
      expect(exchange.record.failure?.kind).toBe('aborted');
    } finally {
      await http.close();
    }
  });
});
