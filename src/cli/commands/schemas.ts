// `cm-certify schemas --out DIR`: takes a directory, writes every message schema as a
// JSON Schema file, plus the suite and profile formats' own schemas. `--openapi FILE`
// writes the OpenAPI 3.1 document of the whole API built from the same schemas.
import { dirname, join, resolve } from 'node:path';
import { UsageError } from '../../support/errors.js';
import { makeDirs } from '../../support/make-dirs.js';
import { writeFileSafely } from '../../support/safe-write.js';
import { listSchemas } from '../../schemas/index.js';
import { buildOpenApi } from '../../schemas/openapi.js';
import { SUITE_SCHEMA } from '../../suite/suite-schema.js';
import { PROFILE_SCHEMA } from '../../profile/profile-schema.js';
import type { CliIo } from '../io.js';

export interface SchemasOptions {
  out?: string;
  openapi?: string;
}

function writeOpenApi(file: string, io: CliIo): void {
  const path = resolve(io.cwd, file);
  const doc = buildOpenApi();
  try {
    makeDirs(dirname(path));
  } catch (error) {
    throw new UsageError(`cannot write ${file}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
  }
  writeFileSafely(path, `${JSON.stringify(doc, null, 2)}\n`, { replace: true });
  const count = (key: string): number => Object.keys((doc[key] ?? {}) as object).length;
  io.stdout.write(`Wrote the OpenAPI ${doc.openapi as string} document (${count('paths')} operations, ${count('webhooks')} callbacks) to ${path}\n`);
}

export function schemasCommand(options: SchemasOptions, io: CliIo): number {
  if (!options.out && !options.openapi) throw new UsageError('give --out DIR, --openapi FILE or both');
  if (options.openapi) writeOpenApi(options.openapi, io);
  if (!options.out) return 0;
  const dir = resolve(io.cwd, options.out);
  try {
    makeDirs(dir);
  } catch (error) {
    throw new UsageError(`cannot create ${options.out}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
  }
  const files: Array<[string, unknown]> = [
    ...listSchemas().map((s) => [s.fileName, s.schema] as [string, unknown]),
    ['suite.schema.json', SUITE_SCHEMA],
    ['profile.schema.json', PROFILE_SCHEMA],
  ];
  for (const [name, schema] of files) writeFileSafely(join(dir, name), `${JSON.stringify(schema, null, 2)}\n`, { replace: true });
  io.stdout.write(`Wrote ${files.length} JSON Schema files to ${dir}\n`);
  return 0;
}
