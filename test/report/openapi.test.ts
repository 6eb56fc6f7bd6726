// The OpenAPI 3.1 document (src/schemas/openapi.ts, `cm-certify schemas --openapi`): valid
// JSON with every operation and callback, refs that resolve, and request and response
// schemas that accept the known-good bodies of fixtures/bodies and refuse the known-bad
// ones when validated with Ajv 2020 after the component refs are resolved.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { fileURLToPath } from 'node:url';
import type { Ajv2020 as Ajv2020Class, ValidateFunction } from 'ajv/dist/2020.js';
import type { FormatsPlugin } from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.js';
import { buildOpenApi } from '../../src/schemas/openapi.js';
import { CALLBACK_NAMES, OPERATION_NAMES } from '../../src/spec/operations.js';

type Json = Record<string, unknown>;
const require = createRequire(import.meta.url);
const FIXTURES = fileURLToPath(new URL('../../fixtures/bodies/', import.meta.url));
const doc = JSON.parse(JSON.stringify(buildOpenApi())) as Json & {
  paths: Json;
  webhooks: Json;
  components: { schemas: Record<string, Json>; securitySchemes: Json };
};
const components = doc.components.schemas;

function walk(node: unknown, visit: (n: Json) => void): void {
  if (Array.isArray(node)) node.forEach((n) => walk(n, visit));
  else if (node && typeof node === 'object') {
    visit(node as Json);
    Object.values(node).forEach((n) => walk(n, visit));
  }
}

/** The schema with every #/components/schemas/ ref replaced by its target (no cycles here). */
function resolveRefs(node: unknown, depth = 0): unknown {
  if (depth > 50) throw new Error('ref cycle');
  if (Array.isArray(node)) return node.map((n) => resolveRefs(n, depth));
  if (!node || typeof node !== 'object') return node;
  const ref = (node as Json).$ref;
  if (typeof ref === 'string') return resolveRefs(components[ref.replace('#/components/schemas/', '')], depth + 1);
  return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, k === 'enum' || k === 'const' ? v : resolveRefs(v, depth)]));
}

function createAjv(): Ajv2020Class {
  const { Ajv2020 } = require('ajv/dist/2020.js') as { Ajv2020: typeof Ajv2020Class };
  const addFormats = require('ajv-formats') as FormatsPlugin;
  const instance = new Ajv2020({ allErrors: true, strict: true, strictRequired: false, allowUnionTypes: true });
  addFormats(instance, ['date']);
  instance.addKeyword({ keyword: 'x-spec', schemaType: 'string' });
  instance.addKeyword({ keyword: 'x-rules', schemaType: 'array' });
  return instance;
}

const ajv = createAjv();
const validators = new Map<string, ValidateFunction>();

/** The compiled validator of one component, after its refs are resolved. */
function validatorOf(component: string): ValidateFunction {
  let validate = validators.get(component);
  if (!validate) {
    validate = ajv.compile(resolveRefs(components[component]) as Json);
    validators.set(component, validate);
  }
  return validate;
}

describe('the OpenAPI 3.1 document', () => {
  it('is JSON with every operation as a POST path and every callback as a webhook', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths).sort()).toEqual(OPERATION_NAMES.map((n) => `/${n}`).sort());
    expect(Object.keys(doc.webhooks).sort()).toEqual([...CALLBACK_NAMES].sort());
    for (const item of [...Object.values(doc.paths), ...Object.values(doc.webhooks)] as Json[]) {
      const post = item.post as { requestBody: { content: Json }; responses: Record<string, { content: Json }> };
      expect(Object.keys(post.requestBody.content)).toEqual(['application/json']);
      expect(Object.keys(post.responses['200']!.content)).toEqual(['application/json']);
    }
  });

  it('declares the shared_secret API key in the query', () => {
    expect(doc.components.securitySchemes.shared_secret).toMatchObject({ type: 'apiKey', in: 'query', name: 'shared_secret' });
    expect(doc.security).toEqual([{ shared_secret: [] }]);
  });

  it('keeps the shared definitions as components that messages refer to, and every ref resolves', () => {
    const refs: string[] = [];
    walk(doc, (n) => {
      expect(n).not.toHaveProperty('$id');
      if (typeof n.$ref === 'string') refs.push(n.$ref);
    });
    for (const ref of refs) expect(components[ref.replace('#/components/schemas/', '')], ref).toBeDefined();
    // The use keeps the clause it adds ("CreateProperty carries a Property") beside the reference.
    expect((components.CreatePropertyRequest!.properties as Json).Property).toEqual({ $ref: '#/components/schemas/Property', 'x-rules': ['cp-request.4'] });
    expect(components.Reservation).toBeDefined();
  });

  const files = readdirSync(FIXTURES)
    .filter((f) => /\.(request|response)\.(valid|invalid)[\w-]*\.json$/.test(f))
    .sort();

  it('has a known-good request body for every message in fixtures/bodies', () => {
    for (const name of [...OPERATION_NAMES, ...CALLBACK_NAMES])
      expect(
        files.some((f) => f.startsWith(`${name}.request.valid`)),
        name,
      ).toBe(true);
  });

  it.each(files)('validates %s as the fixture name says', (file) => {
    const [name, kind, verdict] = file.split('.') as [string, string, string];
    const validate = validatorOf(`${name}${kind === 'request' ? 'Request' : 'Response'}`);
    const body: unknown = JSON.parse(readFileSync(join(FIXTURES, file), 'utf8'));
    expect(validate(body), JSON.stringify(validate.errors)).toBe(verdict.startsWith('valid'));
  });

  it('is written by `cm-certify schemas --openapi FILE`', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cm-certify-openapi-'));
    try {
      let out = '';
      const stdout = new PassThrough();
      stdout.on('data', (c: Buffer) => (out += c.toString()));
      const code = await main(['schemas', '--openapi', 'api/openapi.json'], { stdout, stderr: new PassThrough(), env: {}, cwd: dir, isTTY: false });
      expect(code).toBe(0);
      expect(out).toContain('(14 operations, 4 callbacks)');
      expect(JSON.parse(readFileSync(join(dir, 'api/openapi.json'), 'utf8'))).toEqual(doc);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
