// The model-based OTA sequences without HTTP, for the tests: takes a reference OTA variant
// (or none) and a seed, drives the reference OTA's core in process through a fake driver on
// a manual clock (each change a few seconds apart, so every change falls in a second of its
// own), and gives the outcome of the same runSequences the model step calls.
import type { ChannelManager } from '../../src/channel-manager/index.js';
import { createReferenceOta } from '../../src/reference/ota/index.js';
import type { OtaVariantName } from '../../src/reference/ota/reference-ota.js';
import type { ModelCheckId, OtaDriver } from '../../src/runner/model/ota-driver.js';
import type { ModelOffer } from '../../src/runner/model/ota-commands.js';
import { type SequenceOutcome, runSequences } from '../../src/runner/model/ota-sequences.js';
import { createPropertyItem } from '../../src/runner/generators/create-property.js';
import { ManualClock } from '../../src/support/clock.js';
import { loadProfile } from '../../src/profile/load-profile.js';
import { referenceProfilePath } from '../../src/cli/reference.js';

const SECRET = 'secret';
const PROPERTY = { pms_property_id: 1, wbp_property_id: '1001', wbp_property_password: 'pw' };
const CHANGES = ['AckBooking', 'CancelBooking', 'CreateProperty', 'UpdateRoom', 'DeleteRoom', 'DeleteRatePlan'];

/** `slowMs`: how long each hook and change call takes on the clock (past a second, every change crosses one). */
export function fakeDriver(candidate: ChannelManager, clock: ManualClock, calls: string[] = [], slowMs = 0, exact = { boundaries: 0 }): OtaDriver {
  let exchanges = 0;
  return {
    hasHook: () => true,
    async hook(name, input) {
      clock.advance(3_000);
      const startedAt = clock.now();
      const id = name === 'create_booking' ? candidate.createBooking() : (candidate.modifyBooking(String(input.booking_id)), input.booking_id);
      clock.advance(slowMs);
      return { value: { booking_id: id }, startedAt, finishedAt: clock.now() };
    },
    async call(operation, body) {
      calls.push(operation);
      if (CHANGES.includes(operation)) clock.advance(3_000);
      const envelope = { guid: '11111111-1111-4111-8111-111111111111', pms_cid: 'cm', verb: operation, shared_secret: SECRET, ...PROPERTY };
      const bytes = Buffer.from(JSON.stringify({ ...envelope, ...body }), 'utf8');
      const response = candidate.handle(operation, new URLSearchParams({ shared_secret: SECRET }), bytes);
      if (CHANGES.includes(operation)) clock.advance(slowMs);
      const text = typeof response.body === 'string' ? response.body : Buffer.from(response.body).toString('utf8');
      exchanges += 1;
      return { body: JSON.parse(text) as Record<string, unknown>, status: response.status, exchange: `x${exchanges}` };
    },
    now: () => clock.now(),
    align: async () => undefined,
    exactBoundary: () => {
      exact.boundaries += 1;
    },
    judged: (_check: ModelCheckId) => undefined,
  };
}

const profile = loadProfile(referenceProfilePath('ota'), {});

/** Everything the reference OTA offers, or less (`without`). */
export function fullOffer(clock: ManualClock, without: Partial<ModelOffer> = {}): ModelOffer {
  let made = 0;
  return {
    modifyHook: true,
    ack: true,
    cancel: true,
    propertyOperations: new Set(['UpdateRoom', 'DeleteRoom', 'DeleteRatePlan']),
    property: () => {
      const item = createPropertyItem(profile, clock.now());
      made += 1;
      return {
        credentials: { pms_property_id: item.pms_property_id, wbp_property_id: `8${made}`, wbp_property_password: 'pw' },
        Property: item.Property,
        nonce: item.nonce,
      };
    },
    ...without,
  };
}

export interface FakeRun {
  variant?: OtaVariantName | undefined;
  seed: number;
  /** Random sequences (the reference profile's default is 12). */
  runs: number;
  offer?: Partial<ModelOffer>;
  /** Operation names sent, in order. */
  calls?: string[];
  /** Each sequence's trace, joined by " | ". */
  traces?: string[];
  /** How long each hook and change call takes on the clock (ms). */
  slowMs?: number;
  /** Counts the + 5:00 reads at a change whose second is certain. */
  exact?: { boundaries: number };
}

export async function runFakeSequences(run: FakeRun): Promise<SequenceOutcome> {
  const clock = new ManualClock(Date.UTC(2026, 10, 28, 12, 0, 0, 250));
  const candidate = createReferenceOta({ clock, sharedSecret: SECRET, property: PROPERTY, strictRequests: true, faults: run.variant ? [run.variant] : [] });
  const driver = fakeDriver(candidate, clock, run.calls, run.slowMs, run.exact);
  return runSequences({
    offer: fullOffer(clock, run.offer),
    driver,
    seed: run.seed,
    runs: run.runs,
    onSequence: (trace) => run.traces?.push(trace.join(' | ')),
  });
}
