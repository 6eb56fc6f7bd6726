// The reference candidates' test PKI (src/cli/reference.ts makeTestTls): a real run makes a
// fresh CA and leaf each time; only a process given CM_CERTIFY_TEST_PKI (the test suite sets it
// once per run, test/support/temp-root.global.ts) reads that file instead, and a file that is
// not a PKI is refused by name. The shared file holds no CA key.
import { X509Certificate } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { UsageError } from '../../src/support/errors.js';
import { describe, expect, it } from 'vitest';
import { makeTestTls, TEST_PKI_VAR } from '../../src/cli/reference.js';
import { tempDir } from '../support/temp-dir.js';

describe('the reference test PKI', () => {
  it('is fresh for each run without the variable: a new CA, and a leaf it signed', async () => {
    const [a, b] = await Promise.all([makeTestTls({}), makeTestTls({})]);
    expect(a.ca.equals(b.ca)).toBe(false);
    expect(a.key.equals(b.key)).toBe(false);
    expect(new X509Certificate(a.cert).checkIssued(new X509Certificate(a.ca))).toBe(true);
    const shared = process.env[TEST_PKI_VAR];
    if (shared) expect(a.ca.toString()).not.toBe(JSON.parse(readFileSync(shared, 'utf8')).ca);
  });

  it('is the file the variable names, in every process of a test run (and that file holds no CA key)', async () => {
    const shared = process.env[TEST_PKI_VAR];
    expect(shared, 'temp-root.global.ts sets it').toBeTruthy();
    const file = JSON.parse(readFileSync(shared!, 'utf8')) as Record<string, string>;
    expect(Object.keys(file).sort()).toEqual(['ca', 'cert', 'key']);
    const tls = await makeTestTls({ [TEST_PKI_VAR]: shared });
    expect(tls.ca.toString()).toBe(file.ca);
    expect(tls.cert.toString()).toBe(file.cert);
    expect(tls.key.toString()).toBe(file.key);
    expect(new X509Certificate(tls.cert).checkIssued(new X509Certificate(tls.ca))).toBe(true);
  });

  it('refuses a file that is not a PKI, naming the variable', async () => {
    const bad = join(tempDir(), 'pki.json');
    writeFileSync(bad, JSON.stringify({ ca: 'x', cert: 'y' }));
    await expect(makeTestTls({ [TEST_PKI_VAR]: bad })).rejects.toThrow(TEST_PKI_VAR);
    // Not JSON, and a folder: refused as any file someone named (the one reader), never a crash or a hang.
    writeFileSync(bad, 'not json');
    await expect(makeTestTls({ [TEST_PKI_VAR]: bad })).rejects.toThrow(UsageError);
    await expect(makeTestTls({ [TEST_PKI_VAR]: tempDir() })).rejects.toThrow(/CM_CERTIFY_TEST_PKI file.*is a directory/);
  });
});
