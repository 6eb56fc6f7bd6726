// Polling against the reference OTA: null first, then the send time of the last successful
// poll (a failed poll does not move it), one poll per interval of clock time, and each
// new or changed booking fetched, acknowledged and followed by an availability update.
import { afterEach, describe, expect, it } from 'vitest';
import { jsonResponse, textResponse } from '../../../src/channel-manager/index.js';
import { addDays, formatBookingVersion, formatDate, parseBookingVersion } from '../../../src/support/time.js';
import { POLL_MS, type Pair, closeAll, connect, startPair, waitFor } from './helpers.js';

afterEach(closeAll);

const indexOf = (pair: Pair, operation: string, bookingId: string): number =>
  pair.received.findIndex((r) => r.operation === operation && r.body.booking_id === bookingId);

/** Creates a booking in the OTA once the first poll is done; gives its id and first night. */
async function bookAfterFirstPoll(pair: Pair): Promise<{ id: string; start: string }> {
  await waitFor(() => pair.pms.state.polls.length >= 1 && pair.of('AckBooking').length >= 6, 4_000, 'the first poll');
  const id = pair.ota.model.createBooking({ arrivalInDays: 40, nights: 3 });
  return { id, start: addDays(formatDate(pair.clock.now()), 40) };
}

describe('polling', () => {
  it('sends null first, then the send time of the last successful poll, once per interval', async () => {
    const pair = await startPair();
    await connect(pair);
    await waitFor(() => pair.pms.state.polls.length >= 4, 4_000, 'four polls');
    const polls = pair.pms.state.polls;
    expect(polls[0]!.version).toBeNull();
    for (let i = 1; i < 4; i += 1) {
      expect(polls[i]!.version).toBe(formatBookingVersion(polls[i - 1]!.at));
      const gap = polls[i]!.at - polls[i - 1]!.at;
      expect(gap).toBeGreaterThanOrEqual(POLL_MS);
      // The first poll imports the fixture's bookings and may outlast the interval under load.
      if (i > 1) expect(gap).toBeLessThan(POLL_MS * 1.5);
    }
    const received = pair.of('GetBookingList');
    expect(received[0]!.body.wbp_booking_version).toBeNull();
    expect(parseBookingVersion(received[1]!.body.wbp_booking_version)!).toBeLessThanOrEqual(received[0]!.at);
  });

  it('keeps the version of the last successful poll after polls answered with an error or non-JSON', async () => {
    const failure = jsonResponse(200, { success: false, errors: [{ id: 5000, msg: 'Service temporarily unavailable.' }] });
    const html = textResponse(502, '<html>Bad gateway</html>', 'text/html');
    const pair = await startPair({
      intercept: ({ operation, index }) => (operation !== 'GetBookingList' ? undefined : index === 1 ? failure : index === 2 ? html : undefined),
    });
    await connect(pair);
    await waitFor(() => pair.pms.state.polls.length >= 5, 4_000, 'five polls');
    const polls = pair.pms.state.polls;
    expect(polls.slice(0, 5).map((p) => p.ok)).toEqual([true, false, false, true, true]);
    const first = formatBookingVersion(polls[0]!.at);
    expect(polls.slice(1, 4).map((p) => p.version)).toEqual([first, first, first]);
    expect(polls[4]!.version).toBe(formatBookingVersion(polls[3]!.at));
  });

  it('fetches, acknowledges and follows a new booking with lower units for every plan of its room', async () => {
    const pair = await startPair();
    await connect(pair);
    const { id, start } = await bookAfterFirstPoll(pair);
    await waitFor(() => pair.pms.state.bookings.get(id)?.acked === true && pair.pms.state.availabilityUpdates >= 5, 4_000, 'the booking');
    const [fetched, acked] = [indexOf(pair, 'GetBookingId', id), indexOf(pair, 'AckBooking', id)];
    expect(fetched).toBeGreaterThan(0);
    expect(acked).toBeGreaterThan(fetched);
    await waitFor(() => pair.received.slice(acked).some((r) => r.operation === 'ARIUpdate'));
    const update = pair.received.slice(acked).find((r) => r.operation === 'ARIUpdate')!;
    expect(update.body.Inventory).toEqual(
      ['DBL-FLEX', 'DBL-BB', 'NONREF', 'LONGSTAY'].map((rate) => ({
        wbp_room_id: '4101',
        wbp_rate_id: rate,
        start_date: start,
        end_date: addDays(start, 2),
        units: 5,
      })),
    );
    expect(pair.ota.model.ari.get('4101', 'NONREF', addDays(start, 1))?.units).toBe(5);
    expect(pair.pms.state.bookings.get(id)).toMatchObject({ cancelled: false, source: 'poll', version: '1' });
  });

  it('does not fetch a booking listed again unchanged, and fetches it again when cancelled', async () => {
    const pair = await startPair();
    await connect(pair);
    const { id, start } = await bookAfterFirstPoll(pair);
    await waitFor(() => pair.pms.state.bookings.get(id)?.acked === true);
    const polled = pair.pms.state.polls.length;
    await waitFor(() => pair.pms.state.polls.length >= polled + 2, 4_000, 'two more polls');
    expect(pair.pms.state.polls.at(-1)!.listed).toContain(id);
    expect(pair.of('GetBookingId').filter((r) => r.body.booking_id === id)).toHaveLength(1);
    expect(pair.ota.model.bookings.cancel(id)).toBe('cancelled');
    await waitFor(() => pair.pms.state.bookings.get(id)?.cancelled === true && pair.pms.state.bookings.get(id)?.acked === true);
    expect(pair.of('GetBookingId').filter((r) => r.body.booking_id === id)).toHaveLength(2);
    expect(pair.of('AckBooking').filter((r) => r.body.booking_id === id)).toHaveLength(2);
    await waitFor(() => pair.ota.model.ari.get('4101', 'DBL-FLEX', start)?.units === 6, 4_000, 'units raised back');
    const last = pair.of('ARIUpdate').at(-1)!;
    expect(last.body.Inventory.every((i: { units: number }) => i.units === 6)).toBe(true);
  });

  it('fetches a booking again at the next poll when GetBookingId failed, though no longer listed', async () => {
    const failure = jsonResponse(200, { success: false, errors: [{ id: 2002, msg: 'Try again.' }] });
    let retried = 0;
    const pair = await startPair({
      intercept: ({ operation, body }) => (operation === 'GetBookingId' && body.booking_id === 'B-100' && !retried++ ? failure : undefined),
    });
    await connect(pair);
    await waitFor(() => pair.pms.state.bookings.get('B-100')?.acked === true, 4_000, 'B-100 imported');
    const fetches = pair.of('GetBookingId').filter((r) => r.body.booking_id === 'B-100');
    expect(fetches.map((r) => r.answer.success)).toEqual([false, true]);
    const second = pair.of('GetBookingList')[1]!;
    expect(second.answer.Bookings.map((b: { booking_id: string }) => b.booking_id)).not.toContain('B-100');
    expect(fetches[1]!.at).toBeGreaterThanOrEqual(second.at);
  });

  it('does not acknowledge when ackBooking is off', async () => {
    const pair = await startPair({ capabilities: { ackBooking: false } });
    await connect(pair);
    await waitFor(() => pair.pms.state.polls.length >= 2 && pair.pms.state.availabilityUpdates >= 4);
    expect(pair.of('GetBookingId')).toHaveLength(6);
    expect(pair.of('AckBooking')).toHaveLength(0);
  });
});
