// The property of CreateProperty: takes nothing, gives the Property schema with its
// address and business_contact (spec: Property, request object of CreateProperty).
import { SPEC } from '../../spec/sections.js';
import { arrayOf, countryCode, currencyCode, enumOf, integerSchema, NULLABLE_STRING, objectSchema, STRING, withRules as r, withSpec } from './common.js';
import type { JsonSchema } from './common.js';
import { imageSchema, roomSchema } from './rooms.js';
import { taxSchema } from './tax.js';

export const BREAKFAST_VALUES = ['', 'IN', 'EX'] as const;
export const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;

function nullableStrings(names: readonly string[], rules: readonly string[]): Record<string, JsonSchema> {
  return Object.fromEntries(names.map((name) => [name, r(rules, NULLABLE_STRING)]));
}

export function addressSchema(): JsonSchema {
  const lines = ['address_line_1', 'address_line_2', 'city', 'zip', 'state', 'website', 'lon', 'lat', 'phone', 'fax'];
  return withSpec(
    SPEC.address,
    objectSchema({ ...nullableStrings(lines, ['prop-address-contact.1']), country: r(['prop-address-contact.3'], countryCode()) }, ['country']),
  );
}

export function businessContactSchema(): JsonSchema {
  const lines = ['main_contact_name', 'company_name', 'account_manager_name', 'vat_id', 'address_line_1', 'address_line_2', 'state', 'zip', 'city'];
  return withSpec(
    SPEC.businessContact,
    objectSchema({ ...nullableStrings(lines, ['prop-address-contact.2']), country: r(['prop-address-contact.4'], countryCode()) }, ['country']),
  );
}

export function propertySchema(): JsonSchema {
  const properties: Record<string, JsonSchema> = {
    name: r(['prop-required-fields.1'], STRING),
    country: r(['prop-required-fields.2', 'prop-codes.1'], countryCode()),
    currency: r(['prop-required-fields.3', 'prop-codes.2'], currencyCode()),
    // Valid values "come from an external timezone list": checked by rule.property.timezone.
    timezone: r(['prop-required-fields.4'], STRING),
    email_default: r(['prop-required-fields.5'], STRING),
    email_channel_booking: r(['prop-required-fields.6'], STRING),
    email_contact: r(['prop-required-fields.7'], STRING),
    // "see min_los of Inventory": min_los is >= 1.
    default_min_los: r(['prop-required-fields.8', 'prop-los-defaults.1', 'prop-los-defaults.4'], integerSchema(1)),
    // "0 means no restriction", as max_los (>= 0).
    default_max_los: r(['prop-required-fields.9', 'prop-los-defaults.2'], integerSchema(0)),
    breakfast: r(['prop-required-fields.10', 'prop-breakfast-weekend.1'], enumOf('string', BREAKFAST_VALUES)),
    weekend: r(['prop-required-fields.11', 'prop-breakfast-weekend.2'], arrayOf(enumOf('string', WEEKDAYS))),
    firstname: r(['prop-required-fields.12'], STRING),
    lastname: r(['prop-required-fields.13'], STRING),
    address: r(['prop-required-fields.14'], addressSchema()),
    business_contact: r(['prop-required-fields.15'], businessContactSchema()),
    images: r(['prop-required-fields.16'], arrayOf(imageSchema('CreateProperty'))),
    rooms: r(['prop-required-fields.17'], arrayOf(roomSchema('CreateProperty'))),
    taxes: arrayOf(taxSchema()),
  };
  const required = Object.keys(properties).filter((key) => key !== 'taxes');
  return withSpec(SPEC.property, objectSchema(properties, required));
}
