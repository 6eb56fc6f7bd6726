// A full refresh across midnight (D-027): the nights owed run from the day of the window's first
// ARIUpdate (never before the day the window opened) to a year ahead; within the profile's clock
// skew after midnight either day may be the PMS's today. A correct PMS whose refresh began after
// midnight covers from its new today and passes; one that leaves a gap in what it owes fails.
// Before (main at 3a95097): owed from the window's day, so a refresh that began after midnight
// failed pms.ari.coverage-one-year (and ari-after-error) for the night that had passed.
import { describe, expect, it } from 'vitest';
import { AriLedger } from '../../src/checks/ari-ledger.js';
import { ariCoverage } from '../../src/checks/code/pms-ari.js';
import type { CodeCheckInput } from '../../src/checks/code/types.js';
import { owedNights } from '../../src/checks/coverage.js';
import { parseProfile } from '../../src/profile/load-profile.js';
import { dayNumber, dayString } from '../../src/support/time.js';

const PROFILE = parseProfile(
  'target: pms\nbase_url: https://pms.test/cb\nshared_secret: sec-ret-1\npms_cid: abc\nproperty: {pms_property_id: 7, wbp_property_id: "1001", wbp_property_password: pw}\nintervals: {clock_skew_ms: 2000}\n',
  'p.yaml',
  {},
);
const PAIRS = [{ room: '1', rate: 'A' }];
/** The window opens at 23:59:30 on 28 November 2026. */
const OPEN = Date.UTC(2026, 10, 28, 23, 59, 30);
const MIDNIGHT = Date.UTC(2026, 10, 29);

function coverage(firstAt: number, start: string, end: string, open = OPEN, args: Record<string, unknown> = {}): { status: string; message: string } {
  const ledger = new AriLedger(open);
  ledger.ingest(
    'a1',
    { currency: 'EUR', Inventory: [{ wbp_room_id: '1', wbp_rate_id: 'A', start_date: start, end_date: end, units: 2, rate: '80.00' }] },
    undefined,
    firstAt,
  );
  const input: CodeCheckInput = {
    subject: undefined,
    args,
    exchanges: [],
    now: firstAt,
    profile: PROFILE,
    run: { allowHttp: false },
    pms: { inbound: [], ledger: () => ledger, mappedPairs: PAIRS, windowStart: open, windowKey: 'w' },
  };
  return ariCoverage.run(input);
}

const day = (date: string): number => dayNumber(date)!;

describe('the nights a full refresh owes (owedNights)', () => {
  it("from the window's day when the first ARIUpdate came the same day, or none came", () => {
    expect(owedNights(OPEN, OPEN + 10_000 - 30_000, 2000)).toEqual({ from: day('2026-11-28'), to: day('2027-11-27'), today: day('2026-11-28') });
    expect(owedNights(OPEN, undefined, 2000)).toEqual({ from: day('2026-11-28'), to: day('2027-11-27'), today: day('2026-11-28') });
  });

  it('from the next day when the first ARIUpdate came after midnight, past the skew', () => {
    const owed = owedNights(OPEN, MIDNIGHT + 5000, 2000);
    expect([dayString(owed.from), dayString(owed.to), dayString(owed.today)]).toEqual(['2026-11-29', '2027-11-28', '2026-11-29']);
  });

  it('within the skew after midnight: the next day on, but the year counted from the earlier day', () => {
    const owed = owedNights(OPEN, MIDNIGHT + 1000, 2000);
    expect([dayString(owed.from), dayString(owed.to), dayString(owed.today)]).toEqual(['2026-11-29', '2027-11-27', '2026-11-28']);
  });

  it("never before the window's day", () => {
    expect(dayString(owedNights(MIDNIGHT + 3_600_000, OPEN, 2000).from)).toBe('2026-11-29');
  });
});

describe('pms.ari.coverage-one-year across midnight', () => {
  it('passes a refresh that began after midnight and covers a year from the new day', () => {
    const verdict = coverage(MIDNIGHT + 5000, '2026-11-29', '2027-11-28');
    expect(verdict.status, verdict.message).toBe('pass');
  });

  it('passes either today within the clock skew after midnight', () => {
    expect(coverage(MIDNIGHT + 1000, '2026-11-29', '2027-11-28').status).toBe('pass');
    expect(coverage(MIDNIGHT + 1000, '2026-11-28', '2027-11-27').status).toBe('pass');
  });

  it('fails a refresh that began after midnight one night short of its year', () => {
    const verdict = coverage(MIDNIGHT + 5000, '2026-11-29', '2027-11-27');
    expect(verdict.status).toBe('fail');
    expect(verdict.message).toContain('2027-11-28');
  });

  it("fails a refresh that began before midnight and skips the window's day", () => {
    const verdict = coverage(OPEN + 10_000, '2026-11-29', '2027-11-28');
    expect(verdict.status).toBe('fail');
    expect(verdict.message).toContain('2026-11-28');
  });

  it('the end of next year, within the skew after New Year, is counted from the old year', () => {
    const open = Date.UTC(2026, 11, 31, 23, 59, 50);
    const newYear = Date.UTC(2027, 0, 1);
    const horizon = { horizon: 'end-of-next-year' };
    expect(coverage(newYear + 1000, '2027-01-01', '2027-12-31', open, horizon).status).toBe('pass');
    // Past the skew, the PMS's today is the new year's first day: its next year ends a year later.
    expect(coverage(newYear + 5000, '2027-01-01', '2027-12-31', open, horizon).status).toBe('fail');
    expect(coverage(newYear + 5000, '2027-01-01', '2028-12-31', open, horizon).status).toBe('pass');
  });
});
