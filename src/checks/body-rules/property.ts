// CreateProperty body rules: takes a CreateProperty request body, gives verdicts on what its
// schema cannot say: the time zone is an IANA zone, the address is in the property's
// country, coordinates are in range, rooms carry no wbp_room_id, fee references resolve.
import { SPEC } from '../../spec/sections.js';
import { fail, pass, unexpected } from '../check-verdict.js';
import type { CheckMeta, Verdict } from '../../spec/vocabulary.js';
import { isIanaTimeZone } from './timezones.js';
import type { BodyRule, JsonObject, Read } from './types.js';
import { blocked, defineRule, isObject, MAX_OFFENDERS, notApplicable, offenders, plural, pointerOf, readObject } from './types.js';

const CREATE_PROPERTY = [{ name: 'CreateProperty' as const, kind: 'request' as const }];

function readProperty(body: unknown): Read<JsonObject> {
  const root = readObject(body, 'the body');
  if ('verdict' in root) return root;
  return readObject(root.value.Property, 'Property');
}

function checkTimezone(body: unknown): Verdict {
  const property = readProperty(body);
  if ('verdict' in property) return property.verdict;
  const zone = property.value.timezone;
  if (typeof zone !== 'string') return blocked('Property.timezone is not a string');
  if (isIanaTimeZone(zone)) return pass(`Property.timezone ${JSON.stringify(zone)} is an IANA time zone`);
  return fail(unexpected('Property.timezone', 'an IANA time zone name such as "Europe/Berlin"', zone), {
    pointer: pointerOf('Property', 'timezone'),
    expected: 'IANA time zone',
    actual: zone,
  });
}

function checkAddressCountry(body: unknown): Verdict {
  const property = readProperty(body);
  if ('verdict' in property) return property.verdict;
  const { country, address } = property.value;
  if (!isObject(address)) return blocked('Property.address is not a JSON object');
  if (typeof country !== 'string' || typeof address.country !== 'string') return blocked('a country code is not a string');
  if (address.country === country) return pass(`Property.address.country equals Property.country (${country})`);
  return fail(unexpected('Property.address.country', country, address.country), {
    pointer: pointerOf('Property', 'address', 'country'),
    expected: country,
    actual: address.country,
  });
}

const DECIMAL_DEGREES = /^[+-]?\d+(\.\d+)?$/;
const RANGES = { lat: 90, lon: 180 } as const;

function checkCoordinates(body: unknown, rule: CheckMeta): Verdict {
  const property = readProperty(body);
  if ('verdict' in property) return property.verdict;
  const address = property.value.address;
  if (!isObject(address)) return blocked('Property.address is not a JSON object');
  const sent = (['lat', 'lon'] as const).filter((key) => typeof address[key] === 'string' && address[key] !== '');
  if (sent.length === 0) return notApplicable('Property.address has no lat or lon');
  const found = sent.flatMap((key) => {
    const text = (address[key] as string).trim();
    const ok = DECIMAL_DEGREES.test(text) && Math.abs(Number(text)) <= RANGES[key];
    return ok ? [] : [{ key, value: address[key] as string, pointer: pointerOf('Property', 'address', key) }];
  });
  if (found.length === 0) return pass(`Property.address ${sent.join(' and ')} are decimal degrees in range`);
  const first = found[0]!;
  const range = `-${RANGES[first.key]}..${RANGES[first.key]}`;
  return fail(unexpected(`Property.address.${first.key}`, `decimal degrees in ${range}`, first.value), {
    pointer: first.pointer,
    expected: `decimal degrees in ${range}`,
    actual: first.value,
    schemaErrors: offenders(
      rule,
      found.map((f) => ({
        pointer: f.pointer,
        message: `${f.key} ${JSON.stringify(f.value)} is not decimal degrees in -${RANGES[f.key]}..${RANGES[f.key]}`,
      })),
    ),
  });
}

function checkRoomIds(body: unknown, rule: CheckMeta): Verdict {
  const property = readProperty(body);
  if ('verdict' in property) return property.verdict;
  const rooms = property.value.rooms;
  if (!Array.isArray(rooms)) return blocked('Property.rooms is not an array');
  if (rooms.length === 0) return notApplicable('Property.rooms is empty');
  const found = rooms.flatMap((room, index) =>
    isObject(room) && Object.hasOwn(room, 'wbp_room_id') ? [pointerOf('Property', 'rooms', index, 'wbp_room_id')] : [],
  );
  if (found.length === 0) return pass(`No CreateProperty room carries wbp_room_id (${plural(rooms.length, 'room')})`);
  return fail(unexpected(`wbp_room_id in ${plural(found.length, 'CreateProperty room')}`, 'no wbp_room_id (UpdateRoom only)', found[0]), {
    pointer: found[0],
    expected: 'no wbp_room_id',
    actual: found.slice(0, MAX_OFFENDERS),
    schemaErrors: offenders(
      rule,
      found.map((pointer) => ({ pointer, message: 'wbp_room_id is sent in UpdateRoom only' })),
    ),
  });
}

/** Ids of the taxes[] entries that may be fees: every entry not marked is_fee false (is_fee is optional). */
function feeIds(taxes: readonly unknown[]): Set<unknown> {
  return new Set(taxes.filter((t) => isObject(t) && t.is_fee !== false).map((t) => (t as JsonObject).id));
}

function checkFeeReferences(body: unknown, rule: CheckMeta): Verdict {
  const property = readProperty(body);
  if ('verdict' in property) return property.verdict;
  const taxes = property.value.taxes;
  if (taxes === undefined) return notApplicable('Property has no taxes');
  if (!Array.isArray(taxes)) return blocked('Property.taxes is not an array');
  const fees = feeIds(taxes);
  const refs = taxes.flatMap((tax, t) => {
    const list = isObject(tax) && Array.isArray(tax.tax_basis_includes_fees) ? tax.tax_basis_includes_fees : [];
    return list.flatMap((ref, r) =>
      isObject(ref) && Object.hasOwn(ref, 'fee_id')
        ? [
            {
              feeId: ref.fee_id,
              pointer: pointerOf('Property', 'taxes', t, 'tax_basis_includes_fees', r, 'fee_id'),
            },
          ]
        : [],
    );
  });
  if (refs.length === 0) return notApplicable('no tax lists tax_basis_includes_fees');
  const found = refs.filter((ref) => !fees.has(ref.feeId));
  if (found.length === 0) return pass(`Every fee_id refers to a fee in Property.taxes (${plural(refs.length, 'reference')})`);
  const first = found[0]!;
  return fail(unexpected('fee_id', `the id of a fee (not is_fee false) in Property.taxes: ${JSON.stringify([...fees])}`, first.feeId), {
    pointer: first.pointer,
    expected: [...fees],
    actual: first.feeId,
    schemaErrors: offenders(
      rule,
      found.map((f) => ({
        pointer: f.pointer,
        message: `fee_id ${JSON.stringify(f.feeId)} is not the id of a fee in Property.taxes`,
      })),
    ),
  });
}

function propertyRule(id: string, title: string, spec: string, check: (body: unknown, rule: CheckMeta) => Verdict, rules: string[] = []): BodyRule {
  return defineRule({ id, title, level: 'required', spec, rules, appliesTo: [...CREATE_PROPERTY] }, check);
}

export const propertyTimezone = propertyRule('rule.property.timezone', 'Property.timezone is an IANA time zone', SPEC.property, checkTimezone, [
  'prop-codes.3',
]);
export const propertyAddressCountry = propertyRule(
  'rule.property.address-country',
  'Property.address.country equals Property.country',
  SPEC.address,
  checkAddressCountry,
  ['prop-address-contact.5'],
);
export const propertyCoordinates = propertyRule(
  'rule.property.coordinates',
  'Property.address lat/lon are decimal degrees in range',
  SPEC.address,
  checkCoordinates,
  ['prop-address-contact.6', 'prop-address-contact.7'],
);
export const propertyRoomWbpRoomId = propertyRule(
  'rule.property.room-wbp-room-id',
  'CreateProperty rooms carry no wbp_room_id (UpdateRoom only)',
  SPEC.room,
  checkRoomIds,
  ['room-required-fields.9'],
);
export const propertyFeeReferences = propertyRule(
  'rule.property.tax-fee-reference',
  'tax_basis_includes_fees[].fee_id refers to a fee of the property',
  SPEC.tax,
  checkFeeReferences,
  ['tax-percent-basis.3'],
);
