import { describe, expect, it } from 'vitest';
import { CheckCollector, decideVerdict } from '../../src/checks/rollup.js';
import { fail, harnessError, pass, skip } from '../../src/checks/types.js';
import type { CheckMeta } from '../../src/checks/types.js';

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
    expect(decideVerdict(c.results(), false).verdict).toBe('incomplete');
  });

  it('a pass does not hide a blocking skip of the same check', () => {
    const c = new CheckCollector();
    c.add(req, pass('ok'));
    c.add(req, skip('captures missing', 'blocked'));
    expect(c.results()[0]).toMatchObject({ outcome: 'skip', skipKind: 'blocked' });
  });

  it('verdicts: fail beats everything; error, interruption or an unproven required check make it incomplete', () => {
    const results = (...outs: Array<[CheckMeta, ReturnType<typeof pass>]>) => {
      const c = new CheckCollector();
      for (const [m, v] of outs) c.add(m, v);
      return c.results();
    };
    expect(decideVerdict(results([req, pass('')], [rec, fail('')]), false).verdict).toBe('certified');
    expect(decideVerdict(results([req, fail('')]), false).verdict).toBe('not-certified');
    expect(decideVerdict(results([req, pass('')]), true).verdict).toBe('incomplete');
    expect(decideVerdict(results([req, harnessError('')]), false).verdict).toBe('incomplete');
    expect(decideVerdict(results([req, skip('no capability', 'not-applicable')]), false).verdict).toBe('certified');
    expect(decideVerdict(results([req, skip('no fixture', 'missing-input')]), false).verdict).toBe('incomplete');
    expect(decideVerdict(results([rec, skip('no fixture', 'missing-input')]), false).verdict).toBe('certified');
  });
});
