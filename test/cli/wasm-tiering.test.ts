// A `run` or `serve` process keeps WebAssembly on V8's baseline code (src/cli/wasm-tiering.ts):
// the commands it applies to, the processes it leaves alone (their own WebAssembly flags), and,
// in a child process of the built CLI module, a hot WebAssembly function that the optimizing
// compiler takes over without it and never with it (V8's %IsLiftoffFunction tells).
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { keepWasmOnBaseline } from '../../src/cli/wasm-tiering.js';

const MODULE = pathToFileURL(join(import.meta.dirname, '..', '..', 'dist', 'src', 'cli', 'wasm-tiering.js')).href;

/**
 * Calls keepWasmOnBaseline with `command`, then runs a summing loop compiled to WebAssembly
 * until V8 tiers it up or it has run `maxCalls` times, giving each tier-up a moment (it is
 * compiled in the background).
 */
const CHILD = `
import { keepWasmOnBaseline } from ${JSON.stringify(MODULE)};
const kept = keepWasmOnBaseline([process.argv[1]], [], undefined);
const maxCalls = Number(process.argv[2]);
const bytes = new Uint8Array([0,97,115,109,1,0,0,0, 1,6,1,96,1,127,1,127, 3,2,1,0, 7,5,1,1,102,0,0,
  10,27,1, 25,1,1,127, 3,64, 32,1, 32,0, 106, 33,1, 32,0, 65,1, 107, 34,0, 13,0, 11, 32,1, 11]);
const { f } = new WebAssembly.Instance(new WebAssembly.Module(bytes)).exports;
let calls = 0;
do {
  for (let i = 0; i < 50; i++, calls++) if (f(10000) !== 50005000) throw new Error('wrong sum');
  await new Promise((go) => setTimeout(go, 5));
} while (calls < maxCalls && %IsLiftoffFunction(f));
console.log(JSON.stringify({ kept, calls, liftoff: %IsLiftoffFunction(f) }));
`;

function child(command: string, maxCalls: number): Promise<{ kept: boolean; calls: number; liftoff: boolean }> {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      ['--allow-natives-syntax', '--input-type=module', '-e', CHILD, command, String(maxCalls)],
      { timeout: 60_000, env: { PATH: process.env.PATH } },
      (error, stdout, stderr) => (error ? reject(new Error(`${error.message}\n${stderr}`)) : resolve(JSON.parse(stdout) as never)),
    );
  });
}

describe('keepWasmOnBaseline', () => {
  it('applies to run and serve only, and never over WebAssembly flags the process was started with', () => {
    for (const command of ['service', 'worker', 'list', 'validate']) expect(keepWasmOnBaseline([command, '--x'], [], undefined), command).toBe(false);
    expect(keepWasmOnBaseline([], [], undefined)).toBe(false);
    expect(keepWasmOnBaseline(['run'], ['--liftoff-only'], undefined)).toBe(false);
    expect(keepWasmOnBaseline(['serve'], [], '--max-old-space-size=512 --wasm-tiering-budget=100')).toBe(false);
  });

  it('a hot WebAssembly function stays on Liftoff code in a run process, where V8 tiers it up in others', async () => {
    // Without it (the service): the loop is tiered up after a few hundred calls at most.
    const service = await child('service', 20_000);
    expect(service).toMatchObject({ kept: false, liftoff: false });
    // With it: several times as many calls, still Liftoff.
    const run = await child('run', Math.max(2_000, service.calls * 5));
    expect(run).toMatchObject({ kept: true, liftoff: true });
    expect(run.calls).toBeGreaterThanOrEqual(service.calls * 5);
  }, 60_000);
});
