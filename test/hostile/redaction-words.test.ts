// Issue 28 item 14 (the outsider count named "no-shared-secret" was [redacted] in
// report.json) and left-weak 2e (a secret in lower case, or half of one, was kept): the
// redactor takes a count under a key that names an absence as the count it is, and removes
// any long enough run of a secret, in any letter case, wherever it stands.
import { describe, expect, it } from 'vitest';
import { REDACTED, Redactor } from '../../src/support/redact.js';

const SECRETS = ['Crafted-Secret/9f&<q>"z+x', 'sk-live-9f8e7d6c5b4a3921', 'Harbour-Pa55word!'];

describe('what the redactor removes and keeps', () => {
  const r = new Redactor(SECRETS);

  it('keeps a count under a key that names an absence ("no-shared-secret": 3), still removes every secret-named value', () => {
    const out = r.json({
      byKind: { 'no-shared-secret': 3, 'other-channel': 1, 'missing-password': 0 },
      shared_secret: 'abc',
      password: 123456,
      client_secret: 42,
      no_token: 'eyJ.x.y',
    }) as Record<string, unknown>;
    expect(out.byKind).toEqual({ 'no-shared-secret': 3, 'other-channel': 1, 'missing-password': 0 });
    expect(out.shared_secret).toBe(REDACTED);
    expect(out.password).toBe(REDACTED);
    expect(out.client_secret).toBe(REDACTED);
    // A string under such a key may still be a secret: only a count or a flag is kept.
    expect(out.no_token).toBe(REDACTED);
  });

  it('removes a secret in lower or upper case, and any half of one (its first, last or middle half), inside other text', () => {
    for (const s of SECRETS) {
      const half = Math.ceil(s.length / 2);
      const parts = [s.toLowerCase(), s.toUpperCase(), s.slice(0, half), s.slice(-half), s.slice(2, 2 + half), s.slice(0, half).toLowerCase()];
      for (const part of parts) {
        const text = r.text(`answer: ${part} end`);
        expect(text, `${s} → ${part}`).not.toContain(part);
        expect(text).toContain(REDACTED);
      }
    }
  });

  it('leaves text that shares only a few characters with a secret', () => {
    for (const text of ['sk-live', 'Harbour', 'Crafted', 'GetBookingList 9f8e', 'the live rate is 9f']) expect(r.text(text)).toBe(text);
  });
});
