// The unit lane's fence: takes nothing, gives a test process in which opening a socket
// (a server's listen, a client's connect) or starting a process throws at once, naming the
// lane rule. Registered only for the `unit` project in vitest.config.ts, so a test file that
// needs a server or a child process fails there with a message that says to list it in
// test/lanes.ts (integration), instead of silently making the cheap lane slow.
import childProcess from 'node:child_process';
import { syncBuiltinESMExports } from 'node:module';
import net from 'node:net';
import { afterAll } from 'vitest';
import { removeTempDirs } from './temp-dir.js';

const FENCE = 'is not allowed in the unit lane (no sockets, no processes): list this test file under INTEGRATION in test/lanes.ts';

function refuse(what: string): never {
  throw new Error(`${what} ${FENCE}`);
}

net.Server.prototype.listen = function listen(): never {
  return refuse('a server listening');
};
net.Socket.prototype.connect = function connect(): never {
  return refuse('a socket connecting');
};
for (const name of ['spawn', 'spawnSync', 'fork', 'exec', 'execSync', 'execFile', 'execFileSync'] as const) {
  Object.defineProperty(childProcess, name, { value: () => refuse(`child_process.${name}`), configurable: true, writable: true });
}
syncBuiltinESMExports();

// Each file's temp folders are removed here too, after each file: with isolate: false (one
// module registry per worker, not per file) temp-dir.ts's own afterAll would run only once.
afterAll(removeTempDirs);
