// The real CLI as a user runs it (node bin/cm-certify.js, the compiled build), with the
// documented exit codes: 0 certified, 1 not certified, 2 usage/profile/suite error, 3
// the run could not complete. Each exit code, --version (answered by the bin alone) and the
// runs (their seed, their kept test CA) come from a process of their own; the other short
// commands (help, list, validate, schemas, init, refused inputs) through main() of the same
// build in one resident process (test/support/cli-resident.ts): the same code, exit code and
// output, without a Node start and the CLI's modules for each of the 14.
import { execFile } from 'node:child_process';
import { readFileSync, writeFileSync, existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from '../support/temp-dir.js';
import { closedPort } from '../support/closed-port.js';
import { testPkiEnv } from '../support/test-pki-env.js';
import { type Ran, type ResidentCli, residentCli } from '../support/cli-resident.js';

const BIN = resolve('bin/cm-certify.js');
const env = (extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv => ({ PATH: process.env.PATH, CI: '1', ...testPkiEnv(), ...extra });

/** The built CLI as a process of its own. */
function cli(args: string[], extra: NodeJS.ProcessEnv = {}, cwd = process.cwd()): Promise<Ran> {
  return new Promise((done) => {
    execFile(process.execPath, [BIN, ...args], { cwd, env: env(extra), timeout: 60_000 }, (error, stdout, stderr) => {
      done({ code: error ? (typeof error.code === 'number' ? error.code : 99) : 0, stdout, stderr });
    });
  });
}

let resident: ResidentCli;
beforeAll(() => {
  resident = residentCli(process.cwd(), env());
});
afterAll(async () => {
  await resident.close();
  // Nothing written past a command's own stdout and stderr.
  expect(resident.stray()).toBe('');
});

/** A short command through the resident process, in `cwd` with the environment a process would get. */
const command = (args: string[], extra: NodeJS.ProcessEnv = {}, cwd = process.cwd()): Promise<Ran> => resident.run(args, { cwd, env: env(extra) });

function tmp(): string {
  return tempDir('cm-certify-cli-');
}

describe.concurrent('cm-certify CLI', () => {
  it('--version prints the package version; --help lists commands, exit codes and examples', async () => {
    const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as { version: string };
    expect((await cli(['--version'])).stdout.trim()).toBe(pkg.version);
    const help = await command(['--help']);
    expect(help.code).toBe(0);
    for (const word of ['run', 'serve', 'list', 'validate', 'schemas', 'init', 'Exit codes', 'Examples']) expect(help.stdout).toContain(word);
  });

  it('certifies the reference OTA (exit 0) and writes the JSON and JUnit reports', async () => {
    const dir = tmp();
    const r = await cli(['run', '--target', 'ota', '--reference', '--reporter', 'json', '--reporter', 'junit', '--output-dir', dir]);
    expect(r.stdout).toContain('Verdict: CERTIFIED');
    expect(r.code).toBe(0);
    const report = JSON.parse(readFileSync(join(dir, 'report.json'), 'utf8')) as {
      verdict: string;
      suites: unknown[];
      harness: { version: string };
      seed: number;
    };
    expect(report.verdict).toBe('certified');
    expect(report.suites.length).toBe(10);
    // A fresh seed per run, printed in every report.
    expect(Number.isSafeInteger(report.seed)).toBe(true);
    expect(r.stdout).toContain(`seed ${report.seed}`);
    const junit = readFileSync(join(dir, 'junit.xml'), 'utf8');
    expect(junit).toContain(`<property name="seed" value="${report.seed}"/>`);
    expect(junit).toMatch(/<testsuites name="cm-certify ota certification" tests="\d+" failures="0" errors="0"/);
    expect(junit).toContain('<property name="verdict" value="certified"/>');
  }, 60_000);

  it('--seed replays a failing model-based sequence: the same seed, the same shrunk sequence, step by step', async () => {
    const args = ['run', '--target', 'ota', '--reference', '--variant', 'booking-modify-after-ack-forgotten', '--suite', 'model', '--seed', '2'];
    const [first, again] = [await cli(args), await cli(args)];
    for (const r of [first, again]) {
      expect(r.code).toBe(1);
      expect(r.stdout).toContain('model.booking.flags');
      expect(r.stdout).toContain('seed 2');
    }
    const sequence = (out: string): string[] =>
      out
        .split('\n')
        .filter((line) => /^ +\d+\. /.test(line))
        .map((line) => line.replace(/B-\d+/g, 'B-n').trim());
    expect(sequence(first.stdout)).toEqual(sequence(again.stdout));
    expect(sequence(first.stdout).join(' ')).toMatch(/AckBooking: booking B-n.*modify_booking hook: booking B-n +<- fails here/);
    const bad = await command(['run', '--target', 'ota', '--reference', '--seed', 'x1']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--seed "x1"');
  }, 90_000);

  it('denies a broken variant with exit 1 and names the check with evidence', async () => {
    const r = await cli(['run', '--target', 'ota', '--reference', '--variant', 'cancel-repeat-succeeds', '--suite', 'cancel']);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('cancel.repeat.4002');
    expect(r.stdout).toContain('Unexpected success: expected false, but received true');
    expect(r.stdout).toMatch(/evidence: x\d+ POST \/api\/CancelBooking\?shared_secret=\[redacted\]/);
    expect(r.stdout).toContain('Verdict: NOT CERTIFIED [partial run]');
  }, 60_000);

  it('a profile error is exit 2 with file, line and field', async () => {
    const dir = tmp();
    const file = join(dir, 'bad.yaml');
    writeFileSync(
      file,
      'target: ota\nbase_url: https://x.test\nshared_secret: ${CM_NOPE_SECRET}\npms_cid: abc\nproperty: {pms_property_id: 1, wbp_property_id: "1", wbp_property_password: p}\n',
    );
    const r = await command(['run', '--target', 'ota', '--profile', file]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`${file}:3:16 (shared_secret): environment variable CM_NOPE_SECRET is not set`);
  });

  it('a problem in the built-in reference profile (read from its compiled form, dist/profiles) is placed in its YAML', async () => {
    const file = resolve('fixtures/profiles/reference-ota.yaml');
    const line =
      readFileSync(file, 'utf8')
        .split('\n')
        .findIndex((l) => l.startsWith('shared_secret: ')) + 1;
    const r = await command(['run', '--target', 'ota', '--reference'], { CM_SHARED_SECRET: '' });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`${file}:${line}:16 (shared_secret): must not be empty`);
  });

  it('a suite error is exit 2 with file, line and field', async () => {
    const dir = tmp();
    const file = join(dir, 'mine.yaml');
    writeFileSync(file, 'suite: mine\ntitle: Mine\nversion: 1.0.0\ntarget: ota\nsteps:\n  - id: a\n    call: HealthChek\n');
    const r = await command(['run', '--target', 'ota', '--reference', '--suite', file]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`${file}:7:11 (steps[0].call): unknown operation "HealthChek"`);
  });

  it('unknown flags and commands are exit 2 (an unknown command from the process itself)', async () => {
    expect((await command(['run', '--target', 'ota', '--frobnicate'])).code).toBe(2);
    expect((await cli(['certify-everything'])).code).toBe(2);
    expect((await command(['run', '--target', 'martian', '--reference'])).code).toBe(2);
  });

  it('an unreachable candidate is exit 3 with a clear message, and the report is still written', async () => {
    const dir = tmp();
    const port = await closedPort();
    const file = join(dir, 'p.yaml');
    writeFileSync(
      file,
      `target: ota\nbase_url: http://127.0.0.1:${port}/api\nshared_secret: s3cret-value\npms_cid: abc\nproperty: {pms_property_id: 1, wbp_property_id: "1", wbp_property_password: pw-value}\n`,
    );
    const r = await cli(['run', '--target', 'ota', '--profile', file, '--allow-http', '--reporter', 'json', '-o', dir]);
    expect(r.code).toBe(3);
    expect(r.stdout).toContain('connection refused');
    expect(r.stdout).toContain('Verdict: INCOMPLETE');
    expect(existsSync(join(dir, 'report.json'))).toBe(true);
    expect(r.stdout).not.toContain('s3cret-value');
  });

  it('validate prints every schema error with its JSON pointer and spec section; exit 1 when invalid', async () => {
    const dir = tmp();
    const file = join(dir, 'ari.json');
    writeFileSync(
      file,
      JSON.stringify({
        verb: 'ARIUpdate',
        pms_property_id: 0,
        wbp_property_id: 'x',
        wbp_property_password: 'p',
        guid: 'nope',
        shared_secret: 's',
        pms_cid: 'ABC',
        currency: 'eur',
        Inventory: [{ wbp_room_id: '1', wbp_rate_id: 'r', start_date: '2026-02-10', end_date: '2026-02-01', units: -1 }],
      }),
    );
    const r = await command(['validate', '--operation', 'ARIUpdate', '--kind', 'request', file]);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('/Inventory/0/units');
    expect(r.stdout).toContain('/guid');
    expect(r.stdout).toContain('Resources and their fields › Inventory item (ARIUpdate)');
    expect(r.stdout).toContain('rule.inventory.date-order');
  });

  it('schemas --out writes every message schema plus the suite and profile formats; init writes a template once', async () => {
    const dir = tmp();
    const r = await command(['schemas', '--out', join(dir, 's')]);
    expect(r.code).toBe(0);
    const written = JSON.parse(readFileSync(join(dir, 's', 'ARIUpdate.request.schema.json'), 'utf8')) as { $id: string };
    expect(written.$id).toContain('ARIUpdate');
    expect(existsSync(join(dir, 's', 'suite.schema.json'))).toBe(true);
    expect((await command(['init', '--target', 'ota'], {}, dir)).code).toBe(0);
    expect(readFileSync(join(dir, 'cm-certify.ota.yaml'), 'utf8')).toContain('${CM_SHARED_SECRET}');
    expect((await command(['init', '--target', 'ota'], {}, dir)).code).toBe(2);
  });

  it('list shows suites and checks with level and spec section', async () => {
    const r = await command(['list', '--target', 'ota']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/booking\.list-version\.offset-5min\s+required\s+Endpoints › GetBookingList; Limits \(time offset\)/);
    expect(r.stdout).toContain('schema.response');
    expect(r.stdout).not.toContain('pms.envelope.fresh-guid');
    const pms = await command(['list', '--target', 'pms']);
    expect(pms.stdout).toMatch(/pms\.envelope\.fresh-guid\s+required/);
    expect(pms.stdout).toMatch(/pms\.poll\.version-not-later\s+required\s+Endpoints › GetBookingList/);
  });

  it('list --rules shows each spec rule with its checks, or why it cannot be observed', async () => {
    const r = await command(['list', '--rules']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('Spec rules -> checks (126 rules)');
    expect(r.stdout).toMatch(/sp-1001\s+OTA\s+required\s+ota: setup\.setup-property\.refused-1001/);
    expect(r.stdout).toMatch(/res-sell-rates\s+OTA\s+informational\s+not observable: /);
  });
});
