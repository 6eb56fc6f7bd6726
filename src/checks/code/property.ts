// Code checks of property sync (CreateProperty, UpdateRoom, DeleteRoom, DeleteRatePlan,
// UpdateRatePlan): takes an operation's answer, gives verdicts: the operation succeeded (or
// said it is not activated: a skip, never a pass). What it changed is read back by the
// checks in property-effects.ts.
import type { CodeCheck } from './types.js';
import { fail, pass, skip, unexpected } from '../check-verdict.js';
import { describeErrors, notActivatedError } from './property-mapping.js';

type Obj = Record<string, unknown>;

function operationName(args: Obj): string {
  return typeof args.operation === 'string' ? args.operation : 'the operation';
}

export const propertyAnswer: CodeCheck = {
  name: 'property-answer',
  description:
    "A property-sync operation answers success true; an error id listed in the profile's error_ids.not_activated skips as not applicable (args: operation; rest: true skips the rest of the suite too)",
  run({ subject, args, exchanges, profile }) {
    const op = operationName(args);
    const rest = args.rest === true ? { skipsRest: true } : {};
    const answer = subject as Obj | undefined;
    if (!answer || typeof answer !== 'object') return fail(`Unexpected ${op} answer: not a JSON object (see the protocol checks)`, { exchanges, ...rest });
    if (answer.success === true) return pass(`${op} answered success true`, { exchanges });
    const off = notActivatedError(answer, profile);
    if (off) {
      return skip(
        `Not applicable: the candidate answered that ${op} is not activated (${describeErrors(answer)}; error_ids.not_activated in the profile)`,
        'not-applicable',
        { exchanges, ...rest },
      );
    }
    return fail(unexpected(`${op} answer`, 'success true', `success ${JSON.stringify(answer.success)} with ${describeErrors(answer)}`), {
      exchanges,
      pointer: '/success',
      expected: true,
      actual: answer.success,
      ...rest,
    });
  },
};

export const propertyUnchecked: CodeCheck = {
  name: 'property-unchecked',
  description:
    'For an operation whose fields the spec does not show: no rule can be checked; skips as not applicable, with the exchange as evidence (args: operation)',
  run({ args, exchanges }) {
    const op = operationName(args);
    return skip(
      `Not applicable: no rule could be checked: the spec shows no request or response fields for ${op} ("Operations whose payloads are incomplete"). Only the envelope was judged, by the schema checks; the body is kept as evidence.`,
      'not-applicable',
      { exchanges },
    );
  },
};

export const PROPERTY_CHECKS: CodeCheck[] = [propertyAnswer, propertyUnchecked];
