// Checks of an OTA's refusals and of the ids it issued: takes a parsed response body (or the
// profile's id problems), gives the verdict of the one check that judges the error shape of
// every refusal (success false), of the property-id-type check, and the meta of the probes'
// control (the valid request a family of probes starts from). The error shape is judged
// here only, so schema.response leaves the /errors part of a refusal to this check (one fault,
// one check: issue 11 item 7).
import type { CheckMeta, SchemaError, Verdict } from '../spec/vocabulary.js';
import { SPEC } from '../spec/sections.js';
import { fail, pass } from './check-verdict.js';

export const REFUSAL_CHECKS = {
  errorShape: {
    id: 'protocol.error-shape',
    title: 'Every refusal (success false) carries a non-empty errors array whose ids are integers',
    level: 'required',
    spec: `${SPEC.commonResponse}; ${SPEC.errors}`,
    rules: ['resp-errors-on-failure.1', 'resp-errors-on-failure.2', 'resp-errors-on-failure.3'],
  },
  propertyIdType: {
    id: 'envelope.property-id-type',
    title: "The property ids the OTA issued can be sent with the types of the spec's id table",
    level: 'required',
    spec: SPEC.idTypes,
    rules: [
      'env-types-setupproperty.1',
      'env-types-setupproperty.2',
      'env-healthcheck-ids.4',
      'env-healthcheck-ids.5',
      'env-types-scoped.1',
      'env-types-scoped.2',
    ],
  },
  probeControl: {
    id: 'probe.control.accepted',
    title: 'The valid request a family of probes starts from (and re-sends after them) is accepted',
    level: 'required',
    spec: `${SPEC.endpoint('ARIUpdate')}; ${SPEC.inventory}`,
    rules: ['ari-inventory.2'],
  },
} as const satisfies Record<string, CheckMeta>;

/** A refusal: a JSON object whose success is false. Anything else is not this check's business. */
export function isRefusal(body: unknown): body is Record<string, unknown> {
  return body !== null && typeof body === 'object' && !Array.isArray(body) && (body as Record<string, unknown>).success === false;
}

/** The error shape of a refusal; undefined when the body is not a refusal. */
export function judgeErrorShape(body: unknown, exchanges: string[]): Verdict | undefined {
  if (!isRefusal(body)) return undefined;
  const errors = body.errors;
  const extra = { exchanges, pointer: '/errors' };
  if (!Array.isArray(errors) || errors.length === 0) {
    const actual = errors === undefined ? 'missing' : Array.isArray(errors) ? 'an empty array' : typeof errors;
    return fail(`Unexpected refusal: expected success false with a non-empty errors array, but errors is ${actual}`, {
      ...extra,
      expected: 'errors: [{id: <integer>, msg}]',
      actual,
    });
  }
  for (const [i, item] of errors.entries()) {
    const id = item !== null && typeof item === 'object' ? (item as Record<string, unknown>).id : undefined;
    if (!Number.isInteger(id)) {
      return fail(`Unexpected error id: expected errors[${i}].id to be an integer, but received ${JSON.stringify(id) ?? 'nothing'}`, {
        ...extra,
        pointer: `/errors/${i}/id`,
        expected: 'integer',
        actual: id ?? null,
      });
    }
    const msg = (item as Record<string, unknown>).msg;
    if (msg !== undefined && typeof msg !== 'string') {
      return fail(`Unexpected error msg: expected errors[${i}].msg to be a string, but received ${JSON.stringify(msg)}`, {
        ...extra,
        pointer: `/errors/${i}/msg`,
        expected: 'string',
        actual: msg,
      });
    }
  }
  return pass(`a refusal with ${errors.length} error(s), ids ${JSON.stringify(errors.map((e) => (e as Record<string, unknown>).id))}`, { exchanges });
}

/** A schema error about the error shape of a refusal: left to protocol.error-shape. */
export function isErrorShapeError(error: SchemaError): boolean {
  if (error.pointer === '/errors' || error.pointer.startsWith('/errors/')) return true;
  return error.keyword === 'required' && error.params?.missingProperty === 'errors';
}

/** The property-id-type verdict for one request built from the profile's ids. */
export function judgePropertyIdTypes(problems: string[], operation: string, exchanges: string[]): Verdict {
  if (problems.length === 0) return pass(`the property ids take the types ${operation} requires`, { exchanges });
  return fail(
    `Unexpected property id: ${problems.join('; ')}. The id is sent as the OTA issued it, so the other checks still judge the OTA, but the spec's id table cannot be met with it.`,
    { exchanges, expected: 'an integer id (digits only)', actual: problems.length === 1 ? problems[0] : problems },
  );
}
