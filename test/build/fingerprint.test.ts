// The build's fingerprint changes with anything a run's code is made of (a compiled module, a
// compiled validator, the version, an installed dependency's version) and with nothing else
// (the bundle, the build's own code, source maps' neighbours stay out).
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildFingerprint } from '../../src/build/fingerprint.js';
import { tempDir } from '../support/temp-dir.js';

function write(root: string, path: string, text: string): void {
  mkdirSync(dirname(join(root, path)), { recursive: true });
  writeFileSync(join(root, path), text);
}

function packageTree(): string {
  const root = tempDir('cm-certify-fingerprint-');
  write(root, 'package.json', JSON.stringify({ name: 'cm-certify', version: '1.0.0', dependencies: { yaml: '^2' } }));
  write(root, 'node_modules/yaml/package.json', JSON.stringify({ version: '2.8.0' }));
  write(root, 'node_modules/rolldown/package.json', JSON.stringify({ version: '1.0.0' }));
  write(root, 'dist/src/suite/parse-suite.js', 'export const a = 1;\n');
  write(root, 'dist/schemas/formats/suite.cjs', 'module.exports = 1;\n');
  return root;
}

describe('the build fingerprint', () => {
  it('changes with a compiled module, a validator, the version or a dependency, and with nothing else', () => {
    const root = packageTree();
    const first = buildFingerprint(root);
    expect(first).toMatch(/^[0-9a-f]{64}$/);
    expect(buildFingerprint(root)).toBe(first);
    write(root, 'dist/src/bundle/main.js', 'bundled');
    write(root, 'dist/src/build/bundle-cli.js', 'build code');
    write(root, 'dist/src/suite/parse-suite.d.ts', 'export declare const a: number;');
    expect(buildFingerprint(root)).toBe(first);
    const changes: Array<[string, string, string]> = [
      ['a compiled module', 'dist/src/suite/parse-suite.js', 'export const a = 2;\n'],
      ['a new module', 'dist/src/suite/more.js', 'export {};\n'],
      ['a compiled validator', 'dist/schemas/formats/suite.cjs', 'module.exports = 2;\n'],
      ['the version', 'package.json', JSON.stringify({ name: 'cm-certify', version: '1.0.1', dependencies: { yaml: '^2' } })],
      ['the YAML reader', 'node_modules/yaml/package.json', JSON.stringify({ version: '2.8.1' })],
      ['the bundler', 'node_modules/rolldown/package.json', JSON.stringify({ version: '1.0.1' })],
    ];
    const seen = new Set([first]);
    for (const [what, path, text] of changes) {
      write(root, path, text);
      const next = buildFingerprint(root);
      expect(seen.has(next), what).toBe(false);
      seen.add(next);
    }
  });
});
