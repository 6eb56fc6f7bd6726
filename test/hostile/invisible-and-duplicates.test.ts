// Issue 28, left weak 6c/6d and 8c, pinned: invisible and right-to-left characters a
// candidate sends (U+200B..U+200F, U+202A..U+202E, U+2066..U+2069, U+FEFF, alone or inside
// text, in values and keys) reach neither the terminal nor junit.xml nor verify-report raw;
// an OTA answer repeating "success" (false, then true) is a required finding, never taken silently.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runCommand } from '../../src/cli/commands/run.js';
import { verifyReportCommand } from '../../src/cli/commands/verify-report.js';
import { captureIo } from '../e2e/helpers.js';
import { ENV, startCrafted, writeProfile } from './crafted-candidate.js';
import type { CraftedServer } from './crafted-candidate.js';

const servers: CraftedServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

const RAW = /[\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]/u;
const INVISIBLE = ['\u202e', '\ufeff\ufeff', '\u200b', 'ab\u2066cd\u2069', '\u200f\u200e', 'id\u202dX'];

describe('a candidate’s invisible characters and repeated keys (issue 28, 6c, 6d, 8c)', () => {
  it('invisible and bidi characters are made visible in the terminal, junit.xml and verify-report', async () => {
    const body = JSON.stringify({ success: false, ['k\u202e']: 1, errors: INVISIBLE.map((m, i) => ({ id: i, msg: m })), '\u200b': '\u2067' });
    const server = await startCrafted(() => ({ body }));
    servers.push(server);
    const io = captureIo(undefined, ENV);
    const outputDir = join(io.cwd, 'out');
    await runCommand(
      {
        target: 'ota',
        profile: writeProfile(io.cwd, server.url),
        allowHttp: true,
        suite: ['setup'],
        reporter: ['terminal', 'json', 'junit', 'html'],
        outputDir,
      },
      io,
    );
    expect(io.out() + io.err()).not.toMatch(RAW);
    expect(io.out()).toMatch(/\\u202e|\\u200b|\\ufeff/);
    expect(readFileSync(join(outputDir, 'junit.xml'), 'utf8')).not.toMatch(RAW);
    for (const file of ['report.json', 'report.html']) {
      const each = captureIo();
      await verifyReportCommand({ file: join(outputDir, file) }, each);
      expect(each.out() + each.err()).not.toMatch(RAW);
    }
  }, 60_000);

  it('"success": false … "success": true in an OTA answer fails the required unique-keys check, showing both values', async () => {
    const server = await startCrafted(() => ({ body: '{"success": false, "errors": [{"id": 1, "msg": "x"}], "success": true}' }));
    servers.push(server);
    const io = captureIo(undefined, ENV);
    const { result } = await runCommand(
      { target: 'ota', profile: writeProfile(io.cwd, server.url), allowHttp: true, suite: ['setup'], reporter: [], outputDir: join(io.cwd, 'o') },
      io,
    );
    const check = result.suites.flatMap((s) => s.checks).find((c) => c.id === 'protocol.json-unique-keys')!;
    expect(check.outcome).toBe('fail');
    expect(check.level).toBe('required');
    expect(JSON.stringify(check.actual)).toMatch(/"key":"success".*"first":"false".*"then":"true"/);
    expect(result.verdict).not.toMatch(/^certified/);
  }, 60_000);
});
