// Random YAML documents for the fast reader's tests: takes a seed, gives texts mixing what
// suites are written in (block mappings and sequences at varying indentation, compact
// sequences, `- key:` entries, plain / quoted scalars with core-schema look-alikes, one-line
// flow collections, comments, `|` `>` block scalars with chomping, `---`) and what the reader
// must hand over (odd indentation, tricky plain scalars, escapes, deeper comments). Texts need
// not be valid YAML: the tests compare every answer with the exact parser's.

export type Rand = () => number;

/** A small deterministic PRNG (mulberry32), so a failing document can be regenerated. */
export function prng(seed: number): Rand {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pick = <T>(r: Rand, list: readonly T[]): T => list[Math.floor(r() * list.length)]!;

/** Plain scalars as suites write them, core-schema look-alikes among them. */
const PLAIN = [
  'a', 'hello world', 'yes', 'no', 'on', 'True', 'tRue', 'FALSE', 'null', 'Null', 'nUll', '~', '0x1F', '0X1F', '0o17', '007', '08', '0',
  '1e3', '1E+03', '.5', '5.', '+.5', '-0', '-0.0', '+12', '.inf', '-.Inf', '+.INF', '.NaN', '.nan', '1_000', '2026-12-04',
  '2026-12-04T10:00:00Z', '12:30', 'a:b', 'a#b', '-1', '-x', 'a, b', 'x]', 'x}', "it's", 'say "hi"', '${profile.currency}',
  '${response.Rooms[0].wbp_room_id}', '€ 80.50', 'Résumé › ok', 'a  b', 'back\\slash', '1:2:3', '1.0.0', '12e', 'e3', '0b101',
  '9007199254740993', '123456789012345678901234567890', 'true', 'false', 'NULL', 'x #y', 'a!b', 'a&b', 'a*b', 'a|b', 'a>b',
];
/** Plain scalars the reader must refuse or read with care. */
const TRICKY = ['x: y', '- x', '-', '?x', ':x', '[x]', '{x}', '*x', '&x', '!x', '%x', '@x', '`x`', '#x', '|', '>', "'", '"', '__proto__', '<<', 'a: ', 'end:', 'a\tb', '---', '...', '-[x]', '-#'];
const DOUBLE = ['plain', 'with \\"quote\\"', 'tab\\there', 'nl\\nx', 'uni \\u00e9 \\x41 \\U0001F600', 'slash\\/', 'nb\\_sp', 'bad \\q', 'end\\\\', '', '# not a comment', 'a: b', 'trail ', ' lead', '\\ud83d\\ude00', 'x\\'];
const SINGLE = ['plain', "it''s", "''", '', 'a: b', '# x', 'back\\slash', ' spaced '];
const KEYS = ['id', 'title', 'call', 'body', 'checks', 'expect', 'a b', 'x-y', '/Inventory/0/units', 'a~b', 'a/b', 'a:b', 'k#', 'a[0]', 'Ünï', 'constructor', 'toString', '-k', 'wbp_room_id'];
const TRICKY_KEYS = ['1', 'true', '~', 'null', '__proto__', '<<', '?k', '', 'k #x', '[k]', '&k', '!k'];
const WORDS = ['alpha', 'beta  gamma', '# hash', 'x: y', '- dash', "'q'", '"dq"', 'tail  ', '', 'alpha', 'beta', '  indented more'];

type Node = { kind: 'map'; entries: Array<[string, Node]> } | { kind: 'seq'; items: Node[] } | { kind: 'scalar'; text: string } | { kind: 'block'; header: string; lines: string[] };

function scalar(r: Rand): string {
  const x = r();
  if (x < 0.05) return pick(r, TRICKY);
  if (x < 0.6) return pick(r, PLAIN);
  if (x < 0.85) return `"${pick(r, DOUBLE)}"`;
  return `'${pick(r, SINGLE)}'`;
}

function key(r: Rand): string {
  const k = r() < 0.05 ? pick(r, TRICKY_KEYS) : pick(r, KEYS);
  const x = r();
  return x < 0.75 ? k : x < 0.9 ? `"${k}"` : `'${k}'`;
}

function flowText(r: Rand, depth: number): string {
  const x = r();
  if (depth > 2 || x < 0.5) return scalar(r);
  const n = Math.floor(r() * 4);
  if (x < 0.75) return `[${Array.from({ length: n }, () => flowText(r, depth + 1)).join(pick(r, [', ', ',', ' , ']))}]`;
  return `{${pick(r, [' ', ''])}${Array.from({ length: n }, () => `${key(r)}: ${flowText(r, depth + 1)}`).join(', ')}${pick(r, [' ', ''])}}`;
}

function node(r: Rand, depth: number): Node {
  const x = r();
  if (depth >= 5 || x < 0.45) return { kind: 'scalar', text: x < 0.1 ? flowText(r, 0) : x < 0.13 ? '' : scalar(r) };
  if (x < 0.52) {
    const header = `${pick(r, ['|', '>'])}${pick(r, ['', '', '-', '+', '', '-', '2'])}${pick(r, ['', '', ' # c'])}`;
    const lines = Array.from({ length: 1 + Math.floor(r() * 4) }, () => pick(r, WORDS));
    if (lines[0] === '') lines[0] = 'first';
    return { kind: 'block', header, lines };
  }
  const n = 1 + Math.floor(r() * 4);
  if (x < 0.8) {
    const entries: Array<[string, Node]> = [];
    for (let i = 0; i < n; i++) entries.push([key(r), node(r, depth + 1)]);
    return { kind: 'map', entries };
  }
  return { kind: 'seq', items: Array.from({ length: n }, () => node(r, depth + 1)) };
}

function comment(r: Rand, out: string[], indent: number): void {
  const x = r();
  if (x < 0.08) out.push(`${' '.repeat(Math.max(0, indent + Math.floor(r() * 5) - 2))}# note`);
  else if (x < 0.12) out.push('');
}

function step(r: Rand): number {
  return pick(r, [2, 2, 2, 2, 4, 1, 3]);
}

/** Lines for `value` after `head` (a `key:` or `-` at its column); nested blocks go below. */
function emitValue(r: Rand, value: Node, head: string, col: number, out: string[], inMap: boolean): void {
  const tail = r() < 0.1 ? ' # trailing' : '';
  if (value.kind === 'scalar') {
    out.push(`${head}${value.text === '' ? '' : ' '}${value.text}${tail}`);
    return;
  }
  if (value.kind === 'block') {
    out.push(`${head} ${value.header}`);
    const inner = col + step(r);
    const blank = (): string => ' '.repeat(r() < 0.9 ? Math.floor(r() * (inner + 1)) : inner + 1);
    for (const line of value.lines) out.push(line === '' ? blank() : `${' '.repeat(inner)}${line}`);
    if (r() < 0.3) out.push('');
    return;
  }
  if (value.kind === 'map' && !inMap && r() < 0.7) {
    // `- key: value`: the mapping's column is that of its first key.
    emitMap(r, value, col + 1 + pick(r, [1, 1, 3]), out, `${head}${' '.repeat(0)}`);
    return;
  }
  out.push(`${head}${tail}`);
  comment(r, out, col);
  const compact = inMap && value.kind === 'seq' && r() < 0.3;
  emitBlock(r, value, compact ? col : col + step(r), out);
}

function emitMap(r: Rand, map: Extract<Node, { kind: 'map' }>, col: number, out: string[], firstPrefix?: string): void {
  map.entries.forEach(([k, v], i) => {
    const pad = i === 0 && firstPrefix !== undefined ? firstPrefix.padEnd(col) : ' '.repeat(col + (r() < 0.02 ? 1 : 0));
    emitValue(r, v, `${pad}${k}${r() < 0.05 ? ' ' : ''}:`, col, out, true);
    comment(r, out, col);
  });
}

function emitBlock(r: Rand, value: Node, col: number, out: string[]): void {
  if (value.kind === 'map') emitMap(r, value, col, out);
  else if (value.kind === 'seq') {
    for (const item of value.items) {
      emitValue(r, item, `${' '.repeat(col)}-`, col, out, false);
      comment(r, out, col);
    }
  } else emitValue(r, value, ' '.repeat(col) + 'x:', col, out, true);
}

/** One random document: a mapping (mostly) or a sequence at the top. */
export function randomYaml(r: Rand): string {
  const out: string[] = [];
  if (r() < 0.2) out.push('# a suite');
  if (r() < 0.2) out.push(pick(r, ['---', '--- # start']));
  const top: Node = r() < 0.85 ? { kind: 'map', entries: Array.from({ length: 1 + Math.floor(r() * 4) }, () => [key(r), node(r, 1)] as [string, Node]) } : { kind: 'seq', items: [node(r, 1), node(r, 1)] };
  emitBlock(r, top, r() < 0.9 ? 0 : 2, out);
  return `${out.join('\n')}${r() < 0.95 ? '\n' : ''}`;
}

const MUTATIONS = [' ', '  ', ':', ': ', '#', ' #', '-', '- ', "'", '"', '\n', '\n  ', '|', '>', '&a ', '*a', '!!str ', '? ', '[', '{', ',', '\t', '\r', '\\', '---\n', '...\n', '%'];

/** `text` with a few random insertions and deletions. */
export function mutate(r: Rand, text: string): string {
  let out = text;
  const times = 1 + Math.floor(r() * 3);
  for (let i = 0; i < times; i++) {
    const at = Math.floor(r() * (out.length + 1));
    out = r() < 0.7 ? out.slice(0, at) + pick(r, MUTATIONS) + out.slice(at) : out.slice(0, at) + out.slice(at + 1 + Math.floor(r() * 3));
  }
  return out;
}
