// Every YAML problem is an input error at file:line:column (exit 2), never a crash: through the
// real loaders (suite, profile, the profile's reservation template) and through the command
// line (`validate --suite`, `run --profile`: every case in process, one per command through the
// build's main() in a process of its own, test/support/cli-resident.ts), for deep nesting, a %YAML 1.1 directive, an
// over-long key, duplicate keys, tabs, bad indentation, an unclosed quote, non-UTF-8 bytes, an
// empty file, several documents and a billion laughs; a byte order mark is accepted.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadProfile } from '../../src/profile/load-profile.js';
import { loadReservationTemplate } from '../../src/profile/reservation-template.js';
import { loadSuite } from '../../src/suite/load-suite.js';
import { InputError, ProfileError, SuiteError } from '../../src/support/errors.js';
import { main } from '../../src/cli/main.js';
import { captureIo } from '../e2e/helpers.js';
import { type ResidentCli, residentCli } from '../support/cli-resident.js';

const SUITE = 'suite: mine\ntitle: Mine\nversion: 1.0.0\ntarget: ota\nsteps:\n  - id: hc\n    call: HealthCheck\n';
const PROFILE =
  'target: ota\nbase_url: https://ota.test/api\nshared_secret: s3cret-value\npms_cid: abc\nproperty:\n  pms_property_id: 1\n  wbp_property_id: "1001"\n  wbp_property_password: pw-value\n';
const PMS_PROFILE =
  'target: pms\nbase_url: https://pms.test/cb\nshared_secret: s\npms_cid: abc\nproperty: {pms_property_id: 7, wbp_property_id: "1001", wbp_property_password: pw}\nmock:\n  reservation_template: t.json\n';
const TEMPLATE = '{\n  "OrderId": "{{booking.id}}"\n}\n';

const linesOf = (text: string): number => text.split('\n').length - 1;
const LAUGHS = [
  'a: &a [lol, lol, lol, lol, lol, lol, lol, lol, lol]',
  ...Array.from(
    { length: 9 },
    (_, i) =>
      `l${i}: &l${i} [${Array(9)
        .fill(i === 0 ? '*a' : `*l${i - 1}`)
        .join(', ')}]`,
  ),
];

interface Case {
  name: string;
  /** The broken document, from a valid one. */
  make(base: string): string | Buffer;
  /** The line the problem is at, in that document. */
  line(base: string): number;
  column?: number;
  message: RegExp;
}

/** Problems of YAML text (suites and profiles). */
const YAML_CASES: Case[] = [
  { name: '3,000 nested [', make: (b) => `${b}deep: ${'['.repeat(3000)}\n`, line: (b) => linesOf(b) + 1, column: 134, message: /nests deeper than 128 levels/ },
  {
    name: '100,000 nested [',
    make: (b) => `${b}deep: ${'['.repeat(100_000)}\n`,
    line: (b) => linesOf(b) + 1,
    column: 134,
    message: /nests deeper than 128 levels/,
  },
  {
    name: '100,000 nested {',
    make: (b) => `${b}deep: ${'{'.repeat(100_000)}\n`,
    line: (b) => linesOf(b) + 1,
    column: 134,
    message: /nests deeper than 128 levels/,
  },
  {
    name: 'a %YAML 1.1 directive',
    make: (b) => `%YAML 1.1\n---\n${b.replace('pms_property_id: 1', 'pms_property_id: 010')}`,
    line: () => 1,
    column: 1,
    message: /"%YAML 1\.1": cm-certify reads YAML 1\.2 only.*`010` is 8/,
  },
  {
    name: 'an implicit key over 1024 characters',
    make: (b) => `${b}${'k'.repeat(1025)}: 1\n`,
    line: (b) => linesOf(b) + 1,
    message: /invalid YAML: .*at most 1024 chars/,
  },
  {
    name: 'a duplicate key',
    make: (b) => `${b}${b.split('\n')[0]}\n`,
    line: (b) => linesOf(b) + 1,
    column: 1,
    message: /duplicate key "(suite|target)": a mapping has each key once \(first at line 1\)/,
  },
  {
    name: 'a tab as indentation',
    make: (b) => b.replace('\n  ', '\n\t'),
    line: (b) => b.split('\n').findIndex((l) => l.startsWith('  ')) + 1,
    column: 1,
    message: /invalid YAML: Tabs are not allowed as indentation/,
  },
  {
    name: 'bad indentation',
    make: (b) => `${b} bad: 1\n`,
    line: (b) => linesOf(b) + 1,
    message: /invalid YAML: All mapping items must start at the same column/,
  },
  {
    name: 'an unclosed quote',
    make: (b) => `${b}extra: "open\nmore: 1\n`,
    line: (b) => linesOf(b) + 1,
    column: 8,
    message: /invalid YAML: Missing closing "quote: the string that opens here/,
  },
  {
    name: 'bytes that are not UTF-8',
    make: (b) => Buffer.concat([Buffer.from(`${b}extra: caf`), Buffer.from([0xe9]), Buffer.from('\n')]),
    line: (b) => linesOf(b) + 1,
    column: 11,
    message: /is not UTF-8 text \(byte 0xE9 here is not UTF-8\)/,
  },
  { name: 'an empty file', make: () => '', line: () => 1, column: 1, message: /the file is empty/ },
  { name: 'several documents', make: (b) => `${b}---\n${b}`, line: (b) => linesOf(b) + 1, column: 1, message: /several YAML documents in one file/ },
  {
    name: 'a billion laughs',
    make: (b) => `${b}${LAUGHS.join('\n')}\n`,
    line: (b) => linesOf(b) + 7,
    message: /alias \*l4: the aliases would expand this document past 1,000,000 values/,
  },
];

/** Problems of the reservation template (JSON, read as the profile loads it). */
const TEMPLATE_CASES: Case[] = [
  { name: '3,000 nested [', make: () => `{"a": ${'['.repeat(3000)}}`, line: () => 1, column: 70, message: /the JSON nests deeper than 64 levels/ },
  { name: '100,000 nested [', make: () => `{"a": ${'['.repeat(100_000)}`, line: () => 1, column: 70, message: /the JSON nests deeper than 64 levels/ },
  { name: '100,000 nested {', make: () => `{"a": ${'{"a": '.repeat(100_000)}`, line: () => 1, message: /the JSON nests deeper than 64 levels/ },
  { name: 'a %YAML 1.1 directive', make: (b) => `%YAML 1.1\n---\n${b}`, line: () => 1, column: 1, message: /not JSON/ },
  { name: 'an unclosed quote', make: () => '{\n  "OrderId": "open\n}\n', line: () => 2, message: /not JSON/ },
  {
    name: 'bytes that are not UTF-8',
    make: () => Buffer.concat([Buffer.from('{\n  "OrderId": "caf'), Buffer.from([0xe9]), Buffer.from('"\n}\n')]),
    line: () => 2,
    column: 18,
    message: /is not UTF-8 text/,
  },
  { name: 'an empty file', make: () => '', line: () => 1, column: 1, message: /not JSON/ },
];

let dir: string;
let n = 0;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'cm-yaml-errors-'));
});
afterAll(async () => {
  await resident?.close();
  expect(resident?.stray() ?? '').toBe('');
  rmSync(dir, { recursive: true, force: true });
});

function write(name: string, content: string | Buffer): string {
  const file = join(dir, `${n++}-${name}`);
  writeFileSync(file, content);
  return file;
}

/** A PMS profile whose reservation template is `content`. */
function withTemplate(content: string | Buffer): { profile: string; template: string } {
  const sub = mkdtempSync(join(dir, 'template-'));
  writeFileSync(join(sub, 't.json'), content);
  writeFileSync(join(sub, 'p.yaml'), PMS_PROFILE);
  return { profile: join(sub, 'p.yaml'), template: join(sub, 't.json') };
}

function thrown(fn: () => unknown): InputError {
  try {
    fn();
  } catch (error) {
    if (error instanceof InputError) return error;
    throw error;
  }
  throw new Error('expected an input error, but it loaded');
}

function expectAt(error: InputError, file: string, c: Case, base: string): void {
  expect(error.message).toMatch(c.message);
  expect(error.location).toMatchObject({ file, line: c.line(base), ...(c.column ? { column: c.column } : {}) });
  expect(error.location?.column).toBeGreaterThanOrEqual(1);
}

describe('through the loaders: an input error at file:line:column', () => {
  it.each(YAML_CASES.map((c) => [c.name, c] as const))('loadSuite: %s', (_name, c) => {
    const file = write('s.yaml', c.make(SUITE));
    const error = thrown(() => loadSuite(file));
    expect(error).toBeInstanceOf(SuiteError);
    expectAt(error, file, c, SUITE);
  });

  it.each(YAML_CASES.map((c) => [c.name, c] as const))('loadProfile: %s', (_name, c) => {
    const file = write('p.yaml', c.make(PROFILE));
    const error = thrown(() => loadProfile(file, {}));
    expect(error).toBeInstanceOf(ProfileError);
    expectAt(error, file, c, PROFILE);
  });

  it.each(TEMPLATE_CASES.map((c) => [c.name, c] as const))('the reservation template: %s', (_name, c) => {
    const { profile, template } = withTemplate(c.make(TEMPLATE));
    const error = thrown(() => loadProfile(profile, {}));
    expect(error).toBeInstanceOf(ProfileError);
    expectAt(error, template, c, TEMPLATE);
    expect(thrown(() => loadReservationTemplate(template, profile)).message).toBe(error.message);
  });

  it('a byte order mark is accepted by each, positions unchanged', () => {
    expect(loadSuite(write('s.yaml', `\ufeff${SUITE}`)).steps[0]).toMatchObject({ id: 'hc', line: 6 });
    expect(loadProfile(write('p.yaml', `\ufeff${PROFILE}`), {}).raw.pms_cid).toBe('abc');
    const { profile } = withTemplate(`\ufeff${TEMPLATE}`);
    expect(loadProfile(profile, {}).reservationTemplate?.value).toEqual({ OrderId: '{{booking.id}}' });
    const error = thrown(() => loadSuite(write('s.yaml', `\ufeff${SUITE.replace('HealthCheck', 'HealthChek')}`)));
    expect(error.location).toMatchObject({ line: 7, column: 11 });
  });
});

/** The CLI in process (`main`, the function the bin calls): its exit code and standard error. */
async function inProcess(args: string[]): Promise<{ code: number | null; err: string }> {
  const io = captureIo(undefined, { NO_COLOR: '1' });
  const code = await main(args, { ...io, cwd: dir });
  return { code, err: io.err() };
}

/**
 * The built CLI: main() of the build in one resident process (a crash or a stack trace there is
 * its own, not the test worker's), each command with its exit code and standard error.
 */
let resident: ResidentCli | undefined;
async function cli(args: string[]): Promise<{ code: number | null; err: string }> {
  resident ??= residentCli(dir, { ...process.env, NO_COLOR: '1' });
  const ran = await resident.run(args);
  return { code: ran.code, err: ran.stderr };
}

function expectExit2(result: { code: number | null; err: string }, file: string, c: Case, base: string): void {
  expect(result.err).toMatch(c.message);
  const escaped = file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  expect(result.err).toMatch(new RegExp(`${escaped}:${c.line(base)}:${c.column ?? '\\d+'}`));
  expect(result.err).not.toMatch(/\n\s+at /);
  expect(result.code).toBe(2);
}

// Every case through the command line in process (each spawn of the CLI costs half a second of
// CPU); the build, its exit code and its standard error, once per command below (the process's
// own exit code: test/cli/cli-process.test.ts).
describe('through the command line: exit 2 with file:line:column', () => {
  it.each(YAML_CASES.map((c) => [c.name, c] as const))('validate --suite: %s', async (_name, c) => {
    const file = write('s.yaml', c.make(SUITE));
    expectExit2(await inProcess(['validate', '--suite', file]), file, c, SUITE);
  });

  it.each(YAML_CASES.map((c) => [c.name, c] as const))('run --target ota --profile: %s', async (_name, c) => {
    const file = write('p.yaml', c.make(PROFILE));
    expectExit2(await inProcess(['run', '--target', 'ota', '--profile', file]), file, c, PROFILE);
  });

  it.each(YAML_CASES.filter((c) => c.name !== 'an empty file').map((c) => [c.name, c] as const))(
    'run --profile (the target read from it): %s',
    async (_name, c) => {
      const file = write('p.yaml', c.make(PROFILE));
      expectExit2(await inProcess(['run', '--profile', file]), file, c, PROFILE);
    },
  );

  it.each(TEMPLATE_CASES.map((c) => [c.name, c] as const))('run --target pms --profile, the reservation template: %s', async (_name, c) => {
    const { profile, template } = withTemplate(c.make(TEMPLATE));
    expectExit2(await inProcess(['run', '--target', 'pms', '--profile', profile]), template, c, TEMPLATE);
  });

  it('a suite with a byte order mark is valid', async () => {
    const file = write('s.yaml', `\ufeff${SUITE}`);
    const result = await inProcess(['validate', '--suite', file]);
    expect(result.code, result.err).toBe(0);
  });
});

const byName = (cases: Case[], name: string): Case => cases.find((c) => c.name === name)!;

describe('through the built CLI: exit 2 with file:line:column, no stack trace', () => {
  it.concurrent('validate --suite: 100,000 nested [', async () => {
    const c = byName(YAML_CASES, '100,000 nested [');
    const file = write('s.yaml', c.make(SUITE));
    expectExit2(await cli(['validate', '--suite', file]), file, c, SUITE);
  });

  it.concurrent('run --target ota --profile: a billion laughs', async () => {
    const c = byName(YAML_CASES, 'a billion laughs');
    const file = write('p.yaml', c.make(PROFILE));
    expectExit2(await cli(['run', '--target', 'ota', '--profile', file]), file, c, PROFILE);
  });

  it.concurrent('run --profile (the target read from it): bytes that are not UTF-8', async () => {
    const c = byName(YAML_CASES, 'bytes that are not UTF-8');
    const file = write('p.yaml', c.make(PROFILE));
    expectExit2(await cli(['run', '--profile', file]), file, c, PROFILE);
  });

  it.concurrent('run --target pms --profile, the reservation template: an unclosed quote', async () => {
    const c = byName(TEMPLATE_CASES, 'an unclosed quote');
    const { profile, template } = withTemplate(c.make(TEMPLATE));
    expectExit2(await cli(['run', '--target', 'pms', '--profile', profile]), template, c, TEMPLATE);
  });

  it.concurrent('a suite with a byte order mark is valid', async () => {
    const file = write('s.yaml', `\ufeff${SUITE}`);
    const result = await cli(['validate', '--suite', file]);
    expect(result.code, result.err).toBe(0);
  });
});
