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

function typed(value: string | number, type: IdType, field: string, operation: string): string | number {
  if (type === 'string' || type === 'string-or-any') return String(value);
  if (type === 'none') return value;
  const n = typeof value === 'number' ? value : /^\d+$/.test(value) ? Number(value) : NaN;
  if (!Number.isSafeInteger(n)) {
    throw new EnvelopeError(
      `profile property.${field} "${value}" cannot be sent as the integer the spec's id table requires for ${operation}`,
    );
  }
  return n;
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
    pms_property_id: typed(property.pms_property_id, info.pmsPropertyId, 'pms_property_id', operation),
    wbp_property_id: typed(property.wbp_property_id, info.wbpPropertyId, 'wbp_property_id', operation),
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
