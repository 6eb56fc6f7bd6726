// ARIUpdate: takes the request body, the catalogue, the ARI store, today's date and the
// last bookable date, gives the reply. Every item is checked before any is stored, so a refused request changes
// nothing; a refusal names each bad item (up to MAX_ITEM_ERRORS).
import { PATTERNS } from '../spec/sections.js';
import { parseDate } from '../support/time.js';
import type { AriStore, AriValue } from './ari-store.js';
import { type Catalogue, findRatePlan, findRoom } from './catalogue.js';
import { type RequestBody, describe } from './envelope.js';
import { OTA_ERROR_IDS, type OtaErrorItem, type Reply, failure, failures, success } from './replies.js';

export interface AriContext {
  catalogue: Catalogue;
  /** Where accepted ARI is kept; undefined validates only. */
  store: AriStore | undefined;
  /** Today, `YYYY-MM-DD` UTC: days before it are not stored. */
  today: string;
  /** The last bookable date, `YYYY-MM-DD`: an item ending after it is refused. */
  horizon: string;
  /** A refusal of an item that passed the field checks, beyond the catalogue's (none by default). */
  refuseItem?: (item: Readonly<Record<string, unknown>>) => OtaErrorItem | undefined;
}

const MAX_ITEM_ERRORS = 20;
const DECIMAL_RE = new RegExp(PATTERNS.decimal);
const ADULT_RE = new RegExp(PATTERNS.adultN);
const CHILD_RE = new RegExp(PATTERNS.childN);

type FieldRule = (value: unknown) => boolean;
const intFrom =
  (min: number): FieldRule =>
  (v) =>
    Number.isInteger(v) && (v as number) >= min;
const decimal: FieldRule = (v) => typeof v === 'string' && DECIMAL_RE.test(v);
const bool: FieldRule = (v) => typeof v === 'boolean';

type Rule = readonly [FieldRule, string];
const DECIMAL_RULE: Rule = [decimal, `a string matching ${PATTERNS.decimal}`];

/** The optional Inventory fields and their rules (spec: Inventory item). */
const FIELD_RULES: ReadonlyMap<string, Rule> = new Map<string, Rule>([
  ['units', [intFrom(0), 'an integer >= 0']],
  ['rate', DECIMAL_RULE],
  ['rdef_single', DECIMAL_RULE],
  ['num_adults_included', [intFrom(0), 'an integer >= 0']],
  ['num_children_included', [intFrom(0), 'an integer >= 0']],
  ['max_los', [intFrom(0), 'an integer >= 0']],
  ['min_los', [intFrom(1), 'an integer >= 1']],
  ['closearr', [bool, 'a boolean']],
  ['closedep', [bool, 'a boolean']],
  ['close', [bool, 'a boolean']],
  ['min_advanced_offset', [intFrom(0), 'an integer >= 0']],
  ['max_advanced_offset', [intFrom(0), 'an integer >= 0']],
]);

/** Keys already classified (a listed field's rule, a per-person price's, or null: not the spec's); bounded, as keys are the sender's. */
const KEY_RULES = new Map<string, Rule | null>(FIELD_RULES);
const KEY_RULES_MAX = 1_024;

/**
 * The rule of an item key: a listed field's, the per-person price's for adult_N/child_N (no
 * listed field matches those patterns), or undefined for a key the spec does not list. Own
 * map entries only: an item key "constructor" or "toString" is data, not a rule (D-193).
 */
function ruleOf(key: string): Rule | undefined {
  const known = KEY_RULES.get(key);
  if (known !== undefined) return known ?? undefined;
  const rule = (key.startsWith('adult_') && ADULT_RE.test(key)) || (key.startsWith('child_') && CHILD_RE.test(key)) ? DECIMAL_RULE : null;
  if (KEY_RULES.size < KEY_RULES_MAX) KEY_RULES.set(key, rule);
  return rule ?? undefined;
}

interface AriItem {
  room: string;
  rate: string;
  start: string;
  end: string;
  values: Record<string, AriValue>;
}

export function handleAriUpdate(body: RequestBody, ctx: AriContext): Reply {
  if (typeof body.currency !== 'string') {
    return failure(OTA_ERROR_IDS.badRequest, `currency must be a string, got ${describe(body.currency)}.`);
  }
  if (body.currency !== ctx.catalogue.currency) {
    return failure(
      OTA_ERROR_IDS.currencyMismatch,
      `Currency mismatch: transmitted ${describe(body.currency)}, the channel currency is "${ctx.catalogue.currency}".`,
    );
  }
  const inventory = body.Inventory;
  if (!Array.isArray(inventory)) {
    return failure(OTA_ERROR_IDS.badRequest, `Inventory must be an array, got ${describe(inventory)}.`);
  }
  const errors: OtaErrorItem[] = [];
  // Validate-only (the mock channel manager: the judge's ledger keeps the ARI) keeps nothing
  // per item; a full refresh is hundreds of thousands of items.
  const items: AriItem[] | undefined = ctx.store ? [] : undefined;
  // A refresh sends a pair's days one after another: the catalogue is asked once per run of a pair.
  const lastPair: KnownPair = { room: '', rate: '' };
  for (let index = 0; index < inventory.length; index++) {
    const checked = checkItem(inventory[index], ctx, items !== undefined, lastPair);
    if (checked === undefined) continue;
    if ('id' in checked) errors.push({ id: checked.id, msg: `Inventory[${index}]: ${checked.msg}` });
    else items?.push(checked);
    if (errors.length >= MAX_ITEM_ERRORS) break;
  }
  if (errors.length > 0) return failures(errors);
  if (ctx.store && items) for (const item of items) ctx.store.apply(item.room, item.rate, item.start, item.end, item.values, ctx.today);
  return success();
}

function invalid(msg: string): OtaErrorItem {
  return { id: OTA_ERROR_IDS.invalidInventory, msg };
}

/** The last room x rate plan the catalogue knew, in this request ('' before any: an empty id is refused first). */
interface KnownPair {
  room: string;
  rate: string;
}

/** The item's error, or (when `keep`) the item to store; undefined when valid and not kept. */
function checkItem(raw: unknown, ctx: AriContext, keep: boolean, lastPair: KnownPair): AriItem | OtaErrorItem | undefined {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return invalid(`must be an object, got ${describe(raw)}.`);
  const item = raw as Record<string, unknown>;
  const { wbp_room_id: room, wbp_rate_id: rate } = item;
  if (typeof room !== 'string' || room === '') return invalid(`wbp_room_id must be a non-empty string, got ${describe(room)}.`);
  if (typeof rate !== 'string' || rate === '') return invalid(`wbp_rate_id must be a non-empty string, got ${describe(rate)}.`);
  const dates = checkDates(item, ctx.horizon);
  if (dates) return dates;
  const values = checkValues(item, keep);
  if (values !== undefined && 'id' in values) return values as OtaErrorItem;
  const refused = ctx.refuseItem?.(item);
  if (refused) return refused;
  if (room !== lastPair.room || rate !== lastPair.rate) {
    const unknown = checkRoomAndRate(room, rate, ctx);
    if (unknown) return unknown;
    lastPair.room = room;
    lastPair.rate = rate;
  }
  if (!keep) return undefined;
  return { room, rate, start: item.start_date as string, end: item.end_date as string, values: (values ?? {}) as Record<string, AriValue> };
}

/** The furthest date accepted: the end of the year after next (the spec's horizon is the end of next year). */
export function ariHorizon(now: number): string {
  return `${new Date(now).getUTCFullYear() + 2}-12-31`;
}

const isDate = (value: unknown): value is string => typeof value === 'string' && parseDate(value) !== undefined;

function checkDates(item: Record<string, unknown>, horizon: string): OtaErrorItem | undefined {
  const { start_date: start, end_date: end } = item;
  if (!isDate(start)) return invalid(`start_date must be a YYYY-MM-DD date, got ${describe(start)}.`);
  if (!isDate(end)) return invalid(`end_date must be a YYYY-MM-DD date, got ${describe(end)}.`);
  if (end < start) return invalid(`end_date ${end} is before start_date ${start}.`);
  if (end > horizon) return invalid(`end_date ${end} is after the last bookable date ${horizon}.`);
  return undefined;
}

// Runs for every Inventory item: no entry arrays; each key's rule is one map lookup.
function checkValues(item: Record<string, unknown>, keep: boolean): Record<string, AriValue> | OtaErrorItem | undefined {
  const values: Record<string, AriValue> | undefined = keep ? {} : undefined;
  for (const key in item) {
    if (!Object.hasOwn(item, key)) continue;
    const rule = ruleOf(key);
    // Fields the spec does not list are ignored, not stored.
    if (rule === undefined) continue;
    const value = item[key];
    if (!rule[0](value)) return invalid(`${key} must be ${rule[1]}, got ${describe(value)}.`);
    if (values) values[key] = value as AriValue;
  }
  return values;
}

function checkRoomAndRate(room: string, rate: string, ctx: AriContext): OtaErrorItem | undefined {
  const unknown = (msg: string): OtaErrorItem => ({ id: OTA_ERROR_IDS.unknownRoomOrRate, msg });
  if (!findRoom(ctx.catalogue, room)) return unknown(`unknown wbp_room_id "${room}".`);
  const plan = findRatePlan(ctx.catalogue, room, rate);
  if (!plan) return unknown(`wbp_rate_id "${rate}" is not a rate plan of room "${room}".`);
  return undefined;
}
