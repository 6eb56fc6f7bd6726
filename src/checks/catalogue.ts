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

const meta = (c: CheckMeta): CheckMeta => ({ id: c.id, title: c.title, level: c.level, spec: c.spec, ...(c.rules ? { rules: c.rules } : {}) });

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
  return [...Object.values(INBOUND_CHECKS), ...Object.values(JSON_FINDING_CHECKS.request)].map((c: CheckMeta) => meta(c));
}

/**
 * The checks a target judges on every exchange, whichever suite runs it: no suite declares them,
 * so --grep selecting one of them selects every suite (the check may fail in any), and a re-run
 * hint names the suites it failed in.
 */
export function everyExchangeChecks(target: Target): CheckMeta[] {
  return target === 'pms' ? [...automaticChecks(), ...inboundChecks()] : automaticChecks();
}
