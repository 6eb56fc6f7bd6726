// The CPU of one in-process reference-PMS certification (issue 29 item 11): takes how many runs
// (argv[2], default 3), gives each run's CPU time, its inbound requests and the CPU per request,
// with the e2e tests' short intervals (test/e2e/pms-profile.ts) on the simulated clock, as
// test/e2e/pms-reference.test.ts runs one. Run it under `node --cpu-prof` to see where it goes
// (node dist/bench/profile-functions.js FILE.cpuprofile).
// Usage: node dist/bench/pms-run-cpu.js [RUNS]
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { runCommand } from '../src/cli/commands/run.js';
import { SimulatedClock } from '../src/support/simulated-clock.js';
import { packagePath } from '../src/support/package-root.js';

/** The e2e tests' timing (test/e2e/pms-profile.ts): a whole run in a few seconds of real time. */
const TIMING = `intervals:
  poll_ms: 16000
  poll_tolerance_ms: 6000
  polls_observed: 2
  clock_skew_ms: 1000
deadlines:
  setup: 60s
  default: 60s
  full_refresh: 120s
  settle: 6s
  callback_reaction: 6s
timeouts:
  request_ms: 10000
`;

export interface PmsRunCpu {
  verdict: string;
  cpuMs: number;
  wallMs: number;
  inbound: number;
  outbound: number;
  /** The inbound requests' bodies, in bytes, all together. */
  inboundBytes: number;
  /** Per operation, the inbound requests. */
  operations: Record<string, number>;
}

const sink = (): Writable =>
  new Writable({
    write(_c, _e, cb) {
      cb();
    },
  });

const cpuNow = (): number => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

export async function measurePmsRunCpu(): Promise<PmsRunCpu> {
  const cwd = mkdtempSync(join(tmpdir(), 'cm-certify-bench-'));
  try {
    const original = readFileSync(packagePath('fixtures', 'profiles', 'reference-pms.yaml'), 'utf8');
    const profile = join(cwd, 'reference-pms.bench.yaml');
    writeFileSync(profile, original.slice(0, original.indexOf('intervals:')) + TIMING);
    const clock = new SimulatedClock(Date.now());
    const cpu = cpuNow();
    const wall = performance.now();
    const { result } = await runCommand(
      { target: 'pms', reference: true, profile, seed: '2026' },
      { stdout: sink(), stderr: sink(), env: {}, cwd, isTTY: false, clock },
    );
    const inbound = result.exchanges.filter((x) => x.direction === 'inbound');
    const operations: Record<string, number> = {};
    for (const x of inbound) operations[String(x.operation)] = (operations[String(x.operation)] ?? 0) + 1;
    return {
      verdict: result.verdict,
      cpuMs: cpuNow() - cpu,
      wallMs: performance.now() - wall,
      inbound: inbound.length,
      outbound: result.exchanges.length - inbound.length,
      inboundBytes: inbound.reduce((n, x) => n + x.request.bytes, 0),
      operations,
    };
  } finally {
    rmSync(cwd, { recursive: true, force: true });
  }
}

if (process.argv[1]?.endsWith('pms-run-cpu.js')) {
  const runs = Number(process.argv[2] ?? 3);
  for (let i = 0; i < runs; i++) {
    const r = await measurePmsRunCpu();
    console.log(
      `run ${i + 1}: ${r.verdict}, CPU ${Math.round(r.cpuMs)} ms (wall ${Math.round(r.wallMs)} ms), ${r.inbound} inbound + ${r.outbound} outbound exchanges, ${(r.cpuMs / (r.inbound + r.outbound)).toFixed(2)} ms of CPU per exchange; inbound ${Math.round(r.inboundBytes / 1024)} KiB: ${JSON.stringify(r.operations)}`,
    );
  }
}
