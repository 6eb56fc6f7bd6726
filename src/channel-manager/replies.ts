// Replies of the channel manager: takes an operation's outcome (success body or errors),
// gives the transport-agnostic OtaResponse (HTTP 200, JSON) and the error ids it uses
// where the spec defines none.
import { ERROR_IDS } from '../spec/sections.js';

export interface OtaResponse {
  status: number;
  headers: Record<string, string>;
  body: string | Uint8Array;
}

/**
 * Error ids. 1001, 1002 and 4001-4004 are the spec's (spec: Errors); the others are the
 * channel manager's choice because the spec leaves them "not shown".
 */
export const OTA_ERROR_IDS = {
  ...ERROR_IDS,
  /** shared_secret missing or wrong in the query or the body. */
  sharedSecret: 1000,
  /** Malformed request: body not a JSON object, verb, guid, pms_cid, id types, required fields. */
  badRequest: 1003,
  /** Unknown operation, or one the channel manager does not serve. */
  unsupportedOperation: 1004,
  /** The request body is larger than the host reads (answered with HTTP 413, before the API). */
  tooLarge: 1005,
  /** An operation the channel manager must first activate (CreateProperty) is not activated. */
  notActivated: 1006,
  /** CreateProperty for a wbp_property_id that exists with other credentials. */
  propertyExists: 1007,
  /** An ARIUpdate Inventory item is malformed (field type or pattern, dates). */
  invalidInventory: 1101,
  /** ARIUpdate currency differs from the channel currency (as in the reference examples). */
  currencyMismatch: 1102,
  /** An ARIUpdate Inventory item names an unknown room, or a rate plan not valid for its room. */
  unknownRoomOrRate: 1103,
  /** GetBookingList wbp_booking_version is neither null nor `YYYY-MM-DD HH:MM:SS`. */
  invalidBookingVersion: 2001,
  /** GetBookingId for a booking id the OTA does not know. */
  unknownBooking: 2002,
  /** The service cannot answer (an internal error). */
  unavailable: 5000,
} as const;

export interface OtaErrorItem {
  id: number;
  msg: string;
}

export type Reply = { kind: 'success'; body: Record<string, unknown> } | { kind: 'failure'; errors: OtaErrorItem[] } | { kind: 'raw'; response: OtaResponse };

export const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

export function success(body: Record<string, unknown> = {}): Reply {
  return { kind: 'success', body: { success: true, ...body } };
}

export function failure(id: number, msg: string): Reply {
  return { kind: 'failure', errors: [{ id, msg }] };
}

export function failures(errors: OtaErrorItem[]): Reply {
  return { kind: 'failure', errors };
}

export function jsonResponse(status: number, value: unknown, contentType = JSON_CONTENT_TYPE): OtaResponse {
  return { status, headers: { 'content-type': contentType }, body: JSON.stringify(value) };
}

export function textResponse(status: number, text: string, contentType: string): OtaResponse {
  return { status, headers: { 'content-type': contentType }, body: text };
}

export function renderReply(reply: Reply): OtaResponse {
  if (reply.kind === 'raw') return reply.response;
  if (reply.kind === 'success') return jsonResponse(200, reply.body);
  return jsonResponse(200, { success: false, errors: reply.errors });
}
