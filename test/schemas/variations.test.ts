// The variations generator (src/schemas/variations): from any schema and a valid value it
// gives valid variations, each one named change, covering every enum value and both values
// of every flag; a field added to a schema is varied with no other change; batches stay
// valid and change different fields; halves split a batch.
import { describe, expect, it } from 'vitest';
import { getAjv } from '../../src/schemas/ajv.js';
import { definitions } from '../../src/schemas/definitions/index.js';
import { inventoryItemSchema } from '../../src/schemas/definitions/inventory.js';
import {
  EXTRA_FIELDS,
  NON_ASCII_TEXT,
  NUMERIC_ID,
  applyVariations,
  batchVariations,
  generateVariations,
  halves,
  uncovered,
  walkVariations,
} from '../../src/schemas/variations/index.js';
import { plainValue } from '../../src/schemas/variations/partitions.js';

type Obj = Record<string, unknown>;

function validator(schema: Obj): (value: unknown) => boolean {
  const validate = getAjv().compile(schema);
  return (value) => validate(value) === true;
}

const ITEM = { wbp_room_id: '11', wbp_rate_id: 'A', start_date: '2027-06-10', end_date: '2027-06-10' };

describe('generateVariations', () => {
  it.each(Object.keys(definitions()))('%s: from its plainest value, every variation is valid and every enum value and flag is sent', (name) => {
    const schema = definitions()[name]!;
    const base = plainValue(schema, name);
    const isValid = validator(schema);
    expect(isValid(base), `${name} plain value ${JSON.stringify(base)}`).toBe(true);
    const { variations } = generateVariations(schema, base, { isValid });
    for (const v of variations) expect(isValid(applyVariations(base, [v])), v.name).toBe(true);
    expect(uncovered(schema, base, variations)).toEqual([]);
  });

  it('gives each partition the spec implies, named after the field and the value', () => {
    const schema = {
      type: 'object',
      properties: {
        rate: { type: 'string', pattern: '^\\d+(\\.\\d+)?$' },
        description: { type: 'string', maxLength: 2000 },
        external_id: { type: 'string' },
        amount: { type: 'number' },
        count: { type: 'integer', minimum: 1 },
        label: { type: ['string', 'null'] },
        kind: { enum: ['a', 'b'], type: 'string' },
        flag: { type: 'boolean' },
        tags: { type: 'array', items: { type: 'string' } },
      },
      required: ['rate'],
    };
    const base = { rate: '80.00', description: 'Terrace', external_id: 'T-1', amount: 20, count: 3, label: 'x', kind: 'a', flag: false, tags: ['x'] };
    const { variations } = generateVariations(schema, base, { root: 'Tax', isValid: validator(schema) });
    const names = variations.map((v) => v.name);
    expect(names).toEqual(
      expect.arrayContaining([
        'Tax.rate "80"',
        'Tax.rate "79.5"',
        'Tax.description at its maximum length 2000',
        'Tax.description absent',
        `Tax.external_id "${NUMERIC_ID}" (numeric, leading zeros)`,
        'Tax.amount 20.5 (with a fraction)',
        'Tax.count 1 (its minimum)',
        'Tax.label null',
        'Tax.kind "b"',
        'Tax.flag true',
        'Tax.tags [] (empty)',
      ]),
    );
    expect(names).not.toContain('Tax.rate absent');
    const longest = variations.find((v) => v.kind === 'max-length')!;
    expect((applyVariations(base, [longest]) as Obj).description).toHaveLength(2000);
  });

  it('sends text people read beyond ASCII (appended, within its maximum) and a maximum length in two-byte characters; never in codes, ids, emails or phones', () => {
    const schema = {
      type: 'object',
      properties: {
        label: { type: 'string' },
        description: { type: 'string', maxLength: 40 },
        main_contact_name: { type: 'string' },
        address_line_1: { type: 'string' },
        phone: { type: 'string' },
        email_default: { type: 'string' },
        external_id: { type: 'string' },
        zip: { type: 'string' },
      },
    };
    const base = {
      label: 'Double cm1a2b',
      description: 'Sea view',
      main_contact_name: 'Ana',
      address_line_1: 'Rua 1',
      phone: '+351 1',
      email_default: 'a@b.pt',
      external_id: 'T-1',
      zip: '1100',
    };
    const { variations } = generateVariations(schema, base, { root: 'Room', isValid: validator(schema) });
    const text = variations.filter((v) => v.kind === 'text');
    expect(text.map((v) => v.location).sort()).toEqual(['Room.address_line_1', 'Room.description', 'Room.label', 'Room.main_contact_name']);
    const label = text.find((v) => v.location === 'Room.label')!;
    expect(label.value).toBe(`Double cm1a2b ${NON_ASCII_TEXT}`);
    expect(label.name).toContain('with text beyond ASCII');
    // Within the field's maximum: the base value kept in front, cut at 40 characters.
    expect(text.find((v) => v.location === 'Room.description')!.value).toBe(`Sea view ${NON_ASCII_TEXT}`.slice(0, 40));
    const twoByte = variations.find((v) => v.kind === 'max-length-two-byte')!;
    expect(twoByte.location).toBe('Room.description');
    expect([...(twoByte.value as string)]).toHaveLength(40);
    expect(Buffer.byteLength(twoByte.value as string, 'utf8')).toBe(80);
    // The plain maximum length is sent as well, as its own variation.
    expect(variations.some((v) => v.kind === 'max-length' && v.location === 'Room.description')).toBe(true);
  });

  it('makes an absent optional field present with each of its partitions, and an integer-valued amount where a number is allowed', () => {
    const { variations } = generateVariations(inventoryItemSchema(), ITEM, { root: 'Inventory[]', isValid: validator(inventoryItemSchema()) });
    const names = variations.map((v) => v.name);
    expect(names).toEqual(
      expect.arrayContaining([
        'Inventory[].rate "80"',
        'Inventory[].rate "80.00"',
        'Inventory[].units 0',
        'Inventory[].units 2',
        'Inventory[].rdef_single "0"',
      ]),
    );
    // Only present fields can be absent; the four required ones are never removed.
    expect(variations.filter((v) => v.kind === 'absent')).toEqual([]);
  });

  it('covers a field added to a schema with no other change', () => {
    const schema = inventoryItemSchema();
    const grown = {
      ...schema,
      properties: { ...(schema.properties as Obj), breakfast_included: { type: 'boolean' }, note: { type: 'string', maxLength: 12 } },
    };
    const before = generateVariations(schema, ITEM, { isValid: validator(schema) }).variations.map((v) => v.name);
    const after = generateVariations(grown, ITEM, { isValid: validator(grown) }).variations.map((v) => v.name);
    expect(after.filter((n) => !before.includes(n)).sort()).toEqual([
      'breakfast_included false',
      'breakfast_included true',
      'note "cm-certify"',
      'note at its maximum length 12',
    ]);
    expect(uncovered(grown, ITEM, generateVariations(grown, ITEM, { isValid: validator(grown) }).variations)).toEqual([]);
  });

  it('adds fields beyond those listed only where an object is open', () => {
    const schema = { type: 'object', properties: { OrderId: { type: 'string' }, Rooms: { type: 'array', items: { type: 'object' } } } };
    const base = { OrderId: 'B-1', Rooms: [{ ChannelRoomType: '1' }] };
    const closed = walkVariations(schema, base).filter((v) => v.kind === 'extra-field');
    expect(closed).toEqual([]);
    const open = walkVariations(schema, base, { open: (location) => location === '' || location === 'Rooms[]' }).filter((v) => v.kind === 'extra-field');
    expect(open.map((v) => v.changes[0]!.pointer).sort()).toEqual([
      '/CmCertifyExtra',
      '/CmCertifyExtraObject',
      '/Rooms/0/CmCertifyExtra',
      '/Rooms/0/CmCertifyExtraObject',
    ]);
    expect(Object.keys(EXTRA_FIELDS)).toHaveLength(2);
  });

  it('leaves fixed fields alone and keeps the fields a stated minimum needs', () => {
    const schema = { type: 'object', properties: { id: { type: 'string' }, note: { type: 'string' }, count: { type: 'integer' } } };
    const names = walkVariations(schema, { id: 'x', note: 'n', count: 1 }, { fixed: (_p, key) => key === 'id', keep: (_p, key) => key === 'count' }).map(
      (v) => v.name,
    );
    expect(names.some((n) => n.startsWith('id'))).toBe(false);
    expect(names).toContain('note absent');
    expect(names).not.toContain('count absent');
  });
});

describe('batchVariations and halves', () => {
  it('puts variations of different fields in one valid request, never two of the same field', () => {
    const isValid = validator(inventoryItemSchema());
    const { variations } = generateVariations(inventoryItemSchema(), ITEM, { isValid });
    const batches = batchVariations(ITEM, variations, isValid);
    expect(batches.flat()).toHaveLength(variations.length);
    expect(batches.length).toBeLessThan(variations.length / 3);
    for (const batch of batches) {
      expect(isValid(applyVariations(ITEM, batch))).toBe(true);
      const pointers = batch.flatMap((v) => v.changes.map((c) => c.pointer));
      expect(new Set(pointers).size).toBe(pointers.length);
    }
    expect(batchVariations(ITEM, variations, isValid, 2).every((b) => b.length <= 2)).toBe(true);
  });

  it('splits a batch into two halves, and a single variation not at all', () => {
    expect(halves([1, 2, 3])).toEqual([[1, 2], [3]]);
    expect(halves([1])).toEqual([]);
  });
});
