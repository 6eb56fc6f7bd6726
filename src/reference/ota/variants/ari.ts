// Broken variants of ARIUpdate: takes nothing, gives each fault's description and the
// variant that refuses Inventory the spec allows (per-person prices, far dates, global
// rate plans, one night, rdef_single "0"), fails on a large request, or accepts anything.
import { type Catalogue, GLOBAL_ROOM_ID, OTA_ERROR_IDS, type OtaErrorItem, findRatePlan, success, textResponse } from '../../../channel-manager/index.js';
import { PATTERNS } from '../../../spec/sections.js';
import { addDays, formatDate } from '../../../support/time.js';
import { SPEC } from '../../../spec/sections.js';
import type { OtaFault, OtaFaultInfo } from '../faults.js';
import { type OtaVariant, answerInstead } from './variant.js';

const ep = SPEC.endpoint;

export const ARI_FAULTS = {
  'ari-rejects-child-fields': {
    description: 'ARIUpdate refuses Inventory items carrying adult_N or child_N fields',
    spec: SPEC.inventory,
  },
  'ari-rejects-far-future': {
    description: 'ARIUpdate refuses dates more than 365 days ahead (the full refresh runs to the end of next year)',
    spec: SPEC.fullRefreshFlow,
  },
  'ari-rejects-global-plan': {
    description: 'ARIUpdate refuses a global rate plan (wbp_room_id "0") sent for a specific room',
    spec: SPEC.roomRateModel,
  },
  'ari-http-500-large': {
    description: 'ARIUpdate with more than 50 Inventory items fails with HTTP 500',
    spec: ep('ARIUpdate'),
  },
  'ari-accepts-anything': {
    description: 'ARIUpdate answers success to any body: currency, Inventory and item rules are not checked',
    spec: SPEC.inventory,
  },
  'ari-rejects-one-night': {
    description: 'ARIUpdate refuses an Inventory item whose start_date equals its end_date (a one-night change)',
    spec: SPEC.inventory,
  },
  'ari-rejects-rdef-zero': {
    description: 'ARIUpdate refuses rdef_single "0" (no single use), a value the spec allows',
    spec: SPEC.inventory,
  },
} satisfies Partial<Record<OtaFault, OtaFaultInfo>>;

type AriFault = keyof typeof ARI_FAULTS;

type Item = Readonly<Record<string, unknown>>;

const PER_PERSON = [new RegExp(PATTERNS.adultN), new RegExp(PATTERNS.childN)];
export const invalid = (msg: string): OtaErrorItem => ({ id: OTA_ERROR_IDS.invalidInventory, msg });

/** An Inventory item the core accepts is refused when `refuse` says why. */
export function refuseItem(refuse: (item: Item, catalogue: Catalogue) => OtaErrorItem | undefined): OtaVariant {
  return (Base) =>
    class extends Base {
      protected override refuseAriItem(item: Item): OtaErrorItem | undefined {
        return refuse(item, this.catalogue) ?? super.refuseAriItem(item);
      }
    };
}

export const ARI_VARIANTS: Readonly<Record<AriFault, OtaVariant>> = {
  'ari-rejects-child-fields': refuseItem((item) => {
    const field = Object.keys(item).find((key) => PER_PERSON.some((pattern) => pattern.test(key)));
    return field === undefined ? undefined : invalid(`field ${field} is not supported.`);
  }),
  'ari-rejects-one-night': refuseItem((item) =>
    item.start_date === item.end_date ? invalid(`end_date ${String(item.end_date)} must be after start_date ${String(item.start_date)}.`) : undefined,
  ),
  'ari-rejects-rdef-zero': refuseItem((item) => (item.rdef_single === '0' ? invalid('rdef_single must be a price above 0.') : undefined)),
  'ari-rejects-global-plan': refuseItem((item, catalogue) => {
    const [room, rate] = [String(item.wbp_room_id), String(item.wbp_rate_id)];
    if (findRatePlan(catalogue, room, rate)?.wbp_room_id !== GLOBAL_ROOM_ID) return undefined;
    return { id: OTA_ERROR_IDS.unknownRoomOrRate, msg: `wbp_rate_id "${rate}" is not a rate plan of room "${room}".` };
  }),
  // The full refresh runs to the end of next year: a year ahead is not enough.
  'ari-rejects-far-future': (Base) =>
    class extends Base {
      protected override ariHorizon(now: number): string {
        return addDays(formatDate(now), 365);
      }
    },
  'ari-http-500-large': answerInstead(['ARIUpdate'], (body, _operation, candidate) => {
    const large = Array.isArray(body.Inventory) && body.Inventory.length > 50 && body.currency === candidate.catalogue.currency;
    return large ? { kind: 'raw', response: textResponse(500, 'Internal Server Error', 'text/plain; charset=utf-8') } : undefined;
  }),
  'ari-accepts-anything': answerInstead(['ARIUpdate'], () => success()),
} satisfies Partial<Record<OtaFault, OtaVariant>>;
