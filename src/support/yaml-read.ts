// YAML text to one `yaml` Document: takes the text, gives its CST tokens (readTokens) and the
// Document composed from them with a LineCounter for its positions, or the first problem with
// its offset. The `yaml` parser is driven token by
// token so that nesting is bounded while it parses (its composer recurses once per level: a
// few thousand `[` would overflow the stack), and a `%YAML` directive other than 1.2 is
// refused before anything is read under another schema.
import type { Composer, CST, Document, LineCounter, Parser, YAMLError } from 'yaml';
import { yamlLib, yamlParsing } from './yaml-lib.js';

/**
 * How deep collections may nest in a suite or profile: a body (at most MAX_JSON_DEPTH, 64)
 * sits a few levels down in a suite, so twice that is ample, and far from any stack limit.
 */
export const MAX_YAML_DEPTH = 128;

export interface ReadDocument {
  doc: Document.Parsed;
  counter: LineCounter;
}

export interface ReadProblem {
  message: string;
  /** Offset in the text (after a leading BOM), where the problem starts. */
  offset: number;
}

const BOM = 0xfeff;

/** The text without a leading byte order mark, so that columns are counted as an editor shows them. */
export function withoutBom(text: string): string {
  return text.charCodeAt(0) === BOM ? text.slice(1) : text;
}

/** Under 1.1 the same text means other values: refused rather than read either way. */
function directiveProblem(source: string, offset: number): ReadProblem | undefined {
  const version = /^%YAML[ \t]+(\S+)/.exec(source)?.[1];
  if (version === undefined || version === '1.2') return undefined;
  return {
    message:
      `unsupported directive "%YAML ${version}": cm-certify reads YAML 1.2 only, where \`010\` is 10 and \`yes\` is a string;` +
      ' under YAML 1.1 the same text means other values (`010` is 8, `yes` is true), so the file would not say what it seems to.' +
      ' Remove the directive (or write %YAML 1.2)',
    offset,
  };
}

/**
 * The parser keeps a stack entry per open collection (and the document, the node being read):
 * the nesting depth, known before the composer recurses. Counted only past the bound's length.
 */
function openCollections(stack: readonly CST.Token[]): number {
  let open = 0;
  for (const token of stack) if (token.type === 'block-map' || token.type === 'block-seq' || token.type === 'flow-collection') open++;
  return open;
}

/** The parser's CST tokens, or the first place the nesting or a directive is refused. */
function tokensOf(parser: Parser, text: string, counter: LineCounter): CST.Token[] | ReadProblem {
  const { Lexer } = yamlParsing();
  const tokens: CST.Token[] = [];
  counter.addNewLine(0);
  for (const lexeme of new Lexer().lex(text)) {
    const at = parser.offset;
    for (const token of parser.next(lexeme)) {
      if (token.type === 'directive') {
        const problem = directiveProblem(token.source, token.offset);
        if (problem) return problem;
      }
      tokens.push(token);
    }
    if (parser.stack.length > MAX_YAML_DEPTH && openCollections(parser.stack) > MAX_YAML_DEPTH) {
      return {
        message: `the YAML nests deeper than ${MAX_YAML_DEPTH} levels (a suite or profile needs a few; refused before reading on, so no parser runs out of stack)`,
        offset: at,
      };
    }
  }
  for (const token of parser.end()) tokens.push(token);
  return tokens;
}

function firstError(errors: readonly YAMLError[]): YAMLError | undefined {
  let first: YAMLError | undefined;
  for (const error of errors) if (!first || error.pos[0] < first.pos[0]) first = error;
  return first;
}

/** `yaml` places an unclosed quote where the text ends; the problem is where the string opens. */
function errorProblem(doc: Document.Parsed, error: YAMLError): ReadProblem {
  const message = `invalid YAML: ${error.message.split('\n')[0] ?? error.message}`;
  if (error.code !== 'MISSING_CHAR' || !/quote/.test(error.message)) return { message, offset: error.pos[0] };
  const { visit } = yamlLib();
  let opening: number | undefined;
  visit(doc, {
    Scalar(_key, node) {
      if (node.range?.[1] !== error.pos[0] || !node.type?.startsWith('QUOTE')) return undefined;
      opening = node.range[0];
      return visit.BREAK;
    },
  });
  return opening === undefined
    ? { message, offset: error.pos[0] }
    : { message: `${message}: the string that opens here runs to the end of the file`, offset: opening };
}

export interface ReadTokens {
  tokens: CST.Token[];
  counter: LineCounter;
}

/** The text's CST tokens, with a LineCounter for their positions, or the nesting or directive refused. */
export function readTokens(text: string): ReadTokens | ReadProblem {
  const { LineCounter, Parser } = yamlParsing();
  const counter = new LineCounter();
  const tokens = tokensOf(new Parser(counter.addNewLine), text, counter);
  return Array.isArray(tokens) ? { tokens, counter } : tokens;
}

/**
 * Composes one YAML 1.2 document from the tokens. Duplicate keys are not checked here: `yaml`
 * compares each key with every earlier one (quadratic: 40,000 keys took 13 s), so
 * yaml-value.ts checks them.
 */
export function composeDocument({ tokens, counter }: ReadTokens, text: string): ReadDocument | ReadProblem {
  const { Composer } = yamlLib();
  const composer: Composer = new Composer({ version: '1.2', uniqueKeys: false });
  const docs = [...composer.compose(tokens, true, text.length)];
  const doc = docs[0]!;
  const error = firstError(doc.errors);
  if (error) return errorProblem(doc, error);
  const second = docs[1];
  if (second) {
    return {
      message: 'several YAML documents in one file (a second starts here, after `---` or `...`): a suite or profile is one document',
      offset: second.range[0],
    };
  }
  return { doc, counter };
}

export function isReadProblem<T extends object>(result: T | ReadProblem): result is ReadProblem {
  return 'message' in result;
}
