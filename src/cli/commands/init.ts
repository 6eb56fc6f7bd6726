// `cm-certify init`: takes a target and an output path, writes the commented profile
// template for that target; never overwrites a file unless --force.
import { copyFileSync, existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { UsageError } from '../../support/errors.js';
import { packagePath } from '../../support/package-root.js';
import type { Target } from '../../suite/types.js';
import type { CliIo } from '../io.js';

export interface InitOptions {
  target: Target;
  out?: string;
  force?: boolean;
}

export function initCommand(options: InitOptions, io: CliIo): number {
  const template = packagePath('fixtures', 'templates', `${options.target}.profile.yaml`);
  if (!existsSync(template)) throw new UsageError(`no profile template for the ${options.target} target`);
  const out = resolve(io.cwd, options.out ?? `cm-certify.${options.target}.yaml`);
  if (existsSync(out) && !options.force) throw new UsageError(`${out} exists; use --force to overwrite it`);
  try {
    copyFileSync(template, out);
  } catch (error) {
    throw new UsageError(`cannot write ${out}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
  }
  io.stdout.write(`Wrote ${out}\nNext: fill it in, then run\n  cm-certify validate --profile ${options.out ?? `cm-certify.${options.target}.yaml`}\n  cm-certify run --target ${options.target} --profile ${options.out ?? `cm-certify.${options.target}.yaml`}\n`);
  return 0;
}
