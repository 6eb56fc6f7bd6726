// The PMS's own property fixture: the shipped file is valid, mistakes are named by field,
// and amounts convert between decimal strings and cents without rounding surprises.
import { describe, expect, it } from 'vitest';
import { defaultPmsFixturePath, loadPmsPropertyFixture, parsePmsPropertyFixture } from '../../../src/reference/pms/index.js';
import { formatCents, toCents } from '../../../src/reference/pms/property.js';

describe('the PMS property fixture', () => {
  it('ships a valid fixtures/pms-property.json with the rooms behind the OTA fixture', () => {
    expect(defaultPmsFixturePath()).toMatch(/fixtures[\\/]pms-property\.json$/);
    const fixture = loadPmsPropertyFixture();
    expect(fixture.rooms.map((r) => r.pms_room_id)).toEqual([11, 12, 13, 14]);
    expect(fixture.rooms.filter((r) => r.dormitory).map((r) => r.label)).toEqual(['8-Bed Mixed Dormitory']);
  });

  it('names the file and field of a mistake', () => {
    const good = loadPmsPropertyFixture();
    const withRoom = (extra: Record<string, unknown>): string => JSON.stringify({ ...good, rooms: [{ ...good.rooms[0], ...extra }] });
    expect(() => parsePmsPropertyFixture('{', 'x.json')).toThrow(/^x\.json: not JSON/);
    expect(() => parsePmsPropertyFixture(withRoom({ units: 0 }))).toThrow(/rooms\[0\]\.units\): must be an integer >= 1/);
    expect(() => parsePmsPropertyFixture(withRoom({ base_rate: '96.505' }))).toThrow(/base_rate/);
    expect(() => parsePmsPropertyFixture(withRoom({ pricingModel: 'flat' }))).toThrow(/pricingModel/);
    expect(() => parsePmsPropertyFixture(JSON.stringify({ ...good, rooms: [good.rooms[0], good.rooms[0]] }))).toThrow(/duplicate id 11/);
    expect(() => parsePmsPropertyFixture(JSON.stringify({ ...good, calendar: { ...good.calendar, min_los: 0 } }))).toThrow(/calendar\.min_los/);
    expect(() => parsePmsPropertyFixture(JSON.stringify({ ...good, rooms: [] }))).toThrow(/rooms/);
  });

  it('converts amounts exactly', () => {
    expect([toCents('96.50'), toCents('96.5'), toCents('27'), toCents('0.05')]).toEqual([9650, 9650, 2700, 5]);
    expect([formatCents(9650), formatCents(5), formatCents(11097.5), formatCents(-3)]).toEqual(['96.50', '0.05', '110.98', '0.00']);
  });
});
