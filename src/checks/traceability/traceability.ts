// Traceability from the spec's rules to the checks that prove them: takes the built-in suites,
// the checks declared in code and the readings of the spec, gives rule -> checks per target,
// the readings that apply to each rule, the reason a rule cannot be observed where it has no
// check, and the text `list --rules` prints and the Markdown of docs/traceability.md (one
// function, so the document can be kept current by a test). The clause table
// (src/checks/traceability/clause-trace.ts) is the authority; this per-rule view sums it up.
import { BODY_RULES, type BodyRule } from '../body-rules/index.js';
import { INBOUND_CHECKS } from '../inbound.js';
import { PROTOCOL_CHECKS } from '../protocol.js';
import { JSON_FINDING_CHECKS } from '../json-findings.js';
import { DATA_LIMIT_CHECK } from '../data-limits.js';
import { REFUSAL_CHECKS } from '../refusal.js';
import { OPERATIONS } from '../../spec/operations.js';
import { SCHEMA_CHECKS } from '../schema-checks.js';
import type { CheckMeta, Target } from '../../spec/vocabulary.js';
import { readingAnchor, readingsForRule } from '../../spec/readings/index.js';
import { SPEC_RULES, type SpecRule } from '../../spec/rules.js';
import { UNOBSERVABLE_RULES } from '../../spec/unobservable.js';
import { loadBuiltinSuites } from '../../suite/load-suite.js';
import { ruleIdOf } from '../../spec/clause-ids.js';
import { traceClauses, type ClauseTrace } from './clause-trace.js';
import { renderClauseMarkdown, renderClauseText } from './clause-table.js';

export interface RuleTrace {
  rule: SpecRule;
  /** Check ids of each target that name the rule, sorted. */
  checks: Record<Target, string[]>;
  /** Why no harness can observe it (src/spec/unobservable.ts), if listed there. */
  unobservable?: string;
  /** Ids of the current readings of the spec that concern the rule (src/spec/readings). */
  readings: string[];
}

export type RuleStatus = 'covered' | 'unobservable' | 'missing';

/**
 * Whether a body rule judges what the candidate of `target` produces: an OTA's answers to the
 * operations it serves, a PMS's requests to the channel manager and its answers to callbacks.
 * A rule on a body the harness itself builds (the BookingCreate it sends) judges no candidate.
 */
export function bodyRuleJudges(rule: BodyRule, target: Target): boolean {
  return rule.appliesTo.some(({ name, kind }) => {
    const server = OPERATIONS[name].server;
    return target === 'ota' ? kind === 'response' && server === 'ota' : (kind === 'request' && server === 'ota') || (kind === 'response' && server === 'pms');
  });
}

/** Every check of a target with the rules it names: suite checks, then those every exchange gets. */
export function checksOfTarget(target: Target): CheckMeta[] {
  const suites = loadBuiltinSuites(target).flatMap((suite) => suite.checks);
  const bodyRules = BODY_RULES.filter((rule) => bodyRuleJudges(rule, target));
  // The PMS target judges the PMS's answers to callbacks with the protocol and response-schema checks too.
  const automatic: CheckMeta[] =
    target === 'ota'
      ? [
          ...Object.values(PROTOCOL_CHECKS),
          ...Object.values(JSON_FINDING_CHECKS.response),
          DATA_LIMIT_CHECK,
          ...Object.values(REFUSAL_CHECKS),
          SCHEMA_CHECKS.response,
          ...bodyRules,
        ]
      : [
          ...Object.values(INBOUND_CHECKS),
          ...Object.values(JSON_FINDING_CHECKS.request),
          ...Object.values(PROTOCOL_CHECKS),
          SCHEMA_CHECKS.request,
          SCHEMA_CHECKS.response,
          ...bodyRules,
        ];
  return [...suites, ...automatic];
}

function index(checks: CheckMeta[]): Map<string, Set<string>> {
  const byRule = new Map<string, Set<string>>();
  for (const check of checks) {
    for (const entry of check.rules ?? []) {
      const rule = ruleIdOf(entry);
      const ids = byRule.get(rule) ?? new Set<string>();
      ids.add(check.id);
      byRule.set(rule, ids);
    }
  }
  return byRule;
}

/** Every clause with the checks that prove it (built-in suites and automatic checks of both targets). */
export function traceBuiltinClauses(): ClauseTrace[] {
  return traceClauses(checksOfTarget);
}

export function traceRules(): RuleTrace[] {
  const ota = index(checksOfTarget('ota'));
  const pms = index(checksOfTarget('pms'));
  return SPEC_RULES.map((rule) => ({
    rule,
    checks: { ota: [...(ota.get(rule.id) ?? [])].sort(), pms: [...(pms.get(rule.id) ?? [])].sort() },
    readings: readingsForRule(rule.id).map((r) => r.id),
    ...(Object.hasOwn(UNOBSERVABLE_RULES, rule.id) ? { unobservable: UNOBSERVABLE_RULES[rule.id] } : {}),
  }));
}

/** Covered by a check of either target; else unobservable (with a reason); else missing. */
export function ruleStatus(trace: RuleTrace): RuleStatus {
  if (trace.checks.ota.length + trace.checks.pms.length > 0) return 'covered';
  return trace.unobservable ? 'unobservable' : 'missing';
}

export interface TraceSummary {
  side: SpecRule['appliesTo'];
  total: number;
  covered: number;
  unobservable: number;
  missing: number;
}

export function summarise(traces: RuleTrace[]): TraceSummary[] {
  return (['OTA', 'both', 'PMS'] as const).map((side) => {
    const of = traces.filter((t) => t.rule.appliesTo === side);
    const count = (status: RuleStatus): number => of.filter((t) => ruleStatus(t) === status).length;
    return { side, total: of.length, covered: count('covered'), unobservable: count('unobservable'), missing: count('missing') };
  });
}

function where(trace: RuleTrace): string {
  const status = ruleStatus(trace);
  if (status === 'unobservable') return `not observable: ${trace.unobservable}`;
  if (status === 'missing') return 'MISSING: no check names this rule';
  const parts = (['ota', 'pms'] as const).filter((t) => trace.checks[t].length).map((t) => `${t}: ${trace.checks[t].join(', ')}`);
  return parts.join('; ');
}

/** The plain-text tables `cm-certify list --rules` prints: rules (with checks naming them or a clause), then clauses. */
export function renderTraceabilityText(traces: RuleTrace[] = traceRules(), clauses: ClauseTrace[] = traceBuiltinClauses()): string {
  const lines = traces.map((t) => `  ${t.rule.id.padEnd(34)} ${t.rule.appliesTo.padEnd(5)} ${t.rule.level.padEnd(13)} ${where(t)}`);
  const totals = summarise(traces).map(
    (s) => `  ${s.side.padEnd(5)} ${s.total} rules: ${s.covered} checked, ${s.unobservable} not observable, ${s.missing} missing`,
  );
  return [
    `Spec rules -> checks (${traces.length} rules)`,
    ...lines,
    '',
    'Totals by the side a rule binds',
    ...totals,
    '',
    ...renderClauseText(clauses),
    '',
  ].join('\n');
}

const cell = (text: string): string => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');
const codes = (ids: string[]): string => ids.map((id) => `\`${id}\``).join(', ');
const readingLinks = (ids: string[]): string => ids.map((id) => `[${id}](readings.md#${readingAnchor(id)})`).join(', ');

/** docs/traceability.md, generated (npm run docs:traceability); a test fails when it is stale. */
export function renderTraceabilityMarkdown(traces: RuleTrace[] = traceRules(), clauses: ClauseTrace[] = traceBuiltinClauses()): string {
  const summary = summarise(traces).map((s) => `| ${s.side} | ${s.total} | ${s.covered} | ${s.unobservable} | ${s.missing} |`);
  const rows = traces.map((t) => {
    const reason = t.unobservable && ruleStatus(t) === 'unobservable' ? cell(t.unobservable) : ruleStatus(t) === 'missing' ? '**missing**' : '';
    return `| \`${t.rule.id}\` | ${t.rule.appliesTo} | ${t.rule.level} | ${codes(t.checks.ota)} | ${codes(t.checks.pms)} | ${readingLinks(t.readings)} | ${reason} |`;
  });
  return [
    '# Traceability: spec clauses and rules to checks',
    '',
    "<!-- Generated by `npm run docs:traceability` from src/spec/rules.ts, src/spec/clauses.ts, the checks' `rules:`",
    '     lists, src/spec/unobservable.ts, src/spec/clause-gaps.ts and src/spec/readings/. Do not edit by hand:',
    '     test/report/traceability.test.ts fails when stale. -->',
    '',
    ...renderClauseMarkdown(clauses),
    '## Rules',
    '',
    'Every normative rule of the spec (src/spec/rules.ts), the checks that name it or one of its clauses in their `rules:` list',
    '(built-in suites and the checks every exchange gets), per target, and for a rule no check names,',
    'why a harness cannot observe it. `cm-certify list --rules` prints the same table. The readings',
    'column names the readings of the spec that apply to the rule: where the spec is ambiguous, the',
    'reading cm-certify takes and the level it gives the checks ([readings.md](readings.md)).',
    '',
    '| Side | Rules | Checked | Not observable | Missing |',
    '| --- | ---: | ---: | ---: | ---: |',
    ...summary,
    '',
    '| Rule | Side | Level | OTA-target checks | PMS-target checks | Readings | Not observable because |',
    '| --- | --- | --- | --- | --- | --- | --- |',
    ...rows,
    '',
  ].join('\n');
}
