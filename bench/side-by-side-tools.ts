// Side by side with the general-purpose API testers a partner might use instead (issue 27
// item 6: cm-certify 5x faster than Newman and Step CI): takes a folder where `newman` and
// `stepci` are installed (`--tools DIR`; the bench never downloads them: `npm install --prefix
// DIR newman@6 stepci@2` once, by hand), writes the 100 side-by-side requests as a Postman
// collection and a Step CI workflow, each request with the same check as the suite (HTTP 200
// and `success: true`), and times whole processes, alternating with `cm-certify run --suite
// FILE` so every ratio's baseline is measured in the same minutes: its suite read from the
// user-suite cache its warm-up run kept, and (an info row) its first run of the suite, with an
// empty cache folder (bench/side-by-side.ts harnessRuns). Gives the rows per tool found (a
// tool not installed is named, not measured).
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stringify } from 'yaml';
import { loadProfile } from '../src/profile/load-profile.js';
import { buildEnvelope } from '../src/runner/envelope.js';
import { packagePath } from '../src/support/package-root.js';
import { writeScenario } from './ota-scenario.js';
import { parseRunSummary } from './run-summary.js';
import { alternate, BIN, harnessRuns, medianStats, startServer, timedProcess } from './side-by-side.js';
import type { ProcessStats } from './side-by-side.js';
import type { BenchRow } from './side-by-side-rows.js';

export interface ToolRow {
  tool: 'Newman' | 'Step CI';
  requests: number;
  runs: number;
  /** Undefined when the tool is not installed in the folder given. */
  stats?: ProcessStats;
  /** cm-certify, its suite from the cache. */
  harness?: ProcessStats;
  /** cm-certify's first run of the suite (empty cache folder). */
  firstRun?: ProcessStats;
  missing?: string;
}

interface Req {
  operation: string;
  body: Record<string, unknown>;
}

/** A Postman collection (v2.1): one POST per request, a fresh guid by Postman's {{$guid}}, a test of status and success. */
export function postmanCollection(requests: readonly Req[], baseUrl: string, secret: string): unknown {
  const test = ["pm.test('success', function () {", '  pm.response.to.have.status(200);', '  pm.expect(pm.response.json().success).to.equal(true);', '});'];
  return {
    info: { name: 'cm-certify side by side', schema: 'https://schema.getpostman.com/json/collection/v2.1.0/collection.json' },
    item: requests.map((r, i) => ({
      name: `${i + 1} ${r.operation}`,
      request: {
        method: 'POST',
        header: [{ key: 'content-type', value: 'application/json' }],
        url: `${baseUrl}/${r.operation}?shared_secret=${encodeURIComponent(secret)}`,
        body: { mode: 'raw', raw: JSON.stringify({ ...r.body, guid: '{{$guid}}' }) },
      },
      event: [{ listen: 'test', script: { type: 'text/javascript', exec: test } }],
    })),
  };
}

/** A Step CI workflow: one test of sequential steps, each checking status and success (a guid written per request). */
export function stepCiWorkflow(requests: readonly Req[], baseUrl: string, secret: string): string {
  const steps = requests.map((r, i) => ({
    name: `${i + 1} ${r.operation}`,
    http: {
      url: `${baseUrl}/${r.operation}?shared_secret=${encodeURIComponent(secret)}`,
      method: 'POST',
      json: { ...r.body, guid: randomUUID() },
      check: { status: 200, jsonpath: { '$.success': true } },
    },
  }));
  // Every string quoted: Step CI reads YAML 1.1, where a bare 2026-12-09 is a timestamp.
  return stringify(
    { version: '1.1', name: 'cm-certify side by side', tests: { side: { steps } } },
    { defaultStringType: 'QUOTE_DOUBLE', defaultKeyType: 'PLAIN' },
  );
}

/** The tool's node entry script in `dir`, or undefined. */
function entry(dir: string, bin: string): string | undefined {
  const link = join(dir, 'node_modules', '.bin', bin);
  return existsSync(link) ? realpathSync(link) : undefined;
}

export async function measureAgainstTools(dir: string, count: number, runs: number, log: (line: string) => void): Promise<ToolRow[]> {
  const work = mkdtempSync(join(tmpdir(), 'cm-certify-tools-'));
  const { child, origin } = await startServer();
  const profilePath = packagePath('fixtures', 'profiles', 'reference-ota.yaml');
  const env = { CM_REFERENCE_URL: origin, STEPCI_DISABLE_ANALYTICS: '1', NO_UPDATE_NOTIFIER: '1' };
  const profile = loadProfile(profilePath, env);
  const envelope = (op: Parameters<typeof buildEnvelope>[0]): Record<string, unknown> => {
    const { guid: _guid, ...rest } = buildEnvelope(op, profile);
    return rest;
  };
  try {
    const files = writeScenario(work, count, envelope);
    const requests = JSON.parse(readFileSync(files.requests, 'utf8')) as Req[];
    const collection = join(work, 'collection.json');
    writeFileSync(collection, JSON.stringify(postmanCollection(requests, profile.baseUrl, profile.sharedSecret)));
    const workflow = join(work, 'workflow.yml');
    writeFileSync(workflow, stepCiWorkflow(requests, profile.baseUrl, profile.sharedSecret));
    const harnessArgs = [BIN, 'run', '--target', 'ota', '--profile', profilePath, '--suite', files.suite, '--allow-http', '--output-dir', join(work, 'report')];
    const harnessOk = (code: number | null, stdout: string): boolean => code === 0 && parseRunSummary(stdout)?.exchanges === count;
    const tools = [
      { tool: 'Newman' as const, bin: entry(dir, 'newman'), args: ['run', collection, '--reporters', 'cli', '--disable-unicode'] },
      { tool: 'Step CI' as const, bin: entry(dir, 'stepci'), args: ['run', workflow] },
    ];
    const rows: ToolRow[] = [];
    for (const t of tools) {
      if (!t.bin) {
        rows.push({ tool: t.tool, requests: count, runs, missing: `not installed in ${dir}` });
        continue;
      }
      const toolArgs = [t.bin, ...t.args];
      // Every request's check passed: Newman and Step CI exit 0 only then.
      const toolOk = (code: number | null): boolean => code === 0;
      const runsOf = harnessRuns(harnessArgs, work, env, harnessOk);
      const [own, harness, firstRun] = await alternate(runs, [() => timedProcess(toolArgs, work, env, toolOk), runsOf.cached, runsOf.first]);
      const row = { tool: t.tool, requests: count, runs, stats: medianStats(own!), harness: medianStats(harness!), firstRun: medianStats(firstRun!) };
      log(`  ${t.tool} ${count}: ${Math.round(row.stats.ms)} ms, cm-certify ${Math.round(row.harness.ms)} ms`);
      rows.push(row);
    }
    return rows;
  } finally {
    child.removeAllListeners('exit');
    child.kill('SIGTERM');
    rmSync(work, { recursive: true, force: true });
  }
}

const secs = (n: number): string => `${(n / 1000).toFixed(2)} s`;

/** Issue 27: cm-certify at least 5x faster than each tool, whole process against whole process. */
const FASTER_TARGET = 5;

export function toolRows(rows: readonly ToolRow[]): BenchRow[] {
  return rows.flatMap((r): BenchRow[] => {
    const measurement = `Side by side: ${r.tool} running the same ${r.requests} requests with the same check, whole process, alternating with cm-certify run --suite FILE (the suite read from the user-suite cache its warm-up run kept), median of ${r.runs}`;
    const target = `>= ${FASTER_TARGET} (issue 27)`;
    if (!r.stats || !r.harness) return [{ measurement, result: r.missing ?? 'not measured', baseline: '-', ratio: '-', target, status: 'info' }];
    const result = `${secs(r.stats.ms)} (CPU ${secs(r.stats.cpuMs)}, ${Math.round(r.stats.maxRssMb)} MB)`;
    const ratio = r.stats.ms / r.harness.ms;
    const rows: BenchRow[] = [
      {
        measurement,
        result,
        baseline: `${secs(r.harness.ms)} (CPU ${secs(r.harness.cpuMs)}) (cm-certify)`,
        ratio: ratio.toFixed(2),
        target,
        status: ratio >= FASTER_TARGET ? 'pass' : 'MISS',
      },
    ];
    if (r.firstRun)
      rows.push({
        measurement: `Side by side: ${r.tool}, the same runs, against cm-certify's first run of the suite (an empty cache folder each run: the YAML parsed and kept), alternating, median of ${r.runs}`,
        result,
        baseline: `${secs(r.firstRun.ms)} (CPU ${secs(r.firstRun.cpuMs)}) (cm-certify, first run)`,
        ratio: (r.stats.ms / r.firstRun.ms).toFixed(2),
        target: '(reported)',
        status: 'info',
      });
    return rows;
  });
}
