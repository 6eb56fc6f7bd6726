// Types of schema validation: takes nothing, gives the error record every validator
// returns. A SchemaError keeps Ajv's detail plus the spec section, as partner evidence.

export type BodyKind = 'request' | 'response';

export interface SchemaError {
  /** JSON pointer into the validated body ("" for the root). */
  pointer: string;
  /** Human sentence: "must be integer", "must have required property 'guid'". */
  message: string;
  /** Ajv keyword (type, required, pattern, ...) or the rule id for code rules. */
  keyword: string;
  /** Spec section the violated rule comes from. */
  spec: string;
  params?: Record<string, unknown>;
}
