// The model-based OTA sequences without HTTP: the commands drive the reference OTA's core
// in process through a fake driver on a manual clock (each operation a few seconds apart,
// so every change falls in a second of its own). The correct core agrees with the model in
// every sequence; each sequence variant is found and shrunk to the few operations it needs.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ChannelManager } from '../../src/channel-manager/index.js';
import { createReferenceOta } from '../../src/reference/ota/index.js';
import type { OtaVariantName } from '../../src/reference/ota/reference-ota.js';
import { type ModelCheckId, ModelMismatch, type OtaDriver } from '../../src/runner/model/ota-driver.js';
import { modelCommands } from '../../src/runner/model/ota-commands.js';
import { type SequenceModel, newSequenceModel } from '../../src/runner/model/ota-model.js';
import { createPropertyItem } from '../../src/runner/generators/create-property.js';
import { ManualClock } from '../../src/support/clock.js';
import { loadProfile } from '../../src/profile/load-profile.js';
import { referenceProfilePath } from '../../src/cli/reference.js';

const SECRET = 'secret';
const PROPERTY = { pms_property_id: 1, wbp_property_id: '1001', wbp_property_password: 'pw' };

function fakeDriver(candidate: ChannelManager, clock: ManualClock): OtaDriver {
  let exchanges = 0;
  return {
    hasHook: () => true,
    async hook(name, input) {
      clock.advance(3_000);
      const startedAt = clock.now();
      const id = name === 'create_booking' ? candidate.createBooking() : (candidate.modifyBooking(String(input.booking_id)), input.booking_id);
      return { value: { booking_id: id }, startedAt, finishedAt: startedAt };
    },
    async call(operation, body) {
      if (['AckBooking', 'CancelBooking', 'CreateProperty', 'UpdateRoom', 'DeleteRoom', 'DeleteRatePlan'].includes(operation)) clock.advance(3_000);
      const envelope = { guid: '11111111-1111-4111-8111-111111111111', pms_cid: 'cm', verb: operation, shared_secret: SECRET, ...PROPERTY };
      const bytes = Buffer.from(JSON.stringify({ ...envelope, ...body }), 'utf8');
      const response = candidate.handle(operation, new URLSearchParams({ shared_secret: SECRET }), bytes);
      const text = typeof response.body === 'string' ? response.body : Buffer.from(response.body).toString('utf8');
      exchanges += 1;
      return { body: JSON.parse(text) as Record<string, unknown>, status: response.status, exchange: `x${exchanges}` };
    },
    now: () => clock.now(),
    align: async () => undefined,
    judged: (_check: ModelCheckId) => undefined,
  };
}

const profile = loadProfile(referenceProfilePath('ota'), {});

async function runSequences(
  variant: OtaVariantName | undefined,
  seed: number,
): Promise<{ details: { failed: boolean; numRuns: number; errorInstance: unknown }; trace: string[] }> {
  const clock = new ManualClock(Date.UTC(2026, 10, 28, 12, 0, 0, 250));
  const candidate = createReferenceOta({ clock, sharedSecret: SECRET, property: PROPERTY, strictRequests: true, faults: variant ? [variant] : [] });
  const driver = fakeDriver(candidate, clock);
  let made = 0;
  const commands = modelCommands({
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
  });
  let trace: string[] = [];
  const property = fc.asyncProperty(fc.commands(commands, { maxCommands: 10, size: 'max' }), async (cmds) => {
    const model: SequenceModel = newSequenceModel();
    try {
      await fc.asyncModelRun(() => ({ model, real: driver }), cmds);
    } catch (error) {
      trace = [...model.trace];
      throw error;
    }
  });
  const details = await fc.check(property, { seed, numRuns: 40 });
  return { details, trace };
}

describe('model-based OTA sequences', () => {
  it('the correct core agrees with the model in every sequence', async () => {
    const { details } = await runSequences(undefined, 7);
    expect(details.failed, String(details.errorInstance)).toBe(false);
    expect(details.numRuns).toBe(40);
  });

  // CI found seed 855463083 failing the reference: every room deleted, then UpdateRoom sent a
  // new room without description and images. Many sequences, on several seeds, must all agree.
  it.each([11, 12, 13, 14, 15, 16])('the correct core agrees on seed %i too (40 sequences each)', async (seed) => {
    const { details, trace } = await runSequences(undefined, seed);
    expect(details.failed, `${String(details.errorInstance)}\n${trace.join('\n')}`).toBe(false);
  });

  it.each([
    ['booking-list-exclusive-at-5min', 'model.list-version.boundary', /create_booking hook/],
    ['booking-modify-after-ack-forgotten', 'model.booking.flags', /AckBooking: booking (B-\d+).*modify_booking hook: booking \1$/],
    ['delete-room-updateroom-refused', 'model.property.answer', /UpdateRoom: new room (\d+).*DeleteRoom: room \1$/],
    ['booking-list-null-drops-acked', 'model.list-null.all', /AckBooking/],
    ['delete-room-kept', 'model.property.rooms', /DeleteRoom/],
  ] as const)('%s fails %s, shrunk to the operations it needs', async (variant, check, sequence) => {
    const { details, trace } = await runSequences(variant, 7);
    expect(details.failed).toBe(true);
    const error = details.errorInstance as ModelMismatch;
    expect(error).toBeInstanceOf(ModelMismatch);
    expect(error.check).toBe(check);
    expect(error.message).toMatch(/^Unexpected /);
    expect(trace.join(' | ').replace(/ \| /g, ' ')).toMatch(sequence);
    expect(trace.length).toBeLessThanOrEqual(4);
  });
});
