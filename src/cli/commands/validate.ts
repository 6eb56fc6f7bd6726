// `cm-certify validate`: takes one payload file with its operation and kind (or a suite
// or profile file), gives every schema error with its JSON pointer and spec section and
// every body-rule failure; exit 0 when valid, 1 when not, 2 when the file is unusable.
import { resolve } from 'node:path';
import { UsageError } from '../../support/errors.js';
import { MAX_JSON_DEPTH, jsonTextTooDeep } from '../../support/json-depth.js';
import { readInputFile } from '../../support/read-input.js';
import { isMessageName, MESSAGE_NAMES } from '../../spec/operations.js';
import { validateBody } from '../../schemas/index.js';
import type { BodyKind } from '../../spec/vocabulary.js';
import { schemaErrorSource } from '../../spec/vocabulary.js';
import { applyBodyRules } from '../../checks/body-rules/index.js';
import { loadSuite } from '../../suite/load-suite.js';
import { validateSuiteReferences } from '../../runner/validate-suite.js';
import { loadProfile } from '../../profile/load-profile.js';
import { checkTlsFiles } from '../../profile/tls-files.js';
import type { Profile } from '../../profile/types.js';
import { profileRedactor } from '../../session/prepare-run.js';
import { visibleLine } from '../../support/sanitise.js';
import type { CliIo } from '../io.js';
import { loadCodeChecksFor } from '../../checks/code/registry.js';

export interface ValidateOptions {
  operation?: string;
  kind?: string;
  suite?: string;
  profile?: string;
  file?: string;
}

/** A body file may be as large as a whole ARI refresh, well past the 10 MB default body limit. */
const MAX_BODY_FILE_BYTES = 64 * 1024 * 1024;

function readJson(path: string): unknown {
  const text = readInputFile(path, 'JSON file', UsageError, { maxBytes: MAX_BODY_FILE_BYTES });
  if (jsonTextTooDeep(text)) throw new UsageError(`${path} nests arrays or objects more than ${MAX_JSON_DEPTH} levels deep`, { file: path });
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new UsageError(`${path} is not JSON: ${(error as Error).message}`, { file: path });
  }
}

/**
 * The base URL and cid as the certificate will show them (redacted only where they carry a
 * credential or a secret's value), and a warning for each the certificate would not show whole.
 */
function identityAsShown(profile: Profile): { baseUrl: string; warnings: string[] } {
  const redactor = profileRedactor(profile);
  const baseUrl = redactor.url(profile.baseUrl);
  const warnings: string[] = [];
  if (baseUrl !== profile.baseUrl)
    warnings.push(
      `the certificate will show base_url as ${baseUrl}: part of it is a credential (userinfo, a query value from the environment) or a secret's value, so whoever reads the certificate cannot tell which endpoint was certified. Put credentials in shared_secret or headers, not in the URL.`,
    );
  const cid = redactor.text(profile.pmsCid);
  if (cid !== profile.pmsCid) warnings.push(`the certificate will show pms_cid as ${cid}: its value is also a secret's value in this profile.`);
  return { baseUrl, warnings };
}

export async function validateCommand(options: ValidateOptions, io: CliIo): Promise<number> {
  if (options.suite) {
    const suite = loadSuite(resolve(io.cwd, options.suite));
    await loadCodeChecksFor([suite]);
    validateSuiteReferences(suite, suite.target);
    io.stdout.write(`${options.suite}: valid ${suite.target} suite "${suite.name}" (${suite.steps.length} steps, ${suite.checks.length} checks)\n`);
    return 0;
  }
  if (options.profile) {
    const profile = loadProfile(resolve(io.cwd, options.profile), io.env);
    checkTlsFiles(profile);
    const shown = identityAsShown(profile);
    io.stdout.write(`${options.profile}: valid ${profile.target} profile for ${visibleLine(shown.baseUrl)}\n`);
    for (const warning of shown.warnings) io.stderr.write(`warning: ${visibleLine(warning)}\n`);
    return 0;
  }
  if (!options.operation || !isMessageName(options.operation)) {
    throw new UsageError(`--operation must be one of ${MESSAGE_NAMES.join(', ')}`);
  }
  if (options.kind !== 'request' && options.kind !== 'response') throw new UsageError('--kind must be request or response');
  if (!options.file) throw new UsageError('give the JSON file to validate');
  const path = resolve(io.cwd, options.file);
  const body = readJson(path);
  const kind = options.kind as BodyKind;
  const errors = validateBody(options.operation, kind, body);
  const rules = applyBodyRules(options.operation, kind, body).filter((r) => r.verdict.status === 'fail');
  const lines: string[] = [];
  for (const e of errors) lines.push(`  ${e.pointer || '(root)'}: ${e.message}  [${schemaErrorSource(e)}]`);
  for (const { rule, verdict } of rules)
    lines.push(`  ${verdict.pointer ?? '(root)'}: ${verdict.message.split('\n')[0]}  [${rule.id}, ${rule.level}, ${rule.spec}]`);
  if (lines.length === 0) {
    io.stdout.write(`${options.file}: valid ${options.operation} ${kind}\n`);
    return 0;
  }
  io.stdout.write(
    `${options.file}: invalid ${options.operation} ${kind} (${errors.length} schema error(s), ${rules.length} rule failure(s))\n${lines.join('\n')}\n`,
  );
  return 1;
}
