// The re-run hint never names a check no suite declares: takes the synthetic check ids
// (src/spec/unruled-checks.ts) and the built-in suites, gives that --grep would refuse a hint
// for harness.fault (a selection of no declared check), so none is printed for it, and that the
// list cannot drift: no built-in suite declares any of them.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { rerunHint } from '../../src/report/reproduce.js';
import { SYNTHETIC_CHECKS } from '../../src/spec/unruled-checks.js';

const command = { command: 'cm-certify run --target ota' };

function declaredIds(): Set<string> {
  const ids = new Set<string>();
  for (const side of ['ota', 'pms']) {
    for (const file of readdirSync(join('suites', side)).filter((f) => f.endsWith('.yaml'))) {
      for (const m of readFileSync(join('suites', side, file), 'utf8').matchAll(/^\s*-?\s*id:\s*([\w.-]+)\s*$/gm)) ids.add(m[1]!);
    }
  }
  return ids;
}

describe('re-run hints and checks no suite declares', () => {
  it('gives no hint for harness.fault alone, and leaves it out of a hint for several', () => {
    expect(rerunHint(['harness.fault'], command)).toBeUndefined();
    expect(rerunHint(['limits.candidate-data', 'harness.request-valid'], command)).toBeUndefined();
    expect(rerunHint(['harness.fault', 'pms.setup.first-contact'], command)).toBe("cm-certify run --target ota --grep '^(pms\\.setup\\.first-contact)$'");
  });

  it('lists only checks no built-in suite declares, and a declared one is still hinted', () => {
    const declared = declaredIds();
    expect(declared.has('pms.setup.first-contact')).toBe(true);
    expect(declared.has('setup.room-types.non-empty')).toBe(true);
    for (const id of SYNTHETIC_CHECKS) expect(declared.has(id), id).toBe(false);
  });
});
