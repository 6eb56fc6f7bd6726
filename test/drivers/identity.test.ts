// Who was certified (issue 22 items 2 and 9): the SHA-256 of the TLS certificate the
// candidate presented, as the harness's client saw it, per origin; a base URL and cid read
// from the environment shown as they are, only credentials (userinfo, query values from the
// environment) redacted, and validate warning when the certificate would not show the URL;
// the mock channel manager's certificate kept in the cache folder (0600) and reused, so its
// fingerprint is the same run after run, and replaced when it nears its expiry.
import { chmodSync, existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.js';
import { startReferenceOtaCandidate } from '../../src/cli/reference.js';
import { buildCertificate } from '../../src/report/certificate.js';
import { runSession } from '../../src/session/run-session.js';
import { EvidenceLog } from '../../src/drivers/evidence-log.js';
import { HttpClient } from '../../src/drivers/http-client.js';
import { parseProfile } from '../../src/profile/load-profile.js';
import { profileRedactor } from '../../src/session/prepare-run.js';
import { startPmsSide } from '../../src/session/pms-side.js';
import { cachedSelfSigned, RENEW_DAYS_BEFORE_EXPIRY } from '../../src/support/certificate-cache.js';
import { cacheFolder } from '../../src/support/cache-folder.js';
import { systemClock } from '../../src/support/clock.js';
import { Redactor } from '../../src/support/redact.js';
import { captureIo } from '../e2e/helpers.js';
import { tempDir } from '../support/temp-dir.js';
import { tlsFixtures } from '../support/tls-fixtures.js';

const DAY = 24 * 3600 * 1000;

describe("the candidate's TLS certificate", () => {
  it('is the SHA-256 of the certificate the server presented at that origin, and no other', async () => {
    const { server: pair, ca } = tlsFixtures();
    const server = createServer({ cert: pair.cert, key: pair.key }, (_req, res) => res.end('{"success":true}'));
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const url = `https://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
    const client = new HttpClient({
      clock: systemClock,
      redactor: new Redactor([]),
      log: new EvidenceLog(),
      requestTimeoutMs: 5000,
      connectTimeoutMs: 5000,
      maxBodyBytes: 1e6,
      evidenceBodyBytes: 2048,
      userAgent: 't',
      ca: ca.cert,
    });
    try {
      await client.post({ operation: 'HealthCheck', url: `${url}/HealthCheck`, body: {} });
      expect(client.certificatesOf(url)).toEqual([{ fingerprint256: pair.fingerprint256, madeByCmCertify: true }]);
      expect(client.certificatesOf('https://127.0.0.1:1/api')).toEqual([]);
    } finally {
      await client.close();
      await new Promise<void>((r) => server.close(() => r()));
    }
  });
});

describe("cm-certify's own reference candidate under another name", () => {
  it('is named as such in the certificate, found by its TLS certificate, when a profile calls it "Acme Channels OTA (production)"', async () => {
    const dir = tempDir();
    const profile = join(dir, 'acme.yaml');
    writeFileSync(
      profile,
      readFileSync('fixtures/profiles/reference-ota.yaml', 'utf8').replace('name: cm-certify reference OTA', 'name: Acme Channels OTA (production)'),
    );
    const io = { ...captureIo(), cwd: dir };
    // As `serve reference-ota` and a run pointed at it: the harness is not told it is the reference.
    const launch = () => startReferenceOtaCandidate({ clock: systemClock, profilePath: profile });
    const { result } = await runSession({ target: 'ota', suite: ['https'], launch }, io);
    expect(result.candidate.name).toBe('Acme Channels OTA (production)');
    expect(result.candidate.reference).toEqual({ name: 'reference-ota', variants: [], how: expect.stringContaining("made by cm-certify's own test CA") });
    const identity = buildCertificate(result).identity!;
    expect(identity.name).toBe('cm-certify reference-ota (cm-certify\'s own reference candidate, profiled as "Acme Channels OTA (production)")');
    expect(identity.tls_certificate_sha256).toMatch(/^([0-9A-F]{2}:){31}[0-9A-F]{2}$/);
  }, 30_000);
});

const PROFILE = (baseUrl: string): string => `target: ota
name: Acme OTA
base_url: ${baseUrl}
shared_secret: \${CM_SHARED_SECRET}
pms_cid: \${CM_PMS_CID}
property: { pms_property_id: 1, wbp_property_id: "p1", wbp_property_password: "\${CM_PROPERTY_PASSWORD}" }
`;
const ENV = { CM_SHARED_SECRET: 'sk-live-0123456789', CM_PROPERTY_PASSWORD: 'Pa55-word-xyz', CM_PMS_CID: 'acme1' };

describe('the base URL and cid from the environment', () => {
  it('are shown as they are; only the userinfo and the query values from the environment are redacted', () => {
    const plain = parseProfile(PROFILE('${CM_OTA_URL}'), 'p.yaml', { ...ENV, CM_OTA_URL: 'https://ota.acme.example/cm/api' });
    const r = profileRedactor(plain);
    expect(r.url(plain.baseUrl)).toBe('https://ota.acme.example/cm/api');
    expect(r.text(plain.pmsCid)).toBe('acme1');
    expect(r.text('sk-live-0123456789')).toBe('[redacted]');
    const loaded = parseProfile(PROFILE('${CM_OTA_URL}'), 'p.yaml', { ...ENV, CM_OTA_URL: 'https://bot:hunter22@ota.acme.example/api?tenant=t-991' });
    expect(profileRedactor(loaded).url(loaded.baseUrl)).toBe('https://[redacted]@ota.acme.example/api?tenant=[redacted]');
    const literal = parseProfile(PROFILE('https://bot:hunter22@ota.acme.example/api'), 'p.yaml', ENV);
    expect(profileRedactor(literal).text('see hunter22')).toBe('see [redacted]');
  });

  it('validate warns when the certificate would not show the whole base URL', async () => {
    const dir = tempDir();
    const io = { ...captureIo(undefined, { ...ENV, CM_OTA_URL: 'https://bot:hunter22@ota.acme.example/api' }), cwd: dir };
    const { writeFileSync } = await import('node:fs');
    writeFileSync(join(dir, 'p.yaml'), PROFILE('${CM_OTA_URL}'));
    expect(await main(['validate', '--profile', 'p.yaml'], io)).toBe(0);
    expect(io.out()).toContain('valid ota profile for https://[redacted]@ota.acme.example/api');
    expect(io.err()).toContain('warning: the certificate will show base_url as https://[redacted]@ota.acme.example/api');
    expect(io.out() + io.err()).not.toContain('hunter22');
    const clean = { ...captureIo(undefined, { ...ENV, CM_OTA_URL: 'https://ota.acme.example/api' }), cwd: dir };
    expect(await main(['validate', '--profile', 'p.yaml'], clean)).toBe(0);
    expect(clean.err()).toBe('');
  });
});

describe("the mock channel manager's kept certificate", () => {
  it('lives in CM_CERTIFY_CACHE_DIR, else $XDG_CACHE_HOME/cm-certify, else ~/.cache/cm-certify, else nowhere', () => {
    expect(cacheFolder({ CM_CERTIFY_CACHE_DIR: '/c', XDG_CACHE_HOME: '/x', HOME: '/h' })).toBe('/c');
    expect(cacheFolder({ XDG_CACHE_HOME: '/x', HOME: '/h' })).toBe('/x/cm-certify');
    expect(cacheFolder({ HOME: '/h' })).toBe('/h/.cache/cm-certify');
    expect(cacheFolder({})).toBeUndefined();
  });

  it('is reused run after run (its key 0600), and replaced when it nears expiry or is readable by others', async () => {
    const dir = join(tempDir(), 'cache');
    const hosts = ['127.0.0.1', 'localhost'];
    const first = await cachedSelfSigned(hosts, dir);
    const second = await cachedSelfSigned(hosts, dir);
    expect([first.reused, second.reused]).toEqual([false, true]);
    expect(second.pair.fingerprint256).toBe(first.pair.fingerprint256);
    expect(statSync(first.keyFile).mode & 0o777).toBe(0o600);
    expect(readFileSync(first.certFile, 'utf8')).toBe(first.pair.cert);
    expect(readFileSync(first.certFile, 'utf8')).not.toContain('PRIVATE KEY');
    const nearExpiry = first.notAfter.getTime() - (RENEW_DAYS_BEFORE_EXPIRY - 1) * DAY;
    const renewed = await cachedSelfSigned(hosts, dir, nearExpiry);
    expect([renewed.reused, renewed.pair.fingerprint256 === first.pair.fingerprint256]).toEqual([false, false]);
    chmodSync(renewed.keyFile, 0o644);
    const replaced = await cachedSelfSigned(hosts, dir, nearExpiry);
    expect(replaced.reused).toBe(false);
    expect(statSync(replaced.keyFile).mode & 0o777).toBe(0o600);
  }, 30_000);

  it('serves the mock: the same fingerprint and PEM file in two runs, kept after the run', async () => {
    const cache = join(tempDir(), 'cache');
    const profile = parseProfile(`${PROFILE('https://127.0.0.1:1/pms').replace('target: ota', 'target: pms')}listen: 127.0.0.1:0\n`, 'p.yaml', ENV);
    const start = () => startPmsSide(profile, { clock: systemClock, log: new EvidenceLog(), redactor: new Redactor([]), env: { CM_CERTIFY_CACHE_DIR: cache } });
    const prints: string[] = [];
    for (let i = 0; i < 2; i++) {
      const side = await start();
      expect(side.transport?.certificate).toMatchObject({ source: 'cached', file: expect.stringContaining(cache) });
      prints.push(`${side.transport!.certificate!.fingerprint256} ${side.transport!.certificate!.file}`);
      await side.close();
      expect(existsSync(side.transport!.certificate!.file!)).toBe(true);
    }
    expect(prints[1]).toBe(prints[0]);
  }, 30_000);
});
