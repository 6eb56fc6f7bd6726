// Variants of the reference PMS's callbacks: takes nothing, gives the variants that ignore
// ARIFullRefresh or NotifyBooking (always, in some cases, or for all but the first property),
// answer a callback wrongly (success false, HTTP 500, text/plain, RoomInfo without units) or
// serve no RoomInfo path.
import { PMS_ERROR_IDS, type CallbackAnswer, errorAnswer } from '../callbacks.js';
import type { PmsFault } from '../faults.js';
import { type PmsVariant, transformCallback } from './variant.js';

type CallbackFault =
  | 'no-refresh-on-callback'
  | 'refresh-needs-pms-id'
  | 'refresh-needs-wbp-id'
  | 'refresh-first-property-only'
  | 'notify-no-poll'
  | 'notify-ignores-changes'
  | 'notify-error'
  | 'booking-create-http-500'
  | 'room-info-missing-units'
  | 'callback-text-plain'
  | 'no-room-info-path';

type Named = { pms?: boolean | undefined; wbp?: boolean | undefined };

/** ARIFullRefresh starts a refresh only when `starts` says so. */
function refreshOnlyIf(starts: (by: Named) => boolean): PmsVariant {
  return (Base) =>
    class extends Base {
      override refreshesOnCallback(by: Named): boolean {
        return starts(by) && super.refreshesOnCallback(by);
      }
    };
}

/** NotifyBooking starts a poll only when `polls` says so. */
function pollOnlyIf(polls: (known: boolean) => boolean): PmsVariant {
  return (Base) =>
    class extends Base {
      override pollsOnNotify(known: boolean): boolean {
        return polls(known) && super.pollsOnNotify(known);
      }
    };
}

function withoutUnits(answer: CallbackAnswer): CallbackAnswer {
  const rooms = answer.body.RoomInfo as Array<Record<string, unknown>>;
  return { ...answer, body: { ...answer.body, RoomInfo: rooms.map(({ units: _units, ...room }) => room) } };
}

export const CALLBACK_VARIANTS: Readonly<Record<CallbackFault, PmsVariant>> = {
  'no-refresh-on-callback': refreshOnlyIf(() => false),
  'refresh-needs-pms-id': refreshOnlyIf((by) => by.pms === true),
  'refresh-needs-wbp-id': refreshOnlyIf((by) => by.wbp === true),
  // Resolves wbp_property_id to its first property only: the others mapped to it are not refreshed.
  'refresh-first-property-only': (Base) =>
    class extends Base {
      override refreshedAlongside(): readonly number[] {
        return [];
      }
    },
  'notify-no-poll': pollOnlyIf(() => false),
  // A booking it imported before is not polled for again.
  'notify-ignores-changes': pollOnlyIf((known) => !known),
  // Polls, but answers success false.
  'notify-error': transformCallback('NotifyBooking', () => errorAnswer(PMS_ERROR_IDS.internal, 'The booking could not be processed.')),
  'booking-create-http-500': transformCallback('BookingCreate', (answer) => ({ ...answer, status: 500 })),
  'callback-text-plain': transformCallback('RoomInfo', (answer) => ({ ...answer, contentType: 'text/plain; charset=utf-8' })),
  'room-info-missing-units': transformCallback('RoomInfo', withoutUnits),
  'no-room-info-path': (Base) =>
    class extends Base {
      override servesCallbackPath(name: string): boolean {
        return name !== 'RoomInfo' && super.servesCallbackPath(name);
      }
    },
} satisfies Partial<Record<PmsFault, PmsVariant>>;
