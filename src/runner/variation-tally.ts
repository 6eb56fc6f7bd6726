import type { VariationCount, VariationSummary } from '../spec/run-result.js';

export class VariationTally {
  private readonly counts = new Map<string, VariationCount>();

  /** A request carrying `generated` new variations (0 for a re-sent part of a refused one). */
  sent(operation: string, generated: number, resent: boolean): void {
    const count = this.counts.get(operation) ?? { generated: 0, requests: 0, resent: 0 };
    count.generated += generated;
    count.requests += 1;
    if (resent) count.resent += 1;
    this.counts.set(operation, count);
  }

  summary(direction: VariationSummary['direction'], extra: Record<string, VariationCount> = {}): VariationSummary | undefined {
    const operations: Record<string, VariationCount> = Object.fromEntries([...this.counts, ...Object.entries(extra)].sort(([a], [b]) => a.localeCompare(b)));
    const all = Object.values(operations);
    if (all.length === 0) return undefined;
    const sum = (key: keyof VariationCount): number => all.reduce((n, c) => n + c[key], 0);
    return { direction, generated: sum('generated'), requests: sum('requests'), resent: sum('resent'), operations };
  }
}

/** The report's note: "412 valid variations generated from the schemas, sent in 38 requests". */
export function variationNote(summary: VariationSummary): string {
  const per = Object.entries(summary.operations)
    .map(([op, c]) => `${op} ${c.generated} in ${c.requests}`)
    .join(', ');
  const verb = summary.direction === 'sent' ? `sent in ${summary.requests} request(s)` : `served in ${summary.requests} answer(s) and callback(s)`;
  const resent = summary.resent > 0 ? `; ${summary.resent} of them re-sent a part of a refused request to find the refused variation` : '';
  return `${summary.generated} valid variations generated from the schemas, ${verb} (${per})${resent}.`;
}
