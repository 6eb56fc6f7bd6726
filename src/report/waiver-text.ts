// The waivers in words, for every report: takes the run's waiver records (or one check's
// waiver mark), gives the one line each report prints — the check, what became of the waiver
// (applied, unused, expired), its expiry, who approved it, why, and where it is written.
// Every text from the waiver file is shown on one line, escaped (a reason holding a newline
// cannot print "Verdict: CERTIFIED" at column 0).
import type { WaiverMark, WaiverRecord } from '../spec/vocabulary.js';
import { visibleLine } from '../support/sanitise.js';

const f = visibleLine;

export function waivedText(mark: WaiverMark): string {
  return `waived until ${f(mark.expires)}, approved by ${f(mark.approvedBy)}: ${f(mark.reason)}`;
}

export function waiverLine(w: WaiverRecord): string {
  const where = w.suite ? ` (suite ${f(w.suite)})` : '';
  const status =
    w.status === 'applied'
      ? `applied to ${f(w.suites.join(', '))}`
      : w.status === 'expired'
        ? `EXPIRED on ${f(w.expires)}, ignored`
        : 'unused: the check did not fail';
  return `${f(w.check)}${where} — ${status}; until ${f(w.expires)}, approved by ${f(w.approvedBy)}: ${f(w.reason)} [${f(w.at)}]`;
}
