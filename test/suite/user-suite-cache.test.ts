// A user's suite file compiled at its first run and kept in the cache folder: read back equal
// (positions included) by the same build for the same text, parsed again for another text,
// another build, or an entry that is not whole and ours; problems are said as without a cache
// and never kept; the folder is private and bounded.
import { createHash } from 'node:crypto';
import {
  chmodSync,
  existsSync,
  renameSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadSuite } from '../../src/suite/load-suite.js';
import { parseSuite } from '../../src/suite/parse-suite.js';
import { cachedUserSuite, MAX_ENTRIES, userSuiteCache } from '../../src/suite/user-suite-cache.js';
import type { UserSuiteCache } from '../../src/suite/user-suite-cache.js';
import type { Suite } from '../../src/suite/types.js';
import { tempDir } from '../support/temp-dir.js';
import { PARTNER_SUITE } from './partner-suite.js';

const SUITE = PARTNER_SUITE;

/** A cache in a fresh folder, a suite file in another, and a load that counts its parses. */
function setUp(text = SUITE, fingerprint = 'build-1'): { cache: UserSuiteCache; file: string; load: (c?: UserSuiteCache) => Suite; parses: () => number } {
  const cache = { dir: join(tempDir('cm-certify-suite-cache-'), 'suites'), fingerprint };
  const file = join(tempDir('cm-certify-suite-file-'), 'mine.yaml');
  writeFileSync(file, text);
  let parses = 0;
  const load = (c = cache): Suite =>
    cachedUserSuite(c, file, readFileSync(file, 'utf8'), () => {
      parses++;
      return parseSuite(readFileSync(file, 'utf8'), file);
    });
  return { cache, file, load, parses: () => parses };
}

const entriesOf = (dir: string): string[] => (existsSync(dir) ? readdirSync(dir).filter((n) => n.endsWith('.json')) : []);

describe('the user-suite cache', () => {
  it('lives in the cache folder, for a build with a fingerprint, unless turned off', () => {
    expect(userSuiteCache({ CM_CERTIFY_CACHE_DIR: '/c' }, true, 'f')).toEqual({ dir: '/c/suites', fingerprint: 'f' });
    expect(userSuiteCache({ HOME: '/h' }, true, 'f')).toEqual({ dir: '/h/.cache/cm-certify/suites', fingerprint: 'f' });
    expect(userSuiteCache({ CM_CERTIFY_CACHE_DIR: '/c' }, false, 'f')).toBeUndefined();
    expect(userSuiteCache({}, true, 'f')).toBeUndefined();
    // Run from src/ (these tests) there is no build fingerprint: no cache.
    expect(userSuiteCache({ CM_CERTIFY_CACHE_DIR: '/c' })).toBeUndefined();
  });

  it('keeps the first parse (0600 in a 0700 folder) and gives it back equal, positions included, without parsing', () => {
    const { cache, file, load, parses } = setUp();
    const first = load();
    expect(parses()).toBe(1);
    expect(first).toEqual(parseSuite(SUITE, file));
    const [entry] = entriesOf(cache.dir);
    expect(statSync(join(cache.dir, entry!)).mode & 0o777).toBe(0o600);
    expect(statSync(cache.dir).mode & 0o777).toBe(0o700);
    const again = load();
    expect(parses()).toBe(1);
    expect(again).toStrictEqual(first);
    expect(JSON.stringify(again)).toBe(JSON.stringify(first));
    expect(again.steps.map((s) => [s.line, s.checks.map((c) => c.line)])).toEqual([
      [6, [11]],
      [18, [26, 31]],
    ]);
  });

  it('names the suite by the path it is read from now', () => {
    const { cache, load } = setUp();
    load();
    const other = join(tempDir('cm-certify-suite-file-'), 'copy.yaml');
    writeFileSync(other, SUITE);
    const suite = loadSuite(other, { cache });
    expect(suite.file).toBe(other);
    expect(entriesOf(cache.dir)).toHaveLength(1);
  });

  it('parses again for a changed file or another build', () => {
    const { cache, file, load, parses } = setUp();
    load();
    writeFileSync(file, SUITE.replace('title: Closing one night is accepted', 'title: One night closed'));
    expect(load().steps[1]!.checks[0]!.title).toBe('One night closed');
    expect(parses()).toBe(2);
    load({ ...cache, fingerprint: 'build-2' });
    expect(parses()).toBe(3);
    expect(entriesOf(cache.dir)).toHaveLength(3);
    load();
    expect(parses()).toBe(3);
    // An entry of build-1 at the name build-3 would use is not read by build-3.
    const source = createHash('sha256').update(readFileSync(file, 'utf8')).digest('hex');
    const nameFor = (fingerprint: string): string => `${createHash('sha256').update(`${fingerprint}\u0000${source}`).digest('hex')}.json`;
    renameSync(join(cache.dir, nameFor('build-1')), join(cache.dir, nameFor('build-3')));
    load({ ...cache, fingerprint: 'build-3' });
    expect(parses()).toBe(4);
  });

  it('parses again, and replaces, an entry that is corrupt, truncated, foreign, not ours alone or a link (a folder there: parsed each time)', () => {
    const { cache, file, load, parses } = setUp();
    const expected = parseSuite(SUITE, file);
    load();
    const path = join(cache.dir, entriesOf(cache.dir)[0]!);
    const good = readFileSync(path, 'utf8');
    const elsewhere = join(tempDir('cm-certify-elsewhere-'), 'target.json');
    writeFileSync(elsewhere, good);
    const plant: Array<[string, () => void]> = [
      ['corrupt (valid JSON, another value)', () => writeFileSync(path, good.replace('"line":6', '"line":7'), { mode: 0o600 })],
      ['truncated', () => writeFileSync(path, good.slice(0, good.length - 10), { mode: 0o600 })],
      ['foreign', () => writeFileSync(path, '{"format":1}\n{}', { mode: 0o600 })],
      ['empty', () => writeFileSync(path, '', { mode: 0o600 })],
      ['readable by others', () => writeFileSync(path, good, { mode: 0o644 })],
      ['a link to a good entry', () => symlinkSync(elsewhere, path)],
    ];
    for (const [what, planted] of plant) {
      const before = parses();
      rmSync(path, { recursive: true, force: true });
      planted();
      chmodSync(cache.dir, 0o700);
      expect(load(), what).toEqual(expected);
      expect(parses(), what).toBe(before + 1);
      expect(lstatSync(path).isFile(), what).toBe(true);
      expect(readFileSync(path, 'utf8'), what).toBe(good);
    }
    expect(readFileSync(elsewhere, 'utf8')).toBe(good);
    // A folder at the name is not read, nor replaced: the suite is parsed each time.
    rmSync(path);
    mkdirSync(path);
    const before = parses();
    expect(load()).toEqual(expected);
    expect(load()).toEqual(expected);
    expect(parses()).toBe(before + 2);
  });

  it('says a problem as without a cache, every time, and keeps nothing', () => {
    const bad = SUITE.replace('call: ARIUpdate', 'call: ARIUpdat');
    const { cache, file, load } = setUp(bad);
    const message = (() => {
      try {
        parseSuite(bad, file);
      } catch (error) {
        return String(error);
      }
      return 'parsed';
    })();
    expect(message).toMatch(/unknown operation "ARIUpdat"/);
    for (let i = 0; i < 2; i++) {
      expect(() => load()).toThrow(message.replace(/^SuiteError: /, ''));
      expect(() => loadSuite(file, { cache })).toThrow(message.replace(/^SuiteError: /, ''));
    }
    expect(readdirSync(cache.dir)).toEqual([]);
  });

  it('keeps no suite that JSON would not give back equal (.nan, .inf, -0), and keeps one that it would', () => {
    for (const [value, read] of [
      ['.nan', NaN],
      ['-.inf', -Infinity],
      ['-0', -0],
    ] as const) {
      const { cache, load, parses } = setUp(SUITE.replace('currency: "${profile.currency}"', `currency: ${value}`));
      expect(load().steps[1], value).toMatchObject({ body: { currency: read } });
      load();
      expect(parses(), value).toBe(2);
      expect(entriesOf(cache.dir), value).toEqual([]);
    }
    const { cache, load, parses } = setUp(SUITE.replace('currency: "${profile.currency}"', 'currency: [0, -1.5, null, true, "", { a: {} }]'));
    load();
    expect(load().steps[1]).toMatchObject({ body: { currency: [0, -1.5, null, true, '', { a: {} }] } });
    expect(parses()).toBe(1);
    expect(entriesOf(cache.dir)).toHaveLength(1);
  });

  it('is not used in a folder that is a link, open to others, or cannot be made; the suite still loads', () => {
    const real = tempDir('cm-certify-suite-real-');
    const linked = setUp();
    symlinkSync(real, linked.cache.dir);
    const open = setUp();
    mkdirSync(open.cache.dir, { mode: 0o700 });
    chmodSync(open.cache.dir, 0o777);
    const blocked = setUp();
    writeFileSync(join(blocked.cache.dir, '..', 'file'), '');
    const unmakeable = { ...blocked, cache: { ...blocked.cache, dir: join(blocked.cache.dir, '..', 'file', 'suites') } };
    for (const s of [linked, open, unmakeable]) {
      s.load(s.cache);
      s.load(s.cache);
      expect(s.parses()).toBe(2);
    }
    expect(readdirSync(real)).toEqual([]);
    expect(readdirSync(open.cache.dir)).toEqual([]);
  });

  it('keeps at most its bound of entries (MAX_ENTRIES by default), dropping the least recently used, and removes stale temporary files', () => {
    expect(MAX_ENTRIES).toBe(100);
    const bound = 6;
    const { cache: unbounded, file, load: loadIn } = setUp();
    const cache = { ...unbounded, maxEntries: bound };
    const load = (): Suite => loadIn(cache);
    const base = Date.now() - 300 * 60_000;
    const age = (name: string, minutes: number): void =>
      utimesSync(join(cache.dir, name), new Date(base + minutes * 60_000), new Date(base + minutes * 60_000));
    /** Loads `text` and gives the name of the entry it wrote (if any). */
    const loadText = (text: string): string | undefined => {
      const before = new Set(entriesOf(cache.dir));
      writeFileSync(file, text);
      load();
      return entriesOf(cache.dir).find((n) => !before.has(n));
    };
    const first = loadText(SUITE)!;
    age(first, -1);
    writeFileSync(join(cache.dir, 'x.json.0123456789ab.tmp'), '');
    age('x.json.0123456789ab.tmp', -1);
    const written: string[] = [];
    for (let i = 0; i <= bound; i++) {
      const name = loadText(`${SUITE}# ${i}\n`)!;
      age(name, i);
      written.push(name);
      // Read again (a hit): now the most recently used.
      if (i === 3) expect(loadText(SUITE)).toBeUndefined();
    }
    const left = entriesOf(cache.dir);
    expect(left).toHaveLength(bound);
    expect(left).toContain(first);
    expect(left).not.toContain(written[0]);
    expect(left).not.toContain(written[1]);
    expect(left).toContain(written[2]);
    expect(readdirSync(cache.dir).filter((n) => n.endsWith('.tmp'))).toEqual([]);
  });
});
