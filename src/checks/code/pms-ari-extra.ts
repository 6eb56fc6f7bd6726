// Code checks on how a PMS sends ARI (PMS target): takes a window's ARI ledger and the
// mapped pairs, gives verdicts on whether a large refresh is split over several requests
// and whether a full refresh arrived that nothing asked for (never on a schedule).
import { dayNumber, dayString } from '../../support/time.js';
import type { CodeCheck } from './types.js';
import { fail, pass, skip, unexpected } from '../check-verdict.js';

/** Items one request may carry before the refresh counts as "not split" (D-163). */
const DEFAULT_MAX_ITEMS = 1_000;
/** A pair covered over this many days in one window counts as re-sent in full (D-164). */
const FULL_REFRESH_DAYS = 180;

export const ariSplitLarge: CodeCheck = {
  name: 'ari-split-large',
  description: `a large update is split over several ARIUpdate requests: none carries more than args.max_items Inventory items (default ${DEFAULT_MAX_ITEMS})`,
  run(input) {
    const pms = input.pms;
    if (!pms) return skip('no mock channel manager in this run', 'not-applicable');
    const ledger = pms.ledger(String(input.args.window ?? pms.windowKey));
    if (!ledger || ledger.requests === 0) return skip('no ARIUpdate in this window', 'blocked');
    const max = typeof input.args.max_items === 'number' ? input.args.max_items : DEFAULT_MAX_ITEMS;
    const text = `${ledger.items} item(s) in ${ledger.requests} request(s); the largest carried ${ledger.maxItemsPerRequest}`;
    return ledger.maxItemsPerRequest <= max
      ? pass(`${text} (at most ${max})`)
      : fail(`${unexpected('items in one ARIUpdate', `at most ${max} (large updates split over several requests)`, ledger.maxItemsPerRequest)}; ${text}`, {
          expected: max,
          actual: ledger.maxItemsPerRequest,
        });
  },
};

export const ariNoUnaskedRefresh: CodeCheck = {
  name: 'ari-no-unasked-refresh',
  description: `in a window where no full refresh was asked for, the PMS does not re-send ARI for most pairs over more than ${FULL_REFRESH_DAYS} days (a full refresh only on request or at setup)`,
  run(input) {
    const pms = input.pms;
    if (!pms) return skip('no mock channel manager in this run', 'not-applicable');
    const ledger = pms.ledger(String(input.args.window ?? pms.windowKey));
    if (!ledger || ledger.requests === 0) return pass('no ARIUpdate in this window: no unasked refresh');
    const wide = pms.mappedPairs.filter(({ room, rate }) => {
      const covered = ledger.pair(room, rate)?.covered.ranges() ?? [];
      return covered.reduce((days, [s, e]) => days + e - s + 1, 0) > FULL_REFRESH_DAYS;
    });
    const text = `${ledger.requests} ARIUpdate request(s), ${ledger.items} item(s)`;
    if (wide.length * 2 <= pms.mappedPairs.length)
      return pass(`${text}; no full refresh (${wide.length} of ${pms.mappedPairs.length} pair(s) re-sent over ${FULL_REFRESH_DAYS}+ days)`);
    return fail(
      unexpected(
        'ARI in a window where no full refresh was asked for',
        'only the changes',
        `${wide.length} of ${pms.mappedPairs.length} pair(s) re-sent over more than ${FULL_REFRESH_DAYS} days (a full refresh)`,
      ),
      {
        expected: 'no full refresh',
        actual: `${wide.length} pair(s)`,
      },
    );
  },
};

/** Two rate strings are the same price ("120" and "120.00"). */
function samePrice(a: string, b: unknown): boolean {
  return typeof b === 'string' && Number(a) === Number(b);
}

export const ariPriceChangeSent: CodeCheck = {
  name: 'ari-price-change-sent',
  description:
    "after a price changes in the PMS (args.change: the change_price hook's answer: start_date, end_date, and optionally wbp_room_id, wbp_rate_id, rate), an ARIUpdate carries a rate for those dates (the new rate when the hook gave it)",
  run(input) {
    const pms = input.pms;
    if (!pms) return skip('no mock channel manager in this run', 'not-applicable');
    const change = (input.args.change ?? {}) as Record<string, unknown>;
    const from = typeof change.start_date === 'string' ? dayNumber(change.start_date) : undefined;
    const to = typeof change.end_date === 'string' ? dayNumber(change.end_date) : undefined;
    if (from === undefined || to === undefined || to < from)
      // The hook is the candidate's own: an answer without the dates is its failure, not a missing profile input.
      return skip('Blocked: the change_price hook did not say which dates changed (start_date, end_date)', 'blocked');
    const ledger = pms.ledger(String(input.args.window ?? pms.windowKey));
    if (!ledger || ledger.requests === 0)
      return fail('Unexpected silence: the PMS sent no ARIUpdate after the price changed', { expected: 'ARIUpdate with the new rate', actual: 'none' });
    const fits = (room: string, rate: string): boolean =>
      (change.wbp_room_id === undefined || String(change.wbp_room_id) === room) && (change.wbp_rate_id === undefined || String(change.wbp_rate_id) === rate);
    const missing: string[] = [];
    // The hook's answer decides how many nights there are: at most limits.max_iterations are looked at.
    const last = Math.min(to, from + input.profile.limits.maxIterations - 1);
    const cut = last < to ? ` (the first ${last - from + 1} of ${to - from + 1} nights the hook named: limits.max_iterations)` : '';
    for (let day = from; day <= last; day++) {
      const sent = [...ledger.pairs.values()].some((p) => {
        const seg = fits(p.room, p.rate) ? p.rates.segmentOn(day) : undefined;
        return seg !== undefined && (typeof change.rate !== 'string' || samePrice(change.rate, seg[2]));
      });
      if (!sent) missing.push(dayString(day));
    }
    const what = typeof change.rate === 'string' ? `rate ${change.rate}` : 'a rate';
    if (missing.length === 0) return pass(`${what} sent for all ${last - from + 1} changed night(s)${cut}`);
    return fail(
      unexpected(
        'ARIUpdate after the price change',
        `${what} on every changed night`,
        `none on ${missing.slice(0, 5).join(', ')}${missing.length > 5 ? ', ...' : ''}${cut}`,
      ),
      { expected: change.rate ?? 'a rate', actual: missing.slice(0, 50) },
    );
  },
};

export const PMS_ARI_EXTRA_CHECKS: CodeCheck[] = [ariSplitLarge, ariNoUnaskedRefresh, ariPriceChangeSent];
