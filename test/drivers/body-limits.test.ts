// Evidence records of bodies: a body within the limit is kept whole; a cut one is kept
// redacted, at most the limit, without the cut mark (its `truncated` says it was cut), a
// secret's start left by the cut redacted, whatever the body's characters.
import { describe, expect, it } from 'vitest';
import { messageRecord } from '../../src/drivers/body-limits.js';
import { CUT_MARK } from '../../src/support/cut.js';
import { Redactor } from '../../src/support/redact.js';

const secret = 'Body-Limit-Secret-0123456789';
const redactor = new Redactor([secret]);
const bytes = (text: string): Uint8Array => new TextEncoder().encode(text);

describe('messageRecord', () => {
  it('keeps a body within the limit whole, redacted, not truncated', () => {
    const record = messageRecord({}, bytes(`{"a":"${secret}"}`), 100, redactor);
    expect(record).toEqual({ headers: {}, body: '{"a":"[redacted]"}', bytes: 36, truncated: false });
  });

  it('keeps a cut ASCII body without the cut mark, at most the limit', () => {
    const text = `{"pad":"${'x'.repeat(5000)}"}`;
    const record = messageRecord({}, bytes(text), 1000, redactor);
    expect(record.truncated).toBe(true);
    expect(record.bytes).toBe(text.length);
    expect(record.body).toBe(text.slice(0, 1000));
    expect(record.body).not.toContain(CUT_MARK);
  });

  it('never keeps the start of a secret the cut falls in, in ASCII and in wide text alike', () => {
    for (const pad of ['y'.repeat(990), '€'.repeat(330)]) {
      const text = `${pad}${secret}${'z'.repeat(3000)}`;
      const limit = pad.length + 8;
      const record = messageRecord({}, bytes(text), limit, redactor);
      expect(record.truncated).toBe(true);
      // Redacted before the cut: the cut falls in the replacement, never in the secret.
      expect(record.body).toMatch(/^(y+|€+)\[redact/);
      expect(record.body).not.toContain(CUT_MARK);
      expect(record.body).not.toContain('Body-Lim');
    }
  });
});
