// The registry of named code checks: takes nothing, gives name -> CodeCheck for the
// runner and the `list` command.
import type { CodeCheck } from './types.js';
import { OTA_CODE_CHECKS } from './ota.js';

export type { CodeCheck, CodeCheckInput } from './types.js';

const ALL: CodeCheck[] = [...OTA_CODE_CHECKS];

export const CODE_CHECKS: ReadonlyMap<string, CodeCheck> = new Map(ALL.map((c) => [c.name, c]));

export function getCodeCheck(name: string): CodeCheck | undefined {
  return CODE_CHECKS.get(name);
}
