// The counts line a run prints last but one ("Checks: 0 failed, 3 warnings, 11 passed · 100
// exchanges · 0.3 s"): takes a run's stdout, gives its failed, passed and exchange counts, so
// every benchmark reads it one way (a test ties this to the terminal reporter's own line).

export interface RunSummary {
  failed: number;
  passed: number;
  exchanges: number;
}

export function parseRunSummary(stdout: string): RunSummary | undefined {
  const line = /^Checks: (.*) · (\d+) exchanges/m.exec(stdout);
  if (!line) return undefined;
  const count = (word: string): number => Number(new RegExp(`(\\d+) ${word}`).exec(line[1]!)?.[1] ?? 0);
  return { failed: count('failed'), passed: count('passed'), exchanges: Number(line[2]) };
}
