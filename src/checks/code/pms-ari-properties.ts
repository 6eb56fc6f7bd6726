// Code check on a full refresh asked for by wbp_property_id when the channel manager resolves
// that id to several PMS properties (PMS target): takes the window's ARI ledger per
// pms_property_id, the profile's PMS property ids and the mapped pairs, gives whether every one
// of those properties re-sent its ARI in full (cb-ari-full-refresh-ident.2, D-400).
import { type AriLedger, coverageReport } from '../ari-ledger.js';
import { owedNights } from '../coverage.js';
import { dayString } from '../../support/time.js';
import type { CodeCheck } from './types.js';
import { fail, pass, skip, unexpected } from '../check-verdict.js';

/**
 * What is missing of one property's refresh (its part of the window's ledger): nothing, no
 * ARIUpdate at all, or the pairs it sent short of the nights owed from its own first ARIUpdate
 * (owedNights: never before the window's day). The traffic step keeps a refresh window open
 * until each property's is complete too.
 */
export function propertyRefreshShortfall(
  ledger: AriLedger | undefined,
  pmsId: number,
  pairs: ReadonlyArray<{ room: string; rate: string }>,
  windowStart: number,
  skewMs: number,
): string | undefined {
  if (!ledger || ledger.requests === 0) return `${pmsId}: no ARIUpdate in its pms_property_id`;
  // Which rooms each property holds is the PMS's: the pairs it names must each reach a year ahead.
  const named = pairs.filter(({ room, rate }) => ledger.pair(room, rate) !== undefined);
  if (named.length === 0) return `${pmsId}: ${ledger.requests} ARIUpdate(s) naming no mapped room x rate plan`;
  // The properties refresh one after another: one whose refresh began after midnight owes no
  // ARI for the night that had passed (a run that crossed midnight failed a correct PMS, D-400).
  const { from, to } = owedNights(windowStart, ledger.firstAt ?? ledger.since, skewMs);
  const short = coverageReport(ledger, named, from, to).filter((r) => r.gaps.length > 0);
  if (short.length === 0) return undefined;
  const first = short[0]!;
  const gap = first.gaps[0]!;
  return `${pmsId}: ${short.length} of ${named.length} pair(s) short of ${dayString(to)} (${first.room} x ${first.rate}: first gap ${dayString(gap[0])}..${dayString(gap[1])})`;
}

export const ariRefreshEveryProperty: CodeCheck = {
  name: 'ari-refresh-every-property',
  description:
    'after ARIFullRefresh naming only wbp_property_id, every PMS property the profile maps to it (property.pms_property_id and property.other_pms_property_ids) re-sends its ARI: ARIUpdate in its own pms_property_id, every pair it names covered one year ahead',
  run(input) {
    const pms = input.pms;
    if (!pms) return skip('no mock channel manager in this run', 'not-applicable');
    const others = input.profile.property.other_pms_property_ids ?? [];
    if (others.length === 0) {
      return skip(
        'the profile maps one PMS property to wbp_property_id (property.other_pms_property_ids names no other): a wbp_property_id resolving to several cannot be asked for',
        'not-applicable',
      );
    }
    // The property's own id listed again among the others counts once.
    const ids = [...new Set([input.profile.property.pms_property_id, ...others])];
    const skew = input.profile.intervals.clockSkewMs;
    const key = String(input.args.window ?? pms.windowKey);
    const missing = ids.flatMap((id) => propertyRefreshShortfall(pms.propertyLedger?.(key, id), id, pms.mappedPairs, pms.windowStart, skew) ?? []);
    if (missing.length === 0)
      return pass(
        `each of the ${ids.length} PMS properties ${ids.join(', ')} re-sent its ARI a year ahead (to ${dayString(owedNights(pms.windowStart, undefined, skew).to)} or later, from its own first ARIUpdate)`,
      );
    return fail(
      `${unexpected('full refresh per PMS property', `a full refresh from each of ${ids.join(', ')}`, `${missing.length} not refreshed in full`)}\n  ${missing.join('\n  ')}`,
      { expected: ids, actual: missing },
    );
  },
};
