// Schema checks every body gets without the suite asking: takes a message name, which
// side of it (request or response) and the parsed body, gives the schema verdict (with
// Ajv's errors as evidence) and the body-rule verdicts for what JSON Schema cannot say.
import { SPEC } from '../spec/sections.js';
import type { MessageName } from '../spec/operations.js';
import { OPERATIONS } from '../spec/operations.js';
import { validateBody } from '../schemas/index.js';
import type { BodyKind, CheckMeta, SchemaError, Verdict } from '../spec/vocabulary.js';
import { schemaErrorSource } from '../spec/vocabulary.js';
import { applyBodyRules } from './body-rules/index.js';
import type { BodyRule } from './body-rules/types.js';
import type { Judged } from './protocol.js';
import { requestSchemaRules, responseSchemaRules } from '../schemas/rules.js';
import { fail, harnessError, pass, skip } from './check-verdict.js';

export const SCHEMA_CHECKS = {
  response: {
    id: 'schema.response',
    title: "Every response body matches the spec's schema for its operation",
    level: 'required',
    spec: SPEC.endpoints,
    // The clauses the response schemas state (OTA answers, and a PMS's callback answers), read
    // off the schemas when first asked: shapes, types, patterns, enums.
    get rules(): string[] {
      return [...responseSchemaRules()];
    },
  },
  request: {
    id: 'schema.request',
    title: "Every request the candidate sends matches the spec's schema for its operation",
    level: 'required',
    spec: SPEC.endpoints,
    // The clauses the request schemas state, read off them: the PMS's requests, and the
    // harness's own held to them.
    get rules(): string[] {
      return [...requestSchemaRules()];
    },
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
  const shown = errors.slice(0, 5).map((e) => `  ${e.pointer || '(root)'} ${e.message} [${schemaErrorSource(e)}]`);
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

/** A body rule's meta, without its function and scope: made once per rule, not per judged body. */
const ruleMetas = new WeakMap<BodyRule, CheckMeta>();

function ruleMeta(rule: BodyRule): CheckMeta {
  let meta = ruleMetas.get(rule);
  if (!meta) {
    meta = { id: rule.id, title: rule.title, level: rule.level, spec: rule.spec, ...(rule.rules ? { rules: rule.rules } : {}) };
    ruleMetas.set(rule, meta);
  }
  return meta;
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
    out.push({ meta: ruleMeta(rule), verdict: { ...verdict, exchanges } });
  }
  return out;
}

/** Self-check of a body the harness built (its request, or the mock's answer): only reported when it fails. */
export function judgeHarnessBody(name: MessageName, kind: BodyKind, body: unknown, exchanges: string[], drop?: (error: SchemaError) => boolean): Judged[] {
  const verdict = schemaVerdict(name, kind, body, exchanges, true, drop);
  const meta = kind === 'request' ? SCHEMA_CHECKS.harnessRequest : SCHEMA_CHECKS.harnessResponse;
  return verdict.status === 'pass' ? [] : [{ meta, verdict }];
}
