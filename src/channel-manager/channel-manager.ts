// The channel manager, transport-agnostic: takes one API call (operation name, query
// parameters, raw body bytes and, when the host knows, how it came over HTTP), gives the
// OtaResponse a correct channel manager answers. The mock channel manager serves it to a
// PMS, the reference OTA to the harness. Time comes from the clock. Each step of a call is
// a small protected method, a seam that one of the reference OTA's broken variants may
// override (they live with the reference candidates); the correct behaviour reads
// straight through here.
import { OPERATIONS, type OperationInfo, type OperationName, isMessageName } from '../spec/operations.js';
import { LIMITS } from '../spec/sections.js';
import type { Clock } from '../support/clock.js';
import { formatDate } from '../support/time.js';
import { handleAriUpdate, ariHorizon } from './ari-update.js';
import { AriStore } from './ari-store.js';
import { type BookingContext, handleAckBooking, handleCancelBooking, handleGetBookingId, handleGetBookingList } from './booking-operations.js';
import { BookingBook, type BookingRecord, type NewBooking, wholeSecond } from './bookings.js';
import { type Catalogue, buildCatalogue, renderRatePlans, renderRooms } from './catalogue.js';
import { type ParsedJson, type RequestBody, checkEnvelope, checkSharedSecret, parseRequestBody } from './envelope.js';
import { type EnvelopeFacts, readEnvelope, wrongCredentials } from '../spec/envelope-facts.js';
import { type PropertyFixture, loadPropertyFixture } from './fixture.js';
import { PropertyBook } from './property-book.js';
import {
  type PropertyContext,
  type PropertyTarget,
  findSynced,
  handleCreateProperty,
  handleDeleteRatePlan,
  handleDeleteRoom,
  handleUpdateRatePlan,
  handleUpdateRoom,
} from './property-operations.js';
import { OTA_ERROR_IDS, type OtaErrorItem, type OtaResponse, type Reply, failure, failures, jsonResponse, renderReply, success } from './replies.js';
import { renderReservation } from './reservation.js';
import { answerSetupProperty, roomInfoChecked } from './setup.js';
import { strictBodyError, strictEnvelopeError } from './strict-requests.js';

export interface PropertyCredentialsConfig {
  pms_property_id: number;
  wbp_property_id: string;
  wbp_property_password: string;
  /** Further PMS properties the same wbp_property_id resolves to: their requests are the test property's. */
  other_pms_property_ids?: number[] | undefined;
}

export interface ChannelManagerOptions {
  clock: Clock;
  sharedSecret: string;
  property: PropertyCredentialsConfig;
  /** Credentials of a property whose connection is not yet enabled: SetupProperty answers 1002. */
  notEnabled?: { wbp_property_id: string; wbp_property_password: string } | undefined;
  fixture?: PropertyFixture | undefined; // default: fixtures/property.json
  /** Keep the ARI it accepts (default true). The mock channel manager validates but does not keep it: its ledger does. */
  storeAri?: boolean | undefined;
  /** CreateProperty is activated for the channel (spec: its prerequisite); default true. */
  propertyActivated?: boolean | undefined;
  /**
   * Refuse what breaks a rule stated for the sender beyond the envelope (pms_cid length, the
   * property-sync bodies, a request that is not application/json): the reference OTA as a
   * candidate does; behind the mock channel manager the judge reports a PMS's request
   * instead. Default false.
   */
  strictRequests?: boolean | undefined;
  /** SetupProperty without wbp_property_password succeeds for the right ids ("optional in SetupProperty"; the mock, D-161). */
  setupPasswordOptional?: boolean | undefined;
  /** GetBookingId's reservation in another format (the mock channel manager's template). */
  renderReservation?: ((booking: BookingRecord) => Record<string, unknown>) | undefined;
  /** A successful answer as served, changed on the object before it is written once (the mock's generated shapes). */
  shapeAnswer?: ((operation: string, body: Record<string, unknown>) => Record<string, unknown>) | undefined;
}

/** A request whose body is a JSON object: what the shared secret, envelope and operation read. */
export interface CmRequest {
  operation: string;
  query: URLSearchParams;
  body: RequestBody;
}

/** How the request came over HTTP, when the host passes it: the method and the content type. */
export interface HttpFacts {
  method: string;
  contentType: string | undefined;
}

type Handler = (body: RequestBody, target: PropertyTarget) => Reply;

/** Operations a property made by CreateProperty supports (ARI and bookings stay with the test property). */
const SYNCED_OPERATIONS = new Set<string>(['GetRoomTypes', 'GetRatePlans', 'UpdateRoom', 'DeleteRoom', 'DeleteRatePlan', 'UpdateRatePlan']);
/** Operations served before any property credentials exist (CreateProperty makes them). */
const OPEN_OPERATIONS = new Set<string>(['HealthCheck', 'SetupProperty', 'CreateProperty']);

export const isReply = (value: unknown): value is Reply => typeof value === 'object' && value !== null && 'kind' in value;

let defaultFixture: PropertyFixture | undefined;
const NO_QUERY = new URLSearchParams();

export class ChannelManager {
  readonly fixture: PropertyFixture;
  readonly catalogue: Catalogue;
  readonly bookings: BookingBook;
  readonly ari = new AriStore();
  /** Properties kept in step by CreateProperty, UpdateRoom, DeleteRoom, DeleteRatePlan and UpdateRatePlan. */
  readonly properties: PropertyBook;
  readonly options: ChannelManagerOptions;
  protected readonly propertyContext: PropertyContext;
  private readonly bookingContext: BookingContext;
  private readonly handlers: Readonly<Record<OperationName, Handler>>;

  constructor(options: ChannelManagerOptions) {
    this.options = options;
    this.fixture = options.fixture ?? (defaultFixture ??= loadPropertyFixture());
    this.catalogue = this.offeredCatalogue(this.fixture);
    this.bookings = new BookingBook(this.fixture, options.clock);
    const Book = this.propertyBookType();
    this.properties = new Book();
    const render = options.renderReservation ?? renderReservation;
    this.bookingContext = { book: this.bookings, listed: (version) => this.listBookings(version), render };
    const { property: main, propertyActivated } = options;
    this.propertyContext = { book: this.properties, fixture: this.fixture, activated: propertyActivated ?? true, main };
    const property = this.propertyContext;
    this.handlers = {
      HealthCheck: () => success(),
      SetupProperty: (body) => this.setupProperty(body),
      GetRoomTypes: (body, target) => roomInfoChecked(body, () => success({ Rooms: renderRooms(this.catalogueOf(target)) })),
      GetRatePlans: (_body, target) => success({ RatePlans: renderRatePlans(this.catalogueOf(target)) }),
      ARIUpdate: (body) => this.ariUpdate(body),
      GetBookingList: (body) => handleGetBookingList(body, this.bookingContext),
      GetBookingId: (body) => handleGetBookingId(body, this.bookingContext),
      AckBooking: (body) => handleAckBooking(body, this.bookingContext),
      CancelBooking: (body) => handleCancelBooking(body, this.bookingContext),
      CreateProperty: (body) => handleCreateProperty(body, property),
      UpdateRoom: (body, target) => handleUpdateRoom(body, target, property),
      DeleteRoom: (body, target) => handleDeleteRoom(body, target, property),
      DeleteRatePlan: (body, target) => handleDeleteRatePlan(body, target, property),
      UpdateRatePlan: (body, target) => handleUpdateRatePlan(body, target, property),
    };
  }

  /**
   * One API call: the path's operation name, the query parameters, the raw body bytes. A
   * host that has already parsed the bytes as JSON (the mock channel manager) passes the
   * result, so a large body is not parsed twice.
   */
  handle(operation: string, query: URLSearchParams, body: Uint8Array, parsed?: ParsedJson, http?: HttpFacts): OtaResponse {
    try {
      const refused = http ? this.transportRefusal(http) : undefined;
      if (refused) return this.render(refused);
      const read = parseRequestBody(body, parsed);
      const reply = read.ok ? this.answer({ operation, query, body: read.body }) : this.unreadable(read.error);
      const shape = this.options.shapeAnswer;
      return this.render(shape && reply.kind === 'success' ? { kind: 'success', body: shape(operation, reply.body) } : reply);
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

  /** Test hook: the channel manager activates CreateProperty for the channel, or withdraws its activation. */
  setPropertyActivated(on: boolean): void {
    this.propertyContext.activated = on;
  }

  /** Test hook: a guest changes an active booking now; false when there is none. */
  modifyBooking(id: string): boolean {
    return this.bookings.modify(id);
  }

  /** A request that is not a POST of application/json (spec: Endpoints), when the host says how it came. */
  protected transportRefusal(http: HttpFacts): Reply | undefined {
    if (http.method !== 'POST') return failure(OTA_ERROR_IDS.badRequest, 'Use POST.');
    const json = /^application\/json\s*(;|$)/i.test(http.contentType ?? '');
    if (json || !this.options.strictRequests) return undefined;
    return failure(OTA_ERROR_IDS.badRequest, 'The request content type must be application/json.');
  }

  /** The answer to a body that is not a JSON object. */
  protected unreadable(error: OtaErrorItem): Reply {
    return failures([error]);
  }

  /** A readable request: the shared secret, the operation, the envelope, the property's credentials, then the operation itself. */
  protected answer(request: CmRequest): Reply {
    const { operation, body } = request;
    const secret = this.sharedSecretError(request);
    if (secret) return failures([secret]);
    if (!isMessageName(operation) || OPERATIONS[operation].server !== 'ota') {
      return failure(OTA_ERROR_IDS.unsupportedOperation, `Unknown operation ${JSON.stringify(operation.slice(0, 60))}.`);
    }
    const name = operation as OperationName;
    const malformed = this.envelopeError(OPERATIONS[name], body) ?? this.bodyError(name, body);
    if (malformed) return failures([malformed]);
    const target = this.resolveProperty(name, body);
    return isReply(target) ? target : this.operate(name, body, target);
  }

  /**
   * The facts of a request's envelope (the one reading the outsider gate and the judge make
   * too). Each seam reads the body it is given: a reference variant may change it first.
   */
  protected envelopeFacts(request: Omit<CmRequest, 'query'> & { query?: URLSearchParams }, info?: OperationInfo): EnvelopeFacts {
    const { sharedSecret, property } = this.options;
    return readEnvelope({ operation: request.operation, query: request.query ?? NO_QUERY, body: request.body }, { sharedSecret, property }, info);
  }

  /** The shared secret must be right in both the query string and the body (spec: Authentication). */
  protected sharedSecretError(request: CmRequest): OtaErrorItem | undefined {
    return checkSharedSecret(this.envelopeFacts(request));
  }

  /** The common envelope (spec: Common request envelope), and the cid's length when strict. */
  protected envelopeError(info: OperationInfo, body: RequestBody): OtaErrorItem | undefined {
    const facts = this.envelopeFacts({ operation: info.name, body }, info);
    return checkEnvelope(info, facts) ?? (this.options.strictRequests ? strictEnvelopeError(body) : undefined);
  }

  /** A property-sync body that breaks the spec's schema, when strict. */
  protected bodyError(operation: OperationName, body: RequestBody): OtaErrorItem | undefined {
    return this.options.strictRequests ? strictBodyError(operation, body) : undefined;
  }

  /** The property the credentials name: the test property, one CreateProperty made, or the refusal. */
  protected resolveProperty(operation: OperationName, body: RequestBody): PropertyTarget | Reply {
    // HealthCheck answers for any property credentials (they may not be set yet).
    if (OPEN_OPERATIONS.has(operation) || wrongCredentials(this.envelopeFacts({ operation, body })).length === 0) return 'main';
    const synced = findSynced(body, this.propertyContext);
    if (!synced) return failure(OTA_ERROR_IDS.invalidCredentials, 'The property credentials are incorrect.');
    if (!SYNCED_OPERATIONS.has(operation)) {
      return failure(OTA_ERROR_IDS.unsupportedOperation, `${operation} is served for the test property only, not for one made by CreateProperty.`);
    }
    return synced;
  }

  /** The operation itself, once the request is checked. */
  protected operate(operation: OperationName, body: RequestBody, target: PropertyTarget): Reply {
    return this.handlers[operation](body, target);
  }

  protected render(reply: Reply): OtaResponse {
    return renderReply(reply);
  }

  /** The rooms and rate plans the test property offers. */
  protected offeredCatalogue(fixture: PropertyFixture): Catalogue {
    return buildCatalogue(fixture);
  }

  /** The book of properties CreateProperty makes (its methods are the property operations' effects). */
  protected propertyBookType(): new () => PropertyBook {
    return PropertyBook;
  }

  /** The last date ARI is accepted for. */
  protected ariHorizon(now: number): string {
    return ariHorizon(now);
  }

  /** A refusal of an Inventory item beyond its fields and the catalogue: none. */
  protected refuseAriItem(_item: Readonly<Record<string, unknown>>): OtaErrorItem | undefined {
    return undefined;
  }

  /** GetBookingList's changes since a version start this long before it (spec: at least 5 minutes). */
  protected sinceCutoff(version: number): number {
    return version - LIMITS.bookingVersionOffsetMs;
  }

  /** null: every booking; a version: every booking changed at or after its cutoff. */
  protected listBookings(version: number | null): BookingRecord[] {
    const all = this.bookings.all();
    if (version === null) return all;
    const from = this.sinceCutoff(version);
    return all.filter((booking) => wholeSecond(booking.changedAt) >= from);
  }

  private catalogueOf(target: PropertyTarget): Catalogue {
    return target === 'main' ? this.catalogue : this.properties.catalogue(target);
  }

  private setupProperty(body: RequestBody): Reply {
    const { property, notEnabled, setupPasswordOptional } = this.options;
    return answerSetupProperty(body, {
      property,
      notEnabled,
      passwordOptional: setupPasswordOptional === true,
      synced: findSynced(body, this.propertyContext),
    });
  }

  private ariUpdate(body: RequestBody): Reply {
    const now = this.options.clock.now();
    return handleAriUpdate(body, {
      catalogue: this.catalogue,
      store: this.options.storeAri === false ? undefined : this.ari,
      today: formatDate(now),
      horizon: this.ariHorizon(now),
      refuseItem: (item) => this.refuseAriItem(item),
    });
  }
}
