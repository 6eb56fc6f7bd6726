// The common request envelope: takes an operation's row of the operation table, gives the
// envelope's properties and required list (spec: Common request envelope and its table of
// the two property ids), which every operation's request schema starts from.
import type { IdType, OperationInfo } from '../../spec/operations.js';
import { PATTERNS, SPEC } from '../../spec/sections.js';
import { integerSchema, STRING, withRules, withSpec } from './common.js';
import type { JsonSchema } from './common.js';

export interface SchemaPart {
  properties: Record<string, JsonSchema>;
  required: string[];
}

type IdField = 'pms_property_id' | 'wbp_property_id';

/** One property id typed as the id table says; undefined for 'none' (callbacks). */
export function idSchema(type: IdType, field: IdField): JsonSchema | undefined {
  switch (type) {
    case 'integer':
      // Limits: "pms_property_id (integer form) >= 1"; no bound is stated for wbp_property_id.
      return withSpec(SPEC.idTypes, integerSchema(field === 'pms_property_id' ? 1 : undefined));
    case 'string':
      return withSpec(SPEC.idTypes, { type: 'string' });
    case 'string-or-any':
      // HealthCheck: "string (length >= 1) or any": the "or any" leaves nothing to enforce.
      return withSpec(SPEC.idTypes, { description: 'string (length >= 1) or any value' });
    case 'integer-or-empty':
      // HealthCheck's wbp_property_id: integer, "an empty string when not yet set" (D-001).
      return withSpec(SPEC.idTypes, { anyOf: [{ type: 'integer' }, { const: '' }] });
    case 'none':
      return undefined;
  }
}

/** The operations of the id table's scoped row: "UpdateRoom, GetRoomTypes, GetRatePlans, ARIUpdate, GetBookingList, CancelBooking, AckBooking, DeleteRatePlan and DeleteRoom". */
const SCOPED = new Set([
  'UpdateRoom',
  'GetRoomTypes',
  'GetRatePlans',
  'ARIUpdate',
  'GetBookingList',
  'CancelBooking',
  'AckBooking',
  'DeleteRatePlan',
  'DeleteRoom',
]);

/** The clauses typing each envelope id of one operation (the id table's rows). */
function idClauses(name: string): { pms: string[]; wbp: string[]; password: string[] } {
  if (name === 'SetupProperty') return { pms: ['env-types-setupproperty.1'], wbp: ['env-types-setupproperty.2'], password: [] };
  if (name === 'CreateProperty') return { pms: ['cp-request.1'], wbp: ['cp-request.2'], password: ['cp-request.3'] };
  if (name === 'HealthCheck') return { pms: [], wbp: ['env-healthcheck-ids.2', 'env-healthcheck-ids.5'], password: [] };
  if (SCOPED.has(name)) return { pms: ['env-types-scoped.1'], wbp: ['env-types-scoped.2'], password: [] };
  return { pms: [], wbp: [], password: [] };
}

export function envelopePart(info: OperationInfo): SchemaPart {
  const properties: Record<string, JsonSchema> = {};
  const pms = idSchema(info.pmsPropertyId, 'pms_property_id');
  const wbp = idSchema(info.wbpPropertyId, 'wbp_property_id');
  const ids = idClauses(info.name);
  if (pms) properties.pms_property_id = withRules(['env-required-fields.1', ...ids.pms], pms);
  if (wbp) properties.wbp_property_id = withRules(['env-required-fields.2', ...ids.wbp], wbp);
  const password = info.passwordOptional ? [] : ['env-password-optional-setup.1'];
  properties.wbp_property_password = withRules(['env-required-fields.3', ...password, ...ids.password], withSpec(SPEC.envelope, STRING));
  properties.guid = withRules(['env-required-fields.4', 'env-guid-pattern'], withSpec(SPEC.envelope, { type: 'string', pattern: PATTERNS.guid }));
  properties.shared_secret = withRules(['env-required-fields.5'], withSpec(SPEC.envelope, STRING));
  properties.pms_cid = withRules(['env-required-fields.6', 'env-pms-cid-format.1'], withSpec(SPEC.envelope, { type: 'string', pattern: PATTERNS.pmsCid }));
  properties.verb = withRules(['env-required-fields.7', 'env-verb-equals-op'], withSpec(SPEC.envelope, { type: 'string', const: info.name }));
  const required = Object.keys(properties).filter((key) => !(key === 'wbp_property_password' && info.passwordOptional));
  return { properties, required };
}
