// Where a check is explained: takes a check id, its suite and the run's target, gives the
// path of its section in the docs shipped with cm-certify (docs/suites/<suite>.md#<id>, or
// the README's table of the checks every exchange or every PMS request gets), or undefined
// for a check a user suite declares; and that path as the absolute URL the outputs print.
import { pathToFileURL } from 'node:url';
import type { Target } from '../spec/vocabulary.js';
import { packageRoot } from '../support/package-root.js';

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

/**
 * The documented base of every `docs:` link the outputs print: the docs folder shipped inside
 * the installed package, as a file:// URL. A relative `docs/...` read as if it were in the
 * user's own repository (issue 28 item 18); this one opens where cm-certify is installed.
 */
export function docsBaseUrl(): string {
  return pathToFileURL(packageRoot()).href.replace(/\/?$/, '/');
}

/** A docs path (`docs/suites/ota/setup.md#id`) as the absolute URL the outputs print. */
export function docsUrl(path: string): string {
  return new URL(path, docsBaseUrl()).href;
}

/** The check's docs section as an absolute URL, or undefined (a check a user suite declares). */
export function docsLinkUrl(checkId: string, suite: { name: string; builtin?: boolean | undefined }, target: Target): string | undefined {
  const path = docsLink(checkId, suite, target);
  return path === undefined ? undefined : docsUrl(path);
}
