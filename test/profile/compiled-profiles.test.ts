// The built-in profiles' compiled form (src/build/compile-profiles.ts, src/profile/compiled-profiles.ts):
// the value is the YAML's for exactly the text it was compiled from, every position is the
// YAML's, and anything else (a changed text, another format, no compiled form) reads the YAML.
// The ${VAR} tokens are the same for the same text every time, and never ones the text holds.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { compileProfiles } from '../../src/build/compile-profiles.js';
import { compiledProfileName, compiledSource } from '../../src/profile/compiled-profiles.js';
import { parseProfile, tokenizeEnv } from '../../src/profile/load-profile.js';
import { isYamlProblem, parseYaml } from '../../src/support/yaml-source.js';
import type { PathSegment, YamlSource } from '../../src/support/yaml-source.js';
import { packagePath } from '../../src/support/package-root.js';
import { tempDir } from '../support/temp-dir.js';

const PROFILES = packagePath('fixtures', 'profiles');
const NAMES = ['reference-ota.yaml', 'reference-pms.yaml'];

function yamlOf(tokenized: string, file: string): YamlSource {
  const source = parseYaml(tokenized, file);
  if (isYamlProblem(source)) throw new Error(source.message);
  return source;
}

/** Every path to a value of `value`, and one past its end. */
function pathsOf(value: unknown, path: PathSegment[] = []): PathSegment[][] {
  const out: PathSegment[][] = [path];
  if (Array.isArray(value)) value.forEach((v, i) => out.push(...pathsOf(v, [...path, i])));
  else if (value !== null && typeof value === 'object') for (const [k, v] of Object.entries(value)) out.push(...pathsOf(v, [...path, k]));
  return out;
}

describe('compiled built-in profiles', () => {
  it('compiles every built-in profile; each gives the YAML value and the YAML positions of every field', () => {
    const dir = tempDir('cm-profiles-');
    expect(compileProfiles(PROFILES, dir)).toEqual({ compiled: NAMES.length, warnings: [] });
    for (const name of NAMES) {
      const file = join(PROFILES, name);
      const tokenized = tokenizeEnv(readFileSync(file, 'utf8')).text;
      const compiled = compiledSource(file, tokenized, dir);
      const yaml = yamlOf(tokenized, file);
      expect(compiled?.value, name).toEqual(yaml.value);
      const paths = [...pathsOf(yaml.value), ['no_such_field'], ['property', 'no_such_field']];
      expect(paths.length).toBeGreaterThan(20);
      for (const path of paths) {
        expect(compiled!.locate(path), path.join('.')).toEqual(yaml.locate(path));
        expect(compiled!.locate(path, { key: true }), path.join('.')).toEqual(yaml.locate(path, { key: true }));
        expect(compiled!.line!(path), path.join('.')).toBe(yaml.line!(path));
      }
    }
  });

  it('reads the YAML instead for another text, another format, a missing file or no compiled form', async () => {
    // A fresh module: with isolate: false, another file's loads in this worker are remembered by text.
    vi.resetModules();
    const { compiledSource } = await import('../../src/profile/compiled-profiles.js');
    const dir = tempDir('cm-profiles-');
    compileProfiles(PROFILES, dir);
    const file = join(PROFILES, 'reference-ota.yaml');
    const tokenized = tokenizeEnv(readFileSync(file, 'utf8')).text;
    expect(compiledSource(file, tokenized, dir)).toBeDefined();
    expect(compiledSource(file, tokenized.replace('currency: EUR', 'currency: USD'), dir)).toBeUndefined();
    expect(compiledSource(join(PROFILES, 'mine.yaml'), tokenized, dir)).toBeUndefined();
    expect(compiledSource(file, tokenized, undefined)).toBeUndefined();
    const path = join(dir, compiledProfileName(file));
    writeFileSync(path, JSON.stringify({ ...(JSON.parse(readFileSync(path, 'utf8')) as object), format: 999 }));
    expect(compiledSource(file, tokenized, dir)).toBeUndefined();
    writeFileSync(path, '{ not json');
    expect(compiledSource(file, tokenized, dir)).toBeUndefined();
  });

  it("a text read once in this process gives its value again, from any file, frozen, with that file's positions", async () => {
    vi.resetModules();
    const { compiledSource, keepRead } = await import('../../src/profile/compiled-profiles.js');
    const text = 'target: ota\nname: mine\nretries:\n  count: 2\n';
    const other = join(PROFILES, 'mine.yaml');
    expect(compiledSource(other, text, undefined)).toBeUndefined();
    keepRead(text, { target: 'ota', name: 'mine', retries: { count: 2 } });
    const again = compiledSource(other, text, undefined);
    expect(again?.value).toEqual({ target: 'ota', name: 'mine', retries: { count: 2 } });
    expect(Object.isFrozen((again?.value as { retries: object }).retries)).toBe(true);
    expect(again?.file).toBe(other);
    expect(again?.line!(['retries', 'count'])).toBe(4);
    // Another text is not the one remembered.
    expect(compiledSource(other, text.replace('2', '3'), undefined)).toBeUndefined();
  });

  it('leaves out, with a warning, a profile whose YAML does not read or whose value JSON would change', () => {
    const src = tempDir('cm-profiles-src-');
    writeFileSync(join(src, 'broken.yaml'), 'target: ota\nname: [unclosed\n');
    writeFileSync(join(src, 'negative-zero.yaml'), 'target: ota\nretries: -0\n');
    writeFileSync(join(src, 'fine.yaml'), 'target: ota\nname: ${CM_NAME:-x}\n');
    const out = tempDir('cm-profiles-out-');
    const result = compileProfiles(src, out);
    expect(result.compiled).toBe(1);
    expect(result.warnings).toEqual([
      expect.stringMatching(/^broken\.yaml not compiled: /),
      'negative-zero.yaml not compiled: its value does not survive JSON',
    ]);
  });

  it('tokenizes a text the same way every time, with tokens the text does not hold', () => {
    const text =
      'target: ota\nname: "cmenvn0x0 cmlitn0 $${x} ${CM_NAME:-named}"\nbase_url: ${CM_URL:-https://x.test}/api\nshared_secret: s\npms_cid: abc\n' +
      'property: {pms_property_id: 1, wbp_property_id: "1", wbp_property_password: p}\n';
    const first = tokenizeEnv(text);
    expect(tokenizeEnv(text).text).toBe(first.text);
    expect(first.refs.size).toBe(2);
    expect([...first.refs.keys(), first.literal].every((token) => !text.includes(token))).toBe(true);
    // What the text holds stays as written, beside the variable's value.
    const profile = parseProfile(text, 'mine.yaml', { CM_URL: 'https://y.test' });
    expect(profile.name).toBe('cmenvn0x0 cmlitn0 ${x} named');
    expect(profile.baseUrl).toBe('https://y.test/api');
  });
});
