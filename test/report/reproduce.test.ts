// A failing request, reproduced by hand (issue 22 item 6): the curl command a failure block
// prints sends the same method, URL and body, with every secret named by the variable the
// profile read it from (never its value); run by a real shell, it gives back the request.
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { curlLines, grepFor, rerunHint, secretVarsOf } from '../../src/report/reproduce.js';
import type { Exchange } from '../../src/spec/exchange.js';

const BODY = {
  verb: 'GetBookingList',
  pms_cid: 'cmcert',
  shared_secret: '[redacted]',
  wbp_property_id: '1001',
  wbp_property_password: '[redacted]',
  note: 'it\'s "quoted" and $HOME `x`',
};

function sent(body: unknown = BODY): Exchange {
  const text = JSON.stringify(body);
  return {
    id: 'x55',
    direction: 'outbound',
    operation: 'GetBookingList',
    startedAt: '2026-11-21T10:00:00.000Z',
    durationMs: 5,
    request: {
      method: 'POST',
      url: 'https://ota.test:8443/api/GetBookingList?shared_secret=[redacted]',
      headers: { 'content-type': 'application/json', 'user-agent': 'cm-certify/0.1.0' },
      body: text,
      bytes: text.length,
      truncated: false,
    },
  };
}

const VARS = secretVarsOf({ shared_secret: 'PARTNER_SECRET', 'property.wbp_property_password': 'PARTNER_PW' }, '2002');

/** Runs the command in sh with curl replaced by a function that prints each argument on a line. */
function runInShell(lines: string[]): string[] {
  const script = `curl() { for a in "$@"; do printf '%s\\n---\\n' "$a"; done; }\n${lines.join('\n')}\n`;
  const out = execFileSync('sh', ['-c', script], { env: { PATH: process.env.PATH, PARTNER_SECRET: 's3cr3t', PARTNER_PW: 'pw0rd' }, encoding: 'utf8' });
  return out.split('\n---\n').filter(Boolean);
}

describe('curl reproduction', () => {
  it('names the secrets by their variables, never their values, and leaves out what curl sets itself', () => {
    const lines = curlLines(sent(), VARS)!;
    const text = lines.join('\n');
    expect(text).toContain('shared_secret=\'"${PARTNER_SECRET}"');
    expect(text).toContain('"${PARTNER_PW}"');
    expect(text).not.toContain('[redacted]');
    expect(text).not.toContain('user-agent');
  });

  it('run by a shell, sends the same URL, header and body, the secrets filled in from the environment', () => {
    for (const width of [Infinity, 60]) {
      const args = runInShell(curlLines(sent(), VARS, width)!);
      expect(args.slice(0, 4)).toEqual(['-sS', '-X', 'POST', 'https://ota.test:8443/api/GetBookingList?shared_secret=s3cr3t']);
      expect(args.slice(4, 6)).toEqual(['-H', 'content-type: application/json']);
      expect(args[6]).toBe('--data-binary');
      expect(JSON.parse(args[7]!)).toEqual({ ...BODY, shared_secret: 's3cr3t', wbp_property_password: 'pw0rd' });
    }
  });

  it('the fixture property’s password is its own variable; a profile without variables gets the names init writes', () => {
    const other = curlLines(sent({ ...BODY, wbp_property_id: '2002' }), VARS)!.join('\n');
    expect(other).toContain('"${CM_OTHER_PASSWORD}"');
    expect(secretVarsOf(undefined).sharedSecret).toBe('CM_SHARED_SECRET');
  });

  it('nothing for a request the candidate sent, or a body cut at the evidence limit', () => {
    expect(curlLines({ ...sent(), direction: 'inbound' }, VARS)).toBeUndefined();
    expect(curlLines({ ...sent(), request: { ...sent().request, truncated: true } }, VARS)).toBeUndefined();
  });

  it('the --grep hint selects exactly the failed ids', () => {
    const grep = grepFor(['booking.list-version.offset-5min', 'cancel.relisted']);
    const pattern = new RegExp(execFileSync('sh', ['-c', `printf %s ${grep}`], { encoding: 'utf8' }), 'i');
    expect(pattern.test('booking.list-version.offset-5min')).toBe(true);
    expect(pattern.test('cancel.relisted')).toBe(true);
    expect(pattern.test('booking.list-version.offset-5minutes')).toBe(false);
    expect(pattern.test('bookingXlist-version.offset-5min')).toBe(false);
    expect(rerunHint(['a.b'], { command: 'cm-certify run --target ota' })).toBe("cm-certify run --target ota --grep '^(a\\.b)$'");
  });
});
