import { describe, expect, it } from 'vitest';
import { getAjv } from '../../src/schemas/ajv.js';
import { getDefinitions, getSchema, listSchemas, MAX_ERRORS_PER_BODY, validateBody } from '../../src/schemas/index.js';
import { MESSAGE_NAMES, OPERATIONS } from '../../src/spec/operations.js';
import { SPEC } from '../../src/spec/sections.js';
import { fixture } from './helpers.js';

const SPEC_NAMES = new Set<string>([
  ...Object.values(SPEC as Record<string, unknown>).filter((v): v is string => typeof v === 'string'),
  ...MESSAGE_NAMES.map((name) => OPERATIONS[name].section),
]);

type Visit = (node: Record<string, unknown>, path: string) => void;

function walk(node: unknown, visit: Visit, path = '#'): void {
  if (Array.isArray(node)) node.forEach((item, i) => walk(item, visit, `${path}/${i}`));
  else if (typeof node === 'object' && node !== null) {
    visit(node as Record<string, unknown>, path);
    for (const [key, value] of Object.entries(node)) {
      // enum/const values are data, not schemas.
      if (key !== 'enum' && key !== 'const') walk(value, visit, `${path}/${key}`);
    }
  }
}

describe('listSchemas / getSchema', () => {
  const all = listSchemas();

  it('lists a request and a response schema for every message', () => {
    expect(all).toHaveLength(MESSAGE_NAMES.length * 2);
    expect(all.map((s) => s.fileName)).toContain('ARIUpdate.request.schema.json');
    for (const { name, kind, fileName, schema } of all) {
      expect(fileName).toBe(`${name}.${kind}.schema.json`);
      expect(schema.$schema).toBe('https://json-schema.org/draft/2020-12/schema');
      expect(schema.$id).toBe(`https://cm-certify.invalid/schemas/messages/${fileName}`);
      expect(schema['x-spec']).toBe(OPERATIONS[name].section);
    }
    expect(new Set(all.map((s) => s.schema.$id)).size).toBe(all.length);
  });

  it('gives schemas that are valid draft 2020-12', () => {
    const ajv = getAjv();
    for (const { fileName, schema } of all) {
      expect(ajv.validateSchema(schema), `${fileName}: ${ajv.errorsText(ajv.errors)}`).toBe(true);
    }
  });

  it('annotates with section names of the spec only', () => {
    for (const { fileName, schema } of all) {
      walk(schema, (node, path) => {
        if ('x-spec' in node) expect(SPEC_NAMES, `${fileName} ${path}`).toContain(node['x-spec']);
      });
    }
  });

  it('never forbids extra fields', () => {
    for (const { schema } of all) {
      walk(schema, (node, path) => {
        expect(node.additionalProperties, path).not.toBe(false);
        expect(node.unevaluatedProperties, path).not.toBe(false);
      });
    }
  });

  it('returns copies: mutating a returned schema changes nothing', () => {
    const schema = getSchema('HealthCheck', 'request');
    (schema.properties as Record<string, unknown>).verb = { const: 'Changed' };
    expect(getSchema('HealthCheck', 'request')).not.toEqual(schema);
    expect(validateBody('HealthCheck', 'request', fixture('HealthCheck.request.valid'))).toEqual([]);
  });
});

describe('getDefinitions', () => {
  it('gives the shared definitions, each annotated with its section', () => {
    const defs = getDefinitions();
    for (const name of ['InventoryItem', 'Reservation', 'Property', 'Room', 'RatePlan', 'Tax', 'Image', 'RoomInfo', 'ErrorItem']) {
      expect(defs, name).toHaveProperty(name);
    }
    expect(defs.InventoryItem!['x-spec']).toBe(SPEC.inventory);
    expect(defs.Reservation!['x-spec']).toBe(SPEC.reservation);
    expect(defs.Property!['x-spec']).toBe(SPEC.property);
    for (const [name, schema] of Object.entries(defs)) {
      if (name !== 'CountryCode' && name !== 'CurrencyCode') expect(schema['x-spec'], name).toEqual(expect.any(String));
    }
  });

  it('returns copies', () => {
    const defs = getDefinitions();
    defs.InventoryItem!.required = [];
    expect(getDefinitions().InventoryItem!.required).toContain('wbp_room_id');
  });
});

describe('SchemaError records', () => {
  it('keep Ajv params and point at the missing property', () => {
    const [error] = validateBody('GetBookingList', 'request', {
      ...fixture('GetBookingList.request.valid'),
      pms_cid: undefined,
    });
    expect(error).toEqual({
      pointer: '/pms_cid',
      message: "must have required property 'pms_cid'",
      keyword: 'required',
      spec: SPEC.envelope,
      params: { missingProperty: 'pms_cid' },
    });
  });

  it(`are capped at ${MAX_ERRORS_PER_BODY} per body, plus a truncation record`, () => {
    const body = fixture('ARIUpdate.request.valid');
    body.Inventory = Array.from({ length: 5000 }, () => ({ units: -1, rate: 'x' }));
    const errors = validateBody('ARIUpdate', 'request', body);
    expect(errors).toHaveLength(MAX_ERRORS_PER_BODY + 1);
    expect(errors.at(-1)).toEqual(
      expect.objectContaining({
        keyword: 'truncated',
        pointer: '',
        params: { total: 5000 * 6, shown: MAX_ERRORS_PER_BODY },
      }),
    );
    expect(errors.slice(0, -1).every((e) => e.spec === SPEC.inventory)).toBe(true);
  });
});
