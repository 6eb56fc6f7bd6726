// Test helpers for the reference OTA's property sync: takes a model, gives calls addressed
// to a property made by CreateProperty (the harness's fixture Property), the rooms and rate
// plans GetRoomTypes / GetRatePlans then show, and the rooms the property suite sends.
import { readFileSync } from 'node:fs';
import type { ChannelManager } from '../../src/channel-manager/index.js';
import { packagePath } from '../../src/support/package-root.js';
import { type Answer, call } from './helpers.js';

export const CREATED = { pms_property_id: '9000001', wbp_property_id: '8000001', wbp_property_password: 'created-pw' };
/** The later operations send the PMS id as the integer the id table asks for. */
export const CREATED_LATER = { ...CREATED, pms_property_id: Number(CREATED.pms_property_id) };

export function propertyFixture(): Record<string, any> {
  return JSON.parse(readFileSync(packagePath('fixtures', 'create-property.json'), 'utf8')) as Record<string, any>;
}

export function createProperty(model: ChannelManager, property: unknown = propertyFixture(), credentials: Record<string, unknown> = CREATED): Answer {
  return call(model, 'CreateProperty', { ...credentials, Property: property });
}

/** An operation on the created property. */
export function onCreated(model: ChannelManager, operation: string, fields: Record<string, unknown> = {}): Answer {
  return call(model, operation, { ...CREATED_LATER, ...fields });
}

export const CHANGED_ROOM = {
  pms_room_id: 101,
  units: 5,
  beds: 2,
  dormitory: false,
  label: 'Double Room, Garden View (renovated)',
  description: null,
  images: [{ url: 'https://img.example.org/101.jpg', description: 'Queen bed', sort_order: 0 }],
  rateplans: [
    { pms_rate_id: 0, label_public: 'Flexible rate', label_private: 'FLEX' },
    { pms_rate_id: 15, label_public: 'Half board', label_private: 'HB', meal_codes: [19, 22] },
  ],
};

export const NEW_ROOM = {
  pms_room_id: 104,
  units: 3,
  beds: 2,
  dormitory: false,
  label: 'Twin Room, Courtyard',
  description: null,
  images: [],
  rateplans: [
    { pms_rate_id: 0, label_public: 'Flexible rate', label_private: 'FLEX' },
    { pms_rate_id: 11, label_public: 'Non-refundable', label_private: 'NR' },
  ],
};

export function roomLabels(model: ChannelManager): string[] {
  return (onCreated(model, 'GetRoomTypes').json.Rooms as Array<{ label: string }>).map((room) => room.label);
}

export function planTitles(model: ChannelManager): string[] {
  return (onCreated(model, 'GetRatePlans').json.RatePlans as Array<{ title: string }>).map((plan) => plan.title);
}
