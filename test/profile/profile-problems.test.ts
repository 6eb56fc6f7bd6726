// Issue 14 item 7: a profile's problems all at once, in plain words; the profile and the
// target found without flags; a JSON Schema with descriptions and the capability names that
// `init` points editors at; README's export lines list every variable the templates use.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseProfile } from '../../src/profile/load-profile.js';
import { PROFILE_SCHEMA } from '../../src/profile/profile-schema.js';
import { CAPABILITY_NAMES } from '../../src/spec/operations.js';
import { ProfileError } from '../../src/support/errors.js';
import { main } from '../../src/cli/main.js';
import { resolveRunTarget } from '../../src/session/find-profile.js';
import { packagePath } from '../../src/support/package-root.js';
import { captureIo } from '../e2e/helpers.js';

const BROKEN = `target: ota
base_url: ota.example.test/api
shared_secrt: \${CM_SHARED_SECRET}
pms_cid: ABC
property: {pms_property_id: 0, wbp_property_id: "1001", wbp_property_password: \${CM_PROPERTY_PASSWORD}}
capabilities: [AckBooking, CancelBookings]
timeouts: {request_ms: 5000, conect_ms: 10}
`;

function problemsOf(text: string, env: NodeJS.ProcessEnv = {}): string {
  try {
    parseProfile(text, 'p.yaml', env);
  } catch (error) {
    expect(error).toBeInstanceOf(ProfileError);
    return (error as Error).message;
  }
  throw new Error('expected a ProfileError');
}

describe('profile problems, all in one pass', () => {
  const message = problemsOf(BROKEN);

  it('lists every unset variable, every unknown key, every bad value, each with file:line (field)', () => {
    expect(message).toMatch(/^p\.yaml: \d+ problems in the profile:\n/);
    expect(message).toContain('p.yaml:2:11 (base_url): must be a URL starting with https://');
    expect(message).toMatch(/p\.yaml:3:1 \(shared_secrt\): unknown field "shared_secrt"\n {4}did you mean "shared_secret"\?/);
    expect(message).toContain('p.yaml:1 (shared_secret): missing required field "shared_secret"');
    expect(message).not.toContain('((');
    expect(message).toContain('(pms_cid): must be lower-case letters and digits only');
    expect(message).toContain('(property.pms_property_id): must be at least 1');
    expect(message).toContain('(property.wbp_property_password): environment variable CM_PROPERTY_PASSWORD is not set');
    expect(message).toMatch(/\(capabilities\[1\]\): unknown capability "CancelBookings"\n {4}did you mean "CancelBooking"\?/);
    expect(message).toMatch(/\(timeouts\.conect_ms\): unknown field "conect_ms"\n {4}did you mean "connect_ms"\?/);
  });

  it('says it in plain words: no regular expression, no schema jargon', () => {
    expect(message).not.toMatch(/\^\[|\$"|must match pattern|must NOT have|additionalProperties/);
  });

  it('the shared_secret variable under the misspelled key is not asked for as well as the key', () => {
    // The misspelled key's value is still interpolated: its variable is reported too, on its own line.
    expect(message).toContain('(shared_secrt): environment variable CM_SHARED_SECRET is not set');
  });

  it('a single problem keeps the one-line form', () => {
    const one = problemsOf(
      BROKEN.replace('ota.example.test/api', 'https://ota.example.test/api')
        .replace('shared_secrt', 'shared_secret')
        .replace('ABC', 'abc')
        .replace('pms_property_id: 0', 'pms_property_id: 1')
        .replace('CancelBookings', 'CancelBooking')
        .replace(', conect_ms: 10', ''),
      { CM_SHARED_SECRET: 's' },
    );
    expect(one).toBe('p.yaml:5:80 (property.wbp_property_password): environment variable CM_PROPERTY_PASSWORD is not set');
  });
});

describe('a removed field', () => {
  const template = (): string => readFileSync(packagePath('fixtures', 'templates', 'ota.profile.yaml'), 'utf8');
  const withParallel = (): string => template().replace(/^(ari:\n)/m, '$1  requests_in_parallel: 4\n');

  it('ari.requests_in_parallel is named as removed, with its file, line and field, not ignored', () => {
    const text = withParallel();
    const line = text.split('\n').findIndex((l) => l.includes('requests_in_parallel')) + 1;
    const message = problemsOf(text, { CM_SHARED_SECRET: 's', CM_PROPERTY_PASSWORD: 'p', CM_OTHER_PASSWORD: 'o', CM_TEST_HOOK_TOKEN: 't' });
    expect(message).toBe(
      `p.yaml:${line}:3 (ari.requests_in_parallel): field "ari.requests_in_parallel" was removed: nothing read it: the harness sends the ARIUpdate requests of a refresh one at a time; delete it`,
    );
    expect(message).not.toContain('did you mean');
  });

  it('`run` refuses such a profile with exit 2, and the same profile without it is read', async () => {
    const env = { CM_SHARED_SECRET: 's', CM_PROPERTY_PASSWORD: 'p', CM_OTHER_PASSWORD: 'o', CM_TEST_HOOK_TOKEN: 't' };
    const io = captureIo();
    writeFileSync(join(io.cwd, 'cm-certify.ota.yaml'), withParallel());
    io.env = env;
    expect(await main(['run', '--suite', 'https'], io)).toBe(2);
    expect(io.err()).toMatch(/cm-certify\.ota\.yaml:\d+:3 \(ari\.requests_in_parallel\): field "ari\.requests_in_parallel" was removed/);
    expect(() => parseProfile(template(), 'p.yaml', env)).not.toThrow();
  });
});

describe('finding the profile and the target', () => {
  it('run finds cm-certify.ota.yaml in the working directory and takes its target', async () => {
    const io = captureIo();
    const text = readFileSync(packagePath('fixtures', 'templates', 'ota.profile.yaml'), 'utf8').replace(
      'https://ota.example.test/api',
      'https://127.0.0.1:1/api',
    );
    writeFileSync(join(io.cwd, 'cm-certify.ota.yaml'), text);
    io.env = { CM_SHARED_SECRET: 's', CM_PROPERTY_PASSWORD: 'p', CM_OTHER_PASSWORD: 'o', CM_TEST_HOOK_TOKEN: 't' };
    const code = await main(['run', '--suite', 'https'], io);
    expect(io.out()).toContain(`Profile: ${join(io.cwd, 'cm-certify.ota.yaml')} (found in the working directory)`);
    expect(io.out()).toContain('cm-certify · ota target · https://127.0.0.1:1/api');
    expect(code).toBe(3);
  });

  it('the target comes from the profile; both files present or none is a usage error that says what to do', () => {
    const io = captureIo();
    writeFileSync(join(io.cwd, 'cm-certify.pms.yaml'), 'target: pms\n');
    expect(resolveRunTarget({}, io.cwd)).toEqual({ target: 'pms', profile: 'cm-certify.pms.yaml' });
    expect(resolveRunTarget({ profile: 'cm-certify.pms.yaml' }, io.cwd).target).toBe('pms');
    writeFileSync(join(io.cwd, 'cm-certify.ota.yaml'), 'target: ota\n');
    expect(() => resolveRunTarget({}, io.cwd)).toThrow(/both cm-certify\.ota\.yaml and cm-certify\.pms\.yaml/);
    expect(resolveRunTarget({ target: 'ota' }, io.cwd).profile).toBe('cm-certify.ota.yaml');
    expect(() => resolveRunTarget({}, captureIo().cwd)).toThrow(/cm-certify init/);
    expect(() => resolveRunTarget({ reference: true }, io.cwd)).toThrow(/--reference needs --target/);
  });
});

describe('the profile schema and init', () => {
  const props = PROFILE_SCHEMA.properties as unknown as Record<string, { description?: string; items?: { enum?: string[] } }>;

  it('describes every field and lists the capability names', () => {
    for (const [name, schema] of Object.entries(props)) expect(schema.description, name).toMatch(/\w{3,}/);
    expect(props.capabilities!.items!.enum).toEqual([...CAPABILITY_NAMES]);
  });

  it('init writes the schema next to the profile and points editors at it', async () => {
    const io = captureIo();
    expect(await main(['init', '--target', 'pms'], io)).toBe(0);
    const profile = readFileSync(join(io.cwd, 'cm-certify.pms.yaml'), 'utf8');
    expect(profile.split('\n')[0]).toBe('# yaml-language-server: $schema=./cm-certify.profile.schema.json');
    const schema = JSON.parse(readFileSync(join(io.cwd, 'cm-certify.profile.schema.json'), 'utf8'));
    expect(schema.properties.capabilities.items.enum).toContain('BookingCreate');
  });

  it("README's export lines list every variable each template uses", () => {
    const readme = readFileSync(packagePath('README.md'), 'utf8');
    const exports = [...readme.matchAll(/^export (.*)$/gm)].map((m) => m[1]!);
    for (const target of ['ota', 'pms']) {
      const template = readFileSync(packagePath('fixtures', 'templates', `${target}.profile.yaml`), 'utf8');
      const used = [
        ...new Set(
          [
            ...template
              .split('\n')
              .filter((l) => !l.trimStart().startsWith('#'))
              .join('\n')
              .matchAll(/\$\{([A-Z0-9_]+)\}/g),
          ].map((m) => m[1]!),
        ),
      ];
      expect(used.length).toBeGreaterThan(1);
      expect(
        exports.some((line) => used.every((v) => line.includes(`${v}=`))),
        `${target}: ${used.join(' ')}`,
      ).toBe(true);
    }
  });
});
