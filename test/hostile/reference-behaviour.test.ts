// Issue 28 item 7: cm-certify's own reference is recognised by its behaviour, not only by its
// test CA, on both targets: the reference OTA by its error texts, the reference PMS by the seed
// data it sends (its property's and rooms' names) and its callbacks' own error texts. Served
// under the partner's certificate or through a proxy, it still gets the REFERENCE CANDIDATE mark
// (and `run --require` / `verify-report --require` refuse it). Before (f9e7431): only the test
// CA was looked at; the PMS target had no behavioural recognition at all.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { REFERENCE_PMS_TEXTS, REFERENCE_TEXTS, referenceBehaviour } from '../../src/runner/identity.js';
import type { Exchange } from '../../src/spec/exchange.js';
import { packagePath } from '../../src/support/package-root.js';

function exchange(direction: 'inbound' | 'outbound', requestBody: string, responseBody: string, id = 'x-1'): Exchange {
  return {
    id,
    direction,
    operation: 'RoomInfo',
    startedAt: '2026-11-28T00:00:00.000Z',
    durationMs: 1,
    request: { method: 'POST', url: 'https://pms.example/cb/RoomInfo', headers: {}, body: requestBody },
    response: { status: 200, headers: {}, body: responseBody },
  } as unknown as Exchange;
}

const fixture = JSON.parse(readFileSync(packagePath('fixtures', 'pms-property.json'), 'utf8')) as { name: string; rooms: Array<{ label: string }> };
const callbacks = readFileSync(packagePath('src', 'reference', 'pms', 'callbacks.ts'), 'utf8');

const otaFixture = JSON.parse(readFileSync(packagePath('fixtures', 'property.json'), 'utf8')) as { name: string; rooms: Array<{ label: string }> };

describe('the reference recognised by behaviour', () => {
  it("the OTA: its property's seed names (fixtures/property.json) in its answers, each of them, kept in step with the fixture", () => {
    for (const name of [otaFixture.name, ...otaFixture.rooms.map((r) => r.label)]) {
      expect(REFERENCE_TEXTS.exec(name)?.[0], name).toBe(name);
      const answer = exchange('outbound', '{}', JSON.stringify({ success: true, RoomTypes: [{ wbp_room_id: 1, label: name }] }), 'x-3');
      expect(referenceBehaviour('ota', [answer])).toBe(`x-3: "${JSON.stringify(name).slice(1, -1)}"`);
    }
    // A partner's rooms, and the room label the harness itself sends (suites/ota/80-property.yaml), are not marks.
    const partner = exchange(
      'outbound',
      '{}',
      JSON.stringify({ success: true, RoomTypes: [{ wbp_room_id: 1, label: 'Twin Room, Courtyard 7f3a' }, { label: 'Suite' }] }),
    );
    expect(referenceBehaviour('ota', [partner])).toBeUndefined();
  });

  it("the PMS: its property's seed name in what it sends the mock", () => {
    const sent = exchange('inbound', JSON.stringify({ verb: 'CreateProperty', property: { name: fixture.name } }), '{"success":true}');
    expect(referenceBehaviour('pms', [sent])).toBe(`x-1: "${fixture.name}"`);
  });

  it('the PMS: its own error text answering a callback (the spec gives none)', () => {
    const answered = exchange(
      'outbound',
      '{"verb":"NotifyBooking"}',
      '{"success":false,"errors":[{"id":3,"msg":"Authentication failed: shared_secret missing or wrong."}]}',
      'x-7',
    );
    expect(referenceBehaviour('pms', [answered])).toMatch(/^x-7: "Authentication failed/);
  });

  it("a partner's PMS is not marked: other names and texts, and the mock's own answers (the harness's text) are not read", () => {
    const partner = exchange('inbound', JSON.stringify({ verb: 'CreateProperty', property: { name: 'Hotel Alpenblick' } }), '{"success":true}');
    // The mock (the channel-manager core) answers with the OTA-side text: a PMS that received it is not the reference.
    const refusedByMock = exchange(
      'inbound',
      '{"verb":"ARIUpdate"}',
      '{"success":false,"errors":[{"id":1,"msg":"Authentication failed: shared_secret missing or wrong in the query string."}]}',
    );
    const partnerAnswer = exchange('outbound', '{"verb":"NotifyBooking"}', '{"success":false,"errors":[{"id":3,"msg":"Invalid secret"}]}');
    expect(referenceBehaviour('pms', [partner, refusedByMock, partnerAnswer])).toBeUndefined();
  });

  it('the OTA: its error text in an answer, as before; a PMS text is not an OTA mark', () => {
    const ota = exchange('outbound', '{}', '{"success":false,"errors":[{"id":1,"msg":"Authentication failed: shared_secret missing or wrong in the body."}]}');
    expect(referenceBehaviour('ota', [ota])).toMatch(/Authentication failed/);
    const pmsText = exchange('outbound', '{}', '{"success":false,"errors":[{"id":1,"msg":"The property is not connected yet."}]}');
    expect(referenceBehaviour('ota', [pmsText])).toBeUndefined();
  });

  it("the markers are the reference PMS's own: its fixture's names and its callbacks' texts", () => {
    expect(REFERENCE_PMS_TEXTS.test(fixture.name)).toBe(true);
    for (const label of fixture.rooms.slice(0, 2).map((r) => r.label)) expect(REFERENCE_PMS_TEXTS.test(label)).toBe(true);
    for (const text of ['Authentication failed: shared_secret missing or wrong.', 'The property is not connected yet.', 'is not supported by this PMS.']) {
      expect(callbacks).toContain(text);
      expect(REFERENCE_PMS_TEXTS.test(text)).toBe(true);
    }
  });
});
