// Issue 28 item 5: every YAML input is bounded in values before it is built. A 4 MiB list in a
// profile or a suite, and a waiver file of about 2 million entries (4 MiB), are refused with
// exit 2 at file:line (field), costing the process under 1 s of CPU and 100 MB of memory
// (measured by the child itself: process.resourceUsage() at exit). Before (f9e7431): a 4 MiB
// list took 1-2.9 GB and 25-60 s and ended in exit 3; the waiver file 10.3 s and 2 GB.
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../support/temp-dir.js';
import { valuesPastBound, MAX_YAML_VALUES } from '../../src/support/yaml-bound.js';

const MIB4 = 4 * 1024 * 1024 - 1024;
const OTA =
  'target: ota\nbase_url: https://ota.test/api\nshared_secret: s3cret-value\npms_cid: abc\nproperty: {pms_property_id: 1, wbp_property_id: "1001", wbp_property_password: pw-value}\n';

interface Measured {
  code: number | null;
  err: string;
  cpuMs: number;
  rssMb: number;
}

/** Runs the CLI in a child that reports its own CPU time and peak memory as it exits. */
function measure(args: string[], cwd: string): Promise<Measured> {
  const probe = [
    "import { writeSync } from 'node:fs';",
    "process.on('exit', () => { const u = process.resourceUsage(); writeSync(2, `\\nRUSAGE ${u.userCPUTime + u.systemCPUTime} ${u.maxRSS}\\n`); });",
    `await import(${JSON.stringify(resolve('bin/cm-certify.js'))});`,
  ].join('\n');
  // Started by a shell that waits for it (not exec'd): a peak the kernel carried over from a
  // large parent (a test worker that ran many files, isolate: false) is not the child's own.
  const child = spawn('/bin/sh', ['-c', '"$@"; exit $?', 'sh', process.execPath, '--input-type=module', '-e', probe, '--', 'cm-certify', ...args], {
    cwd,
    env: { PATH: process.env.PATH, CI: '1' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let err = '';
  child.stderr.on('data', (d) => (err += String(d)));
  const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
  return new Promise((done) =>
    child.on('exit', (code) => {
      clearTimeout(timer);
      const m = /RUSAGE (\d+) (\d+)/.exec(err);
      done({ code, err, cpuMs: m ? Number(m[1]) / 1000 : Infinity, rssMb: m ? Number(m[2]) / 1024 : Infinity });
    }),
  );
}

function write(dir: string, name: string, text: string): string {
  writeFileSync(join(dir, name), text);
  return name;
}

const blockList = (head: string, item: string): string => head + item.repeat(Math.floor((MIB4 - head.length) / item.length));

describe('a YAML input of millions of values is refused before it is built', () => {
  const cases: Array<[string, (dir: string) => string[], RegExp]> = [
    ['a 4 MiB block list in a profile', (d) => ['validate', '--profile', write(d, 'p.yaml', blockList(`${OTA}hooks:\n`, '- a\n'))], /p\.yaml:6:1 \(hooks\)/],
    [
      'a 4 MiB flow list in a profile',
      (d) => ['validate', '--profile', write(d, 'p.yaml', `${OTA}x: [${'1,'.repeat(MIB4 / 2 - 200)}1]\n`)],
      /p\.yaml:6:1 \(x\)/,
    ],
    [
      'a 4 MiB list in a suite',
      (d) => ['validate', '--suite', write(d, 's.yaml', blockList('name: big\ntarget: ota\nscenarios:\n', '- {}\n'))],
      /s\.yaml:3:1 \(scenarios\)/,
    ],
    [
      'a waiver file of 2 million entries',
      (d) => ['run', '--profile', write(d, 'p.yaml', OTA), '--waivers', write(d, 'w.yaml', blockList('waivers:\n', '- a\n'))],
      /w\.yaml:1:1 \(waivers\).*at most 500 waivers/,
    ],
  ];

  it.each(cases)(
    '%s: exit 2 at file:line (field), under 1 s of CPU and 100 MB',
    async (_name, make, where) => {
      const dir = tempDir('cm-certify-yaml-size-');
      const run = await measure(make(dir), dir);
      expect(run.code, run.err.slice(0, 500)).toBe(2);
      expect(run.err).toMatch(where);
      expect(run.err).toMatch(/more than [\d,]+ values/);
      expect(run.cpuMs).toBeLessThan(1_000);
      expect(run.rssMb).toBeLessThan(100);
    },
    70_000,
  );
});

describe('valuesPastBound', () => {
  it('counts items, flow entries and keys, not comments, quoted strings or block scalars', () => {
    const pad = ' '.repeat(200);
    expect(valuesPastBound(`a: 1\nb: [1, 2, 3]\n- x\n${pad}`, 5)).toMatchObject({ field: { name: 'b' } });
    expect(valuesPastBound(`a: 1\nb: [1, 2, 3]\n${pad}`, 6)).toBeUndefined();
    const quiet = `a: "${',,,,,,,,'.repeat(10)}"\nb: '[[[,,'\n# ${',,,'.repeat(20)}\nc: |\n  - a\n  - b\n  - c\n  - d\n  - e\n  - f\n  - g\nd: 1\n${pad}`;
    expect(valuesPastBound(quiet, 4)).toBeUndefined();
    expect(valuesPastBound(quiet, 3)).toMatchObject({ field: { name: 'd' } });
  });

  it('a text shorter than the bound is never scanned past it, and the bound is far above a real suite', () => {
    expect(valuesPastBound('[1,2,3]', 10)).toBeUndefined();
    expect(MAX_YAML_VALUES).toBeGreaterThanOrEqual(10_000);
  });
});
