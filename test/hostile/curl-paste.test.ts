// Issue 28 item 1: the printed curl reproduction, pasted into a real shell, runs curl and
// nothing else, whatever a candidate put into the request the harness sent (a booking id
// holding the old private-use variable mark U+E000, quotes, `$(…)`, backticks, newlines,
// backslashes, ESC). The line is pasted as printed in the failure block and as junit.xml
// carries it (XML entities decoded, as a person copying from a CI page gets it).
import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { curlLines, secretVarsOf } from '../../src/report/reproduce.js';
import { toJunit } from '../../src/report/junit.js';
import type { Exchange } from '../../src/spec/exchange.js';
import { buildRunResult } from '../report/run-result-fixture.js';

const M = '\uE000';
const PAYLOADS = [
  `${M}$(touch PWNED)${M}`,
  `${M}x}"; touch PWNED; echo "\${y${M}`,
  `a${M}CM_SECRET}"$(touch PWNED)"\${CM_SECRET${M}b`,
  `'; touch PWNED; '`,
  `'"$(touch PWNED)"'`,
  '`touch PWNED`',
  `x\ntouch PWNED\n`,
  `\\'; touch PWNED #`,
  `\u001b[2K'$(touch PWNED)'`,
  `${M}${M}${M}'${M}touch PWNED${M}'`,
];

const dir = mkdtempSync(join(tmpdir(), 'cm-curl-paste-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const bin = join(dir, 'bin');
execFileSync('mkdir', ['-p', bin]);
const log = join(dir, 'curl.log');
// The stub curl appends one line per call with its argument count: a second command would leave PWNED, a second call a second line.
writeFileSync(join(bin, 'curl'), `#!/bin/sh\necho "called $#" >> '${log}'\nfor a in "$@"; do printf '%s\\n' "$a" >> '${log}.args'; done\n`);
chmodSync(join(bin, 'curl'), 0o755);

function exchange(bookingId: string): Exchange {
  const body = JSON.stringify({
    verb: 'GetBookingDetails',
    pms_cid: 'cmcert',
    shared_secret: '[redacted]',
    wbp_property_id: '1001',
    wbp_property_password: '[redacted]',
    booking_id: bookingId,
  });
  return {
    id: 'x7',
    direction: 'outbound',
    operation: 'GetBookingDetails',
    startedAt: '2026-11-21T10:00:00.000Z',
    durationMs: 5,
    request: {
      method: 'POST',
      url: 'https://ota.test/api/GetBookingDetails',
      headers: { 'content-type': 'application/json', 'x-trace': bookingId },
      body,
      bytes: body.length,
      truncated: false,
    },
  };
}

/** Pastes the text into `shell -c` in a folder of its own, PATH led by the stub curl; gives what happened. */
function paste(shell: string, text: string): { pwned: boolean; calls: string[] } {
  const cwd = mkdtempSync(join(dir, 'run-'));
  rmSync(log, { force: true });
  try {
    execFileSync(shell, ['-c', text], {
      cwd,
      env: { PATH: `${bin}:/usr/bin:/bin`, CM_SHARED_SECRET: 's', CM_PROPERTY_PASSWORD: 'p', CM_SECRET: 'c' },
      stdio: 'pipe',
    });
  } catch {
    // a shell error is fine; only what ran counts
  }
  const calls = existsSync(log) ? readFileSync(log, 'utf8').trim().split('\n') : [];
  return { pwned: existsSync(join(cwd, 'PWNED')) || existsSync(join(dir, 'PWNED')), calls };
}

const VARS = secretVarsOf(undefined);
const shells = ['sh', 'bash'].filter((s) => {
  try {
    execFileSync(s, ['-c', 'true']);
    return true;
  } catch {
    return false;
  }
});

describe('a pasted curl reproduction runs curl and nothing else (issue 28 item 1)', () => {
  it.each(PAYLOADS.map((p, i) => [i, p] as const))('payload %i, as printed at any width, in every shell', (_i, payload) => {
    for (const width of [Infinity, 60]) {
      const text = curlLines(exchange(payload), VARS, width)!.join('\n');
      expect(text).not.toContain(M);
      for (const shell of shells) {
        const { pwned, calls } = paste(shell, text);
        expect(pwned, `${shell} ran the payload: ${text}`).toBe(false);
        expect(calls, `${shell}: ${text}`).toEqual([expect.stringMatching(/^called \d+$/)]);
      }
    }
  });

  it('the body curl gets is the request the harness sent, the secrets filled in from the environment', () => {
    const payload = PAYLOADS[0]!;
    rmSync(`${log}.args`, { force: true });
    paste('sh', curlLines(exchange(payload), VARS)!.join('\n'));
    const args = readFileSync(`${log}.args`, 'utf8');
    const body = JSON.parse(args.slice(args.indexOf('{'), args.lastIndexOf('}') + 1)) as Record<string, string>;
    expect(body.shared_secret).toBe('s');
    expect(body.wbp_property_password).toBe('p');
    // the private-use mark is shown as its escape (never raw), the rest of the id as sent
    expect(body.booking_id).toBe(payload);
  });

  it('copied from junit.xml, the line runs curl and nothing else', () => {
    const result = buildRunResult();
    const failed = result.suites.flatMap((s) => s.checks).find((c) => c.outcome === 'fail' && c.evidence.exchanges.length > 0)!;
    const x = { ...exchange(PAYLOADS[0]!), id: failed.evidence.exchanges[0]! };
    result.exchanges = [x, ...result.exchanges.filter((e) => e.id !== x.id)];
    const xml = toJunit(result, { reproduce: { command: 'cm-certify run --target ota', secretVars: VARS } });
    const decoded = xml
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&quot;/g, '"')
      .replace(/&apos;/g, "'")
      .replace(/&amp;/g, '&');
    const start = decoded.indexOf(`reproduce ${x.id}:`);
    expect(start).toBeGreaterThan(-1);
    const lines = decoded.slice(start).split('\n').slice(1);
    const end = lines.findIndex((l) => !l.trimEnd().endsWith('\\'));
    const command = lines.slice(0, end + 1).join('\n');
    const { pwned, calls } = paste('sh', command);
    expect(pwned, command).toBe(false);
    expect(calls).toHaveLength(1);
  });
});
