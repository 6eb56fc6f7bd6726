// The Newman and Step CI rows of the benchmark (bench/side-by-side-tools.ts): the files they run
// send what the suite sends, with the same check, and the row says MISS below 5x.
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { postmanCollection, stepCiWorkflow, toolRows } from '../../bench/side-by-side-tools.js';

const requests = [{ operation: 'ARIUpdate', body: { verb: 'ARIUpdate', Inventory: [{ start_date: '2026-12-09', units: 1 }] } }];
const stats = (ms: number) => ({ ms, cpuMs: ms, maxRssMb: 100 });

describe('side by side with Newman and Step CI', () => {
  it('writes the Step CI workflow with every string quoted (YAML 1.1 reads a bare 2026-12-09 as a timestamp, and the OTA refuses it)', () => {
    const text = stepCiWorkflow(requests, 'http://127.0.0.1:1/api', 's&x');
    expect(text).toContain('"2026-12-09"');
    const step = (parse(text) as { tests: { side: { steps: Array<{ http: { url: string; json: Record<string, unknown>; check: unknown } }> } } }).tests.side
      .steps[0]!;
    expect(step.http.url).toBe('http://127.0.0.1:1/api/ARIUpdate?shared_secret=s%26x');
    expect(step.http.json.Inventory).toEqual([{ start_date: '2026-12-09', units: 1 }]);
    expect(step.http.json.guid).toMatch(/^[0-9a-f-]{36}$/);
    expect(step.http.check).toEqual({ status: 200, jsonpath: { '$.success': true } });
  });

  it('writes the Postman collection with a fresh guid per request and a test of status and success', () => {
    const c = postmanCollection(requests, 'http://127.0.0.1:1/api', 's') as {
      item: Array<{ request: { body: { raw: string } }; event: Array<{ script: { exec: string[] } }> }>;
    };
    expect(JSON.parse(c.item[0]!.request.body.raw)).toEqual({ ...requests[0]!.body, guid: '{{$guid}}' });
    expect(c.item[0]!.event[0]!.script.exec.join('\n')).toContain('pm.expect(pm.response.json().success).to.equal(true)');
  });

  it('passes a tool row only when cm-certify is 5x faster, and names a tool not installed', () => {
    const rows = toolRows([
      { tool: 'Newman', requests: 100, runs: 9, stats: stats(2_400), harness: stats(600) },
      { tool: 'Step CI', requests: 100, runs: 9, stats: stats(3_000), harness: stats(600) },
      { tool: 'Step CI', requests: 100, runs: 9, missing: 'not installed in /x' },
    ]);
    expect(rows.map((r) => [r.ratio, r.status])).toEqual([
      ['4.00', 'MISS'],
      ['5.00', 'pass'],
      ['-', 'info'],
    ]);
    expect(rows[2]!.result).toBe('not installed in /x');
  });

  it("adds an info row against cm-certify's first run of the suite, whose ratio is the tool's over that run", () => {
    const rows = toolRows([{ tool: 'Newman', requests: 100, runs: 9, stats: stats(2_400), harness: stats(400), firstRun: stats(800) }]);
    expect(rows.map((r) => [r.ratio, r.status])).toEqual([
      ['6.00', 'pass'],
      ['3.00', 'info'],
    ]);
    expect(rows[0]!.measurement).toContain('read from the user-suite cache');
    expect(rows[1]!.measurement).toContain("cm-certify's first run of the suite (an empty cache folder each run");
  });
});
