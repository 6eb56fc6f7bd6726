// Broken variants of the rooms and rate plans: takes nothing, gives each fault's
// description and the variant whose GetRoomTypes / GetRatePlans answer breaks a field's
// type or range, or whose catalogue breaks the room/rate model (ARIUpdate validates
// against the same catalogue).
import { type Catalogue, GLOBAL_ROOM_ID, type PropertyFixture } from '../../../channel-manager/index.js';
import { SPEC } from '../../../spec/sections.js';
import type { OtaFault, OtaFaultInfo } from '../faults.js';
import { type OtaVariant, type SuccessBody, transformAnswerTo, transformSuccess } from './variant.js';

export const CATALOGUE_FAULTS = {
  'room-id-as-string': {
    description: 'GetRoomTypes gives wbp_room_id as a string ("4101") instead of an integer',
    spec: SPEC.roomsItem,
  },
  'room-max-persons-zero': {
    description: 'GetRoomTypes gives one room maxPersons 0 (must be >= 1)',
    spec: SPEC.roomsItem,
  },
  'rate-id-zero': {
    description: 'GetRatePlans lists an extra rate plan whose wbp_rate_id is "0", which cannot be falsy',
    spec: SPEC.ratePlansItem,
  },
  'rate-plan-room-id-integer': {
    description: 'GetRatePlans gives wbp_room_id as a number instead of a string',
    spec: SPEC.ratePlansItem,
  },
  'room-without-rate-plan': {
    description: 'One room has no rate plan of its own and there is no global rate plan',
    spec: SPEC.roomRateModel,
  },
  'rate-plan-unknown-room': {
    description: 'GetRatePlans lists a rate plan for a wbp_room_id that GetRoomTypes does not list',
    spec: SPEC.roomRateModel,
  },
  'rate-plans-empty': {
    description: "GetRatePlans of the test property answers success with an empty RatePlans list (ARIUpdate still takes the property's pairs)",
    spec: SPEC.endpoint('GetRatePlans'),
  },
} satisfies Partial<Record<OtaFault, OtaFaultInfo>>;

type CatalogueFault = keyof typeof CATALOGUE_FAULTS;

type Item = Record<string, unknown>;

function mapList(body: SuccessBody, key: string, change: (item: Item, index: number) => Item): SuccessBody {
  return { ...body, [key]: (body[key] as Item[]).map(change) };
}

/** The test property's catalogue changed (what GetRoomTypes / GetRatePlans list and ARIUpdate accepts). */
function changeCatalogue(change: (catalogue: Catalogue, fixture: PropertyFixture) => Catalogue): OtaVariant {
  return (Base) =>
    class extends Base {
      protected override offeredCatalogue(fixture: PropertyFixture): Catalogue {
        return change(super.offeredCatalogue(fixture), fixture);
      }
    };
}

// Without global plans, a room that only had globals is left bare; if every room has its
// own plans, the last room's are dropped.
function withoutPlansForOneRoom(catalogue: Catalogue): Catalogue {
  const own = catalogue.plans.filter((plan) => plan.wbp_room_id !== GLOBAL_ROOM_ID);
  const bare = catalogue.rooms.some((room) => !own.some((plan) => plan.wbp_room_id === String(room.wbp_room_id)));
  const last = catalogue.rooms.at(-1);
  if (bare || !last) return { ...catalogue, plans: own };
  return { ...catalogue, plans: own.filter((plan) => plan.wbp_room_id !== String(last.wbp_room_id)) };
}

export const CATALOGUE_VARIANTS: Readonly<Record<CatalogueFault, OtaVariant>> = {
  'room-id-as-string': transformSuccess('GetRoomTypes', (body) => mapList(body, 'Rooms', (room) => ({ ...room, wbp_room_id: String(room.wbp_room_id) }))),
  'room-max-persons-zero': transformSuccess('GetRoomTypes', (body) =>
    mapList(body, 'Rooms', (room, index) => (index === 0 ? { ...room, maxPersons: 0 } : room)),
  ),
  'rate-plan-room-id-integer': transformSuccess('GetRatePlans', (body) =>
    mapList(body, 'RatePlans', (plan) => ({ ...plan, wbp_room_id: Number(plan.wbp_room_id) })),
  ),
  'rate-id-zero': changeCatalogue((catalogue) => {
    const last = catalogue.rooms.at(-1);
    if (!last) return catalogue;
    return { ...catalogue, plans: [...catalogue.plans, { wbp_room_id: String(last.wbp_room_id), wbp_rate_id: '0', title: 'Walk-in rate' }] };
  }),
  'room-without-rate-plan': changeCatalogue(withoutPlansForOneRoom),
  // The test property's only: a property made by CreateProperty lists its rate plans.
  'rate-plans-empty': transformAnswerTo('GetRatePlans', (reply, request, candidate) =>
    reply.kind === 'success' && String(request.body.wbp_property_id) === String(candidate.options.property.wbp_property_id)
      ? { kind: 'success', body: { ...reply.body, RatePlans: [] } }
      : reply,
  ),
  'rate-plan-unknown-room': changeCatalogue((catalogue) => {
    const unknown = Math.max(...catalogue.rooms.map((room) => room.wbp_room_id)) + 1;
    return { ...catalogue, plans: [...catalogue.plans, { wbp_room_id: String(unknown), wbp_rate_id: 'ORPHAN', title: 'Rate of a room that does not exist' }] };
  }),
} satisfies Partial<Record<OtaFault, OtaVariant>>;
