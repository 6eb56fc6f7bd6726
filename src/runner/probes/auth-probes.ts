// Probes of who may call: takes the valid requests of bases.ts, gives for every operation the
// OTA implements each shared_secret copy missing and wrong (query, body), and for every
// property-scoped operation the password wrong and missing and the property id never issued
// and missing. Accepting any of them hands one property's data or ARI to anyone (spec:
// Authentication).
import type { OperationName } from '../../spec/operations.js';
import { baseFields, createPropertyFields } from './bases.js';
import type { Probe, ProbeFamily, ProbeInput } from './types.js';

/** A made-up credential (the form redaction shows as it is: src/support/redact.ts), fixed so probe runs compare. */
const WRONG = 'wrong-0badc0ffee00';
/** A property id no OTA issues to the test property (wbp ids are strings in the scoped operations). */
export const UNKNOWN_WBP_PROPERTY_ID = '987654321';

function secretProbes(operation: OperationName, fields: Record<string, unknown>): Probe[] {
  const query = 'auth-secret-query-enforced';
  const body = 'auth-secret-body-enforced';
  return [
    { operation, fields, breaks: 'shared_secret missing from the query string', rule: query, query: { shared_secret: null } },
    { operation, fields, breaks: 'shared_secret wrong in the query string', rule: query, query: { shared_secret: WRONG } },
    { operation, fields, breaks: 'shared_secret missing from the body', rule: body, omit: ['shared_secret'] },
    { operation, fields, breaks: 'shared_secret wrong in the body', rule: body, set: { shared_secret: WRONG } },
  ];
}

export const secretFamily: ProbeFamily = {
  name: 'secret',
  description: 'Each shared_secret copy (query, body) missing and wrong, on every operation the OTA implements but HealthCheck',
  generate(input: ProbeInput) {
    const bases = { ...baseFields(input) };
    const create = createPropertyFields(input);
    const probes = Object.entries(bases).flatMap(([op, fields]) => secretProbes(op as OperationName, fields));
    if (create) probes.push(...secretProbes('CreateProperty', create));
    return probes;
  },
};

/** SetupProperty's own credential refusals (1001) are the setup suite's; CreateProperty makes credentials. */
const NOT_SCOPED = new Set<OperationName>(['SetupProperty', 'CreateProperty', 'HealthCheck']);

export const credentialsFamily: ProbeFamily = {
  name: 'credentials',
  description: 'wbp_property_password wrong and missing, wbp_property_id never issued and missing, on every property-scoped operation',
  generate(input: ProbeInput) {
    const rule = 'auth-property-creds-enforced';
    return Object.entries(baseFields(input))
      .filter(([op]) => !NOT_SCOPED.has(op as OperationName))
      .flatMap(([op, fields]): Probe[] => {
        const operation = op as OperationName;
        return [
          { operation, fields, breaks: 'wbp_property_password is wrong', rule, set: { wbp_property_password: WRONG } },
          { operation, fields, breaks: 'wbp_property_password is missing', rule, omit: ['wbp_property_password'] },
          { operation, fields, breaks: `wbp_property_id ${UNKNOWN_WBP_PROPERTY_ID} was never issued`, rule, set: { wbp_property_id: UNKNOWN_WBP_PROPERTY_ID } },
          { operation, fields, breaks: 'wbp_property_id is missing', rule, omit: ['wbp_property_id'] },
        ];
      });
  },
};
