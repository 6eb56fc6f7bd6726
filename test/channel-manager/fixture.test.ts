// The channel manager's property fixture: found from the package root, checked on load.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ChannelManager, defaultFixturePath, loadPropertyFixture, parsePropertyFixture } from '../../src/channel-manager/index.js';
import { InputError } from '../../src/support/errors.js';
import { packageRoot } from '../../src/support/package-root.js';
import { ManualClock } from '../../src/support/clock.js';
import { PROPERTY, SECRET, START, call } from './helpers.js';

const text = readFileSync(defaultFixturePath(), 'utf8');

function edited(edit: (fixture: any) => void): string {
  const fixture = JSON.parse(text);
  edit(fixture);
  return JSON.stringify(fixture);
}

describe('the fixture file', () => {
  it('is found under the package root', () => {
    const root = packageRoot();
    expect(JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).name).toBe('cm-certify');
    expect(defaultFixturePath()).toBe(join(root, 'fixtures', 'property.json'));
  });

  it('has the rooms, plans and bookings the model and the suites rely on', () => {
    const fixture = loadPropertyFixture();
    expect(fixture.currency).toMatch(/^[A-Z]{3}$/);
    expect(fixture.rooms.length).toBeGreaterThanOrEqual(3);
    expect(fixture.rooms.some((room) => room.dorm)).toBe(true);
    expect(fixture.rate_plans.some((plan) => plan.wbp_room_id === '0')).toBe(true);
    const ids = fixture.bookings.map((b) => b.booking_id);
    expect(ids).toContain('B-100');
    expect(fixture.bookings.some((b) => b.cancelled)).toBe(true);
    expect(fixture.bookings.some((b) => b.children > 0)).toBe(true);
    expect(fixture.bookings.some((b) => b.rooms.some((s) => s.units > 1 && fixture.rooms.find((r) => r.wbp_room_id === s.wbp_room_id)?.dorm))).toBe(true);
  });
});

describe('parsePropertyFixture', () => {
  it.each([
    ['a rate that is not a quarter amount', (f: any) => (f.bookings[0].rooms[0].rates[0] = 96.1), 'rates[0]'],
    ['a booking for an unknown room', (f: any) => (f.bookings[0].rooms[0].wbp_room_id = 1), 'wbp_room_id'],
    ['a plan of another room', (f: any) => (f.bookings[0].rooms[0].wbp_rate_id = 'DORM-BED'), 'wbp_rate_id'],
    ['a duplicate booking id', (f: any) => (f.bookings[1].booking_id = 'B-100'), 'duplicate booking_id'],
    ['a booking created today or later', (f: any) => (f.bookings[0].created.day = 0), 'created.day'],
    ['a lower-case country', (f: any) => (f.bookings[0].customers[0].CustomerCountry = 'de'), 'CustomerCountry'],
    ['a lower-case currency', (f: any) => (f.currency = 'eur'), 'currency'],
    ['a booking id over 64 characters', (f: any) => (f.bookings[0].booking_id = 'B'.repeat(65)), 'booking_id'],
    ['no rooms', (f: any) => (f.rooms = []), 'rooms'],
  ])('refuses %s, naming the field', (_label, edit, field) => {
    expect(() => parsePropertyFixture(edited(edit), 'p.json')).toThrow(InputError);
    expect(() => parsePropertyFixture(edited(edit), 'p.json')).toThrow(field);
  });

  it('refuses text that is not JSON', () => {
    expect(() => parsePropertyFixture('{', 'p.json')).toThrow(/p\.json: not JSON/);
  });

  it('feeds a model given explicitly', () => {
    const fixture = parsePropertyFixture(edited((f) => (f.currency = 'CHF')));
    const model = new ChannelManager({ clock: new ManualClock(START), sharedSecret: SECRET, property: PROPERTY, fixture });
    expect(call(model, 'ARIUpdate', { currency: 'CHF', Inventory: [] }).json.success).toBe(true);
    expect(call(model, 'GetBookingId', { booking_id: 'B-101' }).json.reservation.TotalCurrency).toBe('CHF');
  });
});
