// Secret redaction: takes the secret values of a profile, gives functions that remove
// them from text, URLs and JSON before anything is printed or written. Every reporter,
// transcript and error message passes through one Redactor.

export const REDACTED = '[redacted]';

/** Keys whose values are secrets wherever they appear (bodies, profiles, headers). */
export const SECRET_KEY_RE = /secret|password|passwd|token|authorization|api[-_]?key|cookie/i;

/** Shorter secrets are still removed by key and query name, but not as substrings (D-010). */
export const MIN_SUBSTRING_SECRET_LENGTH = 4;

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The forms a secret takes on the wire: raw, JSON-escaped and URL-encoded. */
function wireForms(secret: string): string[] {
  const forms = new Set([secret, JSON.stringify(secret).slice(1, -1), encodeURIComponent(secret)]);
  try {
    forms.add(new URLSearchParams({ s: secret }).toString().slice(2));
  } catch {
    // unreachable for strings; URLSearchParams accepts any string
  }
  return [...forms];
}

/**
 * A word every match of the query and JSON patterns below contains (both ignore case): a
 * text without one (most responses, most header values) skips both patterns.
 */
const SECRET_WORD_RE = /secret|passw(?:or)?d|token|authorization|api[-_]?key/i;
const QUERY_SECRET_RE = /([?&;](?:shared_secret|[a-z_]*(?:password|token|secret)[a-z_]*)=)[^&#\s"']*/gi;
const JSON_SECRET_RE = /("(?:[A-Za-z0-9_-]*(?:secret|password|passwd|token|authorization|api[-_]?key)[A-Za-z0-9_-]*)"\s*:\s*)"(?:[^"\\]|\\.)*"/gi;

/** Short texts (header values, URLs) recur on every request: their redaction is remembered. */
const MEMO_MAX_LENGTH = 512;
const MEMO_MAX_ENTRIES = 2_000;

export class Redactor {
  private secrets = new Set<string>();
  private pattern: RegExp | undefined;
  /** Every wire form of every secret: plain substring searches tell whether `pattern` can match. */
  private forms: string[] = [];
  private readonly memo = new Map<string, string>();

  constructor(secrets: Iterable<string | undefined> = []) {
    for (const s of secrets) this.addSecret(s);
  }

  addSecret(secret: string | undefined): void {
    if (typeof secret !== 'string' || secret.length < MIN_SUBSTRING_SECRET_LENGTH) return;
    if (this.secrets.has(secret)) return;
    this.secrets.add(secret);
    const forms = [...this.secrets].flatMap(wireForms).sort((a, b) => b.length - a.length);
    this.forms = forms;
    this.pattern = new RegExp(forms.map(escapeRegExp).join('|'), 'g');
    this.memo.clear();
  }

  get size(): number {
    return this.secrets.size;
  }

  /** Removes known secret values, secret query parameters and secret JSON members from text. */
  text(input: string): string {
    if (input.length > MEMO_MAX_LENGTH) return this.redact(input);
    let out = this.memo.get(input);
    if (out === undefined) {
      out = this.redact(input);
      if (this.memo.size >= MEMO_MAX_ENTRIES) this.memo.clear();
      this.memo.set(input, out);
    }
    return out;
  }

  private redact(input: string): string {
    let out = input;
    // Substring searches first: a pattern runs only on a text it can match.
    if (this.pattern && this.forms.some((form) => out.includes(form))) out = out.replace(this.pattern, REDACTED);
    if (!SECRET_WORD_RE.test(out)) return out;
    // Each pattern needs its first character somewhere in the text: a cheap search saves
    // running the pattern at every position.
    if (out.includes('?') || out.includes('&') || out.includes(';')) out = out.replace(QUERY_SECRET_RE, `$1${REDACTED}`);
    if (out.includes('"')) out = out.replace(JSON_SECRET_RE, `$1"${REDACTED}"`);
    return out;
  }

  url(input: string): string {
    return this.text(input);
  }

  /** A deep copy with secret-named members replaced and every string redacted. */
  json(value: unknown): unknown {
    return this.walk(value, 0);
  }

  private walk(value: unknown, depth: number): unknown {
    if (typeof value === 'string') return this.text(value);
    if (value === null || typeof value !== 'object' || depth > 64) return value;
    if (Array.isArray(value)) return value.map((v) => this.walk(v, depth + 1));
    // fromEntries makes own properties: a "__proto__" key stays a key, never a prototype.
    return Object.fromEntries(
      Object.entries(value).map(([key, v]) => [key, SECRET_KEY_RE.test(key) && v !== null && v !== '' ? REDACTED : this.walk(v, depth + 1)]),
    );
  }
}

/** Header names whose values are never shown. */
export function redactHeaders(headers: Record<string, string>, redactor: Redactor): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    out[name] = SECRET_KEY_RE.test(name) ? REDACTED : redactor.text(value);
  }
  return out;
}
