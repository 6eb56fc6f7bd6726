// Candidate profiles: takes a YAML file (or text) and the environment, gives a typed
// Profile with defaults applied and its secret values listed for the Redactor. Missing
// environment variables and schema violations become a ProfileError with file:line.
import { dirname, isAbsolute, resolve } from 'node:path';
import type { ValidateFunction } from 'ajv';
import { ProfileError } from '../support/errors.js';
import type { SourceLocation } from '../support/errors.js';
import { createProfileAjv, formatValidator, standaloneSet } from '../support/standalone.js';
import { readInputFile } from '../support/read-input.js';
import { parseYaml, isYamlProblem, positionAt } from '../support/yaml-source.js';
import type { PathSegment, YamlSource } from '../support/yaml-source.js';
import { SECRET_KEY_RE } from '../support/redact.js';
import { CAPABILITY_NAMES } from '../spec/operations.js';
import { PROFILE_SCHEMA } from './profile-schema.js';
import { applyDefaults } from './defaults.js';
import { didYouMean, problemsError, schemaProblems } from './profile-problems.js';
import type { Problem } from './profile-problems.js';
import type { Profile, RawProfile } from './types.js';
import { loadReservationTemplate } from './reservation-template.js';
import { identityVariables, readsEnvironment, urlCredentials } from './identity-fields.js';
import { compiledSource, keepRead } from './compiled-profiles.js';

let validator: ValidateFunction | undefined;

const ENV_RE = /\$\{([A-Za-z_][A-Za-z0-9_]*)(?::-([^}]*))?\}/g;

interface EnvRef {
  name: string;
  fallback: string | undefined;
}

/** Where a replacement sits in the tokenized text, and how much longer it is than what it replaced. */
interface Shift {
  at: number;
  end: number;
  delta: number;
}

interface EnvTokens {
  text: string;
  refs: Map<string, EnvRef>;
  literal: string;
  shifts: Shift[];
}

/**
 * `${VAR}` is replaced by a plain token before YAML parsing, so it may stand anywhere a
 * scalar may (also inside a flow mapping, `{password: ${PW}}`, which YAML itself would
 * refuse); the tokens are resolved after parsing, where the field's line is known.
 */
/** The first of a fixed series of nonces that no token made from it can be found in the text: the same text is tokenized the same way every time (the compiled built-in profiles are keyed by it). */
function nonceFor(text: string): string {
  for (let n = 0; ; n++) {
    const nonce = `n${n.toString(36)}`;
    if (!text.includes(`cmenv${nonce}`) && !text.includes(`cmlit${nonce}`)) return nonce;
  }
}

export function tokenizeEnv(text: string): EnvTokens {
  const nonce = nonceFor(text);
  const literal = `cmlit${nonce}`;
  const refs = new Map<string, EnvRef>();
  const shifts: Shift[] = [];
  let n = 0;
  let delta = 0;
  // `$${` (a literal `${`) first, as it may stand where a `${VAR}` would start.
  const out = text.replace(
    new RegExp(`\\$\\$\\{|${ENV_RE.source}`, 'g'),
    (match: string, name: string | undefined, fallback: string | undefined, offset: number) => {
      let replacement = literal;
      if (name !== undefined) {
        replacement = `cmenv${nonce}x${n++}`;
        refs.set(replacement, { name, fallback });
      }
      const at = offset + delta;
      delta += replacement.length - match.length;
      shifts.push({ at, end: at + replacement.length, delta: replacement.length - match.length });
      return replacement;
    },
  );
  return { text: out, refs, literal, shifts };
}

/** A position in the tokenized text, placed in the profile as written (tokens are longer than `${VAR}`). */
function writtenLocation(location: SourceLocation, tokens: EnvTokens, written: string): SourceLocation {
  if (location.line === undefined || tokens.shifts.length === 0) return location;
  let offset = 0;
  for (let line = 1; line < location.line; line++) offset = tokens.text.indexOf('\n', offset) + 1;
  offset += (location.column ?? 1) - 1;
  let back = 0;
  for (const shift of tokens.shifts) {
    if (shift.at >= offset) break;
    back += offset < shift.end ? offset - shift.at : shift.delta;
  }
  return { ...location, ...positionAt(written, offset - back) };
}

/** The profile's YAML, read with its ${VAR} tokenized, every position placed as written. */
function readTokenized(written: string, file: string, tokens: EnvTokens): YamlSource {
  const compiled = compiledSource(file, tokens.text);
  const source = compiled ?? parseYaml(tokens.text, file);
  if (isYamlProblem(source)) throw new ProfileError(source.message, writtenLocation(source.location, tokens, written));
  if (!compiled) keepRead(tokens.text, source.value);
  if (tokens.shifts.length === 0) return source;
  const locate = (path: readonly PathSegment[], options?: { key?: boolean }): SourceLocation => writtenLocation(source.locate(path, options), tokens, written);
  return { file, value: source.value, locate, line: (path) => locate(path).line };
}

interface Interpolation {
  refs: Map<string, EnvRef>;
  literal: string;
  env: NodeJS.ProcessEnv;
  source: YamlSource;
  secrets: string[];
  /** Variables the profile lists under public_env: their values are not secrets (D-184). */
  publicEnv: ReadonlySet<string>;
  /** Each ${VAR} left in a hook command, to be given to the child as an environment variable (D-187). */
  hookEnv: Map<string, string>;
  /** The variable each field was read from, by dotted path (names only: what a reproduction names instead of a value). */
  envNames: Map<string, string>;
  /** Unset variables, collected so that all problems are reported at once. */
  problems: Problem[];
  /** Paths whose value could not be interpolated (not judged again by the schema). */
  unset: PathSegment[][];
}

/**
 * The variables a profile may read: CM_* ones, and those the person running cm-certify lists
 * in CM_ALLOW_ENV (names separated by commas or spaces). A profile from a repository cannot
 * name AWS_ACCESS_KEY_ID in a field the report shows. The list comes from the environment,
 * never from the profile. A hook command's ${VAR} is the shell's to read (the hook is code).
 */
export const ALLOW_ENV_VARIABLE = 'CM_ALLOW_ENV';

function mayRead(name: string, env: NodeJS.ProcessEnv): boolean {
  if (/^CM_[A-Z0-9_]+$/.test(name)) return true;
  return (env[ALLOW_ENV_VARIABLE] ?? '').split(/[\s,]+/).includes(name);
}

function refusedVariable(name: string): string {
  return `a profile may read only CM_* environment variables, not ${name}: rename it CM_…, or list it in ${ALLOW_ENV_VARIABLE} (${ALLOW_ENV_VARIABLE}=${name} cm-certify …) if you mean it`;
}

/** hooks.<name>.command: its ${VAR} stays for the shell, which reads it from the child's environment. */
function isHookCommand(path: PathSegment[]): boolean {
  return path.length === 3 && path[0] === 'hooks' && path[2] === 'command';
}

function publicEnvOf(value: unknown): Set<string> {
  const list = (value as { public_env?: unknown }).public_env;
  return new Set(Array.isArray(list) ? list.filter((v): v is string => typeof v === 'string') : []);
}

function interpolate(value: unknown, it: Interpolation, path: PathSegment[]): unknown {
  if (typeof value === 'string') {
    if (!it.refs.size && !value.includes(it.literal)) return value;
    const key = String(path[path.length - 1] ?? '');
    const tokenRe = new RegExp(`${[...it.refs.keys()][0]?.replace(/x\d+$/, '') ?? 'cmenv-none'}x\\d+`, 'g');
    const hookCommand = isHookCommand(path);
    return value
      .replace(tokenRe, (token) => {
        const ref = it.refs.get(token)!;
        if (!hookCommand && !mayRead(ref.name, it.env)) {
          it.problems.push({ message: refusedVariable(ref.name), location: it.source.locate(path) });
          it.unset.push(path);
          return '';
        }
        const found = it.env[ref.name];
        if (found === undefined && ref.fallback === undefined) {
          it.problems.push({ message: `environment variable ${ref.name} is not set`, location: it.source.locate(path) });
          it.unset.push(path);
          return '';
        }
        const text = found ?? ref.fallback ?? '';
        it.envNames.set(path.join('.'), ref.name);
        // Any value from the environment is a secret unless the profile lists it as public.
        if (SECRET_KEY_RE.test(key) || SECRET_KEY_RE.test(ref.name) || (found !== undefined && !it.publicEnv.has(ref.name))) it.secrets.push(text);
        if (!hookCommand) return text;
        it.hookEnv.set(ref.name, text);
        return `\${${ref.name}}`;
      })
      .split(it.literal)
      .join('${');
  }
  if (Array.isArray(value)) return value.map((v, i) => interpolate(v, it, [...path, i]));
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, interpolate(v, it, [...path, k])]));
  }
  return value;
}

/** Every string under a secret-looking key (shared_secret, *password*, token, authorization...). */
function collectSecrets(value: unknown, out: string[], key = ''): void {
  if (typeof value === 'string') {
    if (SECRET_KEY_RE.test(key)) out.push(value);
    return;
  }
  if (Array.isArray(value)) for (const v of value) collectSecrets(v, out, key);
  else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) collectSecrets(v, out, k);
}

/** Every schema problem of the value (all errors, in plain words); paths left unset by a missing variable are skipped. */
function shapeProblems(value: unknown, source: YamlSource, unset: PathSegment[][]): Problem[] {
  validator ??= formatValidator(standaloneSet('profile'), 'profile', PROFILE_SCHEMA, () => createProfileAjv());
  if (validator(value)) return [];
  const isUnset = (path: PathSegment[]): boolean => unset.some((u) => u.length === path.length && u.every((s, i) => String(s) === String(path[i])));
  // Capability names are judged by capabilityProblems, with a "did you mean".
  const isCapability = (path: PathSegment[]): boolean => path.length === 2 && path[0] === 'capabilities';
  return schemaProblems(validator.errors ?? [], source, (path) => isUnset(path) || isCapability(path));
}

function capabilityProblems(value: unknown, source: YamlSource): Problem[] {
  const caps = (value as { capabilities?: unknown }).capabilities;
  if (!Array.isArray(caps)) return [];
  return caps.flatMap((name, i) => {
    if (CAPABILITY_NAMES.includes(name as never)) return [];
    if (typeof name !== 'string')
      return [{ message: `must be a capability name (known: ${CAPABILITY_NAMES.join(', ')})`, location: source.locate(['capabilities', i]) }];
    const guess = didYouMean(name, CAPABILITY_NAMES);
    const message = `unknown capability "${name}"${guess ? `\n    did you mean "${guess}"?` : ''}\n    (known: ${CAPABILITY_NAMES.join(', ')})`;
    return [{ message, location: source.locate(['capabilities', i]) }];
  });
}

function resolveFiles(raw: RawProfile, file: string): void {
  const template = raw.mock?.reservation_template;
  if (template && !isAbsolute(template)) raw.mock!.reservation_template = resolve(dirname(file), template);
  if (!raw.tls) return;
  const base = dirname(file);
  for (const key of ['ca', 'cert', 'key'] as const) {
    const p = raw.tls[key];
    if (p && !isAbsolute(p)) raw.tls[key] = resolve(base, p);
  }
}

/** The profile's YAML with each ${VAR} left unresolved, or a ProfileError at the first YAML problem. */
export function readProfileYaml(text: string, file: string): YamlSource {
  return readTokenized(text, file, tokenizeEnv(text));
}

/** Pure: YAML text + environment -> Profile. */
export function parseProfile(text: string, file: string, env: NodeJS.ProcessEnv = process.env): Profile {
  const tokens = tokenizeEnv(text);
  const source = readTokenized(text, file, tokens);
  if (source.value === null || typeof source.value !== 'object' || Array.isArray(source.value)) {
    const what = source.value === null ? 'the file is empty (or only comments)' : 'a profile must be a YAML mapping';
    throw new ProfileError(`${what}: see \`cm-certify init\` for one to start from`, { file, line: 1, column: 1 });
  }
  const secrets: string[] = [];
  const hookEnv = new Map<string, string>();
  const envNames = new Map<string, string>();
  const it: Interpolation = {
    refs: tokens.refs,
    literal: tokens.literal,
    env,
    source,
    secrets,
    // The base URL and the cid name the candidate in the certificate: what they read from the environment is shown.
    publicEnv: new Set([...publicEnvOf(source.value), ...identityVariables(source.value, tokens.refs)]),
    hookEnv,
    envNames,
    problems: [],
    unset: [],
  };
  const value = interpolate(source.value, it, []);
  // All problems at once: unset variables, schema problems, unknown capabilities (in file order).
  const problems = [...it.problems, ...shapeProblems(value, source, it.unset), ...capabilityProblems(value, source)].sort(
    (a, b) => (a.location.line ?? 0) - (b.location.line ?? 0) || (a.location.column ?? 0) - (b.location.column ?? 0),
  );
  if (problems.length) throw problemsError(problems, file);
  const raw = value as RawProfile;
  resolveFiles(raw, file);
  collectSecrets(raw, secrets);
  secrets.push(...urlCredentials(raw.base_url, readsEnvironment(source.value, tokens.refs)));
  const profile = applyDefaults(raw, file, [...new Set(secrets)]);
  profile.hookEnv = Object.fromEntries(hookEnv);
  profile.envNames = Object.fromEntries(envNames);
  return profile;
}

export function loadProfile(path: string, env: NodeJS.ProcessEnv = process.env): Profile {
  const profile = parseProfile(readInputFile(path, 'profile', ProfileError), path, env);
  const template = profile.raw.mock?.reservation_template;
  if (template) profile.reservationTemplate = loadReservationTemplate(template, path);
  return profile;
}
