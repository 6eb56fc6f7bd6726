// Variants of the reference PMS's ARI: takes nothing, gives the variants whose refresh is
// too short, tells rate plans of a room different units, sends one deliberately wrong
// item, sends daily items, one huge request or only close after six months, and those that
// send no update after a price change or a booking.
import { DAY_MS, addDays, formatDate, parseDate } from '../../../support/time.js';
import type { RefreshPlan } from '../behaviour.js';
import type { DateWindow, InventoryItem } from '../calendar.js';
import type { PmsFault } from '../faults.js';
import type { BookingChange } from '../ledger.js';
import type { ChannelPair, Mapping } from '../mapping.js';
import type { PmsVariant } from './variant.js';

type AriFault =
  | 'refresh-six-months'
  | 'units-differ-per-plan'
  | 'unknown-room'
  | 'end-before-start'
  | 'min-los-zero'
  | 'daily-items'
  | 'refresh-close-only'
  | 'refresh-one-request'
  | 'no-ari-on-price-change'
  | 'no-availability-update'
  | 'booking-create-no-availability'
  | 'no-availability-on-cancel'
  | 'no-availability-on-modify';

const SIX_MONTHS_DAYS = 182;
const dayOf = (date: string): number => Math.round(parseDate(date)! / DAY_MS);
const dateOf = (day: number): string => formatDate(day * DAY_MS);

/** After each full refresh, one more ARIUpdate with one wrong item made from the refresh's first. */
function extraItem(make: (model: InventoryItem, mapping: Mapping) => InventoryItem): PmsVariant {
  return (Base) =>
    class extends Base {
      override refreshBatches(items: readonly InventoryItem[], plan: RefreshPlan): InventoryItem[][] {
        const batches = super.refreshBatches(items, plan);
        const model = items[0];
        // A request of its own, so that a channel refusing it loses nothing else.
        return model ? [...batches, [make(model, plan.mapping)]] : batches;
      }
    };
}

/** No availability update after the imports `skips` names. */
function noAvailability(skips: (change: BookingChange, source: 'poll' | 'callback') => boolean): PmsVariant {
  return (Base) =>
    class extends Base {
      override sendsAvailability(change: BookingChange, source: 'poll' | 'callback'): boolean {
        return !skips(change, source) && super.sendsAvailability(change, source);
      }
    };
}

/** Items after `cutoff` keep their ids and dates but carry only close: false. */
function closeOnlyAfter(items: readonly InventoryItem[], cutoff: string): InventoryItem[] {
  return items.flatMap((item) => {
    const start = String(item.start_date);
    const end = String(item.end_date);
    const bare = (from: string): InventoryItem => ({
      wbp_room_id: String(item.wbp_room_id),
      wbp_rate_id: String(item.wbp_rate_id),
      start_date: from,
      end_date: end,
      close: false,
    });
    if (end <= cutoff) return [item];
    if (start > cutoff) return [bare(start)];
    return [{ ...item, end_date: cutoff }, bare(addDays(cutoff, 1))];
  });
}

/** One item per day instead of one per run of equal days. */
function daily(items: InventoryItem[]): InventoryItem[] {
  return items.flatMap((item) => {
    const [first, last] = [dayOf(String(item.start_date)), dayOf(String(item.end_date))];
    const days: InventoryItem[] = [];
    for (let day = first; day <= last; day += 1) days.push({ ...item, start_date: dateOf(day), end_date: dateOf(day) });
    return days;
  });
}

function unknownRoom(model: InventoryItem, mapping: Mapping): InventoryItem {
  const ids = mapping.rooms.map((room) => Number(room.wbpRoomId)).filter(Number.isSafeInteger);
  const unknown = ids.length > 0 ? String(Math.max(...ids) + 1) : `${mapping.rooms[0]?.wbpRoomId ?? 'X'}-unknown`;
  return { ...model, wbp_room_id: unknown };
}

function endBeforeStart(model: InventoryItem): InventoryItem {
  const end = String(model.end_date);
  return { ...model, start_date: end, end_date: addDays(end, -1) };
}

export const ARI_VARIANTS: Readonly<Record<AriFault, PmsVariant>> = {
  'refresh-six-months': (Base) =>
    class extends Base {
      override ariWindow(now: number): DateWindow {
        const { from } = super.ariWindow(now);
        return { from, to: addDays(from, SIX_MONTHS_DAYS) };
      }
    },
  // The second rate plan of a room is told one unit less (one more when there are none).
  'units-differ-per-plan': (Base) =>
    class extends Base {
      override unitsTold(pair: ChannelPair, units: number): number {
        const told = super.unitsTold(pair, units);
        return pair.planIndex !== 1 ? told : told > 0 ? told - 1 : told + 1;
      }
    },
  'unknown-room': extraItem(unknownRoom),
  'end-before-start': extraItem(endBeforeStart),
  'min-los-zero': extraItem((model) => ({ ...model, min_los: 0 })),
  'daily-items': (Base) =>
    class extends Base {
      override inventory(items: InventoryItem[]): InventoryItem[] {
        return daily(super.inventory(items));
      }
    },
  'refresh-close-only': (Base) =>
    class extends Base {
      override refreshBatches(items: readonly InventoryItem[], plan: RefreshPlan): InventoryItem[][] {
        return super.refreshBatches(closeOnlyAfter(items, addDays(plan.window.from, SIX_MONTHS_DAYS)), plan);
      }
    },
  'refresh-one-request': (Base) =>
    class extends Base {
      override refreshBatches(items: readonly InventoryItem[], plan: RefreshPlan): InventoryItem[][] {
        return super.refreshBatches(items, { ...plan, size: Math.max(1, items.length) });
      }
    },
  'no-ari-on-price-change': (Base) =>
    class extends Base {
      override sendsPriceChange(): boolean {
        return false;
      }
    },
  'no-availability-update': noAvailability(() => true),
  'booking-create-no-availability': noAvailability((_change, source) => source === 'callback'),
  'no-availability-on-cancel': noAvailability((change) => change.booking.cancelled),
  'no-availability-on-modify': noAvailability((change) => !change.isNew && !change.booking.cancelled),
} satisfies Partial<Record<PmsFault, PmsVariant>>;
