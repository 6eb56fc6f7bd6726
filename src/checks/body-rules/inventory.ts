// ARI body rules: takes an ARIUpdate request body, gives a verdict on what its schema cannot
// say: every Inventory item ends on or after the day it starts (end_date is inclusive).
import { SPEC } from '../../spec/sections.js';
import { fail, pass, unexpected } from '../check-verdict.js';
import type { CheckMeta, Verdict } from '../../spec/vocabulary.js';
import type { BodyRule } from './types.js';
import { blocked, defineRule, isObject, MAX_OFFENDERS, notApplicable, offenders, plural, pointerOf, readArray, readObject } from './types.js';

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

interface Offender {
  pointer: string;
  start_date: string;
  end_date: string;
}

function offendingItems(items: readonly unknown[]): { compared: number; found: Offender[] } {
  let compared = 0;
  const found: Offender[] = [];
  items.forEach((item, index) => {
    if (!isObject(item)) return;
    const { start_date: start, end_date: end } = item;
    // Malformed dates are the schema's finding; same-format ISO dates compare as strings.
    if (typeof start !== 'string' || typeof end !== 'string' || !ISO_DATE.test(start) || !ISO_DATE.test(end)) return;
    compared += 1;
    if (end < start) found.push({ pointer: pointerOf('Inventory', index, 'end_date'), start_date: start, end_date: end });
  });
  return { compared, found };
}

function checkDateOrder(body: unknown, rule: CheckMeta): Verdict {
  const root = readObject(body, 'the body');
  if ('verdict' in root) return root.verdict;
  const inventory = readArray(root.value.Inventory, 'Inventory');
  if ('verdict' in inventory) return inventory.verdict;
  if (inventory.value.length === 0) return notApplicable('Inventory is empty');
  const { compared, found } = offendingItems(inventory.value);
  if (compared === 0) return blocked('no Inventory item has two well-formed dates');
  if (found.length === 0) return pass(`Every Inventory item ends on or after its start_date (${plural(compared, 'item')})`);
  const first = found[0]!;
  const listed = found.slice(0, MAX_OFFENDERS);
  return fail(
    unexpected(
      `end_date before start_date in ${plural(found.length, 'Inventory item')}`,
      `end_date >= start_date ${first.start_date}`,
      `end_date ${first.end_date} at ${first.pointer}`,
    ),
    {
      pointer: first.pointer,
      expected: 'end_date >= start_date (end_date is inclusive)',
      actual: listed,
      schemaErrors: offenders(
        rule,
        listed.map((o) => ({
          pointer: o.pointer,
          message: `end_date ${o.end_date} is before start_date ${o.start_date}`,
          params: { start_date: o.start_date, end_date: o.end_date },
        })),
      ),
    },
  );
}

export const inventoryDateOrder: BodyRule = defineRule(
  {
    id: 'rule.inventory.date-order',
    title: 'Every Inventory item has end_date >= start_date',
    level: 'required',
    spec: SPEC.inventory,
    rules: ['inv-end-date-inclusive.1'],
    appliesTo: [{ name: 'ARIUpdate', kind: 'request' }],
  },
  checkDateOrder,
);
