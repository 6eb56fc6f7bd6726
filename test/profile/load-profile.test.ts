import { describe, expect, it } from 'vitest';
import { parseProfile } from '../../src/profile/load-profile.js';
import { ProfileError } from '../../src/support/errors.js';

const TEXT = `target: ota
base_url: https://ota.example.test/api/
shared_secret: \${CM_SHARED_SECRET}
pms_cid: abc
property: {pms_property_id: 1, wbp_property_id: "1001", wbp_property_password: \${CM_PROPERTY_PASSWORD}}
capabilities: [AckBooking, CancelBooking]
fixtures:
  not_enabled_property: {wbp_property_id: "2002", wbp_property_password: \${CM_OTHER_PASSWORD:-fallback-pass}}
  departed_booking_id: "B-100"
hooks:
  create_booking: {http: {method: POST, url: "https://ota.example.test/test/bookings", headers: {authorization: "Bearer \${CM_HOOK_TOKEN}"}}}
timeouts: {request_ms: 5000}
`;
const ENV = { CM_SHARED_SECRET: 'shh-secret-1', CM_PROPERTY_PASSWORD: 'prop-pass-2', CM_HOOK_TOKEN: 'tok-3' };

function errorOf(text: string, env: Record<string, string> = ENV): ProfileError {
  try {
    parseProfile(text, 'p.yaml', env);
  } catch (error) {
    expect(error).toBeInstanceOf(ProfileError);
    return error as ProfileError;
  }
  throw new Error('expected a ProfileError');
}

describe('profiles', () => {
  it('interpolates environment variables, applies defaults and lists every secret', () => {
    const p = parseProfile(TEXT, 'p.yaml', ENV);
    expect(p.baseUrl).toBe('https://ota.example.test/api');
    expect(p.sharedSecret).toBe('shh-secret-1');
    expect(p.fixtures.not_enabled_property?.wbp_property_password).toBe('fallback-pass');
    expect(p.timeouts).toEqual({ requestMs: 5000, connectMs: 10_000, hookMs: 60_000 });
    expect(p.intervals.pollMs).toBe(300_000);
    expect(p.limits.maxBodyBytes).toBe(10 * 1024 * 1024);
    expect(p.secrets).toEqual(expect.arrayContaining(['shh-secret-1', 'prop-pass-2', 'fallback-pass', 'Bearer tok-3']));
  });

  it('a missing environment variable names the file, line and field', () => {
    const e = errorOf(TEXT, { CM_SHARED_SECRET: 'x', CM_HOOK_TOKEN: 't' });
    expect(e.message).toBe('p.yaml:5:80 (property.wbp_property_password): environment variable CM_PROPERTY_PASSWORD is not set');
  });

  it('wrong types and unknown keys name the field', () => {
    expect(errorOf(TEXT.replace('pms_property_id: 1', 'pms_property_id: "one"')).location).toMatchObject({ line: 5, field: 'property.pms_property_id' });
    expect(errorOf(TEXT.replace('pms_cid: abc', 'pms_cid: ABC')).location).toMatchObject({ line: 4, field: 'pms_cid' });
    expect(errorOf(`${TEXT}colour: blue\n`).message).toContain('unknown field "colour"');
    expect(errorOf(TEXT.replace('CancelBooking]', 'CancelBookings]')).message).toContain('unknown capability "CancelBookings"');
  });

  it('accepts ${VAR} inside a flow mapping, as the profile examples write it', () => {
    const p = parseProfile(TEXT, 'p.yaml', ENV);
    expect(p.property.wbp_property_password).toBe('prop-pass-2');
  });

  it('a missing required key names it', () => {
    expect(errorOf(TEXT.replace('pms_cid: abc\n', '')).message).toContain('missing required field "pms_cid"');
  });

  it('a field after a ${VAR} on its line is placed at its column as written (the token standing in for it is longer)', () => {
    const line = 'property: {pms_property_id: ${ID}, wbp_property_id: 5, wbp_property_password: $${pw}x}';
    const text = TEXT.replace(/^property: .*$/m, line);
    expect(errorOf(text, { ...ENV, ID: '1' }).message).toContain(`p.yaml:5:${line.indexOf('5,') + 1} (property.wbp_property_id): must be text`);
    const broken = errorOf(TEXT.replace('pms_cid: abc', 'pms_cid: [${CM_SHARED_SECRET}, "x'));
    expect(broken.message).toMatch(/Missing closing "quote/);
    expect(broken.location).toMatchObject({ line: 4, column: 32 });
  });

  it('$${ stays literal and is not looked up', () => {
    const p = parseProfile(TEXT.split('pms_cid: abc').join('pms_cid: abc\nname: "cost $${NOT_A_VAR}"'), 'p.yaml', ENV);
    expect(p.name).toBe('cost ${NOT_A_VAR}');
  });
});
