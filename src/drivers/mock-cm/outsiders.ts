// Who is calling the mock channel manager: takes a request's query, body and operation and
// what the profile issued to the PMS, gives undefined for the PMS under test, or why the
// request is an outsider's and the spec's error answer it gets; and the store that keeps
// outsiders' exchanges apart (counted, a bounded few kept as evidence). An outsider's request
// is never judged, never takes an error a scenario queued, never reaches the model, and never
// satisfies or fails a step: anyone who can reach a mock listening on 0.0.0.0 cannot change
// the PMS's verdict (issue 21 item 1; the reading is D-323).
import type { Exchange, ParsedBody } from '../../spec/exchange.js';
import { typedBody } from '../../spec/exchange.js';
import { OTA_ERROR_IDS } from '../../channel-manager/index.js';
import { type EnvelopeFacts, type IssuedEnvelope, readEnvelope, secretEquals } from '../../spec/envelope-facts.js';
import type { OutsiderKind, OutsiderExchange, OutsiderSummary } from '../../spec/run-result.js';

/** What identifies the PMS: the profile's shared secret and cid, and the properties it may name. */
export interface PmsIdentity {
  sharedSecret: string;
  pmsCid: string;
  /** The test property's credentials, which the envelope's facts compare with (as the judge does). */
  property?: IssuedEnvelope['property'];
  /** A property id the PMS may name: the test property's, or one its CreateProperty made in this run. */
  knowsPmsId(id: string): boolean;
  knowsWbpId(id: string): boolean;
  /** The password of a property the PMS may name (by its wbp_property_id), when known. */
  passwordOf?(wbpId: string): string | undefined;
}

export interface Outsider {
  kind: OutsiderKind;
  /** Why, in words (candidate text in it is JSON-quoted and cut). */
  reason: string;
  error: { id: number; msg: string };
}

export const MAX_KEPT_OUTSIDERS = 50;

function quoted(value: string): string {
  const text = JSON.stringify(value);
  return text.length > 42 ? `${text.slice(0, 40)}…"` : text;
}

/** The profile's pms_cid (any letter case) and at least one of its property's ids, none of another property. */
function namesPmsProperty(facts: EnvelopeFacts, pms: PmsIdentity): boolean {
  const { cid } = facts;
  if (typeof cid.given !== 'string' || (cid.issued !== 'issued' && cid.issued !== 'same-channel')) return false;
  const ids = [
    [facts.pmsId.named, pms.knowsPmsId],
    [facts.wbpId.named, pms.knowsWbpId],
  ] as const;
  const given = ids.filter(([id]) => id !== undefined);
  return given.length > 0 && given.every(([id, knows]) => knows(id!));
}

/** A request's envelope as the mock reads it, once: its facts, and whether the body is a JSON object (else they read `{}`). */
export interface ReadEnvelope {
  facts: EnvelopeFacts;
  object: boolean;
}

/** The one reading of a request's envelope (src/spec/envelope-facts.ts), against what the profile issued the PMS. */
export function readRequestEnvelope(query: URLSearchParams, request: ParsedBody, operation: string, pms: PmsIdentity): ReadEnvelope {
  const typed = typedBody(request);
  const object = typed !== null && typeof typed === 'object' && !Array.isArray(typed);
  const body = object ? (typed as Record<string, unknown>) : {};
  const { sharedSecret, pmsCid, property } = pms;
  return { facts: readEnvelope({ operation, query, body }, { sharedSecret, pmsCid, property }), object };
}

/**
 * The PMS proves itself with its shared secret (in the query string or the body: where it is
 * placed is judged, not used to tell who called), and names no other channel (its pms_cid,
 * when sent, is the profile's in any letter case) and no other property (each property id,
 * when sent and not empty, is one it may name; CreateProperty names the property it creates,
 * and HealthCheck's pms_property_id may be "any" by the spec's id table).
 */
export function identifyOutsider(envelope: ReadEnvelope, operation: string, pms: PmsIdentity): Outsider | undefined {
  const { facts, object } = envelope;
  if (facts.secret.query !== 'right' && facts.secret.body !== 'right') {
    if (object && namesPmsProperty(facts, pms)) {
      return {
        kind: 'misconfigured-pms',
        reason: "carries the profile's pms_cid and property but not its shared secret: probably the PMS under test with a wrong shared_secret",
        error: { id: OTA_ERROR_IDS.sharedSecret, msg: 'Authentication failed: shared_secret missing or wrong.' },
      };
    }
    return {
      kind: 'no-shared-secret',
      reason: "the profile's shared secret is in neither the query string nor the body",
      error: { id: OTA_ERROR_IDS.sharedSecret, msg: 'Authentication failed: shared_secret missing or wrong.' },
    };
  }
  if (!object) return undefined;
  if (facts.cid.issued === 'other') {
    return {
      kind: 'other-channel',
      reason: `pms_cid ${quoted(String(facts.cid.given))} is another channel's`,
      error: { id: OTA_ERROR_IDS.sharedSecret, msg: 'Authentication failed: pms_cid is not the channel of this shared_secret.' },
    };
  }
  if (operation === 'CreateProperty') return undefined;
  const pmsId = operation === 'HealthCheck' ? undefined : facts.pmsId.named;
  const wbpId = facts.wbpId.named;
  const other =
    pmsId !== undefined && !pms.knowsPmsId(pmsId)
      ? ['pms_property_id', pmsId]
      : wbpId !== undefined && !pms.knowsWbpId(wbpId)
        ? ['wbp_property_id', wbpId]
        : undefined;
  if (!other) return undefined;
  return {
    kind: 'other-property',
    reason: `${other[0]} ${quoted(other[1]!)} names another property`,
    error: { id: OTA_ERROR_IDS.invalidCredentials, msg: 'The property credentials are incorrect.' },
  };
}

/**
 * Whether a request that is not an outsider's also holds the property's password: only such a
 * request takes an error a scenario queued (issue 28 item 13). A wrong password, or none where
 * the spec requires one (SetupProperty may leave it out, D-161; CreateProperty sets it), is
 * the PMS's mistake, answered by the model, never the scenario's error.
 */
export function holdsPassword(envelope: ReadEnvelope, operation: string, pms: PmsIdentity): boolean {
  if (operation === 'CreateProperty' || !pms.passwordOf) return true;
  const { facts, object } = envelope;
  if (!object) return true;
  const wbpId = facts.wbpId.named;
  const expected = wbpId === undefined ? undefined : pms.passwordOf(wbpId);
  if (expected === undefined) return true;
  const given = facts.password.given;
  if (given === undefined && operation === 'SetupProperty') return true;
  return secretEquals(given, expected);
}

/** Outsiders' requests, kept apart from the PMS's: all counted, the first MAX_KEPT_OUTSIDERS kept. */
export class OutsiderStore {
  private next = 1;
  private readonly kept: OutsiderExchange[] = [];
  private readonly byKind: Partial<Record<OutsiderKind, number>> = {};
  private count = 0;

  nextId(): string {
    return `o${this.next++}`;
  }

  add(record: Exchange, outsider: Pick<Outsider, 'kind' | 'reason'>): void {
    this.count++;
    this.byKind[outsider.kind] = (this.byKind[outsider.kind] ?? 0) + 1;
    if (this.kept.length < MAX_KEPT_OUTSIDERS) this.kept.push({ ...record, outsider: { kind: outsider.kind, reason: outsider.reason } });
  }

  get size(): number {
    return this.count;
  }

  countOf(kind: OutsiderKind): number {
    return this.byKind[kind] ?? 0;
  }

  summary(): OutsiderSummary {
    return { requests: this.count, byKind: { ...this.byKind }, exchanges: [...this.kept] };
  }
}
