// Its own file: vitest gives each test file a fresh module registry, so nothing has been
// compiled before these assertions run.
import { describe, expect, it } from 'vitest';
import { compiledCount } from '../../src/schemas/ajv.js';
import { getSchema, listSchemas, validateBody, validateInventoryItem } from '../../src/schemas/index.js';

describe('lazy compilation', () => {
  it('compiles nothing at import, then once per (name, kind)', () => {
    expect(compiledCount()).toBe(0);
    listSchemas();
    getSchema('ARIUpdate', 'request');
    expect(compiledCount()).toBe(0);
    validateBody('HealthCheck', 'request', {});
    validateBody('HealthCheck', 'request', { verb: 'HealthCheck' });
    expect(compiledCount()).toBe(1);
    validateBody('HealthCheck', 'response', {});
    expect(compiledCount()).toBe(2);
    validateInventoryItem({});
    validateInventoryItem({});
    expect(compiledCount()).toBe(3);
  });
});
