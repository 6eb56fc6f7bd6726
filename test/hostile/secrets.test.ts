// Secrets never leave in clear: plant known values (plain, and with characters that JSON,
// XML, HTML and URLs escape), run every target with every reporter — certified runs and
// failing runs, whose evidence is where a leak would hide — and scan everything written.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCommand } from '../../src/cli/commands/run.js';
import { captureIo } from '../e2e/helpers.js';
import { type ResidentCli, residentCli } from '../support/cli-resident.js';
import { testClock, writeTestPmsProfile } from '../e2e/pms-profile.js';
import { tempDir } from '../support/temp-dir.js';
import { testPkiEnv } from '../support/test-pki-env.js';

const SECRETS = {
  CM_SHARED_SECRET: 'Planted-Shared-9f3c&<x>"q',
  CM_PROPERTY_PASSWORD: "Planted-Pass'word-7d21",
  CM_OTHER_PASSWORD: 'Planted-Other-b4e0/+?=',
};
const VALUES = Object.values(SECRETS);

/** Every form a secret can take in output: raw, JSON-, URL-, XML- and HTML-escaped. */
function forms(secret: string): string[] {
  const xml = secret.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');
  const html = secret.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
  return [...new Set([secret, JSON.stringify(secret).slice(1, -1), encodeURIComponent(secret), xml, html, secret.slice(0, 12)])];
}

function scan(label: string, text: string): void {
  for (const secret of VALUES) for (const form of forms(secret)) expect(text.includes(form), `${label} contains ${JSON.stringify(form)}`).toBe(false);
  // The spec's own placeholder (quoted beside a failing check by a reading) is not a value, nor
  // a curl reproduction's variable ('"${CM_SHARED_SECRET}", XML-escaped in JUnit), nor a
  // credential the harness made up to be wrong (shown so a reproduction sends it).
  for (const match of text.matchAll(/shared_secret=(?!<SHARED_SECRET>|&lt;SHARED_SECRET&gt;|'"\$\{|&apos;&quot;\$\{)([^&\s"'<]{0,20})/g)) {
    expect(match[1], `${label}: ${match[0]}`).toMatch(/^(\[redacted\]|%5Bredacted%5D|wrong-[0-9a-f]{12}$)/);
  }
}

function written(dir: string): Array<[string, string]> {
  return readdirSync(dir).map((f) => [f, readFileSync(join(dir, f), 'utf8')] as [string, string]);
}

/**
 * The OTA runs, through the build's main() in one process of the CLI (test/support/cli-resident.ts),
 * one after another: each with its own stdout and stderr, and whatever that process wrote past
 * them scanned at the end. Node's start and the CLI's modules once, not three times.
 */
let resident: ResidentCli | undefined;
const cli = (args: string[]) =>
  (resident ??= residentCli(tempDir('cm-certify-secrets-cli-'), { PATH: process.env.PATH, CI: '1', ...testPkiEnv(), ...SECRETS })).run(args);

afterAll(async () => {
  await resident?.close();
  scan('the CLI process', resident?.stray() ?? '');
});

const REPORTERS = ['--reporter', 'json', '--reporter', 'junit', '--reporter', 'html'];

describe.concurrent('planted secrets never appear in anything cm-certify writes', () => {
  it.each([
    ['OTA, certified', [] as string[]],
    ['OTA, a wrong secret accepted (auth evidence)', ['--variant', 'auth-ignores-query-secret']],
    ['OTA, HTML error pages (bodies as evidence)', ['--variant', 'html-error-page']],
  ])(
    '%s: stdout, stderr and every report',
    async (_label, extra) => {
      const dir = tempDir('cm-certify-secrets-');
      const r = await cli(['run', '--target', 'ota', '--reference', ...extra, ...REPORTERS, '-o', dir]);
      expect([0, 1]).toContain(r.code);
      scan('stdout', r.stdout);
      scan('stderr', r.stderr);
      const files = written(dir);
      expect(files.map(([f]) => f).sort()).toEqual(['junit.xml', 'report.html', 'report.json']);
      for (const [name, text] of files) scan(name, text);
    },
    // Up to three runs long: the three wait for one another in the one process.
    180_000,
  );

  it.each([
    ['PMS, certified', [] as string[], undefined],
    ['PMS, a wrong password sent (credential evidence)', ['setup-wrong-password'], ['setup']],
    ['PMS, the secret only in the body', ['secret-only-in-body'], ['setup']],
  ])(
    '%s: stdout and every report',
    async (_label, variant, suite) => {
      const io = captureIo(testClock(), { ...SECRETS });
      const profile = writeTestPmsProfile(io.cwd);
      const dir = join(io.cwd, 'out');
      const { result } = await runCommand(
        {
          target: 'pms',
          reference: true,
          profile,
          variant: variant as never,
          reporter: ['json', 'junit', 'html'],
          outputDir: dir,
          ...(suite ? { suite } : {}),
        },
        io,
      );
      expect(result.exchanges.length).toBeGreaterThanOrEqual(2);
      scan('stdout', io.out());
      scan('stderr', io.err());
      for (const [name, text] of written(dir)) scan(name, text);
    },
    60_000,
  );
});
