// How to try a failing request again by hand: takes an exchange the harness sent (redacted,
// as every reporter gets it) and the names of the environment variables the profile read its
// secrets from, gives a `curl` command that sends the same request, every secret written as
// `${CM_SHARED_SECRET}` (never its value), and the `--grep` re-run hint for a check.
import type { Exchange } from '../spec/exchange.js';
import { SYNTHETIC_CHECKS } from '../spec/unruled-checks.js';
import { REDACTED } from '../support/redact.js';
import { hasUnsafe, visibleLine } from '../support/sanitise.js';
import { shellWord } from '../support/shell-word.js';

/** Where the profile's secrets come from: variable names only (profile.envNames, or the names `init` writes). */
export interface SecretVars {
  sharedSecret: string;
  password: string;
  otherPassword: string;
  /** The not-enabled fixture property: its password is another variable. */
  otherPropertyId?: string | undefined;
}

export const DEFAULT_SECRET_VARS: SecretVars = { sharedSecret: 'CM_SHARED_SECRET', password: 'CM_PROPERTY_PASSWORD', otherPassword: 'CM_OTHER_PASSWORD' };

/** What the reporters need to say how to reproduce a failure and run it again. */
export interface ReproduceContext {
  secretVars: SecretVars;
  /** The command that ran, without selection flags ("cm-certify run --target ota --profile p.yaml"). */
  command: string;
  /** The private CA file the run trusted (--ca or tls.ca): curl needs it too (`--cacert`). */
  caFile?: string | undefined;
  /** The run's seed: a re-run draws the same sequences and bookings, so it meets the same failure. */
  seed?: number | undefined;
  /** The --suite values the run was given: a re-run runs the same suites. */
  suites?: readonly string[] | undefined;
  /** The ids of the checks judged on every exchange (no suite declares them): their re-run names the suites they failed in. */
  everyExchange?: ReadonlySet<string> | undefined;
}

/** The variables of a profile: the names its fields were read from, else the names `init` writes. */
export function secretVarsOf(envNames: Record<string, string> | undefined, otherPropertyId?: string): SecretVars {
  const names = envNames ?? {};
  return {
    sharedSecret: names.shared_secret ?? DEFAULT_SECRET_VARS.sharedSecret,
    password: names['property.wbp_property_password'] ?? DEFAULT_SECRET_VARS.password,
    otherPassword: names['fixtures.not_enabled_property.wbp_property_password'] ?? DEFAULT_SECRET_VARS.otherPassword,
    otherPropertyId,
  };
}

/**
 * A shell word being built: literal text, or a variable the shell expands. Kept as a list of
 * parts up to the end, never as text with in-band marks: a candidate's text can hold any
 * character, so no character may stand for "a variable starts here" (issue 28 item 1).
 */
type Part = string | { readonly variable: string };
type Word = Part[];

const HEADERS_LEFT_OUT = new Set(['user-agent', 'host', 'content-length', 'connection', 'accept-encoding']);
/** A variable name the shell reads as one name; any other (a hostile profile's) becomes the generic one. */
const SHELL_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;
const variable = (name: string): Part => ({ variable: SHELL_NAME.test(name) ? name : 'CM_SECRET' });

/** Literal text as one single-quoted shell word: inside single quotes only `'` is special. */
const quoteLiteral = (text: string): string => `'${text.replace(/'/g, `'\\''`)}'`;

/** A word as shell text: literal runs single-quoted (made visible, line by line), each variable as "${NAME}". */
function quoteWord(word: Word): string {
  const out: string[] = [];
  let literal = '';
  const flush = (): void => {
    if (literal) out.push(quoteLiteral(literal.split('\n').map(visibleLine).join('\n')));
    literal = '';
  };
  for (const part of word) {
    if (typeof part === 'string') literal += part;
    else {
      flush();
      out.push(`"\${${part.variable}}"`);
    }
  }
  flush();
  return out.length ? out.join('') : "''";
}

/** A query value the harness redacted is the variable its name says. */
function urlWord(url: string, vars: SecretVars): Word {
  const word: Word = [];
  let last = 0;
  for (const m of url.matchAll(/([?&;])([^=&#;]+)=\[redacted\]/g)) {
    word.push(url.slice(last, m.index) + `${m[1]}${m[2]}=`, variable(/secret/i.test(m[2]!) ? vars.sharedSecret : 'CM_SECRET'));
    last = m.index + m[0].length;
  }
  word.push(url.slice(last));
  return word;
}

/** A JSON string literal, every character the terminal would escape written as a JSON `\uXXXX` escape (the same string to a parser). */
function jsonString(text: string): string {
  return JSON.stringify(text).replace(/[^\x20-\x7e]/gu, (c) =>
    hasUnsafe(c) ? [...Array(c.length).keys()].map((i) => `\\u${c.charCodeAt(i).toString(16).padStart(4, '0')}`).join('') : c,
  );
}

/** The variable a redacted member stands for: by its key, the fixture property's password its own. */
function secretFor(key: string, object: Record<string, unknown>, vars: SecretVars): Part {
  if (/secret/i.test(key)) return variable(vars.sharedSecret);
  if (/password/i.test(key)) return variable(String(object.wbp_property_id) === vars.otherPropertyId ? vars.otherPassword : vars.password);
  return variable('CM_SECRET');
}

/** JSON text as parts, each redacted value a variable inside its quotes; `indent` spreads it one member per line. */
function jsonParts(value: unknown, vars: SecretVars, indent: string, depth = 0, secret?: Part): Word {
  if (secret) return ['"', secret, '"'];
  if (value === null || typeof value !== 'object') return [typeof value === 'string' ? jsonString(value) : (JSON.stringify(value) ?? 'null')];
  const inner = indent ? `\n${indent.repeat(depth + 1)}` : '';
  const close = indent ? `\n${indent.repeat(depth)}` : '';
  const colon = indent ? ': ' : ':';
  const members: Word[] = Array.isArray(value)
    ? value.map((v) => jsonParts(v, vars, indent, depth + 1))
    : Object.entries(value as Record<string, unknown>).map(([key, v]) => [
        `${jsonString(key)}${colon}`,
        ...jsonParts(v, vars, indent, depth + 1, v === REDACTED ? secretFor(key, value as Record<string, unknown>, vars) : undefined),
      ]);
  const [open, end] = Array.isArray(value) ? ['[', ']'] : ['{', '}'];
  if (members.length === 0) return [open + end];
  return [open, ...members.flatMap((m, i) => [i ? `,${inner}` : inner, ...m]), close + end];
}

/** The body, secrets as variables: one line when it fits, else one member per line (whitespace JSON ignores). */
function bodyWord(body: string, vars: SecretVars, oneLine: boolean): Word {
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch {
    return [body.replace(/\n/g, '\\n')];
  }
  return jsonParts(value, vars, oneLine ? '' : '  ');
}

/** The words of the command, each as shell text: curl and its flags, then the quoted values. */
function commandWords(x: Exchange, vars: SecretVars, caFile: string | undefined): string[][] {
  const cacert = caFile ? ['--cacert', shellWord(visibleLine(caFile))] : [];
  const words: string[][] = [['curl', '-sS', ...cacert, '-X', shellWord(visibleLine(x.request.method)), quoteWord(urlWord(visibleLine(x.request.url), vars))]];
  for (const [name, value] of Object.entries(x.request.headers)) {
    if (HEADERS_LEFT_OUT.has(name.toLowerCase())) continue;
    words.push(['-H', quoteWord([`${visibleLine(name)}: `, value === REDACTED ? variable('CM_SECRET') : visibleLine(value)])]);
  }
  return words;
}

/**
 * The curl command for an exchange the harness sent, as lines (continuations end in ` \`),
 * or undefined when it cannot be reproduced from the evidence (an inbound request, a body
 * cut at the evidence limit). With `width`, a body too wide for one line is spread over lines.
 * With `caFile` (the private CA the run trusted), curl is told to trust it too.
 */
export function curlLines(x: Exchange, vars: SecretVars, width = Infinity, caFile?: string): string[] | undefined {
  if (x.direction !== 'outbound' || x.request.truncated) return undefined;
  const lines = commandWords(x, vars, caFile).map((w, i) => `${i ? '  ' : ''}${w.join(' ')}`);
  if (x.request.body) {
    const flat = `  --data-binary ${quoteWord(bodyWord(x.request.body, vars, true))}`;
    const spread = () => `  --data-binary ${quoteWord(bodyWord(x.request.body, vars, false))}`.split('\n').join('\n  ');
    lines.push(flat.length <= width ? flat : spread());
  }
  return lines.join(' \\\n').split('\n');
}

/** A regular expression that selects exactly these check ids (for --grep), shell-quoted. */
export function grepFor(ids: readonly string[]): string {
  const alternatives = [...new Set(ids)].map((id) => id.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return shellWord(visibleLine(`^(${alternatives.join('|')})$`));
}

/**
 * The command that runs only these checks again, with the run's seed and suites, so it meets
 * the same failure: a check judged on every exchange (schema.*, rule.*, protocol.*) is run
 * again in the suites it failed in (`failedIn`), not in all of them. The command holds a profile
 * path, which can hold any character (ESC, BEL, U+202E): made visible through the one escaping
 * module, as every other printed text is (issue 28 item 14).
 */
export function rerunHint(
  ids: readonly string[],
  reproduce: Pick<ReproduceContext, 'command' | 'seed' | 'suites' | 'everyExchange'>,
  failedIn: readonly string[] = [],
): string | undefined {
  // A check no suite declares (harness.fault) cannot be selected: --grep would refuse the command.
  const declared = ids.filter((id) => !SYNTHETIC_CHECKS.has(id));
  if (!declared.length) return undefined;
  const words = [visibleLine(reproduce.command)];
  const anywhere = declared.some((id) => reproduce.everyExchange?.has(id));
  const suites = reproduce.suites?.length ? reproduce.suites : anywhere ? failedIn : [];
  for (const suite of new Set(suites)) words.push('--suite', shellWord(visibleLine(suite)));
  if (reproduce.seed !== undefined) words.push('--seed', String(reproduce.seed));
  words.push('--grep', grepFor(declared));
  return words.join(' ');
}
