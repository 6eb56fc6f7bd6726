// The programmatic API (src/index.ts): run() takes the CLI's run options as an object and
// resolves with the RunResult; it prints nothing unless given a stream, writes report files
// only when asked, and throws the named errors instead of exiting. The API does not start
// the reference candidates (the CLI's --reference does): here the test starts the reference
// OTA itself, as a partner starts their own candidate, and gives run() a profile and a CA.
import { existsSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exitCodeForVerdict, run, UsageError } from '../../src/index.js';
import type { RunOptions, RunResult } from '../../src/index.js';
import { startReferenceOta } from '../../src/reference/ota/index.js';
import type { ReferenceOtaServer } from '../../src/reference/ota/index.js';
import { loadProfile } from '../../src/profile/load-profile.js';
import { createTestPki } from '../../src/support/certificates.js';
import { systemClock } from '../../src/support/clock.js';
import { captureIo } from '../e2e/helpers.js';

const PROFILE = join(import.meta.dirname, '..', '..', 'fixtures', 'profiles', 'reference-ota.yaml');

let server: ReferenceOtaServer;
let caPem: string;
let env: NodeJS.ProcessEnv;
const dirs: string[] = [];

beforeAll(async () => {
  const pki = await createTestPki();
  caPem = pki.ca;
  // The server accepts the credentials the profile gives (its defaults: no variable set).
  const profile = loadProfile(PROFILE, {});
  server = await startReferenceOta({
    clock: systemClock,
    sharedSecret: profile.sharedSecret,
    property: profile.property,
    faults: [],
    ...(profile.fixtures.not_enabled_property ? { notEnabled: profile.fixtures.not_enabled_property } : {}),
    tls: { cert: Buffer.from(pki.cert), key: Buffer.from(pki.key) },
  });
  env = { CM_REFERENCE_URL: server.baseUrl.replace(/\/api$/, '') };
});

afterAll(async () => {
  await server?.close();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** A fresh working directory holding the CA of the candidate's certificate (ca.pem). */
function workDir(): string {
  const cwd = captureIo().cwd;
  dirs.push(cwd);
  writeFileSync(join(cwd, 'ca.pem'), caPem);
  return cwd;
}

describe('run()', () => {
  it('certifies a candidate the caller started, and resolves with the RunResult, printing nothing by default', async () => {
    const cwd = workDir();
    const result: RunResult = await run({ target: 'ota', profile: PROFILE, ca: 'ca.pem', env, suite: ['https', 'setup'], cwd });
    // Two suites selected: every check passed, but a selection certifies nothing.
    expect(result.verdict).toBe('passed-partial');
    expect(result.target).toBe('ota');
    expect(result.transport).toBe('https');
    expect(result.candidate.baseUrl).toBe(server.baseUrl);
    expect(result.counts.pass).toBeGreaterThan(3);
    expect(result.counts.fail).toBe(0);
    expect(exitCodeForVerdict(result.verdict)).toBe(0);
    expect(existsSync(join(cwd, 'cm-certify-report'))).toBe(false);
  });

  it('without the CA the certificate is not trusted: nothing is proven, and the exit code says so', async () => {
    const result = await run({ target: 'ota', profile: PROFILE, env, suite: ['https'], cwd: workDir() });
    expect(result.verdict).toBe('incomplete');
    expect(exitCodeForVerdict(result.verdict)).toBe(3);
  });

  it('writes the terminal report to a given stream and report files when asked', async () => {
    const cwd = workDir();
    let out = '';
    const stdout = new Writable({
      write(chunk, _e, done) {
        out += String(chunk);
        done();
      },
    });
    const result = await run({ target: 'ota', profile: PROFILE, ca: 'ca.pem', env, suite: ['https'], cwd, stdout, reporter: ['json'], outputDir: 'r' });
    expect(out).toMatch(/Verdict: /);
    expect(existsSync(join(cwd, 'r', 'report.json'))).toBe(true);
    expect(result.suites.map((s) => s.name)).toEqual(['https']);
  });

  it('throws a UsageError for a bad option instead of exiting', async () => {
    await expect(run({ target: 'ota', cwd: workDir() })).rejects.toBeInstanceOf(UsageError);
    await expect(run({ target: 'ota', profile: PROFILE, env, cwd: workDir(), reporter: ['pdf'] })).rejects.toThrow(/unknown reporter "pdf"/);
    // A caller without the types: an unknown target is named, not a TypeError from deep inside.
    await expect(run({ target: 'hotel' } as unknown as RunOptions)).rejects.toThrow(/^target: "hotel" is not a target; give ota/);
    await expect(run({ target: 7 } as unknown as RunOptions)).rejects.toBeInstanceOf(UsageError);
  });

  it('does not start the reference candidates: `reference` is refused, not ignored', async () => {
    const old = { target: 'ota', reference: true, cwd: workDir() } as unknown as RunOptions;
    await expect(run(old)).rejects.toThrow(/reference candidates are started by the command line only/);
  });
});
