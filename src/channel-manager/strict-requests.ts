// What a strict channel manager refuses beyond the envelope (the reference OTA as a
// candidate; not the mock channel manager, whose judge reports a PMS's request): takes
// the operation and the checked body, gives the error for a pms_cid shorter than a cid's two
// characters, or for a property-sync body that breaks the spec's schema or a Property rule
// JSON Schema cannot state. Pure.
import { validateBody } from '../schemas/index.js';
import type { OperationName } from '../spec/operations.js';
import type { RequestBody } from './envelope.js';
import { OTA_ERROR_IDS, type OtaErrorItem } from './replies.js';

const SCHEMA_CHECKED = new Set<OperationName>(['CreateProperty', 'UpdateRoom', 'DeleteRoom', 'DeleteRatePlan']);

type Obj = Record<string, unknown>;
const isObject = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

function badRequest(msg: string): OtaErrorItem {
  return { id: OTA_ERROR_IDS.badRequest, msg };
}

/**
 * What the runtime answered for each zone asked (its answer does not change within a process):
 * one Intl.DateTimeFormat per distinct zone, not per request. Bounded: the candidate's text past
 * the first few hundred distinct zones, or longer than any zone name, is asked each time (so a
 * candidate's long strings are never kept).
 */
const zoneAnswers = new Map<string, boolean>();
const MAX_ZONE_ANSWERS = 512;
/** Longer than any IANA zone name (the longest is about 30 characters). */
const MAX_ZONE_LENGTH = 64;

/** Property rules across fields (spec: Property; Tax / fee). */
function isTimeZone(value: unknown): boolean {
  if (typeof value !== 'string' || value === '') return false;
  const known = zoneAnswers.get(value);
  if (known !== undefined) return known;
  let accepted: boolean;
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    accepted = true;
  } catch {
    accepted = false;
  }
  if (zoneAnswers.size < MAX_ZONE_ANSWERS && value.length <= MAX_ZONE_LENGTH) zoneAnswers.set(value, accepted);
  return accepted;
}

function propertyRuleError(property: unknown): string | undefined {
  if (!isObject(property)) return undefined;
  if (!isTimeZone(property.timezone)) return 'Property.timezone must be a time zone of the tz database';
  const address = property.address;
  if (isObject(address) && address.country !== property.country) return 'Property.address.country must equal Property.country';
  const taxes = Array.isArray(property.taxes) ? property.taxes : [];
  for (const [i, tax] of taxes.entries()) {
    if (!isObject(tax)) continue;
    if (tax.amount !== undefined && tax.amount !== null && Array.isArray(tax.amounts) && tax.amounts.length > 0) {
      return `Property.taxes[${i}] has both amount and amounts; only one may be active`;
    }
    if (tax.calculation_basis !== undefined && tax.is_percent !== true) {
      return `Property.taxes[${i}].calculation_basis is used only when is_percent is true`;
    }
  }
  return undefined;
}

/** The envelope beyond checkEnvelope: a cid is two to four characters; the reference refuses only a shorter one (D-106). */
export function strictEnvelopeError(body: RequestBody): OtaErrorItem | undefined {
  if (typeof body.pms_cid === 'string' && body.pms_cid.length < 2) {
    return badRequest(`pms_cid ${JSON.stringify(body.pms_cid)} is shorter than a cid (two to four characters).`);
  }
  return undefined;
}

/** A property-sync body that breaks the spec's schema or a Property rule across fields. */
export function strictBodyError(operation: OperationName, body: RequestBody): OtaErrorItem | undefined {
  if (!SCHEMA_CHECKED.has(operation)) return undefined;
  const errors = validateBody(operation, 'request', body);
  const first = errors[0];
  if (first) return badRequest(`${operation} request: ${first.pointer || '(root)'} ${first.message}.`);
  const rule = operation === 'CreateProperty' ? propertyRuleError(body.Property) : undefined;
  return rule ? badRequest(`${rule}.`) : undefined;
}
