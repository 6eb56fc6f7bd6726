// The run-overhead benchmark, in its own process: takes --requests, --runs and --tls, starts
// the reference OTA in-process on 127.0.0.1 (plain HTTP, or HTTPS with the test CA as a
// certification runs), and gives one JSON line with the
// median wall time of the same requests sent (a) by the harness's runner, from a generated
// suite of call steps with a declared check each, through HttpClient, evidence, schemas,
// body rules and the terminal reporter, and (b) by a plain undici loop posting the same
// bodies. Both run one request at a time, as the runner does, each run on a fresh pool.
// `--parts` also times, in the same alternation, (c) the same requests through HttpClient
// alone (its evidence records included, no runner) and (d) the runner without the terminal
// reporter: where the harness's time goes (docs/benchmarks.md, run overhead, fifth pass).
import { Writable } from 'node:stream';
import { parseArgs } from 'node:util';
import { Agent, request } from 'undici';
import { startReferenceOtaCandidate } from '../src/cli/reference.js';
import { EvidenceLog } from '../src/drivers/evidence-log.js';
import { HookRunner } from '../src/drivers/hooks.js';
import { HttpClient } from '../src/drivers/http-client.js';
import type { Profile } from '../src/profile/types.js';
import { createReporters } from '../src/report/index.js';
import { buildEnvelope, operationUrl } from '../src/runner/envelope.js';
import { runCertification } from '../src/runner/run.js';
import type { RunContext } from '../src/runner/types.js';
import type { RunResult } from '../src/spec/run-result.js';
import type { MessageName } from '../src/spec/operations.js';
import { parseSuite } from '../src/suite/parse-suite.js';
import type { Suite } from '../src/suite/types.js';
import { systemClock } from '../src/support/clock.js';
import { harnessVersion } from '../src/support/package-root.js';
import { Redactor } from '../src/support/redact.js';
import { cpuMsSince, median } from './timing.js';

/** The mix of read operations a scenario sends, with the body each adds to the envelope. */
const MIX: ReadonlyArray<{ operation: MessageName; body: Record<string, unknown> }> = [
  { operation: 'GetRoomTypes', body: {} },
  { operation: 'GetRatePlans', body: {} },
  { operation: 'GetBookingList', body: { wbp_booking_version: null } },
  { operation: 'HealthCheck', body: {} },
];

export interface OverheadResult {
  requests: number;
  runs: number;
  tls: boolean;
  /** Medians of the runs' wall times. */
  harnessMs: number;
  loopMs: number;
  /** Medians of the runs' CPU times. */
  harnessCpuMs: number;
  loopCpuMs: number;
  /** With --parts: HttpClient alone, and the runner without its terminal reporter (medians, wall and CPU). */
  parts?: { clientMs: number; clientCpuMs: number; quietMs: number; quietCpuMs: number };
}

function scenarioSuite(requests: number): Suite {
  const lines = [
    'suite: bench-overhead',
    'title: Run overhead',
    'version: 1.0.0',
    'target: ota',
    'checks:',
    '  - id: bench.success',
    '    title: Every call succeeds',
    '    level: required',
    '    spec: Endpoints',
    'steps:',
  ];
  for (let i = 0; i < requests; i++) {
    const { operation, body } = MIX[i % MIX.length]!;
    lines.push(
      `  - id: call-${i}`,
      `    title: ${operation} ${i}`,
      `    call: ${operation}`,
      `    body: ${JSON.stringify(body)}`,
      '    checks:',
      '      - id: bench.success',
      '        expect: { success: true }',
    );
  }
  return parseSuite(`${lines.join('\n')}\n`, 'bench-overhead.yaml');
}

function nullStream(): Writable {
  return new Writable({ write: (_chunk, _encoding, done) => done() });
}

function harnessClient(profile: Profile, ca: Buffer | undefined, log: EvidenceLog, redactor: Redactor, signal: AbortSignal, version: string): HttpClient {
  return new HttpClient({
    clock: systemClock,
    redactor,
    log,
    signal,
    ca,
    requestTimeoutMs: profile.timeouts.requestMs,
    connectTimeoutMs: profile.timeouts.connectMs,
    maxBodyBytes: profile.limits.maxBodyBytes,
    evidenceBodyBytes: profile.limits.evidenceBodyBytes,
    userAgent: `cm-certify/${version}`,
  });
}

async function runHarness(profile: Profile, suite: Suite, ca: Buffer | undefined, terminal = true): Promise<RunResult> {
  const log = new EvidenceLog();
  const redactor = new Redactor(profile.secrets);
  const signal = new AbortController().signal;
  const version = harnessVersion();
  const client = harnessClient(profile, ca, log, redactor, signal, version);
  // As `cm-certify run` in CI: the terminal reporter, not interactive, here writing nowhere.
  const reporters = createReporters(terminal ? ['terminal'] : [], { outputDir: '.', redactor, stdout: nullStream(), color: false, interactive: false });
  const hooks = new HookRunner({
    hooks: profile.hooks,
    client,
    log,
    redactor,
    clock: systemClock,
    signal,
    timeoutMs: profile.timeouts.hookMs,
    evidenceBodyBytes: profile.limits.evidenceBodyBytes,
  });
  const ctx: RunContext = { client, log, clock: systemClock, hooks, redactor, signal, emit: (event) => reporters.forEach((r) => r.onEvent?.(event)) };
  try {
    return await runCertification(
      { target: 'ota', profile, suites: [suite], allowHttp: true, grep: undefined, bail: false, partial: true, harnessVersion: version },
      ctx,
    );
  } finally {
    await client.close();
  }
}

/** The same requests: envelope (fresh guid) + the step's body, to the same URL, one at a time. */
async function runLoop(profile: Profile, requests: number, ca: Buffer | undefined): Promise<number> {
  const agent = new Agent({ keepAliveTimeout: 4_000, ...(ca ? { connect: { ca } } : {}) });
  let succeeded = 0;
  try {
    for (let i = 0; i < requests; i++) {
      const { operation, body } = MIX[i % MIX.length]!;
      const url = operationUrl(profile.baseUrl, operation, { shared_secret: profile.sharedSecret });
      const payload = JSON.stringify({ ...buildEnvelope(operation, profile), ...body });
      const res = await request(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'user-agent': 'bench-loop' },
        body: payload,
        dispatcher: agent,
      });
      const answer = (await res.body.json()) as { success?: unknown };
      if (res.statusCode === 200 && answer.success === true) succeeded++;
    }
  } finally {
    await agent.close();
  }
  return succeeded;
}

/** The same requests as the loop, through the harness's HttpClient alone: its evidence records, no runner. */
async function runClient(profile: Profile, requests: number, ca: Buffer | undefined): Promise<number> {
  const client = harnessClient(profile, ca, new EvidenceLog(), new Redactor(profile.secrets), new AbortController().signal, harnessVersion());
  let succeeded = 0;
  try {
    for (let i = 0; i < requests; i++) {
      const { operation, body } = MIX[i % MIX.length]!;
      const url = operationUrl(profile.baseUrl, operation, { shared_secret: profile.sharedSecret });
      const live = await client.post({ operation, url, body: { ...buildEnvelope(operation, profile), ...body } });
      const answer = live.response?.ok ? (live.response.value as { success?: unknown }) : undefined;
      if (live.record.response?.status === 200 && answer?.success === true) succeeded++;
    }
  } finally {
    await client.close();
  }
  return succeeded;
}

function verifyHarness(result: RunResult, requests: number): void {
  const checks = result.suites.flatMap((s) => s.checks);
  const bad = checks.filter((c) => c.outcome !== 'pass');
  const declared = checks.find((c) => c.id === 'bench.success');
  if (bad.length > 0 || declared?.counts?.passed !== requests || result.exchanges.length !== requests) {
    throw new Error(
      `benchmark verification failed: ${bad.map((c) => `${c.outcome}:${c.id}`).join(', ')}; ${declared?.counts?.passed} passed, ${result.exchanges.length} exchanges`,
    );
  }
}

/**
 * Wall and CPU time (this process: the client side and the in-process server) of one run.
 * No forced gc() before it: a full collection drops compiled code and type feedback, and the
 * next 50 ms run would measure cold code (3-4 times slower, on both sides).
 */
async function timed(fn: () => Promise<unknown>): Promise<{ ms: number; cpuMs: number }> {
  const cpu = process.cpuUsage();
  const started = performance.now();
  await fn();
  return { ms: performance.now() - started, cpuMs: cpuMsSince(cpu) };
}

async function main(): Promise<void> {
  // --only harness|loop: time one side alone (for a CPU profile of it).
  const { values } = parseArgs({
    options: {
      requests: { type: 'string', default: '100' },
      runs: { type: 'string', default: '15' },
      only: { type: 'string' },
      tls: { type: 'boolean' },
      parts: { type: 'boolean' },
    },
  });
  const requests = Number(values.requests);
  const runs = Number(values.runs);
  const tls = values.tls === true;
  const reference = await startReferenceOtaCandidate({ clock: systemClock, tls, env: {} });
  const { profile } = reference;
  const ca = tls ? reference.ca : undefined;
  const suite = scenarioSuite(requests);
  try {
    // Warm up both paths (JIT, schema compilation, first connections); alternate afterwards.
    for (let i = 0; i < 2; i++) {
      verifyHarness(await runHarness(profile, suite, ca), requests);
      const ok = await runLoop(profile, requests, ca);
      if (ok !== requests) throw new Error(`benchmark verification failed: the loop got ${ok} of ${requests} successes`);
    }
    const parts = values.parts === true;
    if (parts && (await runClient(profile, requests, ca)) !== requests) throw new Error('benchmark verification failed: HttpClient alone');
    if (parts) verifyHarness(await runHarness(profile, suite, ca, false), requests);
    const harness: Array<{ ms: number; cpuMs: number }> = [];
    const loop: Array<{ ms: number; cpuMs: number }> = [];
    const client: Array<{ ms: number; cpuMs: number }> = [];
    const quiet: Array<{ ms: number; cpuMs: number }> = [];
    for (let i = 0; i < runs; i++) {
      if (values.only !== 'loop') harness.push(await timed(() => runHarness(profile, suite, ca)));
      if (values.only !== 'harness') loop.push(await timed(() => runLoop(profile, requests, ca)));
      if (parts) client.push(await timed(() => runClient(profile, requests, ca)));
      if (parts) quiet.push(await timed(() => runHarness(profile, suite, ca, false)));
    }
    const result: OverheadResult = {
      requests,
      runs,
      tls,
      harnessMs: median(harness.map((r) => r.ms)),
      loopMs: median(loop.map((r) => r.ms)),
      harnessCpuMs: median(harness.map((r) => r.cpuMs)),
      loopCpuMs: median(loop.map((r) => r.cpuMs)),
    };
    if (parts) {
      result.parts = {
        clientMs: median(client.map((r) => r.ms)),
        clientCpuMs: median(client.map((r) => r.cpuMs)),
        quietMs: median(quiet.map((r) => r.ms)),
        quietCpuMs: median(quiet.map((r) => r.cpuMs)),
      };
    }
    process.stdout.write(`${JSON.stringify(result)}\n`);
  } finally {
    await reference.close();
  }
}

await main();
