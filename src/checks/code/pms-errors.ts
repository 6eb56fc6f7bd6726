// Code checks of a PMS's reaction to the channel manager's error paths (PMS target): takes
// the inbound traffic, gives verdicts on whether a booking whose GetBookingId the mock
// answered with an error (a scenario step's) was fetched again, successfully (a failed
// fetch imports nothing, so the booking must be fetched until it is), and whether a full
// refresh went on after one of its ARIUpdates was answered with an error (D-324).
import { operationOf as op, succeeded } from '../../spec/exchange.js';
import type { LiveExchange } from '../../spec/exchange.js';
import { coverageReport } from '../ari-ledger.js';
import { owedNights } from '../coverage.js';
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

export const ariAfterError: CodeCheck = {
  name: 'ari-after-error',
  description:
    "a full refresh goes on after one of its ARIUpdates was answered with an error: more ARIUpdates follow the refused one, or the refused one was the refresh's last and every pair is covered",
  run({ pms, traffic, profile }) {
    if (!pms) return skip('no mock channel manager in this run', 'not-applicable');
    const updates = (traffic ?? []).filter((x) => op(x) === 'ARIUpdate');
    if (updates.length === 0) return skip('the PMS sent no ARIUpdate in this window (its coverage check judges the silence)', 'blocked');
    const refusedAt = updates.findIndex((x) => x.injected !== undefined);
    if (refusedAt < 0) {
      // An ARIUpdate of its own just before the refresh took the error: the PMS went on after it all the same.
      const before = pms.inbound.find((x) => op(x) === 'ARIUpdate' && x.injected !== undefined && x.at <= updates[0]!.at);
      return before
        ? pass(`ARIUpdate ${before.record.id} took the error (${before.injected}) just before the refresh; ${updates.length} ARIUpdate request(s) followed`, {
            exchanges: [before.record.id, updates[0]!.record.id],
          })
        : skip('no ARIUpdate was answered with the error', 'not-applicable');
    }
    const refused = updates[refusedAt]!;
    // Several PMS properties may refresh in the window (D-400): the refused one's refresh must go on.
    const property = pmsIdOf(refused);
    const after = updates.slice(refusedAt + 1).filter((x) => pmsIdOf(x) === property);
    const told = `ARIUpdate ${refused.record.id} was answered with an error on purpose (${refused.injected})`;
    if (after.length > 0)
      return pass(`${told}; the refresh went on: ${after.length} more ARIUpdate request(s)`, { exchanges: [refused.record.id, after[0]!.record.id] });
    const own = property === undefined ? undefined : pms.propertyLedger?.(pms.windowKey, Number(property));
    const ledger = own ?? pms.ledger(pms.windowKey);
    const owed = owedNights(pms.windowStart, ledger?.firstAt, profile.intervals.clockSkewMs);
    const gaps = ledger ? coverageReport(ledger, pms.mappedPairs, owed.from, owed.to).filter((r) => r.gaps.length > 0) : pms.mappedPairs;
    if (gaps.length === 0) return pass(`${told}; it was the refresh's last request and every pair is covered`, { exchanges: [refused.record.id] });
    return fail(
      unexpected(
        `the full refresh after ${refused.record.id}`,
        'the rest of the refresh (an error answer to one ARIUpdate does not end it)',
        `no ARIUpdate after it; ${gaps.length} pair(s) left with gaps, e.g. ${gaps[0]!.room} x ${gaps[0]!.rate}`,
      ),
      { exchanges: [refused.record.id], expected: 'ARIUpdate after the refused one', actual: `none (${updates.length} before and including it)` },
    );
  },
};

/** The pms_property_id an exchange's request was sent in (as text), when it can be read. */
function pmsIdOf(x: LiveExchange): string | undefined {
  const id = x.request.ok ? (x.request.value as Record<string, unknown> | null)?.pms_property_id : undefined;
  return typeof id === 'string' || typeof id === 'number' ? String(id) : undefined;
}

export const PMS_ERROR_CHECKS: CodeCheck[] = [fetchRetried, ariAfterError];
