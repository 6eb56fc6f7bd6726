// docs/readings.md is what src/spec/readings generates (stale -> fail), and it shows every
// reading with its quoted sentences and marks the superseded ones as such. Every D-number the
// code, the suites and the docs cite is a reading or a record of docs/adr/, never both.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { renderReadingsMarkdown } from '../../src/report/readings-doc.js';
import { READINGS } from '../../src/spec/readings/index.js';
import { packagePath } from '../../src/support/package-root.js';

describe('docs/readings.md', () => {
  const page = renderReadingsMarkdown();

  it('is current (regenerate with `npm run docs:readings`)', () => {
    const doc = readFileSync(packagePath('docs', 'readings.md'), 'utf8');
    expect(doc === page, 'docs/readings.md is stale: run `npm run docs:readings`').toBe(true);
  });

  it('has an anchor and a heading per reading, with its checks and levels', () => {
    for (const r of READINGS) {
      expect(page, r.id).toContain(`<a id="${r.id.toLowerCase()}"></a>\n### ${r.id} `);
      for (const [id, level] of Object.entries(r.checks)) expect(page, `${r.id} ${id}`).toContain(`\`${id}\` (${level})`);
    }
  });

  it('says which readings are superseded, in whole or in part', () => {
    expect(page).toContain('### D-020 Reflection in GetRoomTypes / GetRatePlans, through room_mappings (superseded)\n\n**Superseded by [D-120](#d-120).**');
    expect(page).toMatch(/### D-021 [^\n]+\n\n\*\*Partly superseded by \[D-121\]\(#d-121\)\.\*\* The OTA target/);
    expect(page).toContain('- Replaces: [D-020](#d-020)');
  });

  it('quotes each sentence as Markdown shows it: a placeholder in angle brackets is not taken for a tag', () => {
    expect(page).toContain('(placeholders &lt;PROPERTY_ID>, &lt;PROPERTY_PASSWORD>)');
    expect(page).toContain('`{base_url}/<OperationName>`');
  });
});

/** Every file under a folder of the package with one of the extensions, recursively. */
function filesUnder(folder: string, extensions: readonly string[]): string[] {
  return readdirSync(packagePath(folder), { recursive: true, encoding: 'utf8' })
    .filter((name) => extensions.some((ext) => name.endsWith(ext)))
    .map((name) => join(packagePath(folder), name));
}

describe('D-numbers after docs/decisions.md', () => {
  const adrIndex = readFileSync(packagePath('docs', 'adr', 'README.md'), 'utf8');
  const adrIds = new Set(adrIndex.match(/D-\d{3}/g));
  const readingIds = new Set(READINGS.map((r) => r.id as string));

  it('each id has one home: a reading or a record of docs/adr/', () => {
    expect([...adrIds].filter((id) => readingIds.has(id))).toEqual([]);
    const records = filesUnder('docs/adr', ['.md'])
      .filter((f) => !f.endsWith('README.md'))
      .map((f) => readFileSync(f, 'utf8'))
      .join('\n');
    const kept = [...adrIds].filter((id) => records.includes(`**${id} `));
    // The one dropped entry is named where it was dropped.
    expect([...adrIds].filter((id) => !kept.includes(id))).toEqual(['D-264']);
    expect(records).toMatch(/## Dropped\s+D-264 /);
  });

  it('every D-number cited in src, suites, test, docs and the README resolves', () => {
    const files = [
      ...filesUnder('src', ['.ts']),
      ...filesUnder('suites', ['.yaml']),
      ...filesUnder('test', ['.ts']),
      ...filesUnder('docs', ['.md']),
      packagePath('README.md'),
    ];
    const unknown = files.flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/\bD-\d{3}\b/g)]
        .map((m) => m[0])
        .filter((id) => !readingIds.has(id) && !adrIds.has(id))
        .map((id) => `${file}: ${id}`),
    );
    expect(unknown).toEqual([]);
  });
});
