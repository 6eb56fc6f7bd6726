// Issue 21 item 9: a secret a candidate echoes through a reversible transform is redacted in
// every report: hex (any case), the secret in another letter case, reversed, and the
// class around them — base64 (UTF-8 and UTF-16LE, standard and URL-safe, of the secret and
// of it reversed), percent-encoded hex, `\x` hex, `:`/space-separated hex, every character
// as `\uXXXX` or an HTML entity, and each of those URL-encoded (once and twice). Before (main
// at 5881228): 19 of the 21 transforms below went through the Redactor unchanged (base64url
// and URL-encoded base64 were covered), and the crafted candidate's echoes were in the reports.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCommand } from '../../src/cli/commands/run.js';
import { Redactor } from '../../src/support/redact.js';
import { captureIo } from '../e2e/helpers.js';
import { startCrafted, writeProfile } from './crafted-candidate.js';
import type { CraftedServer } from './crafted-candidate.js';

const SECRET = 'Transform-Secret/7e&q+Z';
const PASSWORD = 'Transform-Pass:4b2c';

const reverse = (s: string): string => [...s].reverse().join('');
const swapCase = (s: string): string => s.replace(/[a-z]/gi, (c) => (c === c.toUpperCase() ? c.toLowerCase() : c.toUpperCase()));
const hex = (s: string): string => Buffer.from(s).toString('hex');
const pairs = (s: string): string[] => hex(s).match(/../g)!;

/** Written here apart from src/support/secret-forms.ts: what a candidate could echo. */
const TRANSFORMS: Array<[string, (s: string) => string]> = [
  ['hex', hex],
  ['HEX', (s) => hex(s).toUpperCase()],
  ['hex in mixed case', (s) => hex(s).replace(/[a-f]/g, (c, i: number) => (i % 2 ? c.toUpperCase() : c))],
  ['upper case', (s) => s.toUpperCase()],
  ['lower case', (s) => s.toLowerCase()],
  ['swapped case', swapCase],
  ['reversed', reverse],
  ['reversed, upper case', (s) => reverse(s).toUpperCase()],
  ['hex of the reversed', (s) => hex(reverse(s))],
  ['base64 of the reversed', (s) => Buffer.from(reverse(s)).toString('base64')],
  ['base64url', (s) => Buffer.from(s).toString('base64url')],
  ['base64 of UTF-16LE (.NET)', (s) => Buffer.from(s, 'utf16le').toString('base64')],
  ['base64, URL-encoded', (s) => encodeURIComponent(Buffer.from(`x${s}`).toString('base64'))],
  [
    'percent-encoded hex',
    (s) =>
      pairs(s)
        .map((p) => `%${p.toUpperCase()}`)
        .join(''),
  ],
  [
    '\\x hex',
    (s) =>
      pairs(s)
        .map((p) => `\\x${p}`)
        .join(''),
  ],
  ['colon-separated hex', (s) => pairs(s).join(':')],
  ['space-separated HEX', (s) => pairs(s).join(' ').toUpperCase()],
  ['every character \\uXXXX', (s) => [...s].map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`).join('')],
  ['every character &#N;', (s) => [...s].map((c) => `&#${c.charCodeAt(0)};`).join('')],
  ['URL-encoded twice', (s) => encodeURIComponent(encodeURIComponent(s))],
  ['URL-encoded, lower-case escapes, reversed', (s) => encodeURIComponent(reverse(s)).replace(/%[0-9A-F]{2}/g, (m) => m.toLowerCase())],
];

const FORMS = [SECRET, PASSWORD].flatMap((secret) => TRANSFORMS.map(([name, fn]) => [`${name} of ${secret}`, fn(secret)] as const));

function leaks(text: string): string[] {
  const lower = text.toLowerCase();
  return FORMS.filter(([, form]) => lower.includes(form.toLowerCase())).map(([name]) => name);
}

describe('the Redactor removes a secret echoed through a reversible transform', () => {
  const redactor = new Redactor([SECRET, PASSWORD]);
  it.each(FORMS)('%s', (_name, form) => {
    const out = redactor.text(`before ${form} after`);
    expect(out.toLowerCase()).not.toContain(form.toLowerCase());
    expect(out).toContain('[redacted]');
    expect(out.startsWith('before ')).toBe(true);
    expect(out.endsWith(' after')).toBe(true);
  });

  it('leaves text without the secret as it was', () => {
    const text = 'Rooms: 7e71 Z+q& terces-mrofsnart?no, TRANSFORM is a prefix shorter than half (issue 28: a half is redacted)';
    expect(redactor.text(text)).toBe(text);
  });
});

const servers: CraftedServer[] = [];
afterAll(async () => {
  await Promise.all(servers.map((s) => s.close()));
});

describe('a candidate echoing every transform of the secret it was sent', () => {
  it('leaves none of them in report.json, junit.xml, report.html or the terminal', async () => {
    const server = await startCrafted((_req, _body, secret) => {
      const echoed = TRANSFORMS.map(([name, fn]) => ({ name, value: fn(secret || SECRET), password: fn(PASSWORD) }));
      return { status: 500, headers: { 'x-echo': hex(secret || SECRET).toUpperCase() }, body: JSON.stringify({ success: false, echoed }) };
    });
    servers.push(server);
    const io = captureIo(undefined, { CM_SHARED_SECRET: SECRET, CM_PROPERTY_PASSWORD: PASSWORD });
    const dir = join(io.cwd, 'out');
    const profile = writeProfile(io.cwd, server.url);
    // The whole echo kept as evidence (the helper's 600 bytes would cut most of it away).
    writeFileSync(profile, readFileSync(profile, 'utf8').replace('evidence_body_bytes: 600', 'evidence_body_bytes: 65536'));
    const { result } = await runCommand({ target: 'ota', profile, allowHttp: true, suite: ['https'], reporter: ['json', 'junit', 'html'], outputDir: dir }, io);
    expect(result.exchanges.length).toBeGreaterThan(0);
    const texts: Array<[string, string]> = [
      ['terminal', io.out() + io.err()],
      ...readdirSync(dir).map((f) => [f, readFileSync(join(dir, f), 'utf8')] as [string, string]),
    ];
    expect(texts.map(([f]) => f)).toEqual(expect.arrayContaining(['report.json', 'junit.xml', 'report.html']));
    for (const [file, text] of texts) expect(leaks(text), file).toEqual([]);
  }, 30_000);
});
