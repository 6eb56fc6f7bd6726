// Output that leads to the fix (issue 22 item 6): the terminal ends as Vitest and Hurl end
// theirs — the probable cause, one line per failed check (each id once, with its suites),
// the counts and a verdict that names the failed checks — and each failure block carries the
// check's plain explanation (its title), its spec section, its docs page, a curl reproduction
// of the request the harness sent and the --grep command that runs it again.
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { terminalReporter } from '../../src/report/terminal.js';
import { DEFAULT_SECRET_VARS } from '../../src/report/reproduce.js';
import { Redactor } from '../../src/support/redact.js';
import type { RunResult } from '../../src/spec/run-result.js';
import { buildRunResult } from './run-result-fixture.js';
import { parseRunSummary } from '../../bench/run-summary.js';
import { docsUrl } from '../../src/report/docs-link.js';

async function summary(result: RunResult = buildRunResult()): Promise<string[]> {
  const out = new PassThrough();
  let text = '';
  out.on('data', (d: Buffer) => (text += d.toString('utf8')));
  const reproduce = { command: 'cm-certify run --target ota --profile p.yaml', secretVars: DEFAULT_SECRET_VARS };
  await terminalReporter({ outputDir: '/nonexistent', redactor: new Redactor([]), stdout: out, color: false, interactive: false, reproduce }).finish?.(result);
  return text.trimEnd().split('\n');
}

/** The same fixture with schema.response failing in a second suite, and a refusal behind most failures. */
function failingTwice(): RunResult {
  const result = buildRunResult();
  const failed = result.suites[1]!.checks.find((c) => c.id === 'schema.response')!;
  result.suites[6]!.checks.push({ ...failed, where: { ...failed.where, file: result.suites[6]!.file } });
  return result;
}

describe('the end of the terminal report', () => {
  it('ends with the failed checks, each id once with its suites, the counts and a verdict naming them', async () => {
    const lines = await summary(failingTwice());
    // One line per check id; the head says how that differs from the counts (3 results: schema.response in 2 suites, 1 error).
    const head = lines.indexOf('Failed and errored checks (2, each listed once; 3 results: 2 failed, 1 errors)');
    expect(head).toBeGreaterThan(0);
    // A log (no columns given) keeps titles whole, wrapped: continuation lines are joined back.
    const end = lines
      .slice(head)
      .join('\n')
      .replace(/\n {3}(?=\S)/g, ' ')
      .split('\n');
    expect(end[1]).toMatch(/^ ✖ schema\.response — Every response body matches .* \(2 suites\)$/);
    expect(end[2]).toMatch(/^ ! cancel\.active\.success — CancelBooking cancels an active booking \(cancel\)$/);
    expect(end[3]).toBe("Re-run them: cm-certify run --target ota --profile p.yaml --grep '^(schema\\.response|cancel\\.active\\.success)$'");
    // The counts and the verdict, each a line of its own (continued, indented, when longer than the screen).
    const rest = end
      .slice(4)
      .join('\n')
      .replace(/\n {3}/g, ' ')
      .split('\n');
    expect(rest[0]).toMatch(/^Checks: \d+ failed, \d+ errors, \d+ warnings, \d+ passed, \d+ skipped · \d+ exchanges · [\d.]+ s$/);
    expect(rest[1]).toMatch(/^Verdict: NOT CERTIFIED \(.*\) — schema\.response$/);
    // The benchmarks read the same line (npm run bench): failed, passed and exchanges as counted.
    const counts = buildRunResult();
    expect(parseRunSummary(rest[0]!)).toEqual({
      failed: Number(/(\d+) failed/.exec(rest[0]!)![1]),
      passed: Number(/(\d+) passed/.exec(rest[0]!)![1]),
      exchanges: counts.exchanges.length,
    });
    expect(parseRunSummary(rest[0]!)!.failed).toBeGreaterThan(0);
    expect(rest).toHaveLength(2);
    // Nothing after the verdict; the warnings and notes come before the failures, far from the end.
    expect(lines.indexOf('Warnings (1)')).toBeLessThan(lines.indexOf('Failures (2)'));
  });

  it('puts the probable cause right above the failed checks', async () => {
    const result = buildRunResult();
    const refused = result.exchanges.filter((x) => x.direction === 'outbound' && x.response);
    for (const x of refused) x.response!.body = '{"success":false,"errors":[{"id":1001,"msg":"wrong property credentials"}]}';
    for (const s of result.suites) for (const c of s.checks) if (c.outcome === 'pass' && c.evidence.exchanges.length) c.outcome = 'fail';
    const lines = await summary(result);
    const cause = lines.findIndex((l) => l.startsWith('Probable cause: '));
    expect(cause).toBeGreaterThan(lines.indexOf('Failures (6)'));
    expect(lines[cause + 1]?.startsWith(' ') ? lines.slice(cause + 1).find((l) => !l.startsWith(' ')) : lines[cause + 1]).toMatch(
      /^Failed( and errored)? checks \(\d+/,
    );
  });

  it('a failure block: the title, the message, where, the spec, the docs page, the curl reproduction and the re-run command', async () => {
    const lines = await summary();
    const start = lines.findIndex((l) => l.startsWith(' ✖ schema.response'));
    const block = lines.slice(start, lines.indexOf('Failed and errored checks (2: 1 failed, 1 errors)'));
    const text = block.join('\n');
    expect(block.slice(0, 2).join('\n')).toBe(" ✖ schema.response (required) — Every response body matches the spec's schema\n   for its operation");
    expect(text).toContain('   Unexpected GetRoomTypes response: 1 schema error(s)');
    expect(text).toContain('   where: suites/ota/20-setup.yaml:93 step room-types at /Rooms/0/wbp_room_id');
    expect(text).toContain('   spec: Endpoints');
    expect(text).toContain(`   docs: ${docsUrl('docs/suites/README.md#checks-on-every-exchange-in-every-suite')}`);
    expect(text).toContain('   reproduce x-0003:');
    expect(text).toContain('     curl -sS -X POST \'https://127.0.0.1:54321/api/GetRoomTypes?shared_secret=\'"${CM_SHARED_SECRET}" \\');
    expect(text).toContain("   re-run: cm-certify run --target ota --profile p.yaml --grep '^(schema\\.response)$'");
    expect(text).not.toContain('[redacted]"');
  });

  it('"Failed checks (N)" agrees with "Checks: N failed", and a log keeps the titles whole', async () => {
    const result = buildRunResult();
    for (const s of result.suites) s.checks = s.checks.filter((c) => c.outcome !== 'error');
    const failed = result.suites.flatMap((s) => s.checks).filter((c) => c.outcome === 'fail');
    failed[0]!.title = `A title far longer than eighty columns, which a CI log must show whole: ${'x'.repeat(60)} END`;
    result.counts = { ...result.counts, fail: failed.length, error: 0 };
    const lines = await summary(result);
    const head = lines.find((l) => l.startsWith('Failed checks ('));
    const counted = lines.find((l) => l.startsWith('Checks: '))!;
    expect(head).toBe(`Failed checks (${failed.length})`);
    expect(counted).toContain(`Checks: ${failed.length} failed`);
    // Wrapped for the log's width, never cut: the whole title is there, no "…".
    const list = lines.slice(lines.indexOf(head!)).join(' ').replace(/\s+/g, ' ');
    expect(list).toContain(`${'x'.repeat(60)} END`);
    expect(list).not.toMatch(/x…/);
  });
});
