// Booking ids as the PMS echoes them (PMS target): takes the run's inbound traffic (the
// mock's GetBookingList answers, the PMS's AckBooking requests) and the BookingCreate pushes,
// gives a verdict on whether every AckBooking carries a booking_id the channel manager
// listed or pushed before it, as the same string (booking-id-verbatim.2): not a number, not
// trimmed of leading zeros, not in another letter case.
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

function ackedId(x: LiveExchange): unknown {
  return x.request.ok ? (x.request.value as Obj | null)?.booking_id : undefined;
}

export const ackIdVerbatim: CodeCheck = {
  name: 'ack-id-verbatim',
  description: 'every AckBooking carries a booking_id that GetBookingList listed (or BookingCreate pushed) before it, as the same string, unchanged',
  run(input) {
    const pms = input.pms;
    if (!pms) return skip('no mock channel manager in this run', 'not-applicable');
    const acks = pms.inbound.filter((x) => op(x) === 'AckBooking' && x.at >= pms.windowStart && x.request.ok);
    if (acks.length === 0) return skip('no AckBooking in this window', 'not-applicable');
    const given = givenIds(pms);
    for (const ack of acks) {
      const id = ackedId(ack);
      if (typeof id === 'string' && given.some((g) => g.id === id && g.at <= ack.at)) continue;
      const near =
        typeof id === 'string' || typeof id === 'number'
          ? given.find((g) => g.id.toLowerCase().replace(/^0+/, '') === String(id).toLowerCase().replace(/^0+/, ''))
          : undefined;
      const expected = near
        ? `${JSON.stringify(near.id)} (the listed id, the same string)`
        : 'a booking_id the channel manager listed or pushed before, the same string';
      return fail(unexpected('AckBooking booking_id', described(expected), id ?? '(none)'), {
        exchanges: [ack.record.id],
        pointer: '/booking_id',
        expected,
        actual: id ?? null,
      });
    }
    return pass(`${acks.length} AckBooking request(s), each with a booking_id the channel manager gave, unchanged`);
  },
};
