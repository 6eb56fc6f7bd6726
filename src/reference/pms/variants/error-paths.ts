// Variants of the reference PMS's handling of the channel manager's error answers: takes
// nothing, gives the variants that end a full refresh at the first ARIUpdate refused, and
// that take a refused AckBooking (4004) for a failed import (no availability update).
import type { PmsFault } from '../faults.js';
import type { PmsVariant } from './variant.js';

type ErrorPathFault = 'refresh-stops-on-error' | 'ack-refused-drops-booking';

export const ERROR_PATH_VARIANTS: Readonly<Record<ErrorPathFault, PmsVariant>> = {
  'refresh-stops-on-error': (Base) =>
    class extends Base {
      override continuesRefreshAfterError(): boolean {
        return false;
      }
    },
  'ack-refused-drops-booking': (Base) =>
    class extends Base {
      override keepsBookingWhenAckRefused(): boolean {
        return false;
      }
    },
} satisfies Partial<Record<PmsFault, PmsVariant>>;
