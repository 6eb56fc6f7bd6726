// Issue 28 item 12: the host a run calls is the host every output names. A base URL with a
// backslash before its "userinfo" (`http://HOST\@ota.victim.example/api`) calls HOST, and the
// certificate and terminal say HOST, never `[redacted]@ota.victim.example`; a look-alike
// (Cyrillic) host is shown in punycode; verify-report --base-url compares URLs normalised.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runCommand } from '../../src/cli/commands/run.js';
import { verifyReportCommand } from '../../src/cli/commands/verify-report.js';
import { parseProfile } from '../../src/profile/load-profile.js';
import { Redactor } from '../../src/support/redact.js';
import { captureIo } from '../e2e/helpers.js';
import { ENV, startCrafted, writeProfile } from './crafted-candidate.js';
import type { CraftedServer } from './crafted-candidate.js';

const servers: CraftedServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

const PROFILE = (baseUrl: string): string =>
  [
    'target: ota',
    `base_url: '${baseUrl}'`,
    'shared_secret: s3cr3t-value',
    'pms_cid: abc',
    'currency: EUR',
    'property: {pms_property_id: 1, wbp_property_id: "1001", wbp_property_password: pw-value-1}',
  ].join('\n');

/** The host a reader takes from a URL as printed: what stands between :// and the first / (after any @). */
const shownHost = (url: string): string => /^[a-z]+:\/\/([^/]*)/i.exec(url)![1]!.split('@').pop()!;

describe('the host a run calls is the host it names (issue 28 item 12)', () => {
  it('a backslash before "@": the profile, the redacted URL and the display name all name the host called', () => {
    const profile = parseProfile(PROFILE('http://127.0.0.1:9\\@ota.victim.example/api'), 'p.yaml', {});
    const redactor = new Redactor();
    for (const text of [profile.baseUrl, redactor.url(profile.baseUrl), profile.name]) {
      expect(shownHost(text), text).toBe('127.0.0.1:9');
      expect(new URL(text).host).toBe('127.0.0.1:9');
    }
  });

  it('a run through such a URL: the certificate and the terminal name 127.0.0.1, not ota.victim.example', async () => {
    const server = await startCrafted(() => ({ body: '{}' }));
    servers.push(server);
    const io = captureIo(undefined, ENV);
    const hostile = server.url.replace('/api', '\\@ota.victim.example/api');
    const outputDir = join(io.cwd, 'out');
    await runCommand({ target: 'ota', profile: writeProfile(io.cwd, `'${hostile}'`), allowHttp: true, suite: ['setup'], reporter: ['json'], outputDir }, io);
    const report = JSON.parse(readFileSync(join(outputDir, 'report.json'), 'utf8')) as { certificate: { identity: { base_url: string; name: string } } };
    expect(shownHost(report.certificate.identity.base_url)).toMatch(/^127\.0\.0\.1:\d+$/);
    expect(io.out()).not.toMatch(/\/\/[^/\s]*@ota\.victim\.example/);
  });

  it('a look-alike host (Cyrillic а) is shown in punycode; an upper-case scheme and a trailing slash are normalised', () => {
    const profile = parseProfile(PROFILE('HTTPS://\u0430pple.example/api/'), 'p.yaml', {});
    expect(profile.baseUrl).toBe('https://xn--pple-43d.example/api');
    expect(profile.name).toBe('https://xn--pple-43d.example/api');
  });

  it('verify-report --base-url accepts the same URL with a trailing slash or an upper-case scheme and host', async () => {
    const server = await startCrafted(() => ({ body: '{}' }));
    servers.push(server);
    const io = captureIo(undefined, ENV);
    const outputDir = join(io.cwd, 'out');
    await runCommand({ target: 'ota', profile: writeProfile(io.cwd, server.url), allowHttp: true, suite: ['setup'], reporter: ['json'], outputDir }, io);
    const file = join(outputDir, 'report.json');
    writeFileSync(join(io.cwd, 'x'), '');
    for (const given of [`${server.url}/`, server.url.replace('http://', 'HTTP://'), server.url]) {
      const each = captureIo();
      await verifyReportCommand({ file, baseUrl: given }, each);
      expect(each.out()).not.toMatch(/not http/i);
      expect(each.out()).toContain('gate (--base-url): passed');
    }
    const other = captureIo();
    expect(await verifyReportCommand({ file, baseUrl: server.url.replace('/api', '/other') }, other)).toBe(1);
  });
});
