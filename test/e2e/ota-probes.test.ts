// The probes suite end to end, in process: the reference OTA refuses every request broken on
// purpose; each probe family's broken variant is reported by exactly the check that names
// it (one fault, one check); and a candidate whose property id cannot take the id table's
// type gets one failed check while every other check still judges it (SetupProperty sent).
import { describe, expect, it } from 'vitest';
import { runCommand } from '../../src/cli/commands/run.js';
import type { OtaVariantName } from '../../src/reference/ota/index.js';
import type { RunResult } from '../../src/spec/run-result.js';
import { captureIo, check, problems } from './helpers.js';
import { testClock } from './pms-profile.js';

const fast = () => testClock();
const PROBE_CHECKS = [
  'probe.secret.refused',
  'probe.credentials.refused',
  'probe.malformed.refused',
  'probe.text-plain.refused',
  'probe.envelope.refused',
  'probe.get.not-success',
  'probe.booking-fields.refused',
  'probe.inventory.refused',
  'probe.property-fields.refused',
];

function runs(result: RunResult, id: string): number {
  return result.suites
    .flatMap((s) => s.checks)
    .filter((c) => c.id === id)
    .reduce((n, c) => n + c.counts.runs, 0);
}

async function probesRun(variant: OtaVariantName[] = []): Promise<RunResult> {
  const { result } = await runCommand({ target: 'ota', reference: true, suite: ['probes'], variant }, captureIo(fast()));
  return result;
}

describe('probes suite against the reference OTA', () => {
  it('every request broken on purpose is refused with HTTP 200 JSON and the error shape', async () => {
    const result = await probesRun();
    expect(problems(result)).toEqual([]);
    for (const id of PROBE_CHECKS) expect(check(result, id)?.outcome, id).toBe('pass');
    // Each family sends what the issue lists: 4 secret faults on 13 operations, 4 credential
    // faults (password wrong and missing, property never issued and missing) on 11.
    expect(runs(result, 'probe.secret.refused')).toBe(52);
    expect(runs(result, 'probe.credentials.refused')).toBe(44);
    expect(runs(result, 'probe.malformed.refused')).toBe(6);
    expect(runs(result, 'probe.text-plain.refused')).toBe(2);
    expect(runs(result, 'probe.inventory.refused')).toBeGreaterThanOrEqual(24);
    expect(runs(result, 'probe.property-fields.refused')).toBeGreaterThanOrEqual(30);
    expect(runs(result, 'probe.control.accepted')).toBe(2);
    // Every refusal was judged for its shape, by one check.
    expect(runs(result, 'protocol.error-shape')).toBeGreaterThanOrEqual(150);
  });

  it('names the rule each request broke in its verdict', async () => {
    const result = await probesRun(['ari-accepts-anything']);
    const warned = check(result, 'probe.inventory.refused');
    expect(warned?.outcome).toBe('warn');
    expect(warned?.message).toMatch(/^ARIUpdate broken on purpose \(.+; rule (ari-currency|ari-inventory|inv-[a-z-]+)\): Unexpected success/);
  });
});

// Each probe family's variant: the named check and nothing else reports it (issue 11 item 7).
const ONLY_CHECK: Array<[OtaVariantName, string]> = [
  ['ari-ignores-credentials', 'fail:probe.credentials.refused'],
  ['bookings-ignore-credentials', 'fail:probe.credentials.refused'],
  ['cancel-ignores-body-secret', 'fail:probe.secret.refused'],
  ['auth-ignores-query-secret', 'fail:probe.secret.refused'],
  ['malformed-json-success', 'fail:probe.malformed.refused'],
  // A correct OTA may accept it (the content type binds the PMS): a warning naming the rule.
  ['accepts-text-plain', 'warn:probe.text-plain.refused'],
  ['password-missing-accepted', 'fail:probe.credentials.refused'],
  ['bad-request-http-400', 'fail:protocol.http-status'],
  ['bad-request-text-plain', 'fail:protocol.content-type'],
  ['errors-missing', 'fail:protocol.error-shape'],
  ['error-id-string', 'fail:protocol.error-shape'],
  ['envelope-unchecked', 'warn:probe.envelope.refused'],
  ['ari-accepts-anything', 'warn:probe.inventory.refused'],
  ['booking-version-unchecked', 'warn:probe.booking-fields.refused'],
  ['property-unchecked', 'warn:probe.property-fields.refused'],
  ['get-succeeds', 'warn:probe.get.not-success'],
];

describe('one fault, one check', () => {
  it.each(ONLY_CHECK)('%s is reported by %s alone', async (fault, only) => {
    const result = await probesRun([fault]);
    expect(problems(result)).toEqual([only]);
    // A warning never blocks: passed-partial on this --suite run (a full run would be certified).
    expect(result.verdict).toBe(only.startsWith('fail:') ? 'not-certified' : 'passed-partial');
  });
});

describe('the ARIUpdate probes do not depend on GetRatePlans', () => {
  it('with GetRatePlans listing nothing, they address the profile pair (fixtures.ari_pair) and still judge the ARI rules', async () => {
    const result = await probesRun(['rate-plans-empty', 'ari-accepts-anything']);
    expect(check(result, 'probe.control.accepted')?.outcome).toBe('pass');
    expect(check(result, 'probe.inventory.refused')?.outcome).toBe('warn');
    expect(runs(result, 'probe.inventory.refused')).toBeGreaterThanOrEqual(24);
  });
});

describe('the control of a probe family', () => {
  it('refused: probe.control.accepted fails and the refusals after it are blocked, never passed', async () => {
    const result = await probesRun(['ari-rejects-one-night']);
    expect(check(result, 'probe.control.accepted')?.outcome).toBe('fail');
    expect(check(result, 'probe.control.accepted')?.message).toContain('Unexpected refusal of a valid ARIUpdate');
    const inventory = check(result, 'probe.inventory.refused');
    expect([inventory?.outcome, inventory?.skipKind]).toEqual(['skip', 'blocked']);
    expect(inventory?.counts.passed).toBe(0);
    expect(result.verdict).toBe('not-certified');
  });
});

describe('a property id that cannot take the id table type', () => {
  it('fails envelope.property-id-type and still sends and judges SetupProperty', async () => {
    const { exitCode, result } = await runCommand({ target: 'ota', reference: true, variant: ['property-id-not-integer'] }, captureIo(fast()));
    const failed = check(result, 'envelope.property-id-type');
    expect(failed?.outcome).toBe('fail');
    expect(failed?.message).toContain('"H1001" cannot be sent as the integer');
    expect(check(result, 'setup.setup-property.valid')?.outcome).toBe('pass');
    expect(check(result, 'setup.healthcheck')?.outcome).toBe('pass');
    // Nothing becomes a harness error, and nothing else is found: the other-type probe sends an
    // integer where the valid request sends the issued string (it used to send that string itself).
    expect(problems(result)).toEqual(['fail:envelope.property-id-type']);
    expect(exitCode).toBe(1);
    const otherType = result.exchanges.filter((x) => x.operation === 'SetupProperty' && x.request.body?.includes('"wbp_property_id":1,'));
    expect(otherType).toHaveLength(1);
  });
});
