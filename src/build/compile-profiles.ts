// The build step for the built-in profiles: takes the package's fixtures/profiles directory
// and an output directory, reads each profile's YAML exactly as loadProfile reads it (each
// ${VAR} tokenized first) and writes the value with the hash of the text it came from
// (src/profile/compiled-profiles.ts reads it back). A profile that does not read, or whose
// value JSON would not give back as it is, is left out with a warning: a run then reads its YAML.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { sha256Hex } from '../support/canonical-json.js';
import { isYamlProblem, parseYaml } from '../support/yaml-source.js';
import { tokenizeEnv } from '../profile/load-profile.js';
import { COMPILED_PROFILE_FORMAT, compiledProfileName } from '../profile/compiled-profiles.js';
import type { CompiledProfile } from '../profile/compiled-profiles.js';
import { yamlFilesOf } from '../suite/compiled-suites.js';

/** Compiles every profilesDir/*.yaml into outDir; returns how many, and the warnings (profiles left out). */
export function compileProfiles(profilesDir: string, outDir: string): { compiled: number; warnings: string[] } {
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
  const warnings: string[] = [];
  let compiled = 0;
  for (const name of yamlFilesOf(profilesDir)) {
    const file = join(profilesDir, name);
    const tokenized = tokenizeEnv(readFileSync(file, 'utf8')).text;
    const source = parseYaml(tokenized, file);
    if (isYamlProblem(source)) {
      warnings.push(`${name} not compiled: ${source.message}`);
      continue;
    }
    if (!isDeepStrictEqual(JSON.parse(JSON.stringify(source.value)) as unknown, source.value)) {
      warnings.push(`${name} not compiled: its value does not survive JSON`);
      continue;
    }
    const out: CompiledProfile = { format: COMPILED_PROFILE_FORMAT, sha256: sha256Hex(tokenized), value: source.value };
    writeFileSync(join(outDir, compiledProfileName(name)), JSON.stringify(out));
    compiled++;
  }
  return { compiled, warnings };
}
