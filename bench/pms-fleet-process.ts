// The reference-PMS fleet in a child process (bench/pms-fleet-child.ts, built in dist/): takes
// the runs' channel-manager URLs, the worker's certificate, the poll interval and the runs'
// deadlines (FleetTiming), gives the candidates each run needs, and `close`, which stops the fleet
// and gives its process's CPU time and peak RSS. The worker's process then holds only the
// harness side, as it does with partners' PMSes on their own machines.
import { fork } from 'node:child_process';
import { packagePath } from '../src/support/package-root.js';
import type { FleetReply, FleetRequest } from './pms-fleet-child.js';
import type { FleetCandidate, FleetTiming } from './reference-pms-fleet.js';

export interface FleetProcess {
  candidates: FleetCandidate[];
  close(): Promise<{ cpuMs: number; peakRssMb: number }>;
}

export async function startPmsFleetProcess(cmUrls: readonly string[], cmCertificate: string, pollMs: number, timing: FleetTiming = {}): Promise<FleetProcess> {
  const child = fork(packagePath('dist', 'bench', 'pms-fleet-child.js'), [], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const replies: FleetReply[] = [];
  const waiters: Array<() => void> = [];
  child.on('message', (reply: FleetReply) => (replies.push(reply), waiters.shift()?.()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => (resolve(), waiters.splice(0).forEach((w) => w()))));
  const next = async (): Promise<FleetReply> => {
    if (!replies.length && child.exitCode === null && child.signalCode === null) await new Promise<void>((resolve) => waiters.push(resolve));
    const reply = replies.shift();
    if (!reply) throw new Error(`the PMS fleet process ended (code ${child.exitCode}, signal ${child.signalCode})`);
    return reply;
  };
  child.send({ cmUrls: [...cmUrls], cmCertificate, pollMs, timing } satisfies FleetRequest);
  const started = await next().catch((error: unknown) => (child.kill(), Promise.reject(error)));
  if (!('candidates' in started)) {
    child.kill();
    throw new Error(`the PMS fleet did not start: ${'error' in started ? started.error : 'no candidates'}`);
  }
  return {
    candidates: started.candidates,
    async close() {
      child.send('close');
      const reply = await next().finally(() => exited);
      if (!('closed' in reply)) throw new Error('the PMS fleet process did not close');
      return reply.closed;
    },
  };
}
