// Fresh modules (vi.resetModules, so that this holds with isolate: false too, where files share
// one module registry per worker), so nothing has been compiled before these assertions run.
import { describe, expect, it, vi } from 'vitest';

describe('lazy compilation', () => {
  it('compiles nothing at import, then once per (name, kind)', async () => {
    vi.resetModules();
    const { compiledCount } = await import('../../src/schemas/ajv.js');
    const { getSchema, listSchemas, validateBody, validateInventoryItem } = await import('../../src/schemas/index.js');
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
