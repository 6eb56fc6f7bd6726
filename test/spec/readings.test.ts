// The readings of the spec stay linked to what exists: every rule id a reading names is a rule
// of the spec, every check id a check of a built-in suite or of the code, at the level the
// reading gives it; supersession runs both ways; a reading replaced in whole is shown beside no
// check; a reading about some fields is shown beside a schema check only at those fields.
import { describe, expect, it } from 'vitest';
import { REFUSAL_CHECKS } from '../../src/checks/refusal.js';
import { SCHEMA_CHECKS } from '../../src/checks/schema-checks.js';
import type { CheckMeta } from '../../src/spec/vocabulary.js';
import { checksOfTarget } from '../../src/checks/traceability/traceability.js';
import { READINGS, isCurrent, readingById, readingsForCheck, readingsForRule } from '../../src/spec/readings/index.js';
import { isSpecRuleId } from '../../src/spec/rules.js';

/** Every check a run can report: the built-in suites' of both targets and those declared in code. */
function knownChecks(): Map<string, Set<string>> {
  const metas: CheckMeta[] = [...checksOfTarget('ota'), ...checksOfTarget('pms'), ...Object.values(REFUSAL_CHECKS), ...Object.values(SCHEMA_CHECKS)];
  const levels = new Map<string, Set<string>>();
  for (const meta of metas) levels.set(meta.id, (levels.get(meta.id) ?? new Set()).add(meta.level));
  return levels;
}

const known = knownChecks();

describe('readings of the spec', () => {
  it('have unique D-numbers, a one-line summary and at least one quoted sentence', () => {
    const ids = READINGS.map((r) => r.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const r of READINGS) {
      expect(r.id, r.id).toMatch(/^D-\d{3}$/);
      expect(r.summary, r.id).not.toContain('\n');
      expect(r.summary.length, r.id).toBeLessThanOrEqual(160);
      expect(r.quotes.length, r.id).toBeGreaterThan(0);
      for (const q of r.quotes) expect(q.text.trim().length > 10 && q.section.length > 3, `${r.id}: ${q.text}`).toBe(true);
    }
  });

  it('name only rule ids of the spec', () => {
    const unknown = READINGS.flatMap((r) => r.rules.filter((id) => !isSpecRuleId(id)).map((id) => `${r.id}: ${id}`));
    expect(unknown).toEqual([]);
  });

  it('name only check ids that exist in the suites or the code', () => {
    const unknown = READINGS.flatMap((r) =>
      Object.keys(r.checks)
        .filter((id) => !known.has(id))
        .map((id) => `${r.id}: ${id}`),
    );
    expect(unknown).toEqual([]);
  });

  it('give each check they name its level, while they hold', () => {
    const wrong = READINGS.filter(isCurrent).flatMap((r) =>
      Object.entries(r.checks)
        .filter(([id, level]) => !known.get(id)?.has(level))
        .map(([id, level]) => `${r.id}: ${id} is ${[...(known.get(id) ?? [])].join('/')}, the reading says ${level}`),
    );
    expect(wrong).toEqual([]);
  });

  it('record supersession both ways, and only between readings that exist', () => {
    for (const r of READINGS) {
      for (const by of r.supersededBy ?? []) expect(readingById(by)?.supersedes, `${r.id} superseded by ${by}`).toContain(r.id);
      for (const old of r.supersedes ?? []) expect(readingById(old)?.supersededBy, `${r.id} supersedes ${old}`).toContain(r.id);
      if (r.partly !== undefined) expect(r.supersededBy?.length, `${r.id} is partly superseded by nothing`).toBeGreaterThan(0);
    }
  });

  it('a reading replaced in whole is shown beside no check and listed for no rule', () => {
    const d020 = readingById('D-020')!;
    expect(isCurrent(d020)).toBe(false);
    expect(readingsForCheck('property.create.rooms-listed').map((r) => r.id)).toEqual(['D-120']);
    expect(readingsForRule('grt-shape').map((r) => r.id)).not.toContain('D-020');
    // Replaced only in part: still shown, for the part that holds.
    expect(readingsForCheck('pms.property.update-rate-plan').map((r) => r.id)).toEqual(['D-021']);
  });

  it('beside a schema check, a reading about some fields is shown only at those fields', () => {
    expect(readingsForCheck('schema.response', ['/reservation/TotalCurrency']).map((r) => r.id)).toEqual(['D-034']);
    expect(readingsForCheck('schema.response', ['/Rooms/0/wbp_room_id'])).toEqual([]);
    expect(readingsForCheck('schema.request', ['/Property/rooms/0/units']).map((r) => r.id)).toEqual(['D-024']);
  });
});
