// Users run Node 20, 22 and 24 (package.json engines): every package `npm ci` installs must accept
// the oldest supported Node, or installing prints EBADENGINE and the package may use what Node 20
// lacks. Found: fastify's light-my-request 6.8 pulled cookie 2 (engines node >= 22); package.json
// pins light-my-request ~6.6 (cookie 1) through `overrides`.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import semver from 'semver';

const ROOT = join(import.meta.dirname, '..', '..');
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { engines: { node: string } };
const lock = JSON.parse(readFileSync(join(ROOT, 'package-lock.json'), 'utf8')) as {
  packages: Record<string, { engines?: { node?: string } | string[]; optional?: boolean }>;
};

describe('the installed packages accept every Node the project supports', () => {
  it('each locked package with a Node engine range accepts the oldest supported Node', () => {
    const oldest = semver.minVersion(pkg.engines.node)!.version;
    expect(oldest).toBe('20.19.0');
    const refused = Object.entries(lock.packages)
      .filter(([name, p]) => name && !p.optional && !Array.isArray(p.engines) && p.engines?.node && !semver.satisfies(oldest, p.engines.node))
      .map(([name, p]) => `${name} (node ${(p.engines as { node: string }).node})`);
    expect(refused).toEqual([]);
  });
});
