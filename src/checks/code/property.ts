// Code checks of property sync (CreateProperty, UpdateRoom, DeleteRoom, DeleteRatePlan,
// UpdateRatePlan): takes an operation's answer, or a GetRoomTypes / GetRatePlans answer plus
// the mapping earlier answers carried, gives verdicts: the operation succeeded (or said it
// is not activated: a skip, never a pass), and the rooms and rate plans reflect it where
// the candidate mapped them (skipped as not applicable where it did not say).
import type { CodeCheck, CodeCheckInput } from './types.js';
import { fail, harnessError, pass, skip, unexpected } from '../types.js';
import type { Verdict } from '../types.js';
import {
  describeErrors,
  idList,
  listOf,
  mappedRooms,
  notActivatedError,
  unmetPrecondition,
} from './property-mapping.js';
import type { MappedRoom } from './property-mapping.js';

type Obj = Record<string, unknown>;

const NOT_SHOWN = 'its response is "not shown" in the spec, so only an answer carrying room_mappings tells which OTA ids belong to the PMS ids';

function operationName(args: Obj): string {
  return typeof args.operation === 'string' ? args.operation : 'the operation';
}

export const propertyAnswer: CodeCheck = {
  name: 'property-answer',
  description:
    'A property-sync operation answers success true; an error id listed in the profile\'s error_ids.not_activated skips as not applicable (args: operation; rest: true skips the rest of the suite too)',
  run({ subject, args, exchanges, profile }) {
    const op = operationName(args);
    const rest = args.rest === true ? { skipsRest: true } : {};
    const answer = subject as Obj | undefined;
    if (!answer || typeof answer !== 'object') return fail(`Unexpected ${op} answer: not a JSON object (see the protocol checks)`, { exchanges, ...rest });
    if (answer.success === true) return pass(`${op} answered success true`, { exchanges });
    const off = notActivatedError(answer, profile);
    if (off) {
      return skip(`Not applicable: the candidate answered that ${op} is not activated (${describeErrors(answer)}; error_ids.not_activated in the profile)`, 'not-applicable', { exchanges, ...rest });
    }
    return fail(unexpected(`${op} answer`, 'success true', `success ${JSON.stringify(answer.success)} with ${describeErrors(answer)}`), {
      exchanges, pointer: '/success', expected: true, actual: answer.success, ...rest,
    });
  },
};

interface ReflectionInput {
  /** The mapped rooms asked about, and the PMS ids nothing mapped. */
  mapped: MappedRoom[];
  unmapped: number[];
}

/** The precondition skip, or the mapped rooms of `args.pms_room_ids`. */
function readReflection(input: CodeCheckInput): ReflectionInput | Verdict {
  const { args, exchanges, profile } = input;
  const unmet = unmetPrecondition(args.after, profile, exchanges);
  if (unmet) return unmet;
  const rooms = mappedRooms(args.answers);
  const wanted = idList(args.pms_room_ids);
  if (wanted.length === 0) return harnessError('the check names no PMS room (with: pms_room_ids)', { exchanges });
  const mapped = wanted.flatMap((id) => (rooms.has(id) ? [rooms.get(id)!] : []));
  const unmapped = wanted.filter((id) => !rooms.has(id));
  if (mapped.length === 0) {
    return skip(`Not applicable: no answer maps PMS room(s) ${unmapped.join(', ')} to OTA rooms; ${NOT_SHOWN}`, 'not-applicable', { exchanges });
  }
  return { mapped, unmapped };
}

function unmappedNote(unmapped: number[]): string {
  return unmapped.length ? `; not mapped by any answer, so not checked: PMS room(s) ${unmapped.join(', ')}` : '';
}

function listedRooms(subject: unknown): Set<string> | undefined {
  const rooms = listOf(subject, 'Rooms');
  return rooms ? new Set(rooms.map((room) => String(room.wbp_room_id))) : undefined;
}

export const propertyRoomsListed: CodeCheck = {
  name: 'property-rooms-listed',
  description: 'GetRoomTypes lists the OTA room of every PMS room in pms_room_ids, as mapped by the answers (args: answers, pms_room_ids, after)',
  run(input) {
    const { subject, exchanges } = input;
    const read = readReflection(input);
    if ('status' in read) return read;
    const listed = listedRooms(subject);
    if (!listed) return skip('no Rooms list to look at (see schema.response)', 'blocked', { exchanges });
    const missing = read.mapped.filter((room) => !listed.has(room.wbp_room_id));
    const note = unmappedNote(read.unmapped);
    if (missing.length === 0) return pass(`GetRoomTypes lists the ${read.mapped.length} mapped room(s)${note}`, { exchanges });
    const what = missing.map((room) => `PMS room ${room.pms_room_id} (OTA room ${room.wbp_room_id})`);
    return fail(unexpected('rooms missing from GetRoomTypes', 'none', what, `listed: ${[...listed].slice(0, 20).join(', ')}${note}`), {
      exchanges, pointer: '/Rooms', expected: read.mapped.map((room) => room.wbp_room_id), actual: [...listed].slice(0, 20),
    });
  },
};

export const propertyRoomsGone: CodeCheck = {
  name: 'property-rooms-gone',
  description: 'GetRoomTypes no longer lists the OTA room of any PMS room in pms_room_ids, as mapped by the answers (args: answers, pms_room_ids, after)',
  run(input) {
    const { subject, exchanges } = input;
    const read = readReflection(input);
    if ('status' in read) return read;
    const listed = listedRooms(subject);
    if (!listed) return skip('no Rooms list to look at (see schema.response)', 'blocked', { exchanges });
    const kept = read.mapped.filter((room) => listed.has(room.wbp_room_id));
    if (kept.length === 0) return pass(`GetRoomTypes no longer lists the ${read.mapped.length} deleted room(s)${unmappedNote(read.unmapped)}`, { exchanges });
    const what = kept.map((room) => `PMS room ${room.pms_room_id} (OTA room ${room.wbp_room_id})`);
    return fail(unexpected('deleted rooms still listed by GetRoomTypes', 'none', what), { exchanges, pointer: '/Rooms', actual: kept.map((room) => room.wbp_room_id) });
  },
};

function planKeys(subject: unknown): Set<string> | undefined {
  const plans = listOf(subject, 'RatePlans');
  return plans ? new Set(plans.map((plan) => `${String(plan.wbp_room_id)}|${String(plan.wbp_rate_id)}`)) : undefined;
}

/** Listed for its room, or for every room ("0"). */
function isListed(keys: Set<string>, room: string, rate: string): boolean {
  return keys.has(`${room}|${rate}`) || keys.has(`0|${rate}`);
}

export const propertyRatesListed: CodeCheck = {
  name: 'property-rates-listed',
  description: 'GetRatePlans lists every rate plan the answers map for the rooms in pms_room_ids, for its room or for all rooms ("0") (args: answers, pms_room_ids, after)',
  run(input) {
    const { subject, exchanges } = input;
    const read = readReflection(input);
    if ('status' in read) return read;
    const keys = planKeys(subject);
    if (!keys) return skip('no RatePlans list to look at (see schema.response)', 'blocked', { exchanges });
    const pairs = read.mapped.flatMap((room) => room.rates.map((rate) => ({ room, rate })));
    if (pairs.length === 0) return skip(`Not applicable: the answers map no rate plans for these rooms; ${NOT_SHOWN}`, 'not-applicable', { exchanges });
    const missing = pairs.filter((p) => !isListed(keys, p.room.wbp_room_id, p.rate.wbp_rate_id));
    if (missing.length === 0) return pass(`GetRatePlans lists the ${pairs.length} mapped rate plan(s)${unmappedNote(read.unmapped)}`, { exchanges });
    const what = missing.map((p) => `PMS rate ${p.rate.pms_rate_id} of room ${p.room.pms_room_id} (OTA ${p.room.wbp_room_id}/${p.rate.wbp_rate_id})`);
    return fail(unexpected('rate plans missing from GetRatePlans', 'none', what), { exchanges, pointer: '/RatePlans', actual: what.slice(0, 20) });
  },
};

export const propertyRatesGone: CodeCheck = {
  name: 'property-rates-gone',
  description: 'GetRatePlans no longer lists the OTA rate plans mapped only from the PMS rate plans in pms_rate_ids, in any room (args: answers, pms_rate_ids, after)',
  run({ subject, args, exchanges, profile }) {
    const unmet = unmetPrecondition(args.after, profile, exchanges);
    if (unmet) return unmet;
    const deleted = new Set(idList(args.pms_rate_ids));
    if (deleted.size === 0) return harnessError('the check names no PMS rate plan (with: pms_rate_ids)', { exchanges });
    const rooms = [...mappedRooms(args.answers).values()];
    // An OTA rate that other, surviving PMS rates of the room also map to may stay.
    const gone = rooms.flatMap((room) =>
      room.rates
        .filter((rate) => deleted.has(rate.pms_rate_id))
        .filter((rate) => !room.rates.some((other) => !deleted.has(other.pms_rate_id) && other.wbp_rate_id === rate.wbp_rate_id))
        .map((rate) => ({ room, rate })),
    );
    if (gone.length === 0) return skip(`Not applicable: no answer maps PMS rate plan(s) ${[...deleted].join(', ')} to OTA rate plans; ${NOT_SHOWN}`, 'not-applicable', { exchanges });
    const keys = planKeys(subject);
    if (!keys) return skip('no RatePlans list to look at (see schema.response)', 'blocked', { exchanges });
    const kept = gone.filter((p) => keys.has(`${p.room.wbp_room_id}|${p.rate.wbp_rate_id}`));
    if (kept.length === 0) return pass(`GetRatePlans no longer lists the ${gone.length} OTA rate plan(s) of the deleted PMS rate plan(s)`, { exchanges });
    const what = kept.map((p) => `PMS rate ${p.rate.pms_rate_id} of room ${p.room.pms_room_id} (OTA ${p.room.wbp_room_id}/${p.rate.wbp_rate_id})`);
    return fail(unexpected('deleted rate plans still listed by GetRatePlans', 'none', what), { exchanges, pointer: '/RatePlans', actual: what.slice(0, 20) });
  },
};

export const propertyRoomLabel: CodeCheck = {
  name: 'property-room-label',
  description: 'GetRoomTypes shows the label a room was given, where it lists a label (args: answers, pms_room_id, label, after)',
  run(input) {
    const { subject, args, exchanges } = input;
    if (typeof args.label !== 'string') return harnessError('the check names no label (with: label)', { exchanges });
    const read = readReflection({ ...input, args: { ...args, pms_room_ids: args.pms_room_id } });
    if ('status' in read) return read;
    const room = read.mapped[0];
    const listed = room ? listOf(subject, 'Rooms')?.find((r) => String(r.wbp_room_id) === room.wbp_room_id) : undefined;
    if (!room || !listed) return skip('Blocked: the room is not listed (see the rooms-listed check)', 'blocked', { exchanges });
    if (listed.label === undefined) return skip('Not applicable: GetRoomTypes gives no label (label is optional)', 'not-applicable', { exchanges });
    if (listed.label === args.label) return pass(`OTA room ${room.wbp_room_id} shows the new label ${JSON.stringify(args.label)}`, { exchanges });
    return fail(unexpected(`label of OTA room ${room.wbp_room_id}`, args.label, listed.label), { exchanges, pointer: '/Rooms', expected: args.label, actual: listed.label });
  },
};

export const propertyUnchecked: CodeCheck = {
  name: 'property-unchecked',
  description: 'For an operation whose fields the spec does not show: no rule can be checked; skips as not applicable, with the exchange as evidence (args: operation)',
  run({ args, exchanges }) {
    const op = operationName(args);
    return skip(
      `Not applicable: no rule could be checked: the spec shows no request or response fields for ${op} ("Operations whose payloads are incomplete"). Only the envelope was judged, by the schema checks; the body is kept as evidence.`,
      'not-applicable',
      { exchanges },
    );
  },
};

export const PROPERTY_CHECKS: CodeCheck[] = [
  propertyAnswer,
  propertyRoomsListed,
  propertyRoomsGone,
  propertyRatesListed,
  propertyRatesGone,
  propertyRoomLabel,
  propertyUnchecked,
];
