// The checks besides the suites' own: takes nothing, gives the checks every exchange gets
// without a suite declaring them (protocol, refusal, schema, body rules) and the PMS target's
// checks on every request the PMS sends — what `list` prints and what a waiver may name.
import type { CheckMeta, Target } from '../spec/vocabulary.js';
import { BODY_RULES } from './body-rules/index.js';
import { DATA_LIMIT_CHECK } from './data-limits.js';
import { INBOUND_CHECKS } from './inbound.js';
import { JSON_FINDING_CHECKS } from './json-findings.js';
import { PROTOCOL_CHECKS } from './protocol.js';
import { REFUSAL_CHECKS } from './refusal.js';
import { SCHEMA_CHECKS } from './schema-checks.js';

/**
 * A check's meta. Rules the schema checks read off every message schema (schema-checks.ts: a
 * getter, about 5 ms at a run's start) stay a getter, read when asked: a run reads ids and titles.
 */
function meta(c: CheckMeta): CheckMeta {
  const out: CheckMeta = { id: c.id, title: c.title, level: c.level, spec: c.spec };
  if (Object.getOwnPropertyDescriptor(c, 'rules')?.get) Object.defineProperty(out, 'rules', { get: () => c.rules, enumerable: true });
  else if (c.rules) out.rules = c.rules;
  return out;
}

export function automaticChecks(): CheckMeta[] {
  return [
    ...Object.values(PROTOCOL_CHECKS),
    ...Object.values(JSON_FINDING_CHECKS.response),
    DATA_LIMIT_CHECK,
    ...Object.values(REFUSAL_CHECKS),
    SCHEMA_CHECKS.response,
    SCHEMA_CHECKS.request,
    ...BODY_RULES,
  ].map(meta);
}

/** The PMS target's checks on every request the PMS sends (protocol and envelope). */
export function inboundChecks(): CheckMeta[] {
  return [...Object.values(INBOUND_CHECKS), ...Object.values(JSON_FINDING_CHECKS.request)].map(meta);
}

/**
 * The checks a target judges on every exchange, whichever suite runs it: no suite declares them,
 * so --grep selecting one of them selects every suite (the check may fail in any), and a re-run
 * hint names the suites it failed in.
 */
export function everyExchangeChecks(target: Target): CheckMeta[] {
  return target === 'pms' ? [...automaticChecks(), ...inboundChecks()] : automaticChecks();
}
