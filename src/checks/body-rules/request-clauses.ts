// Request body rules for two clauses the schema leaves open (issue 26 item 3): takes a
// HealthCheck, CreateProperty or UpdateRoom request body, gives a verdict on whether the
// HealthCheck carries only the envelope (env-healthcheck-ids.1: the request schemas allow
// extra fields) and whether each room's rate plans other than the default have
// pms_rate_id > 0 (rp-default-zero.2: the schema holds each id to >= 0 and asks for one 0).
import { SPEC } from '../../spec/sections.js';
import { fail, pass, unexpected } from '../check-verdict.js';
import type { CheckMeta, Verdict } from '../../spec/vocabulary.js';
import type { BodyRule, JsonObject } from './types.js';
import { blocked, defineRule, isObject, MAX_OFFENDERS, notApplicable, offenders, plural, pointerOf, readObject } from './types.js';

/** The common request envelope's fields: "HealthCheck — Request: envelope only". */
const ENVELOPE_FIELDS: ReadonlySet<string> = new Set([
  'pms_property_id',
  'wbp_property_id',
  'wbp_property_password',
  'guid',
  'shared_secret',
  'pms_cid',
  'verb',
]);

function checkHealthCheckEnvelope(body: unknown, rule: CheckMeta): Verdict {
  const root = readObject(body, 'the body');
  if ('verdict' in root) return root.verdict;
  const extra = Object.keys(root.value).filter((key) => !ENVELOPE_FIELDS.has(key));
  if (extra.length === 0) return pass(`HealthCheck carries only envelope fields (${Object.keys(root.value).length})`);
  const listed = extra.slice(0, MAX_OFFENDERS);
  return fail(unexpected('fields in HealthCheck', 'the envelope only', listed.join(', ')), {
    pointer: pointerOf(extra[0]!),
    expected: [...ENVELOPE_FIELDS],
    actual: listed,
    schemaErrors: offenders(
      rule,
      listed.map((key) => ({ pointer: pointerOf(key), message: `${key} is not an envelope field (HealthCheck: envelope only)` })),
    ),
  });
}

/** Each room a body sends with its pointer: Property.rooms[] (CreateProperty) or room (UpdateRoom). */
function roomsOf(body: JsonObject): Array<{ room: JsonObject; pointer: string }> {
  if (isObject(body.room)) return [{ room: body.room, pointer: pointerOf('room') }];
  const property = body.Property;
  if (!isObject(property) || !Array.isArray(property.rooms)) return [];
  return property.rooms.flatMap((room, index) => (isObject(room) ? [{ room, pointer: pointerOf('Property', 'rooms', index) }] : []));
}

function checkOneDefault(body: unknown, rule: CheckMeta): Verdict {
  const root = readObject(body, 'the body');
  if ('verdict' in root) return root.verdict;
  const rooms = roomsOf(root.value).filter(({ room }) => Array.isArray(room.rateplans));
  if (rooms.length === 0) return notApplicable('no room carries rateplans');
  const found: Array<{ pointer: string; message: string }> = [];
  let plans = 0;
  for (const { room, pointer } of rooms) {
    const ids = (room.rateplans as unknown[]).map((plan) => (isObject(plan) ? plan.pms_rate_id : undefined));
    plans += ids.length;
    // The first 0 is the default; any later 0 (or an id below 0) is an "other" rate plan without a higher id.
    const firstZero = ids.indexOf(0);
    ids.forEach((id, index) => {
      if (typeof id !== 'number' || index === firstZero || id > 0) return;
      found.push({
        pointer: `${pointer}/rateplans/${index}/pms_rate_id`,
        message: `pms_rate_id ${id} beside the default rate plan (0): other rate plans have a higher id`,
      });
    });
  }
  if (plans === 0) return blocked('the rooms carry no rate plans');
  if (found.length === 0) return pass(`every rate plan but the default has pms_rate_id > 0 (${plural(rooms.length, 'room')}, ${plural(plans, 'rate plan')})`);
  const listed = found.slice(0, MAX_OFFENDERS);
  return fail(
    unexpected(`pms_rate_id of ${plural(found.length, 'rate plan')} beside the default`, '> 0 (only the default rate plan has 0)', listed[0]!.pointer),
    {
      pointer: listed[0]!.pointer,
      expected: 'one default rate plan 0 per room, the others > 0',
      actual: listed.map((o) => o.pointer),
      schemaErrors: offenders(rule, listed),
    },
  );
}

export const healthCheckEnvelopeOnly: BodyRule = defineRule(
  {
    id: 'rule.health-check.envelope-only',
    title: 'A HealthCheck request carries only the envelope fields',
    level: 'required',
    spec: SPEC.endpoint('HealthCheck'),
    rules: ['env-healthcheck-ids.1'],
    appliesTo: [{ name: 'HealthCheck', kind: 'request' }],
  },
  checkHealthCheckEnvelope,
);

export const rateIdsAboveDefault: BodyRule = defineRule(
  {
    id: 'rule.rate-plans.others-above-zero',
    title: 'Every rate plan of a room but the default (pms_rate_id 0) has pms_rate_id > 0',
    level: 'required',
    spec: SPEC.ratePlan,
    rules: ['rp-default-zero.2'],
    appliesTo: [
      { name: 'CreateProperty', kind: 'request' },
      { name: 'UpdateRoom', kind: 'request' },
    ],
  },
  checkOneDefault,
);
