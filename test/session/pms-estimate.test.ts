// PMS runs that say how long they take (issue 22 item 7): the estimate printed at the start
// is polls_observed polling intervals (booking polling's observation) plus two full
// refreshes (the PMS's push and deadlines.settle of quiet), from the profile; `init`'s
// template states the same number for its own settings (96 min at the spec's 30-minute
// polling with BookingCreate, 21 min at 5 minutes), and `run` prints it before it waits.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseProfile } from '../../src/profile/load-profile.js';
import { packagePath } from '../../src/support/package-root.js';
import { estimatePmsRun } from '../../src/session/pms-estimate.js';
import { loadBuiltinSuites } from '../../src/suite/load-suite.js';

const TEMPLATE = readFileSync(packagePath('fixtures', 'templates', 'pms.profile.yaml'), 'utf8');
const ENV = { CM_SHARED_SECRET: 's', CM_PROPERTY_PASSWORD: 'p', CM_TEST_HOOK_TOKEN: 't' };
const ALL = loadBuiltinSuites('pms').map((s) => s.name);

describe('the PMS run estimate', () => {
  it("init's template at the spec's polling (BookingCreate, every 30 minutes): about 96 minutes, as its comment says", () => {
    const profile = parseProfile(TEMPLATE, 'cm-certify.pms.yaml', ENV);
    const estimate = estimatePmsRun(profile, ALL)!;
    expect(estimate.totalMs).toBe(96 * 60_000);
    expect(estimate.observedMs).toBe(3 * 30 * 60_000);
    expect(estimate.text).toBe(
      'Estimated length: about 1 h 36 min once your PMS connects: 3 polling intervals of 30 min (intervals.polls_observed x intervals.poll_ms) + 2 full refreshes of about 3 min (the push + deadlines.settle of quiet)',
    );
    expect(TEMPLATE).toContain('about 96 min');
  });

  it('without BookingCreate (every 5 minutes): about 21 minutes, as the template says; the profile decides', () => {
    const five = parseProfile(
      TEMPLATE.replace('capabilities: [AckBooking, NotifyBooking, BookingCreate]', 'capabilities: [AckBooking, NotifyBooking]'),
      'p.yaml',
      ENV,
    );
    expect(estimatePmsRun(five, ALL)!.totalMs).toBe(21 * 60_000);
    expect(TEMPLATE).toContain('about 21 min');
    const custom = parseProfile(TEMPLATE.replace('polls_observed: 3', 'polls_observed: 4'), 'p.yaml', ENV);
    expect(estimatePmsRun(custom, ALL)!.totalMs).toBe((4 * 30 + 6) * 60_000);
  });

  it('a selection that waits for no schedule gets no estimate', () => {
    const profile = parseProfile(TEMPLATE, 'p.yaml', ENV);
    expect(estimatePmsRun(profile, ['setup', 'callbacks'])).toBeUndefined();
    expect(estimatePmsRun(profile, ['full-refresh'])!.totalMs).toBe(6 * 60_000);
  });

  it('a test setup polling every few seconds is taken to push a refresh within an interval (the reference PMS: about 14 s, 12-13 s measured)', () => {
    const profile = parseProfile(readFileSync(packagePath('fixtures', 'profiles', 'reference-pms.yaml'), 'utf8'), 'p.yaml', {});
    expect(estimatePmsRun(profile, ALL)!.totalMs).toBe(2 * 3_000 + 2 * (3_000 + 1_000));
  });
});
