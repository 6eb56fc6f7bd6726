// Every allowed value sent once, end to end: the reference OTA accepts each; a variant that
// refuses one value the spec allows is denied by the check whose message names that value
// (only that one evaluation fails), and SetupProperty without a password is judged by its answer.
import { describe, expect, it } from 'vitest';
import { runCommand } from '../../src/cli/commands/run.js';
import type { OtaFault } from '../../src/reference/ota/index.js';
import { scaledClock } from '../../src/support/clock.js';
import { captureIo, check } from './helpers.js';

async function certify(suite: string, variant: OtaFault[] = []) {
  const { result } = await runCommand({ target: 'ota', reference: true, suite: [suite], variant }, captureIo(scaledClock(50)));
  return result;
}

describe('every allowed value is sent', () => {
  it('the reference OTA accepts every CreateProperty variation and every single-field Inventory item', async () => {
    const property = await certify('property');
    const created = check(property, 'property.create.allowed-value.accepted');
    expect(created?.outcome).toBe('pass');
    expect(created?.counts.runs).toBeGreaterThanOrEqual(45);
    const ari = check(await certify('ari'), 'ari.inventory-field.accepted');
    expect(ari?.outcome).toBe('pass');
    expect(ari?.counts.runs).toBeGreaterThanOrEqual(19);
  });

  it.each([
    ['property', 'property-refuses-empty-breakfast', 'property.create.allowed-value.accepted', 'breakfast ""', 1],
    ['property', 'property-refuses-mixed-dorm', 'property.create.allowed-value.accepted', 'dormitory gender MIXED', 1],
    ['ari', 'ari-rejects-rdef-zero', 'ari.inventory-field.accepted', 'Inventory rdef_single "0"', 1],
    ['ari', 'ari-rejects-child-fields', 'ari.inventory-field.accepted', 'Inventory adult_3', 2],
  ] as const)('%s with %s: %s fails and names %s', async (suite, fault, id, value, failures) => {
    const result = await certify(suite, [fault]);
    const caught = check(result, id);
    expect(caught?.outcome).toBe('fail');
    expect(caught?.message).toContain(`valid ${suite === 'ari' ? 'ARIUpdate' : 'CreateProperty'} with ${value}`);
    expect(caught?.counts.failed).toBe(failures);
    expect(result.verdict).toBe('not-certified');
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
