// A deliberately hostile HTTP candidate on 127.0.0.1, written on raw TCP so it can break
// the protocol at any byte: reset mid-body, never answer, stream forever, send HTML or
// bytes that are not UTF-8.
import { createServer } from 'node:net';
import type { Server, Socket } from 'node:net';

export type Hostility =
  | 'invalid-json'
  | 'html-500'
  | 'status-404'
  | 'redirect-loop'
  | 'empty-body'
  | 'too-large'
  | 'endless-body'
  | 'no-headers'
  | 'wrong-content-type'
  | 'not-utf8'
  | 'reset-mid-body'
  | 'slow-drip';

export interface HostileServer {
  url: string;
  connections: () => number;
  close(): Promise<void>;
}

function respond(socket: Socket, status: string, headers: Record<string, string | number>, body: Buffer | string): void {
  const head = [`HTTP/1.1 ${status}`, ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`), '', ''].join('\r\n');
  socket.write(head);
  socket.end(body);
}

function handle(mode: Hostility, socket: Socket, sockets: Set<Socket>): void {
  const json = 'application/json';
  switch (mode) {
    case 'invalid-json':
      return respond(socket, '200 OK', { 'content-type': json, 'content-length': 18, connection: 'close' }, '{"success": true,,');
    case 'html-500': {
      const html = '<html><body><h1>500 Internal Server Error</h1></body></html>';
      return respond(socket, '500 Internal Server Error', { 'content-type': 'text/html', 'content-length': html.length, connection: 'close' }, html);
    }
    case 'status-404':
      return respond(socket, '404 Not Found', { 'content-type': json, 'content-length': 2, connection: 'close' }, '{}');
    case 'redirect-loop':
      return respond(socket, '302 Found', { location: '/api/HealthCheck', 'content-length': 0, connection: 'close' }, '');
    case 'empty-body':
      return respond(socket, '200 OK', { 'content-type': json, 'content-length': 0, connection: 'close' }, '');
    case 'too-large': {
      const big = Buffer.alloc(3 * 1024 * 1024, 0x20);
      return respond(socket, '200 OK', { 'content-type': json, 'content-length': big.length, connection: 'close' }, big);
    }
    case 'wrong-content-type':
      return respond(socket, '200 OK', { 'content-type': 'text/plain', 'content-length': 16, connection: 'close' }, '{"success":true}');
    case 'not-utf8': {
      const bytes = Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0xc3, 0x28, 0x22, 0x7d]);
      return respond(socket, '200 OK', { 'content-type': json, 'content-length': bytes.length, connection: 'close' }, bytes);
    }
    case 'reset-mid-body':
      socket.write(`HTTP/1.1 200 OK\r\ncontent-type: ${json}\r\ncontent-length: 1000\r\n\r\n{"success": tr`);
      setTimeout(() => socket.resetAndDestroy(), 20);
      return;
    case 'no-headers':
      return; // keep the socket open, say nothing
    case 'endless-body':
    case 'slow-drip': {
      socket.write(`HTTP/1.1 200 OK\r\ncontent-type: ${json}\r\ntransfer-encoding: chunked\r\n\r\n`);
      const chunk = mode === 'endless-body' ? Buffer.alloc(64 * 1024, 0x20) : Buffer.from(' ');
      const timer = setInterval(
        () => {
          if (socket.destroyed) return clearInterval(timer);
          socket.write(`${chunk.length.toString(16)}\r\n`);
          socket.write(chunk);
          socket.write('\r\n');
        },
        mode === 'endless-body' ? 1 : 50,
      );
      socket.on('close', () => clearInterval(timer));
      sockets.add(socket);
      return;
    }
  }
}

export async function startHostile(mode: Hostility): Promise<HostileServer> {
  const sockets = new Set<Socket>();
  let count = 0;
  const server: Server = createServer((socket) => {
    count++;
    sockets.add(socket);
    socket.on('error', () => undefined);
    socket.on('close', () => sockets.delete(socket));
    let buffered = '';
    socket.on('data', (data) => {
      buffered += data.toString('latin1');
      const end = buffered.indexOf('\r\n\r\n');
      if (end < 0) return;
      const length = Number(/content-length:\s*(\d+)/i.exec(buffered.slice(0, end))?.[1] ?? 0);
      if (buffered.length - end - 4 < length) return;
      buffered = '';
      handle(mode, socket, sockets);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as { port: number }).port;
  return {
    url: `http://127.0.0.1:${port}/api`,
    connections: () => count,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
