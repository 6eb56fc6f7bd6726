// The property effect checks on synthetic lists: what a different correct OTA may list
// (labels with other casing or text around them, a global rate plan "0", no labels at all,
// ids only in room_mappings) passes; what an OTA that changed nothing lists fails; a refused
// read fails rather than skips.
import { describe, expect, it } from 'vitest';
import {
  propertyPlanTitle,
  propertyRatesGone,
  propertyRatesListed,
  propertyRoomLabel,
  propertyRoomsGone,
  propertyRoomsListed,
} from '../../src/checks/code/property-effects.js';
import { roomChangedInPlace } from '../../src/checks/code/property-by-id.js';
import type { CodeCheck } from '../../src/checks/code/types.js';
import { parseProfile } from '../../src/profile/load-profile.js';

const PROFILE = parseProfile(
  'target: ota\nbase_url: https://ota.test/api\nshared_secret: s\npms_cid: abc\ncurrency: EUR\nproperty: {pms_property_id: 1, wbp_property_id: "1001", wbp_property_password: pw}\n',
  'p.yaml',
  {},
);
const N = 'cm1a2b';
const sent = [
  {
    pms_room_id: 101,
    label: `Double ${N}`,
    rateplans: [
      { pms_rate_id: 0, label_public: `Flex ${N}`, label_private: null },
      { pms_rate_id: 11, label_public: `NR ${N}`, label_private: `nr-p ${N}` },
    ],
  },
  { pms_room_id: 103, label: `Dorm ${N}`, rateplans: [{ pms_rate_id: 0, label_public: `Bed ${N}`, label_private: null }] },
];
const rooms = (...list: Array<[number, string?]>) => ({
  success: true,
  Rooms: list.map(([id, label]) => ({ wbp_room_id: id, ...(label === undefined ? {} : { label }) })),
});
const plans = (...list: Array<[string, string, string]>) => ({
  success: true,
  RatePlans: list.map(([room, rate, title]) => ({ wbp_room_id: room, wbp_rate_id: rate, title })),
});

function run(check: CodeCheck, subject: unknown, args: Record<string, unknown>) {
  return check.run({ subject, args, exchanges: ['x1'], now: 0, profile: PROFILE, run: { allowHttp: false } });
}

describe('property-rooms-listed', () => {
  it('finds rooms by label, whatever the casing or text around it', () => {
    const v = run(propertyRoomsListed, rooms([7, `DOUBLE  cm1a2b`], [8, `Hostel: dorm ${N} (6 beds)`]), { rooms: sent });
    expect(v.status, v.message).toBe('pass');
  });

  it('fails when a sent room is not listed, and when the read was refused', () => {
    expect(run(propertyRoomsListed, rooms([7, `Double ${N}`]), { rooms: sent }).status).toBe('fail');
    const refused = run(propertyRoomsListed, { success: false, errors: [{ id: 1001, msg: 'bad credentials' }] }, { rooms: sent });
    expect(refused.status).toBe('fail');
    expect(refused.message).toContain('1001');
  });

  it('without labels: matched by new ids, or by the ids room_mappings gives', () => {
    expect(run(propertyRoomsListed, rooms([7], [8]), { rooms: sent }).status).toBe('pass');
    expect(run(propertyRoomsListed, rooms([7]), { rooms: sent }).status).toBe('fail');
    expect(run(propertyRoomsListed, rooms([7], [8]), { rooms: sent, added: 1, before: rooms([7], [8]) }).status).toBe('fail');
    const mapped = {
      success: true,
      room_mappings: [
        { pms_room_id: 101, wbp_room_id: '7' },
        { pms_room_id: 103, wbp_room_id: '8' },
      ],
    };
    expect(run(propertyRoomsListed, rooms([7, 'other name'], [8, 'x']), { rooms: sent, answers: [mapped] }).status).toBe('pass');
  });

  it('is blocked, not judged, when the operation did not succeed', () => {
    const v = run(propertyRoomsListed, rooms(), { rooms: sent, after: [{ success: false, errors: [{ id: 1003 }] }] });
    expect([v.status, v.skip]).toEqual(['skip', 'blocked']);
  });
});

describe('property-rates-listed', () => {
  const list = rooms([7, `Double ${N}`], [8, `Dorm ${N}`]);
  it('accepts a plan for its room or for all rooms ("0"), matched by either label', () => {
    const v = run(propertyRatesListed, plans(['7', 'A', `Flex ${N}`], ['0', 'G', `nr-p ${N}`], ['8', 'B', `bed ${N}`]), { rooms: sent, room_list: list });
    expect(v.status, v.message).toBe('pass');
  });

  it('fails a plan listed for another room only', () => {
    const v = run(propertyRatesListed, plans(['7', 'A', `Flex ${N}`], ['7', 'C', `NR ${N}`], ['7', 'B', `Bed ${N}`]), { rooms: sent, room_list: list });
    expect(v.status).toBe('fail');
    expect(v.message).toContain('PMS rate 0');
  });
});

describe('deletions and renames', () => {
  const before = plans(['7', 'A', `Flex ${N}`], ['7', 'N', `NR ${N}`], ['8', 'N', `NR ${N}`]);
  const nr = { pms_rate_id: 11, label_public: `NR ${N}`, label_private: `nr-p ${N}` };

  it('a deleted rate plan is gone from every room; one room left is a failure', () => {
    expect(run(propertyRatesGone, plans(['7', 'A', `Flex ${N}`]), { rateplan: nr, before }).status).toBe('pass');
    expect(run(propertyRatesGone, plans(['7', 'A', `Flex ${N}`], ['8', 'N', `NR ${N}`]), { rateplan: nr, before }).status).toBe('fail');
    expect(run(propertyRatesGone, plans(), { rateplan: nr, before: plans(['7', 'A', `Flex ${N}`]) }).skip).toBe('blocked');
  });

  it('a deleted room is gone by label or by its earlier id; without labels, by count', () => {
    const dorm = [{ pms_room_id: 103, label: `Dorm ${N}` }];
    const earlier = rooms([7, `Double ${N}`], [8, `Dorm ${N}`]);
    expect(run(propertyRoomsGone, rooms([7, `Double ${N}`]), { rooms: dorm, before: earlier }).status).toBe('pass');
    expect(run(propertyRoomsGone, rooms([7, `Double ${N}`], [8, 'Dorm (closed)']), { rooms: dorm, before: earlier }).status).toBe('fail');
    expect(run(propertyRoomsGone, rooms([7]), { rooms: dorm, before: rooms([7], [8]) }).status).toBe('pass');
    expect(run(propertyRoomsGone, rooms([7], [8]), { rooms: dorm, before: rooms([7], [8]) }).status).toBe('fail');
  });

  it('a new label shows on the room that had the old one; no labels at all is not applicable', () => {
    const args = { room: { pms_room_id: 101, label: `Double, renovated ${N}` }, old_label: `Double ${N}`, before: rooms([7, `Double ${N}`]) };
    expect(run(propertyRoomLabel, rooms([7, `Double, renovated ${N}`]), args).status).toBe('pass');
    expect(run(propertyRoomLabel, rooms([7, `Double ${N}`]), args).status).toBe('fail');
    expect(run(propertyRoomLabel, rooms([7]), args).skip).toBe('not-applicable');
  });

  it('a renamed rate plan shows its new title and no longer only the old one', () => {
    const args = {
      rateplan: { pms_rate_id: 12, label_public: `BB terrace ${N}`, label_private: null },
      old_rateplan: { pms_rate_id: 12, label_public: `BB ${N}`, label_private: null },
    };
    expect(run(propertyPlanTitle, plans(['7', 'B', `BB terrace ${N}`]), args).status).toBe('pass');
    expect(run(propertyPlanTitle, plans(['7', 'B', `BB ${N}`]), args).status).toBe('fail');
  });
});

describe('room-changed-in-place (UpdateRoom naming the room by wbp_room_id)', () => {
  const ok = { success: true };
  it('passes when the room is still listed and no room was added', () => {
    const v = run(roomChangedInPlace, rooms([7, `Double ${N} (by OTA id)`], [8, `Dorm ${N}`]), { wbp_room_id: '7', rooms_before: 2, after: [ok] });
    expect(v.status, v.message).toBe('pass');
  });

  it('fails when a room was added in its place, or the named room is gone', () => {
    const added = run(roomChangedInPlace, rooms([7, `Double ${N}`], [8, `Dorm ${N}`], [9, `Double ${N} (by OTA id)`]), {
      wbp_room_id: '7',
      rooms_before: 2,
      after: [ok],
    });
    expect(added.status).toBe('fail');
    expect(added.message).toContain('a room was added');
    expect(run(roomChangedInPlace, rooms([8, `Dorm ${N}`], [9, `Double ${N}`]), { wbp_room_id: '7', rooms_before: 2, after: [ok] }).status).toBe('fail');
  });

  it('is not applicable when the OTA id could not be found, and blocked when the UpdateRoom was refused', () => {
    expect(run(roomChangedInPlace, rooms([7]), { rooms_before: 1, after: [ok] }).skip).toBe('not-applicable');
    const refused = { success: false, errors: [{ id: 1003, msg: 'no' }] };
    expect(run(roomChangedInPlace, rooms([7]), { wbp_room_id: '7', rooms_before: 1, after: [refused] }).skip).toBe('blocked');
  });
});
