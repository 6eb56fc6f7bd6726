// Traceability: docs/traceability.md is what the code generates (stale -> fail); every
// OTA-side and both-sides rule is named by a check or says why it cannot be observed (never
// both); every rule id a code-declared check names exists; `list --rules` prints the table.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { listCommand } from '../../src/cli/commands/list.js';
import { BODY_RULES } from '../../src/checks/body-rules/index.js';
import { INBOUND_CHECKS } from '../../src/checks/inbound.js';
import { PROTOCOL_CHECKS } from '../../src/checks/protocol.js';
import { SCHEMA_CHECKS } from '../../src/checks/schema-checks.js';
import type { CheckMeta } from '../../src/spec/vocabulary.js';
import { renderTraceabilityMarkdown, ruleStatus, summarise, traceRules } from '../../src/checks/traceability/traceability.js';
import { SPEC_RULES, isSpecRuleId } from '../../src/spec/rules.js';
import { isRuleOrClauseId } from '../../src/spec/clause-ids.js';
import { UNOBSERVABLE_RULES } from '../../src/spec/unobservable.js';
import { packagePath } from '../../src/support/package-root.js';
import { captureIo } from '../e2e/helpers.js';

const traces = traceRules();

describe('traceability', () => {
  it('docs/traceability.md is current (regenerate with `npm run docs:traceability`)', () => {
    const doc = readFileSync(packagePath('docs', 'traceability.md'), 'utf8');
    expect(doc === renderTraceabilityMarkdown(traces), 'docs/traceability.md is stale: run `npm run docs:traceability`').toBe(true);
  });

  it('every OTA-side and both-sides rule has a check or a reason it cannot be observed', () => {
    const missing = traces.filter((t) => t.rule.appliesTo !== 'PMS' && ruleStatus(t) === 'missing').map((t) => t.rule.id);
    expect(missing).toEqual([]);
  });

  it('every OTA-side rule is checked by an OTA-target check, or cannot be observed', () => {
    const bare = traces.filter((t) => t.rule.appliesTo === 'OTA' && t.checks.ota.length === 0 && !t.unobservable).map((t) => t.rule.id);
    expect(bare).toEqual([]);
  });

  it('the unobservable table names real rules, each with one line, and none that a check already names', () => {
    for (const [id, reason] of Object.entries(UNOBSERVABLE_RULES)) {
      expect(isSpecRuleId(id), id).toBe(true);
      expect(reason.length, id).toBeGreaterThan(30);
      expect(reason, id).not.toContain('\n');
      const trace = traces.find((t) => t.rule.id === id)!;
      expect([...trace.checks.ota, ...trace.checks.pms], `${id} has checks and an unobservable reason`).toEqual([]);
    }
  });

  it('code-declared checks name only rule or clause ids of the spec, and the automatic checks name some', () => {
    const metas: CheckMeta[] = [...Object.values(PROTOCOL_CHECKS), ...Object.values(INBOUND_CHECKS), ...Object.values(SCHEMA_CHECKS), ...BODY_RULES];
    for (const meta of metas) for (const id of meta.rules ?? []) expect(isRuleOrClauseId(id), `${meta.id}: ${id}`).toBe(true);
    expect(SCHEMA_CHECKS.response.rules).toContain('grt-room-item.1');
    expect(PROTOCOL_CHECKS.status.rules).toContain('http-response-200-json.1');
    expect(BODY_RULES.filter((r) => r.rules?.length).length).toBe(BODY_RULES.length);
  });

  it('the totals add up to the 126 rules', () => {
    const totals = summarise(traces);
    expect(totals.reduce((n, s) => n + s.total, 0)).toBe(SPEC_RULES.length);
    for (const s of totals) expect(s.covered + s.unobservable + s.missing).toBe(s.total);
  });

  it('`list --rules` prints rule -> checks of both targets, and the reason where none can observe it', () => {
    const io = captureIo();
    expect(listCommand({ rules: true }, io)).toBe(0);
    const out = io.out();
    expect(out).toMatch(/gbl-null-returns-all\s+OTA\s+required\s+ota: .*ack\.list-null\.still-listed/);
    expect(out).toMatch(/env-guid-unique\s+PMS\s+required\s+pms: pms\.envelope\.fresh-guid/);
    expect(out).toMatch(/cancel-4003\s+OTA\s+required\s+not observable: /);
    expect(out).toContain('OTA   37 rules');
    const json = captureIo();
    listCommand({ rules: true, json: true }, json);
    const parsed = JSON.parse(json.out()) as { rules: Array<{ id: string; status: string }> };
    expect(parsed.rules).toHaveLength(SPEC_RULES.length);
    expect(parsed.rules.find((r) => r.id === 'cancel-4003')?.status).toBe('unobservable');
  });
});
