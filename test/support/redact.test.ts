import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { REDACTED, Redactor, redactHeaders, wrongCredential } from '../../src/support/redact.js';
import { cutText } from '../../src/support/cut.js';

describe('redaction', () => {
  const redactor = new Redactor(['s3cr3t-value', 'p@ss"w/rd', 'abc']);

  it('removes known secrets in raw, JSON-escaped and URL-encoded forms', () => {
    expect(redactor.text('x s3cr3t-value y')).toBe(`x ${REDACTED} y`);
    expect(redactor.text(JSON.stringify({ note: 'p@ss"w/rd' }))).not.toContain('p@ss');
    expect(redactor.text(`?q=${encodeURIComponent('p@ss"w/rd')}`)).not.toContain('p%40ss');
  });

  it("removes a secret form-encoded as URLSearchParams writes it (!'()~ escaped, a space as +), whole", () => {
    const chars = fc.constantFrom('a', 'b', 'Z', '9', '!', "'", '(', ')', '~', ' ', '*', '-', '.', '_', '&', '%', '/', 'é', '€');
    fc.assert(
      fc.property(fc.array(chars, { minLength: 8, maxLength: 24 }), (parts) => {
        const secret = parts.join('');
        const form = new URLSearchParams({ q: secret }).toString();
        return new Redactor([secret]).text(form) === `q=${REDACTED}`;
      }),
      { numRuns: 300 },
    );
  });

  it('removes shared_secret from URLs and secret members from JSON text whatever their value', () => {
    expect(redactor.url('https://h/api/HealthCheck?shared_secret=anything&x=1')).toBe(`https://h/api/HealthCheck?shared_secret=${REDACTED}&x=1`);
    expect(redactor.text('{"shared_secret":"wrong-123","wbp_property_password": "zz","ok":1}')).toBe(
      `{"shared_secret":"${REDACTED}","wbp_property_password": "${REDACTED}","ok":1}`,
    );
  });

  it('redacts JSON values by key and strings by value, leaving other data intact', () => {
    const out = redactor.json({ shared_secret: 'x', nested: [{ wbp_property_password: 'y', label: 'has s3cr3t-value inside' }], units: 3 });
    expect(out).toEqual({ shared_secret: REDACTED, nested: [{ wbp_property_password: REDACTED, label: `has ${REDACTED} inside` }], units: 3 });
  });

  it('shows a credential the harness made up to be wrong, so a reproduction sends it; a real secret of that form still goes', () => {
    const wrong = wrongCredential();
    expect(wrong).toMatch(/^wrong-[0-9a-f]{12}$/);
    expect(wrongCredential()).not.toBe(wrong);
    expect(redactor.url(`https://h/api/GetRoomTypes?shared_secret=${wrong}&x=1`)).toBe(`https://h/api/GetRoomTypes?shared_secret=${wrong}&x=1`);
    expect(redactor.text(`{"wbp_property_password":"${wrong}","shared_secret":"s"}`)).toBe(
      `{"wbp_property_password":"${wrong}","shared_secret":"${REDACTED}"}`,
    );
    expect(redactor.json({ wbp_property_password: wrong, shared_secret: 'x' })).toEqual({ wbp_property_password: wrong, shared_secret: REDACTED });
    // Only the exact form: a longer or upper-case value is redacted by its key as before.
    expect(redactor.json({ wbp_property_password: `${wrong}0`, other_password: wrong.toUpperCase() })).toEqual({
      wbp_property_password: REDACTED,
      other_password: REDACTED,
    });
    // A profile whose real secret has that form: removed by its value wherever it stands.
    const unlucky = new Redactor(['wrong-0123456789ab']);
    expect(unlucky.json({ wbp_property_password: 'wrong-0123456789ab' })).toEqual({ wbp_property_password: REDACTED });
    expect(unlucky.url('https://h/x?shared_secret=wrong-0123456789ab')).not.toContain('0123456789ab');
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

  it('keeps every header, a "__proto__" one as a member, in order', () => {
    const headers = JSON.parse('{"x-a": "1", "__proto__": "s3cr3t-value", "cookie": "c", "x-b": "p@ss\\"w/rd"}') as Record<string, string>;
    const out = redactHeaders(headers, redactor);
    expect(Object.keys(out)).toEqual(['x-a', '__proto__', 'cookie', 'x-b']);
    expect(JSON.stringify(out)).toBe(`{"x-a":"1","__proto__":"${REDACTED}","cookie":"${REDACTED}","x-b":"${REDACTED}"}`);
  });

  it('hides authorization-like headers', () => {
    expect(redactHeaders({ Authorization: 'Bearer t', 'content-type': 'application/json' }, redactor)).toEqual({
      Authorization: REDACTED,
      'content-type': 'application/json',
    });
  });
});

describe('Redactors of the same secrets (one search kept per sequence of secrets)', () => {
  it('each Redactor removes its own secrets and only those, however the secrets were given, added and reused', () => {
    const one = 'alpha-7Qx-bravo-22';
    const two = 'zulu-93k-yankee-55';
    const text = `a ${one} b ${two} c ${[...one].reverse().join('')}`;
    const both = `a ${REDACTED} b ${REDACTED} c ${REDACTED}`;
    const onlyOne = `a ${REDACTED} b ${two} c ${REDACTED}`;
    const onlyTwo = `a ${one} b ${REDACTED} c ${[...one].reverse().join('')}`;
    const first = new Redactor([one]);
    expect(first.text(text)).toBe(onlyOne);
    const grown = new Redactor([one]);
    grown.addSecret(two);
    expect(grown.text(text)).toBe(both);
    // The earlier Redactor of the same first secret gained nothing from the later one's addSecret.
    expect(first.text(text)).toBe(onlyOne);
    expect(new Redactor([one]).text(text)).toBe(onlyOne);
    expect(new Redactor([two]).text(text)).toBe(onlyTwo);
    expect(new Redactor([two, one]).text(text)).toBe(both);
    expect(new Redactor([one, two]).excerpt(`${text} ${one.slice(0, 5)}`, true, text.length + 4).text).toBe(`${both} ${REDACTED}`);
  });
});

describe('sealed records (redacted once, where they were built)', () => {
  it('keeps a sealed record as it is (same reference) and still copies and redacts what is around it', () => {
    const redactor = new Redactor(['s3cr3t-value']);
    const record = redactor.seal({ url: redactor.url('https://h/api/X?shared_secret=s3cr3t-value'), body: redactor.text('{"a":1}') });
    const out = redactor.json({ exchanges: [record], note: 'leak s3cr3t-value' }) as { exchanges: unknown[]; note: string };
    expect(out.exchanges[0]).toBe(record);
    expect(out.note).toBe(`leak ${REDACTED}`);
    expect(JSON.stringify(out)).not.toContain('s3cr3t-value');
  });

  it('redacts a sealed record again once a secret was added after it was sealed', () => {
    const redactor = new Redactor(['s3cr3t-value']);
    const record = redactor.seal({ body: 'issued later: n3w-password-9' });
    redactor.addSecret('n3w-password-9', "the PMS's password");
    const out = redactor.json([record]) as Array<{ body: string }>;
    expect(out[0]).not.toBe(record);
    expect(out[0]!.body).toBe(`issued later: ${REDACTED}`);
  });

  it('does not keep an object that was never sealed, even one equal to a sealed one', () => {
    const redactor = new Redactor(['s3cr3t-value']);
    redactor.seal({ body: 'x' });
    const out = redactor.json({ body: 's3cr3t-value' }) as { body: string };
    expect(out.body).toBe(REDACTED);
  });
});

/** Over generated texts and every limit: cut() of a redacted text gives what a whole pass over its cut gives. */
function expectCutAsWholePass(redactor: Redactor, texts: fc.Arbitrary<string>, numRuns: number): void {
  fc.assert(
    fc.property(texts, fc.nat(1_000), (text, limit) => {
      const redacted = redactor.text(text);
      const max = 1 + (limit % (redacted.length + 2));
      return redactor.cut(redacted, max) === redactor.text(cutText(redacted, max));
    }),
    { numRuns },
  );
}

describe('Redactor on generated texts', () => {
  const secrets = ['s3cr&t=/+?"x', 'pa55word-ÄÖ', 'tok'];
  const noise = fc.constantFrom('"', ':', ' ', '\\', '?', '&', ';', '=', '#', 'a', '_', '-', '{', '}', ',', 'x', 'passw', 'secre', 'tok', '…');
  const word = fc.constantFrom(
    'shared_secret',
    'SECRET',
    'Password',
    'passwd',
    'token',
    'Authorization',
    'api_key',
    'apikey',
    'api-Key',
    'label',
    'rate',
    'id',
  );
  const value = fc.constantFrom(
    's3cr&t=/+?"x',
    's3cr%26t%3D%2F%2B%3F%22x',
    's3cr%26t%3d%2f%2b%3f%22x',
    's3cr\\u0026t=\\/+?\\"x',
    'pa55word-ÄÖ',
    'tok',
    'plain',
    'a\\"b',
    '',
  );
  const affix = fc.constantFrom('', 'x_', 'wbp_', '_id', '-2');
  const member = fc.tuple(affix, word, affix, fc.constantFrom(':', ' : ', ':\t', ''), value).map(([a, w, b, sep, v]) => `"${a}${w}${b}"${sep}"${v}"`);
  const param = fc
    .tuple(fc.constantFrom('?', '&', ';', ''), affix, word, fc.constantFrom('=', ''), value)
    .map(([lead, a, w, eq, v]) => `${lead}${a}${w}${eq}${v}`);
  const texts = fc.array(fc.oneof(member, param, noise, value), { maxLength: 12 }).map((parts) => parts.join(''));

  it('no known secret survives in any generated text, and redacting again changes nothing (3,000 texts)', () => {
    const redactor = new Redactor(secrets);
    fc.assert(
      fc.property(texts, (text) => {
        const out = redactor.text(text);
        return !out.includes('s3cr&t') && !out.includes('pa55word-ÄÖ') && !out.includes('s3cr%26t') && redactor.text(out) === out;
      }),
      { numRuns: 3_000 },
    );
  });

  it('leaves a text with no secret value and no secret name as it is', () => {
    const redactor = new Redactor(secrets);
    const plain = fc.array(fc.constantFrom('"', ':', ' ', '?', '&', '=', 'a', 'rate', 'id', '{', '}', '…'), { maxLength: 30 }).map((p) => p.join(''));
    fc.assert(
      fc.property(plain, (text) => redactor.text(text) === text),
      { numRuns: 1_000 },
    );
  });

  it('before a cut: 3 characters of the secret as it reads are redacted, of an encoded form only 8 (found by fast-check: "rateaa…")', () => {
    const redactor = new Redactor(secrets);
    // "eAA" starts the base64 of the secret's UTF-16LE bytes reversed: innocent text, left as it is.
    expect(redactor.text('rateaa…')).toBe('rateaa…');
    expect(redactor.text('key s3c…')).toBe('key [redacted]…');
    const base64 = Buffer.from('s3cr&t=/+?"x', 'utf8').toString('base64');
    expect(redactor.text(`v=${base64.slice(0, 8)}…`)).toBe('v=[redacted]…');
    expect(redactor.text(`v=${base64.slice(0, 5)}…`)).toBe(`v=${base64.slice(0, 5)}…`);
  });

  it('cut(redacted, max) is text(cutText(redacted, max)): the fast cut of an already-redacted text redacts as a whole pass would (4,000 texts and limits)', () => {
    const redactor = new Redactor(secrets);
    const long = fc.array(fc.oneof(member, param, noise, value), { minLength: 4, maxLength: 30 }).map((parts) => parts.join(''));
    expectCutAsWholePass(redactor, long, 4_000);
    // A secret's start left at the cut is redacted (D-183), as the whole pass redacts it.
    const text = redactor.text('{"label":"key s3cZZZZZZZZ"}');
    expect(redactor.cut(text, 18)).toBe(`{"label":"key ${REDACTED}…`);
    expect(redactor.text(cutText(text, 18))).toBe(`{"label":"key ${REDACTED}…`);
  });

  it('cut() of a text whose cut makes a secret holding the cut mark whole redacts it, as the whole pass does', () => {
    // The cut adds only its mark: a secret ending in "…" is made whole by the cut itself.
    const redactor = new Redactor(['wait…', 'k3y…z']);
    const texts = fc.array(fc.constantFrom('wait', 'k3y', 'z', ' ', '…', 'a', '"', ':'), { minLength: 1, maxLength: 20 }).map((p) => p.join(''));
    expectCutAsWholePass(redactor, texts, 2_000);
    expect(redactor.cut(redactor.text('please waitress'), 'please wait'.length + 1)).toBe(`please ${REDACTED}`);
  });

  it('still redacts a member, a query parameter and a known value in one text', () => {
    const redactor = new Redactor(secrets);
    const text = '{"x_api_key": "abc", "u":"https://h/p?Shared_Secret=zz&ok=1", "v":"pa55word-ÄÖ"}';
    expect(redactor.text(text)).toBe('{"x_api_key": "[redacted]", "u":"https://h/p?Shared_Secret=[redacted]&ok=1", "v":"[redacted]"}');
  });
});
