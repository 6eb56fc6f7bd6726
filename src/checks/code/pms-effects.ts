// Code checks on what a PMS's requests change (PMS target): takes the inbound traffic, the
// ARI ledgers and a booking's baseline units, gives verdicts on the credentials SetupProperty
// carries, what comes before setup, availability after a re-import, whether the PMS offers
// NotifyBooking when it lacks BookingCreate and serves its callbacks (availability after
// every booking and change is the model's: pms-model.ts).
import { operationOf as op, succeeded } from '../../spec/exchange.js';
import type { LiveExchange } from '../../spec/exchange.js';
import { dayNumber } from '../../support/time.js';
import { readEnvelope } from '../../spec/envelope-facts.js';
import type { CodeCheck } from './types.js';
import { fail, pass, skip, unexpected } from '../check-verdict.js';
import { bookingContext } from './booking-effect.js';
import type { EffectBooking } from './booking-effect.js';

interface BookingArg extends EffectBooking {
  units?: number;
}

export const setupCredentials: CodeCheck = {
  name: 'setup-credentials',
  description: 'SetupProperty carries the issued ids, typed as the id table says; the password is optional there but, when sent, the issued one',
  run({ subject, profile, exchanges }) {
    const body = (subject && typeof subject === 'object' ? subject : {}) as Record<string, unknown>;
    const { pms_property_id: pmsId, wbp_property_id: wbpId } = profile.property;
    // The one envelope reading (the core's and the gate's): an id is right when typed as the id table says and the issued one.
    const facts = readEnvelope({ operation: 'SetupProperty', query: {}, body }, { sharedSecret: profile.sharedSecret, property: profile.property });
    const wrong: string[] = [];
    if (!facts.pmsId.typed || !facts.pmsId.issued) wrong.push(`/pms_property_id ${JSON.stringify(body.pms_property_id)} (expected "${pmsId}")`);
    if (!facts.wbpId.typed || !facts.wbpId.issued) wrong.push(`/wbp_property_id ${JSON.stringify(body.wbp_property_id)} (expected ${Number(wbpId)})`);
    // "wbp_property_password | yes (optional in SetupProperty)": absent is allowed, a wrong one is not (D-161).
    if (body.wbp_property_password !== undefined && !facts.password.issued) wrong.push('/wbp_property_password (not the issued password)');
    if (wrong.length === 0) {
      return pass(body.wbp_property_password === undefined ? 'the issued ids; no password (optional in SetupProperty)' : 'the issued ids and password', {
        exchanges,
      });
    }
    return fail(unexpected('SetupProperty credentials', 'the ids and password the channel manager issued', wrong.join('; ')), {
      exchanges,
      pointer: wrong[0]!.split(' ')[0]!,
    });
  },
};

/**
 * The PMS reached the mock: the step's SetupProperty came. A PMS that never connects gets this
 * check's error from the runner (src/runner/steps/first-contact.ts), not a credentials finding.
 */
export const setupFirstContact: CodeCheck = {
  name: 'setup-first-contact',
  description: 'the PMS reaches the mock channel manager (its SetupProperty arrives) within deadlines.first_contact',
  run({ exchanges }) {
    return pass('the PMS reached the mock channel manager', { exchanges });
  },
};

const BEFORE_SETUP = new Set(['HealthCheck', 'SetupProperty', 'CreateProperty']);

/** The error id the channel manager answered a SetupProperty with (1001, 1002), if it refused it. */
function refusalId(x: LiveExchange): number | undefined {
  const v = x.response?.ok ? (x.response.value as { errors?: Array<{ id?: unknown }> } | null) : null;
  const id = Array.isArray(v?.errors) ? v.errors[0]?.id : undefined;
  return typeof id === 'number' ? id : undefined;
}

/** What an early request followed: a SetupProperty refused with 1001 (.4) or 1002 (.5), or none yet (.1-.3). */
function afterWhat(early: LiveExchange, before: readonly LiveExchange[]): string {
  const setup = before.filter((x) => op(x) === 'SetupProperty' && x.at <= early.at).at(-1);
  const id = setup ? refusalId(setup) : undefined;
  if (id === 1001) return 'after SetupProperty was refused with 1001 (flow-setup-before-use.4)';
  if (id === 1002) return 'after SetupProperty was refused with 1002 (flow-setup-before-use.5)';
  return setup ? `after SetupProperty was refused${id === undefined ? '' : ` with ${id}`}` : 'before any SetupProperty';
}

export const setupBeforeUse: CodeCheck = {
  name: 'setup-before-use',
  description:
    'nothing but HealthCheck, SetupProperty and CreateProperty comes before the first successful SetupProperty (none after a refusal with 1001 or 1002 either)',
  run({ pms }) {
    if (!pms) return skip('no mock channel manager in this run', 'not-applicable');
    const setup = pms.inbound.find((x) => op(x) === 'SetupProperty' && succeeded(x));
    if (!setup) return skip('no successful SetupProperty yet', 'blocked');
    const index = pms.inbound.indexOf(setup);
    const before = pms.inbound.slice(0, index);
    const early = before.filter((x) => !BEFORE_SETUP.has(op(x)));
    if (early.length === 0)
      return pass(`${index} request(s) before setup succeeded, all HealthCheck, SetupProperty or CreateProperty`, { exchanges: [setup.record.id] });
    // Grouped by what each came after, so the failure says which refusal the PMS went on after.
    const groups = new Map<string, string[]>();
    for (const x of early) {
      const when = afterWhat(x, before);
      groups.set(when, [...(groups.get(when) ?? []), `${op(x)} (${x.record.id})`]);
    }
    return fail(
      unexpected(
        'requests before setup succeeded',
        'only HealthCheck, SetupProperty or CreateProperty',
        [...groups].map(([when, sent]) => `${sent.slice(0, 5).join(', ')}${sent.length > 5 ? ', ...' : ''} ${when}`).join('; '),
      ),
      {
        exchanges: [...early.slice(0, 5).map((x) => x.record.id), setup.record.id],
      },
    );
  },
};

export const notBookedTwice: CodeCheck = {
  name: 'not-booked-twice',
  description:
    "after a booking is fetched again (still listed by GetBookingList), the room's units are not lowered a second time (args: booking = the create step's result)",
  run(input) {
    const booking = input.args.booking as BookingArg | undefined;
    if (!booking?.room || !booking.units_before) return skip('no booking to look at', 'blocked');
    const ledger = input.pms?.ledger('run');
    if (!ledger) return skip('no mock channel manager in this run', 'not-applicable');
    const units = Number(booking.units ?? 1);
    const dates = Object.keys(booking.units_before);
    // Every plan of the room with a baseline must not be below baseline - units on any night.
    const twice = dates.filter((date) => {
      const day = dayNumber(date)!;
      const before = booking.units_before![date] ?? {};
      return [...ledger.pairs.values()].some((p) => {
        const was = before[p.rate];
        const seg = p.room === booking.room ? p.units.segmentOn(day) : undefined;
        return was !== undefined && seg !== undefined && seg[2] < was - units;
      });
    });
    if (twice.length === 0) return pass(`room ${booking.room}: units on the ${dates.length} booked night(s) lowered once, not again after the re-fetch`);
    return fail(
      `${unexpected(`availability of room ${booking.room} after the booking was fetched again`, `lowered by ${units} unit(s) once`, `lowered further on ${twice.join(', ')}`)}\n  for ${bookingContext(input, booking).text}`,
      { expected: `baseline - ${units}`, actual: twice, exchanges: bookingContext(input, booking).exchanges },
    );
  },
};

export const notifyWithoutCreate: CodeCheck = {
  name: 'notify-without-create',
  description: 'a PMS that does not implement BookingCreate handles NotifyBooking (declares it)',
  run({ profile }) {
    const caps = profile.capabilities;
    if (caps.includes('BookingCreate')) return skip('the PMS implements BookingCreate: NotifyBooking is not required', 'not-applicable');
    return caps.includes('NotifyBooking')
      ? pass('no BookingCreate; NotifyBooking is declared (its reaction is judged in the callbacks suite)')
      : fail(unexpected('capabilities', 'NotifyBooking (required without BookingCreate)', caps), { expected: 'NotifyBooking' });
  },
};

const CAPABILITY_CALLBACKS = ['BookingCreate', 'NotifyBooking', 'RoomInfo'];

export const callbackPathsServed: CodeCheck = {
  name: 'callback-paths-served',
  description:
    'every callback the PMS serves (ARIFullRefresh, and each declared one of BookingCreate, NotifyBooking, RoomInfo) was called on its path during the run and answered HTTP 200 at least once',
  run({ pms, profile }) {
    if (!pms?.outbound) return skip('no mock channel manager in this run', 'not-applicable');
    const expected = ['ARIFullRefresh', ...CAPABILITY_CALLBACKS.filter((c) => profile.capabilities.includes(c))];
    const called = expected.filter((name) => pms.outbound!.some((x) => x.operation === name));
    const notCalled = expected.filter((name) => !called.includes(name));
    const unanswered = called.filter((name) => !pms.outbound!.some((x) => x.operation === name && x.response?.status === 200));
    if (unanswered.length > 0) {
      const ids = pms.outbound
        .filter((x) => unanswered.includes(String(x.operation)))
        .map((x) => x.id)
        .slice(0, 5);
      return fail(unexpected('callback paths', "HTTP 200 on each declared callback's path", `never on ${unanswered.map((n) => `/${n}`).join(', ')}`), {
        exchanges: ids,
        actual: unanswered,
      });
    }
    // Only a partial run (--suite) leaves a declared callback uncalled: every callback step is gated by its capability alone.
    if (notCalled.length > 0) return skip(`Not applicable in this run: it did not call ${notCalled.join(', ')} (its suite did not run)`, 'not-applicable');
    return pass(`${expected.map((n) => `/${n}`).join(', ')} answered HTTP 200`);
  },
};

export const PMS_EFFECT_CHECKS: CodeCheck[] = [setupCredentials, setupFirstContact, setupBeforeUse, notBookedTwice, notifyWithoutCreate, callbackPathsServed];
