// `cm-certify list`: takes a target (or both) and gives every suite with its checks
// (id, level, spec section), then the checks every exchange gets without the suite
// asking, then the named code checks — the catalogue a partner reads before a run. With
// --rules: each spec rule and each of its clauses with the checks that prove it (docs/traceability.md,
// the same tables).
import { Chalk } from 'chalk';
import { loadBuiltinSuites, suiteFileLabel } from '../../suite/load-suite.js';
import type { Suite } from '../../suite/types.js';
import type { CheckMeta, Target } from '../../spec/vocabulary.js';
import { automaticChecks, inboundChecks } from '../../checks/catalogue.js';
import { CODE_CHECKS } from '../../checks/code/index.js';
import { renderTraceabilityText, ruleStatus, summarise, traceBuiltinClauses, traceRules } from '../../checks/traceability/traceability.js';
import { summariseClauses } from '../../checks/traceability/clause-trace.js';
import type { CliIo } from '../io.js';
import { useColor } from '../io.js';

export interface ListOptions {
  target?: Target;
  json?: boolean;
  /** Spec rule and clause -> checks (both targets), with the reason where no check can observe one. */
  rules?: boolean;
}

export { automaticChecks, inboundChecks };

function row(c: CheckMeta, chalk: InstanceType<typeof Chalk>): string {
  const level =
    c.level === 'required' ? chalk.red(c.level.padEnd(11)) : c.level === 'recommended' ? chalk.yellow(c.level.padEnd(11)) : chalk.gray(c.level.padEnd(11));
  return `    ${c.id.padEnd(44)} ${level} ${c.spec}\n      ${chalk.gray(c.title)}`;
}

function suiteBlock(s: Suite, chalk: InstanceType<typeof Chalk>): string[] {
  const requires = s.requires?.capabilities?.length ? chalk.gray(` (runs when the profile declares ${s.requires.capabilities.join(', ')})`) : '';
  return [`  ${chalk.bold(s.name)} — ${s.title} ${chalk.gray(`v${s.version} ${suiteFileLabel(s)}`)}${requires}`, ...s.checks.map((c) => row(c, chalk))];
}

function listRules(options: ListOptions, io: CliIo): number {
  const traces = traceRules();
  const clauses = traceBuiltinClauses();
  if (options.json) {
    const rules = traces.map((t) => ({
      id: t.rule.id,
      applies_to: t.rule.appliesTo,
      level: t.rule.level,
      status: ruleStatus(t),
      checks: t.checks,
      ...(t.unobservable ? { unobservable: t.unobservable } : {}),
    }));
    const clauseRows = clauses.map((t) => ({
      id: t.clause.id,
      applies_to: t.clause.appliesTo,
      level: t.clause.level,
      status: t.status,
      checks: t.checks,
      ...(t.unobservable ? { unobservable: t.unobservable } : {}),
      ...(t.knownMissing ? { known_missing: t.knownMissing } : {}),
    }));
    const body = { rules, totals: summarise(traces), clauses: clauseRows, clause_totals: summariseClauses(clauses) };
    io.stdout.write(`${JSON.stringify(body, null, 2)}\n`);
    return 0;
  }
  io.stdout.write(renderTraceabilityText(traces, clauses));
  return 0;
}

export function listCommand(options: ListOptions, io: CliIo): number {
  if (options.rules) return listRules(options, io);
  const targets: Target[] = options.target ? [options.target] : ['ota', 'pms'];
  const suites = targets.flatMap((t) => loadBuiltinSuites(t));
  if (options.json) {
    io.stdout.write(
      `${JSON.stringify(
        {
          suites: suites.map((s) => ({
            name: s.name,
            title: s.title,
            version: s.version,
            target: s.target,
            file: suiteFileLabel(s),
            requires: s.requires ?? {},
            checks: s.checks.map(({ id, title, level, spec, rules }) => ({ id, title, level, spec, ...(rules ? { rules } : {}) })),
          })),
          automatic: automaticChecks(),
          inbound: targets.includes('pms') ? inboundChecks() : [],
          code_checks: [...CODE_CHECKS.values()].map((c) => ({ name: c.name, description: c.description })),
        },
        null,
        2,
      )}\n`,
    );
    return 0;
  }
  const chalk = new Chalk({ level: useColor(io) ? 1 : 0 });
  const out: string[] = [];
  for (const t of targets) {
    const ofTarget = suites.filter((s) => s.target === t);
    out.push(chalk.bold.underline(`Suites for the ${t} target (${ofTarget.length})`));
    for (const s of ofTarget) out.push(...suiteBlock(s, chalk), '');
  }
  out.push(chalk.bold.underline('Checks on every exchange, in every suite'));
  out.push(...automaticChecks().map((c) => row(c, chalk)), '');
  if (targets.includes('pms')) {
    out.push(chalk.bold.underline('Checks on every request a PMS sends (pms target)'));
    out.push(...inboundChecks().map((c) => row(c, chalk)), '');
  }
  out.push(chalk.bold.underline('Named code checks (usable in your own suites)'));
  for (const c of CODE_CHECKS.values()) out.push(`    ${c.name.padEnd(28)} ${chalk.gray(c.description)}`);
  io.stdout.write(`${out.join('\n')}\n`);
  return 0;
}
