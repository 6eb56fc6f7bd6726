import { describe, expect, it } from 'vitest';
import { SPEC } from '../../../src/spec/sections.js';
import { type Json, fixture, verdictOf } from './helpers.js';

describe('rule.health-check.envelope-only (env-healthcheck-ids.1)', () => {
  const ID = 'rule.health-check.envelope-only';

  it('passes on the envelope alone', () => {
    expect(verdictOf(ID, fixture('HealthCheck.request.valid')).status).toBe('pass');
  });

  it('fails on a field beyond the envelope, naming it', () => {
    const body = { ...(fixture('HealthCheck.request.valid') as Record<string, Json>), pms_version: '7.2' };
    const verdict = verdictOf(ID, body);
    expect(verdict).toEqual(expect.objectContaining({ status: 'fail', pointer: '/pms_version', actual: ['pms_version'] }));
    expect(verdict.message).toMatch(/^Unexpected fields in HealthCheck: expected "the envelope only", but received "pms_version"/);
    expect(verdict.schemaErrors).toEqual([expect.objectContaining({ keyword: ID, spec: SPEC.endpoint('HealthCheck') })]);
  });

  it('passes a HealthCheck without the optional password (only fewer envelope fields)', () => {
    const body = { ...(fixture('HealthCheck.request.valid') as Record<string, Json>) };
    delete body.wbp_property_password;
    expect(verdictOf(ID, body).status).toBe('pass');
  });
});

describe('rule.rate-plans.others-above-zero (rp-default-zero.2)', () => {
  const ID = 'rule.rate-plans.others-above-zero';

  it('passes on one default 0 and higher ids, in UpdateRoom and CreateProperty', () => {
    expect(verdictOf(ID, fixture('UpdateRoom.request.valid')).status).toBe('pass');
    expect(verdictOf(ID, fixture('CreateProperty.request.valid')).status).toBe('pass');
  });

  it('fails on a second rate plan with pms_rate_id 0 in one room', () => {
    const body = fixture('UpdateRoom.request.valid') as { room: { rateplans: Array<Record<string, unknown>> } };
    body.room.rateplans.push({ ...body.room.rateplans[0]!, name: 'Flexible' });
    const verdict = verdictOf(ID, body);
    expect(verdict).toEqual(expect.objectContaining({ status: 'fail', pointer: '/room/rateplans/1/pms_rate_id' }));
    expect(verdict.schemaErrors).toEqual([expect.objectContaining({ keyword: ID, spec: SPEC.ratePlan })]);
  });

  it('fails on a CreateProperty room whose second plan is 0, not on 0 in several rooms ("0 in every room")', () => {
    const body = fixture('CreateProperty.request.valid') as { Property: { rooms: Array<{ rateplans?: Array<{ pms_rate_id: number }> }> } };
    const rooms = body.Property.rooms;
    rooms.push(structuredClone(rooms[0]!));
    expect(verdictOf(ID, body).status).toBe('pass');
    rooms[rooms.length - 1]!.rateplans![1]!.pms_rate_id = 0;
    const verdict = verdictOf(ID, body);
    expect(verdict.status).toBe('fail');
    expect(verdict.pointer).toBe(`/Property/rooms/${rooms.length - 1}/rateplans/1/pms_rate_id`);
  });

  it('is not applicable to a body whose rooms carry no rate plans', () => {
    const body = fixture('UpdateRoom.request.valid') as { room: Record<string, unknown> };
    delete body.room.rateplans;
    expect(verdictOf(ID, body)).toEqual(expect.objectContaining({ status: 'skip', skip: 'not-applicable' }));
  });
});
