import { describe, expect, it } from 'vitest';
import { REDACTED, Redactor, redactHeaders } from '../../src/support/redact.js';

describe('redaction', () => {
  const redactor = new Redactor(['s3cr3t-value', 'p@ss"w/rd', 'abc']);

  it('removes known secrets in raw, JSON-escaped and URL-encoded forms', () => {
    expect(redactor.text('x s3cr3t-value y')).toBe(`x ${REDACTED} y`);
    expect(redactor.text(JSON.stringify({ note: 'p@ss"w/rd' }))).not.toContain('p@ss');
    expect(redactor.text(`?q=${encodeURIComponent('p@ss"w/rd')}`)).not.toContain('p%40ss');
  });

  it('removes shared_secret from URLs and secret members from JSON text whatever their value', () => {
    expect(redactor.url('https://h/api/HealthCheck?shared_secret=anything&x=1')).toBe(`https://h/api/HealthCheck?shared_secret=${REDACTED}&x=1`);
    expect(redactor.text('{"shared_secret":"wrong-123","wbp_property_password": "zz","ok":1}')).toBe(`{"shared_secret":"${REDACTED}","wbp_property_password": "${REDACTED}","ok":1}`);
  });

  it('redacts JSON values by key and strings by value, leaving other data intact', () => {
    const out = redactor.json({ shared_secret: 'x', nested: [{ wbp_property_password: 'y', label: 'has s3cr3t-value inside' }], units: 3 });
    expect(out).toEqual({ shared_secret: REDACTED, nested: [{ wbp_property_password: REDACTED, label: `has ${REDACTED} inside` }], units: 3 });
  });

  it('keeps a "__proto__" key as a key when copying JSON', () => {
    const out = redactor.json(JSON.parse('{"__proto__": {"shared_secret": "s"}, "b": 2}')) as Record<string, unknown>;
    expect(Object.keys(out)).toEqual(['__proto__', 'b']);
    expect(JSON.stringify(out)).toBe(`{"__proto__":{"shared_secret":"${REDACTED}"},"b":2}`);
  });

  it('does not substring-redact very short secrets (they would wreck every text)', () => {
    expect(redactor.text('abc is a common word')).toBe('abc is a common word');
    expect(redactor.size).toBe(2);
  });

  it('hides authorization-like headers', () => {
    expect(redactHeaders({ Authorization: 'Bearer t', 'content-type': 'application/json' }, redactor)).toEqual({ Authorization: REDACTED, 'content-type': 'application/json' });
  });
});
