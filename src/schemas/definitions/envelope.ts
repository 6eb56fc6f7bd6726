// The common request envelope: takes an operation's row of the operation table, gives the
// envelope's properties and required list (spec: Common request envelope and its table of
// the two property ids), which every operation's request schema starts from.
import type { IdType, OperationInfo } from '../../spec/operations.js';
import { PATTERNS, SPEC } from '../../spec/sections.js';
import { integerSchema, STRING, withSpec } from './common.js';
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

export function envelopePart(info: OperationInfo): SchemaPart {
  const properties: Record<string, JsonSchema> = {};
  const pms = idSchema(info.pmsPropertyId, 'pms_property_id');
  const wbp = idSchema(info.wbpPropertyId, 'wbp_property_id');
  if (pms) properties.pms_property_id = pms;
  if (wbp) properties.wbp_property_id = wbp;
  properties.wbp_property_password = withSpec(SPEC.envelope, STRING);
  properties.guid = withSpec(SPEC.envelope, { type: 'string', pattern: PATTERNS.guid });
  properties.shared_secret = withSpec(SPEC.envelope, STRING);
  properties.pms_cid = withSpec(SPEC.envelope, { type: 'string', pattern: PATTERNS.pmsCid });
  properties.verb = withSpec(SPEC.envelope, { type: 'string', const: info.name });
  const required = Object.keys(properties).filter((key) => !(key === 'wbp_property_password' && info.passwordOptional));
  return { properties, required };
}
