// Broken variants only a sequence of operations shows (suites/ota/55-model.yaml): takes
// nothing, gives each fault's description and the variant whose GetBookingList leaves out a
// change made exactly 5:00 before the version, which forgets a modification made after an
// acknowledgement, or whose DeleteRoom refuses a room UpdateRoom made.
import { OTA_ERROR_IDS, type ChannelManagerOptions, type RequestBody, failure } from '../../../channel-manager/index.js';
import { LIMITS, SPEC } from '../../../spec/sections.js';
import type { OtaFault, OtaFaultInfo } from '../faults.js';
import type { OtaVariant } from './variant.js';

const ep = SPEC.endpoint;

export const SEQUENCE_FAULTS = {
  'booking-list-exclusive-at-5min': {
    description:
      'GetBookingList lists changes made after the version minus 5 minutes, leaving out one made exactly 5:00 before it (at least 5 minutes must be subtracted)',
    spec: ep('GetBookingList'),
  },
  'booking-modify-after-ack-forgotten': {
    description:
      'A guest modification of an acknowledged booking is kept in the stay, but the booking is neither flagged IsModification nor listed again as changed',
    spec: ep('GetBookingList'),
  },
  'delete-room-updateroom-refused': {
    description: 'DeleteRoom refuses a room that UpdateRoom created (it knows only the rooms of CreateProperty)',
    spec: ep('DeleteRoom'),
  },
} satisfies Partial<Record<OtaFault, OtaFaultInfo>>;

type SequenceFault = keyof typeof SEQUENCE_FAULTS;

/** Rooms UpdateRoom created, per candidate: `wbp_property_id/pms_room_id`. */
const madeByUpdate = new WeakMap<object, Set<string>>();

const roomKey = (body: RequestBody, holder: 'room'): string => {
  const room = body[holder] as Record<string, unknown> | undefined;
  return `${String(body.wbp_property_id)}/${String(room?.pms_room_id)}`;
};

export const SEQUENCE_VARIANTS: Readonly<Record<SequenceFault, OtaVariant>> = {
  // A change at second S is listed for a version V only when S > V - 5:00 (the core: S >= V - 5:00).
  'booking-list-exclusive-at-5min': (Base) =>
    class extends Base {
      protected override sinceCutoff(version: number): number {
        return version - LIMITS.bookingVersionOffsetMs + 1000;
      }
    },
  'booking-modify-after-ack-forgotten': (Base) =>
    class extends Base {
      override modifyBooking(id: string): boolean {
        const before = this.bookings.get(id);
        const kept = before && before.acknowledged ? { modified: before.modified, changedAt: before.changedAt, revision: before.revision } : undefined;
        const changed = super.modifyBooking(id);
        if (changed && kept) Object.assign(this.bookings.get(id)!, kept);
        return changed;
      }
    },
  'delete-room-updateroom-refused': (Base) =>
    class extends Base {
      constructor(options: ChannelManagerOptions) {
        super(options);
        madeByUpdate.set(this, new Set());
      }
      protected override operate(...args: Parameters<InstanceType<typeof Base>['operate']>): ReturnType<InstanceType<typeof Base>['operate']> {
        const [operation, body, target] = args;
        const made = madeByUpdate.get(this)!;
        if (operation === 'UpdateRoom' && target !== 'main') {
          const id = (body.room as Record<string, unknown> | undefined)?.pms_room_id;
          if (!target.rooms.some((room) => room.pms_room_id === id)) made.add(roomKey(body, 'room'));
        }
        if (operation === 'DeleteRoom' && made.has(roomKey(body, 'room'))) {
          return failure(OTA_ERROR_IDS.badRequest, `Unknown room ${String((body.room as Record<string, unknown>).pms_room_id)}.`);
        }
        return super.operate(...args);
      }
    },
} satisfies Partial<Record<OtaFault, OtaVariant>>;
