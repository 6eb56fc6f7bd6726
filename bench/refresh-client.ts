// The PMS side of the ingestion benchmark, in its own process: takes the mock's URL, the
// refresh shape, the dates and the issued envelope as one JSON argument, waits for "go"
// on stdin, sends the refresh over loopback (`inFlight` requests at a time, keep-alive),
// and prints "done" with how many answers were not success and the CPU time it took.
import { createInterface } from 'node:readline';
import { Agent, request } from 'undici';
import type { Issued, RefreshShape } from './synthetic-refresh.js';
import { refreshBody, totalRequests } from './synthetic-refresh.js';

export interface ClientJob {
  url: string;
  shape: RefreshShape;
  dates: string[];
  issued: Issued;
  inFlight: number;
}

/** Every body, made before the clock starts: the load generator must not be what is measured. */
function prepareBodies(job: ClientJob): string[] {
  return Array.from({ length: totalRequests(job.shape) }, (_, index) => refreshBody(job.shape, index, job.dates, job.issued));
}

async function sendRefresh(job: ClientJob, bodies: readonly string[]): Promise<string[]> {
  const { url, issued, inFlight } = job;
  const agent = new Agent({ connections: inFlight, keepAliveTimeout: 10_000 });
  const target = `${url}/ARIUpdate?shared_secret=${encodeURIComponent(issued.sharedSecret)}`;
  const total = bodies.length;
  let next = 0;
  const refused: string[] = [];
  const sender = async (): Promise<void> => {
    while (next < total) {
      const index = next++;
      const body = bodies[index]!;
      const res = await request(target, { method: 'POST', headers: { 'content-type': 'application/json' }, body, dispatcher: agent });
      const text = await res.body.text();
      if (res.statusCode !== 200 || !text.startsWith('{"success":true')) refused.push(`request ${index}: ${res.statusCode} ${text.slice(0, 300)}`);
    }
  };
  await Promise.all(Array.from({ length: inFlight }, sender));
  await agent.close();
  return refused;
}

const job = JSON.parse(process.argv[2] ?? '{}') as ClientJob;
const bodies = prepareBodies(job);
const lines = createInterface({ input: process.stdin });
process.stdout.write('ready\n');
for await (const line of lines) {
  if (line.trim() !== 'go') continue;
  const cpu = process.cpuUsage();
  const refused = await sendRefresh(job, bodies);
  const used = process.cpuUsage(cpu);
  const cpuMs = (used.user + used.system) / 1000;
  process.stdout.write(`${JSON.stringify({ done: true, refused: refused.length, first: refused[0], cpuMs })}\n`);
  break;
}
lines.close();
