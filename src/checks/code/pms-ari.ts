// Code checks on the ARI a PMS pushed (PMS target): takes the window's ARI ledger and
// the channel manager's mapped pairs, gives verdicts on coverage and horizon (units and a
// rate on every date of the year), units per room, currency, unknown ids and compactness.
import { compaction, coverageReport, unitsConflicts } from '../ari-ledger.js';
import type { AriLedger } from '../ari-ledger.js';
import { gapsIn, owedNights } from '../coverage.js';
import { dayNumber, dayString, endOfNextYear, DAY_MS } from '../../support/time.js';
import type { CodeCheck, CodeCheckInput, PmsFacts } from './types.js';
import type { Verdict } from '../../spec/vocabulary.js';
import { fail, pass, skip, unexpected } from '../check-verdict.js';

function windowLedger(input: CodeCheckInput): { pms: PmsFacts; ledger: AriLedger } | Verdict {
  const pms = input.pms;
  if (!pms) return skip('no mock channel manager in this run', 'not-applicable');
  const ledger = pms.ledger(String(input.args.window ?? pms.windowKey));
  if (!ledger || ledger.requests === 0)
    return fail('Unexpected silence: the PMS sent no ARIUpdate in this window', { expected: 'ARIUpdate requests', actual: 'none' });
  return { pms, ledger };
}

/** The nights owed (owedNights, D-027) and, with `horizon: end-of-next-year`, the horizon asked for instead of a year. */
function owed(input: CodeCheckInput, w: { pms: PmsFacts; ledger: AriLedger }): { from: number; year: number; to: number; label: string } {
  const { from, to: year, today } = owedNights(w.pms.windowStart, w.ledger.firstAt, input.profile.intervals.clockSkewMs);
  if (input.args.horizon === 'end-of-next-year') return { from, year, to: dayNumber(endOfNextYear(today * DAY_MS))!, label: 'the end of next year' };
  return { from, year, to: year, label: 'one year ahead' };
}

/**
 * Covered days where a pair still lacks units or a rate (ari-full-refresh-coverage.2 and .3):
 * an item with only one of them covers the day, and the channel still misses the other.
 */
function missingField(ledger: AriLedger, pairs: ReadonlyArray<{ room: string; rate: string }>, from: number, to: number): Verdict | undefined {
  const fields = [
    { name: 'units', clause: 'ari-full-refresh-coverage.2', map: (room: string, rate: string) => ledger.pair(room, rate)?.units },
    { name: 'rate', clause: 'ari-full-refresh-coverage.3', map: (room: string, rate: string) => ledger.pair(room, rate)?.rates },
  ] as const;
  for (const field of fields) {
    const gaps = pairs.flatMap(({ room, rate }) => {
      const first = gapsIn(field.map(room, rate)?.ranges() ?? [], from, to)[0];
      return first ? [`${room} x ${rate}: no ${field.name} on ${dayString(first[0])}..${dayString(first[1])}`] : [];
    });
    if (gaps.length === 0) continue;
    return fail(
      `${unexpected(`${field.name} in the full refresh`, `${field.name} for every pair on every date to ${dayString(to)}`, `${gaps.length} pair(s) without it on some dates (${field.clause})`)}\n  ${gaps.slice(0, 5).join('\n  ')}`,
      { expected: `${field.name} on every date`, actual: gaps.slice(0, 10) },
    );
  }
  return undefined;
}

export const ariCoverage: CodeCheck = {
  name: 'ari-coverage',
  description:
    "ARIUpdate covers every mapped room x rate plan on every date from the window's day to one year ahead, with units and a rate on each (args: horizon: end-of-next-year)",
  run(input) {
    const w = windowLedger(input);
    if (!('ledger' in w)) return w;
    const { from, year, to, label } = owed(input, w);
    const report = coverageReport(w.ledger, w.pms.mappedPairs, from, to);
    const reach = Math.min(...report.map((r) => r.reach));
    const stats = `${w.ledger.items} items in ${w.ledger.requests} request(s), ${report.length} pair(s)`;
    const incomplete = report.filter((r) => r.gaps.length > 0);
    if (incomplete.length === 0) {
      // Units and a rate are asked for over the year the rule names; beyond it only the horizon check speaks.
      const missing = missingField(w.ledger, w.pms.mappedPairs, from, Math.min(to, year));
      if (missing) return missing;
      return pass(
        `every pair covered with units and a rate from ${dayString(from)} to ${label} (${dayString(to)}); horizon reached ${dayString(reach)}; ${stats}`,
      );
    }
    const shown = incomplete.slice(0, 5).map((r) => `${r.room} x ${r.rate}: first gap ${dayString(r.gaps[0]![0])}..${dayString(r.gaps[0]![1])}`);
    return fail(
      `${unexpected('coverage', `every pair to ${dayString(to)} (${label})`, `${incomplete.length} pair(s) with gaps; horizon reached ${reach >= from ? dayString(reach) : 'none'}`)}\n  ${shown.join('\n  ')}`,
      { expected: dayString(to), actual: reach >= from ? dayString(reach) : null },
    );
  },
};

export const ariUnitsPerRoom: CodeCheck = {
  name: 'ari-units-per-room',
  description: 'units are equal across the rate plans of a room for the same dates (unless the profile declares rate-plan-level availability)',
  run(input) {
    if (input.profile.ratePlanAvailability) return skip('the profile declares rate-plan-level availability', 'not-applicable');
    const w = windowLedger(input);
    if (!('ledger' in w)) return w;
    const [first] = unitsConflicts(w.ledger, 1);
    if (!first) return pass('units agree across the rate plans of each room');
    // The exchanges that set the differing units: the partner finds the two requests at once.
    const exchanges = [...new Set(Object.values(first.sources).map((s) => s.exchange))];
    return fail(unexpected(`units of room ${first.room} on ${first.from}..${first.to}`, 'the same for every rate plan', first.values), {
      expected: 'equal units',
      actual: first.values,
      exchanges,
    });
  },
};

export const ariCurrency: CodeCheck = {
  name: 'ari-currency',
  description: 'every ARIUpdate carries the configured channel currency',
  run(input) {
    const expected = input.profile.currency;
    if (!expected) return skip('Missing input: the profile sets no currency', 'missing-input');
    const w = windowLedger(input);
    if (!('ledger' in w)) return w;
    const wrong = [...w.ledger.currencies.entries()].filter(([c]) => c !== expected);
    if (wrong.length === 0) return pass(`currency ${expected} in all ${w.ledger.requests} request(s)`);
    return fail(
      unexpected(
        'currency',
        expected,
        wrong.map(([c]) => c),
      ),
      { exchanges: wrong.flatMap(([, ids]) => ids).slice(0, 10), pointer: '/currency', expected, actual: wrong.map(([c]) => c) },
    );
  },
};

export const ariKnownIds: CodeCheck = {
  name: 'ari-known-ids',
  description: 'every Inventory item names a mapped room and a rate plan valid for it',
  run(input) {
    const w = windowLedger(input);
    if (!('ledger' in w)) return w;
    const unknown = w.ledger.unknownPairs;
    if (unknown.length === 0) return pass(`all ${w.ledger.items} item(s) name mapped pairs`);
    return fail(
      `${unknown.length} item(s) name unmapped rooms or rate plans:\n  ${unknown
        .slice(0, 5)
        .map((u) => `${u.exchange} ${u.pointer}: ${u.message}`)
        .join('\n  ')}`,
      {
        exchanges: [...new Set(unknown.map((u) => u.exchange))].slice(0, 10),
        pointer: unknown[0]!.pointer,
      },
    );
  },
};

export const ariCompact: CodeCheck = {
  name: 'ari-compact',
  description: 'items sent against the fewest date ranges that carry the same data (ratio at most args.max_ratio, default 1.5)',
  run(input) {
    const w = windowLedger(input);
    if (!('ledger' in w)) return w;
    const c = compaction(w.ledger);
    const max = typeof input.args.max_ratio === 'number' ? input.args.max_ratio : 1.5;
    const text = `${c.items} item(s) sent for data that fits in ${c.minimal} range(s): ratio ${c.ratio.toFixed(2)}`;
    return c.ratio <= max
      ? pass(text)
      : fail(`${text}; the spec asks to combine updates into as few date ranges as possible`, { expected: `<= ${max}`, actual: Number(c.ratio.toFixed(2)) });
  },
};

export const PMS_ARI_CHECKS: CodeCheck[] = [ariCoverage, ariUnitsPerRoom, ariCurrency, ariKnownIds, ariCompact];
