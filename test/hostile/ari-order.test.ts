// Issue 21 item 4: the ARI ledger costs O(log n) per item whatever order the PMS sends its
// items in. Before (main at 5881228), IntervalMap.set shifted its sorted arrays on every
// insert at the front: here 40,000 one-day items newest first cost 101 times the same items
// oldest first, and inside-out 25 times (after: 0.95 and 0.76; through the mock, 2 x 60,000
// newest first took 17.2 s of wall time, 0.8 s after). Measured as a ratio of the orders in
// the same test, never as a time.
import { describe, expect, it } from 'vitest';
import { AriLedger } from '../../src/checks/ari-ledger.js';
import { dayString } from '../../src/support/time.js';

const ITEMS = 40_000;
const FIRST = 20_454; // 2026-01-01

function inventory(order: 'ascending' | 'descending' | 'inside-out'): Array<Record<string, unknown>> {
  const days = Array.from({ length: ITEMS }, (_, i) => FIRST + i);
  if (order === 'descending') days.reverse();
  // From the middle outwards, alternating sides: every insert lands between two others' ends.
  if (order === 'inside-out') days.sort((a, b) => Math.abs(a - FIRST - ITEMS / 2) - Math.abs(b - FIRST - ITEMS / 2));
  return days.map((day, k) => ({ wbp_room_id: '1', wbp_rate_id: 'A', start_date: dayString(day), end_date: dayString(day), units: k % 5, rate: '80.00' }));
}

function cost(items: Array<Record<string, unknown>>): number {
  const ledger = new AriLedger(0);
  const started = performance.now();
  ledger.ingest('x1', { currency: 'EUR', Inventory: items });
  const ms = performance.now() - started;
  expect(ledger.pair('1', 'A')!.data.size).toBe(ITEMS);
  return ms;
}

/** The best of three of each order, interleaved, so a busy moment of the machine weighs on neither alone. */
function bestOf(orders: Array<Array<Record<string, unknown>>>): number[] {
  const best = orders.map(() => Number.POSITIVE_INFINITY);
  for (let round = 0; round < 3; round++) orders.forEach((items, i) => (best[i] = Math.min(best[i]!, cost(items))));
  return best;
}

describe('the ARI ledger in any order', () => {
  it('ingests newest-first and inside-out items at the cost of oldest-first ones (ratio, not time)', () => {
    const [ascending, descending, insideOut] = bestOf([inventory('ascending'), inventory('descending'), inventory('inside-out')]);
    expect(descending! / ascending!).toBeLessThan(4);
    expect(insideOut! / ascending!).toBeLessThan(4);
  });
});
