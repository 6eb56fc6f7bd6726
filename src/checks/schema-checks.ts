// Schema checks every body gets without the suite asking: takes a message name, which
// side of it (request or response) and the parsed body, gives the schema verdict (with
// Ajv's errors as evidence) and the body-rule verdicts for what JSON Schema cannot say.
import { SPEC } from '../spec/sections.js';
import type { MessageName } from '../spec/operations.js';
import { OPERATIONS } from '../spec/operations.js';
import { validateBody } from '../schemas/index.js';
import type { BodyKind, CheckMeta, SchemaError, Verdict } from '../spec/vocabulary.js';
import { applyBodyRules } from './body-rules/index.js';
import type { Judged } from './protocol.js';
import { PMS_REQUEST_SCHEMA_RULES } from '../spec/pms-schema-rules.js';
import { fail, harnessError, pass, skip } from './check-verdict.js';

/** The spec rules the response schemas state (OTA answers, and a PMS's RoomInfo answer): shapes, types, patterns, enums. */
const RESPONSE_SCHEMA_RULES = [
  'resp-success-boolean',
  'resp-errors-on-failure',
  'grt-shape.1',
  'grt-shape.3',
  'grt-room-item.1',
  'grt-room-item.2',
  'grt-room-item.3',
  'grt-room-item.4',
  'grp-shape.1',
  'grp-shape.2',
  'grp-shape.3',
  'grp-shape.4',
  'grp-shape.5',
  'grp-room-zero-global',
  'gbl-shape.1',
  'gbl-shape.2',
  'gbl-shape.3',
  'gbl-booking-id-max64.1',
  'gbi-shape',
  'res-order-date-time.1',
  'res-order-date-time.2',
  'res-flag-count-types.1',
  'res-flag-count-types.2',
  'res-flag-count-types.3',
  'res-flag-count-types.4',
  'res-flag-count-types.5',
  'res-currency',
  'res-total-sum.1',
  'res-customer-country.1',
  'res-customer-country.2',
  'roominfo-fields.1',
  'roominfo-fields.2',
  'roominfo-fields.3',
  'roominfo-fields.4',
  'roominfo-fields.5',
  'roominfo-fields.6',
  'roominfo-fields.7',
  'roominfo-fields.8',
  'roominfo-fields.9',
];

/**
 * The request schemas' rules beyond what a PMS's bodies prove (spec/pms-schema-rules.ts, the
 * one list of the rest): the verb and SetupProperty's optional password, which the schemas
 * state for every request, the harness's own included.
 */
const REQUEST_ONLY_RULES = ['env-verb-equals-op', 'env-password-optional-setup.1'];

export const SCHEMA_CHECKS = {
  response: {
    id: 'schema.response',
    title: "Every response body matches the spec's schema for its operation",
    level: 'required',
    spec: SPEC.endpoints,
    rules: RESPONSE_SCHEMA_RULES,
  },
  request: {
    id: 'schema.request',
    title: "Every request the candidate sends matches the spec's schema for its operation",
    level: 'required',
    spec: SPEC.endpoints,
    // The rules the request schemas state: the PMS's requests, and the harness's own held to them.
    rules: [...PMS_REQUEST_SCHEMA_RULES, ...REQUEST_ONLY_RULES],
  },
  harnessRequest: {
    id: 'harness.request-valid',
    title: "The harness's own request matches the spec (self-check)",
    level: 'required',
    spec: SPEC.endpoints,
  },
  harnessResponse: {
    id: 'harness.mock-response-valid',
    title: "The mock channel manager's own answer matches the spec (self-check)",
    level: 'required',
    spec: SPEC.endpoints,
  },
} as const satisfies Record<string, CheckMeta>;

function describeErrors(errors: SchemaError[]): string {
  const shown = errors.slice(0, 5).map((e) => `  ${e.pointer || '(root)'} ${e.message} [${e.spec}]`);
  const more = errors.length > 5 ? `\n  … and ${errors.length - 5} more` : '';
  return `${shown.join('\n')}${more}`;
}

export function schemaVerdict(
  name: MessageName,
  kind: BodyKind,
  body: unknown,
  exchanges: string[],
  selfCheck = false,
  drop?: (error: SchemaError) => boolean,
): Verdict {
  const all = validateBody(name, kind, body);
  const errors = drop ? all.filter((e) => !drop(e)) : all;
  if (errors.length === 0) return pass(`valid ${name} ${kind}`, { exchanges });
  const first = errors[0]!;
  const message = `${selfCheck ? 'The harness built an invalid' : 'Unexpected'} ${name} ${kind}: ${errors.length} schema error(s)\n${describeErrors(errors)}`;
  const extra = {
    exchanges,
    schemaErrors: errors,
    pointer: first.pointer,
    expected: `valid per ${OPERATIONS[name].section}`,
    actual: `${errors.length} error(s)`,
  };
  return selfCheck ? harnessError(message, extra) : fail(message, extra);
}

/**
 * Schema + body rules for a body the candidate produced. `drop`: schema errors another check
 * judges (the error shape of a refusal), so one fault is not reported twice.
 */
export function judgeCandidateBody(
  name: MessageName,
  kind: BodyKind,
  body: unknown,
  exchanges: string[],
  isObject: boolean,
  drop?: (error: SchemaError) => boolean,
): Judged[] {
  const meta = kind === 'response' ? SCHEMA_CHECKS.response : SCHEMA_CHECKS.request;
  if (!isObject) return [{ meta, verdict: skip('no JSON object body to validate', 'blocked', { exchanges }) }];
  const out: Judged[] = [{ meta, verdict: schemaVerdict(name, kind, body, exchanges, false, drop) }];
  for (const { rule, verdict } of applyBodyRules(name, kind, body)) {
    // A rule that does not apply to this body (a null version, rooms without prices) says nothing.
    if (verdict.status === 'skip' && verdict.skip === 'not-applicable') continue;
    out.push({
      meta: { id: rule.id, title: rule.title, level: rule.level, spec: rule.spec, ...(rule.rules ? { rules: rule.rules } : {}) },
      verdict: { ...verdict, exchanges },
    });
  }
  return out;
}

/** Self-check of a body the harness built (its request, or the mock's answer): only reported when it fails. */
export function judgeHarnessBody(name: MessageName, kind: BodyKind, body: unknown, exchanges: string[], drop?: (error: SchemaError) => boolean): Judged[] {
  const verdict = schemaVerdict(name, kind, body, exchanges, true, drop);
  const meta = kind === 'request' ? SCHEMA_CHECKS.harnessRequest : SCHEMA_CHECKS.harnessResponse;
  return verdict.status === 'pass' ? [] : [{ meta, verdict }];
}
