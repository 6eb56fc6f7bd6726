// Built-in profiles compiled at build time: takes a profile's file and its text with each
// ${VAR} tokenized (load-profile.ts), gives a YamlSource whose value dist/profiles holds for
// exactly that text (same SHA-256), or the value this process read from that very text before,
// or undefined (a profile of the user's read first, a changed file, no build: the caller reads
// the YAML). Positions come from the YAML, read only when a problem is
// placed, so every message is as before. A `run --reference` then loads no `yaml` at all (the
// built-in suites come compiled too): about 25 ms of each such process's start-up.
import { existsSync, readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sha256Hex } from '../support/canonical-json.js';
import { isYamlProblem, parseYaml } from '../support/yaml-source.js';
import type { YamlSource } from '../support/yaml-source.js';
import { deepFreeze } from '../support/deep-freeze.js';

export const COMPILED_PROFILE_FORMAT = 1;

/** dist/profiles/<file>.json, written by src/build/compile-profiles.ts. */
export interface CompiledProfile {
  format: number;
  /** Of the tokenized text the value was read from. */
  sha256: string;
  value: unknown;
}

/** dist/profiles when this module runs from dist/src/profile; undefined from src/ (no compiled form there). */
export function compiledProfilesDir(): string | undefined {
  const dir = fileURLToPath(new URL('../../profiles/', import.meta.url));
  return existsSync(dir) ? dir : undefined;
}

export function compiledProfileName(file: string): string {
  return `${basename(file)}.json`;
}

function compiledValue(file: string, tokenized: string, dir: string): { value: unknown } | undefined {
  const path = `${dir}/${compiledProfileName(file)}`;
  if (!existsSync(path)) return undefined;
  try {
    const compiled = JSON.parse(readFileSync(path, 'utf8')) as CompiledProfile;
    if (compiled.format !== COMPILED_PROFILE_FORMAT || compiled.sha256 !== sha256Hex(tokenized)) return undefined;
    return { value: compiled.value };
  } catch {
    return undefined;
  }
}

/**
 * Values read from YAML in this process, by tokenized text (frozen: each load copies what it
 * changes). A run reads its profile twice (the reference launcher, before and after its
 * candidate's URLs are known), the tests' processes hundreds of times; the same text gives
 * the same value, the file only the positions, which are read again when asked for.
 */
const readBefore = new Map<string, unknown>();
const READ_BEFORE_MAX = 64;

/** Keeps the value a profile's tokenized text was read as, for the next load of the same text. */
export function keepRead(tokenized: string, value: unknown): void {
  if (readBefore.size >= READ_BEFORE_MAX) readBefore.delete(readBefore.keys().next().value!);
  readBefore.set(tokenized, deepFreeze(value));
}

/** The value of a tokenized text read before in this process, else the compiled value of a built-in profile's; its positions read from the YAML when first asked for. */
export function compiledSource(file: string, tokenized: string, dir = compiledProfilesDir()): YamlSource | undefined {
  const found = readBefore.has(tokenized) ? { value: readBefore.get(tokenized) } : dir === undefined ? undefined : compiledValue(file, tokenized, dir);
  if (!found) return undefined;
  let parsed: YamlSource | undefined;
  const yaml = (): YamlSource => {
    if (!parsed) {
      const read = parseYaml(tokenized, file);
      if (isYamlProblem(read)) throw new Error(`${file}: yaml refused a text compiled from it: ${read.message}`);
      parsed = read;
    }
    return parsed;
  };
  return {
    file,
    value: found.value,
    locate: (path, options) => yaml().locate(path, options),
    line: (path) => yaml().line?.(path) ?? yaml().locate(path).line,
  };
}
