// Where a check is explained: takes a check id, its suite and the run's target, gives the
// path of its section in the docs shipped with cm-certify (docs/suites/<suite>.md#<id>, or
// the README's table of the checks every exchange or every PMS request gets), or undefined
// for a check a user suite declares.
import type { Target } from '../spec/vocabulary.js';

/** Headings of docs/suites/README.md, as GitHub anchors them. */
export const EVERY_EXCHANGE_ANCHOR = 'checks-on-every-exchange-in-every-suite';
export const EVERY_PMS_REQUEST_ANCHOR = 'checks-on-every-request-the-pms-sends-pms-target';

/** Checks the harness runs on every exchange or PMS request, whatever the suite. */
const EVERY_PMS_REQUEST = /^(?:protocol\.request-|pms\.envelope\.)/;
const EVERY_EXCHANGE = /^(?:protocol\.|schema\.|rule\.|envelope\.|probe\.control\.|harness\.|limits\.)/;

export function docsLink(checkId: string, suite: { name: string; builtin?: boolean | undefined }, target: Target): string | undefined {
  if (EVERY_PMS_REQUEST.test(checkId) || (target === 'pms' && checkId === 'schema.request')) return `docs/suites/README.md#${EVERY_PMS_REQUEST_ANCHOR}`;
  if (EVERY_EXCHANGE.test(checkId)) return `docs/suites/README.md#${EVERY_EXCHANGE_ANCHOR}`;
  if (!suite.builtin) return undefined;
  return `docs/suites/${target === 'pms' ? 'pms/' : ''}${suite.name}.md#${checkId}`;
}
