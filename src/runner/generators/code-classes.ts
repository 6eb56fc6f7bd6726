// The classes of the code lists an accepted body carries: takes a field's schema, key and
// location, gives one valid value of each class of the list it holds, the classes read from
// the lists' data: currencies by ISO 4217 minor units (0, 2 and 3), countries from both ends
// of ISO 3166-1, time zones by their number of parts (one, two, three), Etc/… and UTC. A
// sampled code reaches only refusal probes; these go in bodies that must be accepted.
import { canonicalZones } from '../../checks/body-rules/timezones.js';
import { COUNTRY_CODES, CURRENCY_CODES } from '../../spec/iso-codes.js';
import { currencyMinorUnits } from '../../spec/currency-minor-units.js';
import type { Partition, Schema } from '../../schemas/variations/partitions.js';
import type { Variation } from '../../schemas/variations/index.js';

/** The minor units a property's currency is drawn from: units of account (4) and N.A. codes are no property's currency. */
const MINOR_UNIT_CLASSES = [0, 2, 3] as const;

const sameList = (values: unknown, list: readonly string[]): boolean =>
  Array.isArray(values) && values.length === list.length && values.every((v, i) => v === list[i]);

/** The first code of each minor-unit class, in the list's order. */
export function currencyClasses(): Partition[] {
  return MINOR_UNIT_CLASSES.flatMap((units) => {
    const code = CURRENCY_CODES.find((c) => currencyMinorUnits(c) === units);
    return code ? [{ value: code, label: `"${code}" (a currency of ${units} minor units)`, kind: 'code-class' as const }] : [];
  });
}

export function countryClasses(): Partition[] {
  const first = COUNTRY_CODES[0]!;
  const last = COUNTRY_CODES[COUNTRY_CODES.length - 1]!;
  return [
    { value: first, label: `"${first}" (first of ISO 3166-1)`, kind: 'code-class' },
    { value: last, label: `"${last}" (last of ISO 3166-1)`, kind: 'code-class' },
  ];
}

const PARTS = ['', 'one part', 'two parts', 'three parts'];

/** A zone name's class: Etc/…, else its number of parts (UTC is the list's one name of one part). */
export function zoneClass(zone: string): string {
  if (zone.startsWith('Etc/')) return 'Etc/…';
  const parts = zone.split('/').length;
  return PARTS[parts] ?? `${parts} parts`;
}

/** The first name of each class, in sorted order of the time zone list the harness reads. */
export function timeZoneClasses(): Partition[] {
  const firsts = new Map<string, string>();
  for (const zone of [...canonicalZones()].sort()) if (!firsts.has(zoneClass(zone))) firsts.set(zoneClass(zone), zone);
  return [...firsts].map(([name, zone]) => ({ value: zone, label: `"${zone}" (a time zone of ${name})`, kind: 'code-class' as const }));
}

/** The classes of the list a field holds, or none. */
export function codeClasses(schema: Schema, key: string): Partition[] {
  if (sameList(schema.enum, CURRENCY_CODES)) return currencyClasses();
  if (sameList(schema.enum, COUNTRY_CODES)) return countryClasses();
  if (key === 'timezone') return timeZoneClasses();
  return [];
}

/**
 * Property.country's classes, each with address.country changed alike: rule
 * property-address-country ties them, so neither changes validly alone.
 */
export function propertyCountryVariations(property: Record<string, unknown>): Variation[] {
  const address = property.address;
  const tied = typeof address === 'object' && address !== null && 'country' in address;
  return countryClasses()
    .filter((p) => p.value !== property.country)
    .map((p) => ({
      name: `Property.country ${p.label}${tied ? ', address.country alike' : ''}`,
      location: 'Property.country',
      kind: p.kind,
      value: p.value,
      changes: [{ pointer: '/country', value: p.value }, ...(tied ? [{ pointer: '/address/country', value: p.value }] : [])],
    }));
}
