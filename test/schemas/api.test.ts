import { describe, expect, it } from 'vitest';
import { requestSchemaRules, responseSchemaRules } from '../../src/schemas/rules.js';
import { SCHEMA_CHECKS, schemaVerdict } from '../../src/checks/schema-checks.js';
import { isRuleOrClauseId } from '../../src/spec/clause-ids.js';
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
      // The missing field's own clauses: its presence, and what its value must be.
      rules: ['env-required-fields.6', 'env-pms-cid-format.1'],
      params: { missingProperty: 'pms_cid' },
    });
  });

  it('name the clause the body breaks, read off the schema node that states it', () => {
    const ari = fixture('ARIUpdate.request.valid');
    const item = (ari.Inventory as Record<string, unknown>[])[0]!;
    const ariErrors = validateBody('ARIUpdate', 'request', { ...ari, Inventory: [{ ...item, units: -1, closearr: 'yes', adult_2: 20 }] });
    const byPointer = Object.fromEntries(ariErrors.map((e) => [e.pointer, e.rules]));
    // The failure a partner reads cites the clause beside the spec section.
    const verdict = schemaVerdict('ARIUpdate', 'request', { ...ari, Inventory: [{ ...item, units: -1 }] }, []);
    expect(verdict.message).toMatch(/\/Inventory\/0\/units must be >= 0 \[[^\]]+; inv-units\.1\]/);
    expect(byPointer['/Inventory/0/units']).toEqual(['inv-units.1']);
    expect(byPointer['/Inventory/0/closearr']).toEqual(['inv-close-flags.1']);
    expect(byPointer['/Inventory/0/adult_2']).toEqual(['inv-adult-child-n.1', 'inv-adult-child-n.3']);
    // A missing field nested in CreateProperty names that field's clause, not the Property's.
    const cp = fixture('CreateProperty.request.valid');
    const property = { ...(cp.Property as Record<string, unknown>) };
    delete property.timezone;
    const [missing] = validateBody('CreateProperty', 'request', { ...cp, Property: property });
    expect([missing!.pointer, missing!.rules]).toEqual(['/Property/timezone', ['prop-required-fields.4']]);
    // An OTA's answer: a failure without errors breaks the common response's clause and the operation's own.
    const [shape] = validateBody('GetRoomTypes', 'response', { success: false });
    expect(shape!.rules).toEqual(['resp-errors-on-failure', 'grt-shape.3']);
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

describe('the clauses the schemas state', () => {
  it('are each a rule or clause id of the rule list, and are what the schema checks declare', () => {
    const request = requestSchemaRules();
    const response = responseSchemaRules();
    expect([...request, ...response].filter((id) => !isRuleOrClauseId(id))).toEqual([]);
    // Read off the schemas: a node's annotation reaches the check, nothing is listed beside it.
    expect(SCHEMA_CHECKS.request.rules).toEqual([...request]);
    expect(SCHEMA_CHECKS.response.rules).toEqual([...response]);
    expect(request).toEqual(expect.arrayContaining(['env-guid-pattern', 'inv-units.1', 'prop-address-contact.3', 'tax-amount-xor', 'cancel-request.2']));
    expect(response).toEqual(expect.arrayContaining(['resp-success-boolean', 'gbl-booking-id-max64.1', 'res-customer-country.2', 'roominfo-fields.9']));
    // Callback requests are the harness's own (BookingCreate's reservation): not what a PMS proves.
    expect(request).not.toContain('res-order-date-time.1');
  });
});
