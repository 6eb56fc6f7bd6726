// The ingestion benchmark, one measurement per process (so its peak RSS is its own): takes
// --mode mock|baseline and the refresh shape (--rooms, --plans, --days, --per-request,
// --in-flight), gives one JSON line: items, milliseconds, items per second, peak memory.
// mock: a concurrent undici client sends the refresh over loopback to the mock channel
// manager wired as startPmsSide wires it, then the full-refresh code checks read the
// ledger; every answer, count and verdict is verified. baseline: JSON.parse and the
// compiled Ajv validator over the same bodies, no HTTP. floor: the same client and HTTP, to
// a bare node:http server that only runs JSON.parse and that validator: the least any
// ingestion over HTTP costs on this machine, so the target's budget can be read off. Each
// side first handles the refresh's first 20 bodies untimed (the mock through a mock of its
// own) and starts timing from a collected heap: the same warm-up and GC state for both.
import { spawn } from 'node:child_process';
import { createServer, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { writeHeapSnapshot } from 'node:v8';
import { coverageReport } from '../src/checks/ari-ledger.js';
import { dayNumber } from '../src/support/time.js';
import { CheckCollector } from '../src/checks/rollup.js';
import type { Verdict } from '../src/spec/vocabulary.js';
import { ariCompact, ariCoverage, ariCurrency, ariKnownIds, ariUnitsPerRoom } from '../src/checks/code/pms-ari.js';
import type { CodeCheckInput } from '../src/checks/code/types.js';
import { EvidenceLog } from '../src/drivers/evidence-log.js';
import { MockChannelManager } from '../src/drivers/mock-cm/mock-cm.js';
import type { PropertyFixture } from '../src/channel-manager/index.js';
import { mappedPairsOf } from '../src/channel-manager/served-catalogue.js';
import { referenceProfilePath } from '../src/cli/reference.js';
import { loadProfile } from '../src/profile/load-profile.js';
import type { Profile } from '../src/profile/types.js';
import { InboundJudge } from '../src/runner/inbound-judge.js';
import { compiledValidator } from '../src/schemas/ajv.js';
import { validateBody } from '../src/schemas/index.js';
import { messageSchema, schemaFileName } from '../src/schemas/registry.js';
import { systemClock } from '../src/support/clock.js';
import { formatDate } from '../src/support/time.js';
import { Redactor } from '../src/support/redact.js';
import type { Issued, RefreshShape } from './synthetic-refresh.js';
import { refreshBody, refreshDates, syntheticFixture, totalItems, totalRequests } from './synthetic-refresh.js';
import type { ClientJob } from './refresh-client.js';
import { cpuMsSince, RssSampler } from './timing.js';

export type IngestMode = 'mock' | 'baseline' | 'floor';

/** Bodies each side handles untimed first (the baseline in process, the mock through a mock of its own). */
const WARM_UP = 20;

export interface IngestResult {
  mode: IngestMode;
  items: number;
  requests: number;
  ms: number;
  /** CPU time (user + system) of this process while measured: steadier than wall time on a busy machine. */
  cpuMs: number;
  /** mock and floor: CPU time of the PMS client process while it sent (it shares the machine's cores). */
  clientCpuMs?: number;
  itemsPerSec: number;
  maxRssMb: number;
  sampledPeakMb: number;
  /** mock only: starting the mock and the judge (mapped pairs), not in `ms`. */
  setupMs?: number;
  /** mock only: the full-refresh code checks at the end, included in `ms`. */
  checksMs?: number;
}

function benchProfile(): Profile {
  return loadProfile(referenceProfilePath('pms'), { CM_LISTEN: '127.0.0.1:0' });
}

function issuedBy(profile: Profile): Issued {
  return { sharedSecret: profile.sharedSecret, pmsCid: profile.pmsCid, property: profile.property };
}

/** Every side starts timing from the same heap state: what setting up left (bodies made, a warm-up) collected first (runJsonChild passes --expose-gc). */
function settleHeap(): void {
  (globalThis as { gc?: () => void }).gc?.();
}

function check(condition: boolean, message: string): void {
  if (!condition) throw new Error(`benchmark verification failed: ${message}`);
}

/**
 * The PMS: a process of its own (bench/refresh-client.ts), so the mock's CPU and memory are
 * the mock's. Started and loaded before timing; `send()` starts the refresh and resolves
 * when every answer has arrived (each one verified to be success).
 */
async function startClient(job: ClientJob): Promise<{ send(): Promise<number> }> {
  const script = fileURLToPath(new URL('./refresh-client.js', import.meta.url));
  const child = spawn(process.execPath, [script, JSON.stringify(job)], { stdio: ['pipe', 'pipe', 'inherit'] });
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
  const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  const ready = await lines.next();
  check(ready.value === 'ready', `the client did not start: ${String(ready.value)}`);
  return {
    async send() {
      child.stdin.write('go\n');
      const line = await lines.next();
      const report = JSON.parse(String(line.value ?? '{}')) as { done?: boolean; refused?: number; first?: string; cpuMs?: number };
      child.stdin.end();
      check(report.done === true && (await exited) === 0, 'the client did not finish');
      check(report.refused === 0, `${report.refused} request(s) refused, first: ${report.first}`);
      return report.cpuMs ?? Number.NaN;
    },
  };
}

/**
 * What the full-refresh suite reads at the end: its code checks on the run's ledger, and
 * the coverage of the refresh's own dates (the coverage checks need a year or more), over
 * `mappedPairs`: the synthetic property's pairs, which the benchmark's PMS refreshes. The
 * rate plans the mock adds to its catalogue as valid variations (served by GetRatePlans,
 * which this PMS never calls) are not among them.
 */
function runFullRefreshChecks(
  mock: MockChannelManager,
  judge: InboundJudge,
  profile: Profile,
  windowStart: number,
  days: number,
  mappedPairs: Array<{ room: string; rate: string }>,
): void {
  const input: CodeCheckInput = {
    subject: undefined,
    args: {},
    exchanges: [],
    now: systemClock.now(),
    profile,
    run: { allowHttp: false },
    pms: { inbound: mock.inbound.all(), ledger: (key) => judge.ledger(key), mappedPairs, windowStart, windowKey: 'run' },
  };
  const checks: Array<[string, Verdict]> = [
    ['ari-units-per-room', ariUnitsPerRoom.run(input)],
    ['ari-currency', ariCurrency.run(input)],
    ['ari-known-ids', ariKnownIds.run(input)],
    ['ari-compact', ariCompact.run(input)],
  ];
  if (days >= 366) checks.push(['ari-coverage', ariCoverage.run(input)]);
  if (days >= 731) checks.push(['ari-coverage end-of-next-year', ariCoverage.run({ ...input, args: { horizon: 'end-of-next-year' } })]);
  for (const [name, verdict] of checks) check(verdict.status === 'pass', `${name}: ${verdict.status} ${verdict.message}`);
  const from = dayNumber(formatDate(windowStart))!;
  const gaps = coverageReport(judge.ledger('run')!, mappedPairs, from, from + days - 1).filter((r) => r.gaps.length > 0);
  check(gaps.length === 0, `${gaps.length} pair(s) with gaps in the refresh's ${days} days`);
}

function verifyIngested(mock: MockChannelManager, judge: InboundJudge, collector: CheckCollector, log: EvidenceLog, shape: RefreshShape): void {
  const items = totalItems(shape);
  const requests = totalRequests(shape);
  const ledger = judge.ledger('run')!;
  check(
    ledger.items === items && ledger.requests === requests,
    `ledger has ${ledger.items} items in ${ledger.requests} requests, expected ${items} in ${requests}`,
  );
  // The mock's model validates ARI without keeping it (the ledger keeps it): nothing stored there.
  check(mock.model.ari.stats.items === 0, `the mock's model stored ${mock.model.ari.stats.items} items; only the ledger should`);
  check(log.size === requests, `the evidence log has ${log.size} exchanges, expected ${requests}`);
  const results = collector.results();
  const bad = results.filter((r) => r.outcome !== 'pass');
  check(bad.length === 0, `inbound verdicts not passed: ${bad.map((r) => `${r.outcome}:${r.id} ${r.message}`).join('; ')}`);
  const schema = results.find((r) => r.id === 'schema.request');
  check(schema?.counts?.passed === requests, `schema.request passed ${schema?.counts?.passed} times, expected ${requests}`);
}

/** The mock wired as startPmsSide (src/session/pms-side.ts) wires it, over plain HTTP, with the synthetic property; its judge and the verdicts. */
async function wiredMock(profile: Profile, fixture: PropertyFixture, log: EvidenceLog) {
  const mock = new MockChannelManager({
    clock: systemClock,
    log,
    redactor: new Redactor(profile.secrets),
    sharedSecret: profile.sharedSecret,
    pmsCid: profile.pmsCid,
    property: profile.property,
    host: '127.0.0.1',
    port: 0,
    maxBodyBytes: profile.limits.maxBodyBytes,
    evidenceBodyBytes: profile.limits.evidenceBodyBytes,
    requestTimeoutMs: profile.timeouts.requestMs,
    fixture,
  });
  await mock.start();
  const pairs = new Set(mock.mappedPairs().map((p) => `${p.room}\u0000${p.rate}`));
  const windowStart = systemClock.now();
  const judge = new InboundJudge(issuedBy(profile), (room, rate) => pairs.has(`${room}\u0000${rate}`), windowStart);
  mock.onExchange((x) => judge.receive(x));
  const collector = new CheckCollector();
  judge.attach((meta, verdict) => collector.add(meta, verdict));
  return { mock, judge, collector, windowStart };
}

/** One POST over a fresh connection of this process (node:http, loaded already by the mock): the answer's text. */
function post(url: string, body: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method: 'POST', headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

/**
 * The baseline's warm-up for the mock: the refresh's first WARM_UP bodies through a mock of
 * its own, untimed (the measured mock, its judge and its evidence see none of them), so both
 * sides start with their code as warm.
 */
async function warmUpMock(profile: Profile, shape: RefreshShape, dates: readonly string[]): Promise<void> {
  const { mock } = await wiredMock(profile, syntheticFixture(shape.rooms, shape.plansPerRoom), new EvidenceLog());
  try {
    const target = `${mock.url}/ARIUpdate?shared_secret=${encodeURIComponent(profile.sharedSecret)}`;
    for (let i = 0; i < Math.min(WARM_UP, totalRequests(shape)); i++) {
      const answer = await post(target, refreshBody(shape, i, dates, issuedBy(profile)));
      check(answer.startsWith('{"success":true'), `warm-up request ${i} refused: ${answer.slice(0, 300)}`);
    }
  } finally {
    await mock.close();
  }
}

async function runMock(shape: RefreshShape, inFlight: number, heapSnapshot?: string): Promise<IngestResult> {
  const profile = benchProfile();
  const issued = issuedBy(profile);
  const dates = refreshDates(systemClock.now(), shape.days);
  // Schemas are compiled once per process; compile them before timing, as the baseline does.
  validateBody('ARIUpdate', 'request', {});
  validateBody('ARIUpdate', 'response', {});
  await warmUpMock(profile, shape, dates);
  const setupStart = performance.now();
  const fixture = syntheticFixture(shape.rooms, shape.plansPerRoom);
  const log = new EvidenceLog();
  const { mock, judge, collector, windowStart } = await wiredMock(profile, fixture, log);
  const setupMs = performance.now() - setupStart;
  const client = await startClient({ url: mock.url, shape, dates, issued, inFlight });
  settleHeap();
  const sampler = new RssSampler();
  const cpu = process.cpuUsage();
  const started = performance.now();
  const clientCpuMs = await client.send();
  const checksStart = performance.now();
  runFullRefreshChecks(mock, judge, profile, windowStart, shape.days, mappedPairsOf(fixture));
  const ms = performance.now() - started;
  const checksMs = performance.now() - checksStart;
  const cpuMs = cpuMsSince(cpu);
  const memory = sampler.stop();
  // For investigations: what the mock, the model and the judge still hold after a refresh.
  if (heapSnapshot) writeHeapSnapshot(heapSnapshot);
  await mock.close();
  verifyIngested(mock, judge, collector, log, shape);
  const items = totalItems(shape);
  return { mode: 'mock', items, requests: totalRequests(shape), ms, cpuMs, itemsPerSec: (items / ms) * 1000, ...memory, setupMs, checksMs, clientCpuMs };
}

function runBaseline(shape: RefreshShape): IngestResult {
  const profile = benchProfile();
  const dates = refreshDates(systemClock.now(), shape.days);
  const validate = compiledValidator(schemaFileName('ARIUpdate', 'request'), () => messageSchema('ARIUpdate', 'request'));
  const bodies = Array.from({ length: totalRequests(shape) }, (_, i) => Buffer.from(refreshBody(shape, i, dates, issuedBy(profile))));
  for (const body of bodies.slice(0, WARM_UP)) validate(JSON.parse(body.toString('utf8')));
  settleHeap();
  const sampler = new RssSampler();
  const cpu = process.cpuUsage();
  const started = performance.now();
  let valid = 0;
  for (const body of bodies) if (validate(JSON.parse(body.toString('utf8')))) valid++;
  const ms = performance.now() - started;
  const cpuMs = cpuMsSince(cpu);
  const memory = sampler.stop();
  check(valid === bodies.length, `${bodies.length - valid} baseline bodies invalid: ${JSON.stringify(validate.errors?.slice(0, 3))}`);
  const items = totalItems(shape);
  return { mode: 'baseline', items, requests: bodies.length, ms, cpuMs, itemsPerSec: (items / ms) * 1000, ...memory };
}

/** The floor: HTTP in, JSON.parse and the compiled validator, a fixed answer out; nothing else. */
async function runFloor(shape: RefreshShape, inFlight: number): Promise<IngestResult> {
  const profile = benchProfile();
  const dates = refreshDates(systemClock.now(), shape.days);
  const validate = compiledValidator(schemaFileName('ARIUpdate', 'request'), () => messageSchema('ARIUpdate', 'request'));
  const decoder = new TextDecoder('utf-8', { fatal: true });
  let valid = 0;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const ok = validate(JSON.parse(decoder.decode(Buffer.concat(chunks))));
      if (ok) valid++;
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
      res.end(ok ? '{"success":true,"errors":[]}' : '{"success":false}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  try {
    const client = await startClient({ url, shape, dates, issued: issuedBy(profile), inFlight });
    settleHeap();
    const sampler = new RssSampler();
    const cpu = process.cpuUsage();
    const started = performance.now();
    const clientCpuMs = await client.send();
    const ms = performance.now() - started;
    const cpuMs = cpuMsSince(cpu);
    const memory = sampler.stop();
    check(valid === totalRequests(shape), `${valid} of ${totalRequests(shape)} floor bodies valid`);
    const items = totalItems(shape);
    return { mode: 'floor', items, requests: totalRequests(shape), ms, cpuMs, itemsPerSec: (items / ms) * 1000, ...memory, clientCpuMs };
  } finally {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      mode: { type: 'string', default: 'mock' },
      rooms: { type: 'string', default: '100' },
      plans: { type: 'string', default: '10' },
      days: { type: 'string', default: '730' },
      'per-request': { type: 'string', default: '300' },
      'in-flight': { type: 'string', default: '8' },
      'heap-snapshot': { type: 'string' },
    },
  });
  const shape: RefreshShape = {
    rooms: Number(values.rooms),
    plansPerRoom: Number(values.plans),
    days: Number(values.days),
    itemsPerRequest: Number(values['per-request']),
  };
  const inFlight = Number(values['in-flight']);
  const result =
    values.mode === 'baseline'
      ? runBaseline(shape)
      : values.mode === 'floor'
        ? await runFloor(shape, inFlight)
        : await runMock(shape, inFlight, values['heap-snapshot']);
  process.stdout.write(`${JSON.stringify(result)}\n`);
}

await main();
