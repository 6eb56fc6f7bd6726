// The probe families: every request they send breaks the rule it names, and only requests
// the OTA implements are sent. Each probe whose rule JSON Schema can state fails the spec's
// request schema while the valid request it starts from passes; each probe's rule is listed
// by the check that judges it (suites/ota/90-probes.yaml).
import { describe, expect, it } from 'vitest';
import { referenceProfilePath } from '../../src/cli/reference.js';
import { loadProfile } from '../../src/profile/load-profile.js';
import type { Profile } from '../../src/profile/types.js';
import { PROBE_FAMILIES, probeBody } from '../../src/runner/probes/index.js';
import type { Probe } from '../../src/runner/probes/index.js';
import { validateBody } from '../../src/schemas/index.js';
import { SPEC_RULES } from '../../src/spec/rules.js';
import { ruleIdOf } from '../../src/spec/clause-ids.js';
import { loadBuiltinSuites } from '../../src/suite/load-suite.js';
import { parseSuite } from '../../src/suite/parse-suite.js';
import { validateSuiteReferences } from '../../src/runner/validate-suite.js';
import type { ProbeStep } from '../../src/suite/types.js';
import { call, makeModel } from '../channel-manager/helpers.js';

const NOW = Date.parse('2026-11-23T12:00:00Z');
const profile = loadProfile(referenceProfilePath('ota'), {});
const { model } = makeModel();
const args = { rooms: call(model, 'GetRoomTypes').json.Rooms, rate_plans: call(model, 'GetRatePlans').json.RatePlans, booking_id: 'B-1' };

function probes(family: string, p: Profile = profile): Probe[] {
  return PROBE_FAMILIES.get(family)!.generate({ args, profile: p, now: NOW });
}

/** Probes of rules a JSON Schema cannot state: the request stays schema-valid; the OTA's data or a cross-field rule makes it wrong. */
function beyondSchema(probe: Probe): boolean {
  switch (probe.rule) {
    case 'inv-ids-known':
    case 'inv-end-date-inclusive':
      return true;
    case 'env-pms-cid-format':
      return probe.breaks.includes('one character');
    case 'prop-address-contact':
      return probe.breaks.includes('differs');
    case 'prop-codes':
      return probe.breaks.includes('timezone');
    default:
      return false;
  }
}

describe('probe families', () => {
  it.each(['envelope', 'inventory', 'booking-fields', 'property-fields'])(
    '%s: each probe breaks the request schema or a rule beyond it; its control is valid',
    (family) => {
      const all = probes(family);
      expect(all.length).toBeGreaterThan(4);
      for (const probe of all) {
        const errors = validateBody(probe.operation, 'request', probeBody(probe, profile));
        if (probe.control) expect(errors, probe.breaks).toEqual([]);
        else if (!beyondSchema(probe)) expect(errors.length, `${probe.operation} ${probe.breaks}`).toBeGreaterThan(0);
      }
    },
  );

  it('the probes beyond the schema send an otherwise valid request', () => {
    const beyond = ['envelope', 'inventory', 'property-fields'].flatMap((f) => probes(f)).filter(beyondSchema);
    expect(beyond.length).toBeGreaterThanOrEqual(7);
    for (const probe of beyond) expect(validateBody(probe.operation, 'request', probeBody(probe, profile)), probe.breaks).toEqual([]);
  });

  it('secret and credential probes change only the secret or the credentials of a valid request', () => {
    for (const probe of probes('secret')) {
      const body = probeBody(probe, profile);
      expect(validateBody(probe.operation, 'request', { ...body, shared_secret: profile.sharedSecret }), probe.breaks).toEqual([]);
      const broken = probe.query?.shared_secret !== undefined || body.shared_secret !== profile.sharedSecret;
      expect(broken, probe.breaks).toBe(true);
    }
    const scoped = probes('credentials');
    expect(new Set(scoped.map((p) => p.operation))).toEqual(
      new Set([
        'GetRoomTypes',
        'GetRatePlans',
        'ARIUpdate',
        'GetBookingList',
        'GetBookingId',
        'AckBooking',
        'CancelBooking',
        'UpdateRoom',
        'DeleteRoom',
        'DeleteRatePlan',
        'UpdateRatePlan',
      ]),
    );
    for (const probe of scoped) {
      const body = probeBody(probe, profile);
      expect(body.wbp_property_password !== profile.property.wbp_property_password || body.wbp_property_id !== profile.property.wbp_property_id).toBe(true);
    }
  });

  it('sends nothing for an operation the profile does not declare', () => {
    const minimal: Profile = { ...profile, capabilities: [] };
    const sent = [...PROBE_FAMILIES.keys()].flatMap((f) => probes(f, minimal)).map((p) => p.operation);
    for (const op of ['AckBooking', 'CancelBooking', 'CreateProperty', 'UpdateRoom', 'DeleteRoom', 'DeleteRatePlan', 'UpdateRatePlan'])
      expect(sent).not.toContain(op);
    expect(sent).toContain('GetBookingId');
  });

  it("addresses the property-sync probes to the probes' own property when its CreateProperty succeeded", () => {
    const created = { created: true, pms_property_id: 9123456, wbp_property_id: '8123456', wbp_property_password: 'pw' };
    const family = PROBE_FAMILIES.get('credentials')!;
    const on = family.generate({ args: { ...args, property: created }, profile, now: NOW }).filter((p) => p.operation === 'DeleteRoom');
    expect(on.map((p) => probeBody(p, profile).room)).toEqual(Array(4).fill({ pms_room_id: 103 }));
    expect(on.map((p) => probeBody(p, profile).pms_property_id)).toEqual(Array(4).fill(9123456));
    // Password wrong and missing, property never issued and missing (issue 20: a credential left out is no credential).
    expect(on.map((p) => probeBody(p, profile).wbp_property_password)).toEqual(['wrong-0badc0ffee00', undefined, 'pw', 'pw']);
    expect(on.map((p) => probeBody(p, profile).wbp_property_id)).toEqual(['8123456', '8123456', '987654321', undefined]);
    // Refused (success false): the profile's property and ids no suite uses.
    const refused = family
      .generate({ args: { ...args, property: { ...created, created: false } }, profile, now: NOW })
      .find((p) => p.operation === 'DeleteRoom')!;
    expect(probeBody(refused, profile)).toMatchObject({ room: { pms_room_id: 9901 }, pms_property_id: profile.property.pms_property_id });
  });

  it('leaves out the booking operations when no booking id could be had', () => {
    const without = PROBE_FAMILIES.get('credentials')!.generate({ args: { rooms: args.rooms, rate_plans: args.rate_plans }, profile, now: NOW });
    expect(without.map((p) => p.operation)).not.toContain('GetBookingId');
    expect(without.map((p) => p.operation)).toContain('GetBookingList');
  });

  it("each probe's rule is a spec rule listed by the check that judges it", () => {
    const known = new Set(SPEC_RULES.map((r) => r.id));
    const suite = loadBuiltinSuites('ota').find((s) => s.name === 'probes')!;
    const steps = suite.steps.filter((s): s is ProbeStep => s.kind === 'probe');
    expect(steps.map((s) => s.family).sort()).toEqual([...PROBE_FAMILIES.keys()].sort());
    // A check may name the rule's clauses rather than the rule: the rule of each entry.
    const rulesOf = (id: string): string[] => (suite.checks.find((d) => d.id === id)?.rules ?? []).map(ruleIdOf);
    for (const step of steps) {
      for (const probe of probes(step.family)) {
        // The check that judges it: the one it names, else the step's first (each result has one level).
        const judge = probe.check ?? step.checks[0]!.id;
        expect(
          step.checks.map((c) => c.id),
          `${step.family}: ${judge}`,
        ).toContain(judge);
        expect(known.has(probe.rule), probe.rule).toBe(true);
        expect(rulesOf(judge), `${step.family}: ${probe.rule} judged by ${judge}`).toContain(probe.rule);
      }
    }
  });

  it('sends the other JSON type than the valid request, whatever the property id (issue 20 item 7)', () => {
    const sent = (p: Profile): Array<[string, unknown, unknown]> =>
      probes('envelope', p)
        .filter((probe) => probe.breaks.includes('sent as'))
        .map((probe) => {
          const [field] = Object.keys(probe.set!);
          const valid = probeBody({ ...probe, set: {} }, p)[field!];
          return [`${probe.operation} ${field}`, typeof valid, typeof probe.set![field!]];
        });
    const issued = loadProfile(referenceProfilePath('ota'), { CM_PROPERTY_ID: 'H1001' });
    for (const p of [profile, issued]) {
      const pairs = sent(p);
      expect(pairs.length).toBeGreaterThanOrEqual(6);
      for (const [what, valid, other] of pairs) expect(other, what).not.toBe(valid);
    }
    const setup = probes('envelope', issued).find((probe) => probe.operation === 'SetupProperty' && 'wbp_property_id' in probe.set!)!;
    expect(setup.set).toEqual({ wbp_property_id: 1 });
  });

  it('the malformed family: bodies that are not a JSON object are required refusals, text/plain is judged apart (lenient)', () => {
    const malformed = probes('malformed');
    expect(malformed.filter((p) => p.raw === 'text-plain').map((p) => [p.rule, p.check])).toEqual([
      ['http-request-json', 'probe.text-plain.refused'],
      ['http-request-json', 'probe.text-plain.refused'],
    ]);
    expect(new Set(malformed.filter((p) => p.raw !== 'text-plain').map((p) => [p.rule, p.check ?? 'first'].join()))).toEqual(
      new Set(['auth-secret-body-enforced,first']),
    );
  });
});

describe('a suite naming a probe family', () => {
  const suite = (family: string, expect_ = '        expect: { success: false }\n'): string => `suite: partner-probes
title: Probes
version: 0.1.0
target: ota
steps:
  - id: broken
    probe: ${family}
    checks:
      - id: partner.refused
        title: Refused
        level: recommended
        spec: Endpoints
${expect_}`;

  it('an unknown family is a suite error naming the file, line and field', () => {
    const parsed = parseSuite(suite('no-such-family'), 'mine.yaml');
    expect(() => validateSuiteReferences(parsed, 'ota')).toThrow(/unknown probe family "no-such-family" \(known: secret, credentials/);
    let thrown: unknown;
    try {
      validateSuiteReferences(parsed, 'ota');
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toMatchObject({ location: { file: 'mine.yaml', line: 6, field: 'steps.broken.probe' } });
  });

  it('a probe check without an expect is a suite error; a known family with one is accepted', () => {
    expect(() => validateSuiteReferences(parseSuite(suite('envelope', ''), 'mine.yaml'), 'ota')).toThrow(/needs an expect/);
    expect(() => validateSuiteReferences(parseSuite(suite('envelope'), 'mine.yaml'), 'ota')).not.toThrow();
  });
});
