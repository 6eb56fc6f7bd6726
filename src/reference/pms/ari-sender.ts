// ARI to the channel manager: takes the mapping, the ledger and the calendar rules, gives
// the full refresh (every pair, today to the end of next year) and the availability
// updates after bookings, as ARIUpdate requests of at most itemsPerRequest items. One
// queue: each job computes its items when it runs, so a later job never carries older data.
import { addDays, endOfNextYear, formatDate } from '../../support/time.js';
import { type CalendarContext, type DateWindow, type InventoryItem, availabilityItems, faultItem, fullRefreshItems, pairItems } from './calendar.js';
import type { ChannelPair } from './mapping.js';
import { type PmsContext, send } from './context.js';
import type { PmsFault } from './faults.js';
import type { BookedStay, BookingChange } from './ledger.js';
import type { Mapping } from './mapping.js';
import type { PmsCalendarRules } from './property.js';

export interface AriSenderOptions {
  currency: string;
  itemsPerRequest: number;
  rules: PmsCalendarRules;
}

const FAULT_ITEMS: readonly PmsFault[] = ['unknown-room', 'end-before-start', 'min-los-zero'];
const SIX_MONTHS_DAYS = 182;

export class AriSender {
  private chain: Promise<void> = Promise.resolve();
  /** Prices set in the PMS (change-price hook): "room|rate|day" -> cents. */
  private readonly prices = new Map<string, number>();

  constructor(
    private readonly ctx: PmsContext,
    private readonly options: AriSenderOptions,
  ) {}

  /** Every pair, every date of the refresh window, all fields. Resolves when sent. */
  fullRefresh(mapping: Mapping): Promise<void> {
    return this.enqueue(async () => {
      this.ctx.state.refreshesStarted += 1;
      const window = this.window();
      const all = fullRefreshItems(mapping, window, this.calendar());
      const items = this.ctx.faults.has('refresh-close-only') ? closeOnlyAfter(all, addDays(window.from, SIX_MONTHS_DAYS)) : all;
      await this.sendItems(items, this.ctx.faults.has('refresh-one-request'));
      for (const fault of FAULT_ITEMS) {
        const extra = this.ctx.faults.has(fault) ? faultItem(fault, mapping, items) : undefined;
        // A request of its own, so that a channel refusing it loses nothing else.
        if (extra) await this.sendItems([extra]);
      }
      this.ctx.state.fullRefreshes += 1;
    });
  }

  /** New units of every plan of the rooms whose nights `stays` cover. Resolves when sent. */
  availabilityUpdate(mapping: Mapping, stays: readonly BookedStay[]): Promise<void> {
    return this.enqueue(async () => {
      const items = availabilityItems(mapping, stays, this.window(), this.calendar());
      if (items.length === 0) return;
      await this.sendItems(items);
      this.ctx.state.availabilityUpdates += 1;
    });
  }

  /** A price altered in the PMS for one pair on `window`'s nights; sends the new ARI unless the fault. */
  changePrice(pair: ChannelPair, window: DateWindow, cents: number): Promise<void> {
    for (let day = Math.round(Date.parse(window.from) / 86_400_000), last = Math.round(Date.parse(window.to) / 86_400_000); day <= last; day += 1) {
      this.prices.set(`${pair.room.wbpRoomId}|${pair.rate}|${day}`, cents);
    }
    if (this.ctx.faults.has('no-ari-on-price-change')) return Promise.resolve();
    return this.enqueue(async () => {
      await this.sendItems(pairItems(pair, window, this.calendar()));
    });
  }

  private enqueue(job: () => Promise<void>): Promise<void> {
    const run = this.chain.then(job);
    this.chain = run.catch(() => undefined);
    return run;
  }

  private window(): DateWindow {
    const now = this.ctx.clock.now();
    const from = formatDate(now);
    const to = this.ctx.faults.has('refresh-six-months') ? addDays(from, SIX_MONTHS_DAYS) : endOfNextYear(now);
    return { from, to };
  }

  private calendar(): CalendarContext {
    const { ledger, faults } = this.ctx;
    return {
      rules: this.options.rules, faults, booked: (room) => ledger.bookedNights(room),
      price: (pair, day) => this.prices.get(`${pair.room.wbpRoomId}|${pair.rate}|${day}`),
    };
  }

  private currency(): string {
    const { currency } = this.options;
    if (!this.ctx.faults.has('wrong-currency')) return currency;
    return currency === 'USD' ? 'EUR' : 'USD';
  }

  private async sendItems(items: readonly InventoryItem[], oneRequest = false): Promise<void> {
    const size = oneRequest ? Math.max(1, items.length) : Math.max(1, this.options.itemsPerRequest);
    for (let index = 0; index < items.length; index += size) {
      this.ctx.state.ariUpdates += 1;
      await send(this.ctx, 'ARIUpdate', { currency: this.currency(), Inventory: items.slice(index, index + size) });
    }
  }
}

/** The refresh-close-only fault: after `cutoff`, items keep their ids and dates but carry only close: false. */
function closeOnlyAfter(items: readonly InventoryItem[], cutoff: string): InventoryItem[] {
  return items.flatMap((item) => {
    const start = String(item.start_date);
    const end = String(item.end_date);
    const bare = (from: string): InventoryItem => ({ wbp_room_id: String(item.wbp_room_id), wbp_rate_id: String(item.wbp_rate_id), start_date: from, end_date: end, close: false });
    if (end <= cutoff) return [item];
    if (start > cutoff) return [bare(start)];
    return [{ ...item, end_date: cutoff }, bare(addDays(cutoff, 1))];
  });
}

/** Whether an import's change is followed by an availability update (the faults that skip one). */
export function sendsAvailability(faults: ReadonlySet<PmsFault>, change: BookingChange, source: 'poll' | 'callback'): boolean {
  if (change.affected.length === 0 || faults.has('no-availability-update')) return false;
  if (source === 'callback' && faults.has('booking-create-no-availability')) return false;
  if (change.booking.cancelled && faults.has('no-availability-on-cancel')) return false;
  if (!change.isNew && !change.booking.cancelled && faults.has('no-availability-on-modify')) return false;
  return true;
}
