// The reference-PMS fleet in its own process (bench:service and the service's fleet test): takes,
// as its first IPC message, the runs' channel-manager URLs, the worker's certificate, the poll
// interval and the runs' deadlines (FleetTiming), starts one reference PMS per run
// (reference-pms-fleet.ts) and answers with their candidates; on 'close' it stops them and
// answers with its own CPU time and peak RSS, then exits. A partner's PMS runs on the partner's
// machine: apart, its CPU does not count against the worker it is certified by.
import { startPmsFleet } from './reference-pms-fleet.js';
import type { FleetCandidate, FleetTiming } from './reference-pms-fleet.js';

export interface FleetRequest {
  cmUrls: string[];
  cmCertificate: string;
  pollMs: number;
  timing: FleetTiming;
}

export type FleetReply = { candidates: FleetCandidate[] } | { error: string } | { closed: { cpuMs: number; peakRssMb: number } };

const send = (reply: FleetReply): Promise<void> => new Promise((resolve) => process.send!(reply, () => resolve()));

process.once('message', (request: FleetRequest) => {
  startPmsFleet(request.cmUrls, request.cmCertificate, request.pollMs, request.timing).then(
    async (fleet) => {
      const start = process.cpuUsage();
      process.on('message', (message: unknown) => {
        if (message !== 'close') return;
        void fleet.close().then(async () => {
          const cpu = process.cpuUsage(start);
          await send({ closed: { cpuMs: (cpu.user + cpu.system) / 1000, peakRssMb: process.resourceUsage().maxRSS / 1024 } });
          process.disconnect();
        });
      });
      await send({ candidates: fleet.candidates });
    },
    async (error: unknown) => {
      await send({ error: error instanceof Error ? error.message : String(error) });
      process.disconnect();
    },
  );
});
// The parent gone (killed), the fleet goes too.
process.on('disconnect', () => process.exit(0));
