// Golden reports (STYLE habit 9): the realistic fixture through the json, junit and html
// reporters, with times, durations, ports and digests normalised, compared with the files
// in test/report/golden/ (update them with `npx vitest run test/report -u`).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { REPORTERS } from '../../src/report/index.js';
import { Redactor } from '../../src/support/redact.js';
import { buildRunResult, SECRETS } from './run-result-fixture.js';

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** Replaces what changes from run to run with stable placeholders. */
export function normalise(text: string): string {
  return text
    .replace(/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?Z/g, '<time>')
    .replace(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} UTC/g, '<time>')
    .replace(/("(?:durationMs|duration_ms)"\s*:\s*)\d+/g, '$1<ms>')
    .replace(/\b(time|timestamp)="[^"]*"/g, '$1="<time>"')
    .replace(/\+?\b\d+(?:\.\d+)? ?(?:ms|s)\b|\b\d+[hm] \d{2}[ms]\b/g, '<duration>')
    .replace(/\b(127\.0\.0\.1|localhost|\[::1\]):\d+/g, '$1:<port>')
    .replace(/\b[0-9a-f]{64}\b/g, '<sha256>')
    .replace(/'sha256-[A-Za-z0-9+/=]+'/g, "'sha256-<script>'");
}

async function written(name: string): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), `cm-certify-golden-${name}-`));
  dirs.push(dir);
  const reporter = REPORTERS.get(name)!({
    outputDir: dir,
    redactor: new Redactor(SECRETS.slice(0, 2)),
    stdout: new PassThrough(),
    color: false,
    interactive: false,
  });
  const [file] = (await reporter.finish?.(buildRunResult())) ?? [];
  return readFileSync(file!, 'utf8');
}

describe('golden reports', () => {
  it.each([
    ['json', 'report.json'],
    ['junit', 'junit.xml'],
    ['html', 'report.html'],
  ])('%s matches golden/%s', async (name, golden) => {
    await expect(normalise(await written(name))).toMatchFileSnapshot(`./golden/${golden}`);
  });

  it('normalises what varies between runs', () => {
    expect(normalise('"durationMs": 1234 at 2026-11-21T10:00:00.000Z on 127.0.0.1:54321 took 1.2 s, 5m 02s, 42 ms')).toBe(
      '"durationMs": <ms> at <time> on 127.0.0.1:<port> took <duration>, <duration>, <duration>',
    );
  });
});
