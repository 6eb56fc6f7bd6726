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

/** A short token unique to the run: "cm" and 4 hex digits. */
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
 * ones the harness proposes. wbp_property_id is numeric: SetupProperty sends it as an integer.
 */
export function createPropertyItem(profile: Profile, now: number, nonce = runNonce()): CreatePropertyItem {
  const wanted = (profile.fixtures.create_property ?? {}) as Record<string, unknown>;
  const stamp = Math.floor(now / 1000) % 1_000_000;
  return {
    pms_property_id: given(wanted.pms_property_id) ?? String(9_000_000 + randomInt(1_000_000)),
    wbp_property_id: given(wanted.wbp_property_id) ?? `8${String(stamp).padStart(6, '0')}${randomInt(100)}`,
    wbp_property_password: given(wanted.wbp_property_password) ?? `cmcert-${randomBytes(9).toString('base64url')}`,
    Property: withNonce(JSON.parse(propertyText()) as Obj, nonce),
    nonce,
  };
}
