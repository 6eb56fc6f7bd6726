// Generators for `for_each: {generator: ...}`: takes the rendered `with:` arguments and
// the profile, gives the list of items a step iterates over (e.g. ARIUpdate chunks).
import type { Profile } from '../../profile/types.js';
import { endOfNextYear, formatDate } from '../../support/time.js';
import { fullRefreshChunks } from './ari-full-refresh.js';
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

export const GENERATORS: ReadonlyMap<string, Generator> = new Map([
  [ariFullRefresh.name, ariFullRefresh],
  [createProperty.name, createProperty],
]);
