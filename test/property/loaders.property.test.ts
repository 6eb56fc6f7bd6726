// Property-based: no input makes the suite loader, the profile loader or the template
// engine throw anything but their own named errors (which the CLI turns into exit 2
// with file, line and field).
import fc from 'fast-check';
import { stringify } from 'yaml';
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { parseSuite } from '../../src/suite/parse-suite.js';
import { parseProfile } from '../../src/profile/load-profile.js';
import { ProfileError, SuiteError } from '../../src/support/errors.js';
import { MissingValueError, TemplateValueError, render, renderString } from '../../src/suite/template.js';
import { TemplateSyntaxError, parseTemplateString } from '../../src/suite/template-parser.js';

const RUNS = 400;
const VALID_SUITE = readFileSync('suites/ota/50-booking-polling.yaml', 'utf8');
const VALID_PROFILE = readFileSync('fixtures/profiles/reference-ota.yaml', 'utf8');

/** A valid document with lines dropped, duplicated, or spliced with generated text. */
function mutated(base: string): fc.Arbitrary<string> {
  const lines = base.split('\n');
  return fc
    .array(fc.tuple(fc.nat(lines.length - 1), fc.constantFrom('drop', 'dup', 'splice', 'indent'), fc.string({ unit: 'binary', maxLength: 30 })), {
      maxLength: 6,
    })
    .map((edits) => {
      const out = [...lines];
      for (const [at, kind, text] of edits) {
        const i = Math.min(at, out.length - 1);
        if (kind === 'drop') out.splice(i, 1);
        else if (kind === 'dup') out.splice(i, 0, out[i] ?? '');
        else if (kind === 'indent') out[i] = `  ${out[i] ?? ''}`;
        else out[i] = `${(out[i] ?? '').slice(0, text.length % 20)}${text}`;
      }
      return out.join('\n');
    });
}

const anyYaml = fc.anything({ maxDepth: 4 }).map((v) => {
  try {
    return stringify(v) ?? '';
  } catch {
    return String(v);
  }
});

const documents = (base: string) => fc.oneof(fc.string({ unit: 'binary', maxLength: 300 }), anyYaml, mutated(base));

function onlyNamedErrors(fn: () => unknown, allowed: Array<new (...a: never[]) => Error>): void {
  try {
    fn();
  } catch (error) {
    if (!allowed.some((E) => error instanceof E)) throw error;
  }
}

describe('property: loaders never crash', () => {
  it('parseSuite: a Suite or a SuiteError naming the file', () => {
    fc.assert(
      fc.property(documents(VALID_SUITE), (text) => {
        try {
          parseSuite(text, 'fuzz.yaml');
        } catch (error) {
          expect(error).toBeInstanceOf(SuiteError);
          expect((error as SuiteError).location?.file).toBe('fuzz.yaml');
        }
      }),
      { numRuns: RUNS },
    );
  });

  it('parseProfile: a Profile or a ProfileError naming the file, whatever the environment', () => {
    const env = fc.dictionary(
      fc.constantFrom('CM_SHARED_SECRET', 'CM_PROPERTY_PASSWORD', 'CM_OTHER_PASSWORD', 'CM_REFERENCE_URL', 'X'),
      fc.string({ maxLength: 40 }),
    );
    fc.assert(
      fc.property(documents(VALID_PROFILE), env, (text, vars) => {
        try {
          parseProfile(text, 'fuzz-profile.yaml', vars);
        } catch (error) {
          expect(error).toBeInstanceOf(ProfileError);
          expect((error as ProfileError).location?.file).toBe('fuzz-profile.yaml');
        }
      }),
      { numRuns: RUNS },
    );
  });

  it('the valid documents themselves still load (the mutations start from working files)', () => {
    expect(parseSuite(VALID_SUITE, 'x').steps.length).toBeGreaterThan(3);
    expect(() => parseProfile(VALID_PROFILE, 'x', {})).not.toThrow();
  });
});

const templateText = fc.oneof(
  fc.string({ maxLength: 60 }),
  fc
    .array(
      fc.oneof(
        fc.constantFrom(
          '${',
          '}',
          '$${',
          'today',
          'now',
          '+',
          '-',
          '30d',
          '4m59s',
          '(',
          ')',
          ',',
          '.',
          '[0]',
          "'x'",
          'guid()',
          'version(',
          'int(',
          'captures.',
          'profile.a',
          'earliest(',
          'pick(',
          '9',
        ),
        fc.string({ maxLength: 5 }),
      ),
      { maxLength: 12 },
    )
    .map((parts) => parts.join('')),
);

describe('property: the template engine never crashes', () => {
  const scope = { now: Date.UTC(2026, 10, 21, 12), roots: { captures: { a: [{ b: 1 }], t: 0, s: 'x' }, profile: { a: 'v', n: 5 } } };

  it('parsing gives parts or a TemplateSyntaxError', () => {
    fc.assert(
      fc.property(templateText, (text) => onlyNamedErrors(() => parseTemplateString(text), [TemplateSyntaxError])),
      { numRuns: RUNS * 2 },
    );
  });

  it('rendering gives a value or one of the template errors', () => {
    fc.assert(
      fc.property(templateText, (text) => onlyNamedErrors(() => renderString(text, scope), [TemplateSyntaxError, MissingValueError, TemplateValueError])),
      { numRuns: RUNS * 2 },
    );
  });

  it('rendering any JSON value tree keeps non-strings and keys unchanged', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 4 }), (value) => {
        const noTemplates = JSON.parse(JSON.stringify(value).replace(/\$\{/g, '$-{'));
        expect(render(noTemplates, scope)).toEqual(noTemplates);
      }),
      { numRuns: RUNS },
    );
  });
});
