// The mock channel manager for the PMS target: takes the profile (where to listen, TLS,
// credentials) and the run's clock and evidence log, serves every operation a PMS calls
// with the channel-manager core (the same one the reference OTA runs), records each request
// as an inbound exchange, and lets scenario steps make bookings arrive, change, cancel,
// or make the next answer of an operation fail.
import { createHash } from 'node:crypto';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Clock } from '../../support/clock.js';
import type { Redactor } from '../../support/redact.js';
import { redactHeaders } from '../../support/redact.js';
import { ChannelManager } from '../../channel-manager/index.js';
import type { BookingRecord, PropertyFixture } from '../../channel-manager/index.js';
import type { ReservationTemplate } from '../../spec/reservation-template.js';
import { renderMockReservation } from './reservation-render.js';
import { ServedShapes } from '../../channel-manager/served-shapes.js';
import { mappedPairsOf, shapedFixture } from '../../channel-manager/served-catalogue.js';
import { ScenarioErrors } from './scenario-errors.js';
import { loadPropertyFixture } from '../../channel-manager/index.js';
import type { NewBooking } from '../../channel-manager/index.js';
import { SeededBookings } from './seeded-bookings.js';
import type { EvidenceLog } from '../evidence-log.js';
import type { Exchange, LiveExchange, ParsedBody } from '../../spec/exchange.js';
import { parseBody, typedBody } from '../../spec/exchange.js';
import { issuedPmsId, queryRecord } from '../../spec/envelope-facts.js';
import { messageRecord } from '../body-limits.js';
import { InboundStore } from './inbound-store.js';
import { MockContacts } from './contacts.js';
import { OutsiderStore, holdsPassword, identifyOutsider, readRequestEnvelope } from './outsiders.js';
import type { Outsider, PmsIdentity } from './outsiders.js';
import { closeServer, listen, originOf, pathSegment } from '../../support/http-server.js';
import type { BodyRead } from '../../support/http-server.js';
import type { OtaResponse } from '../../channel-manager/index.js';
import {
  answerBytes,
  createHostServer,
  errorAnswer,
  httpFacts,
  internalErrorAnswer,
  readCall,
  sendAnswer,
  tooLargeAnswer,
} from '../../channel-manager/http-host.js';
import { boundedCopy, readFailure, recordRefused, recordedTarget, refuseSocket } from './inbound-evidence.js';
import type { Socket } from 'node:net';
import type { MockMount, MountedMock } from './mount.js';
import { isoTime } from '../../support/time.js';

export interface MockCmOptions {
  clock: Clock;
  log: EvidenceLog;
  redactor: Redactor;
  sharedSecret: string;
  /** The PMS's channel id: with the shared secret and the property, what tells the PMS from an outsider. */
  pmsCid: string;
  property: { pms_property_id: number; wbp_property_id: string; wbp_property_password: string; other_pms_property_ids?: number[] };
  host: string;
  port: number;
  tls?: { cert: string | Buffer; key: string | Buffer } | undefined;
  maxBodyBytes: number;
  evidenceBodyBytes: number;
  /** A request (headers and body) must complete within this time, or the connection is closed. */
  requestTimeoutMs: number;
  fixture?: PropertyFixture;
  /** The channel manager's own reservation format (profile mock.reservation_template). */
  reservationTemplate?: ReservationTemplate | undefined;
  /** The seed of the bookings the mock generates (default DEFAULT_BOOKING_SEED): same seed, same bookings. */
  bookingSeed?: number | undefined;
  /** A shared server to mount under instead of listening on host:port (the onboarding service's worker). */
  mount?: MockMount | undefined;
  /** CreateProperty is activated for the PMS's channel (profile capability; D-402); default true. Else it is refused (1006). */
  createPropertyActivated?: boolean | undefined;
}

/** An answer as written: its bytes kept for the evidence and the judge. */
interface Reply {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

function written(answer: OtaResponse): Reply {
  return { status: answer.status, headers: answer.headers, body: answerBytes(answer) };
}

function flatHeaders(req: IncomingMessage): Record<string, string> {
  return Object.fromEntries(Object.entries(req.headers).flatMap(([k, v]) => (v === undefined ? [] : [[k, Array.isArray(v) ? v.join(', ') : v]])));
}

export class MockChannelManager {
  readonly model: ChannelManager;
  readonly inbound: InboundStore;
  /** Requests from anyone but the PMS under test: answered with the spec's error, kept apart, never judged. */
  readonly outsiders = new OutsiderStore();
  /** The first connection's time and the TLS handshakes that failed (with why). */
  readonly contacts = new MockContacts();
  private readonly identity: PmsIdentity;
  /** The valid shapes it serves the bookings the scenario makes in (ids, listings, reservations). */
  readonly shapes = new ServedShapes();
  /** The seeded bookings it serves beside the scenario's own (and the changes guests make to them). */
  readonly seeded: SeededBookings;
  private server: Server | undefined;
  private mounted: MountedMock | undefined;
  private baseUrl = '';
  /** Errors to answer the next requests of an operation with, in turn. */
  private readonly errors = new ScenarioErrors();
  /** Sockets whose request the handler is reading. */
  private readonly reading = new WeakSet<Socket>();
  /** Lets the runner see an inbound exchange (judge it, feed ledgers) before bodies are summarised. */
  private readonly onReceived: Array<(x: LiveExchange) => void> = [];
  /** Requests whose handler started (their time is taken) but that are not stored yet. */
  private readonly inflight = new Set<Promise<void>>();

  constructor(private readonly options: MockCmOptions) {
    this.model = new ChannelManager({
      clock: options.clock,
      sharedSecret: options.sharedSecret,
      property: options.property,
      // The inbound judge's ARI ledger keeps what the PMS pushed; the model only validates it.
      storeAri: false,
      // The password is optional in SetupProperty: a PMS that leaves it out is not refused (D-161).
      setupPasswordOptional: true,
      propertyActivated: options.createPropertyActivated ?? true,
      fixture: this.servedFixture(options.fixture ?? loadPropertyFixture()),
      renderReservation: (b: BookingRecord) => this.shapes.reservation(b.id, renderMockReservation(b, options.reservationTemplate), 'GetBookingId'),
      // GetBookingList, GetRoomTypes and GetRatePlans served in their generated shapes: changed on the answer object, written once.
      shapeAnswer: (operation, body) => this.shapes.answer(operation, body),
    });
    this.inbound = new InboundStore(options.clock);
    this.seeded = new SeededBookings(this.model, this.shapes, options.clock, options.bookingSeed);
    const { property } = options;
    this.identity = {
      sharedSecret: options.sharedSecret,
      pmsCid: options.pmsCid,
      property,
      knowsPmsId: (id) => issuedPmsId(id, property) || this.model.properties.hasPmsId(id),
      knowsWbpId: (id) => id === property.wbp_property_id || this.model.properties.get(id) !== undefined,
      passwordOf: (id) => (id === property.wbp_property_id ? property.wbp_property_password : this.model.properties.get(id)?.wbp_property_password),
    };
  }

  get url(): string {
    return this.baseUrl;
  }

  onExchange(listener: (x: LiveExchange) => void): void {
    this.onReceived.push(listener);
  }

  async start(): Promise<void> {
    const handler = (req: IncomingMessage, res: ServerResponse): void => {
      const release = this.options.clock.hold();
      const work = this.handle(req, res).catch((error: unknown) => sendAnswer(req, res, internalErrorAnswer(error)));
      this.inflight.add(work);
      void work.finally(() => {
        this.inflight.delete(work);
        release();
      });
    };
    if (this.options.mount) {
      // The shared server's limits and TLS apply; its handshakes and connections are not one run's, its requests are.
      this.mounted = this.options.mount.mount((req, res) => {
        this.contacts.noteRequest(this.options.clock);
        handler(req, res);
      });
      this.baseUrl = this.mounted.url;
      return;
    }
    const { tls, host, port, requestTimeoutMs } = this.options;
    // A request Node refuses before the handler (headers too large, smuggling, timeout) still leaves evidence.
    const onClientError = (error: NodeJS.ErrnoException & { rawPacket?: Buffer }, socket: Socket): void => {
      // A request already in the handler is recorded there (with the timeout as its cause).
      if (error.code !== 'ECONNRESET' && !this.reading.has(socket)) {
        recordRefused(error, { ...this.options, baseUrl: this.baseUrl, identity: this.identity, outsiders: this.outsiders });
      }
      refuseSocket(socket, error.code);
    };
    const server = createHostServer({ tls, requestTimeoutMs, onClientError }, handler);
    this.contacts.watch(server, this.options.clock);
    const bound = await listen(server, host, port);
    this.server = server;
    this.baseUrl = originOf(Boolean(tls), host, bound);
  }

  async close(): Promise<void> {
    this.mounted?.unmount();
    this.mounted = undefined;
    const server = this.server;
    if (!server) return;
    this.server = undefined;
    await closeServer(server);
  }

  /**
   * Resolves when every request whose handler had started is stored (each is timed at its
   * handler's start, so one that arrived before a deadline counts even if read after it).
   */
  async settled(maxRealMs = 1_000): Promise<void> {
    if (this.inflight.size === 0) return;
    let timer: NodeJS.Timeout | undefined;
    // Bounded, in real time: a PMS that trickles its body must not hold a step past its deadline
    // for long (and while it trickles, its held request keeps a simulated clock still).
    const bound = new Promise<void>((resolve) => (timer = setTimeout(resolve, maxRealMs)));
    await Promise.race([Promise.allSettled([...this.inflight]), bound]);
    clearTimeout(timer);
  }

  /** The next answer to `operation` not yet given an error is this error (a scenario step's request; several wait in turn). */
  failNext(operation: string, id: number, msg: string, bookingId?: string): void {
    this.errors.queue(operation, { id, msg, ...(bookingId !== undefined ? { bookingId } : {}) });
  }

  /** What the mock served varied on purpose, per operation (answers and callbacks that carried generated shapes). */
  servedVariations(): Record<string, { generated: number; requests: number; resent: number }> {
    return this.shapes.served();
  }

  /** A booking the scenario makes: now, with an id of the next generated shape. */
  createBooking(input: NewBooking): string {
    return this.model.createBooking({ ...input, id: this.shapes.nextBooking().id });
  }

  /** A callback the harness sends as this channel manager (BookingCreate carries a shaped reservation). */
  noteCallback(operation: string, body: unknown): void {
    const reservation = (body as { reservation?: { OrderId?: unknown } } | undefined)?.reservation;
    if (operation === 'BookingCreate' && typeof reservation?.OrderId === 'string') this.shapes.noteCallback(reservation.OrderId, reservation);
  }

  /** Known room x rate plan pairs: what a PMS may send ARI for (per room, its plans in fixture order). */
  mappedPairs(): Array<{ room: string; rate: string }> {
    return mappedPairsOf(this.model.fixture);
  }

  reservation(bookingId: string): Record<string, unknown> | undefined {
    const booking = this.model.bookings.get(bookingId);
    return booking ? this.shapes.reservation(bookingId, renderMockReservation(booking, this.options.reservationTemplate)) : undefined;
  }

  /** The catalogue it serves: the fixture's, with the rate plans of generated id shapes. */
  private servedFixture(fixture: PropertyFixture): PropertyFixture {
    const shaped = shapedFixture(fixture);
    this.shapes.addPlans(shaped.fixture.rate_plans.slice(fixture.rate_plans.length).map((plan) => plan.wbp_rate_id));
    return shaped.fixture;
  }

  /** Why a request is an outsider's (answered with the spec's error, kept apart, never judged), or undefined for the PMS's. */
  outsiderOf(query: URLSearchParams, request: ParsedBody, operation: string): Outsider | undefined {
    return identifyOutsider(readRequestEnvelope(query, request, operation, this.identity), operation, this.identity);
  }

  /**
   * The evidence record of one request the handler read (the PMS's or an outsider's), every
   * string of it redacted here and the record sealed: the run's result keeps it as it is
   * instead of redacting its bodies again (Redactor.seal).
   */
  private exchangeRecord(
    req: IncomingMessage,
    x: { id: string; operation: string; at: number; started: number; read: BodyRead; reply: Reply | undefined },
    headers: Record<string, string> = flatHeaders(req),
  ): Exchange {
    const { redactor, maxBodyBytes, evidenceBodyBytes, requestTimeoutMs } = this.options;
    const { read, reply } = x;
    return redactor.seal({
      id: x.id,
      direction: 'inbound',
      operation: redactor.text(x.operation),
      startedAt: isoTime(x.at),
      durationMs: Math.round(performance.now() - x.started),
      request: {
        method: redactor.text(req.method ?? '?'),
        // The request's path is whole (a mount's prefix included): it goes after the origin.
        ...recordedTarget(this.mounted ? new URL(this.baseUrl).origin : this.baseUrl, req.url ?? '/', redactor),
        ...messageRecord(redactHeaders(headers, redactor), read.bytes, evidenceBodyBytes, redactor, read.ok ? read.bytes.length : read.total),
      },
      ...(reply
        ? { response: { status: reply.status, ...messageRecord(redactHeaders(reply.headers, redactor), reply.body, evidenceBodyBytes, redactor) } }
        : {}),
      ...(!read.ok ? { failure: readFailure(read, maxBodyBytes, performance.now() - x.started, requestTimeoutMs) } : {}),
    } as Exchange);
  }

  /** The spec's error answer (HTTP 200, JSON), and the exchange kept apart: never logged as the PMS's, judged or waited for. */
  private answerOutsider(
    req: IncomingMessage,
    res: ServerResponse,
    x: { outsider: Outsider; operation: string; at: number; started: number; read: BodyRead },
  ): void {
    // A body not read whole leaves the connection unusable: it is closed after the answer.
    const answer = errorAnswer(200, x.outsider.error.id, x.outsider.error.msg);
    const reply = written(x.read.ok ? answer : { ...answer, headers: { ...answer.headers, connection: 'close' } });
    sendAnswer(req, res, reply);
    this.outsiders.add(this.exchangeRecord(req, { ...x, id: this.outsiders.nextId(), reply }), x.outsider);
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const { clock, log, maxBodyBytes } = this.options;
    const id = log.nextId();
    const at = clock.now();
    const started = performance.now();
    this.reading.add(req.socket);
    const call = await readCall(req, maxBodyBytes);
    this.reading.delete(req.socket);
    const { url, read } = call;
    const operation = pathSegment(url.pathname.split('/').filter(Boolean).pop() ?? '');
    // Each parameter's first value, as the core and the gate read it (URLSearchParams.get).
    const query = queryRecord(url.searchParams);
    // Parsed once: the model answers from it and the judge reads it (neither changes it).
    const request: ParsedBody = read.ok ? parseBody(read.bytes) : { ok: false, error: 'missing', detail: 'the request was not received completely' };
    // The envelope read once: the gate decides from it, then the scenario's errors and the judge.
    const envelope = readRequestEnvelope(url.searchParams, request, operation, this.identity);
    // Who called, before anything else: an outsider never takes a queued error nor reaches the model or the judge.
    const outsider = identifyOutsider(envelope, operation, this.identity);
    if (outsider) return this.answerOutsider(req, res, { outsider, operation, at, started, read });
    let reply: Reply | undefined;
    let injected: string | undefined;
    if (!read.ok && read.reason === 'too-large') reply = written(tooLargeAnswer(maxBodyBytes));
    else if (read.ok) {
      // Only a POST holding every credential takes the scenario's error (a wrong method or password is answered by the model).
      const failure = call.method === 'POST' && holdsPassword(envelope, operation, this.identity) ? this.errors.take(operation, request) : undefined;
      if (failure) {
        injected = `error ${failure.id} injected by the scenario`;
        reply = written(errorAnswer(200, failure.id, failure.msg));
      } else {
        // The model reads the body as JSON.parse gives it, as a channel manager in JavaScript would.
        const parsed = request.ok ? { ok: true as const, value: typedBody(request) } : request;
        reply = written(this.model.handle(operation, url.searchParams, read.bytes, parsed, httpFacts(call)));
      }
    }
    if (reply) sendAnswer(req, res, reply);
    const requestHeaders = flatHeaders(req);
    const record = this.exchangeRecord(req, { id, operation, at, started, read, reply }, requestHeaders);
    const live: LiveExchange = {
      record,
      at,
      query,
      request,
      ...(requestHeaders['content-type'] ? { requestContentType: requestHeaders['content-type'].toLowerCase() } : {}),
      ...(reply ? { response: parseBody(reply.body), responseContentType: reply.headers['content-type'] } : {}),
      ...(injected ? { injected } : {}),
      ...(envelope.object ? { envelope: envelope.facts } : {}),
      ...(read.ok ? { requestDigest: createHash('sha1').update(read.bytes).digest('base64') } : {}),
    };
    // Evidence first: a listener that breaks on this request cannot lose it.
    log.add(live);
    try {
      for (const listener of this.onReceived) listener(live);
    } finally {
      this.inbound.push(boundedCopy(live));
    }
  }
}
