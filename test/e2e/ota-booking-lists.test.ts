// Booking lists after a fetch, end to end against the reference OTA: a fetched and
// acknowledged booking is still listed with null; a booking modified through the optional
// modify_booking hook is listed again (versioned and null) with IsModification 1; without
// the hook those checks are not applicable and say why.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCommand } from '../../src/cli/commands/run.js';
import { packagePath } from '../../src/support/package-root.js';
import { captureIo, check } from './helpers.js';
import { testClock } from './pms-profile.js';

const MODIFIED = ['booking.modified.listed-version', 'booking.modified.listed-null', 'booking.modified.flagged'];

describe('booking lists after a fetch', () => {
  it('the reference OTA passes: acknowledged still listed with null, the modification listed and flagged', async () => {
    const { result } = await runCommand({ target: 'ota', reference: true, suite: ['booking-polling', 'ack'] }, captureIo(testClock()));
    for (const id of ['ack.fetched', 'ack.list-null.still-listed', ...MODIFIED]) expect(check(result, id)?.outcome, id).toBe('pass');
    expect(result.verdict).toBe('passed-partial');
  });

  it('without hooks.modify_booking in the profile, the modification checks are not applicable, with the reason', async () => {
    const io = captureIo(testClock());
    const text = readFileSync(packagePath('fixtures', 'profiles', 'reference-ota.yaml'), 'utf8');
    const cut = text.replace(/\n {2}# Optional: a guest changes[\s\S]*?\/test\/bookings\/modify\n/, '\n');
    expect(cut).not.toContain('modify_booking');
    const profile = join(io.cwd, 'ota.yaml');
    writeFileSync(profile, cut);
    const { result } = await runCommand({ target: 'ota', reference: true, profile, suite: ['booking-polling'] }, io);
    for (const id of MODIFIED) {
      const c = check(result, id);
      expect(c?.outcome, id).toBe('skip');
      expect(c?.skipKind, id).toBe('not-applicable');
      expect(c?.message, id).toContain('hooks.modify_booking');
    }
    expect(result.exchanges.some((x) => x.operation === 'hook:modify_booking')).toBe(false);
    expect(result.verdict).toBe('passed-partial');
  });
});
