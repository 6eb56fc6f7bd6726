// Test helpers for the channel-manager core: takes an operation and extra body fields,
// gives a spec-conforming request and the parsed response from a channel manager built on
// a ManualClock (strict, as the reference OTA runs it).
import { ManualClock } from '../../src/support/clock.js';
import { ChannelManager, type OtaResponse } from '../../src/channel-manager/index.js';

export const SECRET = 's3cret-for-tests';
export const PROPERTY = { pms_property_id: 25678, wbp_property_id: '48211', wbp_property_password: 'lake-view-pw' };
export const NOT_ENABLED = { wbp_property_id: '48999', wbp_property_password: 'pending-pw' };
export const START = '2026-03-10T10:00:00Z';
export const GUID = '6c08b96e-450d-4e6a-9933-7d0305730305';

/** The options the tests build a channel manager with. */
export function modelOptions(clock: ManualClock): ConstructorParameters<typeof ChannelManager>[0] {
  return { clock, sharedSecret: SECRET, property: PROPERTY, notEnabled: NOT_ENABLED, strictRequests: true };
}

export function makeModel(clock = new ManualClock(START)): { model: ChannelManager; clock: ManualClock } {
  return { model: new ChannelManager(modelOptions(clock)), clock };
}

/** The common envelope of `operation`, typed as the spec's id table says. */
export function envelope(operation: string): Record<string, unknown> {
  const common = { guid: GUID, shared_secret: SECRET, pms_cid: 'cmc', verb: operation };
  if (operation === 'HealthCheck') {
    return { ...common, pms_property_id: '', wbp_property_id: '', wbp_property_password: '' };
  }
  if (operation === 'SetupProperty') {
    return {
      ...common,
      pms_property_id: String(PROPERTY.pms_property_id),
      wbp_property_id: Number(PROPERTY.wbp_property_id),
      wbp_property_password: PROPERTY.wbp_property_password,
    };
  }
  return { ...common, ...PROPERTY };
}

export interface Answer {
  status: number;
  contentType: string | undefined;
  text: string;
  json: any;
}

export function toAnswer(response: OtaResponse): Answer {
  const text = typeof response.body === 'string' ? response.body : Buffer.from(response.body).toString('utf8');
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: response.status, contentType: response.headers['content-type'], text, json };
}

export interface CallOptions {
  /** The query shared_secret; null leaves it out. */
  querySecret?: string | null;
  /** Raw body text instead of the envelope plus fields. */
  raw?: string;
  /** How the request came over HTTP (method, content type), as the reference server passes it. */
  http?: { method: string; contentType: string | undefined };
}

export function call(model: ChannelManager, operation: string, fields: Record<string, unknown> = {}, options: CallOptions = {}): Answer {
  const query = new URLSearchParams();
  const secret = options.querySecret === undefined ? SECRET : options.querySecret;
  if (secret !== null) query.set('shared_secret', secret);
  const text = options.raw ?? JSON.stringify({ ...envelope(operation), ...fields });
  return toAnswer(model.handle(operation, query, new TextEncoder().encode(text), undefined, options.http));
}

/** The first error id of a failure answer. */
export function errorId(answer: Answer): unknown {
  return answer.json?.errors?.[0]?.id;
}

export function listIds(model: ChannelManager, version: string | null): string[] {
  const answer = call(model, 'GetBookingList', { wbp_booking_version: version });
  return (answer.json?.Bookings ?? []).map((b: { booking_id: string }) => b.booking_id);
}

export function reservation(model: ChannelManager, bookingId: string): any {
  return call(model, 'GetBookingId', { booking_id: bookingId }).json?.reservation;
}

export function inventoryItem(extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { wbp_room_id: '4101', wbp_rate_id: 'DBL-FLEX', start_date: '2026-04-01', end_date: '2026-04-30', units: 4, rate: '96.50', ...extra };
}

export function ari(model: ChannelManager, inventory: unknown[], currency = 'EUR'): Answer {
  return call(model, 'ARIUpdate', { currency, Inventory: inventory });
}
