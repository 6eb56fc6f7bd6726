// Generators for `for_each: {generator: ...}`: takes the rendered `with:` arguments and
// the profile, gives the list of items a step iterates over (e.g. ARIUpdate chunks).
import type { Profile } from '../../profile/types.js';
import { addDays, endOfNextYear, formatDate } from '../../support/time.js';
import { fullRefreshChunks } from './ari-full-refresh.js';
import { ariVariations, propertyVariations } from './allowed-values.js';
import { createPropertyItem } from './create-property.js';

export interface GeneratorInput {
  args: Record<string, unknown>;
  profile: Profile;
  now: number;
}

export interface Generator {
  name: string;
  description: string;
  generate(input: GeneratorInput): unknown[];
}

const ariFullRefresh: Generator = {
  name: 'ari-full-refresh',
  description: 'ARIUpdate chunks covering every room x rate plan pair from today to the end of next year',
  generate({ args, profile, now }) {
    return fullRefreshChunks({
      rooms: args.rooms,
      ratePlans: args.rate_plans,
      from: typeof args.from === 'string' ? args.from : formatDate(now),
      to: typeof args.to === 'string' ? args.to : endOfNextYear(now),
      itemsPerRequest: profile.ari.itemsPerRequest,
      maxDaysPerRange: profile.ari.maxDaysPerRange,
    });
  },
};

const createProperty: Generator = {
  name: 'create-property',
  description: 'One CreateProperty item: fresh (or fixtures.create_property) credentials and a complete Property',
  generate({ profile, now }) {
    return [createPropertyItem(profile, now)];
  },
};

const propertyVariationsGenerator: Generator = {
  name: 'property-variations',
  description:
    'One CreateProperty item per value the spec allows (breakfast, genders, meal codes, tax enums, nulls, empty lists), each with fresh credentials and a name',
  generate({ profile, now }) {
    const base = createPropertyItem(profile, now);
    // Ids distinct from the main property's and from each other: base id, then the index.
    return propertyVariations(base.Property).map((variation, i) => ({
      ...base,
      pms_property_id: `${base.pms_property_id}${String(i + 1).padStart(2, '0')}`,
      wbp_property_id: `${base.wbp_property_id}${String(i + 1).padStart(2, '0')}`,
      ...variation,
    }));
  },
};

const ariVariationsGenerator: Generator = {
  name: 'ari-variations',
  description: 'One single-item ARIUpdate per Inventory field sent alone, for one night (args: rooms, rate_plans, date = default today + 200 days)',
  generate({ args, now }) {
    const date = typeof args.date === 'string' ? args.date : addDays(formatDate(now), 200);
    return ariVariations({ rooms: args.rooms, ratePlans: args.rate_plans, date });
  },
};

export const GENERATORS: ReadonlyMap<string, Generator> = new Map([
  [ariFullRefresh.name, ariFullRefresh],
  [createProperty.name, createProperty],
  [propertyVariationsGenerator.name, propertyVariationsGenerator],
  [ariVariationsGenerator.name, ariVariationsGenerator],
]);
