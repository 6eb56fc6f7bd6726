import { describe, expect, it } from 'vitest';
import { CheckCollector } from '../../src/checks/rollup.js';
import { decideVerdict } from '../../src/spec/run-verdict.js';
import { fail, pass, skip } from '../../src/checks/check-verdict.js';
import type { CheckMeta } from '../../src/spec/vocabulary.js';

const req: CheckMeta = { id: 'a.req', title: 'r', level: 'required', spec: 's' };
const rec: CheckMeta = { id: 'a.rec', title: 'w', level: 'recommended', spec: 's' };

describe('roll-up', () => {
  it('the worst occurrence wins and the counts say how many failed', () => {
    const c = new CheckCollector();
    c.add(req, pass('ok', { exchanges: ['x1'] }));
    c.add(req, fail('bad', { exchanges: ['x2'] }));
    c.add(req, pass('ok', { exchanges: ['x3'] }));
    const [r] = c.results();
    expect(r).toMatchObject({ outcome: 'fail', counts: { runs: 3, passed: 2, failed: 1 } });
    expect(r!.message).toContain('1 of 3 evaluations failed');
    expect(r!.evidence.exchanges).toContain('x2');
  });

  it('a failed recommended check is a warning; a level override lowers a required one', () => {
    const c = new CheckCollector();
    c.add(rec, fail('meh'));
    c.add(req, fail('plain http', { level: 'recommended' }));
    expect(c.results().map((r) => r.outcome)).toEqual(['warn', 'warn']);
  });

  it('a declared check that never ran is a blocking skip, not a pass', () => {
    const c = new CheckCollector();
    c.declare(req);
    const [r] = c.results();
    expect(r).toMatchObject({ outcome: 'skip', skipKind: 'blocked' });
    const secure = { candidate: 'https', tlsVerification: true, allowHttp: false } as const;
    expect(decideVerdict({ suites: [{ checks: c.results() }], interrupted: false, scope: 'full', transports: secure }).verdict).toBe('incomplete');
  });

  it('a pass does not hide a blocking skip of the same check', () => {
    const c = new CheckCollector();
    c.add(req, pass('ok'));
    c.add(req, skip('captures missing', 'blocked'));
    expect(c.results()[0]).toMatchObject({ outcome: 'skip', skipKind: 'blocked' });
  });
});
