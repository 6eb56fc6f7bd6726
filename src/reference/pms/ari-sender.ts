// ARI to the channel manager: takes the mapping, the ledger and the calendar rules, gives
// the full refresh (every pair, today to the end of next year) and the availability
// updates after bookings, as ARIUpdate requests of at most itemsPerRequest items. One
// queue: each job computes its items when it runs, so a later job never carries older data.
import { addDays, endOfNextYear, formatDate } from '../../support/time.js';
import { type CalendarContext, type DateWindow, type InventoryItem, availabilityItems, faultItem, fullRefreshItems } from './calendar.js';
import { type PmsContext, send } from './context.js';
import type { PmsFault } from './faults.js';
import type { BookedStay } from './ledger.js';
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

  constructor(
    private readonly ctx: PmsContext,
    private readonly options: AriSenderOptions,
  ) {}

  /** Every pair, every date of the refresh window, all fields. Resolves when sent. */
  fullRefresh(mapping: Mapping): Promise<void> {
    return this.enqueue(async () => {
      this.ctx.state.refreshesStarted += 1;
      const items = fullRefreshItems(mapping, this.window(), this.calendar());
      await this.sendItems(items);
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
    return { rules: this.options.rules, faults, booked: (room) => ledger.bookedNights(room) };
  }

  private currency(): string {
    const { currency } = this.options;
    if (!this.ctx.faults.has('wrong-currency')) return currency;
    return currency === 'USD' ? 'EUR' : 'USD';
  }

  private async sendItems(items: readonly InventoryItem[]): Promise<void> {
    const size = Math.max(1, this.options.itemsPerRequest);
    for (let index = 0; index < items.length; index += size) {
      this.ctx.state.ariUpdates += 1;
      await send(this.ctx, 'ARIUpdate', { currency: this.currency(), Inventory: items.slice(index, index + size) });
    }
  }
}
