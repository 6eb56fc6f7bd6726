// The one table of `run`'s options: commander is built from it, and the session options and the
// re-run hint are read off what commander gives, each value parsed by its row's parser.
import { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { RUN_FLAGS, runOptions } from '../../src/cli/run-options.js';
import { rerunWords, sessionOptionsOf } from '../../src/cli/run-flags.js';
import { UsageError } from '../../src/support/errors.js';

function parse(argv: string[]): Record<string, unknown> {
  const command = new Command('run').exitOverride();
  for (const option of runOptions()) command.addOption(option);
  command.parse(argv, { from: 'user' });
  return command.opts();
}

describe('the run option table', () => {
  it('builds the command line: every row a flag, repeatable ones collect, defaults and choices apply', () => {
    const given = parse([
      '--suite',
      'setup',
      '--suite',
      './mine.yaml',
      '--timeout',
      '10s',
      '--seed',
      '42',
      '--no-color',
      '--allow-http',
      '--ca',
      'ca.pem',
      '-g',
      'ari',
    ]);
    expect(given).toMatchObject({
      suite: ['setup', './mine.yaml'],
      timeout: '10s',
      seed: '42',
      color: false,
      allowHttp: true,
      ca: 'ca.pem',
      grep: 'ari',
      outputDir: 'cm-certify-report',
    });
    expect(() => parse(['--require', 'maybe'])).toThrow(/Allowed choices are certified, certified-with-waivers/);
    expect(runOptions().map((o) => o.long)).toEqual(RUN_FLAGS.map((row) => /--[a-z-]+/.exec(row.flags)![0]));
  });

  it('gives the session the options the rows name, parsed, and leaves out the flags only the command line reads', () => {
    const session = sessionOptionsOf(
      parse(['--suite', 'setup', '--timeout', '10s', '--seed', '42', '--allow-http', '--quiet', '--require', 'certified', '--sign-key', 'k']),
    );
    expect(session).toEqual({
      suite: ['setup'],
      suiteCache: true,
      requestTimeoutMs: 10_000,
      seed: 42,
      allowHttp: true,
      signKey: 'k',
      outputDir: 'cm-certify-report',
    });
    expect(sessionOptionsOf(parse(['--no-suite-cache']))).toMatchObject({ suiteCache: false });
  });

  it('names the flag when its value cannot be parsed', () => {
    expect(() => sessionOptionsOf(parse(['--timeout', 'soon']))).toThrow(UsageError);
    expect(() => sessionOptionsOf(parse(['--timeout', 'soon']))).toThrow(/^--timeout "soon"/);
    expect(() => sessionOptionsOf(parse(['--seed', '-1']))).toThrow(/^--seed "-1"/);
  });

  it('repeats in a re-run only the candidate and its transport, never the selection or the output', () => {
    expect(rerunWords(parse(['--allow-http', '--mock-http', '--ca', 'ca.pem', '--grep', 'x', '--suite', 's', '-o', 'out', '--seed', '7']))).toEqual([
      '--allow-http',
      '--mock-http',
      '--ca',
      'ca.pem',
    ]);
    expect(rerunWords(parse([]))).toEqual([]);
  });
});
