import { describe, expect, it } from 'vitest';
import { validateBody } from '../../src/schemas/index.js';
import type { SchemaError } from '../../src/schemas/index.js';
import { SPEC } from '../../src/spec/sections.js';
import { expectError, fixture, withValue } from './helpers.js';

/** The reservation is checked the same way in GetBookingId and in BookingCreate. */
const CARRIERS = [
  ['GetBookingId', 'response', 'GetBookingId.response.valid'],
  ['BookingCreate', 'request', 'BookingCreate.request.valid'],
] as const;

describe.each(CARRIERS)('reservation in %s %s', (name, kind, file) => {
  const at = (pointer: string, value: unknown): SchemaError[] => validateBody(name, kind, withValue(fixture(file), `/reservation${pointer}`, value));

  it.each([['/OrderDate'], ['/OrderTime']])('requires %s', (pointer) => {
    expect(at(pointer, undefined)).toEqual([
      expect.objectContaining({
        pointer: `/reservation${pointer}`,
        keyword: 'required',
        spec: SPEC.reservation,
      }),
    ]);
  });

  it.each([
    ['/OrderDate', '2026-13-01', 'format'],
    ['/OrderDate', '19.11.2026', 'format'],
    ['/OrderTime', '24:00:00', 'pattern'],
    ['/OrderTime', '9:05:00', 'pattern'],
    ['/OrderTime', '21:04', 'pattern'],
    ['/TotalCurrency', 'eur', 'enum'],
    ['/TotalCurrency', 'EURO', 'enum'],
    ['/TotalPrice', '291.50', 'type'],
    ['/IsCancellation', true, 'type'],
    ['/IsCancellation', 2, 'enum'],
    ['/IsModification', '1', 'type'],
    ['/OrderAdults', 2.5, 'type'],
    ['/OrderId', 184, 'type'],
    ['/PaymentCollect', false, 'type'],
    ['/Customers', {}, 'type'],
    ['/Rooms', 'two rooms', 'type'],
    ['/Customers/0/CustomerCountry', 'nl', 'enum'],
    ['/Customers/0/CustomerNationality', 'NLD', 'enum'],
    ['/CustomerCountry', 'de', 'enum'],
  ])('rejects %s = %j', (pointer, value, keyword) => {
    expectError(at(pointer, value), { pointer: `/reservation${pointer}`, keyword, spec: SPEC.reservation });
  });

  it('accepts uppercase country codes and extra fields in Customers, Rooms and Payments', () => {
    expect(at('/CustomerNationality', 'DE')).toEqual([]);
    expect(at('/Customers/0/LoyaltyTier', 'gold')).toEqual([]);
    expect(at('/Rooms/0/BedPreference', 'twin')).toEqual([]);
    expect(at('/Payments', 'anything: not shown')).toEqual([]);
    expect(at('/ChannelName', 'Example Channel')).toEqual([]);
  });

  it('accepts a reservation with only OrderDate and OrderTime', () => {
    expect(at('', { OrderDate: '2026-11-19', OrderTime: '23:59:59' })).toEqual([]);
  });
});

describe('reservation shapes', () => {
  it('rejects a reservation that is not an object', () => {
    expectError(validateBody('GetBookingId', 'response', { success: true, reservation: [] }), {
      pointer: '/reservation',
      keyword: 'type',
      spec: SPEC.reservation,
    });
  });

  it('accepts the minimal GetBookingId success', () => {
    expect(validateBody('GetBookingId', 'response', fixture('GetBookingId.response.valid-minimal'))).toEqual([]);
  });
});
