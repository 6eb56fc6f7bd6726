// A request written on a reused connection is not lost when the process stood still before
// writing it (the harness and an in-process candidate on a starved CPU): the host keeps an
// idle connection longer than cm-certify's clients reuse one (SERVER_IDLE_KEEP_ALIVE_MS,
// CLIENT_KEEP_ALIVE_REUSE_MS). Before, the host closed after 5 s idle: a second request written
// 2.5 s after the first, then a stall of 4 s, let the host's idle timer fire before it read the
// second, which was reset (a reference PMS's lost ARIUpdate: "1 of 14 pairs short" in test/e2e/load.test.ts
// under load). The loop is blocked with Atomics.wait: no CPU burnt, the same as a stall.
import { Agent, request } from 'undici';
import { afterAll, describe, expect, it } from 'vitest';
import { createHostServer } from '../../src/channel-manager/http-host.js';
import { CLIENT_KEEP_ALIVE_REUSE_MS, closeServer, listen } from '../../src/support/http-server.js';

const server = createHostServer({ requestTimeoutMs: 10_000 }, (req, res) => {
  req.resume();
  req.on('end', () => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end('{"success":true}');
  });
});
const agent = new Agent({ keepAliveTimeout: CLIENT_KEEP_ALIVE_REUSE_MS, keepAliveMaxTimeout: CLIENT_KEEP_ALIVE_REUSE_MS });
afterAll(async () => {
  await agent.close();
  await closeServer(server);
});

/** The process stands still for `ms` of real time: no timer, no socket is served meanwhile. */
function standStill(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

describe('a stall between two requests on one keep-alive connection', () => {
  it('loses neither request when the process stood still 4 s after writing the second, 2.5 s after the first', async () => {
    const port = await listen(server, '127.0.0.1', 0);
    const post = () => request(`http://127.0.0.1:${port}/ARIUpdate`, { method: 'POST', dispatcher: agent, body: '{}' });
    const sockets = new Set<unknown>();
    server.on('connection', (socket) => sockets.add(socket));
    const first = await post();
    expect(await first.body.text()).toBe('{"success":true}');
    // Idle 2.5 s, within the client's reuse (timers run meanwhile), then the second request is
    // written on the first's connection and the process stands still 4 s before the host reads it.
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    const sent = post();
    standStill(4_000);
    const second = await sent.then(
      async (response) => ({ status: response.statusCode, text: await response.body.text() }),
      (error: unknown) => ({ status: 0, text: String((error as { code?: string }).code ?? error) }),
    );
    expect(second).toEqual({ status: 200, text: '{"success":true}' });
    expect(sockets.size).toBe(1);
  }, 20_000);
});
