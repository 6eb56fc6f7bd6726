// Code checks on the order and timing of a PMS's requests (PMS target): takes the
// inbound traffic, gives verdicts on the setup order, the booking versions (the time of
// the last successful GetBookingList), the polling interval, and callback answers.
import type { LiveExchange } from '../../spec/exchange.js';
import { operationOf as op, succeeded } from '../../spec/exchange.js';
import { formatBookingVersion, parseBookingVersion } from '../../support/time.js';
import type { CodeCheck, CodeCheckInput } from './types.js';
import type { Verdict } from '../../spec/vocabulary.js';
import { fail, pass, skip, unexpected } from '../check-verdict.js';
import { pollInterval, reactiveFetch, reactivePoll } from './pms-timing.js';
import { cutText } from '../../support/cut.js';

export { pollInterval, reactiveFetch, reactivePoll };

const CONFIG_OPS = new Set(['SetupProperty', 'GetRoomTypes', 'GetRatePlans', 'CreateProperty', 'ARIUpdate']);

export const healthcheckFirst: CodeCheck = {
  name: 'healthcheck-first',
  description: 'a HealthCheck comes before SetupProperty and the other configuration requests',
  run({ pms }) {
    if (!pms) return skip('no mock channel manager in this run', 'not-applicable');
    const first = pms.inbound.find((x) => CONFIG_OPS.has(op(x)));
    if (!first) return skip('the PMS sent no configuration request yet', 'blocked');
    const health = pms.inbound.find((x) => op(x) === 'HealthCheck');
    if (health && health.at <= first.at && pms.inbound.indexOf(health) < pms.inbound.indexOf(first)) {
      return pass(`HealthCheck (${health.record.id}) before ${op(first)} (${first.record.id})`, { exchanges: [health.record.id, first.record.id] });
    }
    return fail(unexpected('first configuration request', 'after a HealthCheck', `${op(first)} with no HealthCheck before it`), {
      exchanges: [first.record.id],
    });
  },
};

export const mappingAfterSetup: CodeCheck = {
  name: 'mapping-after-setup',
  description: 'GetRoomTypes and GetRatePlans follow a successful SetupProperty',
  run({ pms }) {
    if (!pms) return skip('no mock channel manager in this run', 'not-applicable');
    const setup = pms.inbound.find((x) => op(x) === 'SetupProperty' && succeeded(x));
    if (!setup) return skip('no successful SetupProperty yet', 'blocked');
    // One pass from SetupProperty on: the PMS decides how many requests there are (issue 21 item 3).
    const after = pms.inbound.slice(pms.inbound.indexOf(setup) + 1).filter((x) => x.at >= setup.at);
    const missing = ['GetRoomTypes', 'GetRatePlans'].filter((name) => !after.some((x) => op(x) === name));
    return missing.length === 0
      ? pass('GetRoomTypes and GetRatePlans followed SetupProperty', { exchanges: [setup.record.id] })
      : fail(unexpected('requests after SetupProperty', 'GetRoomTypes and GetRatePlans', `no ${missing.join(' and no ')}`), {
          exchanges: [setup.record.id],
          actual: missing,
        });
  },
};

interface PollJudgement {
  poll: LiveExchange;
  version: number | null | undefined;
  lastSuccess: LiveExchange | undefined;
  afterError: boolean;
}

/** Each GetBookingList of the window with the last successful one before it. */
function polls(input: CodeCheckInput): PollJudgement[] {
  const all = (input.pms?.inbound ?? []).filter((x) => op(x) === 'GetBookingList' && x.request.ok);
  const out: PollJudgement[] = [];
  let lastSuccess: LiveExchange | undefined;
  let previous: LiveExchange | undefined;
  for (const poll of all) {
    const raw = (poll.request as { value: Record<string, unknown> }).value?.wbp_booking_version;
    const version = raw === null ? null : typeof raw === 'string' ? parseBookingVersion(raw) : undefined;
    if (poll.at >= (input.pms?.windowStart ?? 0)) out.push({ poll, version, lastSuccess, afterError: previous?.injected !== undefined });
    if (succeeded(poll)) lastSuccess = poll;
    previous = poll;
  }
  return out;
}

function versionText(v: number | null | undefined): string {
  return v === null ? 'null' : v === undefined ? '(not a version)' : formatBookingVersion(v);
}

export const versionNotLater: CodeCheck = {
  name: 'poll-version-not-later',
  description: 'every wbp_booking_version is at most the time of the last successful GetBookingList (a later one can lose bookings)',
  run(input) {
    const skew = input.profile.intervals.clockSkewMs;
    const judged = polls(input).filter((p) => p.version !== undefined && !(p.version === null));
    for (const p of judged) {
      const limit = p.lastSuccess ? p.lastSuccess.at + skew : undefined;
      if (limit === undefined || (p.version as number) > limit) {
        const expected = p.lastSuccess
          ? `<= ${formatBookingVersion(p.lastSuccess.at)} (last successful poll ${p.lastSuccess.record.id})`
          : 'null (no poll had succeeded yet)';
        return fail(unexpected('wbp_booking_version', expected, versionText(p.version)), {
          exchanges: [p.poll.record.id, ...(p.lastSuccess ? [p.lastSuccess.record.id] : [])],
          pointer: '/wbp_booking_version',
          expected,
          actual: versionText(p.version),
        });
      }
    }
    return judged.length
      ? pass(`${judged.length} version(s), none later than the last successful poll`)
      : skip('no GetBookingList with a version in this window', 'blocked');
  },
};

export const versionNotFarEarlier: CodeCheck = {
  name: 'poll-version-not-far-earlier',
  description: 'wbp_booking_version is not far earlier than the last successful GetBookingList (profile intervals.far_earlier_ms)',
  run(input) {
    const far = input.profile.intervals.farEarlierMs;
    const judged = polls(input).filter((p) => p.lastSuccess);
    for (const p of judged) {
      const last = p.lastSuccess!;
      if (p.version === undefined) continue;
      if (p.version === null || p.version < last.at - far) {
        return fail(unexpected('wbp_booking_version', `close to ${formatBookingVersion(last.at)} (the last successful poll)`, versionText(p.version)), {
          exchanges: [p.poll.record.id, last.record.id],
          pointer: '/wbp_booking_version',
          expected: formatBookingVersion(last.at),
          actual: versionText(p.version),
        });
      }
    }
    return judged.length
      ? pass(`${judged.length} version(s) within ${Math.round(far / 1000)} s of the last successful poll`)
      : skip('no poll after a successful one in this window', 'blocked');
  },
};

export const versionAfterError: CodeCheck = {
  name: 'poll-version-after-error',
  description: 'after a GetBookingList answered with an error, the next version is still the time of the last successful one',
  run(input) {
    const skew = input.profile.intervals.clockSkewMs;
    const judged = polls(input).filter((p) => p.afterError);
    if (judged.length === 0) return skip('no poll followed an error answer in this window', 'blocked');
    for (const p of judged) {
      if (!p.lastSuccess || p.version === undefined) continue;
      if (p.version === null || p.version > p.lastSuccess.at + skew) {
        return fail(
          unexpected('wbp_booking_version after an error', `${formatBookingVersion(p.lastSuccess.at)} (the last successful poll)`, versionText(p.version)),
          {
            exchanges: [p.poll.record.id, p.lastSuccess.record.id],
            pointer: '/wbp_booking_version',
          },
        );
      }
    }
    return pass('the version after the error kept the last successful poll time', { exchanges: judged.map((p) => p.poll.record.id) });
  },
};

export const callbackAccepted: CodeCheck = {
  name: 'callback-accepted',
  description: 'the PMS answers a callback with success (a JSON object that is not success false and carries no errors)',
  run({ subject, exchanges }): Verdict {
    if (!subject || typeof subject !== 'object' || Array.isArray(subject))
      return fail('Unexpected answer: not a JSON object (see the protocol checks)', { exchanges });
    const body = subject as Record<string, unknown>;
    if (body.success === false || (Array.isArray(body.errors) && body.errors.length > 0)) {
      return fail(unexpected('callback answer', 'success', cutText(JSON.stringify(body) ?? '', 200)), { exchanges, pointer: '/success' });
    }
    return pass('answered with success', { exchanges });
  },
};

export const bookingCreateImplemented: CodeCheck = {
  name: 'booking-create-implemented',
  description: 'the profile declares the BookingCreate callback (strongly recommended by the spec)',
  run({ profile }) {
    return profile.capabilities.includes('BookingCreate')
      ? pass('BookingCreate is implemented')
      : fail(unexpected('capabilities', 'BookingCreate', profile.capabilities), { expected: 'BookingCreate' });
  },
};

export const PMS_FLOW_CHECKS: CodeCheck[] = [
  healthcheckFirst,
  mappingAfterSetup,
  versionNotLater,
  versionNotFarEarlier,
  versionAfterError,
  pollInterval,
  reactivePoll,
  reactiveFetch,
  callbackAccepted,
  bookingCreateImplemented,
];
