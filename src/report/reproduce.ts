// How to try a failing request again by hand: takes an exchange the harness sent (redacted,
// as every reporter gets it) and the names of the environment variables the profile read its
// secrets from, gives a `curl` command that sends the same request, every secret written as
// `${CM_SHARED_SECRET}` (never its value), and the `--grep` re-run hint for a check.
import type { Exchange } from '../spec/exchange.js';
import { REDACTED } from '../support/redact.js';
import { visibleLine } from '../support/sanitise.js';

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

/** A variable reference inside a text being built (private-use marks, which JSON.stringify keeps); turned into shell quoting at the end. */
const MARK = '\uE000';
const VAR = (name: string): string => `${MARK}${name}${MARK}`;
const HEADERS_LEFT_OUT = new Set(['user-agent', 'host', 'content-length', 'connection', 'accept-encoding']);

/** Single-quoted shell words, with each variable outside the quotes ("${NAME}") so the shell expands it. */
function shellQuote(text: string): string {
  return text
    .split(MARK)
    .map((part, i) => (i % 2 ? `"\${${part}}"` : part ? `'${part.replace(/'/g, `'\\''`)}'` : ''))
    .join('');
}

function urlWithVars(url: string, vars: SecretVars): string {
  return url.replace(
    /([?&;])([^=&#;]+)=\[redacted\]/g,
    (_m, sep: string, name: string) => `${sep}${name}=${VAR(/secret/i.test(name) ? vars.sharedSecret : 'CM_SECRET')}`,
  );
}

function withVars(value: unknown, vars: SecretVars): unknown {
  if (Array.isArray(value)) return value.map((v) => withVars(v, vars));
  if (value === null || typeof value !== 'object') return value;
  const object = value as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(object)) {
    if (v !== REDACTED) out[key] = withVars(v, vars);
    else if (/secret/i.test(key)) out[key] = VAR(vars.sharedSecret);
    else if (/password/i.test(key)) out[key] = VAR(String(object.wbp_property_id) === vars.otherPropertyId ? vars.otherPassword : vars.password);
    else out[key] = VAR('CM_SECRET');
  }
  return out;
}

/** The body, secrets as variables: one line when it fits, else one member per line (whitespace JSON ignores). */
function bodyText(body: string, vars: SecretVars, oneLine: boolean): string {
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch {
    return body;
  }
  return JSON.stringify(withVars(value, vars), null, oneLine ? undefined : 2);
}

/**
 * The curl command for an exchange the harness sent, as lines (continuations end in ` \`),
 * or undefined when it cannot be reproduced from the evidence (an inbound request, a body
 * cut at the evidence limit). With `width`, a body too wide for one line is spread over lines.
 */
export function curlLines(x: Exchange, vars: SecretVars, width = Infinity): string[] | undefined {
  if (x.direction !== 'outbound' || x.request.truncated) return undefined;
  const words = [`curl -sS -X ${x.request.method} ${shellQuote(urlWithVars(visibleLine(x.request.url), vars))}`];
  for (const [name, value] of Object.entries(x.request.headers)) {
    if (HEADERS_LEFT_OUT.has(name.toLowerCase())) continue;
    words.push(`  -H ${shellQuote(`${visibleLine(name)}: ${value === REDACTED ? VAR('CM_SECRET') : visibleLine(value)}`)}`);
  }
  if (x.request.body) {
    const flat = `  --data-binary ${visibleLine(shellQuote(bodyText(x.request.body, vars, true)))}`;
    const spread = () =>
      `  --data-binary ${shellQuote(bodyText(x.request.body, vars, false))
        .split('\n')
        .map((l, i) => (i ? `  ${visibleLine(l)}` : visibleLine(l)))
        .join('\n')}`;
    words.push(flat.length <= width ? flat : spread());
  }
  return words.join(' \\\n').split('\n');
}

/** A regular expression that selects exactly these check ids (for --grep), shell-quoted. */
export function grepFor(ids: readonly string[]): string {
  const alternatives = [...new Set(ids)].map((id) => id.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return shellQuote(`^(${alternatives.join('|')})$`);
}

/** The command that runs only these checks again. */
export function rerunHint(ids: readonly string[], reproduce: Pick<ReproduceContext, 'command'>): string {
  return `${reproduce.command} --grep ${grepFor(ids)}`;
}
