// Code checks of a PMS's reaction to the channel manager's error paths (PMS target): takes
// the inbound traffic, gives a verdict on whether a booking whose GetBookingId the mock
// answered with an error (a scenario step's) was fetched again, successfully: a failed
// fetch imports nothing, so the booking must be fetched until it is.
import { operationOf as op, succeeded } from '../../spec/exchange.js';
import type { CodeCheck } from './types.js';
import { fail, pass, skip, unexpected } from '../check-verdict.js';

export const fetchRetried: CodeCheck = {
  name: 'fetch-retried',
  description: 'a booking (args.booking_id) whose GetBookingId was answered with an error is fetched again with GetBookingId, successfully',
  run({ pms, args }) {
    if (!pms) return skip('no mock channel manager in this run', 'not-applicable');
    const id = args.booking_id;
    const fetches = pms.inbound.filter(
      (x) => op(x) === 'GetBookingId' && x.request.ok && (x.request.value as { booking_id?: unknown } | null)?.booking_id === id,
    );
    const failed = fetches.find((x) => x.injected !== undefined);
    if (!failed) {
      return fetches.length === 0
        ? fail(unexpected(`GetBookingId for ${JSON.stringify(id)}`, 'a fetch of the listed booking', 'none'))
        : skip('the error was not answered to a fetch of this booking', 'blocked', { exchanges: fetches.map((x) => x.record.id).slice(0, 5) });
    }
    const again = fetches.find((x) => x.at >= failed.at && x !== failed && succeeded(x));
    if (again)
      return pass(`GetBookingId ${failed.record.id} got the error; ${again.record.id} fetched the booking again`, {
        exchanges: [failed.record.id, again.record.id],
      });
    return fail(
      unexpected(
        `GetBookingId for ${JSON.stringify(id)} after its fetch ${failed.record.id} was answered with an error`,
        'the booking fetched again, successfully',
        fetches.length > 1 ? `${fetches.length - 1} more fetch(es), none successful` : 'no other fetch',
      ),
      { exchanges: fetches.map((x) => x.record.id).slice(0, 5) },
    );
  },
};

export const PMS_ERROR_CHECKS: CodeCheck[] = [fetchRetried];
