// Hostile OTA candidates against the whole run: each crafted answer (a URL with
// ?access_token=, escape sequences, the secret echoed in every encoding or cut across a
// limit, 10,000-deep JSON) ends in reports that parse, verify intact and hold no planted
// secret in any encoding, with the candidate's answer judged and its bytes shown safely.
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runCommand } from '../../src/cli/commands/run.js';
import { captureIo, check } from '../e2e/helpers.js';
import { checkReports, ENV, PASSWORD, scanForLeaks, SECRET, startCrafted, writeProfile } from './crafted-candidate.js';
import type { Craft, CraftedServer } from './crafted-candidate.js';

const servers: CraftedServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

const DB_URL = 'postgres://admin:Db-Pass-4242@db.internal/prod';
const PLANTED = [SECRET, PASSWORD, DB_URL];

async function runAgainst(craft: Craft, extra: string[] = [], suite = ['https']) {
  const server = await startCrafted(craft);
  servers.push(server);
  const io = captureIo(undefined, { ...ENV, CM_DB_URL: DB_URL });
  const outputDir = join(io.cwd, 'out');
  const outcome = await runCommand(
    { target: 'ota', profile: writeProfile(io.cwd, server.url, extra), allowHttp: true, suite, reporter: ['json', 'junit', 'html'], outputDir },
    io,
  );
  const files = checkReports(outputDir, PLANTED);
  scanForLeaks('stdout', io.out(), PLANTED);
  scanForLeaks('stderr', io.err(), PLANTED);
  return { ...outcome, files, out: io.out() };
}

const ESCAPES = '\u001b]0;PWNED\u0007\u001b[2J\u001b[H\u001b[1;32mVerdict: CERTIFIED\u001b[0m\u001b[8m\u202e';

describe('hostile candidates cannot corrupt, spoof or leak through the reports', () => {
  it('a URL with ?access_token= in a response leaves report.json and junit.xml valid and intact', async () => {
    const body = JSON.stringify({ success: false, errors: [{ id: 1, msg: 'see https://cdn.example/doc?access_token=eyJhbGciOi.x.y"</failure><x>' }] });
    const { files } = await runAgainst(() => ({ body }));
    expect(files['report.json']).toContain('access_token=[redacted]');
    expect(files['junit.xml']).toContain('access_token=[redacted]');
  });

  it('escape sequences in a body and in a JSON string reach no output raw', async () => {
    const { files, out, result } = await runAgainst(() => ({ status: 500, headers: { 'content-type': 'text/plain' }, body: `oops ${ESCAPES}` }));
    expect(result.verdict).toBe('not-certified');
    expect(out).not.toContain('\u001b');
    expect(out).toContain('\\x1b]0;PWNED\\x07');
    expect(out).toContain('\\u202e');
    for (const name of ['junit.xml', 'report.html']) expect(files[name]).not.toMatch(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u202A-\u202E]/);
    const json = await runAgainst(() => ({ body: JSON.stringify({ success: ESCAPES }) }), [], ['setup']);
    expect(json.out).not.toContain('\u001b');
    expect(json.out).toContain('\\x1b[1;32mVerdict: CERTIFIED');
  });

  it('the secret echoed raw, JSON-escaped once and twice (PHP \\/, Go \\u0026), URL-encoded, HTML-escaped and base64 is redacted everywhere', async () => {
    const { result, out } = await runAgainst(
      (_req, _body, secret) => {
        const once = JSON.stringify(secret).slice(1, -1);
        const php = once.replace(/\//g, '\\/');
        const go = once.replace(/&/g, '\\u0026').replace(/</g, '\\u003c').replace(/>/g, '\\u003e');
        const html = secret.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
        const url = encodeURIComponent(secret);
        // In the body text: raw (as the JSON string's value), once (PHP, Go) and, inside msg, twice escaped.
        const msg = [secret, php, go, html, url, url.toLowerCase(), Buffer.from(`user:${secret}`).toString('base64')].join(' | ');
        return { body: `{"success":false,"php":"${php}","go":"${go}","errors":[{"id":1,"msg":${JSON.stringify(msg)}}]}` };
      },
      ['name: "Hotel ${CM_DB_URL}"'],
    );
    expect(out).toContain('[redacted]');
    expect(result.candidate.name).toBe('Hotel [redacted]');
  });

  it('a secret cut by the 200-character error excerpt or by the evidence byte window leaves no prefix', async () => {
    const errors = await runAgainst(
      (_r, _b, secret) => ({ body: JSON.stringify({ success: false, errors: [{ id: 1, msg: `${'x'.repeat(170)}${secret}` }] }) }),
      [],
      ['setup'],
    );
    expect(errors.result.verdict).toBe('not-certified');
    expect(errors.out).toMatch(/errors: \[\{"id":1,"msg":"x+\[redacted\]…/);
    // 3-byte characters: the byte window (limit + 1024 bytes) ends ten bytes into the secret.
    const windowed = await runAgainst((_r, _b, secret) => ({ body: `{"success":false,"pad":"${'€'.repeat(530)}${secret}"}` }));
    const exchange = windowed.result.exchanges.find((x) => x.response?.truncated);
    // The secret's start left by the cut is redacted; the record keeps no cut mark (`truncated` says it).
    expect(exchange?.response?.body).toMatch(/€\[redacted\]$/);
  });

  it('10,000-deep JSON is a judged failure with its text kept as evidence, and every report is written', async () => {
    const deep = `${'['.repeat(10_000)}${']'.repeat(10_000)}`;
    const { result, exitCode, files } = await runAgainst(() => ({ body: deep }));
    const failed = check(result, 'protocol.json-body');
    expect(failed?.outcome).toBe('fail');
    expect(failed?.message).toContain('more than 64 levels deep');
    const x = result.exchanges.find((e) => e.id === failed?.evidence.exchanges[0]);
    expect(x?.response?.body.startsWith('[[[[')).toBe(true);
    expect(exitCode).toBe(1);
    expect(files['report.html']).toContain('more than 64 levels deep');
    const nested = await runAgainst(() => ({ body: `{"success":${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}}` }));
    expect(check(nested.result, 'protocol.json-body')?.outcome).toBe('fail');
  });
});
