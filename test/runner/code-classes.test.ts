// Code lists by class (issue 26 item 2): each class comes from the list's data (minor units
// from ISO 4217's, parts counted from the tz names), and the CreateProperty variations carry
// one value of each class, in a body the schema and every body rule accept.
import { describe, expect, it } from 'vitest';
import { countryClasses, currencyClasses, timeZoneClasses, zoneClass } from '../../src/runner/generators/code-classes.js';
import { propertyBatches } from '../../src/runner/generators/allowed-values.js';
import { createPropertyItem } from '../../src/runner/generators/create-property.js';
import { currencyMinorUnits } from '../../src/spec/currency-minor-units.js';
import { COUNTRY_CODES, CURRENCY_CODES } from '../../src/spec/iso-codes.js';
import { isIanaTimeZone } from '../../src/checks/body-rules/timezones.js';
import { applyVariations } from '../../src/schemas/variations/index.js';
import { loadProfile } from '../../src/profile/load-profile.js';
import { referenceProfilePath } from '../../src/cli/reference.js';

describe('the classes of the code lists', () => {
  it('currencies: one code of 0, 2 and 3 minor units, each of its class by the data', () => {
    const codes = currencyClasses().map((p) => p.value as string);
    expect(codes.map(currencyMinorUnits)).toEqual([0, 2, 3]);
    for (const code of codes) expect(CURRENCY_CODES).toContain(code);
  });

  it('the minor units cover every code of the list, well-known ones as ISO 4217 states them', () => {
    const units = new Set(CURRENCY_CODES.map(currencyMinorUnits));
    expect([...units].sort()).toEqual([0, 2, 3, 4, null]);
    expect(['JPY', 'KRW', 'EUR', 'USD', 'KWD', 'TND', 'CLF', 'XAU'].map(currencyMinorUnits)).toEqual([0, 0, 2, 2, 3, 3, 4, null]);
  });

  it('countries: both ends of ISO 3166-1', () => {
    expect(countryClasses().map((p) => p.value)).toEqual([COUNTRY_CODES[0], COUNTRY_CODES.at(-1)]);
  });

  it('time zones: one, two and three parts, Etc/… and UTC, each a valid name of its class', () => {
    const zones = timeZoneClasses().map((p) => p.value as string);
    expect(zones.map(zoneClass).sort()).toEqual(['Etc/…', 'one part', 'three parts', 'two parts']);
    expect(zones).toContain('UTC');
    for (const zone of zones) expect(isIanaTimeZone(zone), zone).toBe(true);
    expect(zoneClass('America/Argentina/Salta')).toBe('three parts');
    expect(zoneClass('Etc/GMT+5')).toBe('Etc/…');
  });
});

describe('the CreateProperty variations', () => {
  const item = createPropertyItem(loadProfile(referenceProfilePath('ota'), {}), Date.UTC(2026, 10, 28));
  const property = item.Property as Record<string, unknown>;
  const { variations, valid } = propertyBatches(property);
  const classed = variations.filter((v) => v.kind === 'code-class');

  it('carry one value of each class of each code list, each valid', () => {
    const expected = [
      ...currencyClasses().map((p) => `Property.currency ${p.label}`),
      ...timeZoneClasses().map((p) => `Property.timezone ${p.label}`),
      ...countryClasses().map((p) => `Property.business_contact.country ${p.label}`),
      ...countryClasses().map((p) => `Property.country ${p.label}, address.country alike`),
    ].filter((name) => !name.includes(`"${String(property.currency)}"`) && !name.includes(`"${String(property.timezone)}"`));
    expect(classed.map((v) => v.name).sort()).toEqual(expected.sort());
    for (const variation of classed) expect(valid(applyVariations(property, [variation])), variation.name).toBe(true);
  });

  it('a country goes with the address country it must equal', () => {
    const country = classed.find((v) => v.location === 'Property.country')!;
    expect(applyVariations(property, [country])).toMatchObject({ country: country.value, address: { country: country.value } });
  });
});
