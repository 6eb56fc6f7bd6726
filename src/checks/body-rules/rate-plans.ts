// Rate plan body rules: takes a GetRatePlans response body, gives a verdict on its
// RatePlans[].wbp_rate_id, which "cannot be 0, empty or otherwise falsy".
import { SPEC } from '../../spec/sections.js';
import { fail, pass, unexpected } from '../check-verdict.js';
import type { CheckMeta, Verdict } from '../../spec/vocabulary.js';
import type { BodyRule } from './types.js';
import { blocked, defineRule, isObject, MAX_OFFENDERS, notApplicable, offenders, plural, pointerOf, readArray, readObject } from './types.js';

/** "0", "00", "0.0", "-0", possibly padded with whitespace. */
const NUMERIC_ZERO = /^\s*[+-]?0+(\.0+)?\s*$/;

/**
 * Our reading of "0, empty or otherwise falsy": falsy in JavaScript (false, 0, NaN, "", null)
 * or in PHP, the predecessor's language, where "0" and [] are falsy too; plus strings that
 * are only whitespace (empty once trimmed) or a numeric zero such as "0.0" (equal to 0 in a
 * loose comparison). An absent wbp_rate_id is the schema's finding (required), not ours.
 */
export function isFalsyRateId(value: unknown): boolean {
  if (!value) return true;
  if (typeof value === 'string') return value.trim() === '' || NUMERIC_ZERO.test(value);
  if (Array.isArray(value)) return value.length === 0;
  return false;
}

function checkRateIds(body: unknown, rule: CheckMeta): Verdict {
  const root = readObject(body, 'the body');
  if ('verdict' in root) return root.verdict;
  if (root.value.success === false) return notApplicable('the response is a failure (success false), it has no RatePlans');
  const plans = readArray(root.value.RatePlans, 'RatePlans');
  if ('verdict' in plans) return plans.verdict;
  if (plans.value.length === 0) return notApplicable('RatePlans is empty');
  let compared = 0;
  const found: Array<{ pointer: string; value: unknown }> = [];
  plans.value.forEach((plan, index) => {
    if (!isObject(plan) || !Object.hasOwn(plan, 'wbp_rate_id')) return;
    compared += 1;
    if (isFalsyRateId(plan.wbp_rate_id)) found.push({ pointer: pointerOf('RatePlans', index, 'wbp_rate_id'), value: plan.wbp_rate_id });
  });
  if (compared === 0) return blocked('no RatePlans item carries wbp_rate_id');
  if (found.length === 0) return pass(`Every wbp_rate_id is a non-empty, non-zero id (${plural(compared, 'rate plan')})`);
  const first = found[0]!;
  const listed = found.slice(0, MAX_OFFENDERS);
  return fail(unexpected(`falsy wbp_rate_id in ${plural(found.length, 'rate plan')}`, 'a non-empty id other than 0', first.value), {
    pointer: first.pointer,
    expected: 'wbp_rate_id not 0, empty or otherwise falsy',
    actual: listed,
    schemaErrors: offenders(
      rule,
      listed.map((o) => ({
        pointer: o.pointer,
        message: `wbp_rate_id ${JSON.stringify(o.value) ?? 'undefined'} is falsy`,
      })),
    ),
  });
}

export const ratePlansRateIdTruthy: BodyRule = defineRule(
  {
    id: 'rule.rate-plans.rate-id-truthy',
    title: 'GetRatePlans wbp_rate_id is never 0, empty or otherwise falsy',
    level: 'required',
    spec: SPEC.ratePlansItem,
    rules: ['grp-rate-id-truthy'],
    appliesTo: [{ name: 'GetRatePlans', kind: 'response' }],
  },
  checkRateIds,
);
