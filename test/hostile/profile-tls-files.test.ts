// Issue 28 items 14 and 18: the profile's TLS files are checked where the profile is. `validate`
// refuses a tls.ca that does not exist (exit 2 at tls.ca), `run` names tls.ca rather than a
// --ca that was not given, and a tls.key that is not a key is exit 2 at tls.key. Before
// (f9e7431): validate passed (exit 0), run said "--ca …: file not found", and a bad key was
// "cannot listen on 127.0.0.1:0: ERR_OSSL_UNSUPPORTED" at the listen field. The four commands
// go through main() of the build in one resident process (test/support/cli-resident.ts), each
// in its own folder: what is tested is the command's answer, not the process's start.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createSelfSigned } from '../../src/support/certificates.js';
import { type ResidentCli, residentCli } from '../support/cli-resident.js';
import { tempDir } from '../support/temp-dir.js';
import { testPkiEnv } from '../support/test-pki-env.js';

const PMS = [
  'target: pms',
  'base_url: http://127.0.0.1:9/cb',
  'shared_secret: s3cret-value-long',
  'pms_cid: abc',
  'property: {pms_property_id: 1, wbp_property_id: "1001", wbp_property_password: pw-value}',
  'listen: 127.0.0.1:0',
  'hooks: {start_setup: {command: "true"}}',
].join('\n');

function folder(tls: string): string {
  const dir = tempDir('cm-certify-tls-files-');
  const pair = createSelfSigned();
  writeFileSync(join(dir, 'good.cert'), pair.cert);
  writeFileSync(join(dir, 'bad.key'), 'not a key\n');
  writeFileSync(join(dir, 'p.yaml'), `${PMS}\ntls: ${tls}\n`);
  return dir;
}

let resident: ResidentCli | undefined;
afterAll(async () => {
  await resident?.close();
  expect(resident?.stray() ?? '').toBe('');
});

/** The command in `cwd`, as the hostile tests' process would run it (cli-process.ts's environment). */
async function runCli(args: string[], cwd: string): Promise<{ code: number; out: string; err: string }> {
  const env = { PATH: process.env.PATH, CI: '1', ...testPkiEnv() };
  const ran = await (resident ??= residentCli(cwd, env)).run(args, { cwd, env });
  return { code: ran.code, out: ran.stdout, err: ran.stderr };
}

describe('the profile’s TLS files', () => {
  it('validate refuses a tls.ca that does not exist, at tls.ca (exit 2)', async () => {
    const dir = folder('{ca: missing.pem}');
    const run = await runCli(['validate', '--profile', 'p.yaml'], dir);
    expect(run.code, run.out).toBe(2);
    expect(run.err).toMatch(/p\.yaml \(tls\.ca\): cannot read tls\.ca .*missing\.pem: file not found/);
  });

  it('run names tls.ca, not a --ca that was not given', async () => {
    const dir = folder('{ca: missing.pem}');
    const run = await runCli(['run', '--profile', 'p.yaml', '--allow-http', '--mock-http'], dir);
    expect(run.code).toBe(2);
    expect(run.err).toMatch(/\(tls\.ca\)/);
    expect(run.err).not.toMatch(/--ca/);
  });

  it('a tls.key that is not a key is exit 2 at tls.key, in validate and run', async () => {
    const dir = folder('{cert: good.cert, key: bad.key}');
    for (const args of [
      ['validate', '--profile', 'p.yaml'],
      ['run', '--profile', 'p.yaml', '--allow-http'],
    ]) {
      const run = await runCli(args, dir);
      expect(run.code, `${args[0]}: ${run.err}`).toBe(2);
      expect(run.err).toMatch(/p\.yaml \(tls\.key\): tls\.key .*bad\.key is not a PEM private key/);
    }
  });
});
