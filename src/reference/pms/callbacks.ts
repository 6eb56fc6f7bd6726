// The callbacks the PMS serves (spec: Events): takes the callback name from the path, the
// query and the raw body, gives the answer (HTTP 200, JSON, `success`), after checking the
// shared secret (query and body), the property and the capability, and sets the callback's
// effect going (refresh, poll, import). Never throws.
import { CALLBACK_NAMES, type CallbackName } from '../../spec/operations.js';
import type { ReferencePms } from './pms.js';
import { record } from './state.js';
import { type EnvelopeFacts, type IdFact, readEnvelope } from '../../spec/envelope-facts.js';

export interface CallbackAnswer {
  status: number;
  contentType: string;
  body: Record<string, unknown>;
}

/** Error ids of the PMS's callback answers; the spec leaves them "not shown". */
export const PMS_ERROR_IDS = {
  badRequest: 400,
  sharedSecret: 401,
  unknownProperty: 403,
  notFound: 404,
  methodNotAllowed: 405,
  notConnected: 409,
  tooLarge: 413,
  internal: 500,
  notSupported: 501,
} as const;

export const JSON_TYPE = 'application/json; charset=utf-8';

export function errorAnswer(id: number, msg: string): CallbackAnswer {
  return { status: 200, contentType: JSON_TYPE, body: { success: false, errors: [{ id, msg }] } };
}

const ok = (extra: Record<string, unknown> = {}): CallbackAnswer => ({
  status: 200,
  contentType: JSON_TYPE,
  body: { success: true, ...extra },
});

// The callbacks' payloads are "not shown"; the examples carry the secret in the body. It must
// be right wherever it is given, and given somewhere.
function authorised(facts: EnvelopeFacts): boolean {
  const { query: inQuery, body: inBody } = facts.secret;
  if (inQuery === 'absent' && inBody === 'absent') return false;
  return (inQuery === 'absent' || inQuery === 'right') && (inBody === 'absent' || inBody === 'right');
}

/** A property id given (not null) that is not its own, compared as the channel manager compares them (sameId). */
function otherProperty(facts: EnvelopeFacts): string | undefined {
  const differs = (id: IdFact): boolean => id.given !== undefined && id.given !== null && id.issued === false;
  if (differs(facts.pmsId)) return `unknown pms_property_id ${JSON.stringify(facts.pmsId.given)}`;
  if (differs(facts.wbpId)) return `unknown wbp_property_id ${JSON.stringify(facts.wbpId.given)}`;
  return undefined;
}

function parseBody(bytes: Uint8Array): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

const isCallbackName = (name: string): name is CallbackName => (CALLBACK_NAMES as readonly string[]).includes(name);

const notConnected = (): CallbackAnswer => errorAnswer(PMS_ERROR_IDS.notConnected, 'The property is not connected yet.');

function capabilityOn(pms: ReferencePms, name: CallbackName): boolean {
  const caps = pms.capabilities;
  if (name === 'NotifyBooking') return caps.notifyBooking;
  if (name === 'BookingCreate') return caps.bookingCreate;
  if (name === 'RoomInfo') return caps.roomInfo;
  return true;
}

const named = (value: unknown): boolean => value !== undefined && value !== null && value !== '';

function act(pms: ReferencePms, name: CallbackName, body: Record<string, unknown>): CallbackAnswer {
  switch (name) {
    case 'ARIFullRefresh':
      return pms.requestFullRefresh({
        pms: named(body.pms_property_id),
        wbp: named(body.wbp_property_id),
        ...(named(body.pms_property_id) ? { pmsId: Number(body.pms_property_id) } : {}),
      })
        ? ok()
        : notConnected();
    case 'NotifyBooking': {
      if (typeof body.booking_id !== 'string' && typeof body.booking_id !== 'number') {
        return errorAnswer(PMS_ERROR_IDS.badRequest, 'booking_id is required.');
      }
      return pms.notifyBooking(String(body.booking_id)) ? ok() : notConnected();
    }
    case 'BookingCreate': {
      const problem = pms.createBooking(body.reservation);
      return problem ? errorAnswer(PMS_ERROR_IDS.badRequest, problem) : ok();
    }
    case 'RoomInfo':
      return ok({ RoomInfo: pms.roomInfo() });
  }
}

function answer(pms: ReferencePms, name: string, query: URLSearchParams, bytes: Uint8Array): CallbackAnswer {
  if (!isCallbackName(name)) return errorAnswer(PMS_ERROR_IDS.notFound, `Unknown callback ${JSON.stringify(name.slice(0, 60))}.`);
  const body = parseBody(bytes);
  if (!body) return errorAnswer(PMS_ERROR_IDS.badRequest, 'The request body must be a UTF-8 JSON object.');
  // The one envelope reading the harness makes (src/spec/envelope-facts.ts).
  const facts = readEnvelope({ operation: name, query, body }, { sharedSecret: pms.options.sharedSecret, property: pms.options.property });
  if (!authorised(facts)) {
    return errorAnswer(PMS_ERROR_IDS.sharedSecret, 'Authentication failed: shared_secret missing or wrong.');
  }
  const other = otherProperty(facts);
  if (other) return errorAnswer(PMS_ERROR_IDS.unknownProperty, `${other}.`);
  if (!capabilityOn(pms, name)) return errorAnswer(PMS_ERROR_IDS.notSupported, `${name} is not supported by this PMS.`);
  return act(pms, name, body);
}

/** One callback request; the answer is recorded in the PMS's state. */
export function handleCallback(pms: ReferencePms, name: string, query: URLSearchParams, bytes: Uint8Array): CallbackAnswer {
  let result: CallbackAnswer;
  try {
    result = pms.behaviour.callbackAnswer(name, answer(pms, name, query, bytes));
  } catch (error) {
    result = errorAnswer(PMS_ERROR_IDS.internal, `Internal error: ${(error as Error)?.message ?? String(error)}`);
  }
  record(pms.state.callbacks, { name, at: pms.options.clock.now(), success: result.body.success === true });
  return result;
}
