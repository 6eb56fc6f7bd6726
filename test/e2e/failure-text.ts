// A failure text as a partner reads it, pinned (issue 27 item 5): takes a run's terminal output,
// gives the part from "Failures (n)" / "Warnings (n)" to the verdict line with what differs from
// run to run (ports, GUIDs, dates, times, durations, the fresh credentials) normalised, and
// compares it with (or, with CM_CERTIFY_UPDATE_FAILURE_TEXTS=1, writes) its pinned file under
// test/golden/failure-texts/. Read by failure-texts.test.ts (the OTA variants through the real
// binary) and pms-reference.test.ts (the PMS variants, in process on the simulated clock).
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { expect } from 'vitest';

export const FAILURE_TEXTS_DIR = resolve('test/golden/failure-texts');
export const UPDATE_FAILURE_TEXTS = process.env.CM_CERTIFY_UPDATE_FAILURE_TEXTS === '1';

const PACKAGE_URL = pathToFileURL(resolve(import.meta.dirname, '../..')).href.replace(/\/?$/, '/');

/** The terminal summary of the failing (or warned) checks, without what changes between runs. */
export function failureText(stdout: string): string {
  const lines = stdout.split('\n');
  const start = lines.findIndex((l) => /^(Failures|Warnings|Errors|Required checks not proven) \(\d+\)/.test(l));
  if (start < 0) return '';
  return (
    lines
      .slice(start)
      .filter((l) => !l.startsWith('Checks: '))
      .join('\n')
      .replace(/127\.0\.0\.1:\d{2,5}/g, '127.0.0.1:PORT')
      // A test's own temp folder (a profile written for the run): its name is random.
      .replace(/\/\S*?\/cm-certify-test-[A-Za-z0-9]+\//g, 'TMP/')
      // The docs links name the folder cm-certify is installed in (this checkout).
      .replaceAll(PACKAGE_URL, 'file:///CM_CERTIFY/')
      // The run's own label suffix on the names it creates ("Double Room cm919a").
      .replace(/\bcm[0-9a-f]{4}\b/g, 'cmXXXX')
      .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi, 'GUID')
      .replace(/\bwrong-[0-9a-f]{12}\b/g, 'wrong-XXXXXXXXXXXX')
      // The fresh credentials CreateProperty proposes (src/runner/generators/create-property.ts):
      // a wbp_property_id of 8, six digits of the clock's seconds and two random ones, and a
      // pms_property_id of 9,000,000 and a random part (a variation appends two digits to each).
      // Fresh per run on purpose: a re-run never meets the property an earlier run created.
      .replace(/\b8\d{6,12}\b/g, '8NNNNNN')
      .replace(/\b9\d{6}(?:\d{2})?\b/g, '9NNNNNN')
      .replace(/\d{4}-\d{2}-\d{2}/g, 'YYYY-MM-DD')
      .replace(/\d{2}:\d{2}:\d{2}(\.\d+)?/g, 'HH:MM:SS')
      .replace(/\d+(\.\d+)? ?m?s\b/g, (m) => m.replace(/[\d.]+/, 'N'))
      .trimEnd()
      .concat('\n')
  );
}

/** Compares `text` with the pinned file `name`.txt, or writes it when updating. */
export function expectPinnedText(name: string, text: string): void {
  const file = join(FAILURE_TEXTS_DIR, `${name}.txt`);
  if (UPDATE_FAILURE_TEXTS) writeFileSync(file, text);
  else expect(text).toBe(readFileSync(file, 'utf8'));
}
