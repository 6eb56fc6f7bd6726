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
import { BookingBook, type BookingRecord, type NewBooking } from './bookings.js';
import { type Catalogue, buildCatalogue, renderRatePlans, renderRooms } from './catalogue.js';
import {
  type ParsedJson,
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
import { PropertyBook } from './property-book.js';
import { strictBodyError, strictEnvelopeError } from './strict-requests.js';
import {
  type PropertyContext,
  type PropertyTarget,
  findSynced,
  handleCreateProperty,
  handleDeleteRatePlan,
  handleDeleteRoom,
  handleUpdateRatePlan,
  handleUpdateRoom,
  syncedCatalogue,
} from './property-operations.js';
import { OTA_ERROR_IDS, type OtaErrorItem, type OtaResponse, type Reply, failure, jsonResponse, renderReply, success } from './replies.js';

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
  /** Keep the ARI it accepts (default true). The mock channel manager validates but does not keep it: its ledger does. */
  storeAri?: boolean;
  /** CreateProperty is activated for the channel (spec: its prerequisite); default true. */
  propertyActivated?: boolean;
  /**
   * Refuse what breaks a rule stated for the sender beyond the envelope (pms_cid length, the
   * property-sync bodies): the reference OTA as a candidate does; behind the mock channel
   * manager the judge reports a PMS's request instead. Default false.
   */
  strictRequests?: boolean;
  /** SetupProperty without wbp_property_password succeeds for the right ids ("optional in SetupProperty"; the mock, D-161). */
  setupPasswordOptional?: boolean;
  /** GetBookingId's reservation in another format (the mock channel manager's template). */
  renderReservation?: (booking: BookingRecord) => Record<string, unknown>;
}

type Handler = (body: RequestBody, target: PropertyTarget) => Reply;

/** How the request came over HTTP, when the host passes it: the method and the content type. */
export interface HttpFacts {
  method: string;
  contentType: string | undefined;
}

/** Operations a property made by CreateProperty supports (ARI and bookings stay with the test property). */
const SYNCED_OPERATIONS = new Set<string>(['GetRoomTypes', 'GetRatePlans', 'UpdateRoom', 'DeleteRoom', 'DeleteRatePlan', 'UpdateRatePlan']);

let defaultFixture: PropertyFixture | undefined;

export class OtaModel {
  readonly faults: ReadonlySet<OtaFault>;
  readonly fixture: PropertyFixture;
  readonly catalogue: Catalogue;
  readonly bookings: BookingBook;
  readonly ari = new AriStore();
  /** Properties kept in step by CreateProperty, UpdateRoom, DeleteRoom and DeleteRatePlan. */
  readonly properties = new PropertyBook();
  private readonly options: OtaModelOptions;
  private readonly propertyContext: PropertyContext;
  private readonly handlers: Partial<Record<OperationName, Handler>>;

  constructor(options: OtaModelOptions) {
    this.options = options;
    this.faults = faultSet(options.faults);
    this.fixture = options.fixture ?? (defaultFixture ??= loadPropertyFixture());
    this.catalogue = buildCatalogue(this.fixture, this.faults);
    this.bookings = new BookingBook(this.fixture, options.clock, this.faults);
    const bookingContext: BookingContext = { book: this.bookings, faults: this.faults, ...(options.renderReservation ? { render: options.renderReservation } : {}) };
    const property: PropertyContext = {
      book: this.properties,
      fixture: this.fixture,
      faults: this.faults,
      activated: options.propertyActivated ?? true,
      main: options.property,
    };
    this.propertyContext = property;
    this.handlers = {
      HealthCheck: () => this.healthCheck(),
      SetupProperty: (body) => this.setupProperty(body),
      GetRoomTypes: (body, target) =>
        this.roomInfoChecked(body, () => success({ Rooms: renderRooms(this.catalogueOf(target), this.faults) })),
      GetRatePlans: (_body, target) => success({ RatePlans: renderRatePlans(this.catalogueOf(target), this.faults) }),
      ARIUpdate: (body) => this.ariUpdate(body),
      GetBookingList: (body) => handleGetBookingList(this.bookingVersionRead(body), bookingContext),
      GetBookingId: (body) => handleGetBookingId(body, bookingContext),
      AckBooking: (body) => handleAckBooking(body, bookingContext),
      CancelBooking: (body) => handleCancelBooking(body, bookingContext),
      CreateProperty: (body) => handleCreateProperty(body, property),
      UpdateRoom: (body, target) => handleUpdateRoom(body, target, property),
      DeleteRoom: (body, target) => handleDeleteRoom(body, target, property),
      DeleteRatePlan: (body, target) => handleDeleteRatePlan(body, target, property),
      UpdateRatePlan: (body, target) => handleUpdateRatePlan(body, target, property),
    };
  }

  /** One API call: path's operation name, the query parameters, the raw body bytes. */
  /**
   * One API call: path's operation name, the query parameters, the raw body bytes. A host
   * that has already parsed the bytes as JSON (the mock channel manager) passes the result,
   * so a large body is not parsed twice.
   */
  handle(operation: string, query: URLSearchParams, body: Uint8Array, parsed?: ParsedJson, http?: HttpFacts): OtaResponse {
    try {
      const refused = http ? this.httpRefusal(http) : undefined;
      return renderReply(refused ?? this.dispatch(operation, query, body, parsed), this.faults);
    } catch (error) {
      // A bug of the model, never of the request: say so loudly rather than crash.
      return jsonResponse(500, {
        success: false,
        errors: [{ id: OTA_ERROR_IDS.unavailable, msg: `Internal error: ${(error as Error)?.message ?? String(error)}` }],
      });
    }
  }

  /** Test hook: a guest changes an active booking now; false when there is none. */
  modifyBooking(id: string): boolean {
    return this.bookings.modify(id, this.faults.has('booking-modify-not-flagged'));
  }

  /** Test hook: creates an active booking now (clock time); returns its id. */
  createBooking(input?: NewBooking): string {
    return this.bookings.create(input).id;
  }

  private dispatch(operation: string, query: URLSearchParams, bytes: Uint8Array, json?: ParsedJson): Reply {
    const parsed = parseRequestBody(bytes, json);
    if (!parsed.ok) return this.faults.has('malformed-json-success') ? success() : { kind: 'failure', errors: [parsed.error] };
    const body = parsed.body;
    const auth = checkSharedSecret(query, body, this.options.sharedSecret, this.secretFaults(operation));
    if (auth) return { kind: 'failure', errors: [auth] };
    const handler = this.handlerFor(operation);
    if (typeof handler !== 'function') return handler;
    const malformed = this.malformed(operation as OperationName, body);
    if (malformed) return { kind: 'failure', errors: [malformed] };
    // CreateProperty makes the property: its credentials may not exist yet.
    if (operation === 'HealthCheck' || operation === 'SetupProperty' || operation === 'CreateProperty') return handler(body, 'main');
    if (credentialsMatch(body, this.options.property) || this.ignoresCredentials(operation)) return handler(body, 'main');
    const synced = findSynced(body, this.propertyContext);
    if (!synced) return this.invalidCredentials();
    if (!SYNCED_OPERATIONS.has(operation)) {
      return failure(OTA_ERROR_IDS.unsupportedOperation, `${operation} is served for the test property only, not for one made by CreateProperty.`);
    }
    return handler(body, synced);
  }

  /** A request that is not a POST of application/json (spec: Endpoints), when the host says how it came. */
  private httpRefusal(http: HttpFacts): Reply | undefined {
    if (http.method !== 'POST') {
      return http.method === 'GET' && this.faults.has('get-succeeds') ? success() : failure(OTA_ERROR_IDS.badRequest, 'Use POST.');
    }
    const json = /^application\/json\s*(;|$)/i.test(http.contentType ?? '');
    if (json || !this.options.strictRequests || this.faults.has('accepts-text-plain')) return undefined;
    return failure(OTA_ERROR_IDS.badRequest, 'The request content type must be application/json.');
  }

  private secretFaults(operation: string): ReadonlySet<OtaFault> {
    if (operation !== 'CancelBooking' || !this.faults.has('cancel-ignores-body-secret')) return this.faults;
    return new Set<OtaFault>([...this.faults, 'auth-ignores-body-secret']);
  }

  private malformed(operation: OperationName, body: RequestBody): OtaErrorItem | undefined {
    const strict = this.options.strictRequests === true;
    if (!this.faults.has('envelope-unchecked')) {
      const info = OPERATIONS[operation];
      // The fault's OTA issued a non-integer id and takes it back as a string where the table says integer.
      const typed = this.faults.has('property-id-not-integer') ? { ...info, wbpPropertyId: 'string-or-any' as const } : info;
      const envelope = checkEnvelope(typed, body) ?? (strict ? strictEnvelopeError(body) : undefined);
      if (envelope) return envelope;
    }
    const unchecked = this.faults.has('property-unchecked') && operation !== 'DeleteRoom' && operation !== 'DeleteRatePlan';
    return strict && !unchecked ? strictBodyError(operation, body) : undefined;
  }

  private ignoresCredentials(operation: string): boolean {
    if (operation === 'ARIUpdate') return this.faults.has('ari-ignores-credentials');
    const booking = ['GetBookingList', 'GetBookingId', 'AckBooking', 'CancelBooking'].includes(operation);
    return booking && this.faults.has('bookings-ignore-credentials');
  }

  private catalogueOf(target: PropertyTarget): Catalogue {
    return target === 'main' ? this.catalogue : syncedCatalogue(target, this.propertyContext);
  }

  private handlerFor(operation: string): Handler | Reply {
    const known = isMessageName(operation) && OPERATIONS[operation].server === 'ota';
    const handler = known ? this.handlers[operation as OperationName] : undefined;
    if (handler) return handler;
    if (isMessageName(operation) && OPERATIONS[operation].server !== 'ota' && this.faults.has('callbacks-served')) return success();
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
  /** Under booking-version-unchecked, a version that is not null or YYYY-MM-DD HH:MM:SS reads as null. */
  private bookingVersionRead(body: RequestBody): RequestBody {
    if (!this.faults.has('booking-version-unchecked')) return body;
    const version = body.wbp_booking_version;
    const valid = version === null || (typeof version === 'string' && /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(version));
    return valid ? body : { ...body, wbp_booking_version: null };
  }

  private healthCheck(): Reply {
    if (this.faults.has('healthcheck-fails')) return failure(OTA_ERROR_IDS.unavailable, 'Service temporarily unavailable.');
    return success();
  }

  private setupProperty(body: RequestBody): Reply {
    if (this.faults.has('setup-requires-password') && body.wbp_property_password === undefined) {
      return failure(OTA_ERROR_IDS.badRequest, 'wbp_property_password is required.');
    }
    return this.roomInfoChecked(body, () => {
      const { property, notEnabled } = this.options;
      if (credentialsMatch(body, property) || findSynced(body, this.propertyContext)) return success();
      if (this.options.setupPasswordOptional && body.wbp_property_password === undefined && idsMatch(body, property)) return success();
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
    if (this.faults.has('ari-accepts-anything')) return success();
    const now = this.options.clock.now();
    return handleAriUpdate(body, {
      catalogue: this.catalogue,
      store: this.options.storeAri === false ? undefined : this.ari,
      faults: this.faults,
      today: formatDate(now),
      now,
    });
  }
}
