// Probes of the common request envelope: takes the profile, gives GetRoomTypes requests that
// each break one envelope rule (a field missing, an id of the wrong type, pms_property_id 0,
// a 35-character or non-hex guid, an uppercase or too short pms_cid, a verb other than the
// path), and SetupProperty/CreateProperty requests with each id of the other type.
import { OPERATIONS } from '../../spec/operations.js';
import type { OperationName } from '../../spec/operations.js';
import { newGuid } from '../../support/guid.js';
import { buildEnvelope } from '../envelope.js';
import { createPropertyFields, implemented } from './bases.js';
import type { Probe, ProbeFamily, ProbeInput } from './types.js';

// wbp_property_id and wbp_property_password missing are the credentials family's: a property
// served without them is served to anyone (a required refusal, unlike these).
const MISSING = ['pms_property_id', 'guid', 'pms_cid', 'verb'] as const;

/**
 * The other JSON type than the valid request sends: a string for an integer, an integer for a
 * string (its digits when it has only digits; 1 when it has none, which also names another
 * property, so only the type can make the answer differ from the valid request's type).
 */
export function otherType(sent: unknown): string | number {
  if (typeof sent === 'number') return String(sent);
  const text = String(sent);
  return /^\d+$/.test(text) && Number.isSafeInteger(Number(text)) ? Number(text) : 1;
}

function idTypeProbes(operation: OperationName, input: ProbeInput, fields: Record<string, unknown> = {}): Probe[] {
  const info = OPERATIONS[operation];
  const rule = operation === 'SetupProperty' ? 'env-types-setupproperty' : operation === 'CreateProperty' ? 'cp-request' : 'env-types-scoped';
  // What the valid request sends for each id (the envelope typed as the id table says, then the fields).
  const valid: Record<string, unknown> = { ...buildEnvelope(operation, input.profile), ...fields };
  return (
    [
      ['pms_property_id', info.pmsPropertyId],
      ['wbp_property_id', info.wbpPropertyId],
    ] as const
  ).map(([field, type]) => {
    const sent = otherType(valid[field]);
    return {
      operation,
      fields,
      rule,
      set: { [field]: sent },
      breaks: `${field} sent as ${typeof sent === 'number' ? 'an integer' : 'a string'} (${JSON.stringify(sent)}) where the valid request sends ${JSON.stringify(valid[field])}; the id table gives ${type}`,
    };
  });
}

export const envelopeFamily: ProbeFamily = {
  name: 'envelope',
  description: 'Each envelope rule broken in turn (GetRoomTypes), and each id of the wrong type (SetupProperty, GetRoomTypes, CreateProperty)',
  generate(input: ProbeInput) {
    const operation = 'GetRoomTypes';
    const cid = input.profile.pmsCid;
    const probes: Probe[] = MISSING.map((field) => ({ operation, breaks: `${field} missing`, rule: 'env-required-fields', omit: [field] }));
    probes.push(
      ...idTypeProbes('GetRoomTypes', input),
      { operation, breaks: 'pms_property_id is 0 (the id table gives an integer >= 1)', rule: 'env-types-scoped', set: { pms_property_id: 0 } },
      { operation, breaks: 'guid is 35 characters long', rule: 'env-guid-pattern', set: { guid: newGuid().slice(0, 35) } },
      { operation, breaks: 'guid has a character that is not hexadecimal', rule: 'env-guid-pattern', set: { guid: `g${newGuid().slice(1)}` } },
      {
        operation,
        breaks: `pms_cid is upper case (${cid.toUpperCase()})`,
        rule: 'env-pms-cid-format',
        set: { pms_cid: cid.toUpperCase() === cid ? 'CMX' : cid.toUpperCase() },
      },
      { operation, breaks: 'pms_cid is one character long (a cid has two to four)', rule: 'env-pms-cid-format', set: { pms_cid: 'c' } },
      { operation, breaks: 'verb is "GetRatePlans" on the GetRoomTypes path', rule: 'env-verb-equals-op', set: { verb: 'GetRatePlans' } },
      ...idTypeProbes('SetupProperty', input),
    );
    const create = createPropertyFields(input);
    if (create && implemented(input.profile, 'CreateProperty')) probes.push(...idTypeProbes('CreateProperty', input, create));
    return probes;
  },
};
