// The seeded bookings the mock channel manager serves beside the scenario's own: takes the
// model, the served shapes, the clock and a seed, makes the generated bookings arrive (ids
// of every valid shape) and the guests' changes to them happen, on the scenario's command,
// and remembers what it made (for the report and the checks).
import { DEFAULT_BOOKING_SEED, generateBookings, generateChanges, occupancy } from '../../channel-manager/index.js';
import type { ChannelManager, GeneratedBooking, GeneratedChange } from '../../channel-manager/index.js';
import type { Clock } from '../../support/clock.js';
import { formatDate } from '../../support/time.js';
import type { ServedShapes } from '../../channel-manager/served-shapes.js';

/** Ids taken for seeded bookings: one per plan of the generator. */
const IDS = 8;

export class SeededBookings {
  readonly seed: number;
  private readonly made: GeneratedBooking[] = [];
  private readonly changed: GeneratedChange[] = [];

  constructor(
    private readonly model: ChannelManager,
    private readonly shapes: ServedShapes,
    private readonly clock: Clock,
    seed: number | undefined,
  ) {
    this.seed = seed ?? DEFAULT_BOOKING_SEED;
  }

  get bookings(): readonly GeneratedBooking[] {
    return this.made;
  }

  get changes(): readonly GeneratedChange[] {
    return this.changed;
  }

  /** Makes the seeded bookings arrive now, within what each room has free. */
  arrive(): GeneratedBooking[] {
    const today = formatDate(this.clock.now());
    const ids = this.shapes.generatedIds(IDS).map((s) => ({ id: s.id, shape: s.name }));
    const made = generateBookings({ seed: this.seed, fixture: this.model.fixture, today, occupied: occupancy(this.model.bookings.all()), ids });
    for (const g of made) this.model.createBooking(g.booking);
    this.made.push(...made);
    return made;
  }

  /** Guests change seeded bookings now: dates moved, a room changed, units changed (each where it fits). */
  change(): GeneratedChange[] {
    const ids = this.made.map((g) => g.booking.id);
    const changes = generateChanges(this.seed, this.model.fixture, this.model.bookings.all(), ids);
    for (const c of changes) this.model.bookings.modify(c.id, c.change);
    this.changed.push(...changes);
    return changes;
  }
}
