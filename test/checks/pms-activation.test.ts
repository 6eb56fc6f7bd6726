// pms.property.create-only-activated (cp-activation.2, D-402): without CreateProperty in the
// profile the channel manager has not activated it, and any CreateProperty of the run fails.
import { describe, expect, it } from 'vitest';
import { createPropertyOnlyActivated } from '../../src/checks/code/pms-activation.js';
import type { CodeCheckInput, PmsFacts } from '../../src/checks/code/types.js';
import type { LiveExchange } from '../../src/spec/exchange.js';
import { parseProfile } from '../../src/profile/load-profile.js';

function exchange(id: string, operation: string): LiveExchange {
  const part = { headers: {}, body: '', bytes: 0, truncated: false };
  return {
    record: { id, direction: 'inbound', operation, startedAt: '', durationMs: 1, request: { method: 'POST', url: `/${operation}`, ...part } },
    at: 0,
    request: { ok: true, value: {} },
  };
}

function input(capabilities: string, traffic: LiveExchange[]): CodeCheckInput {
  const profile = parseProfile(
    `target: pms\nbase_url: https://pms.test/cb\nshared_secret: sec-ret-1\npms_cid: abc\nproperty: {pms_property_id: 7, wbp_property_id: "1001", wbp_property_password: pw}\ncapabilities: [${capabilities}]\n`,
    'p.yaml',
    {},
  );
  const pms = { inbound: traffic, ledger: () => undefined, mappedPairs: [], windowStart: 0, windowKey: 'run' } as PmsFacts;
  return { subject: undefined, args: {}, exchanges: [], now: 0, profile, run: { allowHttp: true }, pms, traffic };
}

describe('pms.property.create-only-activated', () => {
  it('fails every CreateProperty when the profile does not declare it (not activated), naming the exchanges', () => {
    const verdict = createPropertyOnlyActivated.run(input('UpdateRoom', [exchange('x3', 'CreateProperty'), exchange('x9', 'CreateProperty')]));
    expect(verdict.status).toBe('fail');
    expect(verdict.message).toContain('2 request(s)');
    expect(verdict.exchanges).toEqual(['x3', 'x9']);
  });

  it('passes when none came while not activated', () => {
    expect(createPropertyOnlyActivated.run(input('UpdateRoom', [])).status).toBe('pass');
  });

  it('is not applicable once the profile declares CreateProperty (activated)', () => {
    const verdict = createPropertyOnlyActivated.run(input('CreateProperty', [exchange('x3', 'CreateProperty')]));
    expect(verdict.status).toBe('skip');
    expect(verdict.skip).toBe('not-applicable');
  });
});
