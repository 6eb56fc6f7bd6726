// Generators for `for_each: {generator: ...}`: takes the rendered `with:` arguments and
// the profile, gives the list of items a step iterates over (e.g. ARIUpdate chunks).
import type { Profile } from '../../profile/types.js';
import type { DataLimit } from '../../checks/data-limits.js';
import { addDays, endOfNextYear, formatDate } from '../../support/time.js';
import { fullRefreshChunks } from './ari-full-refresh.js';
import { ariVariations, propertyVariations } from './allowed-values.js';
import { createPropertyItem } from './create-property.js';

export interface GeneratorInput {
  args: Record<string, unknown>;
  profile: Profile;
  now: number;
  /** Told how many of the candidate's items a limit left out (limits.candidate-data). */
  limited?: (limit: DataLimit) => void;
}

/** The candidate's room x rate plan pairs the profile lets the harness use, the cut reported. */
function pairLimit(input: GeneratorInput): { max: number; report: (total: number) => void } {
  const max = input.profile.limits.maxRatePlanPairs;
  return {
    max,
    report: (total) =>
      input.limited?.({ what: 'room x rate plan pairs (GetRoomTypes x GetRatePlans)', total, limit: max, setting: 'limits.max_rate_plan_pairs' }),
  };
}

export interface Generator {
  name: string;
  description: string;
  generate(input: GeneratorInput): unknown[];
}

const ariFullRefresh: Generator = {
  name: 'ari-full-refresh',
  description: 'ARIUpdate chunks covering every room x rate plan pair from today to the end of next year',
  generate(input) {
    const { args, profile, now } = input;
    return fullRefreshChunks({
      rooms: args.rooms,
      ratePlans: args.rate_plans,
      pairs: pairLimit(input),
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
  generate(input) {
    const { args, now } = input;
    const date = typeof args.date === 'string' ? args.date : addDays(formatDate(now), 200);
    return ariVariations({ rooms: args.rooms, ratePlans: args.rate_plans, date, maxPairs: pairLimit(input).max });
  },
};

export const GENERATORS: ReadonlyMap<string, Generator> = new Map([
  [ariFullRefresh.name, ariFullRefresh],
  [createProperty.name, createProperty],
  [propertyVariationsGenerator.name, propertyVariationsGenerator],
  [ariVariationsGenerator.name, ariVariationsGenerator],
]);
