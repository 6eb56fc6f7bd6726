// A plain YAML text is read with only part of `yaml` loaded (src/support/yaml-lib.ts): its
// lexer, parser, line counter, CST helpers and core schema tags, required by their files.
// Those must be the package's own, the very objects its module exports and its Document uses,
// so that the value read is the one `yaml` gives (test/support/yaml-cst-value.test.ts compares
// the two ways of reading on every YAML file of the project).
import { describe, expect, it } from 'vitest';
import { partsFromFiles, partsFromModule, yamlLib } from '../../src/support/yaml-lib.js';

describe("yaml's parsing parts", () => {
  it('the parts required by file are the objects the package exports, with the tags and options its Document tries on a plain scalar', () => {
    const files = partsFromFiles();
    expect(files, "yaml's dist/ layout is the one yaml-lib.ts knows").toBeDefined();
    const whole = partsFromModule();
    const lib = yamlLib();
    expect(files!.Lexer).toBe(lib.Lexer);
    expect(files!.Parser).toBe(lib.Parser);
    expect(files!.LineCounter).toBe(lib.LineCounter);
    expect(files!.CST).toBe(lib.CST);
    expect(files!.isScalar).toBe(lib.isScalar);
    expect(files!.scalarTags.map((t) => `${t.tag} ${String(t.test)}`)).toEqual(whole.scalarTags.map((t) => `${t.tag} ${String(t.test)}`));
    files!.scalarTags.forEach((tag, i) => expect(tag).toBe(whole.scalarTags[i]));
    expect(files!.scalarTags.map((t) => t.tag)).toEqual([
      'tag:yaml.org,2002:null',
      'tag:yaml.org,2002:bool',
      'tag:yaml.org,2002:int',
      'tag:yaml.org,2002:int',
      'tag:yaml.org,2002:int',
      'tag:yaml.org,2002:float',
      'tag:yaml.org,2002:float',
      'tag:yaml.org,2002:float',
    ]);
    expect(files!.tagOptions).toEqual(whole.tagOptions);
  });
});
