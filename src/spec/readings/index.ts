// The readings of the spec, as data: takes the topic modules, gives every reading in page
// order, lookups by id, by check and by rule, and whether a reading still holds. Reports show
// a check's current readings beside its failure; docs/readings.md and docs/traceability.md are
// generated from here.
import { CLAUSES } from './clauses.js';
import { ENVELOPE_AND_SCHEMAS } from './envelope-and-schemas.js';
import { OTA } from './ota.js';
import { PMS_EFFECTS } from './pms-effects.js';
import { PMS_LEVELS } from './pms-levels.js';
import { PMS_POLLING } from './pms-polling.js';
import { PMS_SETUP_AND_ARI } from './pms-setup-and-ari.js';
import { PROBES } from './probes.js';
import { PROPERTY_SYNC } from './property-sync.js';
import { PROTOCOL } from './protocol.js';
import type { Reading, ReadingId, ReadingTopic } from './types.js';

export type { Reading, ReadingId, ReadingTopic } from './types.js';

export const READING_TOPICS: readonly ReadingTopic[] = [
  ENVELOPE_AND_SCHEMAS,
  PROTOCOL,
  OTA,
  PROPERTY_SYNC,
  PROBES,
  PMS_SETUP_AND_ARI,
  PMS_POLLING,
  PMS_LEVELS,
  PMS_EFFECTS,
  CLAUSES,
];

export const READINGS: readonly Reading[] = READING_TOPICS.flatMap((topic) => topic.readings);

const BY_ID: ReadonlyMap<string, Reading> = new Map(READINGS.map((r) => [r.id, r]));

export function readingById(id: string): Reading | undefined {
  return BY_ID.get(id);
}

/** Still holds, in whole or in part: a reading replaced in whole is kept for the record only. */
export function isCurrent(reading: Reading): boolean {
  return !reading.supersededBy?.length || reading.partly !== undefined;
}

/** The anchor of a reading on docs/readings.md (GitHub's heading ids are not stable enough to rely on). */
export function readingAnchor(id: ReadingId | string): string {
  return id.toLowerCase();
}

function atField(reading: Reading, pointers: readonly string[]): boolean {
  if (!reading.fields || pointers.length === 0) return true;
  return pointers.some((p) => reading.fields!.includes(p.slice(p.lastIndexOf('/') + 1)));
}

/**
 * The current readings that give this check its level, in id order. `schemaErrorPointers`:
 * where the check found schema errors; a reading about some fields is shown only beside those.
 */
export function readingsForCheck(checkId: string, schemaErrorPointers: readonly string[] = []): Reading[] {
  return READINGS.filter((r) => isCurrent(r) && Object.hasOwn(r.checks, checkId) && atField(r, schemaErrorPointers)).sort(byId);
}

/** The current readings that concern a spec rule, in id order. */
export function readingsForRule(ruleId: string): Reading[] {
  return READINGS.filter((r) => isCurrent(r) && r.rules.includes(ruleId)).sort(byId);
}

function byId(a: Reading, b: Reading): number {
  return a.id.localeCompare(b.id, 'en', { numeric: true });
}
