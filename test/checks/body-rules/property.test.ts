import { describe, expect, it } from 'vitest';
import { isIanaTimeZone } from '../../../src/checks/body-rules/timezones.js';
import { SPEC } from '../../../src/spec/sections.js';
import { fixture, verdictOf, withValue } from './helpers.js';

const valid = () => fixture('CreateProperty.request.valid');
const edit = (pointer: string, value: unknown) => withValue(valid(), `/Property${pointer}`, value);
const blocked = expect.objectContaining({ status: 'skip', skip: 'blocked' });
const notApplicable = expect.objectContaining({ status: 'skip', skip: 'not-applicable' });

describe('rule.property.timezone', () => {
  const ID = 'rule.property.timezone';

  it.each([['Europe/Amsterdam'], ['UTC'], ['Etc/UTC'], ['Asia/Kolkata'], ['Asia/Calcutta'], ['America/Argentina/Buenos_Aires']])('accepts %s', (zone) => {
    expect(verdictOf(ID, edit('/timezone', zone)).status).toBe('pass');
  });

  it.each([['CET+1'], ['+01:00'], ['europe/amsterdam'], ['Amsterdam'], ['Mars/Olympus_Mons'], ['']])('rejects %j', (zone) => {
    const verdict = verdictOf(ID, edit('/timezone', zone));
    expect(verdict).toEqual(expect.objectContaining({ status: 'fail', pointer: '/Property/timezone', actual: zone }));
    expect(verdict.message).toMatch(/^Unexpected Property\.timezone: expected .*, but received /);
  });

  it('is blocked when timezone is not a string', () => {
    expect(verdictOf(ID, edit('/timezone', 1))).toEqual(blocked);
    expect(verdictOf(ID, withValue(valid(), '/Property', undefined))).toEqual(blocked);
  });

  it('isIanaTimeZone agrees with the runtime list', () => {
    for (const zone of Intl.supportedValuesOf('timeZone').slice(0, 50)) expect(isIanaTimeZone(zone)).toBe(true);
  });
});

describe('rule.property.address-country', () => {
  const ID = 'rule.property.address-country';

  it('passes when the address is in the property country', () => {
    expect(verdictOf(ID, valid()).status).toBe('pass');
  });

  it('fails when it is not', () => {
    const verdict = verdictOf(ID, edit('/address/country', 'BE'));
    expect(verdict).toEqual(
      expect.objectContaining({
        status: 'fail',
        pointer: '/Property/address/country',
        expected: 'NL',
        actual: 'BE',
      }),
    );
    expect(verdict.message).toBe('Unexpected Property.address.country: expected "NL", but received "BE"');
  });

  it('ignores the business contact country', () => {
    expect(verdictOf(ID, edit('/business_contact/country', 'DE')).status).toBe('pass');
  });

  it('is blocked without an address', () => {
    expect(verdictOf(ID, edit('/address', undefined))).toEqual(blocked);
  });
});

describe('rule.property.coordinates', () => {
  const ID = 'rule.property.coordinates';

  it('passes on decimal degrees in range', () => {
    expect(verdictOf(ID, edit('/address/lat', '-33.8688')).status).toBe('pass');
  });

  it('fails on a latitude beyond 90 (lat and lon swapped)', () => {
    const body = withValue(edit('/address/lat', '-117.161087'), '/Property/address/lon', '32.715736');
    const verdict = verdictOf(ID, body);
    expect(verdict).toEqual(expect.objectContaining({ status: 'fail', pointer: '/Property/address/lat', actual: '-117.161087' }));
    expect(verdict.schemaErrors).toEqual([expect.objectContaining({ keyword: ID, spec: SPEC.address })]);
  });

  it.each([['5,418'], ['E 5.418'], ['181']])('fails on lon %j', (lon) => {
    expect(verdictOf(ID, edit('/address/lon', lon))).toEqual(expect.objectContaining({ status: 'fail', pointer: '/Property/address/lon' }));
  });

  it('is not applicable without coordinates', () => {
    expect(verdictOf(ID, withValue(edit('/address/lat', null), '/Property/address/lon', undefined))).toEqual(notApplicable);
  });
});

describe('rule.property.room-wbp-room-id', () => {
  const ID = 'rule.property.room-wbp-room-id';

  it('passes when no CreateProperty room carries wbp_room_id', () => {
    expect(verdictOf(ID, valid()).status).toBe('pass');
  });

  it('fails on a room that carries one ("UpdateRoom only")', () => {
    const verdict = verdictOf(ID, edit('/rooms/1/wbp_room_id', '9002'));
    expect(verdict).toEqual(expect.objectContaining({ status: 'fail', pointer: '/Property/rooms/1/wbp_room_id' }));
    expect(verdict.schemaErrors).toEqual([expect.objectContaining({ keyword: ID, spec: SPEC.room })]);
  });

  it('is blocked when rooms is not an array and not applicable when empty', () => {
    expect(verdictOf(ID, edit('/rooms', {}))).toEqual(blocked);
    expect(verdictOf(ID, edit('/rooms', []))).toEqual(notApplicable);
  });
});

describe('rule.property.tax-fee-reference', () => {
  const ID = 'rule.property.tax-fee-reference';

  it('passes when every fee_id names a fee of the property', () => {
    expect(verdictOf(ID, valid()).status).toBe('pass');
  });

  it('fails on a fee_id that names no fee, or names a tax', () => {
    const unknown = verdictOf(ID, edit('/taxes/1/tax_basis_includes_fees/0/fee_id', 9));
    expect(unknown).toEqual(
      expect.objectContaining({
        status: 'fail',
        pointer: '/Property/taxes/1/tax_basis_includes_fees/0/fee_id',
        actual: 9,
      }),
    );
    expect(unknown.expected).toContain(1);
    const notAFee = verdictOf(ID, edit('/taxes/0/is_fee', false));
    expect(notAFee).toEqual(expect.objectContaining({ status: 'fail', actual: 1 }));
  });

  it('passes on a fee_id naming an entry whose is_fee is left out (is_fee is optional)', () => {
    expect(verdictOf(ID, edit('/taxes/0/is_fee', undefined)).status).toBe('pass');
  });

  it('is not applicable without taxes or fee references', () => {
    expect(verdictOf(ID, edit('/taxes', undefined))).toEqual(notApplicable);
    expect(verdictOf(ID, edit('/taxes/1/tax_basis_includes_fees', undefined))).toEqual(notApplicable);
  });
});
