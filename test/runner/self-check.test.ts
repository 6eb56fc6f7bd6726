// The harness judges its own requests: a body the suite got wrong fails harness.request-valid
// on that exchange, naming the field, so the candidate is not blamed; `self_check: false`
// (invalid on purpose) and a valid body record none.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCommand } from '../../src/cli/commands/run.js';
import { startReferenceOtaCandidate } from '../../src/cli/reference.js';
import type { RunningReference } from '../../src/cli/reference.js';
import { systemClock } from '../../src/support/clock.js';
import { captureIo } from '../e2e/helpers.js';

const PROFILE = join(import.meta.dirname, '..', '..', 'fixtures', 'profiles', 'reference-ota.yaml');
const BAD_ITEM = '{ wbp_room_id: "4101", wbp_rate_id: "DBL-BB", start_date: "2026-12-04", end_date: "2026-12-10", units: "many" }';
const SUITE = `suite: mine
title: Mine
version: 1.0.0
target: ota
steps:
  - id: wrong-by-mistake
    call: ARIUpdate
    body: { currency: "EUR", Inventory: [${BAD_ITEM}] }
  - id: wrong-on-purpose
    call: ARIUpdate
    self_check: false
    body: { currency: "EUR", Inventory: [${BAD_ITEM}] }
  - id: right
    call: HealthCheck
    checks:
      - id: mine.hc
        title: HealthCheck succeeds
        level: required
        spec: Endpoints › HealthCheck
        expect: { success: true }
`;

let reference: RunningReference;

beforeAll(async () => {
  reference = await startReferenceOtaCandidate({ clock: systemClock, tls: false, env: {} });
});

afterAll(async () => {
  await reference?.close();
});

describe("the harness's self-check of its own requests", () => {
  it('fails harness.request-valid on the wrong request only, naming the field', async () => {
    const io = captureIo(undefined, { CM_REFERENCE_URL: reference.profile.baseUrl.replace(/\/api$/, '') });
    writeFileSync(join(io.cwd, 'mine.yaml'), SUITE);
    const { result } = await runCommand({ target: 'ota', profile: PROFILE, suite: [join(io.cwd, 'mine.yaml')], allowHttp: true }, io);
    const own = result.suites.flatMap((s) => s.checks).filter((c) => c.id === 'harness.request-valid');
    const [wrong, onPurpose, right] = result.exchanges;
    expect(result.exchanges.map((x) => x.operation)).toEqual(['ARIUpdate', 'ARIUpdate', 'HealthCheck']);
    expect(own).toHaveLength(1);
    expect(own[0]!.outcome).not.toBe('pass');
    expect(own[0]!.evidence.exchanges).toEqual([wrong!.id]);
    expect(JSON.stringify(own[0]!.evidence.schemaErrors)).toContain('/Inventory/0/units');
    expect(own.flatMap((c) => c.evidence.exchanges)).not.toContain(onPurpose!.id);
    expect(own.flatMap((c) => c.evidence.exchanges)).not.toContain(right!.id);
  });
});
