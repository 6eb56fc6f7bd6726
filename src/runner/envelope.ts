// The common request envelope the harness sends: takes an operation and the profile,
// gives the envelope with each property id typed as the spec's id table says for that
// operation (SetupProperty: pms string / wbp integer; GetRoomTypes: pms integer / wbp
// string; ...), a fresh guid, the shared secret and the verb.
import { OPERATIONS } from '../spec/operations.js';
import type { IdType, MessageName } from '../spec/operations.js';
import { newGuid } from '../support/guid.js';
import type { Profile } from '../profile/types.js';

export class EnvelopeError extends Error {
  override name = 'EnvelopeError';
}

function asInteger(value: string | number): number | undefined {
  const n = typeof value === 'number' ? value : /^\d+$/.test(value) ? Number(value) : NaN;
  return Number.isSafeInteger(n) ? n : undefined;
}

/**
 * The id typed as the table says; an id the candidate issued that cannot take the type is
 * sent as issued (the property-id-type check says so), never turned into a harness error.
 */
function typed(value: string | number, type: IdType): string | number {
  if (type === 'string' || type === 'string-or-any') return String(value);
  if (type === 'none') return value;
  return asInteger(value) ?? value;
}

export interface UntypedId {
  field: 'pms_property_id' | 'wbp_property_id';
  message: string;
}

/** The profile's property ids that cannot take the types the id table gives for `operation` (empty: they can). */
export function untypedIds(operation: MessageName, profile: Profile): UntypedId[] {
  const info = OPERATIONS[operation];
  if (!info.envelope) return [];
  const problems: UntypedId[] = [];
  for (const [field, type] of [
    ['pms_property_id', info.pmsPropertyId],
    ['wbp_property_id', info.wbpPropertyId],
  ] as const) {
    const value = profile.property[field];
    if ((type === 'integer' || type === 'integer-or-empty') && asInteger(value) === undefined) {
      problems.push({
        field,
        message: `property.${field} ${JSON.stringify(value)} cannot be sent as the integer the spec's id table requires for ${operation}`,
      });
    }
  }
  return problems;
}

export function buildEnvelope(operation: MessageName, profile: Profile): Record<string, unknown> {
  const info = OPERATIONS[operation];
  const { property } = profile;
  if (!info.envelope) {
    // Callbacks: payloads are "not shown"; send the ids and the secret the events name (D-008).
    return {
      pms_property_id: property.pms_property_id,
      wbp_property_id: property.wbp_property_id,
      shared_secret: profile.sharedSecret,
    };
  }
  return {
    pms_property_id: typed(property.pms_property_id, info.pmsPropertyId),
    wbp_property_id: typed(property.wbp_property_id, info.wbpPropertyId),
    wbp_property_password: property.wbp_property_password,
    guid: newGuid(),
    shared_secret: profile.sharedSecret,
    pms_cid: profile.pmsCid,
    verb: operation,
  };
}

/** `{base}/{Operation}?shared_secret=...`; a null query value removes the parameter. */
export function operationUrl(baseUrl: string, operation: string, query: Record<string, unknown>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === null || value === undefined) continue;
    params.set(key, typeof value === 'string' ? value : JSON.stringify(value));
  }
  const qs = params.toString();
  return `${baseUrl.replace(/\/+$/, '')}/${operation}${qs ? `?${qs}` : ''}`;
}
