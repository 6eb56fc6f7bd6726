// Reading an HTML report back: takes the text of report.html, gives the embedded JSON
// report and certificate (or undefined when an element is missing or not JSON), for
// `cm-certify verify-report`.
import { CERTIFICATE_ELEMENT_ID, REPORT_ELEMENT_ID } from './index.js';
import { MAX_REPORT_DEPTH, jsonTextTooDeep } from '../../support/json-depth.js';

function elementText(page: string, id: string): string | undefined {
  const open = new RegExp(`<script type="application/json" id="${id}">`, 'g');
  const matches = [...page.matchAll(open)];
  // Exactly one: a second element with the same id would be an attempt to shadow the first.
  if (matches.length !== 1) return undefined;
  const start = matches[0]!.index! + matches[0]![0].length;
  const end = page.indexOf('</script>', start);
  return end < 0 ? undefined : page.slice(start, end);
}

function parse(text: string | undefined): unknown {
  if (text === undefined || jsonTextTooDeep(text, MAX_REPORT_DEPTH)) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

export function looksLikeHtml(text: string): boolean {
  return /^\s*(<!doctype html|<html)/i.test(text);
}

export function extractEmbedded(page: string): { report: unknown; certificate: unknown } {
  return { report: parse(elementText(page, REPORT_ELEMENT_ID)), certificate: parse(elementText(page, CERTIFICATE_ELEMENT_ID)) };
}
