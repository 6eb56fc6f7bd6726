// `cm-certify schemas --out DIR`: takes a directory, writes every message schema as a
// JSON Schema file, plus the suite and profile formats' own schemas.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { UsageError } from '../../support/errors.js';
import { listSchemas } from '../../schemas/index.js';
import { SUITE_SCHEMA } from '../../suite/suite-schema.js';
import { PROFILE_SCHEMA } from '../../profile/profile-schema.js';
import type { CliIo } from '../io.js';

export interface SchemasOptions {
  out?: string;
}

export function schemasCommand(options: SchemasOptions, io: CliIo): number {
  if (!options.out) throw new UsageError('give --out DIR');
  const dir = resolve(io.cwd, options.out);
  try {
    mkdirSync(dir, { recursive: true });
  } catch (error) {
    throw new UsageError(`cannot create ${options.out}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
  }
  const files: Array<[string, unknown]> = [
    ...listSchemas().map((s) => [s.fileName, s.schema] as [string, unknown]),
    ['suite.schema.json', SUITE_SCHEMA],
    ['profile.schema.json', PROFILE_SCHEMA],
  ];
  for (const [name, schema] of files) writeFileSync(join(dir, name), `${JSON.stringify(schema, null, 2)}\n`);
  io.stdout.write(`Wrote ${files.length} JSON Schema files to ${dir}\n`);
  return 0;
}
