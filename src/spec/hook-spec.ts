// A hook as a profile declares it: takes nothing, gives the schema of one hook (an HTTP request,
// a shell command or a program with arguments, and its time limit) and its type, derived from
// the schema (one shape, written once), which the profile reads and the drivers run
// (src/drivers/hooks.ts).
import type { FromSchema } from 'json-schema-to-ts';

export const HOOK_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  properties: {
    http: {
      type: 'object',
      additionalProperties: false,
      required: ['url'],
      properties: {
        method: { enum: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] },
        url: { type: 'string', minLength: 1 },
        headers: { type: 'object', additionalProperties: { type: 'string' } },
        body: {},
      },
    },
    /** Shell text run by `sh -c`; ${VAR} in it is expanded by the shell from the child's environment. */
    command: { type: 'string', minLength: 1 },
    /** A program and its arguments, run without a shell. */
    argv: { type: 'array', minItems: 1, items: { type: 'string' } },
    timeout_ms: { type: 'integer', minimum: 1 },
  },
  oneOf: [{ required: ['http'] }, { required: ['command'] }, { required: ['argv'] }],
} as const;

export type HookSpec = FromSchema<typeof HOOK_SCHEMA>;
