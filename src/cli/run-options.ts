// The `run` command's options, one row each: takes nothing, gives the table the command line
// is built from (flag, help, default, choices), the session option each row sets and which
// parser turns its text into that value, and whether a re-run of the same candidate repeats it.
// commander's definition, the session's options and the re-run hint (./run-flags.ts) all read
// this table; nothing else lists the flags. Plain data: loading it loads no parser.
import { Option } from 'commander';
import type { SessionOptions } from '../session/types.js';

/** One flag of `run`: `name` is commander's camelCase key of its value. */
export interface RunFlag {
  name: string;
  flags: string;
  help: string;
  repeatable?: boolean;
  default?: string;
  choices?: readonly string[];
  /** The session option it sets, as given or parsed by the named parser (./run-flags.ts; its error names the flag). */
  session?: { key: keyof SessionOptions; parse?: 'timeout' | 'seed' };
  /** The run's candidate and transport, which a re-run hint repeats (not the selection, nor the output). */
  rerun?: boolean;
}

export const RUN_FLAGS = [
  {
    name: 'profile',
    flags: '-p, --profile <file>',
    help: 'candidate profile (YAML; default: cm-certify.ota.yaml or cm-certify.pms.yaml in this folder, whose target: is used when --target is not given)',
  },
  {
    name: 'reference',
    flags: '--reference',
    help: "certify the built-in reference candidate (started in-process); with --profile, using that profile's settings",
  },
  { name: 'variant', flags: '--variant <name>', help: 'with --reference: a deliberately broken variant (repeatable)', repeatable: true },
  {
    name: 'suite',
    flags: '-s, --suite <name|file>',
    help: 'built-in suite name, "builtin", or a suite file (repeatable)',
    repeatable: true,
    session: { key: 'suite' },
  },
  {
    name: 'suiteCache',
    flags: '--no-suite-cache',
    help: 'parse suite files every run, keeping nothing (default: a suite file is compiled at its first run and kept in the cache folder)',
    session: { key: 'suiteCache' },
  },
  { name: 'grep', flags: '-g, --grep <pattern>', help: 'only checks whose id or title match (a partial run)', session: { key: 'grep' } },
  { name: 'bail', flags: '--bail', help: 'stop at the first failed required check', session: { key: 'bail' } },
  {
    name: 'allowHttp',
    flags: '--allow-http',
    help: 'accept a plain-http base URL for local development (HTTPS becomes a warning)',
    session: { key: 'allowHttp' },
    rerun: true,
  },
  {
    name: 'mockHttp',
    flags: '--mock-http',
    help: 'PMS target: the mock channel manager serves plain HTTP instead of HTTPS (local development; never certified)',
    session: { key: 'mockHttp' },
    rerun: true,
  },
  { name: 'ca', flags: '--ca <file>', help: 'PEM file of a private CA the candidate certificate chains to', session: { key: 'ca' }, rerun: true },
  { name: 'reporter', flags: '-r, --reporter <name>', help: 'report file: json, junit, html (repeatable)', repeatable: true, session: { key: 'reporter' } },
  {
    name: 'outputDir',
    flags: '-o, --output-dir <dir>',
    help: 'where report files go (checked before the run starts)',
    default: 'cm-certify-report',
    session: { key: 'outputDir' },
  },
  {
    name: 'timeout',
    flags: '--timeout <time>',
    help: "per-request timeout (5000, 500ms, 10s), overriding the profile's timeouts.request_ms",
    session: { key: 'requestTimeoutMs', parse: 'timeout' },
  },
  { name: 'quiet', flags: '-q, --quiet', help: 'print only the verdict line' },
  { name: 'verbose', flags: '-v, --verbose', help: 'also print every request and response in full (secrets redacted)' },
  { name: 'color', flags: '--no-color', help: 'no colours (also: NO_COLOR=1)' },
  {
    name: 'waivers',
    flags: '--waivers <file>',
    help: 'waiver file (YAML): failures of the checks it names are accepted until their dates (verdict certified-with-waivers)',
    session: { key: 'waivers' },
  },
  {
    name: 'signKey',
    flags: '--sign-key <file>',
    help: 'sign the certificate of the json/html reports with this Ed25519 private key (cm-certify keys generate)',
    session: { key: 'signKey' },
  },
  {
    name: 'seed',
    flags: '--seed <n>',
    help: 'the seed of what the run draws (model-based sequences); every report prints the one used, so a run can be replayed (default: a fresh one)',
    session: { key: 'seed', parse: 'seed' },
  },
  {
    name: 'require',
    flags: '--require <verdict>',
    help: 'exit 1 unless the verdict is this (certified refuses certified-with-waivers)',
    choices: ['certified', 'certified-with-waivers'],
  },
] as const satisfies readonly RunFlag[];

/** What commander gives for a row: a list (repeatable), a string (a flag with a value), or a boolean. */
type FlagValue<R> = R extends { repeatable: true } ? string[] : R extends { flags: `${string}<${string}` } ? string : boolean;

/** The `run` flags as commander gives them, keyed by name: one type, read off the table. */
export type RunFlagValues = { [R in (typeof RUN_FLAGS)[number] as R['name']]?: FlagValue<R> };

const collect = (value: string, previous: string[] = []): string[] => [...previous, value];

/** The commander options of the table, in its order. */
export function runOptions(): Option[] {
  return (RUN_FLAGS as readonly RunFlag[]).map((row) => {
    const option = new Option(row.flags, row.help);
    if (row.choices) option.choices([...row.choices]);
    if (row.repeatable) option.argParser(collect);
    if (row.default !== undefined) option.default(row.default);
    return option;
  });
}
