// Every check takes its level from the rules it names, on the side of the candidate it judges
// (src/spec/rule-levels.ts): a rule of the candidate's side gives its level, a rule of the other
// side alone never more than a warning. A check set otherwise is a written exception: a current
// reading gives it that level and quotes the spec's sentence, and the list below names each one,
// so a new exception is a visible change. A check that names no rule is the harness's own or one
// where the spec states nothing (src/spec/unruled-checks.ts), and the latter is never required.
import { describe, expect, it } from 'vitest';
import { SCHEMA_CHECKS } from '../../src/checks/schema-checks.js';
import { checksOfTarget } from '../../src/report/traceability.js';
import { READINGS, isCurrent } from '../../src/spec/readings/index.js';
import { levelFromRules } from '../../src/spec/rule-levels.js';
import { ruleIdOf } from '../../src/spec/clause-ids.js';
import { UNRULED_CHECKS } from '../../src/spec/unruled-checks.js';
import type { CheckMeta, Target } from '../../src/spec/vocabulary.js';

/** Checks set apart from their rules' level, each with the reading that says why (issue 20). */
const EXCEPTIONS: readonly string[] = [
  'ota setup.callbacks.path-verb-mismatch recommended D-354',
  'ota setup.rate-plans.unique recommended D-131',
  'ota setup.unknown-operation.refused recommended D-015',
  'ota ari.unknown-room.refused recommended D-102',
  'ota property.update-room.accepted required D-130,D-326',
  'ota property.update-room.allowed-value.accepted required D-130',
  'ota property.update-room.label recommended D-128',
  'ota protocol.json-safe-integers recommended D-322',
  'ota property.update-rate-plan.title-shown recommended D-121',
  'ota probe.envelope.refused recommended D-102,D-106',
  'ota probe.get.not-success recommended D-104',
  'ota probe.booking-fields.refused recommended D-102',
  'ota probe.inventory.refused recommended D-102',
  'ota probe.property-fields.refused recommended D-102',
  'pms pms.ari.horizon-end-of-next-year advisory D-027',
  'pms pms.booking.acked recommended D-166',
  'pms protocol.request-safe-integers recommended D-322',
];

const HARNESS_FAULT: CheckMeta = { id: 'harness.fault', title: 'The harness completed the suite', level: 'required', spec: 'cm-certify' };

/** Every check a run of the target can report, once per id. */
function checksOf(target: Target): CheckMeta[] {
  const all = [...checksOfTarget(target), SCHEMA_CHECKS.harnessRequest, SCHEMA_CHECKS.harnessResponse, HARNESS_FAULT];
  const byId = new Map<string, CheckMeta>();
  for (const meta of all) if (!byId.has(meta.id)) byId.set(meta.id, meta);
  return [...byId.values()];
}

/** The current readings that give the check its level, quote a sentence and concern one of its rules. */
function justifying(meta: CheckMeta): string[] {
  return READINGS.filter(
    (r) => isCurrent(r) && r.checks[meta.id] === meta.level && r.quotes.length > 0 && (meta.rules ?? []).some((rule) => r.rules.includes(ruleIdOf(rule))),
  ).map((r) => r.id);
}

function audit(target: Target): { wrong: string[]; exceptions: string[] } {
  const wrong: string[] = [];
  const exceptions: string[] = [];
  for (const meta of checksOf(target)) {
    const from = levelFromRules(meta.rules ?? [], target);
    if (!from) {
      const unruled = UNRULED_CHECKS[meta.id];
      if (!unruled) wrong.push(`${target} ${meta.id}: names no rule and is not listed in src/spec/unruled-checks.ts`);
      else if (unruled.kind === 'unstated' && meta.level === 'required') wrong.push(`${target} ${meta.id}: no rule states it, yet it is required`);
      continue;
    }
    if (meta.level === from.level) continue;
    const readings = justifying(meta);
    if (readings.length === 0)
      wrong.push(`${target} ${meta.id} is ${meta.level}; its rules on the ${target} side give ${from.level} (${(meta.rules ?? []).join(', ')})`);
    else exceptions.push(`${target} ${meta.id} ${meta.level} ${readings.join(',')}`);
  }
  return { wrong, exceptions };
}

describe('levels come from the rules, on the side of the candidate', () => {
  const ota = audit('ota');
  const pms = audit('pms');

  it('every check has the level of its rules on its side, or a reading that quotes why not', () => {
    expect([...ota.wrong, ...pms.wrong]).toEqual([]);
  });

  it('the exceptions are exactly the ones written down', () => {
    expect([...ota.exceptions, ...pms.exceptions].sort()).toEqual([...EXCEPTIONS].sort());
  });

  it('every check that names no rule is listed with why, and every listed one exists', () => {
    const all = new Set([...checksOf('ota'), ...checksOf('pms')].map((c) => c.id));
    expect(Object.keys(UNRULED_CHECKS).filter((id) => !all.has(id))).toEqual([]);
    for (const entry of Object.values(UNRULED_CHECKS)) expect(entry.why.length).toBeGreaterThan(40);
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
