// Only the modules a command uses are loaded: `run --target ota --profile` loads no HTML
// reporter, no live view (listr2: stdout is not a TTY), no reference candidate, no mock
// channel manager, no executor of a step kind its suite lacks (the OTA model's fast-check), no more of undici than its agent and request, one YAML reader (`yaml`) and
// no Ajv compiler (schemas are compiled at build); `run --reference` reads no YAML (its suites and profile come compiled),
// nor does a run whose user suite comes from the user-suite cache.
// Behavioural: the real CLI in a child process, every ES module it loads logged by a
// module hook (test/cli/module-log), against the reference OTA started here over HTTP. The CLI
// runs from its bundle (src/build/bundle-cli.ts): a loaded bundle file stands for the compiled
// modules it holds, as the build's meta.json names them.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReferenceOtaCandidate } from '../../src/cli/reference.js';
import type { RunningReference } from '../../src/cli/reference.js';
import { systemClock } from '../../src/support/clock.js';

const ROOT = join(import.meta.dirname, '..', '..');
const HOOK = join(import.meta.dirname, 'module-log', 'register.mjs');
const SUITE = `suite: mine
title: Mine
version: 1.0.0
target: ota
steps:
  - id: hc
    call: HealthCheck
    checks:
      - id: mine.hc
        title: HealthCheck succeeds
        level: required
        spec: Endpoints › HealthCheck
        rules: [http-response-200-json.1, env-required-fields]
        expect: { success: true }
`;

let dir: string;
let reference: RunningReference;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'cm-certify-modules-'));
  writeFileSync(join(dir, 'mine.yaml'), SUITE);
  reference = await startReferenceOtaCandidate({ clock: systemClock, tls: false, env: {} });
});

afterAll(async () => {
  await reference?.close();
  rmSync(dir, { recursive: true, force: true });
});

const BUNDLE = 'dist/src/bundle/';
let bundleMeta: Record<string, string[]> | undefined;
function bundled(file: string): string[] {
  if (!file.startsWith(BUNDLE)) return [file];
  bundleMeta ??= JSON.parse(readFileSync(join(ROOT, BUNDLE, 'meta.json'), 'utf8')) as Record<string, string[]>;
  const inputs = bundleMeta[file.slice(BUNDLE.length)];
  if (!inputs) throw new Error(`${file} is not in the bundle's meta.json: a stale build?`);
  return inputs;
}

/** Runs the built CLI; gives its exit code and the modules it loaded, relative to the package. */
function runLogged(
  args: string[],
  name: string,
  env: NodeJS.ProcessEnv = {},
): Promise<{ code: number | null; modules: string[]; files: string[]; out: string }> {
  const log = join(dir, `${name}.log`);
  writeFileSync(log, '');
  const origin = reference.profile.baseUrl.replace(/\/api$/, '');
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', HOOK, join(ROOT, 'bin', 'cm-certify.js'), ...args], {
      cwd: dir,
      env: { ...process.env, CM_MODULE_LOG: log, CM_REFERENCE_URL: origin, NO_COLOR: '1', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      const files = readFileSync(log, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((url) => url.replace(`file://${ROOT}/`, ''));
      const modules = files.flatMap((file) => bundled(file)).map((file) => file.replace(/^dist\/src\//, 'src/'));
      resolve({ code, modules, files, out });
    });
  });
}

const profileRun = ['run', '--target', 'ota', '--profile', join(ROOT, 'fixtures', 'profiles', 'reference-ota.yaml'), '--suite', 'mine.yaml', '--allow-http'];
const matching = (modules: string[], re: RegExp): string[] => modules.filter((m) => re.test(m));

describe('modules loaded by a run', () => {
  it('run --target ota --profile: none of the HTML reporter, live view, reference candidates, mock channel manager; yaml alone reads YAML, and no YAML once the suite is kept', async () => {
    // The suite's first run (an empty user-suite cache): its YAML is parsed.
    const cache = { CM_CERTIFY_CACHE_DIR: join(dir, 'suite-cache') };
    const { code, modules, files, out } = await runLogged(profileRun, 'profile', cache);
    expect(code, out).toBe(0);
    // From the bundle: none of our compiled modules is loaded on its own, and the bundle's files hold several each.
    const own = files.filter((f) => f.startsWith('dist/src/'));
    expect(own.filter((f) => !f.startsWith(BUNDLE))).toEqual([]);
    expect(modules.filter((m) => m.startsWith('src/')).length).toBeGreaterThan(own.length * 2);
    // The log works: the command, the runner and the terminal reporter are there.
    expect(modules).toEqual(expect.arrayContaining(['src/cli/commands/run.js', 'src/runner/run.js', 'src/report/terminal.js', 'src/suite/load-suite.js']));
    expect(matching(modules, /^src\/report\/html\//)).toEqual([]);
    // The check's level comes from the level index the build put into the bundle (its rules known,
    // the level it writes the one they give): none of the spec's texts (rules, clauses, readings)
    // is loaded, nor the index's source; with no failure, the terminal loads no readings.
    expect(modules).toEqual(expect.arrayContaining(['src/spec/check-level.js', 'src/spec/level-index-built.js']));
    expect(matching(modules, /^src\/spec\/(readings\/|rules\.js|clauses\.js|clause-ids\.js|level-source\.js)|^src\/report\/check-readings\.js$/)).toEqual([]);
    // No report file asked for: none of the file reporters (the JSON report's certificate and signature among them).
    expect(matching(modules, /^src\/report\/(json|junit|certificate|signature)\.js$/)).toEqual([]);
    expect(matching(modules, /^src\/report\/live-tasks\.js$|node_modules\/listr2\//)).toEqual([]);
    expect(matching(modules, /^src\/reference\/|^src\/cli\/reference\.js$/)).toEqual([]);
    // The onboarding service (its web framework, databases and queue) only for `service` and `worker`.
    expect(matching(modules, /^src\/service\/|^src\/cli\/commands\/service\.js$|fastify|pglite|pg-boss|^cjs:pg($|\/)|node_modules\/pg\//)).toEqual([]);
    expect(matching(modules, /^src\/drivers\/mock-cm\/|^src\/session\/pms-side\.js$|^src\/runner\/inbound-judge\.js$/)).toEqual([]);
    // Step kinds the suite does not use are not loaded: the PMS side's (and its run estimate), probes, the OTA model (fast-check).
    expect(modules).toContain('src/runner/steps/call.js');
    expect(
      matching(modules, /^src\/runner\/steps\/(expect-request|traffic|mock|probe|model)\.js$|^src\/session\/pms-estimate\.js$|^src\/runner\/model\//),
    ).toEqual([]);
    expect(matching(modules, /node_modules\/fast-check\//)).toEqual([]);
    // No for_each generator, no probe: neither the generators (nor the schema variations they use)
    // nor the probe families are loaded; suite validation reads their names alone.
    expect(modules).toEqual(expect.arrayContaining(['src/runner/generators/generator-names.js', 'src/runner/probes/family-names.js']));
    expect(
      matching(
        modules,
        /^src\/runner\/generators\/(index|allowed-values|ari-full-refresh|create-property|room-by-ota-id)\.js$|^src\/runner\/probes\/(index|bases|[a-z-]+-probes)\.js$|^src\/schemas\/variations\//,
      ),
    ).toEqual([]);
    // The suite judges with expect: only: none of the code checks (nor the mock channel manager they read).
    expect(modules).toContain('src/checks/code/registry.js');
    expect(matching(modules, /^src\/checks\/code\/(index|ota|variations|pms-[a-z-]+)\.js$|^src\/channel-manager\//)).toEqual([]);
    // The suite is read by `yaml` (support/yaml-source.ts), the one YAML reader: a plain suite by
    // its lexer and parser alone (support/yaml-lib.ts), not its composer, Document or stringifier.
    expect(modules).toContain('src/support/yaml-source.js');
    expect(matching(modules, /node_modules\/yaml\/dist\/parse\/parser\.js$/)).toHaveLength(1);
    expect(matching(modules, /^cjs:yaml$|^cjs:\.\/(compose\/composer|doc\/Document|public-api)\.js$/)).toEqual([]);
    expect(matching(modules, /js-yaml|yaml-fast/)).toEqual([]);
    // Of undici, the agent and Dispatcher#request only: not the package's index (fetch, WebSocket, mocks, caches).
    expect(modules).toEqual(expect.arrayContaining(['cjs:undici/lib/dispatcher/agent.js', 'cjs:undici/lib/api/api-request.js']));
    expect(matching(modules, /^cjs:undici$|node_modules\/undici\/index\.js$|^cjs:\.\/lib\/(web|mock|cache)\//)).toEqual([]);
    // Ajv's runtime helpers are required by the build's validators; the compiler never is.
    expect(matching(modules, /^cjs:ajv\/dist\/runtime\//).length).toBeGreaterThan(0);
    expect(matching(modules, /^cjs:ajv(\/dist\/(2020|ajv|core|standalone)(\.js)?)?$|node_modules\/ajv\/dist\/(2020|ajv|core)\.js$/)).toEqual([]);
    // The same suite again, read from the user-suite cache its first run kept: no YAML reader, no suite validator.
    const kept = await runLogged(profileRun, 'kept', cache);
    expect(kept.code, kept.out).toBe(0);
    expect(kept.modules).toContain('src/suite/user-suite-cache.js');
    expect(matching(kept.modules, /^cjs:yaml$|node_modules\/yaml\//)).toEqual([]);
    expect(matching(kept.modules, /dist\/schemas\/formats\/(suite|step\.)/)).toEqual([]);
  });

  it('run --target ota --reference with a given test PKI: the reference OTA, none of the reference PMS, no node-forge (no certificate is made)', async () => {
    expect(process.env.CM_CERTIFY_TEST_PKI, 'the test run names its PKI (temp-root.global.ts)').toBeTruthy();
    const { code, modules, files, out } = await runLogged(
      ['run', '--target', 'ota', '--reference', '--variant', 'healthcheck-fails', '--grep', '^setup\\.healthcheck$'],
      'reference',
    );
    expect(code, out).toBe(1);
    // What `run` imports statically comes in a few bundle files (bundle-cli.ts, commandGroups), not
    // one per set of importers (75 files, each resolved, read and linked by Node's loader on its own).
    // 21 here at 27b601e+h41-child: the 4 groups' files, the lazily imported ones this run uses
    // (reference OTA, certificates, generators, readings for its failure...) and 3 re-export
    // facades of 55-170 bytes for modules imported by import().
    expect(files.filter((f) => f.startsWith(BUNDLE)).length).toBeLessThanOrEqual(24);
    expect(out).toContain('setup.healthcheck');
    expect(modules).toEqual(expect.arrayContaining(['src/reference/ota/index.js', 'src/cli/reference.js', 'src/support/certificates.js']));
    expect(matching(modules, /^src\/reference\/pms\/|^src\/cli\/reference-pms-variants\.js$/)).toEqual([]);
    expect(matching(modules, /^cjs:node-forge|node_modules\/node-forge\//)).toEqual([]);
    // The built-in OTA suites name OTA code checks only: those are loaded, not the PMS ones (the
    // channel manager is loaded here all the same: the reference OTA is built on it).
    expect(modules).toContain('src/checks/code/ota-side.js');
    expect(matching(modules, /^src\/checks\/code\/(index|pms-[a-z-]+)\.js$/)).toEqual([]);
    // The built-in suites and the reference profile come compiled (dist/suites, dist/profiles): no YAML is read.
    expect(modules).toContain('src/profile/compiled-profiles.js');
    // The build's validators (dist/schemas, a file each) are loaded when first used: none of the
    // suite format's (the suites come compiled), and of the 37 message validators those of the calls made.
    expect(matching(modules, /dist\/schemas\/formats/)).toEqual([]);
    expect(matching(modules, /dist\/schemas\/messages\//).length).toBeGreaterThan(0);
    expect(matching(modules, /dist\/schemas\/messages\//).length).toBeLessThan(20);
    expect(matching(modules, /^cjs:yaml$|node_modules\/yaml\//)).toEqual([]);
  });

  it('a suite error names file:line:column', async () => {
    writeFileSync(join(dir, 'bad.yaml'), SUITE.replace('call: HealthCheck', 'call: HealthChek'));
    const { code, modules, out } = await runLogged(
      profileRun.map((a) => (a === 'mine.yaml' ? 'bad.yaml' : a)),
      'bad',
    );
    expect(code).toBe(2);
    expect(out).toMatch(/bad\.yaml:7:11 \(steps\[0\]\.call\): unknown operation "HealthChek"/);
    expect(modules).toContain('cjs:yaml');
  });

  it('--reporter html --reporter junit loads those two reporters (and writes their reports); still no reference candidate', async () => {
    const { code, modules, out } = await runLogged([...profileRun, '--reporter', 'html', '--reporter', 'junit'], 'html');
    expect(code, out).toBe(0);
    expect(modules).toEqual(expect.arrayContaining(['src/report/html/index.js', 'src/report/junit.js']));
    expect(readFileSync(join(dir, 'cm-certify-report', 'report.html'), 'utf8')).toContain('mine.hc');
    expect(readFileSync(join(dir, 'cm-certify-report', 'junit.xml'), 'utf8')).toContain('mine.hc');
    expect(matching(modules, /^src\/reference\//)).toEqual([]);
  });
});
