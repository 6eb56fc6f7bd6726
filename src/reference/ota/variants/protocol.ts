// Broken variants of the protocol around every operation: takes nothing, gives the
// variants that break the shared secret, the error answers, the envelope checks, what a
// request must be (a POST of a JSON object) and which operations are served.
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
import type { OtaFault } from '../faults.js';
import { type OtaVariant, respondToError, transformAnswer, transformRequest, transformResponse } from './variant.js';

type ProtocolFault =
  | 'auth-ignores-query-secret'
  | 'auth-ignores-body-secret'
  | 'cancel-ignores-body-secret'
  | 'auth-http-401'
  | 'auth-text-plain'
  | 'errors-missing'
  | 'error-id-string'
  | 'unknown-operation-404'
  | 'html-error-page'
  | 'bad-request-http-400'
  | 'bad-request-text-plain'
  | 'callbacks-served'
  | 'envelope-unchecked'
  | 'property-id-not-integer'
  | 'property-unchecked'
  | 'malformed-json-success'
  | 'accepts-text-plain'
  | 'get-succeeds'
  | 'ari-ignores-credentials'
  | 'bookings-ignore-credentials';

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
  'errors-missing': transformResponse((response, reply) =>
    reply.kind === 'failure' ? { ...response, body: JSON.stringify({ success: false }) } : response,
  ),
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
  'accepts-text-plain': (Base) =>
    class extends Base {
      protected override transportRefusal(http: HttpFacts): Reply | undefined {
        return http.method === 'POST' ? undefined : super.transportRefusal(http);
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
