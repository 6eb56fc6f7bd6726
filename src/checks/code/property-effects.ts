// Code checks of what property sync changed, read back: takes a GetRoomTypes / GetRatePlans
// answer, the rooms and rate plans the harness sent (labels unique to the run) and the list
// read before the operation, gives verdicts: created rooms and rate plans are listed, a new
// label shows, deleted rooms and rate plans are gone. An answer's room_mappings may help
// the match but is never needed; a list without labels is matched by its ids before/after.
import type { CodeCheck, CodeCheckInput } from './types.js';
import type { Verdict } from '../../spec/vocabulary.js';
import { fail, harnessError, pass, skip, unexpected } from '../check-verdict.js';
import { unmetPrecondition } from './property-mapping.js';
import {
  type FoundRoom,
  type ListedPlan,
  type ListedRoom,
  findPlans,
  findRoom,
  listedPlans,
  listedRooms,
  refusal,
  sentPlan,
  sentRooms,
  shows,
  showsLabels,
  titleMatches,
} from './property-match.js';

/** The list a check reads, or the verdict when there is none: a refusal fails, a bad shape is blocked. */
export function readList<T>(answer: unknown, read: (a: unknown) => T[] | undefined, op: string, exchanges: string[]): T[] | Verdict {
  const list = read(answer);
  if (list) return list;
  const refused = refusal(answer);
  if (refused) return fail(unexpected(`${op} answer`, 'success true with the list', `success false (${refused})`), { exchanges, pointer: '/success' });
  return skip(`Blocked: ${op} gave no list to look at (see schema.response)`, 'blocked', { exchanges });
}

export const isVerdict = (v: unknown): v is Verdict => typeof v === 'object' && v !== null && 'status' in v && !Array.isArray(v);

/** A read-back is judged only once the operation it reads back was accepted (args.after). */
export function readBack(check: CodeCheck): CodeCheck {
  return { ...check, run: (input: CodeCheckInput) => unmetPrecondition(input.args.after, input.profile, input.exchanges) ?? check.run(input) };
}

function describeRoom(found: FoundRoom): string {
  return `PMS room ${found.sent.pms_room_id} as OTA room ${found.wbp_room_id} (by ${found.by})`;
}

/** Rooms a list without labels cannot name: judged by how many new ids appeared. */
function byCount(missing: number, rooms: ListedRoom[], before: ListedRoom[] | undefined, exchanges: string[]): Verdict {
  const known = new Set((before ?? []).map((r) => r.wbp_room_id));
  const fresh = rooms.filter((r) => !known.has(r.wbp_room_id));
  if (fresh.length >= missing) {
    return pass(
      `GetRoomTypes lists no labels, so the rooms were matched by their ids: ${fresh.length} room id(s) new since before the operation, ${missing} expected`,
      { exchanges },
    );
  }
  return fail(unexpected('new rooms in GetRoomTypes (it lists no labels, so matched by ids)', `${missing} new room id(s)`, `${fresh.length}`), {
    exchanges,
    pointer: '/Rooms',
  });
}

export const propertyRoomsListed: CodeCheck = readBack({
  name: 'property-rooms-listed',
  description:
    'GetRoomTypes lists every room sent (args: rooms = Room objects as sent; added = how many of them are new, default all; before = GetRoomTypes answer before; answers = answers that may map ids; after)',
  run(input) {
    const { subject, args, exchanges } = input;
    if (!Array.isArray(args.rooms)) return harnessError('the check names no rooms (with: rooms)', { exchanges });
    const sent = sentRooms(args.rooms);
    if (sent.length === 0) return skip('Not applicable: no room was sent', 'not-applicable', { exchanges });
    const rooms = readList(subject, listedRooms, 'GetRoomTypes', exchanges);
    if (isVerdict(rooms)) return rooms;
    const found = sent.map((room) => findRoom(room, rooms, args.answers));
    const missing = sent.filter((_, i) => !found[i]);
    const shown = found
      .filter((f): f is FoundRoom => f !== undefined)
      .map(describeRoom)
      .join('; ');
    if (missing.length === 0) return pass(`GetRoomTypes lists the ${sent.length} room(s) sent: ${shown}`, { exchanges });
    if (!showsLabels(rooms)) {
      const added = Number.isInteger(args.added) ? Math.min(args.added as number, missing.length) : missing.length;
      const before = args.before === undefined ? undefined : listedRooms(args.before);
      return byCount(added, rooms, before, exchanges);
    }
    const what = missing.map((room) => `PMS room ${room.pms_room_id} labelled ${JSON.stringify(room.label)}`);
    return fail(
      unexpected(
        'rooms missing from GetRoomTypes',
        'none',
        what,
        `listed: ${rooms
          .slice(0, 10)
          .map((r) => `${r.wbp_room_id} ${JSON.stringify(r.label ?? null)}`)
          .join(', ')}`,
      ),
      {
        exchanges,
        pointer: '/Rooms',
        expected: sent.map((r) => r.label),
        actual: rooms.slice(0, 20).map((r) => r.label ?? r.wbp_room_id),
      },
    );
  },
});

export const propertyRoomsGone: CodeCheck = readBack({
  name: 'property-rooms-gone',
  description:
    'GetRoomTypes no longer lists the rooms deleted (args: rooms = the rooms as sent earlier, with their labels; before = GetRoomTypes answer before the deletion; answers; after)',
  run(input) {
    const { subject, args, exchanges } = input;
    const sent = sentRooms(args.rooms);
    if (sent.length === 0) return harnessError('the check names no room (with: rooms)', { exchanges });
    const before = listedRooms(args.before);
    if (!before) return skip('Blocked: there is no GetRoomTypes list from before the deletion', 'blocked', { exchanges });
    const rooms = readList(subject, listedRooms, 'GetRoomTypes', exchanges);
    if (isVerdict(rooms)) return rooms;
    const earlier = sent.map((room) => findRoom(room, before, args.answers));
    if (earlier.every((f) => f === undefined) && !showsLabels(before)) {
      const dropped = before.length - rooms.length;
      return dropped >= sent.length
        ? pass(`GetRoomTypes lists no labels; it lists ${dropped} room(s) fewer than before the deletion`, { exchanges })
        : fail(
            unexpected('rooms in GetRoomTypes after the deletion (it lists no labels, so counted)', `${before.length - sent.length} or fewer`, rooms.length),
            { exchanges, pointer: '/Rooms' },
          );
    }
    const ids = new Set(earlier.flatMap((f) => (f ? [f.wbp_room_id] : [])));
    const kept = rooms.filter((room) => ids.has(room.wbp_room_id) || sent.some((s) => shows(room.label, s.label)));
    if (kept.length === 0) return pass(`GetRoomTypes no longer lists the ${sent.length} deleted room(s)`, { exchanges });
    return fail(
      unexpected(
        'deleted rooms still listed by GetRoomTypes',
        'none',
        kept.map((r) => `OTA room ${r.wbp_room_id} ${JSON.stringify(r.label ?? null)}`),
      ),
      {
        exchanges,
        pointer: '/Rooms',
        actual: kept.map((r) => r.wbp_room_id),
      },
    );
  },
});

function missingPlans(sentList: ReturnType<typeof sentRooms>, rooms: ListedRoom[], plans: ListedPlan[], answers: unknown): string[] {
  return sentList.flatMap((sent) => {
    const room = findRoom(sent, rooms, answers);
    return sent.plans
      .filter((plan) => plan.labels.length > 0 || room)
      .filter((plan) => findPlans(plan, room, plans, answers).length === 0)
      .map(
        (plan) =>
          `PMS rate ${plan.pms_rate_id} ${JSON.stringify(plan.labels[0] ?? null)} of room ${sent.pms_room_id}${room ? ` (OTA room ${room.wbp_room_id})` : ''}`,
      );
  });
}

export const propertyRatesListed: CodeCheck = readBack({
  name: 'property-rates-listed',
  description:
    'GetRatePlans lists every rate plan sent, for its room or for all rooms ("0"), matched by title (args: rooms = Room objects as sent; room_list = GetRoomTypes answer after; answers; after)',
  run(input) {
    const { subject, args, exchanges } = input;
    if (!Array.isArray(args.rooms)) return harnessError('the check names no rooms (with: rooms)', { exchanges });
    const sent = sentRooms(args.rooms).filter((room) => room.plans.length > 0);
    // Rate plans are optional in a Room: a property sent without any has none to list.
    if (sent.length === 0) return skip('Not applicable: no room was sent with rate plans', 'not-applicable', { exchanges });
    const plans = readList(subject, listedPlans, 'GetRatePlans', exchanges);
    if (isVerdict(plans)) return plans;
    const rooms = listedRooms(args.room_list) ?? [];
    const missing = missingPlans(sent, rooms, plans, args.answers);
    const count = sent.reduce((n, room) => n + room.plans.length, 0);
    if (missing.length === 0) return pass(`GetRatePlans lists the ${count} rate plan(s) sent, each for its room or for all rooms`, { exchanges });
    return fail(
      unexpected(
        'rate plans missing from GetRatePlans',
        'none',
        missing.slice(0, 20),
        `listed titles: ${plans
          .slice(0, 10)
          .map((p) => JSON.stringify(p.title))
          .join(', ')}`,
      ),
      {
        exchanges,
        pointer: '/RatePlans',
        actual: missing.slice(0, 20),
      },
    );
  },
});

export const propertyRatesGone: CodeCheck = readBack({
  name: 'property-rates-gone',
  description:
    'GetRatePlans no longer lists a deleted rate plan, in any room (args: rateplan = the rate plan as sent earlier, with its labels; before = GetRatePlans answer before the deletion; after)',
  run(input) {
    const { subject, args, exchanges } = input;
    const plan = sentPlan(args.rateplan);
    if (!plan || plan.labels.length === 0) return harnessError('the check names no labelled rate plan (with: rateplan)', { exchanges });
    const before = listedPlans(args.before);
    if (!before) return skip('Blocked: there is no GetRatePlans list from before the deletion', 'blocked', { exchanges });
    const earlier = before.filter((p) => titleMatches(p.title, plan));
    if (earlier.length === 0)
      return skip(`Blocked: GetRatePlans did not list the rate plan ${JSON.stringify(plan.labels[0])} before the deletion (see rate-plans-listed)`, 'blocked', {
        exchanges,
      });
    const plans = readList(subject, listedPlans, 'GetRatePlans', exchanges);
    if (isVerdict(plans)) return plans;
    const keys = new Set(earlier.map((p) => `${p.wbp_room_id}|${p.wbp_rate_id}`));
    const kept = plans.filter((p) => keys.has(`${p.wbp_room_id}|${p.wbp_rate_id}`) || titleMatches(p.title, plan));
    if (kept.length === 0) return pass(`GetRatePlans no longer lists the ${earlier.length} listing(s) of the deleted rate plan`, { exchanges });
    const what = kept.map((p) => `${p.wbp_room_id}/${p.wbp_rate_id} ${JSON.stringify(p.title)}`);
    return fail(unexpected('deleted rate plan still listed by GetRatePlans', 'none', what.slice(0, 20)), {
      exchanges,
      pointer: '/RatePlans',
      actual: what.slice(0, 20),
    });
  },
});

export const propertyRoomLabel: CodeCheck = readBack({
  name: 'property-room-label',
  description: 'GetRoomTypes shows the label a room was given (args: room = the Room as sent; old_label; before = GetRoomTypes answer before; answers; after)',
  run(input) {
    const { subject, args, exchanges } = input;
    const [room] = sentRooms(args.room);
    if (!room || room.label === '' || typeof args.old_label !== 'string')
      return harnessError('the check names no labelled room and old label (with: room, old_label)', { exchanges });
    const rooms = readList(subject, listedRooms, 'GetRoomTypes', exchanges);
    if (isVerdict(rooms)) return rooms;
    if (!showsLabels(rooms))
      return skip('Not applicable: GetRoomTypes lists no room labels (label is optional), so a new label cannot be seen', 'not-applicable', { exchanges });
    const earlier = findRoom({ ...room, label: args.old_label }, listedRooms(args.before) ?? [], args.answers);
    const listed = earlier ? rooms.find((r) => r.wbp_room_id === earlier.wbp_room_id) : rooms.find((r) => shows(r.label, room.label));
    if (listed && shows(listed.label, room.label))
      return pass(`OTA room ${listed.wbp_room_id} shows the new label ${JSON.stringify(listed.label)}`, { exchanges });
    return fail(
      unexpected(`label of PMS room ${room.pms_room_id}${listed ? ` (OTA room ${listed.wbp_room_id})` : ''}`, room.label, listed?.label ?? '(room not listed)'),
      {
        exchanges,
        pointer: '/Rooms',
        expected: room.label,
        actual: listed?.label ?? null,
      },
    );
  },
});

export const propertyPlanTitle: CodeCheck = readBack({
  name: 'property-plan-title',
  description:
    'GetRatePlans shows the new title of a rate plan UpdateRatePlan renamed, in every room that lists it (args: rateplan = as sent; old_rateplan = as sent before; after)',
  run(input) {
    const { subject, args, exchanges } = input;
    const plan = sentPlan(args.rateplan);
    const old = sentPlan(args.old_rateplan);
    if (!plan || plan.labels.length === 0 || !old) return harnessError('the check names no labelled rate plan (with: rateplan, old_rateplan)', { exchanges });
    const plans = readList(subject, listedPlans, 'GetRatePlans', exchanges);
    if (isVerdict(plans)) return plans;
    const renamed = plans.filter((p) => titleMatches(p.title, plan));
    const stale = plans.filter((p) => titleMatches(p.title, old) && !titleMatches(p.title, plan));
    if (renamed.length > 0 && stale.length === 0) return pass(`GetRatePlans shows the new title ${JSON.stringify(renamed[0]!.title)}`, { exchanges });
    return fail(unexpected('rate plan title after UpdateRatePlan', plan.labels[0], stale.map((p) => p.title).slice(0, 5)), {
      exchanges,
      pointer: '/RatePlans',
      expected: plan.labels,
      actual: stale.map((p) => p.title).slice(0, 5),
    });
  },
});

export const PROPERTY_EFFECT_CHECKS: CodeCheck[] = [
  propertyRoomsListed,
  propertyRoomsGone,
  propertyRatesListed,
  propertyRatesGone,
  propertyRoomLabel,
  propertyPlanTitle,
];
