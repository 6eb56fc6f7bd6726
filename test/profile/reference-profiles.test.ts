// The reference profiles name every URL they take from the environment in public_env: a URL
// read as a secret is redacted wherever half of it stands, and the run's own URLs share their
// start with it ("https://127.0.0.1:348…"), so a report showed the channel manager's URL as
// "[redacted]93/runs/1" whenever two ports began alike.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { packagePath } from '../../src/support/package-root.js';

describe.each(['reference-pms.yaml', 'reference-ota.yaml'])('%s', (name) => {
  const text = readFileSync(packagePath('fixtures', 'profiles', name), 'utf8');
  const publicEnv = (parse(text) as { public_env?: string[] }).public_env ?? [];

  it('lists every URL variable it reads in public_env', () => {
    const urls = [...text.matchAll(/\$\{([A-Z0-9_]+_URL)(?::-[^}]*)?\}/g)].map((m) => m[1]!);
    expect(urls.length).toBeGreaterThan(0);
    expect(urls.filter((v) => !publicEnv.includes(v))).toEqual([]);
  });
});
