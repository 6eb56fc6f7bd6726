// The valid shapes the mock channel manager serves, generated from the schemas (issue 20
// item 2): takes each booking the scenario makes and each answer or callback that carries
// it, gives the booking an id of a shape the Booking summary schema allows (numeric with
// leading zeros, exactly 64 characters), lists some without their optional version, and
// serves its reservation (GetBookingId, BookingCreate) with every valid variation of the
// Reservation schema that keeps the listed minimum: optional fields absent or present, and
// fields beyond the minimum on the reservation, its rooms and its customers. Counts what it
// served. A PMS that mishandles a valid shape fails the rule on its side.
import { bookingSummarySchema, reservationSchema } from '../schemas/definitions/reservation.js';
import { type Variation, applyVariations, batchVariations, generateVariations, textOfLength } from '../schemas/variations/index.js';
import { validateBody } from '../schemas/index.js';
import { shapedRooms } from './served-catalogue.js';
import { RESERVATION_LISTS, RESERVATION_MINIMUM } from '../spec/reservation-fields.js';
import { memoShapes } from './shape-memo.js';

/** Fields the booking's state sets (the listed minimum, and when it was ordered): never varied; its lists' items are. */
const RESERVATION_STATE: ReadonlySet<string> = new Set([...RESERVATION_MINIMUM.filter((field) => !RESERVATION_LISTS.has(field)), 'OrderDate', 'OrderTime']);

/** Where a reservation is open: "the listed fields are only a minimum" (spec: Events, BookingCreate). */
const OPEN = new Set(['', 'Rooms[]', 'Customers[]']);

export interface BookingShape {
  /** What the shape varies, e.g. `booking_id at its maximum length 64; version absent`. */
  name: string;
  id: string;
  listVersion: boolean;
}

export interface ServedCount {
  generated: number;
  requests: number;
  resent: number;
}

// Judged as the answers that carry them (validators compiled at build time).
const summaryValid = (item: unknown): boolean => validateBody('GetBookingList', 'response', { success: true, Bookings: [item] }).length === 0;
const reservationValid = (reservation: unknown): boolean => validateBody('GetBookingId', 'response', { success: true, reservation }).length === 0;

let summaryVariations: Variation[] | undefined;

/** booking_id and version variations of a Booking summary (generated once). */
function summaryShapes(): Variation[] {
  summaryVariations ??= generateVariations(bookingSummarySchema(), { booking_id: 'B-1000', version: '1' }, { isValid: summaryValid }).variations;
  return summaryVariations;
}

/** An id of the variation's form, unique to the booking's number. */
function idOf(variation: Variation | undefined, n: number): string {
  if (variation?.kind === 'id') return `000${n}`;
  if (variation?.kind === 'max-length') return textOfLength(`B-${n}-`, String(variation.value).length);
  return `B-${n}`;
}

/** The variations of a shaped booking's reservation that combine (the first batch). */
function variationsOf(rendered: Record<string, unknown>): Variation[] | undefined {
  const { variations } = generateVariations(reservationSchema(), rendered, {
    isValid: reservationValid,
    fixed: (pointer, key) => pointer.split('/').length === 2 && RESERVATION_STATE.has(key),
    frozen: (pointer, key) => pointer.split('/').length === 2 && RESERVATION_LISTS.has(key),
    open: (location) => OPEN.has(location),
  });
  return batchVariations(rendered, variations, reservationValid)[0];
}

export class ServedShapes {
  private readonly shapes = new Map<string, BookingShape>();
  private readonly counts = new Map<string, ServedCount>();
  private readonly addedPlans = new Set<string>();
  /** How many variations each shaped booking's reservation carries. */
  private readonly varied = new Map<string, number>();
  private made = 0;

  /** The shape of the next booking the scenario makes: the id forms in turn, every other one listed without version. */
  nextBooking(): BookingShape {
    const variations = summaryShapes();
    const ids = variations.filter((v) => v.location === 'booking_id' && (v.kind === 'id' || v.kind === 'max-length'));
    const noVersion = variations.find((v) => v.location === 'version' && v.kind === 'absent');
    const n = this.made++;
    const idForm = ids[n % Math.max(1, ids.length)];
    const listVersion = noVersion === undefined || n % 2 === 0;
    const names = [idForm ? idForm.name : undefined, listVersion ? undefined : noVersion!.name].filter(Boolean);
    const shape = { name: names.join('; ') || 'the plain shape', id: idOf(idForm, 1000 + n), listVersion };
    this.shapes.set(shape.id, shape);
    return shape;
  }

  /**
   * Ids for the seeded bookings, one of each valid shape and letter case in turn: plain,
   * digits with leading zeros, the maximum length, lower case (the plain id's twin in
   * another case: a different booking), mixed case, non-ASCII; every other one listed
   * without version. Each is served as a shape (its reservation varied too).
   */
  generatedIds(count: number, first = 2000): BookingShape[] {
    const forms: Array<[string, (n: number) => string]> = [
      ['the plain shape', (n) => `B-${n}`],
      ['booking_id digits with leading zeros', (n) => `000${n}`],
      ['booking_id at its maximum length 64', (n) => textOfLength(`B-${n}-`, 64)],
      ['booking_id in lower case (the plain id in another case)', (n) => `b-${n - 3}`],
      ['booking_id in mixed case', (n) => `Res-${n}-aBc`],
      ['booking_id with non-ASCII letters', (n) => `Ré-${n}-Ø`],
    ];
    return Array.from({ length: count }, (_x, i) => {
      const [form, make] = forms[i % forms.length]!;
      const listVersion = i % 2 === 0;
      const shape = { name: listVersion ? form : `${form}; version absent`, id: make(first + i), listVersion };
      this.shapes.set(shape.id, shape);
      return shape;
    });
  }

  shapeOf(bookingId: string): BookingShape | undefined {
    return this.shapes.get(bookingId);
  }

  /** GetBookingList's answer with the shaped bookings listed as their shape says. */
  listing(body: Record<string, unknown>): Record<string, unknown> {
    if (!Array.isArray(body.Bookings)) return body;
    let shaped = 0;
    const Bookings = body.Bookings.map((item: Record<string, unknown>) => {
      const shape = typeof item.booking_id === 'string' ? this.shapes.get(item.booking_id) : undefined;
      if (!shape) return item;
      shaped += 1;
      if (shape.listVersion) return item;
      const { version: _version, ...rest } = item;
      return rest;
    });
    if (shaped > 0) this.count('GetBookingList', shaped);
    return { ...body, Bookings };
  }

  /** A shaped booking's reservation with every valid variation that combines with the others; others as rendered. */
  reservation(bookingId: string, rendered: Record<string, unknown>, via?: 'GetBookingId'): Record<string, unknown> {
    if (!this.shapes.has(bookingId)) return rendered;
    // Generating the variations costs milliseconds, and a PMS fetches a listed booking at every poll: once per rendering.
    const first = memoShapes('reservation', rendered, () => variationsOf(rendered));
    if (!first) return rendered;
    if (via) this.count(via, first.length);
    this.varied.set(bookingId, first.length);
    return applyVariations(rendered, first);
  }

  /** BookingCreate went out with a shaped booking's reservation. */
  noteCallback(bookingId: string, reservation: Record<string, unknown>): void {
    const varied = this.varied.get(bookingId);
    if (varied !== undefined && Object.keys(reservation).some((key) => key.startsWith('CmCertify'))) this.count('BookingCreate', varied);
  }

  /** A successful answer of GetBookingList, GetRoomTypes or GetRatePlans as the mock serves it. */
  answer(operation: string, body: Record<string, unknown>): Record<string, unknown> {
    if (operation === 'GetBookingList') return this.listing(body);
    if (operation === 'GetRoomTypes') {
      const { Rooms, variations } = shapedRooms(body.Rooms);
      if (variations.length > 0) this.count(operation, variations.length);
      return { ...body, Rooms };
    }
    if (operation === 'GetRatePlans' && Array.isArray(body.RatePlans)) {
      const served = body.RatePlans.filter((plan: Record<string, unknown>) => this.addedPlans.has(String(plan.wbp_rate_id))).length;
      if (served > 0) this.count(operation, served);
    }
    return body;
  }

  /** Rate plans the mock's catalogue carries only as generated shapes (by id). */
  addPlans(ids: Iterable<string>): void {
    for (const id of ids) this.addedPlans.add(id);
  }

  /** Per operation: how many generated variations the mock served, in how many answers or callbacks. */
  served(): Record<string, ServedCount> {
    const ids = [...this.shapes.values()].filter((s) => s.name !== 'the plain shape').length;
    const out = Object.fromEntries(this.counts);
    if (ids > 0) out['GetBookingList'] = { ...(out['GetBookingList'] ?? { generated: 0, requests: 0, resent: 0 }), generated: summaryShapes().length };
    return out;
  }

  private count(operation: string, generated: number): void {
    const count = this.counts.get(operation) ?? { generated: 0, requests: 0, resent: 0 };
    count.generated = Math.max(count.generated, generated);
    count.requests += 1;
    this.counts.set(operation, count);
  }
}
