// The OTA target end to end, in process: the reference OTA is certified; every fault
// variant is denied by the check that names its violation. A shared fast clock makes the
// cancel suite's 4-second wait take 80 ms.
import { describe, expect, it } from 'vitest';
import { runCommand } from '../../src/cli/commands/run.js';
import { OTA_FAULT_NAMES } from '../../src/reference/ota/index.js';
import type { OtaFault } from '../../src/reference/ota/index.js';
import { captureIo, check, details, problems } from './helpers.js';
import { CAUGHT_BY, WARNING_ONLY } from './ota-variants.js';
import { unexplainedChanges } from '../golden/verdict-baseline.js';
import type { RunResult } from '../../src/spec/run-result.js';
import { testClock } from './pms-profile.js';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { packagePath } from '../../src/support/package-root.js';
import { tempDir } from '../support/temp-dir.js';

const fast = () => testClock();
/** The seed the variant runs draw their model-based sequences from (the always-run sequences catch the model-named variants on any seed: test/runner/model-seed-sweep.test.ts). */
const VARIANT_SEED = '2';

function runs(result: RunResult, id: string): number {
  return result.suites
    .flatMap((s) => s.checks)
    .filter((c) => c.id === id)
    .reduce((n, c) => n + c.counts.runs, 0);
}

/**
 * The reference profile with 2 model-based sequences instead of 12: a run that no model check
 * is named to catch still meets the model suite (its 8 always-run sequences and 2 drawn), at
 * about two thirds of the run's exchanges (526 against 814). The variants (96 full runs share
 * one test worker) and the reference runs that are not the certified one use it; the certified
 * run keeps the profile's default, as `run --target ota --reference` does.
 */
function fewSequencesProfile(): string {
  const file = join(tempDir(), 'reference-ota.few-sequences.yaml');
  const text = readFileSync(packagePath('fixtures', 'profiles', 'reference-ota.yaml'), 'utf8');
  writeFileSync(file, `${text.trimEnd()}\nlimits:\n  model_sequences: 2\n`);
  return file;
}
const few = fewSequencesProfile();

describe('reference OTA', () => {
  it('is certified over HTTPS with no failure, warning or skip', async () => {
    const io = captureIo(fast());
    const { exitCode, result } = await runCommand({ target: 'ota', reference: true }, io);
    expect(problems(result)).toEqual([]);
    expect(result.verdict).toBe('certified');
    expect(exitCode).toBe(0);
    expect(result.transport).toBe('https');
    expect(result.suites.map((s) => s.name)).toEqual(['https', 'setup', 'auth', 'ari', 'booking-polling', 'model', 'ack', 'cancel', 'property', 'probes']);
    expect(result.counts.pass).toBeGreaterThan(70);
    expect(io.out()).toContain('Verdict: CERTIFIED');
    expect(unexplainedChanges('ota', undefined, result), details(result)).toEqual([]);
    // Every state change is read back (issue 20 item 3): each created property (the suite's,
    // the probes', one per request of generated variations) with GetRoomTypes and GetRatePlans,
    // every room with a rate plan; rooms kept after UpdateRatePlan and DeleteRatePlan; bookings
    // with null and a version. The variations are generated from the schemas (item 2), batched.
    expect(result.variations?.operations.CreateProperty?.generated).toBeGreaterThan(150);
    const variations = runs(result, 'property.create.allowed-value.accepted');
    expect(variations).toBe(result.variations?.operations.CreateProperty?.requests);
    expect(runs(result, 'property.create.rooms-listed')).toBe(1 + variations);
    // UpdateRoom's Room variations: each request a new room, read back like the hand-written ones.
    const rooms = runs(result, 'property.update-room.allowed-value.accepted');
    expect(rooms).toBe(result.variations?.operations.UpdateRoom?.requests);
    expect(rooms).toBeGreaterThan(0);
    expect(runs(result, 'property.update-room.rooms-listed')).toBe(1 + rooms);
    expect(runs(result, 'property.rate-plans.cover-rooms')).toBe(5 + variations + rooms);
    expect(runs(result, 'probe.property.rate-plans-cover-rooms')).toBe(1);
    expect(runs(result, 'property.rooms.kept')).toBe(2);
    expect(runs(result, 'cancel.list-null.still-listed')).toBe(1);
    expect(runs(result, 'ack.list-version.still-listed')).toBe(1);
  });

  it('over plain HTTP with --allow-http: passed-insecure (exit 0, not a certification), the only warning is HTTPS, and the report says so', async () => {
    const { exitCode, result } = await runCommand(
      { target: 'ota', reference: true, referenceOverHttp: true, allowHttp: true, profile: few },
      captureIo(fast()),
    );
    expect(problems(result)).toEqual(['warn:https.required']);
    expect(result.verdict).toBe('passed-insecure');
    expect(exitCode).toBe(0);
    expect(result.transport).toBe('http');
    expect(result.notes.join(' ')).toContain('plain HTTP');
  });

  it('over plain HTTP without --allow-http: HTTPS is required, not certified', async () => {
    const { exitCode, result } = await runCommand({ target: 'ota', reference: true, referenceOverHttp: true, profile: few }, captureIo(fast()));
    expect(problems(result)).toEqual(['fail:https.required']);
    expect(check(result, 'https.required')?.message).toContain('HTTPS is required');
    expect(exitCode).toBe(1);
  });
});

/**
 * Faults only issue 20's behaviour catches (a level taken from rules.md, a new read-back, a
 * probe judged apart): the run finds that and nothing else, so before it they were certified
 * (or, for password-missing-accepted, only warned about).
 */
const ONLY_ISSUE_20: Partial<Record<OtaFault, string>> = {
  'booking-list-duplicate': 'fail:booking.list.unique',
  'booking-list-null-drops-cancelled': 'fail:cancel.list-null.still-listed',
  'booking-list-version-drops-acked': 'fail:ack.list-version.still-listed',
  'callbacks-served': 'fail:setup.callbacks.not-served',
  'reservation-day-rates-mismatch': 'fail:rule.reservation.day-rates',
  'reservation-minimum-missing': 'fail:rule.reservation.minimum-fields',
  'room-without-plans-unlisted': 'fail:property.create.rooms-listed',
  'room-without-plans-uncovered': 'fail:property.rate-plans.cover-rooms',
  'delete-rate-plan-drops-rooms': 'fail:property.rooms.kept',
  'password-missing-accepted': 'fail:probe.credentials.refused',
  'update-room-requires-rate-plans': 'fail:property.update-room.allowed-value.accepted',
  'property-description-limit-in-bytes': 'fail:property.create.allowed-value.accepted',
  'update-room-refuses-ota-id': 'fail:property.update-room.accepted',
};

describe('correct OTA variants', () => {
  it('accepts-text-plain (a valid JSON body labelled text/plain is served) is certified, with a warning naming http-request-json', async () => {
    const { exitCode, result } = await runCommand({ target: 'ota', reference: true, variant: ['accepts-text-plain'], profile: few }, captureIo(fast()));
    expect(problems(result)).toEqual(['warn:probe.text-plain.refused']);
    expect(check(result, 'probe.text-plain.refused')?.message).toContain('rule http-request-json');
    expect(result.verdict).toBe('certified');
    expect(exitCode).toBe(0);
    expect(unexplainedChanges('ota', 'accepts-text-plain', result), details(result)).toEqual([]);
  });
});

describe('broken OTA variants', () => {
  it('the table names a catching check for every fault the reference OTA has', () => {
    expect(Object.keys(CAUGHT_BY).sort()).toEqual([...OTA_FAULT_NAMES].sort());
    expect(OTA_FAULT_NAMES.length - WARNING_ONLY.size).toBeGreaterThanOrEqual(20);
  });

  // Full runs: every check judges the variant, and what they judge is compared with the
  // verdicts recorded before the channel-manager core moved (test/golden/verdict-baseline.ts).
  it.concurrent.each(OTA_FAULT_NAMES.map((f) => [f, CAUGHT_BY[f]] as const))(
    '%s is caught by %s',
    async (fault, id) => {
      // A fixed seed: the model-based sequences that catch the issue 26 variants are the same every run.
      const profile = id.startsWith('model.') ? {} : { profile: few };
      const { exitCode, result } = await runCommand({ target: 'ota', reference: true, variant: [fault], seed: VARIANT_SEED, ...profile }, captureIo(fast()));
      expect(result.seed).toBe(Number(VARIANT_SEED));
      expect(unexplainedChanges('ota', fault, result), details(result)).toEqual([]);
      const caught = check(result, id);
      if (WARNING_ONLY.has(fault)) {
        expect(caught?.outcome).toBe('warn');
        // A warning never blocks a full run.
        expect(result.verdict).toBe('certified');
        return;
      }
      expect(caught?.outcome, `${id}: ${caught?.message}`).toBe('fail');
      expect(caught?.evidence.exchanges.length).toBeGreaterThan(0);
      const only = ONLY_ISSUE_20[fault];
      // The model-based sequences (issue 26) judge the same effects again, by their own checks.
      if (only) expect(problems(result).filter((p) => !p.includes(':model.') && p !== 'warn:setup.callbacks.path-verb-mismatch')).toEqual([only]);
      expect(result.verdict).toBe('not-certified');
      expect(exitCode).toBe(1);
    },
    120_000,
  );
});
