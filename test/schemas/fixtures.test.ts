import { describe, expect, it } from 'vitest';
import { BODY_KINDS, validateBody } from '../../src/schemas/index.js';
import type { BodyKind } from '../../src/schemas/index.js';
import { isMessageName, MESSAGE_NAMES } from '../../src/spec/operations.js';
import type { MessageName } from '../../src/spec/operations.js';
import { SPEC } from '../../src/spec/sections.js';
import { expectError, fixture, fixtureFiles } from './helpers.js';

interface Parsed {
  file: string;
  name: MessageName;
  kind: BodyKind;
  variant: string;
}

function parse(file: string): Parsed {
  const [name, kind, variant] = file.replace(/\.json$/, '').split('.') as [string, BodyKind, string];
  if (!isMessageName(name)) throw new Error(`fixture ${file}: unknown message ${name}`);
  return { file, name, kind, variant };
}

const files = fixtureFiles().map(parse);
const valid = files.filter((f) => f.variant.startsWith('valid'));
const invalid = files.filter((f) => f.variant.startsWith('invalid-'));

describe('fixtures/bodies', () => {
  it('has a valid body for every message and kind', () => {
    const missing = MESSAGE_NAMES.flatMap((name) =>
      BODY_KINDS.filter((kind) => !valid.some((f) => f.name === name && f.kind === kind)).map((k) => `${name}.${k}`),
    );
    expect(missing).toEqual([]);
  });

  it('names every file <Message>.<request|response>.<valid*|invalid-*>.json', () => {
    for (const f of files) {
      expect(BODY_KINDS).toContain(f.kind);
      expect(f.variant).toMatch(/^(valid|invalid-)/);
    }
  });

  it.each(valid.map((f) => [f.file, f] as const))('%s passes its schema', (_file, f) => {
    expect(validateBody(f.name, f.kind, fixture(f.file.replace(/\.json$/, '')))).toEqual([]);
  });

  it.each(invalid.map((f) => [f.file, f] as const))('%s fails its schema', (_file, f) => {
    expect(validateBody(f.name, f.kind, fixture(f.file.replace(/\.json$/, ''))).length).toBeGreaterThan(0);
  });
});

describe('reference-like shapes: the spec wins', () => {
  it('rejects SetupProperty with an integer pms_property_id and an empty wbp_property_id', () => {
    const errors = validateBody('SetupProperty', 'request', fixture('SetupProperty.request.invalid-legacy-id-types'));
    expectError(errors, {
      pointer: '/pms_property_id',
      keyword: 'type',
      message: 'must be string',
      spec: SPEC.idTypes,
    });
    expectError(errors, {
      pointer: '/wbp_property_id',
      keyword: 'type',
      message: 'must be integer',
      spec: SPEC.idTypes,
    });
    expect(errors).toHaveLength(2);
  });

  it('rejects CreateProperty with an integer pms_property_id', () => {
    const errors = validateBody('CreateProperty', 'request', fixture('CreateProperty.request.invalid-integer-pms-property-id'));
    expect(errors).toEqual([expect.objectContaining({ pointer: '/pms_property_id', message: 'must be string', spec: SPEC.idTypes })]);
  });

  it('rejects GetRoomTypes Rooms[].wbp_room_id as a string', () => {
    const errors = validateBody('GetRoomTypes', 'response', fixture('GetRoomTypes.response.invalid-string-room-id'));
    expect(errors).toEqual([
      expect.objectContaining({
        pointer: '/Rooms/0/wbp_room_id',
        message: 'must be integer',
        spec: SPEC.roomsItem,
      }),
    ]);
  });

  it('rejects errors[].id as the string "1001"', () => {
    const errors = validateBody('ARIUpdate', 'response', fixture('ARIUpdate.response.invalid-string-error-id'));
    expect(errors).toEqual([expect.objectContaining({ pointer: '/errors/0/id', keyword: 'type', spec: SPEC.commonResponse })]);
  });

  it('rejects IsCancellation as a boolean', () => {
    const errors = validateBody('GetBookingId', 'response', fixture('GetBookingId.response.invalid-boolean-cancellation'));
    expectError(errors, { pointer: '/reservation/IsCancellation', keyword: 'type', spec: SPEC.reservation });
  });

  it('rejects a RoomInfo callback failure without errors', () => {
    const errors = validateBody('RoomInfo', 'response', fixture('RoomInfo.response.invalid-failure-without-errors'));
    expect(errors).toEqual([expect.objectContaining({ pointer: '/errors', keyword: 'required', spec: SPEC.commonResponse })]);
  });
});
