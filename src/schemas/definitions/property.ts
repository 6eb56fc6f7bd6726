// The property of CreateProperty: takes nothing, gives the Property schema with its
// address and business_contact (spec: Property, request object of CreateProperty).
import { SPEC } from '../../spec/sections.js';
import { arrayOf, countryCode, currencyCode, enumOf, integerSchema, NULLABLE_STRING, objectSchema, STRING, withSpec } from './common.js';
import type { JsonSchema } from './common.js';
import { imageSchema, roomSchema } from './rooms.js';
import { taxSchema } from './tax.js';

export const BREAKFAST_VALUES = ['', 'IN', 'EX'] as const;
export const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;

function nullableStrings(names: readonly string[]): Record<string, JsonSchema> {
  return Object.fromEntries(names.map((name) => [name, NULLABLE_STRING]));
}

export function addressSchema(): JsonSchema {
  const lines = ['address_line_1', 'address_line_2', 'city', 'zip', 'state', 'website', 'lon', 'lat', 'phone', 'fax'];
  return withSpec(SPEC.address, objectSchema({ ...nullableStrings(lines), country: countryCode() }, ['country']));
}

export function businessContactSchema(): JsonSchema {
  const lines = ['main_contact_name', 'company_name', 'account_manager_name', 'vat_id', 'address_line_1', 'address_line_2', 'state', 'zip', 'city'];
  return withSpec(SPEC.businessContact, objectSchema({ ...nullableStrings(lines), country: countryCode() }, ['country']));
}

export function propertySchema(): JsonSchema {
  const properties: Record<string, JsonSchema> = {
    name: STRING,
    country: countryCode(),
    currency: currencyCode(),
    // Valid values "come from an external timezone list": checked by rule.property.timezone.
    timezone: STRING,
    email_default: STRING,
    email_channel_booking: STRING,
    email_contact: STRING,
    // "see min_los of Inventory": min_los is >= 1.
    default_min_los: integerSchema(1),
    // "0 means no restriction", as max_los (>= 0).
    default_max_los: integerSchema(0),
    breakfast: enumOf('string', BREAKFAST_VALUES),
    weekend: arrayOf(enumOf('string', WEEKDAYS)),
    firstname: STRING,
    lastname: STRING,
    address: addressSchema(),
    business_contact: businessContactSchema(),
    images: arrayOf(imageSchema('CreateProperty')),
    rooms: arrayOf(roomSchema('CreateProperty')),
    taxes: arrayOf(taxSchema()),
  };
  const required = Object.keys(properties).filter((key) => key !== 'taxes');
  return withSpec(SPEC.property, objectSchema(properties, required));
}
