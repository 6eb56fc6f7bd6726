// Issue 28 items 3, 4 and 14: files the harness writes and keeps. `init` and `schemas` never
// write through a planted symlink nor into a folder every user may write (exit 2, the target
// untouched); `keys generate` refuses a 0777 folder; a FIFO planted at the cached mock key's
// name does not hang a PMS run (the mock's URL is printed and SIGTERM ends it); a 0777 cache
// folder is not used, and the run says so. Before (f9e7431): init and schemas overwrote the
// link's target (exit 0), keys generate wrote into 0777, and the FIFO hung the run with
// nothing printed until killed (SIGTERM ignored).
import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LOCAL_HOSTS } from '../../src/support/certificates.js';
import { namesOf } from '../../src/support/certificate-cache.js';
import { tempDir } from '../support/temp-dir.js';
import { finished, runCli, startCli } from './cli-process.js';

const VICTIM_TEXT = 'export PS1=mine\n';

function victim(): { dir: string; file: string } {
  const dir = tempDir('cm-certify-victim-');
  const file = join(dir, '.bashrc');
  writeFileSync(file, VICTIM_TEXT);
  return { dir, file };
}

describe('init and schemas never write through a planted link', () => {
  it('init with cm-certify.profile.schema.json linked to a file outside: exit 2, the file untouched, no profile written', async () => {
    const repo = tempDir('cm-certify-repo-');
    const v = victim();
    symlinkSync(v.file, join(repo, 'cm-certify.profile.schema.json'));
    const run = await runCli(['init', '--target', 'ota'], repo);
    expect(run.code, run.err).toBe(2);
    expect(run.err).toMatch(/cm-certify\.profile\.schema\.json is a symbolic link/);
    expect(readFileSync(v.file, 'utf8')).toBe(VICTIM_TEXT);
    expect(existsSync(join(repo, 'cm-certify.ota.yaml'))).toBe(false);
  });

  it('init with the profile name a dangling link: exit 2, the link target never created', async () => {
    const repo = tempDir('cm-certify-repo-');
    const v = victim();
    symlinkSync(join(v.dir, 'planted'), join(repo, 'cm-certify.pms.yaml'));
    const run = await runCli(['init', '--target', 'pms', '--force'], repo);
    expect(run.code, run.err).toBe(2);
    expect(run.err).toMatch(/cm-certify\.pms\.yaml is a symbolic link/);
    expect(existsSync(join(v.dir, 'planted'))).toBe(false);
  });

  it('schemas --out with a schema name linked outside, and --openapi at a link: exit 2, the file untouched', async () => {
    const repo = tempDir('cm-certify-repo-');
    const v = victim();
    mkdirSync(join(repo, 'schemas'));
    symlinkSync(v.file, join(repo, 'schemas', 'profile.schema.json'));
    const run = await runCli(['schemas', '--out', 'schemas'], repo);
    expect(run.code, run.err).toBe(2);
    expect(run.err).toMatch(/profile\.schema\.json is a symbolic link/);
    symlinkSync(v.file, join(repo, 'openapi.json'));
    const openapi = await runCli(['schemas', '--openapi', 'openapi.json'], repo);
    expect(openapi.code, openapi.err).toBe(2);
    expect(readFileSync(v.file, 'utf8')).toBe(VICTIM_TEXT);
    expect(lstatSync(join(repo, 'openapi.json')).isSymbolicLink()).toBe(true);
  });

  it('a folder every user may write (0777) is refused by init, schemas and keys generate, naming its mode', async () => {
    const open = tempDir('cm-certify-open-');
    chmodSync(open, 0o777);
    for (const args of [
      ['init', '--target', 'ota'],
      ['schemas', '--out', '.'],
      ['keys', 'generate', '--out', '.'],
    ]) {
      const run = await runCli(args, open);
      expect(run.code, `${args.join(' ')}: ${run.err}`).toBe(2);
      expect(run.err).toContain('writable by every user (mode 0777)');
    }
    expect(readdirSync(open)).toEqual([]);
  });

  it('a sticky shared folder (1777, as /tmp) is still written', async () => {
    const shared = tempDir('cm-certify-sticky-');
    chmodSync(shared, 0o1777);
    const run = await runCli(['init', '--target', 'ota'], shared);
    expect(run.code, run.err).toBe(0);
    expect(existsSync(join(shared, 'cm-certify.ota.yaml'))).toBe(true);
  });
});

const PMS_PROFILE = [
  'target: pms',
  'base_url: http://127.0.0.1:9/cb',
  'shared_secret: s3cret-value-long',
  'pms_cid: abc',
  'property: {pms_property_id: 1, wbp_property_id: "1001", wbp_property_password: pw-value}',
  'listen: 127.0.0.1:0',
  'deadlines: {setup: 60s, default: 60s}',
  'hooks: {start_setup: {command: "true"}}',
].join('\n');

/** Starts a PMS run with this cache folder, waits for the mock's URL, then SIGTERMs it. */
async function startAndStop(cacheDir: string): Promise<{ code: number | null; out: string; sawUrl: boolean; stopMs: number; killed: boolean }> {
  const dir = tempDir('cm-certify-pms-');
  writeFileSync(join(dir, 'p.yaml'), PMS_PROFILE);
  const started = performance.now();
  const child = startCli(['run', '--profile', 'p.yaml', '--suite', 'setup'], dir, { CM_CERTIFY_CACHE_DIR: cacheDir, HOME: dir });
  let text = '';
  child.stdout?.on('data', (d) => (text += String(d)));
  child.stderr?.on('data', (d) => (text += String(d)));
  const done = finished(child, started, 20_000);
  const deadline = Date.now() + 12_000;
  while (!/Channel manager for your PMS/.test(text) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  const sawUrl = /Channel manager for your PMS/.test(text);
  const stopAt = performance.now();
  child.kill('SIGTERM');
  const run = await done;
  return { code: run.code, out: text, sawUrl, stopMs: performance.now() - stopAt, killed: run.killed };
}

describe('the mock certificate cache', () => {
  it('a FIFO at the cached key name neither hangs the run nor keeps SIGTERM from ending it', async () => {
    const cache = tempDir('cm-certify-cache-');
    const { keyFile } = namesOf(cache, LOCAL_HOSTS);
    execFileSync('mkfifo', [keyFile]);
    const run = await startAndStop(cache);
    expect(run.sawUrl, run.out).toBe(true);
    expect(run.killed).toBe(false);
    expect(run.stopMs).toBeLessThan(8_000);
    // The FIFO was replaced by a kept key (0600, a regular file).
    expect(lstatSync(keyFile).isFile()).toBe(true);
  }, 40_000);

  it('a 0777 cache folder is not used, and the run says why', async () => {
    const cache = tempDir('cm-certify-cache-');
    chmodSync(cache, 0o777);
    const run = await startAndStop(cache);
    expect(run.sawUrl, run.out).toBe(true);
    expect(run.out).toMatch(/the cache folder is not used, the folder .* is writable by every user \(mode 0777\)/);
    expect(readdirSync(cache)).toEqual([]);
  }, 40_000);
});
