// The rule clauses the schemas state, read off them: takes nothing, gives the clause ids
// (`x-rules`, definitions/common.ts) of every request schema of an operation (what a PMS's
// requests prove by matching) and of every response schema (an OTA's answers, a PMS's
// callback answers). The schema checks declare these; no list is kept beside the schemas.
import { MESSAGE_NAMES, OPERATION_NAMES } from '../spec/operations.js';
import { RULES_KEYWORD } from './definitions/common.js';
import { messageSchema } from './registry.js';

function collect(node: unknown, into: Set<string>): void {
  if (Array.isArray(node)) {
    for (const item of node) collect(item, into);
    return;
  }
  if (typeof node !== 'object' || node === null) return;
  for (const [key, value] of Object.entries(node)) {
    if (key === RULES_KEYWORD && Array.isArray(value)) for (const id of value) into.add(String(id));
    else if (key !== 'enum' && key !== 'const') collect(value, into);
  }
}

const cache = new Map<string, readonly string[]>();

/** The clauses the request schemas of the operations (requests a PMS sends) state, in schema order. */
export function requestSchemaRules(): readonly string[] {
  return memo('request', () => OPERATION_NAMES.map((name) => messageSchema(name, 'request')));
}

/** The clauses every response schema states (operations' answers and callbacks' answers), in schema order. */
export function responseSchemaRules(): readonly string[] {
  return memo('response', () => MESSAGE_NAMES.map((name) => messageSchema(name, 'response')));
}

function memo(kind: string, schemas: () => unknown[]): readonly string[] {
  let rules = cache.get(kind);
  if (!rules) {
    const into = new Set<string>();
    for (const schema of schemas()) collect(schema, into);
    rules = [...into];
    cache.set(kind, rules);
  }
  return rules;
}
