import { describe, expect, it } from 'vitest';
import { isRealDateTime } from '../../../src/checks/body-rules/operations.js';
import { fixture, verdictOf, withValue } from './helpers.js';

describe('rule.booking-list.version-datetime', () => {
  const ID = 'rule.booking-list.version-datetime';
  const valid = () => fixture('GetBookingList.request.valid');

  it.each([['2026-11-20 08:15:00'], ['2024-02-29 23:59:59'], ['2026-01-01 00:00:00']])('passes on %s', (version) => {
    expect(verdictOf(ID, withValue(valid(), '/wbp_booking_version', version)).status).toBe('pass');
  });

  it.each([['2026-13-01 00:00:00'], ['2025-02-29 12:00:00'], ['2026-11-20 24:00:00'], ['2026-11-20 08:60:00']])(
    'fails on %s, which matches the pattern but is no real time',
    (version) => {
      const verdict = verdictOf(ID, withValue(valid(), '/wbp_booking_version', version));
      expect(verdict).toEqual(expect.objectContaining({ status: 'fail', pointer: '/wbp_booking_version', actual: version }));
      expect(verdict.message).toMatch(/^Unexpected wbp_booking_version: expected .*, but received /);
    },
  );

  it('is not applicable to null and blocked on a malformed value', () => {
    expect(verdictOf(ID, fixture('GetBookingList.request.valid-null-version'))).toEqual(expect.objectContaining({ status: 'skip', skip: 'not-applicable' }));
    expect(verdictOf(ID, withValue(valid(), '/wbp_booking_version', '2026-11-20T08:15:00Z'))).toEqual(
      expect.objectContaining({ status: 'skip', skip: 'blocked' }),
    );
  });

  it('isRealDateTime rejects other shapes', () => {
    expect(isRealDateTime('2026-11-20')).toBe(false);
  });
});

describe('rule.health-check.success-true', () => {
  const ID = 'rule.health-check.success-true';

  it('passes on success true and fails on success false', () => {
    expect(verdictOf(ID, fixture('HealthCheck.response.valid')).status).toBe('pass');
    const verdict = verdictOf(ID, fixture('HealthCheck.response.valid-failure'));
    expect(verdict).toEqual(expect.objectContaining({ status: 'fail', pointer: '/success', expected: true, actual: false }));
    expect(verdict.message).toBe('Unexpected HealthCheck success: expected true, but received false');
  });

  it('is blocked without a boolean success', () => {
    expect(verdictOf(ID, {})).toEqual(expect.objectContaining({ status: 'skip', skip: 'blocked' }));
  });
});
