// A check's level is derived from a small index of the spec (src/spec/level-index.ts): each rule
// and clause with its side and level, each current reading that quotes the spec with the levels
// it sets. The build puts that index into the bundle, built from the same compiled spec data it
// bundles (src/build/bundle-cli.ts), so a suite parse loads none of the spec's texts; run from
// src/ (these tests) check-level builds it from the data. Both give what the data gives: the
// readings that name a check and concern one of its rules, else its rules, else the unruled list.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LEVEL_INDEX_FROM, deriveCheckLevel, isRuleOrClause } from '../../src/spec/check-level.js';
import type { DerivedLevel } from '../../src/spec/check-level.js';
import { isRuleOrClauseId, ruleIdOf } from '../../src/spec/clause-ids.js';
import { SPEC_CLAUSES } from '../../src/spec/clauses.js';
import { SOURCE_LEVEL_INDEX } from '../../src/spec/level-source.js';
import { READINGS, isCurrent } from '../../src/spec/readings/index.js';
import { levelFromRules } from '../../src/spec/rule-levels.js';
import { SPEC_RULES } from '../../src/spec/rules.js';
import { UNRULED_CHECKS } from '../../src/spec/unruled-checks.js';
import type { Target } from '../../src/spec/vocabulary.js';

const ROOT = join(import.meta.dirname, '..', '..');

/** The derivation read straight from the spec's data, as check-level did before the index. */
function fromData(checkId: string, rules: readonly string[], target: Target): DerivedLevel | undefined {
  const ruleIds = new Set(rules.map(ruleIdOf));
  const readings = READINGS.filter((r) => isCurrent(r) && r.quotes.length > 0 && Object.hasOwn(r.checks, checkId) && r.rules.some((id) => ruleIds.has(id)));
  const [level] = new Set(readings.map((r) => r.checks[checkId]!));
  if (level) return { level, from: 'reading', readings: readings.map((r) => r.id) };
  const fromRules = levelFromRules(rules, target);
  if (fromRules) return { level: fromRules.level, from: 'rules', readings: [] };
  const unruled = UNRULED_CHECKS[checkId];
  return unruled ? { level: unruled.level, from: 'unruled', readings: [] } : undefined;
}

/**
 * Every (check, rules) pair to ask: each check a reading names, with the reading's rules and with
 * its first, each rule and clause alone, pairs of them, the unruled checks. (test/spec/levels.test.ts
 * holds every check of the suites and in code to the same derivation.)
 */
function cases(): Array<{ id: string; rules: string[] }> {
  const all: Array<{ id: string; rules: string[] }> = [];
  const ids = [...SPEC_RULES, ...SPEC_CLAUSES].map((r) => r.id);
  ids.forEach((id, i) => all.push({ id: 'my.own-check', rules: [id] }, { id: 'my.own-check', rules: [id, ids[(i * 7) % ids.length]!] }));
  for (const r of READINGS) for (const id of Object.keys(r.checks)) all.push({ id, rules: [...r.rules] }, { id, rules: r.rules.slice(0, 1) });
  for (const id of Object.keys(UNRULED_CHECKS)) all.push({ id, rules: [] });
  all.push({ id: 'my.own-check', rules: ['no-such-rule', 'prop-address-contact.99'] }, { id: 'my.own-check', rules: [] });
  return all;
}

describe('the level index', () => {
  it('run from src/, check-level derives from the index built from the spec data', () => {
    expect(LEVEL_INDEX_FROM).toBe('source');
  });

  it('gives every check the level, source and readings the spec data gives, on both sides', () => {
    const asked = cases();
    expect(asked.length).toBeGreaterThan(1000);
    const differ = asked.flatMap(({ id, rules }) =>
      (['ota', 'pms'] as const).flatMap((target) => {
        const derived = deriveCheckLevel(id, rules, target);
        const expected = fromData(id, rules, target);
        return JSON.stringify(derived) === JSON.stringify(expected)
          ? []
          : [`${target} ${id} [${rules.join()}]: ${JSON.stringify(derived)} != ${JSON.stringify(expected)}`];
      }),
    );
    expect(differ).toEqual([]);
  });

  it('knows every rule and clause id, and no other', () => {
    const ids = [...SPEC_RULES, ...SPEC_CLAUSES].map((r) => r.id);
    expect(ids.filter((id) => !isRuleOrClause(id))).toEqual([]);
    for (const id of [...ids.slice(0, 5), 'prop-address-contact.99', 'no-such-rule', '', 'toString', '__proto__', 'constructor']) {
      expect(isRuleOrClause(id), id).toBe(isRuleOrClauseId(id));
    }
    expect(isRuleOrClause('no-such-rule')).toBe(false);
  });

  it('the bundle holds the index built from this source (a stale or missing one fails here)', () => {
    const meta = JSON.parse(readFileSync(join(ROOT, 'dist', 'src', 'bundle', 'meta.json'), 'utf8')) as Record<string, string[]>;
    const file = Object.keys(meta).find((f) => meta[f]!.includes('dist/src/spec/check-level.js'));
    expect(file, 'check-level is bundled').toBeDefined();
    // The index is bundled beside check-level, in the same file (it is what check-level reads).
    expect(meta[file!]).toContain('dist/src/spec/level-index-built.js');
    const code = readFileSync(join(ROOT, 'dist', 'src', 'bundle', file!), 'utf8');
    const region = code.slice(code.indexOf('// dist/src/spec/level-index-built.js'));
    const literal = /JSON\.parse\(("(?:[^"\\]|\\.)*")\)/.exec(region)?.[1];
    expect(literal, 'the build put an index in place of level-index-built.js').toBeDefined();
    expect(JSON.parse(JSON.parse(literal!) as string)).toEqual(SOURCE_LEVEL_INDEX);
    // Nothing of the spec's data rides along: the source path is not in the file.
    expect(code).not.toContain('level-source');
  });
});
