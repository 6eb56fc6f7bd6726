// Issue 28, left weak 4h: a profile from a repository read any ${VAR} of the environment, so
// `name: ${AWS_ACCESS_KEY_ID}` (a field the report shows, listed in public_env) wrote it into
// the report in clear. A profile now reads CM_* variables and those the person running
// cm-certify lists in CM_ALLOW_ENV; any other is a profile error naming file:line:column and
// field, exit 2, and its value is never read.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.js';
import { parseProfile } from '../../src/profile/load-profile.js';
import { captureIo } from '../e2e/helpers.js';

const KEY = 'AKIAIOSFODNN7EXAMPLE';
const PROFILE = [
  'target: ota',
  'name: "${AWS_ACCESS_KEY_ID}"',
  'public_env: [AWS_ACCESS_KEY_ID]',
  'base_url: http://127.0.0.1:9/api',
  'shared_secret: ${CM_SHARED_SECRET}',
  'pms_cid: abc',
  'currency: EUR',
  'property: {pms_property_id: 1, wbp_property_id: "1001", wbp_property_password: "${CM_PROPERTY_PASSWORD}"}',
].join('\n');
const ENV = { AWS_ACCESS_KEY_ID: KEY, CM_SHARED_SECRET: 'secret-1234', CM_PROPERTY_PASSWORD: 'pw-12345' };

describe('a profile reads only the variables it may (issue 28, 4h)', () => {
  it('${AWS_ACCESS_KEY_ID} is a profile error at file:line:column and field, naming the variable, never its value', () => {
    let error: Error | undefined;
    try {
      parseProfile(PROFILE, 'repo/p.yaml', ENV);
    } catch (e) {
      error = e as Error;
    }
    expect(error?.name).toBe('ProfileError');
    expect(error!.message).toMatch(/repo\/p\.yaml:2:7 \(name\)/);
    expect(error!.message).toContain('AWS_ACCESS_KEY_ID');
    expect(error!.message).toContain('CM_ALLOW_ENV');
    expect(error!.message).not.toContain(KEY);
  });

  it('run with such a profile exits 2 and prints nothing of the value', async () => {
    const io = captureIo(undefined, ENV);
    writeFileSync(join(io.cwd, 'p.yaml'), PROFILE);
    expect(await main(['run', '--target', 'ota', '--profile', 'p.yaml', '--allow-http', '-r', 'json', '-o', 'out'], io)).toBe(2);
    expect(io.out() + io.err()).not.toContain(KEY);
    expect(io.err()).toContain('AWS_ACCESS_KEY_ID');
  });

  it('CM_* variables are read, and a variable the person running it lists in CM_ALLOW_ENV', () => {
    expect(() => parseProfile(PROFILE.replace('AWS_ACCESS_KEY_ID}', 'CM_NAME}'), 'p.yaml', { ...ENV, CM_NAME: 'Acme' })).not.toThrow();
    const allowed = parseProfile(PROFILE, 'p.yaml', { ...ENV, CM_ALLOW_ENV: 'OTHER, AWS_ACCESS_KEY_ID' });
    expect(allowed.name).toBe(KEY);
  });
});
