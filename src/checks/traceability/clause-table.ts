// The clause table in text and Markdown: takes the clause traces (src/checks/traceability/clause-trace.ts),
// gives the lines `cm-certify list --rules` prints and the clause section of
// docs/traceability.md, where the clause table is the authority on what is proved.
import type { ClauseSummary, ClauseTrace } from './clause-trace.js';
import { summariseClauses } from './clause-trace.js';

function proof(trace: ClauseTrace): string {
  const parts = (['ota', 'pms'] as const).filter((t) => trace.checks[t].length).map((t) => `${t}: ${trace.checks[t].join(', ')}`);
  return parts.join('; ');
}

/** What the table says beside the checks: nothing when checked, else the status and why. */
export function clauseNote(trace: ClauseTrace): string {
  switch (trace.status) {
    case 'checked':
      return '';
    case 'unobservable':
      return `unobservable: ${trace.unobservable ?? ''}`;
    case 'known-missing':
      return `known missing: ${trace.knownMissing ?? ''}`;
    case 'missing':
      return 'MISSING: no check proves this clause';
  }
}

const totalLine = (s: ClauseSummary): string =>
  `  ${s.side.padEnd(5)} ${s.clauses} clauses: ${s.checked} checked, ${s.unobservable} unobservable, ${s.knownMissing} known missing, ${s.missing} missing`;

/** The clause lines of `cm-certify list --rules`. */
export function renderClauseText(traces: readonly ClauseTrace[]): string[] {
  const lines = traces.map((t) => {
    const note = clauseNote(t);
    const checks = proof(t);
    return `  ${t.clause.id.padEnd(36)} ${t.clause.appliesTo.padEnd(5)} ${t.clause.level.padEnd(13)} ${[checks, note].filter(Boolean).join('; ')}`;
  });
  return [
    `Spec clauses -> checks (${traces.length} clauses)`,
    ...lines,
    '',
    'Clause totals by the side a clause binds',
    ...summariseClauses(traces).map(totalLine),
  ];
}

const cell = (text: string): string => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');
const codes = (ids: string[]): string => ids.map((id) => `\`${id}\``).join(', ');

/** The clause section of docs/traceability.md. */
export function renderClauseMarkdown(traces: readonly ClauseTrace[]): string[] {
  const summary = summariseClauses(traces).map((s) => `| ${s.side} | ${s.clauses} | ${s.checked} | ${s.unobservable} | ${s.knownMissing} | ${s.missing} |`);
  const rows = traces.map((t) => {
    const note = t.status === 'missing' ? '**missing**' : cell(clauseNote(t));
    return `| \`${t.clause.id}\` | ${t.clause.appliesTo} | ${t.clause.level} | ${codes(t.checks.ota)} | ${codes(t.checks.pms)} | ${note} |`;
  });
  return [
    '## Clauses',
    '',
    'Every clause of every rule (src/spec/clauses.ts, ids `<rule-id>.<n>`), the checks of each target that prove',
    "it, or why none can (`unobservable:`, the clause list's reason or, for a rule the harness cannot observe as a",
    'whole, src/spec/unobservable.ts), or why none does yet (`known missing:`, src/spec/clause-gaps.ts, a list that',
    'only shrinks). A check proves a clause when its `rules:` list names the clause id, or the plain id of a rule',
    'that states one thing; naming a rule that states several proves none of them. A clause of one side counts as',
    "checked by a check of that side's target; a clause of both, by either.",
    '',
    '| Side | Clauses | Checked | Unobservable | Known missing | Missing |',
    '| --- | ---: | ---: | ---: | ---: | ---: |',
    ...summary,
    '',
    '| Clause | Side | Level | OTA-target checks | PMS-target checks | Not checked because |',
    '| --- | --- | --- | --- | --- | --- |',
    ...rows,
    '',
  ];
}
