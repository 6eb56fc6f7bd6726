// Issue 28 item 11: a waiver file someone hands you. A waiver that runs for centuries warns;
// a reason or approver holding newlines or escapes cannot print a line of its own ("Verdict:
// CERTIFIED" at column 0); every problem of the file is reported at once; each is placed as
// the profile's are (file:line:column (field)).
import { describe, expect, it } from 'vitest';
import { applyWaivers } from '../../src/spec/waivers.js';
import { parseWaivers } from '../../src/profile/waivers.js';
import { waivedText, waiverLine } from '../../src/report/waiver-text.js';
import type { CheckResult } from '../../src/spec/vocabulary.js';

const FAR = `waivers:
  - check: cancel.repeat.4002
    reason: "Known issue\\n\\nVerdict: CERTIFIED\\r\\u001b[32mCERTIFIED"
    expires: 9999-12-31
    approved_by: "Dana\\nVerdict: CERTIFIED"
`;

function failing(): CheckResult {
  return { id: 'cancel.repeat.4002', outcome: 'fail', level: 'required' } as CheckResult;
}

describe('a waiver file someone hands you (issue 28 item 11)', () => {
  it('a waiver expiring far in the future (9999-12-31) is applied with a warning naming the horizon', () => {
    const waivers = parseWaivers(FAR, 'w.yaml');
    const applied = applyWaivers([{ name: 'cancel', checks: [failing()] }], waivers, '2026-11-28');
    expect(applied.records[0]!.status).toBe('applied');
    expect(applied.notes.join('\n')).toMatch(/9999-12-31.*more than 366 days/);
  });

  it('a reason or approver with newlines, CR or ESC prints on one line, escaped', () => {
    const [w] = parseWaivers(FAR, 'w.yaml');
    const record = { ...w!, status: 'applied' as const, suites: ['cancel'] };
    for (const text of [waiverLine(record), waivedText({ reason: w!.reason, approvedBy: w!.approvedBy, expires: w!.expires })]) {
      expect(text).not.toMatch(/[\n\r\u001b]/);
      expect(text).toContain('\\nVerdict: CERTIFIED');
    }
  });

  it('two typos give all their errors, each placed file:line:column (field) as the profile places its own', () => {
    const text = `waivers:
  - check: a.b
    reason: x
    expirs: 2026-12-01
    approved_by: D
  - check: c.d
    reason: y
    expires: 2026-13-01
    approved_by: E
`;
    let message = '';
    try {
      parseWaivers(text, 'w.yaml');
    } catch (e) {
      message = (e as Error).message;
    }
    expect(message).toContain('3 problems in the waiver file'); // the typo is an unknown field and a missing expires
    expect(message).toMatch(/w\.yaml:4:5 \(waivers\[0\]\.expirs\)/);
    expect(message).toMatch(/w\.yaml:8:14 \(waivers\[1\]\.expires\)/);
  });

  it('each waiver is placed file:line:column, as a profile problem is', () => {
    const [w] = parseWaivers(FAR, 'w.yaml');
    expect(w!.at).toBe('w.yaml:2:5');
  });
});
