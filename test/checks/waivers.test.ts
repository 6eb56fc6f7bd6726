// Waivers (issue 22 item 4): the file's entries with their file:line, refused when they name a
// transport check, a bad date or an unknown field; applied to failures only, expired ones
// ignored with a note, unused ones reported; and the verdict word certified-with-waivers,
// decided by decideVerdict alone (a partial or insecure run stays what it is).
import { describe, expect, it } from 'vitest';
import { decideVerdict } from '../../src/spec/run-verdict.js';
import { applyWaivers } from '../../src/spec/waivers.js';
import { parseWaivers } from '../../src/profile/waivers.js';
import type { CheckResult, TransportFacts, Waiver } from '../../src/spec/vocabulary.js';
import { ProfileError } from '../../src/support/errors.js';

const SECURE: TransportFacts = { candidate: 'https', tlsVerification: true, allowHttp: false };

function check(id: string, outcome: CheckResult['outcome'], level: CheckResult['level'] = 'required'): CheckResult {
  return {
    id,
    title: id,
    level,
    spec: 'x',
    outcome,
    message: outcome,
    where: {},
    evidence: { exchanges: [], schemaErrors: [] },
    counts: { runs: 1, passed: 0, failed: 0, skipped: 0, errored: 0 },
  };
}

const waiver = (over: Partial<Waiver> = {}): Waiver => ({
  check: 'cancel.repeat.4002',
  reason: 'CM-123, fixed in 4.2',
  approvedBy: 'Dana (onboarding)',
  expires: '2027-01-31',
  at: 'waivers.yaml:2',
  ...over,
});

const FILE = `waivers:
  - check: cancel.repeat.4002
    reason: CM-123, fixed in 4.2
    expires: 2027-01-31
    approved_by: Dana (onboarding)
  - check: ack.listed.success
    suite: ack
    reason: "second"
    expires: "2026-12-01"
    approved_by: Sam
`;

function refusal(text: string): string {
  try {
    parseWaivers(text, '/abs/waivers.yaml', 'waivers.yaml');
  } catch (error) {
    expect(error).toBeInstanceOf(ProfileError);
    return (error as Error).message;
  }
  throw new Error('parsed');
}

describe('the waiver file', () => {
  it('gives each entry with the file:line it is written at', () => {
    expect(parseWaivers(FILE, '/abs/waivers.yaml', 'waivers.yaml')).toEqual([
      waiver({ at: 'waivers.yaml:2:5' }),
      { check: 'ack.listed.success', suite: 'ack', reason: 'second', approvedBy: 'Sam', expires: '2026-12-01', at: 'waivers.yaml:6:5' },
    ]);
  });

  it('refuses a transport check (https.*, tls.*, protocol.transport), naming file:line', () => {
    for (const id of ['https.required', 'protocol.transport', 'tls.anything']) {
      const message = refusal(`waivers:\n  - check: ${id}\n    reason: r\n    expires: 2027-01-01\n    approved_by: a\n`);
      expect(message).toMatch(/^\/abs\/waivers\.yaml:2:\d+ \(waivers\[0\]\.check\): /);
      expect(message).toContain(`${id} is a transport check and cannot be waived`);
    }
  });

  it('refuses a bad date, a missing field, an unknown field and a file that is not a list of waivers', () => {
    expect(refusal('waivers:\n  - check: a.b\n    reason: r\n    expires: 31/12/2027\n    approved_by: a\n')).toContain('must be a date written YYYY-MM-DD');
    expect(refusal('waivers:\n  - check: a.b\n    reason: r\n    expires: 2027-02-30\n    approved_by: a\n')).toContain('must be a date');
    expect(refusal('waivers:\n  - check: a.b\n    reason: r\n    expires: 2027-01-01\n')).toContain('needs approved_by');
    expect(refusal('waivers:\n  - check: a.b\n    reason: r\n    expires: 2027-01-01\n    approved_by: a\n    owner: b\n')).toMatch(
      /:6:\d+ \(waivers\[0\]\.owner\): .*unknown field/,
    );
    expect(refusal('- check: a.b\n')).toContain('a waiver file is a mapping with a list `waivers:`');
  });
});

describe('applying waivers', () => {
  const suites = [{ name: 'cancel', checks: [check('cancel.repeat.4002', 'fail'), check('cancel.flagged', 'pass')] }];

  it('marks a waived failure (its outcome kept), reports an unused waiver and ignores an expired one with a note', () => {
    const applied = applyWaivers(
      suites,
      [waiver(), waiver({ check: 'cancel.flagged', at: 'w:7' }), waiver({ expires: '2026-01-01', at: 'w:12' })],
      '2026-11-21',
    );
    const [failed, passed] = applied.suites[0]!.checks;
    expect(failed).toMatchObject({ outcome: 'fail', waiver: { reason: 'CM-123, fixed in 4.2', approvedBy: 'Dana (onboarding)', expires: '2027-01-31' } });
    expect(passed!.waiver).toBeUndefined();
    expect(applied.records.map((r) => [r.check, r.status, r.suites])).toEqual([
      ['cancel.repeat.4002', 'applied', ['cancel']],
      ['cancel.flagged', 'unused', []],
      ['cancel.repeat.4002', 'expired', []],
    ]);
    expect(applied.notes).toEqual([
      'The waiver for cancel.flagged (w:7) was not used: the check did not fail in this run.',
      'The waiver for cancel.repeat.4002 (w:12) expired on 2026-01-01 and was ignored: its check is judged as it is.',
    ]);
  });

  it('holds through its expiry day and not a day longer; a suite-scoped waiver applies only to its suite', () => {
    expect(applyWaivers(suites, [waiver({ expires: '2026-11-21' })], '2026-11-21').records[0]!.status).toBe('applied');
    expect(applyWaivers(suites, [waiver({ expires: '2026-11-20' })], '2026-11-21').records[0]!.status).toBe('expired');
    expect(applyWaivers(suites, [waiver({ suite: 'other' })], '2026-11-21').records[0]!.status).toBe('unused');
  });

  it('never marks an error, a skip or a transport check', () => {
    const odd = [{ name: 's', checks: [check('a.x', 'error'), check('b.x', 'skip'), check('https.required', 'fail')] }];
    const applied = applyWaivers(odd, [waiver({ check: 'a.x' }), waiver({ check: 'b.x' }), waiver({ check: 'https.required' })], '2026-11-21');
    expect(applied.suites[0]!.checks.every((c) => c.waiver === undefined)).toBe(true);
  });
});

describe('certified-with-waivers, decided by decideVerdict only', () => {
  const facts = (checks: CheckResult[], over: object = {}) => ({
    suites: [{ checks }],
    interrupted: false,
    scope: 'full' as const,
    transports: SECURE,
    ...over,
  });
  const waived = { ...check('cancel.repeat.4002', 'fail'), waiver: { reason: 'r', approvedBy: 'a', expires: '2027-01-01' } };

  it('is the word when every required failure is waived; any unwaived failure keeps it not-certified', () => {
    expect(decideVerdict(facts([waived, check('b', 'pass')]))).toEqual({
      verdict: 'certified-with-waivers',
      reasons: ['1 required check(s) failed and are accepted by a waiver (cancel.repeat.4002)'],
    });
    expect(decideVerdict(facts([waived, check('b', 'fail')])).verdict).toBe('not-certified');
    expect(decideVerdict(facts([waived, check('b', 'error')])).verdict).toBe('incomplete');
  });

  it('a partial or insecure run with waivers certifies nothing, as without', () => {
    expect(decideVerdict(facts([waived], { scope: 'partial' })).verdict).toBe('passed-partial');
    expect(decideVerdict(facts([waived], { transports: { ...SECURE, candidate: 'http' } })).verdict).toBe('passed-insecure');
  });
});
