// Test helpers for body schemas and rules: takes fixture names and JSON pointers, gives
// fresh copies of the example bodies in fixtures/bodies and edited variants of them.
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';
import type { SchemaError } from '../../src/schemas/index.js';

export const FIXTURE_DIR = fileURLToPath(new URL('../../fixtures/bodies/', import.meta.url));

// Fixtures are arbitrary JSON; tests edit them freely.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Json = any;

export function fixtureFiles(): string[] {
  return readdirSync(FIXTURE_DIR)
    .filter((file) => file.endsWith('.json'))
    .sort();
}

/** A fresh copy of fixtures/bodies/<name>.json, e.g. fixture('ARIUpdate.request.valid'). */
export function fixture(name: string): Json {
  return JSON.parse(readFileSync(`${FIXTURE_DIR}${name}.json`, 'utf8'));
}

function unescape(segment: string): string {
  return segment.replace(/~1/g, '/').replace(/~0/g, '~');
}

/** A copy of `body` with the value at `pointer` replaced; `undefined` deletes it. */
export function withValue(body: Json, pointer: string, value: unknown): Json {
  const copy = structuredClone(body);
  const segments = pointer.split('/').slice(1).map(unescape);
  const last = segments.pop();
  if (last === undefined) throw new Error(`cannot replace the root with withValue (${pointer})`);
  let node = copy;
  for (const segment of segments) node = node[segment];
  if (value === undefined) delete node[last];
  else node[last] = value;
  return copy;
}

/** Asserts that one of `errors` matches every given field. */
export function expectError(errors: SchemaError[], match: Partial<SchemaError>): void {
  expect(errors).toEqual(expect.arrayContaining([expect.objectContaining(match)]));
}

/** Asserts that no error points at `pointer`. */
export function expectNoErrorAt(errors: SchemaError[], pointer: string): void {
  expect(errors.map((e) => e.pointer)).not.toContain(pointer);
}
