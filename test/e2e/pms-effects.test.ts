// The PMS target with the channel manager's own reservation format and other declared
// capabilities: the reference PMS is certified when the mock serves a template's format
// (extra fields included), a PMS declaring neither BookingCreate nor NotifyBooking is denied,
// and a bad template is a usage error (exit 2) naming file, line and field.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCommand } from '../../src/cli/commands/run.js';
import { exitCodeForError } from '../../src/cli/exit-codes.js';
import { ProfileError } from '../../src/support/errors.js';
import { packagePath } from '../../src/support/package-root.js';
import { captureIo, check, details, problems } from './helpers.js';
import { withTestClock, writeTestPmsProfile } from './pms-profile.js';

const EXAMPLE = packagePath('docs', 'suites', 'pms', 'reservation-template.example.json');

async function certify(edit: (profile: string, dir: string) => string, suite: string[]) {
  return withTestClock(async (clock) => {
    const io = captureIo(clock);
    const file = writeTestPmsProfile(io.cwd);
    writeFileSync(file, edit(readFileSync(file, 'utf8'), io.cwd));
    const outcome = await runCommand({ target: 'pms', reference: true, profile: file, suite }, io);
    return { ...outcome, io };
  });
}

describe.concurrent("PMS target: the channel manager's format and declared capabilities", () => {
  it('certifies the reference PMS when the mock serves the reservation template (GetBookingId and BookingCreate); the report names the format', async () => {
    const { result, exitCode } = await certify(
      (p) => `${p}mock:\n  reservation_template: ${EXAMPLE}\n`,
      ['setup', 'full-refresh', 'booking-polling', 'callbacks', 'effects'],
    );
    expect(problems(result), details(result)).toEqual([]);
    expect(exitCode).toBe(0);
    const fetched = result.exchanges.find((x) => x.direction === 'inbound' && x.operation === 'GetBookingId');
    expect(fetched?.response?.body).toContain('"Departure"');
    const pushed = result.exchanges.find((x) => x.direction === 'outbound' && x.operation === 'BookingCreate');
    expect(pushed?.request.body).toContain('via the channel manager');
    expect(result.notes.join(' ')).toContain('reservation-template.example.json');
  }, 60_000);

  it('without a template the report prints the built-in conventions (room id, EndDate = last night)', async () => {
    const { result } = await certify((p) => p, ['setup']);
    const note = result.notes.find((n) => n.includes('built-in format'));
    expect(note).toContain('Rooms[].ChannelRoomType');
    expect(note).toContain('EndDate is the LAST NIGHT');
  }, 60_000);

  it('denies a PMS that implements neither BookingCreate nor NotifyBooking; without hooks.change_price the price check is not applicable', async () => {
    const withoutHook = (p: string) => p.replace(/  # Optional: alters a price[\s\S]*?change-price\}\n/, '');
    const { result, exitCode } = await certify(
      (p) => withoutHook(p).replace(/capabilities: \[[^\]]*\]/, 'capabilities: [AckBooking, RoomInfo]'),
      ['setup', 'booking-polling', 'effects'],
    );
    expect(check(result, 'pms.callback.notify-without-create')?.outcome).toBe('fail');
    const price = check(result, 'pms.ari.price-change-sent');
    expect([price?.outcome, price?.skipKind]).toEqual(['skip', 'not-applicable']);
    expect(price?.message).toContain('hooks.change_price');
    expect(result.verdict).toBe('not-certified');
    expect(exitCode).toBe(1);
  }, 60_000);

  it('a bad template is a ProfileError (exit 2) naming the template file, line and field', async () => {
    const run = certify(
      (p, dir) => {
        writeFileSync(join(dir, 'cm-format.json'), '{\n  "OrderId": "{{booking.id}}",\n  "Arrival": "{{room.arrival}}"\n}\n');
        return `${p}mock:\n  reservation_template: cm-format.json\n`;
      },
      ['setup'],
    );
    await expect(run).rejects.toThrow(ProfileError);
    await expect(run).rejects.toThrow(/cm-format\.json:3 \(\/Arrival\).*room\.arrival/);
    expect(exitCodeForError(new ProfileError('x'))).toBe(2);
  }, 60_000);
});

describe('PMS target: a declared hook that fails', () => {
  it('leaves the check of its effect unproven (blocked, the run incomplete), not passed as not applicable', async () => {
    // Port 9 (discard) on 127.0.0.1: nothing listens, the hook's request is refused.
    const deadHook = (p: string) => p.replace(/\$\{CM_REFERENCE_PMS_CANCEL_BOOKING_URL:-[^}]*\}/, 'https://127.0.0.1:9/test/cancel-booking');
    const { result, exitCode } = await certify(deadHook, ['setup', 'effects']);
    const verbatim = check(result, 'pms.booking.cancel-id-verbatim');
    expect([verbatim?.outcome, verbatim?.skipKind]).toEqual(['skip', 'blocked']);
    expect(verbatim?.message).toContain('cancel-in-pms');
    expect(verbatim?.message).toContain('hook cancel_booking failed');
    expect(result.verdict).toBe('incomplete');
    expect(exitCode).not.toBe(0);
  }, 60_000);
});
