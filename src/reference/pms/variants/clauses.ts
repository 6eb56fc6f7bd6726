// Variants of the reference PMS that break one clause of a compound rule the schema cannot
// state (issue 26): takes nothing, gives the variants whose CreateProperty sends a national
// phone number, whose property image lives on an internal server, and whose ARI gives
// rdef_single to every room (a dormitory and a single room included).
import type { PmsFault } from '../faults.js';
import type { PropertySyncFixture } from '../property-sync.js';
import { type PmsVariant, transformBody } from './variant.js';

type Obj = Record<string, unknown>;

/** CreateProperty's Property with one change (a copy; the fixture stays). */
function property(change: (p: Obj) => void): PmsVariant {
  return (Base) =>
    class extends Base {
      override syncData(fixture: PropertySyncFixture): PropertySyncFixture {
        const data = super.syncData(fixture);
        const changed = structuredClone(data.property);
        change(changed);
        return { ...data, property: changed };
      }
    };
}

type ClauseFault = 'phone-national' | 'image-url-internal' | 'rdef-single-every-room';

export const CLAUSE_VARIANTS: Readonly<Record<ClauseFault, PmsVariant>> = {
  // Its property form stores the number as the hotel dials it: no country code.
  'phone-national': property((p) => void ((p.address as Obj).phone = '04522 000 100')),
  // Its photos are served by the PMS's own file server on the hotel's network.
  'image-url-internal': property((p) => void ((p.images as Obj[])[0]!.url = 'http://192.168.1.20/photos/lake.jpg')),
  // It prices single use for every room: items with a rate and no rdef_single get the rate as one.
  'rdef-single-every-room': transformBody('ARIUpdate', (body) => ({
    ...body,
    Inventory: Array.isArray(body.Inventory)
      ? (body.Inventory as Obj[]).map((item) => (item.rdef_single === undefined && typeof item.rate === 'string' ? { ...item, rdef_single: item.rate } : item))
      : body.Inventory,
  })),
} satisfies Partial<Record<PmsFault, PmsVariant>>;
