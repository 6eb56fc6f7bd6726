// Code checks of requests the spec allows: takes an answer and the name of what the request
// varied (`breakfast ""`, `Inventory closearr`), gives a verdict: a valid request must be
// accepted, and a refusal names the value it refused. SetupProperty without a password gets
// an ordinary answer (success, or the credential errors 1001/1002), never a malformed-request one.
import type { CodeCheck } from './types.js';
import { fail, pass, skip, unexpected } from '../check-verdict.js';
import { describeErrors, errorsOf } from './property-mapping.js';

type Obj = Record<string, unknown>;

const isObject = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

export const variationAccepted: CodeCheck = {
  name: 'variation-accepted',
  description: 'A valid request that varies one allowed value is accepted (success true); a refusal names the value (args: operation, variation)',
  run({ subject, args, exchanges }) {
    const op = typeof args.operation === 'string' ? args.operation : 'the operation';
    const variation = typeof args.variation === 'string' ? args.variation : '(unnamed)';
    if (!isObject(subject)) return skip('Blocked: the answer is not a JSON object (see the protocol checks)', 'blocked', { exchanges });
    if (subject.success === true) return pass(`${op} accepted ${variation}`, { exchanges });
    return fail(
      unexpected(
        `answer to a valid ${op} with ${variation}`,
        'success true',
        `success ${JSON.stringify(subject.success)} with ${describeErrors(subject)}`,
        `the spec allows ${variation}; refusing it refuses valid data`,
      ),
      {
        exchanges,
        pointer: '/success',
        expected: true,
        actual: variation,
      },
    );
  },
};

/** The answers SetupProperty gives valid-shaped requests: success, or the credential errors. */
const ORDINARY_ERRORS = new Set([1001, 1002]);

export const setupWithoutPassword: CodeCheck = {
  name: 'setup-without-password',
  description:
    'SetupProperty without wbp_property_password (optional there) gets success true or the credential errors 1001/1002, not a malformed-request error',
  run({ subject, exchanges }) {
    if (!isObject(subject)) return skip('Blocked: the answer is not a JSON object (see the protocol checks)', 'blocked', { exchanges });
    if (subject.success === true) return pass('SetupProperty without a password answered success true', { exchanges });
    const ids = errorsOf(subject).map((e) => e.id);
    if (ids.length > 0 && ids.every((id) => ORDINARY_ERRORS.has(Number(id)))) {
      return pass(`SetupProperty without a password answered the credential error ${ids.join(', ')}`, { exchanges });
    }
    return fail(
      unexpected(
        'answer to SetupProperty without wbp_property_password',
        'success true or error 1001/1002',
        describeErrors(subject),
        'the password is optional in SetupProperty: its absence is not a malformed request',
      ),
      {
        exchanges,
        pointer: '/errors',
        expected: [1001, 1002],
        actual: ids,
      },
    );
  },
};

export const VARIATION_CHECKS: CodeCheck[] = [variationAccepted, setupWithoutPassword];
