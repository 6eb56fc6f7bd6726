// Issue 21 item 5: every file the harness reads is limited by the bytes read, not by the size
// it reports. A device, a FIFO, a folder, or a link to one, given or found, is exit 2 within
// a second, naming the file. Before (main at 5881228): /dev/zero as the profile or a found
// cm-certify.ota.yaml linked to /dev/urandom took over 1 GB of memory in 1-4 s and died
// (exit 134 or ERR_STRING_TOO_LONG), a FIFO profile hung until killed, --ca, tls.cert and
// the reservation template had no limit at all.
import { execFileSync } from 'node:child_process';
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../support/temp-dir.js';
import { runCli } from './cli-process.js';

const OTA =
  'target: ota\nbase_url: https://ota.test/api\nshared_secret: s3cret-value\npms_cid: abc\nproperty: {pms_property_id: 1, wbp_property_id: "1001", wbp_property_password: pw-value}\n';
const PMS = OTA.replace('target: ota', 'target: pms').replace('https://ota.test/api', 'https://pms.test/cb');

function folder(): { dir: string; fifo: (name: string) => string; file: (name: string, text: string) => string } {
  const dir = tempDir('cm-certify-inputs-');
  return {
    dir,
    fifo: (name) => {
      execFileSync('mkfifo', [join(dir, name)]);
      return join(dir, name);
    },
    file: (name, text) => {
      writeFileSync(join(dir, name), text);
      return join(dir, name);
    },
  };
}

// Process start-up is part of each figure; 3 s of the process's own time (its wait for a CPU
// left out: at load the wall time measures the process's share of the CPU), and a hang or a
// gigabyte read is far past it (the runner kills at 15 s).
const BOUND_MS = 3_000;

describe('input files are limited by the bytes read', () => {
  const cases: Array<[string, (f: ReturnType<typeof folder>) => { args: string[]; names: string }]> = [
    ['/dev/zero given as the profile', () => ({ args: ['run', '--target', 'ota', '--profile', '/dev/zero'], names: '/dev/zero' })],
    ['/dev/urandom given as the profile', () => ({ args: ['run', '--profile', '/dev/urandom', '--target', 'ota'], names: '/dev/urandom' })],
    [
      'a found cm-certify.ota.yaml linked to /dev/urandom',
      (f) => {
        symlinkSync('/dev/urandom', join(f.dir, 'cm-certify.ota.yaml'));
        return { args: ['run'], names: 'cm-certify.ota.yaml' };
      },
    ],
    ['a FIFO given as the profile', (f) => ({ args: ['run', '--target', 'ota', '--profile', f.fifo('p.yaml')], names: 'p.yaml' })],
    [
      'a found profile linked to a FIFO',
      (f) => {
        symlinkSync(f.fifo('fifo'), join(f.dir, 'cm-certify.pms.yaml'));
        return { args: ['run', '--target', 'pms'], names: 'cm-certify.pms.yaml' };
      },
    ],
    [
      'a link to a folder given as the profile',
      (f) => {
        mkdirSync(join(f.dir, 'd'));
        symlinkSync(join(f.dir, 'd'), join(f.dir, 'p.yaml'));
        return { args: ['run', '--target', 'ota', '--profile', 'p.yaml'], names: 'p.yaml' };
      },
    ],
    [
      'a suite linked to /dev/zero',
      (f) => {
        symlinkSync('/dev/zero', join(f.dir, 's.yaml'));
        return { args: ['run', '--profile', f.file('p.yaml', OTA), '--suite', 's.yaml'], names: 's.yaml' };
      },
    ],
    ['a FIFO as a suite', (f) => ({ args: ['validate', '--suite', f.fifo('s.yaml')], names: 's.yaml' })],
    ['/dev/urandom as --ca', (f) => ({ args: ['run', '--profile', f.file('p.yaml', OTA), '--ca', '/dev/urandom'], names: '/dev/urandom' })],
    ['a FIFO as the profile tls.ca', (f) => ({ args: ['run', '--profile', f.file('p.yaml', `${OTA}tls: {ca: ${f.fifo('ca.pem')}}\n`)], names: 'ca.pem' })],
    [
      'a FIFO as the reservation template',
      (f) => ({ args: ['run', '--profile', f.file('p.yaml', `${PMS}mock: {reservation_template: ${f.fifo('t.json')}}\n`)], names: 't.json' }),
    ],
    [
      '/dev/zero as the mock certificate (tls.cert)',
      (f) => ({ args: ['run', '--profile', f.file('p.yaml', `${PMS}tls: {cert: /dev/zero, key: ${f.fifo('k.pem')}}\n`)], names: '/dev/zero' }),
    ],
    ['/dev/zero as a body to validate', () => ({ args: ['validate', '--operation', 'HealthCheck', '--kind', 'request', '/dev/zero'], names: '/dev/zero' })],
  ];

  it.each(cases)('%s: exit 2 within the bound, naming the file', async (_name, make) => {
    const f = folder();
    const { args, names } = make(f);
    const run = await runCli(args, f.dir);
    expect(run.killed).toBe(false);
    expect(run.code, run.err).toBe(2);
    expect(run.err).toContain(names);
    expect(run.err).toMatch(/is a (device|FIFO|directory)/);
    expect(run.ownMs).toBeLessThan(BOUND_MS);
  });
});
