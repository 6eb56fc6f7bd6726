// The OTA property suite against reference OTAs that differ from the built-in one in what
// the spec leaves open: CreateProperty not activated (with and without the profile naming
// its error id), answers without room_mappings (matched by label), a GetRoomTypes without
// labels (matched by ids), only some capabilities declared. A skip is never a pass; a
// not-activated answer the profile does not name is a failure; an OTA that answers bare
// success and changes nothing fails. Also: the CreateProperty the harness sends is valid,
// fresh per run and labelled with the run's nonce.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runCommand } from '../../../src/cli/commands/run.js';
import { testTls } from '../../../src/cli/reference.js';
import { applyBodyRules } from '../../../src/checks/body-rules/index.js';
import { loadProfile } from '../../../src/profile/load-profile.js';
import { type OtaFault, type ReferenceOtaServer, startReferenceOta } from '../../../src/reference/ota/index.js';
import type { OtaResponse } from '../../../src/channel-manager/index.js';
import { createPropertyItem } from '../../../src/runner/generators/create-property.js';
import { validateBody } from '../../../src/schemas/index.js';
import { systemClock } from '../../../src/support/clock.js';
import { packagePath } from '../../../src/support/package-root.js';
import { captureIo } from '../../e2e/helpers.js';

const ALL = ['CreateProperty', 'UpdateRoom', 'DeleteRoom', 'DeleteRatePlan', 'UpdateRatePlan'];
const PROPERTY = { pms_property_id: 1, wbp_property_id: '1001', wbp_property_password: 'pw-1001' };
const open: ReferenceOtaServer[] = [];

afterEach(async () => {
  await Promise.all(open.splice(0).map((server) => server.close()));
});

async function startOta(options: { activated?: boolean; strip?: boolean; noLabels?: boolean; faults?: OtaFault[] } = {}): Promise<ReferenceOtaServer> {
  const tls = await testTls();
  const server = await startReferenceOta({
    clock: systemClock,
    sharedSecret: 'suite-secret',
    property: PROPERTY,
    tls: { cert: tls.cert, key: tls.key },
    propertyActivated: options.activated ?? true,
    faults: options.faults ?? [],
  });
  if (options.noLabels) {
    // A candidate whose GetRoomTypes gives no label (it is optional).
    const handle = server.model.handle.bind(server.model);
    server.model.handle = (operation, query, body): OtaResponse => {
      const answer = handle(operation, query, body);
      if (operation !== 'GetRoomTypes') return answer;
      const json = JSON.parse(String(answer.body)) as { Rooms?: Array<Record<string, unknown>> };
      for (const room of json.Rooms ?? []) delete room.label;
      return { ...answer, body: JSON.stringify(json) };
    };
  }
  open.push(server);
  if (options.strip) {
    // A candidate whose answers carry no room_mappings (the spec shows no response).
    const handle = server.model.handle.bind(server.model);
    server.model.handle = (operation, query, body): OtaResponse => {
      const answer = handle(operation, query, body);
      if (operation !== 'CreateProperty' && operation !== 'UpdateRoom') return answer;
      // No room_mappings, no wbp_room_id, no credentials: the later steps use the ones sent.
      const {
        room_mappings: _m,
        wbp_room_id: _r,
        wbp_property_id: _i,
        wbp_property_password: _p,
        ...rest
      } = JSON.parse(String(answer.body)) as Record<string, unknown>;
      return { ...answer, body: JSON.stringify(rest) };
    };
  }
  return server;
}

async function certify(server: ReferenceOtaServer, capabilities: string[], notActivated?: number[]) {
  const io = captureIo();
  const profile = join(io.cwd, 'ota.yaml');
  writeFileSync(
    profile,
    [
      'target: ota',
      `base_url: ${server.baseUrl}`,
      'shared_secret: suite-secret',
      'pms_cid: cmcert',
      'currency: EUR',
      `property: ${JSON.stringify(PROPERTY)}`,
      `capabilities: ${JSON.stringify(capabilities)}`,
      ...(notActivated ? [`error_ids: { not_activated: ${JSON.stringify(notActivated)} }`] : []),
    ].join('\n'),
  );
  const ca = join(io.cwd, 'ca.pem');
  writeFileSync(ca, (await testTls()).ca);
  const { result, exitCode } = await runCommand({ target: 'ota', profile, suite: ['property'], ca }, io);
  const checks = result.suites.flatMap((s) => s.checks).filter((c) => c.id.startsWith('property.'));
  return { result, exitCode, checks, outcomes: Object.fromEntries(checks.map((c) => [c.id, c.skipKind ? `${c.outcome}:${c.skipKind}` : c.outcome])) };
}

describe('the property suite', () => {
  it('skips every check as not applicable, with the reason, when CreateProperty is not activated and the profile names its error id', async () => {
    const { result, exitCode, checks } = await certify(await startOta({ activated: false }), ALL, [1006]);
    expect(checks).toHaveLength(20);
    for (const check of checks) {
      expect(check.outcome, check.id).toBe('skip');
      expect(check.skipKind, check.id).toBe('not-applicable');
      expect(check.message, check.id).toContain('CreateProperty is not activated (error 1006');
    }
    expect(result.exchanges.map((x) => x.operation)).toEqual(['CreateProperty']);
    expect(result.verdict).toBe('passed-partial'); // --suite property: every required check passed, a selection certifies nothing
    expect(exitCode).toBe(0);
  });

  it('fails CreateProperty and blocks the rest when the profile does not name the error id', async () => {
    const { result, outcomes, checks } = await certify(await startOta({ activated: false }), ALL);
    expect(outcomes['property.create.accepted']).toBe('fail');
    expect(checks.find((c) => c.id === 'property.create.accepted')?.message).toContain('error 1006');
    expect(outcomes['property.delete-room.gone']).toBe('skip:blocked');
    expect(result.verdict).toBe('not-certified');
  });

  it('reads every effect back by label when the answers carry no room_mappings (nor credentials): all pass', async () => {
    const { result, outcomes, checks } = await certify(await startOta({ strip: true }), ALL);
    // The profile declares no hooks.create_property_activation: that check alone is not applicable, never a pass (D-401).
    const { 'property.create.not-activated-refused': withoutHook, ...rest } = outcomes;
    expect(withoutHook).toBe('skip:not-applicable');
    expect(
      Object.values(rest).every((o) => o === 'pass'),
      JSON.stringify(outcomes),
    ).toBe(true);
    expect(checks).toHaveLength(20);
    expect(checks.find((c) => c.id === 'property.create.rooms-listed')?.message).toContain('(by label)');
    expect(result.verdict).toBe('passed-partial');
  });

  it('matches by ids before/after when GetRoomTypes gives no labels; the new label is then not applicable, with the reason', async () => {
    const { result, outcomes, checks } = await certify(await startOta({ strip: true, noLabels: true }), ALL);
    expect(outcomes['property.create.rooms-listed']).toBe('pass');
    expect(outcomes['property.update-room.rooms-listed']).toBe('pass');
    expect(outcomes['property.delete-room.gone']).toBe('pass');
    expect(outcomes['property.create.rate-plans-listed']).toBe('pass');
    expect(outcomes['property.update-room.label']).toBe('skip:not-applicable');
    expect(checks.find((c) => c.id === 'property.update-room.label')?.message).toContain('lists no room labels');
    // Nor can the OTA id of the changed room be found to name it by (D-326).
    expect(outcomes['property.update-room.by-ota-id.in-place'], checks.find((c) => c.id === 'property.update-room.by-ota-id.in-place')?.message).toBe(
      'skip:not-applicable',
    );
    expect(result.verdict).toBe('passed-partial');
  });

  it('fails an OTA that answers bare success and changes nothing, without room_mappings to go by', async () => {
    const { result, outcomes } = await certify(await startOta({ strip: true, faults: ['property-ops-change-nothing'] }), ALL);
    expect(outcomes).toMatchObject({
      'property.update-room.accepted': 'pass',
      'property.update-room.rooms-listed': 'fail',
      'property.update-room.label': 'warn',
      'property.update-room.rate-plans-listed': 'fail',
      'property.update-rate-plan.title-shown': 'warn',
      'property.delete-rate-plan.gone': 'fail',
      'property.delete-room.gone': 'fail',
    });
    expect(result.verdict).toBe('not-certified');
  });

  it('fails an OTA whose GetRoomTypes has no labels and changes nothing (matched by ids)', async () => {
    const { outcomes } = await certify(await startOta({ strip: true, noLabels: true, faults: ['property-ops-change-nothing'] }), ALL);
    expect(outcomes['property.update-room.rooms-listed']).toBe('fail');
    expect(outcomes['property.delete-room.gone']).toBe('fail');
  });

  it('fails CreateProperty that answers success but creates nothing: GetRoomTypes refuses the credentials', async () => {
    const { outcomes, checks } = await certify(await startOta({ faults: ['create-property-changes-nothing'] }), ALL);
    expect(outcomes['property.create.rooms-listed']).toBe('fail');
    expect(checks.find((c) => c.id === 'property.create.rooms-listed')?.message).toContain('success false');
  });

  it('runs only the declared operations; the others are not applicable', async () => {
    const { result, outcomes } = await certify(await startOta(), ['CreateProperty', 'DeleteRatePlan']);
    expect(outcomes).toMatchObject({
      'property.create.accepted': 'pass',
      'property.create.rooms-listed': 'pass',
      'property.update-room.accepted': 'skip:not-applicable',
      'property.update-rate-plan.accepted': 'skip:not-applicable',
      'property.delete-rate-plan.accepted': 'pass',
      'property.delete-rate-plan.gone': 'pass',
      'property.delete-room.accepted': 'skip:not-applicable',
    });
    expect(result.verdict).toBe('passed-partial'); // --suite property: every required check passed, a selection certifies nothing
  });

  it('is not applicable as a whole without the CreateProperty capability', async () => {
    const { result, checks } = await certify(await startOta(), ['UpdateRoom']);
    expect(result.suites[0]?.skipped).toContain('CreateProperty');
    expect(checks.every((c) => c.skipKind === 'not-applicable')).toBe(true);
    expect(result.exchanges).toEqual([]);
  });
});

describe('the create-property generator', () => {
  const profile = loadProfile(packagePath('fixtures', 'profiles', 'reference-ota.yaml'), {});

  it('gives a CreateProperty that passes the schema and every body rule', () => {
    const item = createPropertyItem(profile, Date.now());
    const body = { ...item, guid: '6c08b96e-450d-4e6a-9933-7d0305730305', shared_secret: 's', pms_cid: 'abc', verb: 'CreateProperty' };
    expect(validateBody('CreateProperty', 'request', body)).toEqual([]);
    for (const { rule, verdict } of applyBodyRules('CreateProperty', 'request', body)) expect(verdict.status, rule.id).toBe('pass');
  });

  it('labels every room and rate plan with the run nonce, and no two runs share it', () => {
    const item = createPropertyItem(profile, Date.now());
    const rooms = item.Property.rooms as Array<{ label: string; rateplans?: Array<{ label_public: string | null; label_private: string | null }> }>;
    expect(item.nonce).toMatch(/^cm[0-9a-f]{4}$/);
    for (const room of rooms) {
      expect(room.label.endsWith(` ${item.nonce}`)).toBe(true);
      for (const plan of room.rateplans ?? [])
        expect([plan.label_public, plan.label_private].filter((l) => l !== null).every((l) => l!.endsWith(item.nonce))).toBe(true);
    }
    const nonces = new Set(Array.from({ length: 20 }, () => createPropertyItem(profile, 0).nonce));
    expect(nonces.size).toBeGreaterThan(15);
  });

  it("proposes fresh credentials each run (a numeric wbp_property_id), or the profile's fixtures.create_property", () => {
    const [a, b] = [createPropertyItem(profile, Date.now()), createPropertyItem(profile, Date.now())];
    expect(a.wbp_property_id).toMatch(/^\d+$/);
    expect(a.pms_property_id).toMatch(/^\d+$/);
    expect([a.wbp_property_password, a.pms_property_id]).not.toEqual([b.wbp_property_password, b.pms_property_id]);
    const fixed = { ...profile, fixtures: { create_property: { pms_property_id: 42, wbp_property_id: '4242', wbp_property_password: 'pw' } } };
    expect(createPropertyItem(fixed, 0)).toMatchObject({ pms_property_id: '42', wbp_property_id: '4242', wbp_property_password: 'pw' });
  });
});
