// The validators compiled at build time (Ajv standalone code, src/build/compile-schemas.ts)
// give exactly the errors of the validators Ajv compiles at run time, for every message
// schema on every body fixture and mutations of it, and for the suite and profile formats
// on the built-in suites and profiles and mutations of them.
import { mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Ajv } from 'ajv';
import { parse } from 'yaml';
import { formatSchemas, messageSchemas, writeStandaloneSet } from '../../src/build/compile-schemas.js';
import { createMessageAjv } from '../../src/schemas/ajv.js';
import { createFormatAjv, createProfileAjv, readStandaloneSet, standaloneValidator } from '../../src/support/standalone.js';
import { PROFILE_SCHEMA } from '../../src/profile/profile-schema.js';
import type { StandaloneSet, StandaloneValidator } from '../../src/support/standalone.js';
import { fixture, fixtureFiles } from './helpers.js';

const ROOT = join(import.meta.dirname, '..', '..');
// Inside the package, so that the generated code's require() finds node_modules.
const OUT = join(ROOT, `.standalone-test-${process.pid}`);
let messages: StandaloneSet;
let formats: StandaloneSet;
let profiles: StandaloneSet;

/** The set written to OUT/<name>, as the build writes dist/schemas/<name>, and read back. */
function written(name: string, ajv: Ajv, schemas: Record<string, object>): StandaloneSet {
  writeStandaloneSet(ajv, schemas, join(OUT, name));
  return readStandaloneSet(join(OUT, name))!;
}

beforeAll(() => {
  mkdirSync(OUT, { recursive: true });
  const code = { source: true };
  messages = written('messages', createMessageAjv(code), messageSchemas());
  formats = written('formats', createFormatAjv(code), formatSchemas());
  profiles = written('profile', createProfileAjv(code), { profile: PROFILE_SCHEMA });
});

afterAll(() => rmSync(OUT, { recursive: true, force: true }));

/** The value, and copies with each top-level field removed, set to a number, a string, null. */
function variants(value: unknown): unknown[] {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return [value, {}, [], 'x'];
  const out: unknown[] = [value, {}, [], 'x'];
  for (const key of Object.keys(value)) {
    const { [key]: _removed, ...rest } = value as Record<string, unknown>;
    out.push(rest, { ...value, [key]: 12345 }, { ...value, [key]: 'not-it' }, { ...value, [key]: null });
  }
  out.push({ ...value, not_a_field: true });
  return out;
}

function sameErrors(set: StandaloneSet, key: string, schema: object, compiled: StandaloneValidator, values: unknown[]): number {
  const standalone = standaloneValidator<StandaloneValidator>(set, key, schema);
  expect(standalone, key).toBeTypeOf('function');
  for (const value of values) {
    const a = compiled(value);
    const errorsA = structuredClone(compiled.errors ?? null);
    expect(standalone!(value), `${key} ${JSON.stringify(value).slice(0, 120)}`).toBe(a);
    expect(standalone!.errors ?? null).toEqual(errorsA);
  }
  return values.length;
}

describe('standalone validators', () => {
  it('message schemas: the same verdict and errors on every fixture body and its mutations', () => {
    const schemas = messageSchemas();
    const ajv = createMessageAjv();
    let compared = 0;
    for (const file of fixtureFiles()) {
      const [name, kind] = file.split('.') as [string, string];
      const key = `${name}.${kind}.schema.json`;
      const body = fixture(file.replace(/\.json$/, ''));
      compared += sameErrors(messages, key, schemas[key]!, ajv.compile(schemas[key]!), variants(body));
    }
    const item = fixture('ARIUpdate.request.valid').Inventory[0];
    compared += sameErrors(
      messages,
      'InventoryItem.schema.json',
      schemas['InventoryItem.schema.json']!,
      ajv.compile(schemas['InventoryItem.schema.json']!),
      variants(item),
    );
    expect(compared).toBeGreaterThan(1000);
  });

  it('the date format of ajv-formats works in the generated code', () => {
    const key = 'InventoryItem.schema.json';
    const validate = standaloneValidator<StandaloneValidator>(messages, key, messageSchemas()[key]!)!;
    const item = fixture('ARIUpdate.request.valid').Inventory[0];
    expect(validate(item)).toBe(true);
    expect(validate({ ...item, start_date: '2026-02-30' })).toBe(false);
    expect(validate.errors).toEqual(expect.arrayContaining([expect.objectContaining({ keyword: 'format', instancePath: '/start_date' })]));
  });

  it('suite and profile formats: the same first error on the built-in suites, profiles and their mutations', () => {
    const schemas = formatSchemas();
    const ajv = createFormatAjv();
    const suites = ['ota', 'pms'].flatMap((t) =>
      readdirSync(join(ROOT, 'suites', t)).map((f) => parse(readFileSync(join(ROOT, 'suites', t, f), 'utf8')) as Record<string, unknown>),
    );
    for (const suite of suites) {
      sameErrors(formats, 'suite', schemas.suite!, ajv.compile(schemas.suite!), variants(suite));
      for (const step of suite.steps as Array<Record<string, unknown>>) {
        const kind = ['call', 'hook', 'expect_request', 'traffic', 'mock', 'wait'].find((k) => k in step)!;
        const key = `step.${kind}`;
        if (schemas[key]) sameErrors(formats, key, schemas[key]!, ajv.compile(schemas[key]!), variants(step));
      }
    }
    for (const file of readdirSync(join(ROOT, 'fixtures', 'profiles'))) {
      const profile = parse(readFileSync(join(ROOT, 'fixtures', 'profiles', file), 'utf8'));
      sameErrors(profiles, 'profile', PROFILE_SCHEMA, createProfileAjv().compile(PROFILE_SCHEMA), variants(profile));
    }
  });

  it('is not used for a schema that changed since the build', () => {
    const key = 'HealthCheck.request.schema.json';
    const changed = { ...messageSchemas()[key]!, title: 'changed' };
    expect(standaloneValidator(messages, key, changed)).toBeUndefined();
    expect(standaloneValidator(messages, 'no-such-key', {})).toBeUndefined();
    expect(standaloneValidator(undefined, key, messageSchemas()[key]!)).toBeUndefined();
  });
});
