// Suite parsing, pure: takes YAML text and its file name, gives a Suite or throws a
// SuiteError naming file:line and the field. Structure is checked by the suite's JSON
// Schema; meaning (unique ids, known operations, template syntax) by the code below.
import type { Ajv, ErrorObject, ValidateFunction } from 'ajv';
import { SuiteError } from '../support/errors.js';
import { createFormatAjv, formatValidator, standaloneSet } from '../support/standalone.js';
import { parseYaml, isYamlProblem, pointerToPath } from '../support/yaml-source.js';
import type { PathSegment, YamlSource } from '../support/yaml-source.js';
import { isMessageName, CAPABILITY_NAMES } from '../spec/operations.js';
import { LEVELS } from '../spec/vocabulary.js';
import { deriveCheckLevel, isRuleOrClause, type DerivedLevel } from '../spec/check-level.js';
import type { Target } from '../spec/vocabulary.js';
import { SUITE_SCHEMA, STEP_KINDS, stepKindOf, stepSchemaFor } from './suite-schema.js';
import { findTemplateError } from './template.js';
import { TEMPLATE_FIELDS, templateRoots } from './template-scopes.js';
import { parseDuration } from './template-parser.js';
import type { CheckDef, Step, Suite } from './types.js';

type Raw = Record<string, unknown>;

let validators: { suite: ValidateFunction; steps: Map<string, ValidateFunction> } | undefined;

/** The suite format's validators (key -> schema), as the build compiles them too. */
export function suiteFormatSchemas(): Record<string, object> {
  return { suite: SUITE_SCHEMA, ...Object.fromEntries(STEP_KINDS.map((k) => [`step.${k}`, stepSchemaFor(k)])) };
}

function getValidators(): NonNullable<typeof validators> {
  if (!validators) {
    let ajv: Ajv | undefined;
    const get = (key: string, schema: object): ValidateFunction => formatValidator(standaloneSet('formats'), key, schema, () => (ajv ??= createFormatAjv()));
    const steps = new Map(STEP_KINDS.map((k) => [k, get(`step.${k}`, stepSchemaFor(k))]));
    validators = { suite: get('suite', SUITE_SCHEMA), steps };
  }
  return validators;
}

function ajvMessage(error: ErrorObject): { path: PathSegment[]; message: string; key?: boolean } {
  const path = pointerToPath(error.instancePath);
  const p = error.params as Record<string, unknown>;
  if (error.keyword === 'additionalProperties') {
    return { path: [...path, String(p.additionalProperty)], message: `unknown field "${String(p.additionalProperty)}"`, key: true };
  }
  if (error.keyword === 'required') {
    return { path, message: `missing required field "${String(p.missingProperty)}"` };
  }
  if (error.keyword === 'enum') {
    return { path, message: `must be one of ${JSON.stringify(p.allowedValues)}` };
  }
  return { path, message: error.message ?? 'is invalid' };
}

function derivedFrom(derived: DerivedLevel): string {
  if (derived.from === 'reading') return `the reading ${derived.readings.join(', ')}`;
  return derived.from === 'rules' ? 'its rules' : 'src/spec/unruled-checks.ts';
}

class SuiteReader {
  private readonly source: YamlSource;
  private readonly catalog = new Map<string, CheckDef>();
  private readonly declared: CheckDef[] = [];
  private target: Target = 'ota';

  constructor(
    source: YamlSource,
    private readonly builtin: boolean,
  ) {
    this.source = source;
  }

  private lineOf(at: PathSegment[]): number | undefined {
    return this.source.line ? this.source.line(at) : this.source.locate(at).line;
  }

  fail(path: PathSegment[], message: string, options?: { key?: boolean }): never {
    throw new SuiteError(message, this.source.locate(path, options));
  }

  read(): Suite {
    const v = getValidators();
    const raw = this.source.value;
    if (!v.suite(raw)) {
      const { path, message, key } = ajvMessage(v.suite.errors![0]!);
      this.fail(path, message, { key: key ?? false });
    }
    const doc = raw as Raw;
    this.target = doc.target as Target;
    this.checkCapabilities((doc.requires as Raw | undefined)?.capabilities, ['requires', 'capabilities']);
    for (const [i, c] of ((doc.checks as Raw[] | undefined) ?? []).entries()) this.declareCheck(c, ['checks', i]);
    const steps = (doc.steps as Raw[]).map((s, i) => this.readStep(s, i));
    this.checkUniqueStepIds(steps);
    this.checkTrafficWindows(steps);
    const suite: Suite = {
      name: doc.suite as string,
      title: doc.title as string,
      version: doc.version as string,
      target: doc.target as Suite['target'],
      file: this.source.file,
      builtin: this.builtin,
      steps,
      checks: this.declared,
    };
    if (typeof doc.description === 'string') suite.description = doc.description;
    if (doc.requires) suite.requires = doc.requires as Suite['requires'];
    return suite;
  }

  private readStep(raw: Raw, index: number): Step {
    const at: PathSegment[] = ['steps', index];
    if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) this.fail(at, 'a step must be a mapping');
    const kinds = stepKindOf(raw);
    if (kinds.length !== 1) {
      this.fail(at, kinds.length === 0 ? `a step needs exactly one of ${STEP_KINDS.join(', ')}` : `a step has several kinds (${kinds.join(', ')}); split it`);
    }
    const kind = kinds[0]!;
    const validate = getValidators().steps.get(kind)!;
    if (!validate(raw)) {
      const { path, message, key } = ajvMessage(validate.errors![0]!);
      this.fail([...at, ...path], message, { key: key ?? false });
    }
    const loopVar = typeof raw.as === 'string' ? raw.as : 'item';
    this.checkStepMeaning(raw, kind, at, loopVar);
    const checks = ((raw.checks as Raw[] | undefined) ?? []).map((c, i) => this.declareCheck(c, [...at, 'checks', i]));
    return this.buildStep(raw, kind, at, loopVar, checks);
  }

  /**
   * The Step, built by assignment in the order its fields were always listed (reports keep that
   * order), with no throw-away object per optional field: a suite can have thousands of steps.
   */
  private buildStep(raw: Raw, kind: string, at: PathSegment[], loopVar: string, checks: CheckDef[]): Step {
    const step: Raw = { id: raw.id, title: raw.title ?? raw.id, line: this.lineOf(at) ?? 0, as: loopVar, checks };
    if (raw.when) step.when = raw.when;
    if (raw.limit !== undefined) step.limit = raw.limit;
    if (raw.capture) step.capture = raw.capture;
    if (raw.gate) step.gate = raw.gate;
    if (raw.for_each !== undefined) step.for_each = typeof raw.for_each === 'string' ? { items: raw.for_each } : raw.for_each;
    step.kind = kind;
    switch (kind) {
      case 'call':
        step.operation = raw.call;
        step.self_check = raw.self_check !== false;
        step.envelope = raw.envelope !== false;
        copyPresent(step, raw, ['body', 'omit', 'query', 'path']);
        if (raw.read_back) step.readBack = raw.read_back;
        break;
      case 'hook':
        step.hook = raw.hook;
        if (raw.input !== undefined) step.input = raw.input;
        break;
      case 'expect_request':
        step.operation = raw.expect_request;
        step.within = raw.within ?? '${profile.deadlines.default}';
        step.since = raw.since ?? 'step';
        copyPresent(step, raw, ['fresh', 'where', 'action', 'accepted', 'after', 'deadline']);
        break;
      case 'traffic': {
        const t = raw.traffic as Raw;
        step.from = t.from ?? 'run';
        copyPresent(step, t, ['operations', 'duration', 'settle']);
        if (t.duration_from === 'window') step.durationFrom = 'window';
        if (t.from_arrival === true) step.fromArrival = true;
        if (t.settle_once_covered === true) step.settleOnceCovered = true;
        if (t.until_reaction) step.untilReaction = t.until_reaction;
        if (t.retry) step.retry = t.retry;
        break;
      }
      case 'mock':
        step.mock = raw.mock;
        break;
      case 'probe':
        step.family = raw.probe;
        if (raw.with) step.with = raw.with;
        break;
      case 'model':
        step.model = raw.model;
        break;
      default:
        step.kind = 'wait';
        step.wait = raw.wait;
    }
    // The step schema of its kind (validated above) vouches for each field's type.
    return step as unknown as Step;
  }

  private checkStepMeaning(raw: Raw, kind: string, at: PathSegment[], loopVar: string): void {
    const op = kind === 'call' ? raw.call : kind === 'expect_request' ? raw.expect_request : undefined;
    if (op !== undefined && !isMessageName(op)) this.fail([...at, kind], `unknown operation "${String(op)}"`);
    const readBack = ((raw.read_back as Raw | undefined)?.operations as unknown[] | undefined) ?? [];
    for (const [i, name] of readBack.entries()) {
      if (!isMessageName(name)) this.fail([...at, 'read_back', 'operations', i], `unknown operation "${String(name)}"`);
    }
    for (const [i, c] of ((raw.checks as Raw[] | undefined) ?? []).entries()) {
      if (c.on !== undefined && !readBack.includes(c.on))
        this.fail([...at, 'checks', i, 'on'], `"${String(c.on)}" is not an operation of this step's read_back`);
    }
    const traffic = raw.traffic as Raw | undefined;
    for (const [i, name] of ((traffic?.operations as unknown[] | undefined) ?? []).entries()) {
      if (!isMessageName(name)) this.fail([...at, 'traffic', 'operations', i], `unknown operation "${String(name)}"`);
    }
    if (traffic?.until_reaction !== undefined && !isMessageName(traffic.until_reaction))
      this.fail([...at, 'traffic', 'until_reaction'], `unknown operation "${String(traffic.until_reaction)}"`);
    this.checkCapabilities((raw.when as Raw | undefined)?.capabilities, [...at, 'when', 'capabilities']);
    for (const key of ['within', 'wait'] as const) {
      const value = raw[key];
      if (typeof value === 'string' && !value.includes('${') && !parseDuration(value)) {
        this.fail([...at, key], `"${value}" is not a duration (examples: 30s, 5m, 4m59s, 2h, 1d)`);
      }
    }
    this.checkTemplates(raw, at, loopVar);
  }

  private checkTemplates(raw: Raw, at: PathSegment[], loopVar: string): void {
    for (const [field, scope] of TEMPLATE_FIELDS) {
      if (raw[field] === undefined) continue;
      const problem = findTemplateError(raw[field], templateRoots(scope, loopVar));
      if (problem) this.fail([...at, field, ...problem.path], `template error: ${problem.message}`);
    }
  }

  private declareCheck(raw: Raw, at: PathSegment[]): CheckDef {
    const id = raw.id as string;
    const known = this.catalog.get(id);
    const line = this.lineOf(at);
    const rules = this.declaredRules(raw, at, known);
    const meta = {
      id,
      title: (raw.title as string | undefined) ?? known?.title,
      level: this.levelOf(id, rules ?? [], raw.level, at) ?? known?.level,
      spec: (raw.spec as string | undefined) ?? known?.spec,
    } as CheckDef;
    if (rules) meta.rules = rules;
    for (const key of ['title', 'level', 'spec'] as const) {
      if (meta[key] === undefined) this.fail(at, `check "${id}" needs a ${key} (here or where it is first declared)`);
      if (known && raw[key] !== undefined && raw[key] !== known[key]) {
        this.fail([...at, key], `check "${id}" was declared with ${key} ${JSON.stringify(known[key])} (line ${known.line}); use one ${key} per id`);
      }
    }
    if (!LEVELS.includes(meta.level!)) this.fail([...at, 'level'], `level must be one of ${LEVELS.join(', ')}`);
    if (raw.expect !== undefined && raw.code !== undefined) this.fail(at, `check "${id}" has both expect and code; use one`);
    const matches = ((raw.expect as Raw | undefined)?.json ?? {}) as Record<string, unknown>;
    for (const [pointer, m] of Object.entries(matches)) {
      const pattern = m && typeof m === 'object' ? (m as Raw).matches : undefined;
      if (typeof pattern === 'string') {
        try {
          new RegExp(pattern);
        } catch (error) {
          this.fail([...at, 'expect', 'json', pointer, 'matches'], `invalid regular expression: ${(error as Error).message}`);
        }
      }
    }
    if (line !== undefined) meta.line = line;
    const def: CheckDef = { ...meta };
    if (raw.expect) def.expect = raw.expect as CheckDef['expect'];
    if (raw.code) def.code = raw.code as string;
    if (raw.with) def.with = raw.with as Raw;
    if (raw.on) def.on = raw.on as CheckDef['on'];
    if (!known) {
      this.catalog.set(id, meta);
      this.declared.push(meta);
    }
    return def;
  }

  /**
   * A check's level, derived from its rules and the readings (src/spec/check-level.ts). A built-in
   * suite never writes `level:`; a user's suite writes it only for a check whose rules give none
   * (its own check), and may repeat the derived one, never set another (docs/suite-format.md).
   */
  private levelOf(id: string, rules: readonly string[], written: unknown, at: PathSegment[]): CheckDef['level'] | undefined {
    const derived = deriveCheckLevel(id, rules, this.target);
    if (written !== undefined && this.builtin) {
      this.fail(
        [...at, 'level'],
        `a built-in suite does not write level: check "${id}" takes ${derived ? `"${derived.level}" from ${derivedFrom(derived)}` : 'its level from its rules'}`,
      );
    }
    if (derived && written !== undefined && written !== derived.level) {
      this.fail([...at, 'level'], `check "${id}" takes level "${derived.level}" from ${derivedFrom(derived)}; a suite cannot set another (leave level: out)`);
    }
    return derived?.level ?? (written as CheckDef['level'] | undefined);
  }

  /** A check's `rules:` list: every id must be one of the spec's rules or clauses; one list per check id. */
  private declaredRules(raw: Raw, at: PathSegment[], known: CheckDef | undefined): string[] | undefined {
    const rules = raw.rules as string[] | undefined;
    if (rules === undefined) return known?.rules;
    for (const [i, rule] of rules.entries()) {
      if (!isRuleOrClause(rule)) this.fail([...at, 'rules', i], `unknown spec rule or clause "${rule}" (the ids are listed by \`cm-certify list --rules\`)`);
    }
    if (known?.rules && known.rules.join() !== rules.join()) {
      this.fail([...at, 'rules'], `check "${raw.id as string}" was declared with other rules (line ${known.line}); use one rules list per id`);
    }
    return rules;
  }

  private checkCapabilities(list: unknown, at: PathSegment[]): void {
    if (!Array.isArray(list)) return;
    for (const [i, name] of list.entries()) {
      if (!CAPABILITY_NAMES.includes(name as never)) {
        this.fail([...at, i], `unknown capability "${String(name)}" (known: ${CAPABILITY_NAMES.join(', ')})`);
      }
    }
  }

  private checkUniqueStepIds(steps: Step[]): void {
    const seen = new Map<string, number>();
    for (const [i, step] of steps.entries()) {
      const first = seen.get(step.id);
      if (first !== undefined) this.fail(['steps', i, 'id'], `duplicate step id "${step.id}" (first at line ${steps[first]!.line})`);
      seen.set(step.id, i);
    }
  }

  private checkTrafficWindows(steps: Step[]): void {
    for (const [i, step] of steps.entries()) {
      if (step.kind === 'expect_request' && step.since !== 'step' && step.since !== 'run' && !steps.slice(0, i).some((s) => s.id === step.since)) {
        this.fail(['steps', i, 'since'], `"${step.since}" is not an earlier step id (or "step", "run")`);
      }
      const after = step.kind === 'expect_request' ? step.after : undefined;
      if (after !== undefined && !steps.slice(0, i).some((s) => s.id === after && s.kind === 'expect_request')) {
        this.fail(['steps', i, 'after'], `"${after}" is not an earlier expect_request step id`);
      }
      if (step.kind === 'traffic' && step.retry && !steps.slice(0, i).some((s) => s.id === step.retry!.from)) {
        this.fail(['steps', i, 'traffic', 'retry', 'from'], `"${step.retry.from}" is not an earlier step id`);
      }
      if (step.kind !== 'traffic' || step.from === 'run') continue;
      const from = steps.slice(0, i).find((s) => s.id === step.from);
      if (!from) {
        this.fail(['steps', i, 'traffic', 'from'], `"${step.from}" is not an earlier step id (or "run")`);
      } else if (step.fromArrival && from.kind !== 'expect_request') {
        this.fail(['steps', i, 'traffic', 'from_arrival'], `from_arrival needs "from" to name an expect_request step ("${step.from}" is not one)`);
      }
    }
  }
}

/** Copies the `fields` of `from` that are truthy, in that order. */
function copyPresent(to: Raw, from: Raw, fields: readonly string[]): void {
  for (const field of fields) if (from[field]) to[field] = from[field];
}

/** Pure: YAML text -> Suite, or a SuiteError with file:line and field. */
export function parseSuite(text: string, file: string, options: { builtin?: boolean } = {}): Suite {
  const source = parseYaml(text, file);
  if (isYamlProblem(source)) throw new SuiteError(source.message, source.location);
  if (source.value === null || typeof source.value !== 'object' || Array.isArray(source.value)) {
    const what = source.value === null ? 'the file is empty (or only comments)' : 'a suite file must be a YAML mapping';
    throw new SuiteError(`${what}: a suite is a mapping with suite, title, version, target and steps`, { file, line: 1, column: 1 });
  }
  return new SuiteReader(source, options.builtin ?? false).read();
}
