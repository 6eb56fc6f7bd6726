import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
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

describe('Redactor fast paths', () => {
  // The redaction before the substring and secret-word pre-checks: every pattern on every text.
  const QUERY = /([?&;](?:shared_secret|[a-z_]*(?:password|token|secret)[a-z_]*)=)[^&#\s"']*/gi;
  const MEMBER = /("(?:[A-Za-z0-9_-]*(?:secret|password|passwd|token|authorization|api[-_]?key)[A-Za-z0-9_-]*)"\s*:\s*)"(?:[^"\\]|\\.)*"/gi;
  const secrets = ['s3cr&t=/+?"x', 'pa55word-ÄÖ', 'tok'];
  function everyPattern(input: string): string {
    const forms = secrets
      .filter((s) => s.length >= 4)
      .flatMap((s) => [s, JSON.stringify(s).slice(1, -1), encodeURIComponent(s), new URLSearchParams({ s }).toString().slice(2)])
      .sort((a, b) => b.length - a.length);
    const literal = new RegExp(forms.map((f) => f.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|'), 'g');
    return input.replace(literal, '[redacted]').replace(QUERY, '$1[redacted]').replace(MEMBER, '$1"[redacted]"');
  }
  const noise = fc.constantFrom('"', ':', ' ', '\\', '?', '&', ';', '=', '#', 'a', '_', '-', '{', '}', ',', 'x', 'passw', 'secre', 'tok');
  const word = fc.constantFrom('shared_secret', 'SECRET', 'Password', 'passwd', 'token', 'Authorization', 'api_key', 'apikey', 'api-Key', 'label', 'rate', 'id');
  const value = fc.constantFrom('s3cr&t=/+?"x', 's3cr%26t%3D%2F%2B%3F%22x', 'pa55word-ÄÖ', 'tok', 'plain', 'a\\"b', '');
  const affix = fc.constantFrom('', 'x_', 'wbp_', '_id', '-2');
  // A JSON member, a query parameter or noise: each pattern is met both where it matches and where it nearly does.
  const member = fc.tuple(affix, word, affix, fc.constantFrom(':', ' : ', ':\t', ''), value).map(([a, w, b, sep, v]) => `"${a}${w}${b}"${sep}"${v}"`);
  const param = fc.tuple(fc.constantFrom('?', '&', ';', ''), affix, word, fc.constantFrom('=', ''), value).map(([lead, a, w, eq, v]) => `${lead}${a}${w}${eq}${v}`);
  const texts = fc.array(fc.oneof(member, param, noise, value), { maxLength: 12 }).map((parts) => parts.join(''));

  it('gives exactly what running every pattern on every text gives (3,000 generated texts)', () => {
    const redactor = new Redactor(secrets);
    fc.assert(fc.property(texts, (text) => redactor.text(text) === everyPattern(text)), { numRuns: 3_000 });
  });

  it('still redacts a member, a query parameter and a known value in one text', () => {
    const redactor = new Redactor(secrets);
    const text = '{"x_api_key": "abc", "u":"https://h/p?Shared_Secret=zz&ok=1", "v":"pa55word-ÄÖ"}';
    expect(redactor.text(text)).toBe('{"x_api_key": "[redacted]", "u":"https://h/p?Shared_Secret=[redacted]&ok=1", "v":"[redacted]"}');
  });
});
