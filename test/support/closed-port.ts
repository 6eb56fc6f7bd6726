// A port nothing listens on, for tests of an unreachable candidate: takes nothing, gives a
// 127.0.0.1 port that refused a connection just now. It is taken below the kernel's ephemeral
// range (/proc/sys/net/ipv4/ip_local_port_range, 32768 by default), where no server of the tests
// lands: they all listen on port 0, which the kernel serves from that range. A port freed by a
// closed listener of our own was not enough: under load another test's server was given the same
// port before the run connected, and the run met it ("closed the connection") instead of a refusal.
import { readFileSync } from 'node:fs';
import { connect } from 'node:net';

/** The lowest port the kernel gives a listener on port 0 (Linux; 32768 elsewhere). */
function ephemeralStart(): number {
  try {
    const first = Number(readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]);
    return Number.isInteger(first) && first > 2048 ? first : 32768;
  } catch {
    return 32768;
  }
}

function refuses(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'ECONNREFUSED'));
  });
}

/** A port below the ephemeral range that refused a connection just now. */
export async function closedPort(): Promise<number> {
  const top = ephemeralStart();
  const bottom = Math.max(1024, top - 12_000);
  for (let attempt = 0; attempt < 50; attempt++) {
    const port = bottom + Math.floor(Math.random() * (top - bottom));
    if (await refuses(port)) return port;
  }
  throw new Error(`no port below ${top} refused a connection in 50 tries`);
}
