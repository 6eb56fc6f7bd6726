// A user's suite file compiled once and kept between runs: takes the file's path and text, the
// cache folder and the build's fingerprint, gives the Suite a parse of that text gave the last
// time (read from <cache folder>/suites), or parses it now and keeps the result. As the built-in
// suites come compiled from the build (compiled-suites.ts), a user suite comes compiled from its
// own first run: the YAML reader, the suite's validators and its template checks are not loaded.
// An entry's name is the SHA-256 of the build's fingerprint and of the file's text, the only
// inputs of parseSuite (the rest of a user suite's reading, spec data and schemas, is code; the
// path is put back on read; the target, the profile and the environment play no part; no
// warnings are given). Only a suite that parsed is kept, and only when JSON gives it back
// equal; a problem is parsed, and said, as before. Entries are written whole (0600, in a 0700
// folder of ours), read without following a link and checked against their own SHA-256: a
// corrupt, truncated, foreign or unreadable one is parsed again and replaced. At most
// MAX_ENTRIES entries and MAX_BYTES bytes are kept, the least recently used dropped first.
import { createHash } from 'node:crypto';
import { lstatSync, lutimesSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { BUILD_FINGERPRINT } from '../support/build-fingerprint.js';
import { cacheFolder, privateFolder, readKeptFile, writeWhole } from '../support/cache-folder.js';
import type { Suite } from './types.js';

/** Where compiled user suites are kept, and the build that may read them. */
export interface UserSuiteCache {
  dir: string;
  fingerprint: string;
  /** Entries kept at most (default MAX_ENTRIES). */
  maxEntries?: number;
}

/** Entries kept at most (the least recently used go first). */
export const MAX_ENTRIES = 100;
/** Bytes kept at most, all entries together. */
const MAX_BYTES = 64 * 1024 * 1024;
/** The largest entry read: a suite file may have 4 MiB of YAML (read-input.ts). */
const MAX_ENTRY_BYTES = 32 * 1024 * 1024;
/** A temporary file left this long by a writer that died is removed. */
const STALE_TEMP_MS = 3600 * 1000;

const KIND = 'cm-certify compiled user suite';
const FORMAT = 1;

interface EntryHeader {
  kind: string;
  format: number;
  fingerprint: string;
  /** SHA-256 of the suite file's text. */
  source: string;
  /** SHA-256 of the body (the Suite as JSON, with an empty `file`). */
  body: string;
}

const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex');

/**
 * The cache a run's user suites are read through: in the cache folder of `env`, for this build.
 * None when it is turned off, when there is no cache folder, or from code with no fingerprint
 * (src/, tsc's output: a changed source would otherwise read a suite compiled by other code).
 */
export function userSuiteCache(env: NodeJS.ProcessEnv, enabled = true, fingerprint = BUILD_FINGERPRINT): UserSuiteCache | undefined {
  const folder = enabled && fingerprint ? cacheFolder(env) : undefined;
  return folder ? { dir: join(folder, 'suites'), fingerprint: fingerprint! } : undefined;
}

function entryPath(cache: UserSuiteCache, source: string): string {
  return join(cache.dir, `${sha256(`${cache.fingerprint}\u0000${source}`)}.json`);
}

/** The kept Suite of this text, named `file`; undefined when there is none, or it is not whole, ours and of this build. */
function readEntry(path: string, cache: UserSuiteCache, source: string, file: string): Suite | undefined {
  const text = readKeptFile(path, MAX_ENTRY_BYTES, true);
  const newline = text?.indexOf('\n') ?? -1;
  if (text === undefined || newline < 0) return undefined;
  try {
    const header = JSON.parse(text.slice(0, newline)) as Partial<EntryHeader>;
    const body = text.slice(newline + 1);
    if (header.kind !== KIND || header.format !== FORMAT || header.fingerprint !== cache.fingerprint || header.source !== source) return undefined;
    if (header.body !== sha256(body)) return undefined;
    const suite = JSON.parse(body) as Suite;
    suite.file = file;
    markUsed(path);
    return suite;
  } catch {
    return undefined;
  }
}

/** Used now: the last to be dropped (an entry that cannot be marked is still good). */
function markUsed(path: string): void {
  try {
    const now = new Date();
    lutimesSync(path, now, now);
  } catch {
    // kept as it was
  }
}

/**
 * Whether JSON gives `value` back deep-strict-equal: plain objects and arrays (no holes) of
 * strings, booleans, null and finite numbers other than -0, no undefined member. Walked once,
 * without recursion (a part written twice by an alias is walked at each use, as JSON writes it);
 * a walk of the value costs a few ms where parsing its JSON back and comparing cost 30-50 ms.
 */
function survivesJson(value: unknown): boolean {
  const todo: unknown[] = [value];
  while (todo.length > 0) {
    const v = todo.pop();
    if (v === null || typeof v === 'string' || typeof v === 'boolean') continue;
    if (typeof v === 'number') {
      if (!Number.isFinite(v) || Object.is(v, -0)) return false;
      continue;
    }
    if (typeof v !== 'object' || Object.getOwnPropertySymbols(v).length > 0) return false;
    if (Array.isArray(v)) {
      if (Object.getPrototypeOf(v) !== Array.prototype || Object.keys(v).length !== v.length) return false;
      for (const item of v) todo.push(item);
    } else {
      if (Object.getPrototypeOf(v) !== Object.prototype || 'toJSON' in v) return false;
      for (const member of Object.values(v)) todo.push(member);
    }
  }
  return true;
}

/** Keeps `suite` (parsed from a text of hash `source`) when JSON gives it back equal; never throws. */
function writeEntry(path: string, cache: UserSuiteCache, source: string, suite: Suite): void {
  try {
    const portable = { ...suite, file: '' };
    const body = JSON.stringify(portable);
    // An alias written once is copied at each use in JSON: a body too large to be read back is not kept.
    if (Buffer.byteLength(body) + 1024 > MAX_ENTRY_BYTES || !survivesJson(portable)) return;
    const header: EntryHeader = { kind: KIND, format: FORMAT, fingerprint: cache.fingerprint, source, body: sha256(body) };
    writeWhole(path, `${JSON.stringify(header)}\n${body}`, 0o600);
    prune(cache.dir, path, cache.maxEntries ?? MAX_ENTRIES);
  } catch {
    // A folder that cannot be written: no cache, the run goes on.
  }
}

/** Drops the least recently used entries past `maxEntries` or MAX_BYTES (never `keep`), and stale temporary files. */
function prune(dir: string, keep: string, maxEntries: number): void {
  const entries: Array<{ path: string; size: number; used: number }> = [];
  const now = Date.now();
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    let stat;
    try {
      stat = lstatSync(path);
    } catch {
      continue;
    }
    if (name.endsWith('.tmp')) {
      if (now - stat.mtimeMs > STALE_TEMP_MS) rmSync(path, { force: true });
    } else if (name.endsWith('.json') && path !== keep) entries.push({ path, size: stat.size, used: stat.mtimeMs });
  }
  entries.sort((a, b) => b.used - a.used);
  let count = 1;
  let bytes = lstatSync(keep).size;
  for (const entry of entries) {
    count++;
    bytes += entry.size;
    if (count > maxEntries || bytes > MAX_BYTES) rmSync(entry.path, { force: true });
  }
}

/** The Suite of `text` (the file `file`), from `cache` when kept there, else `parse(text)` kept there. */
export function cachedUserSuite(cache: UserSuiteCache, file: string, text: string, parse: () => Suite): Suite {
  // A folder that is not ours alone (or cannot be made) is not used at all.
  if (!privateFolder(cache.dir)) return parse();
  const source = sha256(text);
  const path = entryPath(cache, source);
  const kept = readEntry(path, cache, source, file);
  if (kept) return kept;
  const suite = parse();
  writeEntry(path, cache, source, suite);
  return suite;
}
