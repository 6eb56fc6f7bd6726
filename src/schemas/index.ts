// The schemas module: takes a message name, a body kind and a parsed body, gives the schema
// errors of that body (each with its spec section), plus the schemas themselves as plain
// JSON Schema objects for writers. Compiles lazily, once per (name, kind).
import { MESSAGE_NAMES, OPERATIONS } from '../spec/operations.js';
import type { MessageName } from '../spec/operations.js';
import { SPEC } from '../spec/sections.js';
import { compiledValidator } from './ajv.js';
import type { JsonSchema } from './definitions/common.js';
import { definitions } from './definitions/index.js';
import { toSchemaErrors } from './errors.js';
import { inventoryItemRootSchema, messageSchema, schemaFileName } from './registry.js';
import type { BodyKind, SchemaError } from '../spec/vocabulary.js';

export type { BodyKind, SchemaError } from '../spec/vocabulary.js';
export { MAX_ERRORS_PER_BODY } from './errors.js';

export const BODY_KINDS: readonly BodyKind[] = ['request', 'response'];

function clone(schema: JsonSchema): Record<string, unknown> {
  return structuredClone(schema);
}

/** Validates one body; [] when valid. Compiles lazily once per (name, kind) and caches. */
export function validateBody(name: MessageName, kind: BodyKind, body: unknown): SchemaError[] {
  const fileName = schemaFileName(name, kind);
  const validate = compiledValidator(fileName, () => messageSchema(name, kind));
  if (validate(body)) return [];
  return toSchemaErrors(validate.errors, messageSchema(name, kind), OPERATIONS[name].section);
}

/**
 * Whether a body of one (name, kind) is valid, without wording its errors (for the generators'
 * validity tests, which only need yes or no): the validator looked up once, then one call per body.
 */
export function bodyValidity(name: MessageName, kind: BodyKind): (body: unknown) => boolean {
  const validate = compiledValidator(schemaFileName(name, kind), () => messageSchema(name, kind));
  return (body) => validate(body) === true;
}

/** Validates one ARIUpdate Inventory item; pointers are relative to the item. */
export function validateInventoryItem(item: unknown): SchemaError[] {
  const validate = compiledValidator(schemaFileName('InventoryItem'), inventoryItemRootSchema);
  if (validate(item)) return [];
  return toSchemaErrors(validate.errors, inventoryItemRootSchema(), SPEC.inventory);
}

/** The plain JSON Schema object (with $id) of a message. */
export function getSchema(name: MessageName, kind: BodyKind): Record<string, unknown> {
  return clone(messageSchema(name, kind));
}

/** Every schema as {name, kind, fileName, schema}, fileName like "ARIUpdate.request.schema.json". */
export function listSchemas(): Array<{
  name: MessageName;
  kind: BodyKind;
  fileName: string;
  schema: Record<string, unknown>;
}> {
  return MESSAGE_NAMES.flatMap((name) =>
    BODY_KINDS.map((kind) => ({
      name,
      kind,
      fileName: schemaFileName(name, kind),
      schema: getSchema(name, kind),
    })),
  );
}

/** The shared definitions (Inventory item, Reservation, Property, ...) for reuse, e.g. by an OpenAPI writer. */
export function getDefinitions(): Record<string, Record<string, unknown>> {
  return Object.fromEntries(Object.entries(definitions()).map(([name, schema]) => [name, clone(schema)]));
}
