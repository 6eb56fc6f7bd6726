// The PMS target's judge of inbound traffic: takes every request the mock channel
// manager receives, at once, and gives its verdicts (protocol, envelope, schema, body
// rules, and the mock's own answer as a self-check) to the suite running at that time;
// it also feeds the ARI ledgers the traffic checks read. Nothing a PMS sends goes unjudged.
import { AriLedger } from '../checks/ari-ledger.js';
import { type ReadItem, readAri } from '../checks/ari-items.js';
import { type InventoryBaseline, takeBaseline } from '../checks/booking-model.js';
import { INBOUND_CHECKS, judgeInboundRequest } from '../checks/inbound.js';
import type { GuidMemory, Issued } from '../checks/inbound.js';
import type { Judged } from '../checks/protocol.js';
import { judgeCandidateBody, judgeHarnessBody } from '../checks/schema-checks.js';
import type { CheckMeta, Verdict } from '../spec/vocabulary.js';
import type { LiveExchange } from '../spec/exchange.js';
import { succeeded, typedBody } from '../spec/exchange.js';
import type { MessageName } from '../spec/operations.js';
import { OPERATIONS, isMessageName } from '../spec/operations.js';

export type VerdictSink = (meta: CheckMeta, verdict: Verdict) => void;

const CREDENTIAL_CHECKS: ReadonlySet<string> = new Set([
  INBOUND_CHECKS.querySecret.id,
  INBOUND_CHECKS.bodySecret.id,
  INBOUND_CHECKS.cid.id,
  INBOUND_CHECKS.credentials.id,
]);

function refusedCredentials(judged: readonly Judged[]): boolean {
  return judged.some((j) => CREDENTIAL_CHECKS.has(j.meta.id) && j.verdict.status === 'fail');
}

export class InboundJudge {
  private sink: VerdictSink | undefined;
  private buffered: Judged[] = [];
  private readonly guids: GuidMemory = new Map();
  private readonly ledgers = new Map<string, AriLedger>();
  private readonly open = new Set<AriLedger>();
  /**
   * Per window ledger, one ledger per pms_property_id the ARI was sent in, kept only when the
   * profile maps several PMS properties to the wbp_property_id (cb-ari-full-refresh-ident.2).
   */
  private readonly byProperty = new WeakMap<AriLedger, Map<string, AriLedger>>();
  /** The first list's booking ids, and the run ledger's units when the PMS first fetched one of them. */
  private firstList: { ids: ReadonlySet<string>; inventory?: InventoryBaseline } | undefined;

  constructor(
    private readonly issued: Issued,
    private readonly isKnownPair: (room: string, rate: string) => boolean,
    runStart: number,
  ) {
    this.openLedger('run', runStart);
  }

  /** Verdicts go to this suite's recorder from now on (buffered ones first). */
  attach(sink: VerdictSink): void {
    this.sink = sink;
    for (const j of this.buffered) sink(j.meta, j.verdict);
    this.buffered = [];
  }

  detach(): void {
    this.sink = undefined;
  }

  /** Starts collecting ARI for a window that begins now (a step some traffic check reads from). */
  openLedger(key: string, since: number): AriLedger {
    const ledger = new AriLedger(since, this.isKnownPair);
    const previous = this.ledgers.get(key);
    if (previous) this.open.delete(previous);
    this.ledgers.set(key, ledger);
    this.open.add(ledger);
    return ledger;
  }

  /** Stops feeding a window's ledger (its last reader has run); it stays readable. Never closes "run". */
  closeLedger(key: string): void {
    const ledger = this.ledgers.get(key);
    if (ledger && key !== 'run') this.open.delete(ledger);
  }

  ledger(key: string): AriLedger | undefined {
    return this.ledgers.get(key);
  }

  /** The part of a window's ledger sent in the name of one PMS property, its coverage only (only with several mapped; else undefined). */
  propertyLedger(key: string, pmsPropertyId: number): AriLedger | undefined {
    const ledger = this.ledgers.get(key);
    return ledger ? this.byProperty.get(ledger)?.get(String(pmsPropertyId)) : undefined;
  }

  private ingestAri(ledger: AriLedger, id: string, at: number, body: Record<string, unknown>, read: ReadonlyArray<ReadItem | undefined>): void {
    ledger.ingest(id, body, read, at);
    if (!this.issued.property.other_pms_property_ids?.length) return;
    const pmsId = body.pms_property_id;
    if (typeof pmsId !== 'string' && typeof pmsId !== 'number') return;
    const parts = this.byProperty.get(ledger) ?? new Map<string, AriLedger>();
    this.byProperty.set(ledger, parts);
    let part = parts.get(String(pmsId));
    // Its readers ask for coverage per property only: the part keeps no data, units or rates.
    // It begins at the property's first ARIUpdate: the day its refresh is owed from (D-400).
    if (!part) parts.set(String(pmsId), (part = new AriLedger(at, this.isKnownPair, 'coverage')));
    part.ingest(id, body, read, at);
  }

  /** Keeps the run ledger's units as they are when the PMS first fetches one of these bookings (the first list). */
  watchFirstList(ids: Iterable<string>): void {
    this.firstList = { ids: new Set(ids) };
  }

  /** The units the PMS had sent before it fetched any booking of the first list: its inventory (undefined: not fetched yet). */
  firstListInventory(): InventoryBaseline | undefined {
    return this.firstList?.inventory;
  }

  private noteFirstFetch(x: LiveExchange, op: string): void {
    const watch = this.firstList;
    if (!watch || watch.inventory || op !== 'GetBookingId' || !succeeded(x) || !x.request.ok) return;
    const id = (x.request.value as Record<string, unknown> | null)?.booking_id;
    // Nothing was booked for the PMS yet: the units it sent are its inventory.
    if ((typeof id === 'string' || typeof id === 'number') && watch.ids.has(String(id)))
      watch.inventory = takeBaseline(this.ledgers.get('run'), new Map(), x.at);
  }

  receive(x: LiveExchange): void {
    const { judged, body } = judgeInboundRequest(x, this.issued, this.guids);
    const ids = [x.record.id];
    const op = String(x.record.operation);
    this.noteFirstFetch(x, op);
    if (body && isMessageName(op) && OPERATIONS[op].server === 'ota') {
      // Types as sent: a number past the safe range is an integer to the schema, not the text cm-certify keeps.
      judged.push(...judgeCandidateBody(op as MessageName, 'request', typedBody(x.request), ids, true));
      if (x.response?.ok) judged.push(...judgeHarnessBody(op as MessageName, 'response', x.response.value, ids));
      // ARI sent with wrong credentials updates nothing: it counts in no coverage (D-190).
      if (op === 'ARIUpdate' && !refusedCredentials(judged)) {
        // Its items read once for every open window.
        const read = readAri(body);
        for (const ledger of this.open) if (x.at >= ledger.since) this.ingestAri(ledger, x.record.id, x.at, body, read);
      }
    }
    for (const j of judged) {
      if (this.sink) this.sink(j.meta, j.verdict);
      else this.buffered.push(j);
    }
  }
}
