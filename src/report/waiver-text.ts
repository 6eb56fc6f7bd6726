// The waivers in words, for every report: takes the run's waiver records (or one check's
// waiver mark), gives the one line each report prints — the check, what became of the waiver
// (applied, unused, expired), its expiry, who approved it, why, and where it is written.
import type { WaiverMark, WaiverRecord } from '../spec/vocabulary.js';

export function waivedText(mark: WaiverMark): string {
  return `waived until ${mark.expires}, approved by ${mark.approvedBy}: ${mark.reason}`;
}

export function waiverLine(w: WaiverRecord): string {
  const where = w.suite ? ` (suite ${w.suite})` : '';
  const status =
    w.status === 'applied'
      ? `applied to ${w.suites.join(', ')}`
      : w.status === 'expired'
        ? `EXPIRED on ${w.expires}, ignored`
        : 'unused: the check did not fail';
  return `${w.check}${where} — ${status}; until ${w.expires}, approved by ${w.approvedBy}: ${w.reason} [${w.at}]`;
}
