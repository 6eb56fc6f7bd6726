// The template expression language: takes the text between `${` and `}`, gives an AST.
// Small on purpose: paths (profile.x, captures.y[0].z), calls (guid(), version(t)),
// literals, and `+`/`-` with durations (today+30d, now-5m, captures.t+4m59s).

export type Expr =
  | { type: 'path'; root: string; segments: Array<string | number> }
  | { type: 'call'; name: string; args: Expr[] }
  | { type: 'number'; value: number }
  | { type: 'string'; value: string }
  | { type: 'offset'; base: Expr; sign: 1 | -1; ms: number; days: number; months: number };

export class TemplateSyntaxError extends Error {
  override name = 'TemplateSyntaxError';
}

const DURATION_RE = /^(?:\d+(?:y|mo|w|d|h|m|s|ms))+$/;
const DURATION_PART_RE = /(\d+)(ms|mo|y|w|d|h|m|s)/g;

const UNIT_MS: Record<string, number> = { w: 7 * 86_400_000, d: 86_400_000, h: 3_600_000, m: 60_000, s: 1000, ms: 1 };

export function parseDuration(text: string): { ms: number; days: number; months: number } | undefined {
  if (!DURATION_RE.test(text)) return undefined;
  let ms = 0;
  let days = 0;
  let months = 0;
  for (const [, n, unit] of text.matchAll(DURATION_PART_RE)) {
    const value = Number(n);
    if (unit === 'y') months += 12 * value;
    else if (unit === 'mo') months += value;
    else if (unit === 'd' || unit === 'w') days += unit === 'w' ? 7 * value : value;
    else ms += value * UNIT_MS[unit!]!;
  }
  return { ms, days, months };
}

type Token = { kind: 'ident' | 'number' | 'string' | 'duration' | 'punct'; text: string; pos: number };

function tokenize(source: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < source.length) {
    const ch = source[i]!;
    if (/\s/.test(ch)) {
      i++;
      continue;
    }
    const rest = source.slice(i);
    const m =
      /^\d+(?:ms|mo|y|w|d|h|m|s)(?:\d+(?:ms|mo|y|w|d|h|m|s))*(?![A-Za-z0-9_])/.exec(rest) ??
      /^\d+(?:\.\d+)?(?![A-Za-z_])/.exec(rest) ??
      /^[A-Za-z_][A-Za-z0-9_]*/.exec(rest);
    if (m) {
      const text = m[0];
      const kind = /^\d/.test(text) ? (/[a-z]/.test(text) ? 'duration' : 'number') : 'ident';
      tokens.push({ kind, text, pos: i });
      i += text.length;
      continue;
    }
    if (ch === '"' || ch === "'") {
      const end = source.indexOf(ch, i + 1);
      if (end < 0) throw new TemplateSyntaxError(`unterminated string at position ${i}`);
      tokens.push({ kind: 'string', text: source.slice(i + 1, end), pos: i });
      i = end + 1;
      continue;
    }
    if ('.[](),+-'.includes(ch)) {
      tokens.push({ kind: 'punct', text: ch, pos: i });
      i++;
      continue;
    }
    throw new TemplateSyntaxError(`unexpected character ${JSON.stringify(ch)} at position ${i}`);
  }
  return tokens;
}

class Parser {
  private i = 0;
  constructor(
    private readonly tokens: Token[],
    private readonly source: string,
  ) {}

  parse(): Expr {
    if (this.tokens.length === 0) throw new TemplateSyntaxError('empty expression');
    const expr = this.expr();
    const extra = this.tokens[this.i];
    if (extra) throw new TemplateSyntaxError(`unexpected ${JSON.stringify(extra.text)} at position ${extra.pos}`);
    return expr;
  }

  private peek(): Token | undefined {
    return this.tokens[this.i];
  }

  private take(text?: string): Token {
    const t = this.tokens[this.i];
    if (!t || (text !== undefined && t.text !== text)) {
      const where = t ? `${JSON.stringify(t.text)} at position ${t.pos}` : 'the end';
      throw new TemplateSyntaxError(`expected ${text ? JSON.stringify(text) : 'a value'} but found ${where} in ${JSON.stringify(this.source)}`);
    }
    this.i++;
    return t;
  }

  private expr(): Expr {
    let base = this.term();
    for (let t = this.peek(); t && (t.text === '+' || t.text === '-'); t = this.peek()) {
      this.i++;
      const d = this.take();
      const duration = d.kind === 'duration' ? parseDuration(d.text) : undefined;
      if (!duration)
        throw new TemplateSyntaxError(`expected a duration like 30d, 5m or 4m59s after ${JSON.stringify(t.text)}, found ${JSON.stringify(d.text)}`);
      base = { type: 'offset', base, sign: t.text === '+' ? 1 : -1, ...duration };
    }
    return base;
  }

  private term(): Expr {
    const t = this.take();
    if (t.kind === 'number') return { type: 'number', value: Number(t.text) };
    if (t.kind === 'string') return { type: 'string', value: t.text };
    if (t.kind !== 'ident') throw new TemplateSyntaxError(`unexpected ${JSON.stringify(t.text)} at position ${t.pos}`);
    if (this.peek()?.text === '(') return this.call(t.text);
    return this.path(t.text);
  }

  private call(name: string): Expr {
    this.take('(');
    const args: Expr[] = [];
    if (this.peek()?.text !== ')') {
      args.push(this.expr());
      while (this.peek()?.text === ',') {
        this.i++;
        args.push(this.expr());
      }
    }
    this.take(')');
    return { type: 'call', name, args };
  }

  private path(root: string): Expr {
    const segments: Array<string | number> = [];
    for (let t = this.peek(); t && (t.text === '.' || t.text === '['); t = this.peek()) {
      this.i++;
      if (t.text === '.') {
        const key = this.take();
        if (key.kind !== 'ident' && key.kind !== 'number') throw new TemplateSyntaxError(`expected a name after "." at position ${key.pos}`);
        segments.push(key.text);
      } else {
        const index = this.take();
        if (index.kind === 'number' && Number.isInteger(Number(index.text))) segments.push(Number(index.text));
        else if (index.kind === 'string') segments.push(index.text);
        else throw new TemplateSyntaxError(`expected an index or a quoted key in [] at position ${index.pos}`);
        this.take(']');
      }
    }
    return { type: 'path', root, segments };
  }
}

export function parseExpression(source: string): Expr {
  return new Parser(tokenize(source), source).parse();
}

/** A template string split into literal text and expressions. `$${` escapes a literal `${`. */
export type TemplatePart = { text: string } | { expr: Expr; source: string };

export function parseTemplateString(input: string): TemplatePart[] {
  const parts: TemplatePart[] = [];
  let i = 0;
  let literal = '';
  while (i < input.length) {
    if (input.startsWith('$${', i)) {
      literal += '${';
      i += 3;
      continue;
    }
    if (input.startsWith('${', i)) {
      const end = input.indexOf('}', i + 2);
      if (end < 0) throw new TemplateSyntaxError(`unterminated \${ in ${JSON.stringify(input)}`);
      if (literal) parts.push({ text: literal });
      literal = '';
      const source = input.slice(i + 2, end);
      parts.push({ expr: parseExpression(source), source });
      i = end + 1;
      continue;
    }
    literal += input[i];
    i++;
  }
  if (literal || parts.length === 0) parts.push({ text: literal });
  return parts;
}
