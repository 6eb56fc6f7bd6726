// ARI to the channel manager: takes the mapping, the ledger and the calendar rules, gives
// the full refresh (every pair, today to the end of next year), the availability updates
// after bookings and the price changes, as ARIUpdate requests of at most itemsPerRequest
// items, each spanning at most the agreed days per range. One queue: each job computes its items when it runs, so a later job never
// carries older data.
import { type CalendarContext, type DateWindow, type InventoryItem, availabilityItems, fullRefreshItems, pairItems } from './calendar.js';
import type { ChannelPair } from './mapping.js';
import { type PmsContext, send } from './context.js';
import type { BookedStay } from './ledger.js';
import type { Mapping } from './mapping.js';
import type { PmsCalendarRules } from './property.js';
import { DAY_MS, formatDate, parseDate } from '../../support/time.js';

const dayOf = (date: string): number => Math.round(parseDate(date)! / DAY_MS);
const dateOf = (day: number): string => formatDate(day * DAY_MS);

export interface AriSenderOptions {
  currency: string;
  itemsPerRequest: number;
  /** The days per date range agreed with the channel (ari-split-large.3); undefined: none agreed. */
  maxDaysPerRange?: number;
  rules: PmsCalendarRules;
}

export class AriSender {
  private chain: Promise<void> = Promise.resolve();
  /** Prices set in the PMS (change-price hook): "room|rate|day" -> cents. */
  private readonly prices = new Map<string, number>();

  constructor(
    private readonly ctx: PmsContext,
    private readonly options: AriSenderOptions,
  ) {}

  /**
   * Every pair, every date of the refresh window, all fields. Resolves when sent. `pmsPropertyId`:
   * sent in the name of another PMS property mapped to the same wbp_property_id (the same rooms).
   */
  fullRefresh(mapping: Mapping, pmsPropertyId?: number): Promise<void> {
    return this.enqueue(async () => {
      this.ctx.state.refreshesStarted += 1;
      const window = this.window();
      const items = this.limitRanges(this.ctx.behaviour.inventory(fullRefreshItems(mapping, window, this.calendar())));
      const pause = this.ctx.behaviour.refreshPauseMs();
      for (const [index, batch] of this.ctx.behaviour.refreshBatches(items, { size: this.options.itemsPerRequest, mapping, window }).entries()) {
        if (index > 0 && pause > 0) await this.ctx.clock.sleep(pause, this.ctx.signal);
        if (!(await this.sendBatch(batch, pmsPropertyId)) && !this.ctx.behaviour.continuesRefreshAfterError()) return;
      }
      this.ctx.state.fullRefreshes += 1;
    });
  }

  /**
   * New units of every plan of the rooms whose nights `stays` cover. Resolves when sent; with
   * a behaviour's delay, at once, the update going out from a queue that long after.
   */
  availabilityUpdate(mapping: Mapping, stays: readonly BookedStay[]): Promise<void> {
    const delay = this.ctx.behaviour.availabilityDelayMs();
    if (delay <= 0) return this.sendAvailability(mapping, stays);
    void this.ctx.clock
      .sleep(delay, this.ctx.signal)
      .then(() => this.sendAvailability(mapping, stays))
      .catch(() => undefined);
    return Promise.resolve();
  }

  private sendAvailability(mapping: Mapping, stays: readonly BookedStay[]): Promise<void> {
    return this.enqueue(async () => {
      const items = this.limitRanges(
        this.ctx.behaviour.inventory(availabilityItems(mapping, this.ctx.behaviour.availabilityStays(stays), this.window(), this.calendar())),
      );
      if (items.length === 0) return;
      await this.sendItems(items);
      this.ctx.state.availabilityUpdates += 1;
    });
  }

  /** A price altered in the PMS for one pair on `window`'s nights; sends the new ARI (when its behaviour does). */
  changePrice(pair: ChannelPair, window: DateWindow, cents: number): Promise<void> {
    for (let day = Math.round(Date.parse(window.from) / 86_400_000), last = Math.round(Date.parse(window.to) / 86_400_000); day <= last; day += 1) {
      this.prices.set(`${pair.room.wbpRoomId}|${pair.rate}|${day}`, cents);
    }
    if (!this.ctx.behaviour.sendsPriceChange()) return Promise.resolve();
    return this.enqueue(async () => {
      await this.sendItems(this.limitRanges(this.ctx.behaviour.inventory(pairItems(pair, window, this.calendar()))));
    });
  }

  /** Items cut so that none spans more than the agreed days per range (when one is agreed). */
  private limitRanges(items: InventoryItem[]): InventoryItem[] {
    const max = this.ctx.behaviour.daysPerRange(this.options.maxDaysPerRange);
    if (max === undefined || max < 1) return items;
    return items.flatMap((item) => {
      const [first, last] = [dayOf(String(item.start_date)), dayOf(String(item.end_date))];
      if (last - first < max) return [item];
      const parts: InventoryItem[] = [];
      for (let start = first; start <= last; start += max)
        parts.push({ ...item, start_date: dateOf(start), end_date: dateOf(Math.min(last, start + max - 1)) });
      return parts;
    });
  }

  private enqueue(job: () => Promise<void>): Promise<void> {
    const run = this.chain.then(job);
    this.chain = run.catch(() => undefined);
    return run;
  }

  private window(): DateWindow {
    return this.ctx.behaviour.ariWindow(this.ctx.clock.now());
  }

  private calendar(): CalendarContext {
    const { ledger, behaviour } = this.ctx;
    return {
      rules: this.options.rules,
      booked: (room) => ledger.bookedNights(room),
      // No price set in the PMS (most runs): no key built per pair and night.
      ...(this.prices.size > 0 ? { price: (pair: ChannelPair, day: number) => this.prices.get(`${pair.room.wbpRoomId}|${pair.rate}|${day}`) } : {}),
      unitsTold: (pair, units) => behaviour.unitsTold(pair, units),
    };
  }

  private async sendItems(items: readonly InventoryItem[]): Promise<void> {
    const size = Math.max(1, this.options.itemsPerRequest);
    for (let index = 0; index < items.length; index += size) await this.sendBatch(items.slice(index, index + size));
  }

  /** Whether the channel manager accepted it. */
  private async sendBatch(items: readonly InventoryItem[], pmsPropertyId?: number): Promise<boolean> {
    this.ctx.state.ariUpdates += 1;
    const as = pmsPropertyId === undefined ? {} : { pms_property_id: pmsPropertyId };
    return (await send(this.ctx, 'ARIUpdate', { ...as, currency: this.options.currency, Inventory: items })).ok;
  }
}
