// Probes of the common request envelope: takes the profile, gives GetRoomTypes requests that
// each break one envelope rule (a field missing, an id of the wrong type, pms_property_id 0,
// a 35-character or non-hex guid, an uppercase or too short pms_cid, a verb other than the
// path), and SetupProperty/CreateProperty requests with each id of the other type.
import { OPERATIONS } from '../../spec/operations.js';
import type { OperationName } from '../../spec/operations.js';
import { newGuid } from '../../support/guid.js';
import { createPropertyFields, implemented } from './bases.js';
import type { Probe, ProbeFamily, ProbeInput } from './types.js';

const MISSING = ['pms_property_id', 'wbp_property_id', 'wbp_property_password', 'guid', 'pms_cid', 'verb'] as const;

/** The other JSON type of an id: a string of digits for an integer, an integer for a string. */
function otherType(value: string | number, integer: boolean): string | number {
  if (integer) return String(value);
  const n = Number(value);
  return Number.isSafeInteger(n) ? n : 1;
}

function idTypeProbes(operation: OperationName, input: ProbeInput, fields: Record<string, unknown> = {}): Probe[] {
  const info = OPERATIONS[operation];
  const rule = operation === 'SetupProperty' ? 'env-types-setupproperty' : operation === 'CreateProperty' ? 'cp-request' : 'env-types-scoped';
  const { property } = input.profile;
  return (
    [
      ['pms_property_id', info.pmsPropertyId],
      ['wbp_property_id', info.wbpPropertyId],
    ] as const
  ).map(([field, type]) => {
    const value = (fields[field] as string | number | undefined) ?? property[field];
    const sent = otherType(value, type === 'integer');
    return {
      operation,
      fields,
      rule,
      set: { [field]: sent },
      breaks: `${field} sent as ${typeof sent === 'number' ? 'an integer' : 'a string'} (${JSON.stringify(sent)}); the id table gives ${type}`,
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
