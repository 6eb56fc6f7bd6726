// Broken variants of the protocol around every operation: takes nothing, gives each
// fault's description and the variant that breaks the shared secret, the error answers,
// the envelope checks, what a request must be (a POST of a JSON object) or which
// operations are served.
import {
  type CmRequest,
  type HttpFacts,
  OTA_ERROR_IDS,
  type OtaErrorItem,
  type PropertyTarget,
  type Reply,
  type RequestBody,
  jsonResponse,
  success,
  textResponse,
} from '../../../channel-manager/index.js';
import { OPERATIONS, type OperationInfo, type OperationName, isMessageName } from '../../../spec/operations.js';
import { SPEC } from '../../../spec/sections.js';
import type { OtaFault, OtaFaultInfo } from '../faults.js';
import { type OtaVariant, respondToError, transformAnswer, transformRequest, transformResponse } from './variant.js';

export const PROTOCOL_FAULTS = {
  'auth-ignores-query-secret': {
    description: 'A wrong or missing shared_secret in the query is accepted when the body carries the right one',
    spec: SPEC.authentication,
  },
  'auth-ignores-body-secret': {
    description: 'A wrong or missing shared_secret in the body is accepted when the query carries the right one',
    spec: SPEC.authentication,
  },
  'cancel-ignores-body-secret': {
    description: 'CancelBooking alone accepts a wrong or missing shared_secret in the body',
    spec: SPEC.authentication,
  },
  'auth-http-401': {
    description: 'Shared-secret failures are answered with HTTP 401 instead of 200',
    spec: SPEC.errors,
  },
  'auth-text-plain': {
    description: 'Shared-secret failures are answered with content-type text/plain instead of application/json',
    spec: SPEC.errors,
  },
  'errors-missing': {
    description: 'Failures answer success false without the required errors array',
    spec: SPEC.commonResponse,
  },
  'error-id-string': {
    description: 'Failures give errors[].id as a string ("1001") instead of an integer',
    spec: SPEC.commonResponse,
  },
  'unknown-operation-404': {
    description: 'An unknown operation is answered with HTTP 404 instead of 200 with an error body',
    spec: SPEC.errors,
  },
  'html-error-page': {
    description: 'Unknown property credentials (1001) are answered with an HTML page and HTTP 500',
    spec: SPEC.errors,
  },
  'bad-request-http-400': {
    description: 'Refusals of malformed requests (error 1003) are answered with HTTP 400 instead of 200',
    spec: SPEC.errors,
  },
  'bad-request-text-plain': {
    description: 'Refusals of malformed requests (error 1003) are answered with content type text/plain',
    spec: SPEC.errors,
  },
  'callbacks-served': {
    description: 'The PMS callbacks (ARIFullRefresh, BookingCreate, NotifyBooking, RoomInfo) are answered with success true',
    spec: SPEC.overview,
  },
  'envelope-unchecked': {
    description: 'The envelope is not validated: missing fields, wrong id types, a bad guid, pms_cid or verb are accepted',
    spec: SPEC.envelope,
  },
  'property-id-not-integer': {
    description: 'The OTA issues a wbp_property_id that is not an integer ("H1001"), and accepts it as a string in SetupProperty and HealthCheck',
    spec: SPEC.idTypes,
  },
  'property-unchecked': {
    description: 'CreateProperty and UpdateRoom store bodies that break Property, Room, Image or Tax rules (DeleteRoom/DeleteRatePlan still need their ids)',
    spec: SPEC.property,
  },
  'malformed-json-success': {
    description: 'A body that is not a JSON object (invalid JSON, empty, an array) is answered success true',
    spec: SPEC.endpoints,
  },
  'password-missing-accepted': {
    description: 'A property-scoped request without wbp_property_password is served for the property its ids name (the password is checked only when sent)',
    spec: SPEC.authentication,
  },
  'get-succeeds': {
    description: 'A GET to an operation is answered success true',
    spec: SPEC.endpoints,
  },
  'ari-ignores-credentials': {
    description: 'ARIUpdate is accepted with a wrong property password or for a property never issued',
    spec: SPEC.authentication,
  },
  'bookings-ignore-credentials': {
    description: 'GetBookingList, GetBookingId, AckBooking and CancelBooking ignore the property credentials',
    spec: SPEC.authentication,
  },
} satisfies Partial<Record<OtaFault, OtaFaultInfo>>;

type ProtocolFault = keyof typeof PROTOCOL_FAULTS;

const TEXT_PLAIN = 'text/plain; charset=utf-8';
const BOOKING_OPERATIONS: readonly string[] = ['GetBookingList', 'GetBookingId', 'AckBooking', 'CancelBooking'];

const HTML_ERROR_PAGE = `<!DOCTYPE html>
<html><head><title>500 Internal Server Error</title></head>
<body><h1>Internal Server Error</h1><p>Login failed.</p></body></html>
`;

/** The body's shared secret is not checked: the check is fed the right one (only `where` applies). */
function ignoreBodySecret(where: (operation: string) => boolean): OtaVariant {
  return (Base) =>
    class extends Base {
      protected override sharedSecretError(request: CmRequest): OtaErrorItem | undefined {
        if (!where(request.operation)) return super.sharedSecretError(request);
        return super.sharedSecretError({ ...request, body: { ...request.body, shared_secret: this.options.sharedSecret } });
      }
    };
}

/** These operations are answered for the test property whatever credentials the body carries. */
function ignoreCredentials(operations: readonly string[]): OtaVariant {
  return (Base) =>
    class extends Base {
      protected override resolveProperty(operation: OperationName, body: RequestBody): PropertyTarget | Reply {
        return operations.includes(operation) ? 'main' : super.resolveProperty(operation, body);
      }
    };
}

const served = (operation: string): boolean => isMessageName(operation) && OPERATIONS[operation].server === 'ota';
const unsupported = (reply: Reply): reply is Extract<Reply, { kind: 'failure' }> =>
  reply.kind === 'failure' && reply.errors[0]?.id === OTA_ERROR_IDS.unsupportedOperation;

export const PROTOCOL_VARIANTS: Readonly<Record<ProtocolFault, OtaVariant>> = {
  'auth-ignores-query-secret': transformRequest((request, candidate) => {
    const query = new URLSearchParams(request.query);
    query.set('shared_secret', candidate.options.sharedSecret);
    return { ...request, query };
  }),
  'auth-ignores-body-secret': ignoreBodySecret(() => true),
  'cancel-ignores-body-secret': ignoreBodySecret((operation) => operation === 'CancelBooking'),
  'auth-http-401': respondToError(OTA_ERROR_IDS.sharedSecret, { status: 401 }),
  'auth-text-plain': respondToError(OTA_ERROR_IDS.sharedSecret, { contentType: TEXT_PLAIN }),
  'bad-request-http-400': respondToError(OTA_ERROR_IDS.badRequest, { status: 400 }),
  'bad-request-text-plain': respondToError(OTA_ERROR_IDS.badRequest, { contentType: TEXT_PLAIN }),
  'errors-missing': transformResponse((response, reply) => (reply.kind === 'failure' ? { ...response, body: JSON.stringify({ success: false }) } : response)),
  'error-id-string': transformResponse((response, reply) => {
    if (reply.kind !== 'failure') return response;
    const errors = reply.errors.map((error) => ({ id: String(error.id), msg: error.msg }));
    return { ...response, body: JSON.stringify({ success: false, errors }) };
  }),
  'html-error-page': transformResponse((response, reply) =>
    reply.kind === 'failure' && reply.errors[0]?.id === OTA_ERROR_IDS.invalidCredentials
      ? textResponse(500, HTML_ERROR_PAGE, 'text/html; charset=utf-8')
      : response,
  ),
  'unknown-operation-404': transformAnswer((reply, request) =>
    unsupported(reply) && !served(request.operation) ? { kind: 'raw', response: jsonResponse(404, { success: false, errors: reply.errors }) } : reply,
  ),
  'callbacks-served': transformAnswer((reply, request) =>
    unsupported(reply) && isMessageName(request.operation) && OPERATIONS[request.operation].server === 'pms' ? success() : reply,
  ),
  'envelope-unchecked': (Base) =>
    class extends Base {
      protected override envelopeError(): OtaErrorItem | undefined {
        return undefined;
      }
    },
  // It issued a property id that is not an integer, and takes it back as a string where the id table says integer.
  'property-id-not-integer': (Base) =>
    class extends Base {
      protected override envelopeError(info: OperationInfo, body: RequestBody): OtaErrorItem | undefined {
        return super.envelopeError({ ...info, wbpPropertyId: 'string-or-any' }, body);
      }
    },
  // DeleteRoom and DeleteRatePlan still need their ids.
  'property-unchecked': (Base) =>
    class extends Base {
      protected override bodyError(operation: OperationName, body: RequestBody): OtaErrorItem | undefined {
        return operation === 'DeleteRoom' || operation === 'DeleteRatePlan' ? super.bodyError(operation, body) : undefined;
      }
    },
  'malformed-json-success': (Base) =>
    class extends Base {
      protected override unreadable(): Reply {
        return success();
      }
    },
  'password-missing-accepted': (Base) =>
    class extends Base {
      protected override envelopeError(info: OperationInfo, body: RequestBody): OtaErrorItem | undefined {
        return super.envelopeError({ ...info, passwordOptional: true }, body);
      }

      protected override resolveProperty(operation: OperationName, body: RequestBody): PropertyTarget | Reply {
        const sent = body.wbp_property_password !== undefined;
        return super.resolveProperty(operation, sent ? body : { ...body, wbp_property_password: this.options.property.wbp_property_password });
      }
    },
  'get-succeeds': (Base) =>
    class extends Base {
      protected override transportRefusal(http: HttpFacts): Reply | undefined {
        return http.method === 'GET' ? success() : super.transportRefusal(http);
      }
    },
  'ari-ignores-credentials': ignoreCredentials(['ARIUpdate']),
  'bookings-ignore-credentials': ignoreCredentials(BOOKING_OPERATIONS),
} satisfies Partial<Record<OtaFault, OtaVariant>>;
