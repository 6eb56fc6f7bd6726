// The timing settings suites use (settings.*): how old a poll may be and still time a
// callback (fresh_poll_ms, D-285) leaves the PMS's next scheduled poll beyond the reaction
// window, is at most half an interval and never less than the tolerance.
import { describe, expect, it } from 'vitest';
import { parseProfile } from '../../src/profile/load-profile.js';
import { settingsOf } from '../../src/runner/scope.js';

function profile(extra: string): ReturnType<typeof parseProfile> {
  const text = `target: pms
name: Demo PMS
base_url: https://pms.example.test/api
shared_secret: s3cret-value-for-tests
pms_cid: demo
currency: EUR
property:
  pms_property_id: 1
  wbp_property_id: "1001"
  wbp_property_password: p4ssword-for-tests
${extra}`;
  return parseProfile(text, 'demo.yaml', {});
}

describe('settings.fresh_poll_ms', () => {
  it.each([
    ['5-minute polling (spec defaults)', 'capabilities: [NotifyBooking]\n', 150_000, 120_000],
    ['30-minute polling (BookingCreate)', 'capabilities: [BookingCreate]\n', 900_000, 120_000],
    [
      '16 s polling, 6 s tolerance, 6 s reaction (the e2e profile)',
      'capabilities: [NotifyBooking]\nintervals:\n  poll_ms: 16000\n  poll_tolerance_ms: 6000\ndeadlines:\n  callback_reaction: 6s\n',
      6_000,
      6_000,
    ],
    ['1 s polling, 1 s tolerance', 'capabilities: [NotifyBooking]\nintervals:\n  poll_ms: 1000\n  poll_tolerance_ms: 1000\n', 1_000, 120_000],
  ])('%s', (_name, extra, fresh, reaction) => {
    const s = settingsOf(profile(extra));
    expect(s.fresh_poll_ms).toBe(fresh);
    expect(s.reaction_ms).toBe(reaction);
    const i = profile(extra).intervals;
    // Widened beyond the tolerance (D-262's floor) only so far that the next scheduled poll, at
    // the earliest interval - tolerance after the fresh one, is not inside the reaction window.
    if (fresh > i.pollToleranceMs) expect(i.pollMs - i.pollToleranceMs - fresh).toBeGreaterThanOrEqual(reaction);
    expect(fresh).toBeLessThanOrEqual(Math.max(i.pollToleranceMs, i.pollMs / 2));
  });
});
