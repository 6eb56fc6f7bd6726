// The one check of what bookings do to a PMS's availability (PMS target): takes the window's
// facts and the channel manager's model of its bookings (every booking the mock served:
// the first list, the polled and pushed ones, modifications and cancellations), gives a
// verdict on whether the PMS's latest units for every room x rate plan and night a change
// touched equal the model: the PMS's own inventory less the units booked now. A window
// judges the changes made since it opened once the PMS learned of them (fetched or was
// pushed each booking since its latest change) at least `settle` before the window ended
// (ADR 0019: the quiet after a fetch); `final: true` judges every change since the
// baseline, learned or not; `first_list: true` also judges the first list's rooms and
// nights against the units the PMS sent before it fetched any of it (ADR 0021).
import { operationOf as op, succeeded } from '../../spec/exchange.js';
import { parseDuration } from '../../suite/template-parser.js';
import type { BookingChange } from '../../channel-manager/index.js';
import { touchedNights } from '../../channel-manager/index.js';
import { type ModelJudgement, type ModelMismatch, judgeAgainstModel } from '../booking-model.js';
import { fail, pass, skip, unexpected } from '../check-verdict.js';
import type { CodeCheck, CodeCheckInput, PmsFacts } from './types.js';
import { deliveryOf, templateAdvice } from './booking-effect.js';
import { ackIdVerbatim, cancelIdVerbatim } from './pms-booking-ids.js';

/** Mismatches named in the message (all are in `actual`). */
const SHOWN = 8;

function bookingIdOf(body: unknown): string | undefined {
  const id = body && typeof body === 'object' ? (body as Record<string, unknown>).booking_id : undefined;
  return typeof id === 'string' || typeof id === 'number' ? String(id) : undefined;
}

/** Per booking id, when the PMS received its reservation: each successful GetBookingId, each BookingCreate push it accepted. */
export function learnedTimes(pms: PmsFacts): Map<string, number[]> {
  const out = new Map<string, number[]>();
  const add = (id: string, at: number): void => void out.set(id, [...(out.get(id) ?? []), at]);
  for (const x of pms.inbound) {
    const id = op(x) === 'GetBookingId' && succeeded(x) && x.request.ok ? bookingIdOf(x.request.value) : undefined;
    if (id !== undefined) add(id, x.at);
  }
  for (const x of pms.outbound ?? []) {
    if (x.operation !== 'BookingCreate' || x.response?.status !== 200) continue;
    const id = orderIdOf(x.request.body);
    if (id !== undefined) add(id, Date.parse(x.startedAt));
  }
  return out;
}

function orderIdOf(body: string): string | undefined {
  try {
    const id = (JSON.parse(body) as { reservation?: { OrderId?: unknown } }).reservation?.OrderId;
    return typeof id === 'string' || typeof id === 'number' ? String(id) : undefined;
  } catch {
    return undefined;
  }
}

/** `args.settle` in ms: a number, or a duration as the profile writes it ("6s"); 0 without one. */
function settleOf(value: unknown): number {
  if (typeof value === 'number' && value >= 0) return value;
  const d = typeof value === 'string' ? parseDuration(value) : undefined;
  return d && !d.months ? d.ms + d.days * 86_400_000 : 0;
}

/**
 * Whether every booking whose changes touched a room and night was received by the PMS after
 * its latest change, and at least `settle` before `now`: a window that ended at its duration
 * while the PMS was still fetching leaves the latest fetches to a later window. Strictly
 * after: a change the harness makes on seeing a fetch carries that fetch's millisecond, and
 * the fetch was answered with the booking before it.
 */
function readiness(changes: readonly BookingChange[], learned: Map<string, number[]>, settledBy: number): (room: string, night: string) => boolean {
  const latest = new Map<string, number>();
  for (const c of changes) latest.set(c.id, Math.max(latest.get(c.id) ?? 0, c.at));
  const touched = touchedNights(changes);
  const knows = (id: string): boolean => (learned.get(id) ?? []).some((at) => at > latest.get(id)! && at <= settledBy);
  return (room, night) => [...(touched.get(room)?.get(night) ?? [])].every(knows);
}

/** One line per room and night: the plans that differ alike are named together. */
function mismatchLines(mismatches: readonly ModelMismatch[]): string[] {
  const groups = new Map<string, ModelMismatch[]>();
  for (const m of mismatches) {
    const key = `${m.room}\u0000${m.night}\u0000${m.expected}\u0000${m.actual}`;
    groups.set(key, [...(groups.get(key) ?? []), m]);
  }
  return [...groups.values()].map((group) => {
    const m = group[0]!;
    const got = m.actual === undefined ? 'no units ever sent' : `${m.actual}`;
    const plans = group.map((g) => g.rate).join(', ');
    return `booking ${m.bookings.join(', ')}: room ${m.room}, night ${m.night} (plan ${plans}): expected ${m.expected} unit(s) (inventory ${m.inventory} - booked ${m.booked}), got ${got}`;
  });
}

function evidence(input: CodeCheckInput, mismatches: readonly ModelMismatch[]): string[] {
  const ids = [...new Set(mismatches.flatMap((m) => m.bookings))].slice(0, SHOWN);
  const delivered = ids.map((id) => deliveryOf(input, id)?.id).filter((id): id is string => id !== undefined);
  return [...new Set([...delivered, ...input.exchanges.slice(-4)])];
}

export const availabilityModel: CodeCheck = {
  name: 'availability-model',
  description:
    "the PMS's latest units for every room x rate plan and night a booking's change touched equal the model: its inventory when the harness first changed a booking (its units then plus the units booked then) less the units booked now (args: settle = the quiet a fetch is given before its change is judged; final = judge every change since then, learned or not; first_list = judge the first list's rooms and nights too, against the units the PMS sent before it fetched any of it)",
  run(input) {
    const pms = input.pms;
    if (!pms?.bookings) return skip('no mock channel manager in this run', 'not-applicable');
    const { baseline, changes, booked } = pms.bookings;
    if (!baseline) return skip('no booking changed yet', 'blocked');
    const final = input.args.final === true;
    const since = changes.filter((c) => c.at >= baseline.at);
    const judged = final ? since : since.filter((c) => c.at >= pms.windowStart);
    const firstList = input.args.first_list === true ? (pms.bookings.firstList ?? []) : [];
    if (judged.length === 0 && firstList.length === 0) return skip('no booking changed in this window', 'not-applicable');
    const learned = learnedTimes(pms);
    const settledBy = input.now - settleOf(input.args.settle);
    const ready = final ? undefined : readiness(since, learned, settledBy);
    const ledger = pms.ledger('run');
    const result = judgeAgainstModel(baseline, judged, booked, ledger, ready);
    // The first list, against the units the PMS sent before it fetched any of it: the baseline holds what it made of them.
    const inventory = pms.bookings.firstListInventory;
    const first =
      firstList.length > 0 && inventory && inventory.pairs.length > 0
        ? judgeAgainstModel(inventory, firstList, booked, ledger, readiness([...firstList, ...since], learned, settledBy))
        : undefined;
    const nights = result.nights + (first?.nights ?? 0);
    // The last window judges every change: nothing escapes by being left for later.
    if (nights === 0)
      return skip('the PMS has received none of the changes made in this window long enough ago (the last window judges them)', 'not-applicable');
    const mismatches = unique([...(first?.mismatches ?? []), ...result.mismatches]);
    const bookings = new Set([...result.bookings, ...(first?.bookings ?? [])]);
    const summary = `${bookings.size} booking(s), ${nights} room-night(s)${firstList.length > 0 ? firstListNote(first, inventory !== undefined, firstList.length) : ''}`;
    if (mismatches.length === 0) return pass(`${summary}: every plan's units equal the model (inventory less the units booked now)`);
    const lines = mismatchLines(mismatches);
    const shown = lines.slice(0, SHOWN);
    const more = lines.length > SHOWN ? `\n  and ${lines.length - SHOWN} more room-night(s)` : '';
    // Nothing booked since the baseline shows: the PMS may read another reservation layout.
    const hint = result.unchanged && (first?.unchanged ?? true) ? templateAdvice(input, 'these bookings') : '';
    return fail(
      `${unexpected(`availability after bookings (${summary} judged)`, 'the units the model gives', `${lines.length} room-night(s) differing`)}\n  ${shown.join('\n  ')}${more}${hint}`,
      {
        expected: 'inventory - booked units on every touched night',
        actual: mismatches.slice(0, 50).map((m) => ({ ...m })),
        exchanges: evidence(input, mismatches),
      },
    );
  },
};

/** One mismatch per room x plan x night (the first list's, with its inventory from before, first). */
function unique(mismatches: readonly ModelMismatch[]): ModelMismatch[] {
  const seen = new Set<string>();
  return mismatches.filter((m) => {
    const key = `${m.room}\u0000${m.rate}\u0000${m.night}`;
    return seen.has(key) ? false : (seen.add(key), true);
  });
}

/** What the first list contributed: its room-nights, or why it could not be judged. */
function firstListNote(first: ModelJudgement | undefined, fetched: boolean, served: number): string {
  if (!fetched) return `; the first list (${served} booking(s)) not judged: the PMS fetched none of it`;
  if (!first) return `; the first list (${served} booking(s)) not judged: the PMS sent no units before it fetched it, so its inventory is unknown`;
  return `, of which the first list ${first.bookings.size} booking(s), ${first.nights} room-night(s) (inventory: the units sent before it was fetched)`;
}

export const PMS_MODEL_CHECKS: CodeCheck[] = [availabilityModel, ackIdVerbatim, cancelIdVerbatim];
