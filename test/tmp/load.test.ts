import { it } from 'vitest';
import { runCommand } from '../../src/cli/commands/run.js';
import { captureIo, check } from '../e2e/helpers.js';
import { withTestClock, writeTestPmsProfile } from '../e2e/pms-profile.js';
import { startCpuBurner, stopCpuBurner } from '../support/cpu-burner.js';

async function certify(variant: string[]) {
  return withTestClock(async (clock) => {
    const io = captureIo(clock);
    const profile = writeTestPmsProfile(io.cwd);
    const { result } = await runCommand(
      { target: 'pms', reference: true, profile, variant: variant as never, suite: ['setup', 'booking-polling', 'callbacks'] },
      io,
    );
    return result;
  });
}

it('under load', async () => {
  const burner = await startCpuBurner(Number(process.env.WORKERS ?? 3), 300_000);
  try {
    const runs = Number(process.env.RUNS ?? 4);
    const jobs = [];
    for (let i = 0; i < runs; i++) {
      if (!process.env.ONLY)
        jobs.push(
          certify(['notify-no-poll']).then(
            (r) =>
              `notify-no-poll: notify-fetches=${check(r, 'pms.callback.notify-fetches')?.outcome} notify-polls=${check(r, 'pms.callback.notify-polls')?.outcome} load=${r.harnessLoad?.worstDelayMs}`,
          ),
        );
      jobs.push(
        certify(['slow-polling']).then((r) => {
          const t0 = Date.parse(r.startedAt);
          const ev = r.exchanges
            .filter((x) => ['GetBookingList', 'GetBookingId', 'NotifyBooking', 'ARIFullRefresh', 'BookingCreate'].includes(x.operation))
            .map((x) => `${x.id}:${x.operation.replace('GetBooking', '')}@${Math.round((Date.parse(x.startedAt) - t0) / 100) / 10}`)
            .join(' ');
          return `slow-polling: booking.fetched=${check(r, 'pms.booking.fetched')?.outcome} ${check(r, 'pms.booking.fetched')?.counts.failed}/${check(r, 'pms.booking.fetched')?.counts.runs} ${check(r, 'pms.booking.fetched')?.message} interval=${check(r, 'pms.poll.interval')?.outcome}\n ${ev}`;
        }),
      );
      if (!process.env.ONLY)
        jobs.push(
          certify([]).then(
            (r) =>
              `reference: fetched=${check(r, 'pms.booking.fetched')?.outcome} notify-fetches=${check(r, 'pms.callback.notify-fetches')?.outcome} notify-polls=${check(r, 'pms.callback.notify-polls')?.outcome} verdict=${r.verdict} ${r.suites
                .flatMap((x) => x.checks)
                .filter((c) => c.outcome !== 'pass' && c.skipKind !== 'not-applicable')
                .map((c) => c.id + ':' + c.outcome + ':' + c.message.slice(0, 120))
                .join(' | ')}`,
          ),
        );
    }
    for (const line of await Promise.all(jobs)) console.log(line);
  } finally {
    await stopCpuBurner(burner);
  }
}, 600_000);
