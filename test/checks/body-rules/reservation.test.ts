import { describe, expect, it } from 'vitest';
import { SPEC } from '../../../src/spec/sections.js';
import { fixture, verdictOf, withValue } from './helpers.js';
import type { Json } from './helpers.js';

const CARRIERS = [
  ['GetBookingId response', 'GetBookingId.response.valid'],
  ['BookingCreate request', 'BookingCreate.request.valid'],
] as const;

const notApplicable = expect.objectContaining({ status: 'skip', skip: 'not-applicable' });
const blocked = expect.objectContaining({ status: 'skip', skip: 'blocked' });

describe.each(CARRIERS)('reservation rules on a %s', (_label, file) => {
  const valid = (): Json => fixture(file);
  const edit = (pointer: string, value: unknown): Json => withValue(valid(), `/reservation${pointer}`, value);

  describe('rule.reservation.total-price', () => {
    const ID = 'rule.reservation.total-price';

    it('passes when TotalPrice is the sum of the room prices', () => {
      expect(verdictOf(ID, valid()).status).toBe('pass');
    });

    it('allows a difference of a cent', () => {
      expect(verdictOf(ID, edit('/TotalPrice', 291.51)).status).toBe('pass');
      expect(verdictOf(ID, edit('/TotalPrice', 291.49)).status).toBe('pass');
    });

    it('fails beyond a cent, at /reservation/TotalPrice', () => {
      const verdict = verdictOf(ID, edit('/TotalPrice', 300));
      expect(verdict).toEqual(
        expect.objectContaining({
          status: 'fail',
          pointer: '/reservation/TotalPrice',
          expected: 291.5,
          actual: 300,
        }),
      );
      expect(verdict.message).toBe('Unexpected reservation TotalPrice: expected "the sum of the room prices, 291.5", but received 300');
      expect(verdict.schemaErrors).toEqual([expect.objectContaining({ keyword: ID, spec: SPEC.reservation })]);
    });

    it('is not applicable without TotalPrice, Rooms, or a numeric Price in every room', () => {
      expect(verdictOf(ID, edit('/TotalPrice', undefined))).toEqual(notApplicable);
      expect(verdictOf(ID, edit('/Rooms', undefined))).toEqual(notApplicable);
      expect(verdictOf(ID, edit('/Rooms', []))).toEqual(notApplicable);
      expect(verdictOf(ID, edit('/Rooms/1/Price', undefined))).toEqual(notApplicable);
      expect(verdictOf(ID, edit('/Rooms/1/Price', '113.50'))).toEqual(notApplicable);
    });

    it('is blocked when TotalPrice is not a number or the reservation not an object', () => {
      expect(verdictOf(ID, edit('/TotalPrice', '291.50'))).toEqual(blocked);
      expect(verdictOf(ID, withValue(valid(), '/reservation', 'booking'))).toEqual(blocked);
    });
  });

  describe('rule.reservation.day-rates', () => {
    const ID = 'rule.reservation.day-rates';

    it('passes when the day rates times the units equal each room price', () => {
      const verdict = verdictOf(ID, valid());
      expect(verdict.status).toBe('pass');
      expect(verdict.message).toContain('2 rooms');
    });

    it('fails when a room price is not the day rates times the units', () => {
      const verdict = verdictOf(ID, edit('/Rooms/1/Units', 1));
      expect(verdict).toEqual(
        expect.objectContaining({
          status: 'fail',
          pointer: '/reservation/Rooms/1/Price',
          expected: 56.75,
          actual: 113.5,
        }),
      );
      expect(verdict.message).toMatch(/^Unexpected room Price in 1 room: expected .*56\.75.*, but received 113\.5$/);
    });

    it('checks only the rooms that carry numeric day rates, units and price', () => {
      expect(verdictOf(ID, edit('/Rooms/0/Units', undefined)).status).toBe('pass');
      expect(verdictOf(ID, edit('/Rooms/0/DayRates/1/Rate', '89'))).toEqual(expect.objectContaining({ status: 'pass' }));
    });

    it('is not applicable when no room carries them', () => {
      const rooms = [{ Price: 10 }, { DayRates: [], Units: 1, Price: 5 }];
      expect(verdictOf(ID, edit('/Rooms', rooms))).toEqual(notApplicable);
    });
  });

  describe('rule.reservation.minimum-fields', () => {
    const ID = 'rule.reservation.minimum-fields';

    it('passes when the listed minimum is present', () => {
      expect(verdictOf(ID, valid()).status).toBe('pass');
    });

    it('fails listing the missing fields', () => {
      const verdict = verdictOf(ID, withValue(edit('/IsModification', undefined), '/reservation/Customers', undefined));
      expect(verdict).toEqual(
        expect.objectContaining({
          status: 'fail',
          pointer: '/reservation',
          actual: { missing: ['IsModification', 'Customers'] },
        }),
      );
      expect(verdict.message).toContain('but received "IsModification, Customers missing"');
      expect(verdict.schemaErrors!.map((e) => e.pointer)).toEqual(['/reservation/IsModification', '/reservation/Customers']);
    });
  });
});

describe('reservation rules on a failure response', () => {
  it.each([['rule.reservation.total-price'], ['rule.reservation.day-rates'], ['rule.reservation.minimum-fields']])('%s is not applicable', (id) => {
    expect(verdictOf(id, fixture('GetBookingId.response.valid-failure'))).toEqual(notApplicable);
  });
});
