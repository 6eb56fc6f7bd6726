// Bad inputs to the harness: every one is exit code 2 with a message naming the file, the
// line and the field, never a stack trace.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.js';
import { captureIo } from '../e2e/helpers.js';

const PROFILE =
  'target: ota\nbase_url: https://ota.test/api\nshared_secret: s3cret-value\npms_cid: abc\nproperty:\n  pms_property_id: 1\n  wbp_property_id: "1001"\n  wbp_property_password: pw-value\n';
const SUITE = 'suite: mine\ntitle: Mine\nversion: 1.0.0\ntarget: ota\nsteps:\n  - id: hc\n    call: HealthCheck\n';

async function run(files: Record<string, string>, args: (dir: string) => string[], env: NodeJS.ProcessEnv = {}) {
  const io = captureIo(undefined, env);
  for (const [name, text] of Object.entries(files)) writeFileSync(join(io.cwd, name), text);
  const code = await main(args(io.cwd), io);
  return { code, err: io.err(), out: io.out(), dir: io.cwd };
}

const CASES: Array<[string, Record<string, string>, (dir: string) => string[], RegExp]> = [
  [
    'malformed YAML in a suite',
    { 's.yaml': SUITE.replace('steps:', 'steps: [') },
    (d) => ['validate', '--suite', join(d, 's.yaml')],
    /s\.yaml:\d+:\d+: invalid YAML/,
  ],
  [
    'an unknown operation in a suite',
    { 's.yaml': SUITE.replace('HealthCheck', 'HealthCheckz') },
    (d) => ['validate', '--suite', join(d, 's.yaml')],
    /s\.yaml:7:11 \(steps\[0\]\.call\): unknown operation "HealthCheckz"/,
  ],
  [
    'a wrong type in a suite',
    { 's.yaml': SUITE.replace('version: 1.0.0', 'version: [1]') },
    (d) => ['validate', '--suite', join(d, 's.yaml')],
    /s\.yaml:3:10 \(version\): must be string/,
  ],
  [
    'a wrong type in a profile',
    { 'p.yaml': PROFILE.replace('pms_property_id: 1', 'pms_property_id: "one"') },
    (d) => ['validate', '--profile', join(d, 'p.yaml')],
    /p\.yaml:6:20 \(property\.pms_property_id\): must be a whole number/,
  ],
  [
    'malformed YAML in a profile',
    { 'p.yaml': PROFILE.replace('pms_cid: abc', 'pms_cid: [abc') },
    (d) => ['validate', '--profile', join(d, 'p.yaml')],
    /p\.yaml:\d+:\d+: invalid YAML/,
  ],
  [
    'a missing environment variable behind a secret',
    { 'p.yaml': PROFILE.replace('s3cret-value', '${CM_NOT_SET}') },
    (d) => ['run', '--target', 'ota', '--profile', join(d, 'p.yaml')],
    /p\.yaml:3:16 \(shared_secret\): environment variable CM_NOT_SET is not set/,
  ],
  [
    'an unknown key in a profile',
    { 'p.yaml': `${PROFILE}colour: blue\n` },
    (d) => ['validate', '--profile', join(d, 'p.yaml')],
    /p\.yaml:9:1 \(colour\): unknown field "colour"/,
  ],
  [
    'a profile for the other target',
    { 'p.yaml': PROFILE },
    (d) => ['run', '--target', 'pms', '--profile', join(d, 'p.yaml')],
    /p\.yaml:1 \(target\): the profile is for the ota target/,
  ],
  ['a missing profile file', {}, (d) => ['run', '--target', 'ota', '--profile', join(d, 'nope.yaml')], /nope\.yaml: cannot read profile: file not found/],
  [
    'an unreadable profile (a directory)',
    {},
    (d) => (mkdirSync(join(d, 'dir.yaml')), ['run', '--target', 'ota', '--profile', join(d, 'dir.yaml')]),
    /dir\.yaml: cannot read profile: is a directory/,
  ],
  [
    'an unreadable suite (a directory)',
    { 'p.yaml': PROFILE },
    (d) => (mkdirSync(join(d, 'suite.yaml')), ['run', '--target', 'ota', '--profile', join(d, 'p.yaml'), '--suite', join(d, 'suite.yaml')]),
    /suite\.yaml: cannot read suite: is a directory/,
  ],
  [
    'an unknown built-in suite',
    { 'p.yaml': PROFILE },
    (d) => ['run', '--target', 'ota', '--profile', join(d, 'p.yaml'), '--suite', 'setupp'],
    /unknown suite "setupp" for the ota target/,
  ],
  [
    'an unknown reporter',
    { 'p.yaml': PROFILE },
    (d) => ['run', '--target', 'ota', '--profile', join(d, 'p.yaml'), '--reporter', 'pdf'],
    /unknown reporter "pdf"/,
  ],
  [
    'a bad --grep pattern',
    { 'p.yaml': PROFILE },
    (d) => ['run', '--target', 'ota', '--profile', join(d, 'p.yaml'), '--grep', '(['],
    /--grep: invalid regular expression/,
  ],
  [
    'a JSON payload that is not JSON',
    { 'b.json': '{nope' },
    (d) => ['validate', '--operation', 'ARIUpdate', '--kind', 'request', join(d, 'b.json')],
    /b\.json is not JSON/,
  ],
  [
    'an unknown operation to validate',
    { 'b.json': '{}' },
    (d) => ['validate', '--operation', 'Teleport', '--kind', 'request', join(d, 'b.json')],
    /--operation must be one of/,
  ],
];

describe('bad inputs to the harness', () => {
  it.each(CASES)('%s: exit 2 with file, line and field', async (_name, files, args, message) => {
    const { code, err } = await run(files, args);
    expect(err).toMatch(message);
    expect(err).not.toMatch(/\n\s+at /); // no stack trace
    expect(err).not.toContain('s3cret-value');
    expect(code).toBe(2);
  });
});
