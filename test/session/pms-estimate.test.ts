// PMS runs that say how long they take (issue 22 item 7, issue 28 item 17): the estimate printed
// at the start is built from the scenario's own windows: each suite takes the longer of the polls
// it observes and the sum of its settle-length windows (full refreshes: the push + settle of
// quiet; ARI after a change: settle). Before (f9e7431) only the polls and two refreshes were
// counted: at 3-second polling with init's settings it said 2 min 15 s for a run of 514 s.
// `init`'s template states the same numbers, and `run` prints the estimate before it waits.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseProfile } from '../../src/profile/load-profile.js';
import { packagePath } from '../../src/support/package-root.js';
import { estimatePmsRun, REFRESH_PUSH_MS } from '../../src/session/pms-estimate.js';
import { loadBuiltinSuites } from '../../src/suite/load-suite.js';

const TEMPLATE = readFileSync(packagePath('fixtures', 'templates', 'pms.profile.yaml'), 'utf8');
const ENV = { CM_SHARED_SECRET: 's', CM_PROPERTY_PASSWORD: 'p', CM_TEST_HOOK_TOKEN: 't' };
const ALL = loadBuiltinSuites('pms');
const only = (...names: string[]) => ALL.filter((s) => names.includes(s.name));
const MIN = 60_000;

describe('the PMS run estimate', () => {
  it("init's template at the spec's polling (BookingCreate, every 30 minutes): about 99 minutes, as its comment says", () => {
    const profile = parseProfile(TEMPLATE, 'cm-certify.pms.yaml', ENV);
    const estimate = estimatePmsRun(profile, ALL)!;
    // booking polling: 3 polls of 30 min outlast its windows; full refresh 2 x (2 min push + 1 min settle);
    // setup's quiet spell after the 1002 (1 min settle); callbacks' reaction window (2 min).
    expect(estimate.totalMs).toBe((90 + 6 + 1 + 2) * MIN);
    expect(estimate.observedMs).toBe(3 * 30 * MIN);
    expect(estimate.text).toMatch(/^Estimated length: about 1 h 39 min once your PMS connects: 3 polling intervals of 30 min .* \+ \d+ windows of/);
    expect(TEMPLATE).toContain('about 99 min');
  });

  it('without BookingCreate (every 5 minutes): about 24 minutes, as the template says; the profile decides', () => {
    const five = parseProfile(
      TEMPLATE.replace('capabilities: [AckBooking, NotifyBooking, BookingCreate]', 'capabilities: [AckBooking, NotifyBooking]'),
      'p.yaml',
      ENV,
    );
    expect(estimatePmsRun(five, ALL)!.totalMs).toBe(24 * MIN);
    expect(TEMPLATE).toContain('about 24 min');
  });

  it('each settle-length window counts: one more second of deadlines.settle adds one second per window the scenario waits', () => {
    const at = (settle: string) =>
      estimatePmsRun(parseProfile(TEMPLATE.replace(/# poll_ms: 300000 .*/, 'poll_ms: 3000').replace(/settle: 1m/, `settle: ${settle}`), 'p.yaml', ENV), ALL)!;
    const base = at('60s');
    const more = at('70s');
    expect(base.windows).toBeGreaterThanOrEqual(9);
    // At 3-second polling nothing overlaps the windows: 10 s more for each window that waits
    // out deadlines.settle (all but the two reaction windows, callbacks' and the cancel notification's).
    const added = more.totalMs - base.totalMs;
    expect(added % 10_000).toBe(0);
    expect(added / 10_000).toBeGreaterThanOrEqual(9);
    expect(added / 10_000).toBe(base.windows - 2);
    expect(base.windowsMs).toBeGreaterThan(base.observedMs);
  });

  it("init's settings at 3-second polling (the issue's run of 514 s): within 25 %, where the old estimate said 135 s", () => {
    const fast = parseProfile(TEMPLATE.replace(/# poll_ms: 300000 .*/, 'poll_ms: 3000'), 'p.yaml', ENV);
    const estimate = estimatePmsRun(fast, ALL)!;
    expect(Math.abs(estimate.totalMs - 514_000) / 514_000).toBeLessThan(0.25);
  });

  it('the reference PMS (3-second polling, settle 1 s): about 12 s, 12-13 s measured', () => {
    const profile = parseProfile(readFileSync(packagePath('fixtures', 'profiles', 'reference-pms.yaml'), 'utf8'), 'p.yaml', {});
    const estimate = estimatePmsRun(profile, ALL)!;
    expect(Math.abs(estimate.totalMs - 12_500) / 12_500).toBeLessThan(0.25);
  });

  it('a selection that waits for no schedule gets no estimate; one suite gets its own windows', () => {
    const profile = parseProfile(TEMPLATE, 'p.yaml', ENV);
    expect(estimatePmsRun(profile, only('https', 'property'))).toBeUndefined();
    expect(estimatePmsRun(profile, only('full-refresh'))!.totalMs).toBe(6 * MIN);
  });

  it("a refresh by a wbp_property_id several PMS properties map to waits for each one's push (D-400): two more properties, two more pushes", () => {
    const one = parseProfile(TEMPLATE, 'p.yaml', ENV);
    const three = parseProfile(TEMPLATE.replace('# other_pms_property_ids: [2]', 'other_pms_property_ids: [2, 3]'), 'p.yaml', ENV);
    expect(three.property.other_pms_property_ids).toEqual([2, 3]);
    const before = estimatePmsRun(one, only('booking-polling'))!;
    const after = estimatePmsRun(three, only('booking-polling'))!;
    expect(after.windowsMs - before.windowsMs).toBe(2 * REFRESH_PUSH_MS);
    expect(after.windows).toBe(before.windows);
  });
});
