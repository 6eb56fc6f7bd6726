// Safe HTML building: takes template strings and values, gives HTML in which every
// interpolated value is escaped unless it is already SafeHtml. Candidate data is hostile
// (a response body may hold `<script>`), so nothing reaches the page unescaped by accident.
import { visibleControls } from '../../support/sanitise.js';

export class SafeHtml {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

export type HtmlValue = SafeHtml | string | number | boolean | null | undefined | readonly HtmlValue[];

// Lone surrogates cannot be written as UTF-8; replace them so the page reads back as rendered.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const SPECIAL = /[&<>"']/g;
const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Escaped, with control characters and bidi overrides shown visibly (`\x1b`, `\u202e`). */
export function escapeHtml(text: string): string {
  return visibleControls(text.replace(LONE_SURROGATE, '\uFFFD')).replace(SPECIAL, (c) => ENTITIES[c]!);
}

function render(value: HtmlValue): string {
  if (value === null || value === undefined || value === false) return '';
  if (value instanceof SafeHtml) return value.value;
  if (Array.isArray(value)) return value.map(render).join('');
  return escapeHtml(String(value));
}

/** The tagged template every renderer uses: html`<td>${text}</td>` escapes `text`. */
export function html(strings: TemplateStringsArray, ...values: HtmlValue[]): SafeHtml {
  let out = strings[0] ?? '';
  for (let i = 0; i < values.length; i++) out += render(values[i]!) + (strings[i + 1] ?? '');
  return new SafeHtml(out);
}

/** Joins fragments (each escaped unless SafeHtml). */
export function join(values: readonly HtmlValue[], separator = ''): SafeHtml {
  return new SafeHtml(values.map(render).join(separator));
}

/** Trusted constant markup only (the page's own CSS and script): never candidate data. */
export function trusted(text: string): SafeHtml {
  return new SafeHtml(text);
}

/**
 * JSON inside <script type="application/json">: `<`, `>`, `&` and the two JavaScript line
 * separators are written as \u escapes, so no value can close the element or open a
 * comment, and JSON.parse of the element's text gives the value back unchanged.
 */
export function jsonForScript(value: unknown): SafeHtml {
  const text = JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029')
    // C1 controls and bidi controls as escapes too: the page's source shows no invisible reordering.
    .replace(/[\u007F-\u009F\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
  return new SafeHtml(text);
}
