// The `yaml` package, loaded the first time a YAML text is read: takes nothing, gives the
// module (yamlLib), or only the parts that read a plain text's value (yamlParsing: its lexer,
// parser, line counter, CST helpers and the YAML 1.2 core schema's scalar tags). A command
// that reads no YAML never loads it (built-in suites come compiled), and a run whose YAML is
// plain loads neither the composer, the Document nor the stringifier: 42 of the package's 72
// files. Those parts are the package's own modules, required by their files in its dist/ (its
// exports map names only the whole); were they to move, the whole module gives them.
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { CST, Document, ScalarTag } from 'yaml';

type YamlModule = typeof import('yaml');
const require = createRequire(import.meta.url);
let yamlModule: YamlModule | undefined;

export function yamlLib(): YamlModule {
  yamlModule ??= require('yaml') as YamlModule;
  return yamlModule;
}

export interface YamlParsing {
  Lexer: YamlModule['Lexer'];
  Parser: YamlModule['Parser'];
  LineCounter: YamlModule['LineCounter'];
  /** The CST helpers (resolveAsScalar, the scalar reader). */
  CST: typeof CST;
  isScalar: YamlModule['isScalar'];
  /** The core schema's scalar tags a plain scalar may resolve to, in the order the composer tries them. */
  scalarTags: readonly ScalarTag[];
  /** The options a Document gives a tag's resolve (only intAsBigInt is read by the core tags). */
  tagOptions: Pick<Document['options'], 'intAsBigInt'>;
}

let parsing: YamlParsing | undefined;

/** A tag the composer tries on a plain scalar: a scalar tag of the schema, default, with a test. */
const triedOnPlain = (tag: { collection?: unknown; default?: unknown; test?: unknown }): boolean =>
  !tag.collection && tag.default === true && tag.test !== undefined;

/** The parts from the package's files, or undefined when its layout is not the one known. */
export function partsFromFiles(): YamlParsing | undefined {
  try {
    const dist = dirname(require.resolve('yaml'));
    const part = <T>(file: string): T => require(join(dist, file)) as T;
    const { Lexer } = part<{ Lexer: YamlModule['Lexer'] }>('parse/lexer.js');
    const { Parser } = part<{ Parser: YamlModule['Parser'] }>('parse/parser.js');
    const { LineCounter } = part<{ LineCounter: YamlModule['LineCounter'] }>('parse/line-counter.js');
    const cst = part<typeof CST>('parse/cst.js');
    const { isScalar } = part<{ isScalar: YamlModule['isScalar'] }>('nodes/identity.js');
    const { schema } = part<{ schema: ScalarTag[] }>('schema/core/schema.js');
    const all = [Lexer, Parser, LineCounter, cst.resolveAsScalar, isScalar];
    if (all.some((f) => typeof f !== 'function') || !Array.isArray(schema)) return undefined;
    return { Lexer, Parser, LineCounter, CST: cst, isScalar, scalarTags: schema.filter(triedOnPlain), tagOptions: { intAsBigInt: false } };
  } catch {
    return undefined;
  }
}

/** The same parts from the whole module: a Document's schema and options. */
export function partsFromModule(): YamlParsing {
  const lib = yamlLib();
  const doc = new lib.Document(undefined, { version: '1.2', uniqueKeys: false });
  const scalarTags = doc.schema.tags.filter((t): t is ScalarTag => triedOnPlain(t as ScalarTag));
  return {
    Lexer: lib.Lexer,
    Parser: lib.Parser,
    LineCounter: lib.LineCounter,
    CST: lib.CST,
    isScalar: lib.isScalar,
    scalarTags,
    tagOptions: { intAsBigInt: doc.options.intAsBigInt },
  };
}

export function yamlParsing(): YamlParsing {
  parsing ??= (yamlModule ? undefined : partsFromFiles()) ?? partsFromModule();
  return parsing;
}
