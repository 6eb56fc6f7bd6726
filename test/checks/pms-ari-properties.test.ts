// pms.callback.ari-full-refresh-every-property (cb-ari-full-refresh-ident.2, D-400): a refresh
// by wbp_property_id comes from every PMS property the profile maps to it, each in full for the
// pairs it holds; the core and the judge take the other PMS ids as the property's own.
import { describe, expect, it } from 'vitest';
import { AriLedger } from '../../src/checks/ari-ledger.js';
import { ariRefreshEveryProperty } from '../../src/checks/code/pms-ari-properties.js';
import type { CodeCheckInput, PmsFacts } from '../../src/checks/code/types.js';
import { readEnvelope, wrongCredentials } from '../../src/spec/envelope-facts.js';
import { parseProfile } from '../../src/profile/load-profile.js';
import { ProfileError } from '../../src/support/errors.js';

const START = Date.parse('2027-01-01T00:00:00Z');
const YEAR_END = '2027-12-31';
const PAIRS = [
  { room: 'A', rate: 'R' },
  { room: 'B', rate: 'R' },
];

function profile(others?: string): ReturnType<typeof parseProfile> {
  const extra = others === undefined ? '' : `, other_pms_property_ids: ${others}`;
  return parseProfile(
    `target: pms\nbase_url: https://pms.test/cb\nshared_secret: sec-ret-1\npms_cid: abc\nproperty: {pms_property_id: 7, wbp_property_id: "1001", wbp_property_password: pw${extra}}\n`,
    'p.yaml',
    {},
  );
}

const item = (room: string, end = YEAR_END) => ({ wbp_room_id: room, wbp_rate_id: 'R', start_date: '2027-01-01', end_date: end, units: 2, rate: '80.00' });

/** The window's ledger per pms_property_id: each entry the items that property sent (its first at `firstAt`, default the window's start). */
function input(sent: Record<number, unknown[]>, others = '[8]', firstAt: Record<number, number> = {}): CodeCheckInput {
  const ledgers = new Map<number, AriLedger>();
  for (const [id, items] of Object.entries(sent)) {
    const ledger = new AriLedger(firstAt[Number(id)] ?? START);
    ledger.ingest(`x-${id}`, { currency: 'EUR', Inventory: items });
    ledgers.set(Number(id), ledger);
  }
  const pms = {
    inbound: [],
    ledger: () => undefined,
    propertyLedger: (_key: string, id: number) => ledgers.get(id),
    mappedPairs: PAIRS,
    windowStart: START,
    windowKey: 'refresh-by-wbp-id',
  } as PmsFacts;
  return { subject: undefined, args: {}, exchanges: [], now: START, profile: profile(others), run: { allowHttp: true }, pms };
}

describe('pms.callback.ari-full-refresh-every-property', () => {
  it('is not applicable when the profile maps one PMS property to wbp_property_id', () => {
    const verdict = ariRefreshEveryProperty.run({ ...input({ 7: [item('A'), item('B')] }), profile: profile() });
    expect(verdict.status).toBe('skip');
    expect(verdict.skip).toBe('not-applicable');
    expect(verdict.message).toContain('other_pms_property_ids');
  });

  it('passes when each property re-sends the pairs it holds for a year (the rooms may be split between them)', () => {
    const verdict = ariRefreshEveryProperty.run(input({ 7: [item('A')], 8: [item('B')] }));
    expect(verdict.status, verdict.message).toBe('pass');
    expect(verdict.message).toContain('7, 8');
  });

  it('fails naming the property that sent nothing in its pms_property_id', () => {
    const verdict = ariRefreshEveryProperty.run(input({ 7: [item('A'), item('B')] }));
    expect(verdict.status).toBe('fail');
    expect(verdict.message).toContain('8: no ARIUpdate');
    expect(verdict.message).not.toMatch(/\b7:/);
  });

  it('fails a property whose refresh stops short of a year', () => {
    const verdict = ariRefreshEveryProperty.run(input({ 7: [item('A')], 8: [item('B', '2027-06-30')] }));
    expect(verdict.status).toBe('fail');
    expect(verdict.message).toContain('8: 1 of 1 pair(s) short of 2027-12-31');
  });

  it('counts the own id of the property listed among the others once', () => {
    const verdict = ariRefreshEveryProperty.run(input({ 7: [item('A')], 8: [item('B')] }, '[7, 8]'));
    expect(verdict.status, verdict.message).toBe('pass');
    expect(verdict.message).toContain('each of the 2 PMS properties 7, 8');
  });

  it("owes a property whose refresh began after midnight its ARI from that day, and no other property's (D-400)", () => {
    // The window opened on 2027-01-01; property 8 began its refresh on 2027-01-02 and sent from that day.
    const nextDay = START + 86_400_000 + 60_000;
    const fromNextDay = (room: string, end: string) => ({ ...item(room, end), start_date: '2027-01-02' });
    const late = ariRefreshEveryProperty.run(input({ 7: [item('A')], 8: [fromNextDay('B', '2028-01-01')] }, '[8]', { 8: nextDay }));
    expect(late.status, late.message).toBe('pass');
    // A year from its own day: ending at the window's year end leaves it short of 2028-01-01.
    const short = ariRefreshEveryProperty.run(input({ 7: [item('A')], 8: [fromNextDay('B', YEAR_END)] }, '[8]', { 8: nextDay }));
    expect(short.status).toBe('fail');
    expect(short.message).toContain('8: 1 of 1 pair(s) short of 2028-01-01');
    // Sent on the window's day, the same refresh owes the window's day: the first night missing fails it.
    const sameDay = ariRefreshEveryProperty.run(input({ 7: [item('A')], 8: [fromNextDay('B', '2028-01-01')] }));
    expect(sameDay.status).toBe('fail');
    expect(sameDay.message).toContain('first gap 2027-01-01..2027-01-01');
  });

  it('checks every listed property, not only the second', () => {
    const verdict = ariRefreshEveryProperty.run(input({ 7: [item('A')], 8: [item('B')] }, '[8, 9]'));
    expect(verdict.status).toBe('fail');
    expect(verdict.message).toContain('9: no ARIUpdate');
  });
});

describe('other_pms_property_ids', () => {
  const property = { pms_property_id: 7, wbp_property_id: '1001', wbp_property_password: 'pw', other_pms_property_ids: [8] };
  const body = (pmsId: unknown) => ({ pms_property_id: pmsId, wbp_property_id: '1001', wbp_property_password: 'pw' });
  const wrong = (given: Record<string, unknown>, issued: typeof property): string[] =>
    wrongCredentials(readEnvelope({ operation: 'ARIUpdate', query: {}, body: given }, { sharedSecret: 's', property: issued }));

  it('makes the other PMS ids the property credentials, for the core and the judge alike', () => {
    expect(wrong(body(7), property)).toEqual([]);
    expect(wrong(body(8), property)).toEqual([]);
    expect(wrong(body('8'), property)).toEqual([]);
    expect(wrong(body(9), property)).toEqual(['pms_property_id']);
    expect(wrong(body(8), { ...property, other_pms_property_ids: [] })).toEqual(['pms_property_id']);
  });

  it('is a list of distinct positive integers in the profile', () => {
    expect(profile('[8, 9]').property.other_pms_property_ids).toEqual([8, 9]);
    expect(() => profile('[0]')).toThrow(ProfileError);
    expect(() => profile('[8, 8]')).toThrow(ProfileError);
    expect(() => profile('["8"]')).toThrow(ProfileError);
  });
});
