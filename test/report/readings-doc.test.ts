// docs/readings.md is what src/spec/readings generates (stale -> fail), and it shows every
// reading with its quoted sentences and marks the superseded ones as such.
import { readFileSync } from 'node:fs';
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
