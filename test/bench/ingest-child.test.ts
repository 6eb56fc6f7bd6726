// The ingestion benchmark's child (npm run bench) verifies what it measured: the mock judged
// every request of a synthetic full refresh, and its ARI covers every pair the benchmark's
// PMS refreshes. No timing is asserted here (benchmarks measure ratios, in npm run bench);
// this keeps the benchmark runnable: the mock's own variation rate plans, which that PMS
// never maps, once made it fail its coverage verification and stop `npm run bench`.
import { execFile } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { packagePath } from '../../src/support/package-root.js';

function ingest(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [packagePath('dist', 'bench', 'ingest-child.js'), ...args], { timeout: 60_000 }, (error, stdout, stderr) =>
      resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

describe('the ingestion benchmark child', () => {
  it('ingests a year of refresh for 2 rooms x 2 plans through the mock and passes its own verification', async () => {
    const run = await ingest(['--mode', 'mock', '--rooms', '2', '--plans', '2', '--days', '400', '--per-request', '300', '--in-flight', '2']);
    expect(run.code, run.stderr).toBe(0);
    const result = JSON.parse(run.stdout.trim().split('\n').at(-1)!) as { mode: string; items: number; requests: number };
    expect(result).toMatchObject({ mode: 'mock', items: 2 * 2 * 400, requests: 6 });
  }, 60_000);
});
