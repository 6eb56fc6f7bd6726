// The property the harness creates as a PMS: takes the profile (its optional
// fixtures.create_property) and the run's time, gives one CreateProperty item: the
// credentials to send and a complete Property (fixtures/create-property.json, every field
// the spec lists). Ids are fresh per run, so a second run does not meet "already exists";
// every room label and rate plan label carries a short run nonce, so that GetRoomTypes and
// GetRatePlans show what this run sent, apart from anything else the OTA lists.
import { randomBytes, randomInt } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Profile } from '../../profile/types.js';
import { packagePath } from '../../support/package-root.js';

export interface CreatePropertyItem {
  /** A string in CreateProperty (the id table), an integer-like one for the later operations. */
  pms_property_id: string;
  wbp_property_id: string;
  wbp_property_password: string;
  Property: Record<string, unknown>;
  /** Appended (after a space) to every room label and rate plan label of this run. */
  nonce: string;
}

let property: string | undefined;

function propertyText(): string {
  return (property ??= readFileSync(packagePath('fixtures', 'create-property.json'), 'utf8'));
}

function given(value: unknown): string | undefined {
  return (typeof value === 'string' && value !== '') || Number.isSafeInteger(value) ? String(value) : undefined;
}

/**
 * The serial of the next proposed property: a random start per process, then one more for each,
 * so no two properties of a run share an id (the probes and the model make dozens a second; two
 * random digits met about once a run, and the OTA's "already exists" answer then passed a probe
 * that expected a refusal for another reason), and two runs side by side rarely meet.
 */
let serial = randomInt(1_000_000);

function nextSerial(): number {
  serial = (serial + 1) % 1_000_000;
  return serial;
}

/** A short token unique to the run: "cm" and 4 hex digits. */
export const RUN_NONCE = /^cm[0-9a-f]{4}$/;

export function runNonce(): string {
  return `cm${randomBytes(2).toString('hex')}`;
}

type Obj = Record<string, unknown>;

/** The labels of every room and rate plan with the nonce appended (null labels stay null). */
export function withNonce(property: Obj, nonce: string): Obj {
  const tag = (label: unknown): unknown => (typeof label === 'string' ? `${label} ${nonce}` : label);
  const rooms = Array.isArray(property.rooms) ? (property.rooms as Obj[]) : [];
  return {
    ...property,
    rooms: rooms.map((room) => ({
      ...room,
      label: tag(room.label),
      ...(Array.isArray(room.rateplans)
        ? { rateplans: (room.rateplans as Obj[]).map((plan) => ({ ...plan, label_public: tag(plan.label_public), label_private: tag(plan.label_private) })) }
        : {}),
    })),
  };
}

/**
 * The OTA may issue its own credentials in the answer (the predecessor did); these are the
 * ones the harness proposes. wbp_property_id is numeric: SetupProperty sends it as an integer;
 * always 11 digits (8, six of the clock's seconds, four of the serial), pms_property_id 7 (9,000,000
 * and the serial): unique in the run, and of one width, so texts that quote them wrap the same way.
 */
export function createPropertyItem(profile: Profile, now: number, nonce = runNonce()): CreatePropertyItem {
  const wanted = (profile.fixtures.create_property ?? {}) as Record<string, unknown>;
  const stamp = Math.floor(now / 1000) % 1_000_000;
  const n = nextSerial();
  return {
    pms_property_id: given(wanted.pms_property_id) ?? String(9_000_000 + n),
    wbp_property_id: given(wanted.wbp_property_id) ?? `8${String(stamp).padStart(6, '0')}${String(n % 10_000).padStart(4, '0')}`,
    wbp_property_password: given(wanted.wbp_property_password) ?? `cmcert-${randomBytes(9).toString('base64url')}`,
    Property: propertyWithNonce(nonce),
    nonce,
  };
}

/** The complete Property the harness creates (fixtures/create-property.json), its labels carrying `nonce`. */
export function propertyWithNonce(nonce: string): Obj {
  return withNonce(JSON.parse(propertyText()) as Obj, nonce);
}
