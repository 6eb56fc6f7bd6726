// Booking ids as the PMS echoes them (PMS target): takes the run's inbound traffic (the
// mock's GetBookingList answers, the PMS's AckBooking and CancelBooking requests) and the
// BookingCreate pushes, gives a verdict on whether every AckBooking (booking-id-verbatim.2)
// or CancelBooking (.3) carries a booking_id the channel manager listed or pushed before it,
// as the same string: not a number, not trimmed of leading zeros, not in another letter case.
import { operationOf as op, succeeded, type LiveExchange } from '../../spec/exchange.js';
import { described, fail, pass, skip, unexpected } from '../check-verdict.js';
import type { CodeCheck, PmsFacts } from './types.js';

type Obj = Record<string, unknown>;

/** Ids the channel manager gave the PMS, each with when: listed by a successful GetBookingList, or pushed by an accepted BookingCreate. */
function givenIds(pms: PmsFacts): Array<{ id: string; at: number }> {
  const out: Array<{ id: string; at: number }> = [];
  for (const x of pms.inbound) {
    if (op(x) !== 'GetBookingList' || !succeeded(x) || !x.response?.ok) continue;
    const listed = (x.response.value as Obj | null)?.Bookings;
    if (Array.isArray(listed))
      for (const b of listed) if (typeof (b as Obj)?.booking_id === 'string') out.push({ id: (b as Obj).booking_id as string, at: x.at });
  }
  for (const x of pms.outbound ?? []) {
    if (x.operation !== 'BookingCreate') continue;
    try {
      const id = (JSON.parse(x.request.body) as { reservation?: { OrderId?: unknown } }).reservation?.OrderId;
      if (typeof id === 'string') out.push({ id, at: Date.parse(x.startedAt) });
    } catch {
      // A body cm-certify could not read back names no id.
    }
  }
  return out;
}

function sentId(x: LiveExchange): unknown {
  return x.request.ok ? (x.request.value as Obj | null)?.booking_id : undefined;
}

/** The check that every `operation` request carries a booking_id the channel manager gave before it, the same string. */
function idVerbatim(name: string, operation: 'AckBooking' | 'CancelBooking'): CodeCheck {
  return {
    name,
    description: `every ${operation} carries a booking_id that GetBookingList listed (or BookingCreate pushed) before it, as the same string, unchanged`,
    run(input) {
      const pms = input.pms;
      if (!pms) return skip('no mock channel manager in this run', 'not-applicable');
      const sent = pms.inbound.filter((x) => op(x) === operation && x.at >= pms.windowStart && x.request.ok);
      if (sent.length === 0) return skip(`no ${operation} in this window`, 'not-applicable');
      const given = givenIds(pms);
      for (const x of sent) {
        const id = sentId(x);
        if (typeof id === 'string' && given.some((g) => g.id === id && g.at <= x.at)) continue;
        const near =
          typeof id === 'string' || typeof id === 'number'
            ? given.find((g) => g.id.toLowerCase().replace(/^0+/, '') === String(id).toLowerCase().replace(/^0+/, ''))
            : undefined;
        const expected = near
          ? `${JSON.stringify(near.id)} (the listed id, the same string)`
          : 'a booking_id the channel manager listed or pushed before, the same string';
        return fail(unexpected(`${operation} booking_id`, described(expected), id ?? '(none)'), {
          exchanges: [x.record.id],
          pointer: '/booking_id',
          expected,
          actual: id ?? null,
        });
      }
      return pass(`${sent.length} ${operation} request(s), each with a booking_id the channel manager gave, unchanged`);
    },
  };
}

export const ackIdVerbatim: CodeCheck = idVerbatim('ack-id-verbatim', 'AckBooking');

/** booking-id-verbatim.3: the CancelBooking the cancel_booking hook makes the PMS send. */
export const cancelIdVerbatim: CodeCheck = idVerbatim('cancel-id-verbatim', 'CancelBooking');
