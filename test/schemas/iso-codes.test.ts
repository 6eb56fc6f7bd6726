import { describe, expect, it } from 'vitest';
import { COUNTRY_CODES, COUNTRY_CODE_SET, CURRENCY_CODES, CURRENCY_CODE_SET } from '../../src/spec/iso-codes.js';

describe('ISO 3166-1 alpha-2', () => {
  it('lists the 249 assigned codes, uppercase, sorted, unique', () => {
    expect(COUNTRY_CODES).toHaveLength(249);
    expect(COUNTRY_CODE_SET.size).toBe(249);
    expect(COUNTRY_CODES.every((c) => /^[A-Z]{2}$/.test(c))).toBe(true);
    expect([...COUNTRY_CODES].sort()).toEqual(COUNTRY_CODES);
  });

  it.each([['NL'], ['US'], ['SS'], ['BQ'], ['AX'], ['TW'], ['PS']])('includes %s', (code) => {
    expect(COUNTRY_CODE_SET.has(code)).toBe(true);
  });

  it.each([['UK'], ['EU'], ['XK'], ['ZZ'], ['AN'], ['YU'], ['nl']])('excludes %s (reserved, user-assigned or withdrawn)', (code) => {
    expect(COUNTRY_CODE_SET.has(code)).toBe(false);
  });
});

describe('ISO 4217', () => {
  it('lists the 178 codes of List One as published 2026-01-01, uppercase, sorted, unique', () => {
    expect(CURRENCY_CODES).toHaveLength(178);
    expect(CURRENCY_CODES.every((c) => /^[A-Z]{3}$/.test(c))).toBe(true);
    expect(CURRENCY_CODE_SET.size).toBe(CURRENCY_CODES.length);
    expect([...CURRENCY_CODES].sort()).toEqual(CURRENCY_CODES);
  });

  it.each([['EUR'], ['USD'], ['JPY'], ['CHF'], ['SLE'], ['VES'], ['VED'], ['ZWG'], ['XCG'], ['XAD'], ['XOF']])('includes %s', (code) => {
    expect(CURRENCY_CODE_SET.has(code)).toBe(true);
  });

  it.each([['HRK'], ['DEM'], ['ZWL'], ['VEF'], ['MRO'], ['SLL'], ['ANG'], ['CUC'], ['BGN'], ['BTC'], ['eur']])(
    'excludes %s (withdrawn or never assigned)',
    (code) => {
      expect(CURRENCY_CODE_SET.has(code)).toBe(false);
    },
  );
});
