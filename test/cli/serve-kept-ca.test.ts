// `serve reference-ota` keeps its test CA (issue 28 item 18): made once in --ca-dir (or the
// cache folder), 0700 folder and 0600 key, reused at the next start with the same fingerprint,
// printed; a folder every user may write is refused, and a key file others may read is not
// reused. Before (f9e7431): a new test CA at every start, so a partner re-trusted it each time.
// A refused default cache folder is named with where it came from, not as "--ca-dir:".
import { chmodSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Agent, request } from 'undici';
import { describe, expect, it, vi } from 'vitest';
import { keptTestPki } from '../../src/cli/kept-test-pki.js';
import { UsageError } from '../../src/support/errors.js';
import { captureIo } from '../e2e/helpers.js';
import { tempDir } from '../support/temp-dir.js';

describe('the kept test CA of serve reference-ota', () => {
  it('is made once with safe permissions and reused, same fingerprint; a key others may read is replaced', async () => {
    const dir = join(tempDir('cm-certify-ca-'), 'kept');
    const first = await keptTestPki(dir);
    expect(first.reused).toBe(false);
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    expect(statSync(join(dir, 'reference-ota-tls.key.pem')).mode & 0o777).toBe(0o600);
    expect(readFileSync(first.caFile, 'utf8')).not.toMatch(/PRIVATE KEY/);
    const second = await keptTestPki(dir);
    expect(second.reused).toBe(true);
    expect(second.fingerprint).toBe(first.fingerprint);
    expect(second.pki.cert).toBe(first.pki.cert);
    chmodSync(join(dir, 'reference-ota-tls.key.pem'), 0o644);
    const third = await keptTestPki(dir);
    expect(third.reused).toBe(false);
    expect(third.fingerprint).not.toBe(first.fingerprint);
  }, 60_000);

  it('two starts at once on an empty folder serve one CA, the one its CA file holds (round 43: one kept the key, the other the CA)', async () => {
    for (let pair = 0; pair < 4; pair++) {
      const dir = join(tempDir('cm-certify-ca-'), 'kept');
      const [a, b] = await Promise.all([keptTestPki(dir), keptTestPki(dir)]);
      expect(a.fingerprint).toBe(b.fingerprint);
      expect(a.pki.cert).toBe(b.pki.cert);
      expect([a.reused, b.reused].sort()).toEqual([false, true]);
      expect(readFileSync(a.caFile, 'utf8')).toBe(a.pki.ca);
      expect((await keptTestPki(dir)).fingerprint).toBe(a.fingerprint);
    }
  }, 60_000);

  it('a key file kept before round 43 (key and leaf, the CA beside it) is still reused', async () => {
    const dir = join(tempDir('cm-certify-ca-'), 'kept');
    const first = await keptTestPki(dir);
    writeFileSync(join(dir, 'reference-ota-tls.key.pem'), `${first.pki.key}${first.pki.cert}`, { mode: 0o600 });
    const again = await keptTestPki(dir);
    expect(again.reused).toBe(true);
    expect(again.fingerprint).toBe(first.fingerprint);
  }, 60_000);

  it('refuses a folder every user may write', async () => {
    const dir = join(tempDir('cm-certify-ca-'), 'open');
    mkdirSync(dir);
    chmodSync(dir, 0o777);
    await expect(keptTestPki(dir)).rejects.toThrow(UsageError);
    await expect(keptTestPki(dir)).rejects.toThrow(/writable by every user/);
  });

  it('serve names the default cache folder and where it came from when it refuses it (no --ca-dir given)', async () => {
    const { serveCommand } = await import('../../src/cli/commands/serve.js');
    const cache = tempDir('cm-certify-cache-');
    mkdirSync(join(cache, 'reference-ota'));
    chmodSync(join(cache, 'reference-ota'), 0o777);
    const io = captureIo(undefined, { CM_CERTIFY_CACHE_DIR: cache });
    const message = await serveCommand({ candidate: 'reference-ota', port: '0' }, io).then(
      (code) => `exit ${code}: ${io.err()}`,
      (error: Error) => error.message,
    );
    expect(message).toMatch(/^the cache folder \(from CM_CERTIFY_CACHE_DIR; give --ca-dir/);
    expect(message).toContain(join(cache, 'reference-ota'));
    expect(message).not.toMatch(/^--ca-dir:/);
    expect(message).toMatch(/writable by every user/);
  });

  it('serve prints the CA file and its fingerprint; the next start serves under the same CA', async () => {
    const { serveCommand } = await import('../../src/cli/commands/serve.js');
    const caDir = join(tempDir('cm-certify-ca-'), 'ca');
    const start = async () => {
      const controller = new AbortController();
      const io = { ...captureIo(), signal: controller.signal };
      const running = serveCommand({ candidate: 'reference-ota', port: '0', caDir }, io);
      await vi.waitFor(() => expect(io.out()).toContain('base URL: https://'), { timeout: 10_000 });
      const out = io.out();
      const base = /base URL: (\S+)/.exec(out)![1]!;
      const caFile = /trust its CA with --ca (\S+)/.exec(out)![1]!;
      const fingerprint = /test CA SHA-256 fingerprint: (\S+)/.exec(out)![1]!;
      const agent = new Agent({ connect: { ca: readFileSync(caFile) } });
      const res = await request(`${base}/HealthCheck`, { method: 'POST', dispatcher: agent, headers: { 'content-type': 'application/json' }, body: '{}' });
      await res.body.text();
      await agent.close();
      controller.abort();
      expect(await running).toBe(0);
      return { out, caFile, fingerprint };
    };
    const first = await start();
    expect(first.out).toContain('made now, kept for the next starts');
    const second = await start();
    expect(second.out).toContain('kept from an earlier start');
    expect(second.fingerprint).toBe(first.fingerprint);
    expect(second.caFile).toBe(first.caFile);
  }, 60_000);
});
