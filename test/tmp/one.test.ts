import { it } from 'vitest';
import { runCommand } from '../../src/cli/commands/run.js';
import { captureIo, details } from '../e2e/helpers.js';
import { withTestClock, writeTestPmsProfile } from '../e2e/pms-profile.js';
it('one', async () => {
  const r = await withTestClock(async (clock) => {
    const io = captureIo(clock);
    const profile = writeTestPmsProfile(io.cwd);
    return (await runCommand({ target: 'pms', reference: true, profile, variant: [process.env.V as never] }, io)).result;
  });
  console.log(details(r));
  const t0 = Date.parse(r.startedAt);
  console.log(
    r.exchanges
      .filter((x) => ['GetBookingList', 'GetBookingId', 'NotifyBooking', 'ARIUpdate'].includes(x.operation))
      .map((x) => `${x.id}:${x.operation.replace('GetBooking', '')}@${Math.round((Date.parse(x.startedAt) - t0) / 100) / 10}`)
      .join(' '),
  );
}, 300_000);
