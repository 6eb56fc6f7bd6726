// Every check takes its level from the rules it names, on the side of the candidate it judges
// (src/spec/rule-levels.ts), or from a current reading that names it, concerns one of its rules
// and quotes the spec (the exception, as data in src/spec/readings/): src/spec/check-level.ts
// derives it. The suite loader derives the level of every check of a suite (a built-in suite
// never writes one); the checks written in code are held to the same derivation here. A check
// that names no rule is the harness's own or one where the spec states nothing
// (src/spec/unruled-checks.ts), and the latter is never required.
import { describe, expect, it } from 'vitest';
import { SCHEMA_CHECKS } from '../../src/checks/schema-checks.js';
import { checksOfTarget } from '../../src/checks/traceability/traceability.js';
import { deriveCheckLevel } from '../../src/spec/check-level.js';
import { READINGS } from '../../src/spec/readings/index.js';
import { levelFromRules } from '../../src/spec/rule-levels.js';
import { UNRULED_CHECKS } from '../../src/spec/unruled-checks.js';
import type { CheckMeta, Target } from '../../src/spec/vocabulary.js';

const HARNESS_FAULT: CheckMeta = { id: 'harness.fault', title: 'The harness completed the suite', level: 'required', spec: 'cm-certify' };

/** Every check a run of the target can report, once per id. */
function checksOf(target: Target): CheckMeta[] {
  const all = [...checksOfTarget(target), SCHEMA_CHECKS.harnessRequest, SCHEMA_CHECKS.harnessResponse, HARNESS_FAULT];
  const byId = new Map<string, CheckMeta>();
  for (const meta of all) if (!byId.has(meta.id)) byId.set(meta.id, meta);
  return [...byId.values()];
}

function audit(target: Target): string[] {
  const wrong: string[] = [];
  for (const meta of checksOf(target)) {
    const derived = deriveCheckLevel(meta.id, meta.rules ?? [], target);
    if (!derived) wrong.push(`${target} ${meta.id}: names no rule and is not listed in src/spec/unruled-checks.ts`);
    else if (derived.level !== meta.level) wrong.push(`${target} ${meta.id} is ${meta.level}; derived ${derived.level} from ${derived.from}`);
  }
  return wrong;
}

/** The checks a reading sets apart from their rules' level, as "<target> <check> <level> <readings>". */
function exceptions(target: Target): string[] {
  return checksOf(target).flatMap((meta) => {
    const derived = deriveCheckLevel(meta.id, meta.rules ?? [], target);
    const fromRules = levelFromRules(meta.rules ?? [], target);
    return derived?.from === 'reading' && fromRules && fromRules.level !== derived.level
      ? [`${target} ${meta.id} ${derived.level} ${derived.readings.join(',')}`]
      : [];
  });
}

describe('levels come from the rules, on the side of the candidate', () => {
  it('every check, of the suites and in code, has the level derived from its rules and readings', () => {
    expect([...audit('ota'), ...audit('pms')]).toEqual([]);
  });

  it('an exception to the rules is a current reading that quotes the spec, and some exist', () => {
    const all = [...exceptions('ota'), ...exceptions('pms')];
    expect(all.length).toBeGreaterThan(0);
    for (const line of all) {
      const ids = line.split(' ')[3]!.split(',');
      for (const id of ids) expect(READINGS.find((r) => r.id === id)?.quotes.length ?? 0).toBeGreaterThan(0);
    }
  });

  it('a check where the spec states nothing is never required', () => {
    for (const [id, entry] of Object.entries(UNRULED_CHECKS)) if (entry.kind === 'unstated') expect([id, entry.level]).not.toEqual([id, 'required']);
  });

  it('every check that names no rule is listed with why, and every listed one exists', () => {
    const all = new Set([...checksOf('ota'), ...checksOf('pms')].map((c) => c.id));
    expect(Object.keys(UNRULED_CHECKS).filter((id) => !all.has(id))).toEqual([]);
    for (const entry of Object.values(UNRULED_CHECKS)) expect(entry.why.length).toBeGreaterThan(40);
  });
});

describe('the level derived for a check', () => {
  it("is the reading's when a current reading names the check and one of its rules, else the rules', else the unruled list's", () => {
    const unique = checksOf('ota').find((c) => c.id === 'setup.rate-plans.unique')!;
    expect(levelFromRules(unique.rules ?? [], 'ota')?.level).toBe('required');
    expect(deriveCheckLevel(unique.id, unique.rules ?? [], 'ota')).toEqual({ level: 'recommended', from: 'reading', readings: ['D-131'] });
    expect(deriveCheckLevel('no.such.check', unique.rules ?? [], 'ota')).toEqual({ level: 'required', from: 'rules', readings: [] });
    expect(deriveCheckLevel('pms.property.update-rate-plan', [], 'pms')).toEqual({ level: 'advisory', from: 'unruled', readings: [] });
    expect(deriveCheckLevel('my.own-check', [], 'pms')).toBeUndefined();
  });
});

describe('the level rules give a check', () => {
  it('is the highest level among the rules of the candidate side and of both sides', () => {
    expect(levelFromRules(['poll-intervals', 'poll-fallback-kept'], 'pms')?.level).toBe('required');
    expect(levelFromRules(['model-units-same-across-rates'], 'pms')?.level).toBe('recommended');
    expect(levelFromRules(['ari-currency'], 'ota')?.level).toBe('required');
  });

  it('is a warning at most when every rule binds the other side (an OTA that accepts more is lenient)', () => {
    expect(levelFromRules(['http-request-json'], 'ota')).toEqual(expect.objectContaining({ level: 'recommended', otherSideOnly: true }));
    expect(levelFromRules(['res-total-sum'], 'pms')).toEqual(expect.objectContaining({ level: 'recommended', otherSideOnly: true }));
  });

  it('ignores the other side when the candidate side names a rule, and gives nothing for no known rule', () => {
    expect(levelFromRules(['http-request-json', 'auth-secret-body-enforced'], 'ota')?.level).toBe('required');
    expect(levelFromRules(['ari-currency-channel', 'http-request-json'], 'ota')?.level).toBe('recommended');
    expect(levelFromRules([], 'ota')).toBeUndefined();
    expect(levelFromRules(['no-such-rule'], 'pms')).toBeUndefined();
  });

  it('follows the rule list: auth-property-creds-enforced is required for the OTA', () => {
    expect(levelFromRules(['auth-property-creds-enforced'], 'ota')?.level).toBe('required');
  });
});
