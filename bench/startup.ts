// Start-up: takes how many runs, gives the median wall time of `node bin/cm-certify.js
// --version` and of `node -e 0` (the floor: Node itself), spawned alternately so both see
// the same machine load. Each output is checked, so a broken entry point cannot look fast.
import { readFileSync } from 'node:fs';
import { packagePath } from '../src/support/package-root.js';
import { median, runChild } from './timing.js';

export interface StartupResult {
  runs: number;
  versionMs: number;
  nodeMs: number;
}

export async function measureStartup(runs: number): Promise<StartupResult> {
  const bin = packagePath('bin', 'cm-certify.js');
  const version = (JSON.parse(readFileSync(packagePath('package.json'), 'utf8')) as { version: string }).version;
  const cli: number[] = [];
  const node: number[] = [];
  for (let i = 0; i < runs + 2; i++) {
    const a = await runChild(process.execPath, [bin, '--version']);
    const b = await runChild(process.execPath, ['-e', '0']);
    if (a.code !== 0 || a.stdout.trim() !== version) throw new Error(`cm-certify --version answered ${a.code}: ${a.stdout}${a.stderr}`);
    if (b.code !== 0) throw new Error(`node -e 0 exited ${b.code}`);
    // The first two of each are warm-up (disk cache, first exec).
    if (i >= 2) {
      cli.push(a.ms);
      node.push(b.ms);
    }
  }
  return { runs, versionMs: median(cli), nodeMs: median(node) };
}
