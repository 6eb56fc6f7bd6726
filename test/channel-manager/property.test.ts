// The channel manager's property sync: CreateProperty makes a property with the requested (or
// the test property's) credentials and answers room_mappings; GetRoomTypes / GetRatePlans of
// that property follow UpdateRoom, DeleteRatePlan and DeleteRoom; the test property's own
// catalogue never changes; activation, bad bodies and credentials are answered as documented.
import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/support/clock.js';
import { OTA_ERROR_IDS, ChannelManager } from '../../src/channel-manager/index.js';
import { PROPERTY, SECRET, START, call, errorId, makeModel } from './helpers.js';
import { CHANGED_ROOM, CREATED, NEW_ROOM, createProperty, onCreated, planTitles, propertyFixture, roomLabels } from './property-helpers.js';

describe('CreateProperty', () => {
  it('creates the property under the requested credentials and maps every room x rate plan', () => {
    const { model } = makeModel();
    const answer = createProperty(model).json;
    expect(answer).toMatchObject({ success: true, wbp_property_id: CREATED.wbp_property_id, wbp_property_password: CREATED.wbp_property_password });
    expect(answer.room_mappings).toHaveLength(8);
    expect(answer.room_mappings[0]).toEqual({ pms_room_id: 101, wbp_room_id: expect.any(String), pms_rate_id: 0, wbp_rate_id: expect.any(String) });
    expect(roomLabels(model)).toEqual(['Double Room, Garden View', 'Family Room with Balcony', '6-Bed Female Dormitory']);
    const rooms = onCreated(model, 'GetRoomTypes').json.Rooms;
    expect(rooms[2]).toMatchObject({ maxPersons: 6, dorm: true });
    const plans = onCreated(model, 'GetRatePlans').json.RatePlans;
    expect(plans.every((p: any) => p.wbp_rate_id && String(p.wbp_room_id) !== '0')).toBe(true);
    expect(answer.room_mappings.map((m: any) => `${m.wbp_room_id}|${m.wbp_rate_id}`).sort()).toEqual(
      plans.map((p: any) => `${p.wbp_room_id}|${p.wbp_rate_id}`).sort(),
    );
  });

  it('leaves the test property as it was; the created one accepts SetupProperty but not ARI or bookings', () => {
    const { model } = makeModel();
    const before = call(model, 'GetRoomTypes').json;
    createProperty(model);
    expect(call(model, 'GetRoomTypes').json).toEqual(before);
    expect(
      call(model, 'SetupProperty', {
        pms_property_id: CREATED.pms_property_id,
        wbp_property_id: Number(CREATED.wbp_property_id),
        wbp_property_password: CREATED.wbp_property_password,
      }).json.success,
    ).toBe(true);
    expect(errorId(onCreated(model, 'GetBookingList', { wbp_booking_version: null }))).toBe(OTA_ERROR_IDS.unsupportedOperation);
    expect(errorId(onCreated(model, 'GetRoomTypes', { wbp_property_password: 'wrong' }))).toBe(OTA_ERROR_IDS.invalidCredentials);
  });

  it("issues the test property's credentials when none are requested; refuses another password for a taken id", () => {
    const { model } = makeModel();
    const empty = createProperty(model, propertyFixture(), { ...CREATED, wbp_property_id: '', wbp_property_password: '' }).json;
    expect(empty).toMatchObject({ success: true, wbp_property_id: PROPERTY.wbp_property_id, wbp_property_password: PROPERTY.wbp_property_password });
    const taken = createProperty(model, propertyFixture(), { ...CREATED, wbp_property_id: PROPERTY.wbp_property_id, wbp_property_password: 'other' });
    expect(errorId(taken)).toBe(OTA_ERROR_IDS.propertyExists);
  });

  it.each([
    ['a dormitory without gender', (p: any) => delete p.rooms[2].gender, /gender/],
    ['rate plans without the default 0', (p: any) => p.rooms[0].rateplans.shift(), /default rate plan/],
    ['meal code 2', (p: any) => (p.rooms[0].rateplans[2].meal_codes = [2]), /meal_codes/],
    ['a lower-case currency', (p: any) => (p.currency = 'eur'), /ISO 4217/],
    ['a room id used twice', (p: any) => (p.rooms[1].pms_room_id = 101), /used twice/],
  ])('refuses a Property with %s (1003, with the reason)', (_label, breakIt, reason) => {
    const { model } = makeModel();
    const property = propertyFixture();
    breakIt(property);
    const answer = createProperty(model, property);
    expect(errorId(answer)).toBe(OTA_ERROR_IDS.badRequest);
    expect(answer.json.errors[0].msg).toMatch(reason);
  });

  it('answers 1006 when CreateProperty is not activated for the channel', () => {
    const model = new ChannelManager({ clock: new ManualClock(START), sharedSecret: SECRET, property: PROPERTY, propertyActivated: false });
    const answer = createProperty(model);
    expect(answer.status).toBe(200);
    expect(errorId(answer)).toBe(OTA_ERROR_IDS.notActivated);
  });
});

describe('UpdateRoom, UpdateRatePlan, DeleteRatePlan, DeleteRoom', () => {
  it('updates a changed room, replacing its rate plans, and creates a new one with its mapping', () => {
    const { model } = makeModel();
    const created = createProperty(model).json;
    const changed = onCreated(model, 'UpdateRoom', { room: CHANGED_ROOM }).json;
    const room101 = created.room_mappings.find((m: any) => m.pms_room_id === 101).wbp_room_id;
    expect(changed).toMatchObject({ success: true, wbp_room_id: room101 });
    expect(changed.room_mappings.map((m: any) => m.pms_rate_id)).toEqual([0, 15]);
    const fresh = onCreated(model, 'UpdateRoom', { room: NEW_ROOM }).json;
    expect(fresh.room_mappings).toHaveLength(2);
    expect(roomLabels(model)).toEqual([CHANGED_ROOM.label, 'Family Room with Balcony', '6-Bed Female Dormitory', NEW_ROOM.label]);
    expect(planTitles(model).filter((t) => t === 'Non-refundable')).toHaveLength(2);
  });

  it("keeps a room's rate plans when UpdateRoom sends none", () => {
    const { model } = makeModel();
    createProperty(model);
    const { rateplans: _dropped, ...room } = CHANGED_ROOM;
    expect(onCreated(model, 'UpdateRoom', { room }).json.room_mappings.map((m: any) => m.pms_rate_id)).toEqual([0, 11, 12]);
  });

  it('deletes a rate plan from every room, and a room; deleting what is gone succeeds; the default 0 stays', () => {
    const { model } = makeModel();
    createProperty(model);
    expect(onCreated(model, 'DeleteRatePlan', { rateplan: { pms_rate_id: 11 } }).json).toEqual({ success: true });
    expect(planTitles(model)).not.toContain('Non-refundable');
    expect(errorId(onCreated(model, 'DeleteRatePlan', { rateplan: { pms_rate_id: 0 } }))).toBe(OTA_ERROR_IDS.badRequest);
    expect(onCreated(model, 'DeleteRoom', { room: { pms_room_id: 103 } }).json).toEqual({ success: true });
    expect(onCreated(model, 'DeleteRoom', { room: { pms_room_id: 103 } }).json).toEqual({ success: true });
    expect(roomLabels(model)).toEqual(['Double Room, Garden View', 'Family Room with Balcony']);
    expect(errorId(onCreated(model, 'DeleteRoom', { room: {} }))).toBe(OTA_ERROR_IDS.badRequest);
  });

  it('accepts UpdateRatePlan as sent (its fields are not shown) and keeps it', () => {
    const { model } = makeModel();
    createProperty(model);
    const rateplan = { pms_rate_id: 12, label_public: 'B&B', anything: ['else'] };
    expect(onCreated(model, 'UpdateRatePlan', { rateplan }).json).toEqual({ success: true });
    expect(model.properties.get(CREATED.wbp_property_id)?.ratePlanUpdates[0]).toMatchObject({ verb: 'UpdateRatePlan', rateplan });
  });

  it("serves the operations for the test property too, whose rooms are the fixture's", () => {
    const { model } = makeModel();
    const answer = call(model, 'UpdateRoom', { room: { ...NEW_ROOM, pms_room_id: 11 } }).json;
    expect(answer).toMatchObject({ success: true, wbp_room_id: '4101' });
    expect(call(model, 'DeleteRoom', { room: { pms_room_id: 12 } }).json.success).toBe(true);
    expect(call(model, 'DeleteRatePlan', { rateplan: { pms_rate_id: 7 } }).json.success).toBe(true);
    expect(call(model, 'UpdateRatePlan', { rateplan: { pms_rate_id: 7 } }).json.success).toBe(true);
    expect(call(model, 'GetRoomTypes').json.Rooms.map((r: any) => r.wbp_room_id)).toEqual([4101, 4102, 4103, 4104]);
  });
});
