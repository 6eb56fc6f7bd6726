// Single-operation body rules: takes a GetBookingList request or a HealthCheck response,
// gives verdicts the schema cannot give: wbp_booking_version is a real UTC date and time
// (the pattern alone accepts "2025-13-45 99:00:00"); HealthCheck answers success true.
import { SPEC } from '../../spec/sections.js';
import { fail, pass, unexpected } from '../check-verdict.js';
import type { Verdict } from '../../spec/vocabulary.js';
import type { BodyRule } from './types.js';
import { blocked, defineRule, notApplicable, pointerOf, readObject } from './types.js';

const BOOKING_VERSION = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/;

/** True when "YYYY-MM-DD HH:MM:SS" names a real instant (no month 13, no 24:00:00). */
export function isRealDateTime(text: string): boolean {
  const match = BOOKING_VERSION.exec(text);
  if (!match) return false;
  const [y, mo, d, h, mi, s] = match.slice(1).map(Number) as [number, number, number, number, number, number];
  const date = new Date(Date.UTC(y, mo - 1, d, h, mi, s));
  return (
    date.getUTCFullYear() === y &&
    date.getUTCMonth() === mo - 1 &&
    date.getUTCDate() === d &&
    date.getUTCHours() === h &&
    date.getUTCMinutes() === mi &&
    date.getUTCSeconds() === s
  );
}

function checkBookingVersion(body: unknown): Verdict {
  const root = readObject(body, 'the body');
  if ('verdict' in root) return root.verdict;
  const version = root.value.wbp_booking_version;
  if (version === null) return notApplicable('wbp_booking_version is null (no successful request yet)');
  if (typeof version !== 'string' || !BOOKING_VERSION.test(version)) {
    return blocked('wbp_booking_version is not a "YYYY-MM-DD HH:MM:SS" string');
  }
  if (isRealDateTime(version)) return pass(`wbp_booking_version ${version} is a real UTC date and time`);
  return fail(unexpected('wbp_booking_version', 'a real UTC date and time "YYYY-MM-DD HH:MM:SS"', version), {
    pointer: pointerOf('wbp_booking_version'),
    expected: 'YYYY-MM-DD HH:MM:SS, a real date and time',
    actual: version,
  });
}

function checkHealthCheckSuccess(body: unknown): Verdict {
  const root = readObject(body, 'the body');
  if ('verdict' in root) return root.verdict;
  const success = root.value.success;
  if (typeof success !== 'boolean') return blocked('success is not a boolean');
  if (success) return pass('HealthCheck answered success true');
  return fail(unexpected('HealthCheck success', true, false), {
    pointer: pointerOf('success'),
    expected: true,
    actual: false,
  });
}

export const bookingListVersionDateTime: BodyRule = defineRule(
  {
    id: 'rule.booking-list.version-datetime',
    title: 'wbp_booking_version is a real UTC date and time',
    level: 'required',
    spec: SPEC.endpoint('GetBookingList'),
    rules: ['gbl-version-field.2'],
    appliesTo: [{ name: 'GetBookingList', kind: 'request' }],
  },
  checkBookingVersion,
);

export const healthCheckSuccess: BodyRule = defineRule(
  {
    id: 'rule.health-check.success-true',
    title: 'HealthCheck always returns success true',
    level: 'required',
    spec: SPEC.endpoint('HealthCheck'),
    rules: ['hc-always-true.1', 'hc-always-true.2'],
    appliesTo: [{ name: 'HealthCheck', kind: 'response' }],
  },
  checkHealthCheckSuccess,
);
