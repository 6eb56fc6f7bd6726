// The reference OTA's domain model, transport-agnostic: takes one API call (operation name,
// query parameters, raw body bytes), gives the OtaResponse a correct OTA side answers,
// or the deliberately wrong one of the configured faults. Time comes from the clock.
import { OPERATIONS, type OperationName, isMessageName } from '../../spec/operations.js';
import type { Clock } from '../../support/clock.js';
import { formatDate } from '../../support/time.js';
import { handleAriUpdate } from './ari-update.js';
import { AriStore } from './ari-store.js';
import {
  type BookingContext,
  handleAckBooking,
  handleCancelBooking,
  handleGetBookingId,
  handleGetBookingList,
} from './booking-operations.js';
import { BookingBook, type NewBooking } from './bookings.js';
import { type Catalogue, buildCatalogue, renderRatePlans, renderRooms } from './catalogue.js';
import {
  type RequestBody,
  checkEnvelope,
  checkSharedSecret,
  credentialsMatch,
  idsMatch,
  parseRequestBody,
  passwordMatches,
} from './envelope.js';
import { type OtaFault, faultSet } from './faults.js';
import { type PropertyFixture, loadPropertyFixture } from './fixture.js';
import { OTA_ERROR_IDS, type OtaResponse, type Reply, failure, jsonResponse, renderReply, success } from './replies.js';

export type { OtaResponse } from './replies.js';

export interface OtaPropertyCredentials {
  pms_property_id: number;
  wbp_property_id: string;
  wbp_property_password: string;
}

export interface OtaModelOptions {
  clock: Clock;
  sharedSecret: string;
  property: OtaPropertyCredentials;
  /** Credentials of a property whose connection is not yet enabled: SetupProperty answers 1002. */
  notEnabled?: { wbp_property_id: string; wbp_property_password: string };
  faults?: Iterable<OtaFault>;
  fixture?: PropertyFixture; // default: fixtures/property.json
}

type Handler = (body: RequestBody) => Reply;

let defaultFixture: PropertyFixture | undefined;

export class OtaModel {
  readonly faults: ReadonlySet<OtaFault>;
  readonly fixture: PropertyFixture;
  readonly catalogue: Catalogue;
  readonly bookings: BookingBook;
  readonly ari = new AriStore();
  private readonly options: OtaModelOptions;
  private readonly handlers: Partial<Record<OperationName, Handler>>;

  constructor(options: OtaModelOptions) {
    this.options = options;
    this.faults = faultSet(options.faults);
    this.fixture = options.fixture ?? (defaultFixture ??= loadPropertyFixture());
    this.catalogue = buildCatalogue(this.fixture, this.faults);
    this.bookings = new BookingBook(this.fixture, options.clock, this.faults);
    const bookingContext: BookingContext = { book: this.bookings, faults: this.faults };
    this.handlers = {
      HealthCheck: () => this.healthCheck(),
      SetupProperty: (body) => this.setupProperty(body),
      GetRoomTypes: (body) => this.roomInfoChecked(body, () => success({ Rooms: renderRooms(this.catalogue, this.faults) })),
      GetRatePlans: () => success({ RatePlans: renderRatePlans(this.catalogue, this.faults) }),
      ARIUpdate: (body) => this.ariUpdate(body),
      GetBookingList: (body) => handleGetBookingList(body, bookingContext),
      GetBookingId: (body) => handleGetBookingId(body, bookingContext),
      AckBooking: (body) => handleAckBooking(body, bookingContext),
      CancelBooking: (body) => handleCancelBooking(body, bookingContext),
    };
  }

  /** One API call: path's operation name, the query parameters, the raw body bytes. */
  handle(operation: string, query: URLSearchParams, body: Uint8Array): OtaResponse {
    try {
      return renderReply(this.dispatch(operation, query, body), this.faults);
    } catch (error) {
      // A bug of the model, never of the request: say so loudly rather than crash.
      return jsonResponse(500, {
        success: false,
        errors: [{ id: OTA_ERROR_IDS.unavailable, msg: `Internal error: ${(error as Error)?.message ?? String(error)}` }],
      });
    }
  }

  /** Test hook: creates an active booking now (clock time); returns its id. */
  createBooking(input?: NewBooking): string {
    return this.bookings.create(input).id;
  }

  private dispatch(operation: string, query: URLSearchParams, bytes: Uint8Array): Reply {
    const parsed = parseRequestBody(bytes);
    if (!parsed.ok) return { kind: 'failure', errors: [parsed.error] };
    const body = parsed.body;
    const auth = checkSharedSecret(query, body, this.options.sharedSecret, this.faults);
    if (auth) return { kind: 'failure', errors: [auth] };
    const handler = this.handlerFor(operation);
    if (typeof handler !== 'function') return handler;
    const info = OPERATIONS[operation as OperationName];
    const malformed = checkEnvelope(info, body);
    if (malformed) return { kind: 'failure', errors: [malformed] };
    if (operation === 'HealthCheck' || operation === 'SetupProperty') return handler(body);
    if (!credentialsMatch(body, this.options.property)) return this.invalidCredentials();
    return handler(body);
  }

  private handlerFor(operation: string): Handler | Reply {
    const known = isMessageName(operation) && OPERATIONS[operation].server === 'ota';
    const handler = known ? this.handlers[operation as OperationName] : undefined;
    if (handler) return handler;
    const msg = known
      ? `Operation ${operation} is not supported by this OTA.`
      : `Unknown operation ${JSON.stringify(operation.slice(0, 60))}.`;
    if (!known && this.faults.has('unknown-operation-404')) {
      return { kind: 'raw', response: jsonResponse(404, { success: false, errors: [{ id: OTA_ERROR_IDS.unsupportedOperation, msg }] }) };
    }
    return failure(OTA_ERROR_IDS.unsupportedOperation, msg);
  }

  private invalidCredentials(): Reply {
    return failure(OTA_ERROR_IDS.invalidCredentials, 'The property credentials are incorrect.');
  }

  // HealthCheck answers success for any property credentials (they may not be set yet);
  // a wrong shared secret was already refused with 1000, as for every operation.
  private healthCheck(): Reply {
    if (this.faults.has('healthcheck-fails')) return failure(OTA_ERROR_IDS.unavailable, 'Service temporarily unavailable.');
    return success();
  }

  private setupProperty(body: RequestBody): Reply {
    return this.roomInfoChecked(body, () => {
      const { property, notEnabled } = this.options;
      if (credentialsMatch(body, property)) return success();
      if (notEnabled && String(body.wbp_property_id) === notEnabled.wbp_property_id && passwordMatches(body, notEnabled)) {
        if (this.faults.has('setup-not-enabled-accepted')) return success();
        return failure(OTA_ERROR_IDS.connectionNotEnabled, 'The connection must first be enabled on the channel manager.');
      }
      if (this.faults.has('setup-accepts-wrong-password') && idsMatch(body, property)) return success();
      if (this.faults.has('setup-wrong-error-id')) {
        return failure(OTA_ERROR_IDS.connectionNotEnabled, 'The connection must first be enabled on the channel manager.');
      }
      return this.invalidCredentials();
    });
  }

  /** The optional RoomInfo list is accepted (and not used) when it is an array. */
  private roomInfoChecked(body: RequestBody, next: () => Reply): Reply {
    if (body.RoomInfo !== undefined && !Array.isArray(body.RoomInfo)) {
      return failure(OTA_ERROR_IDS.badRequest, 'RoomInfo must be an array when present.');
    }
    return next();
  }

  private ariUpdate(body: RequestBody): Reply {
    const now = this.options.clock.now();
    return handleAriUpdate(body, {
      catalogue: this.catalogue,
      store: this.ari,
      faults: this.faults,
      today: formatDate(now),
      now,
    });
  }
}
