// Every valid variation generated from the schemas, end to end: the reference OTA accepts
// each; a variant that refuses one partition the spec allows is denied by the check whose
// message names that field and value (the refused batch is re-sent in halves until the
// refused variation is alone), and SetupProperty without a password is judged by its answer.
// The correct reference's run of a suite is made once and read by each test that needs it.
import { describe, expect, it } from 'vitest';
import { runCommand } from '../../src/cli/commands/run.js';
import type { OtaFault } from '../../src/reference/ota/index.js';
import type { RunResult } from '../../src/spec/run-result.js';
import { captureIo, check } from './helpers.js';
import { testClock } from './pms-profile.js';

async function run(suite: string, variant: OtaFault[]): Promise<RunResult> {
  const { result } = await runCommand({ target: 'ota', reference: true, suite: [suite], variant }, captureIo(testClock()));
  return result;
}

/** The correct reference's run of each suite, made once for the tests that read it (they only read it). */
const correct = new Map<string, Promise<RunResult>>();

function certify(suite: string, variant: OtaFault[] = []): Promise<RunResult> {
  if (variant.length > 0) return run(suite, variant);
  let made = correct.get(suite);
  if (!made) correct.set(suite, (made = run(suite, variant)));
  return made;
}

describe('every valid variation is sent', () => {
  it('the reference OTA accepts every generated variation, and the run counts them', async () => {
    const property = await certify('property');
    const created = check(property, 'property.create.allowed-value.accepted');
    expect(created?.outcome).toBe('pass');
    const sent = property.variations?.operations.CreateProperty;
    expect(sent?.generated).toBeGreaterThanOrEqual(120);
    // Variations of different fields share a request.
    expect(sent?.requests).toBeLessThanOrEqual(sent!.generated / 5);
    expect(created?.counts.runs).toBe(sent?.requests);
    expect(property.notes.join(' ')).toMatch(/\d+ valid variations generated from the schemas, sent in \d+ request/);
    const ari = await certify('ari');
    expect(check(ari, 'ari.inventory-field.accepted')?.outcome).toBe('pass');
    expect(ari.variations?.operations.ARIUpdate?.generated).toBeGreaterThanOrEqual(25);
    expect(ari.variations?.operations.ARIUpdate?.requests).toBe(1);
  });

  it.each([
    ['property', 'property-refuses-empty-breakfast', 'property.create.allowed-value.accepted', 'Property.breakfast ""'],
    ['property', 'property-refuses-mixed-dorm', 'property.create.allowed-value.accepted', '.gender "MIXED"'],
    ['property', 'property-refuses-max-description', 'property.create.allowed-value.accepted', '.description at its maximum length 2000'],
    [
      'property',
      'property-description-limit-in-bytes',
      'property.create.allowed-value.accepted',
      '.description at its maximum length 2000 in two-byte characters',
    ],
    ['property', 'property-requires-sort-order', 'property.create.allowed-value.accepted', '.sort_order absent'],
    ['property', 'property-refuses-numeric-id', 'property.create.allowed-value.accepted', '.external_id "000123"'],
    ['property', 'property-refuses-zero-minor-currency', 'property.create.allowed-value.accepted', 'Property.currency "BIF" (a currency of 0 minor units)'],
    ['property', 'property-refuses-three-part-timezone', 'property.create.allowed-value.accepted', 'Property.timezone "America/Argentina/'],
    ['ari', 'ari-rejects-rdef-zero', 'ari.inventory-field.accepted', 'Inventory[].rdef_single "0"'],
    ['ari', 'ari-rejects-child-fields', 'ari.inventory-field.accepted', 'Inventory[].adult_'],
    ['ari', 'ari-refuses-rate-without-decimals', 'ari.inventory-field.accepted', 'Inventory[].rate "80"'],
  ] as const)('%s with %s: %s fails and names %s; the refused request is re-sent in halves', async (suite, fault, id, value) => {
    const result = await certify(suite, [fault]);
    const caught = check(result, id);
    expect(caught?.outcome).toBe('fail');
    const escaped = value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    expect(caught?.message).toMatch(new RegExp(`valid ${suite === 'ari' ? 'ARIUpdate' : 'CreateProperty'} with \\S*${escaped}`));
    // Only the refused variations fail, each alone in its request.
    expect(caught?.counts.failed).toBeGreaterThanOrEqual(1);
    expect(caught?.counts.failed).toBeLessThanOrEqual(6);
    expect(result.variations?.resent).toBeGreaterThan(0);
    expect(result.verdict).toBe('not-certified');
  });

  it('UpdateRoom: the reference accepts every Room variation, each a new room read back; a room without rateplans refused fails naming it', async () => {
    const property = await certify('property');
    const accepted = check(property, 'property.update-room.allowed-value.accepted');
    expect(accepted?.outcome).toBe('pass');
    const sent = property.variations?.operations.UpdateRoom;
    expect(sent?.generated).toBeGreaterThanOrEqual(15);
    expect(sent?.requests).toBeLessThanOrEqual(sent!.generated / 4);
    expect(accepted?.counts.runs).toBe(sent?.requests);
    // Read back after the hand-written UpdateRooms (2) and after each variation request.
    expect(check(property, 'property.update-room.rooms-listed')?.counts.runs).toBe(1 + sent!.requests);
    expect(check(property, 'property.update-room.rate-plans-listed')?.counts.passed).toBeGreaterThanOrEqual(sent!.requests);

    const refused = await certify('property', ['update-room-requires-rate-plans']);
    const caught = check(refused, 'property.update-room.allowed-value.accepted');
    expect(caught?.outcome).toBe('fail');
    expect(caught?.message).toContain('valid UpdateRoom with room.rateplans absent');
    expect(caught?.counts.failed).toBe(1);
    expect(refused.variations?.operations.UpdateRoom?.resent).toBeGreaterThan(0);
    // The hand-written UpdateRooms carry rate plans: only the generated variation finds it.
    expect(check(refused, 'property.update-room.accepted')?.outcome).toBe('pass');
    expect(check(refused, 'property.create.allowed-value.accepted')?.outcome).toBe('pass');
    expect(refused.verdict).not.toBe('certified');
  });

  it('RoomInfo with SetupProperty: every variation accepted by the reference; a refused pricingModel is a warning naming it', async () => {
    const setup = await certify('setup');
    expect(check(setup, 'setup.setup-property.room-info-accepted')?.outcome).toBe('pass');
    const refused = await certify('setup', ['setup-refuses-room-info-camp']);
    const caught = check(refused, 'setup.setup-property.room-info-accepted');
    expect(caught?.outcome).toBe('warn');
    expect(caught?.message).toContain('RoomInfo[');
    expect(caught?.message).toContain('.pricingModel "camp"');
  });

  it('a tax with amounts refused: CreateProperty of the complete Property fails, and the rest is blocked, never passed', async () => {
    const result = await certify('property', ['property-refuses-tax-amounts']);
    expect(check(result, 'property.create.accepted')?.message).toContain('amounts');
    expect(check(result, 'property.create.allowed-value.accepted')?.outcome).toBe('skip');
    expect(result.verdict).toBe('not-certified');
  });

  it('SetupProperty without a password: 1001 is an ordinary answer; a malformed-request error fails', async () => {
    expect(check(await certify('setup'), 'setup.setup-property.password-optional')?.outcome).toBe('pass');
    const refused = check(await certify('setup', ['setup-requires-password']), 'setup.setup-property.password-optional');
    expect(refused?.outcome).toBe('fail');
    expect(refused?.message).toContain('1003');
  });
});
