// Issue 21 item 4: the ARI ledger costs O(log n) per item whatever order the PMS sends its
// items in. Before (main at 5881228), IntervalMap.set shifted its sorted arrays on every
// insert at the front: 40,000 one-day items newest first cost 101 times the same items oldest
// first (through the mock, 2 x 60,000 newest first took 17.2 s of wall time, 0.8 s after).
// Counted, never timed (issue 27 item 5): the steps of the map's tree walks (split and merge,
// each a step down one level) per item, in each order, stay within a few times log2 of the
// items; a tree that degenerates to a list in some order (priorities not random, or no
// rebalancing) takes about as many steps per item as there are items.
import { afterEach, describe, expect, it } from 'vitest';
import { AriLedger, IntervalMap } from '../../src/checks/ari-ledger.js';
import { dayString } from '../../src/support/time.js';

const ITEMS = 4_000;
const FIRST = 20_454; // 2026-01-01

function inventory(order: 'ascending' | 'descending' | 'inside-out'): Array<Record<string, unknown>> {
  const days = Array.from({ length: ITEMS }, (_, i) => FIRST + i);
  if (order === 'descending') days.reverse();
  // From the middle outwards, alternating sides: every insert lands between two others' ends.
  if (order === 'inside-out') days.sort((a, b) => Math.abs(a - FIRST - ITEMS / 2) - Math.abs(b - FIRST - ITEMS / 2));
  return days.map((day, k) => ({ wbp_room_id: '1', wbp_rate_id: 'A', start_date: dayString(day), end_date: dayString(day), units: k % 5, rate: '80.00' }));
}

type Walker = Record<'split' | 'merge', (...args: unknown[]) => unknown>;
const proto = IntervalMap.prototype as unknown as Walker;
const originals = { split: proto.split, merge: proto.merge };
afterEach(() => Object.assign(proto, originals));

/** Steps of split and merge (each call is one level of the tree) per ingested item. */
function stepsPerItem(items: Array<Record<string, unknown>>): number {
  let steps = 0;
  for (const name of ['split', 'merge'] as const) {
    const original = originals[name];
    proto[name] = function (this: unknown, ...args: unknown[]) {
      steps++;
      return original.apply(this, args);
    };
  }
  const ledger = new AriLedger(0);
  ledger.ingest('x1', { currency: 'EUR', Inventory: items });
  Object.assign(proto, originals);
  expect(ledger.pair('1', 'A')!.data.size).toBe(ITEMS);
  return steps / ITEMS;
}

describe('the ARI ledger in any order', () => {
  it('ingests oldest-first, newest-first and inside-out items in O(log n) tree steps each (counted, not timed)', () => {
    const log2 = Math.log2(ITEMS);
    for (const order of ['ascending', 'descending', 'inside-out'] as const) {
      const steps = stepsPerItem(inventory(order));
      expect(steps, `${order}: ${steps.toFixed(1)} steps per item`).toBeGreaterThan(0);
      expect(steps, `${order}: ${steps.toFixed(1)} steps per item, log2(n) = ${log2.toFixed(1)}`).toBeLessThan(20 * log2);
    }
  });
});
