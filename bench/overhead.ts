// Run overhead: takes the number of requests and runs, gives (a) the harness's runner
// against a plain undici loop over the same requests to the in-process reference OTA
// (bench/overhead-child.ts, its own process), and (b) the wall time of the whole OTA
// certification of the reference OTA as a partner's CI runs it: `cm-certify run --target
// ota --reference`, real clock, checked to end CERTIFIED.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { packagePath } from '../src/support/package-root.js';
import type { OverheadResult } from './overhead-child.js';
import { median, runChild, runJsonChild } from './timing.js';
import { parseRunSummary } from './run-summary.js';

const CHILD = fileURLToPath(new URL('./overhead-child.js', import.meta.url));

export function measureOverhead(requests: number, runs: number, tls: boolean): Promise<OverheadResult> {
  return runJsonChild<OverheadResult>(CHILD, ['--requests', String(requests), '--runs', String(runs), ...(tls ? ['--tls'] : [])]);
}

export interface CertificationResult {
  runs: number;
  ms: number;
  exchanges: number;
  checks: number;
}

export async function measureCertification(runs: number, log: (line: string) => void): Promise<CertificationResult> {
  const bin = packagePath('bin', 'cm-certify.js');
  const cwd = mkdtempSync(join(tmpdir(), 'cm-certify-bench-'));
  const times: number[] = [];
  let exchanges = 0;
  let checks = 0;
  try {
    for (let i = 0; i < runs; i++) {
      const run = await runChild(process.execPath, [bin, 'run', '--target', 'ota', '--reference'], { cwd, env: { ...process.env, NO_COLOR: '1', CI: '1' } });
      if (run.code !== 0 || !run.stdout.includes('Verdict: CERTIFIED'))
        throw new Error(`the reference OTA was not certified (exit ${run.code}):\n${run.stdout.slice(-1500)}${run.stderr.slice(-1500)}`);
      const summary = parseRunSummary(run.stdout);
      checks = summary?.passed ?? 0;
      exchanges = summary?.exchanges ?? 0;
      times.push(run.ms);
      log(`  OTA certification ${i + 1}/${runs}: ${Math.round(run.ms)} ms`);
    }
  } finally {
    rmSync(cwd, { recursive: true, force: true });
  }
  return { runs, ms: median(times), exchanges, checks };
}
