// Where a CPU profile's time goes, by function: takes a .cpuprofile (node --cpu-prof) and how
// many rows (argv[3], default 40), gives the functions with the most self time and those with
// the most total time (self and everything they called, each sample counted once per function),
// with their file, in ms. Complements profile-summary.ts (by area).
// With UNDER (a function's label, or its name and a space), only the samples under it count.
// Usage: node dist/bench/profile-functions.js FILE.cpuprofile [ROWS] [UNDER]
import { readFileSync } from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}

interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

function label(node: ProfileNode): string {
  const { functionName, url, lineNumber } = node.callFrame;
  const file = url.replace(/^.*\/(node_modules\/|dist\/)/, '$1');
  return `${functionName || '(anonymous)'} ${file ? `${file}:${lineNumber + 1}` : ''}`.trim();
}

export function functionTable(profile: CpuProfile, rows: number, under?: string): string {
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<string, number>();
  const total = new Map<string, number>();
  let busy = 0;
  const onStack = (id: number, name: string): boolean => {
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) if (label(byId.get(at)!).startsWith(name)) return true;
    return false;
  };
  profile.samples.forEach((id, i) => {
    const dt = (profile.timeDeltas[i] ?? 0) / 1000;
    const node = byId.get(id)!;
    const name = label(node);
    if (node.callFrame.functionName === '(idle)') return;
    if (under !== undefined && !onStack(id, under)) return;
    busy += dt;
    self.set(name, (self.get(name) ?? 0) + dt);
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const l = label(byId.get(at)!);
      if (seen.has(l)) continue;
      seen.add(l);
      total.set(l, (total.get(l) ?? 0) + dt);
    }
  });
  const top = (m: Map<string, number>): string[] =>
    [...m.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, rows)
      .map(([k, v]) => `${v.toFixed(0).padStart(7)} ms  ${k}`);
  return [`busy ${busy.toFixed(0)} ms`, '', 'self time:', ...top(self), '', 'total time:', ...top(total)].join('\n');
}

if (process.argv[1]?.endsWith('profile-functions.js')) {
  const file = process.argv[2];
  if (!file) throw new Error('usage: profile-functions FILE.cpuprofile [ROWS]');
  console.log(functionTable(JSON.parse(readFileSync(file, 'utf8')) as CpuProfile, Number(process.argv[3] ?? 40), process.argv[4]));
}
