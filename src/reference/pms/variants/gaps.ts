// Variants of the reference PMS that break one clause a check of issue 26 item 3 newly proves:
// takes nothing, gives the variants whose HealthCheck carries more than the envelope, whose
// UpdateRoom gives a second rate plan the id 0, whose full refresh leaves units or rates to
// a room's first rate plan, whose sync goes on after a 1002 refusal, whose SetupProperty and
// GetRoomTypes carry RoomInfo unasked, whose rate prices all free units of a night, and whose
// date ranges ignore the days per range agreed with the channel, and whose CreateProperty goes
// out while the channel manager has not activated it.
import type { InventoryItem } from '../calendar.js';
import type { RefreshPlan } from '../behaviour.js';
import type { PmsFault } from '../faults.js';
import type { PropertySyncFixture } from '../property-sync.js';
import type { OperationName } from '../../../spec/operations.js';
import { type PmsVariant, transformBody, transformOutgoing } from './variant.js';

type Obj = Record<string, unknown>;

type GapFault =
  | 'healthcheck-extra-fields'
  | 'second-default-rate-plan'
  | 'refresh-units-first-plan-only'
  | 'refresh-rates-first-plan-only'
  | 'continues-after-not-enabled'
  | 'room-info-unasked'
  | 'rate-for-all-units'
  | 'range-days-ignored'
  | 'create-property-not-activated';

/** The full refresh with `drop` left out of every item but those of each room's first rate plan. */
function refreshFirstPlanOnly(drop: 'units' | 'rate'): PmsVariant {
  return (Base) =>
    class extends Base {
      override refreshBatches(items: readonly InventoryItem[], plan: RefreshPlan): InventoryItem[][] {
        const first = new Map<string, unknown>();
        for (const item of items) if (!first.has(String(item.wbp_room_id))) first.set(String(item.wbp_room_id), item.wbp_rate_id);
        const kept = items.map((item) => {
          if (first.get(String(item.wbp_room_id)) === item.wbp_rate_id) return item;
          const { [drop]: _dropped, ...rest } = item;
          return rest;
        });
        return super.refreshBatches(kept, plan);
      }
    };
}

/** Two rooms as a PMS with automatic room creation describes them (spec: RoomInfo). */
const ROOM_INFO: readonly Obj[] = [
  { pms_room_id: 1, units: 4, dormitory: false, label: 'Double Room', description: 'Lake view', maxPersons: 2 },
  { pms_room_id: 2, units: 1, dormitory: true, label: 'Six-bed dorm', description: null, maxPersons: 6, pricingModel: 'dormitory' },
];

const REFUSED_SYNC: readonly OperationName[] = ['GetRoomTypes', 'GetRatePlans', 'GetBookingList'];

export const GAP_VARIANTS: Readonly<Record<GapFault, PmsVariant>> = {
  // Its monitoring adds the PMS's version to the HealthCheck it sends.
  'healthcheck-extra-fields': transformBody('HealthCheck', (body) => ({ ...body, pms_version: '7.2.1' })),
  // Its half-board plan was saved with the id of the default rate plan.
  'second-default-rate-plan': (Base) =>
    class extends Base {
      override syncData(fixture: PropertySyncFixture): PropertySyncFixture {
        const data = super.syncData(fixture);
        const room = structuredClone(data.changed_room);
        const plans = room.rateplans as Obj[];
        plans[plans.length - 1]!.pms_rate_id = 0;
        return { ...data, changed_room: room };
      }
    },
  // It counts availability once per room: only the first rate plan of a room gets units in a full refresh.
  'refresh-units-first-plan-only': refreshFirstPlanOnly('units'),
  // It thinks the channel derives the other plans' prices: only the first rate plan of a room gets a rate in a full refresh.
  'refresh-rates-first-plan-only': refreshFirstPlanOnly('rate'),
  // Its sync job waits only for a wrong password (1001): a connection not enabled yet (1002) does not stop it.
  'continues-after-not-enabled': (Base) =>
    class extends Base {
      override afterRefusedSetup(errorId?: number): readonly OperationName[] {
        return errorId === 1002 ? REFUSED_SYNC : super.afterRefusedSetup(errorId);
      }
    },
  // It always sends its rooms, as for a deep integration nobody enabled.
  'room-info-unasked': transformOutgoing((request) =>
    request.operation === 'SetupProperty' || request.operation === 'GetRoomTypes'
      ? { ...request, body: { ...request.body, RoomInfo: structuredClone(ROOM_INFO) } }
      : request,
  ),
  // It prices the night of all free units: rate is the unit price times units.
  'rate-for-all-units': transformBody('ARIUpdate', (body) => ({
    ...body,
    Inventory: Array.isArray(body.Inventory)
      ? (body.Inventory as Obj[]).map((item) =>
          typeof item.rate === 'string' && typeof item.units === 'number' && item.units > 1
            ? { ...item, rate: (Number(item.rate) * item.units).toFixed(2) }
            : item,
        )
      : body.Inventory,
  })),
  // Its deep integration has no activation setting: it creates the property as part of
  // connecting, whether or not the channel manager activated CreateProperty.
  'create-property-not-activated': (Base) =>
    class extends Base {
      override sendsCreateProperty(): boolean {
        return true;
      }

      override syncsWhileConnecting(): boolean {
        return true;
      }
    },
  // Its ARI export has no setting for the days per range: runs of equal days go out whole.
  'range-days-ignored': (Base) =>
    class extends Base {
      override daysPerRange(): number | undefined {
        return undefined;
      }
    },
} satisfies Partial<Record<PmsFault, PmsVariant>>;
