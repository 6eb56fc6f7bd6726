// The harness's own bounds against hostile input: reports never follow planted symlinks;
// hook variables never become shell text; a harness fault or a passed memory budget still
// ends the run with every report; redaction is linear and names secrets instead of
// printing them; environment values are secrets unless the profile says otherwise; huge
// suite files are refused before parsing.
import { existsSync, lstatSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PassThrough, Writable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { runCommand } from '../../src/cli/commands/run.js';
import { main } from '../../src/cli/main.js';
import { HookRunner } from '../../src/drivers/hooks.js';
import { EvidenceLog } from '../../src/drivers/evidence-log.js';
import { HttpClient } from '../../src/drivers/http-client.js';
import { parseProfile } from '../../src/profile/load-profile.js';
import { finishReports, createReporters } from '../../src/report/index.js';
import { redactResult } from '../../src/report/redact-result.js';
import { systemClock } from '../../src/support/clock.js';
import { Redactor } from '../../src/support/redact.js';
import { unexpected } from '../../src/checks/check-verdict.js';
import { runCertification } from '../../src/runner/run.js';
import { evaluateExpectation } from '../../src/checks/expectations.js';
import { captureIo, check } from '../e2e/helpers.js';
import { buildRunResult } from '../report/run-result-fixture.js';
import { checkReports, ENV, PASSWORD, SECRET, startCrafted, writeProfile } from './crafted-candidate.js';
import type { CraftedServer } from './crafted-candidate.js';
import { tempDir } from '../support/temp-dir.js';

const servers: CraftedServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

const tmp = (): string => tempDir('cm-certify-bounds-');

describe('reports are written without following symlinks', () => {
  it("a planted link to a file outside is replaced, not followed; a dangling link's target is never created", async () => {
    const dir = tmp();
    const outside = join(tmp(), 'victim.txt');
    writeFileSync(outside, 'do not overwrite');
    const dangling = join(tmp(), 'created-by-attacker.txt');
    symlinkSync(outside, join(dir, 'report.json'));
    symlinkSync(dangling, join(dir, 'junit.xml'));
    symlinkSync(outside, join(dir, 'report.html'));
    const reporters = createReporters(['json', 'junit', 'html'], {
      outputDir: dir,
      redactor: new Redactor(),
      stdout: new PassThrough(),
      color: false,
      interactive: false,
    });
    const files = await finishReports(reporters, buildRunResult(), new Redactor());
    expect(files).toHaveLength(3);
    expect(readFileSync(outside, 'utf8')).toBe('do not overwrite');
    expect(existsSync(dangling)).toBe(false);
    for (const f of files) expect(lstatSync(f).isSymbolicLink()).toBe(false);
    JSON.parse(readFileSync(join(dir, 'report.json'), 'utf8'));
  });
});

function hookRunner(profileText: string, env: NodeJS.ProcessEnv) {
  const profile = parseProfile(profileText, 'p.yaml', env);
  const log = new EvidenceLog();
  const redactor = new Redactor(profile.secrets);
  const client = new HttpClient({
    clock: systemClock,
    redactor,
    log,
    requestTimeoutMs: 1000,
    connectTimeoutMs: 1000,
    maxBodyBytes: 1e6,
    evidenceBodyBytes: 2048,
    userAgent: 't',
  });
  return {
    runner: new HookRunner({
      hooks: profile.hooks,
      client,
      log,
      redactor,
      clock: systemClock,
      timeoutMs: 5_000,
      evidenceBodyBytes: 2048,
      env: profile.hookEnv ?? {},
    }),
    log,
    client,
  };
}

const BASE =
  'target: ota\nbase_url: https://x.test/api\nshared_secret: s3cret-value\npms_cid: abc\nproperty: {pms_property_id: 1, wbp_property_id: "1", wbp_property_password: pw-value}\n';

describe('hook commands get variables as environment, never as shell text', () => {
  it('a value with ; and $( ) runs no second command, and reaches the hook intact (command and argv)', async () => {
    const dir = tmp();
    const pwned = join(dir, 'pwned');
    const value = `x; touch ${pwned}; $(touch ${pwned}) \`touch ${pwned}\` | touch ${pwned}`;
    const [out1, out2] = [join(dir, 'out1'), join(dir, 'out2')];
    const hooks = [
      'hooks:',
      `  make: {command: 'printf "%s" "\${CM_ARG}" > ${out1}; echo "{}"'}`,
      `  argv: {argv: [sh, -c, 'printf "%s" "$1" > ${out2}; echo "{}"', sh, '\${CM_ARG}']}`,
    ].join('\n');
    const { runner, client } = hookRunner(`${BASE}${hooks}\n`, { CM_ARG: value });
    for (const [name, file] of [
      ['make', out1],
      ['argv', out2],
    ] as const) {
      const r = await runner.run(name);
      expect(r.ok, r.message).toBe(true);
      expect(readFileSync(file, 'utf8')).toBe(value);
    }
    expect(existsSync(pwned)).toBe(false);
    await client.close();
  });

  it('hook stderr cut at 200 characters leaves no prefix of a secret', async () => {
    const secret = 'Hook-Secret-Value-1234567890';
    const { runner, client } = hookRunner(
      `${BASE.replace('s3cret-value', secret)}hooks:\n  fail: {command: 'printf "%0180d%s" 0 "${secret}" >&2; exit 1'}\n`,
      {},
    );
    const r = await runner.run('fail');
    expect(r.ok).toBe(false);
    expect(r.message).toContain('[redacted]…');
    expect(r.message).not.toContain(secret.slice(0, 6));
    await client.close();
  });
});

describe('a run always ends with its reports', () => {
  it('a harness fault mid-run is an error check, the verdict is incomplete (exit 3) and every report is written', async () => {
    const server = await startCrafted(() => ({ body: '{"success":true}' }));
    servers.push(server);
    const io = captureIo(undefined, { ...ENV });
    let thrown = false;
    // The terminal's line for the second suite's start throws, as a broken harness part would, inside that suite.
    io.stdout = new Writable({
      write(_c, _e, cb) {
        cb();
      },
    });
    io.stdout.write = ((chunk: unknown) => {
      if (!thrown && String(chunk).includes('▶ setup')) {
        thrown = true;
        throw new RangeError('Maximum call stack size exceeded');
      }
      return true;
    }) as never;
    const outputDir = join(io.cwd, 'out');
    const { result, exitCode } = await runCommand(
      { target: 'ota', profile: writeProfile(io.cwd, server.url), allowHttp: true, suite: ['https', 'setup'], reporter: ['json', 'junit', 'html'], outputDir },
      io,
    );
    expect(thrown).toBe(true);
    expect(check(result, 'harness.fault')?.outcome).toBe('error');
    expect(result.suites.map((s) => s.name)).toEqual(['https', 'setup']);
    expect(result.suites[0]!.checks.length).toBeGreaterThan(1);
    expect(result.verdict).toBe('incomplete');
    expect(exitCode).toBe(3);
    expect(result.notes.join(' ')).toMatch(/harness fault \(RangeError: Maximum call stack size exceeded\)/);
    checkReports(outputDir, [SECRET, PASSWORD]);
  });

  it("a fault drawing the coverage pictures or in a reporter's run-end ends the run with its result and a note", async () => {
    const profile = parseProfile(BASE, 'p.yaml', {});
    const ctx = {
      client: undefined as never,
      hooks: undefined as never,
      log: new EvidenceLog(),
      clock: systemClock,
      redactor: new Redactor(profile.secrets),
      signal: new AbortController().signal,
      emit: (e: { type: string }) => {
        if (e.type === 'run-end') throw new RangeError('Maximum call stack size exceeded');
      },
      artifacts: () => {
        throw new RangeError('Maximum call stack size exceeded');
      },
    };
    const result = await runCertification({ target: 'ota', profile, suites: [], allowHttp: false, bail: false, partial: false, harnessVersion: '0' }, ctx);
    expect(result.notes.join(' ')).toMatch(/coverage pictures could not be drawn \(Maximum call stack size exceeded\)/);
    expect(result.artifacts).toEqual({});
  });

  it('a run past its memory budget stops cleanly as incomplete, with every report', async () => {
    const server = await startCrafted(() => ({ body: '{"success":true}' }));
    servers.push(server);
    const io = { ...captureIo(undefined, { ...ENV }), memoryBudgetBytes: 1 };
    const outputDir = join(io.cwd, 'out');
    const { result, exitCode } = await runCommand(
      { target: 'ota', profile: writeProfile(io.cwd, server.url), allowHttp: true, reporter: ['json', 'junit', 'html'], outputDir },
      io,
    );
    expect(result.verdict).toBe('incomplete');
    expect(exitCode).toBe(3);
    expect(result.notes.join(' ')).toMatch(/past its budget of 0 MB/);
    checkReports(outputDir, [SECRET, PASSWORD]);
  }, 60_000);
});

describe('redaction on values', () => {
  it('runs in linear work: 10x the hostile repeated text costs about 10x, not 100x (counted, not timed)', () => {
    const redactor = new Redactor(['s3cr3t-value']);
    // One long run of name characters full of secret words, with no "=" or ":" to end it:
    // a scan that retries the run from every position is quadratic.
    const hostile = (n: number): string => `?${'token_'.repeat(n)} "${'secret-'.repeat(n)}`;
    // The characters the redactor reads: each charCodeAt, and the text each string search,
    // slice or pattern is given (a pattern's own backtracking is beyond this count).
    const work = (n: number): number => {
      const text = hostile(n);
      let count = 0;
      const strings = String.prototype as unknown as Record<string, (...args: unknown[]) => unknown>;
      const patterns = RegExp.prototype as unknown as Record<string | symbol, (...args: unknown[]) => unknown>;
      const stringNames = ['charCodeAt', 'indexOf', 'includes', 'startsWith', 'slice', 'replace', 'toLowerCase'];
      const patternNames: Array<string | symbol> = ['exec', 'test', Symbol.replace];
      const saved = [...stringNames.map((k) => [strings, k, strings[k]!] as const), ...patternNames.map((k) => [patterns, k, patterns[k]!] as const)];
      for (const [owner, key, original] of saved)
        owner[key as string] = function (this: unknown, ...args: unknown[]) {
          count += key === 'charCodeAt' ? 1 : String(owner === strings ? this : args[0]).length;
          return original.apply(this, args);
        };
      try {
        for (let i = 0; i < 10; i++) redactor.text(`${text}${i}`);
      } finally {
        for (const [owner, key, original] of saved) owner[key as string] = original;
      }
      return count;
    };
    const [small, large] = [work(300), work(3_000)];
    expect(small).toBeGreaterThan(10 * 300);
    // Linear gives ~10; a scan from every position of the run gives ~100.
    expect(large / small, `${small} characters read for 300, ${large} for 3,000`).toBeLessThan(15);
  });

  it('a secret of any length is named, never printed, as expected or actual; a wrong value at a secret pointer is hidden', () => {
    const redactor = new Redactor(['abc', 'long-enough-secret']);
    redactor.label('abc', "the profile's password");
    const result = buildRunResult();
    const checkResult = result.suites[1]!.checks[0]!;
    Object.assign(checkResult, { expected: 'abc', actual: 'xyz' });
    Object.assign(checkResult.where, { pointer: '/wbp_property_password' });
    const safe = redactResult(result, redactor).suites[1]!.checks[0]!;
    expect(safe.expected).toBe("the profile's password");
    expect(safe.actual).toBe('[redacted]');
  });

  it("an expectation on a secret field never shows the profile's value (3 characters) or the wrong one sent", () => {
    const verdict = evaluateExpectation({ json: { '/wbp_property_password': 'abc' } }, { body: { wbp_property_password: 'wrong-one-sent' }, exchanges: [] });
    expect(verdict.status).toBe('fail');
    expect(verdict.message).toBe('Unexpected value at /wbp_property_password: expected "the profile\'s wbp_property_password", but received "another value"');
    expect(JSON.stringify(verdict)).not.toMatch(/"abc"|wrong-one-sent/);
  });

  it('a message cut at 200 characters inside a secret is marked, the prefix redacted', () => {
    const secret = 'Cut-Secret-0123456789abcdef';
    const message = unexpected('thing', 'x', { note: `${'y'.repeat(180)}${secret}` });
    const redacted = new Redactor([secret]).text(message);
    expect(redacted).toMatch(/y\[redacted\]…$/);
    expect(redacted).not.toContain('Cut-Sec');
  });

  it('every value from the environment is a secret unless the profile lists it in public_env', () => {
    const text = `${BASE}name: "Hotel \${CM_DB_URL}"\nhooks:\n  h: {http: {url: "\${CM_HOOK_URL}/go"}}\npublic_env: [CM_HOOK_URL]\n`;
    const profile = parseProfile(text, 'p.yaml', { CM_DB_URL: 'postgres://u:Db-Pass@db/x', CM_HOOK_URL: 'https://hooks.example' });
    expect(profile.secrets).toContain('postgres://u:Db-Pass@db/x');
    expect(profile.secrets).not.toContain('https://hooks.example');
    expect(new Redactor(profile.secrets).text(profile.name)).toBe('Hotel [redacted]');
  });
});

describe('huge input files', () => {
  it('a 50 MB suite file is refused before parsing: exit 2, the message names the file and the limit', async () => {
    const dir = tmp();
    const file = join(dir, 'huge.yaml');
    writeFileSync(file, `name: x\n# ${'a'.repeat(50 * 1024 * 1024)}\n`);
    const err: string[] = [];
    const io = {
      ...captureIo(),
      stderr: new Writable({
        write(c, _e, cb) {
          err.push(String(c));
          cb();
        },
      }),
    };
    const code = await main(['validate', '--suite', file], io);
    expect(code).toBe(2);
    expect(err.join('')).toContain(`${file}`);
    expect(err.join('')).toMatch(/the file is 50\.0 MiB; a suite may be at most 4 MiB/);
  });
});
