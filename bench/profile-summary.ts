// CPU profile summary: takes a .cpuprofile (node --cpu-prof) of a cm-certify run, gives the
// share of the profile before the first request to the candidate (the first sample with
// the HTTP client's transfer() on its stack) and the self time by area (our modules by folder,
// dependencies by package, Node internals, GC, idle), before and after that point.
// Usage: node dist/bench/profile-summary.js FILE.cpuprofile
import { readFileSync } from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string };
  children?: number[];
}

interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

function area(node: ProfileNode): string {
  const { url, functionName } = node.callFrame;
  if (!url) return functionName ? `(${functionName})` : '(native)';
  const dep = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (dep) return dep[1]!;
  const ours = /\/dist\/(src\/[^/]+|bench|schemas|suites)/.exec(url);
  if (ours) return ours[1]!;
  if (url.startsWith('node:')) return 'node internals';
  return url;
}

export function summarize(profile: CpuProfile): string {
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  // The client's transfer(), in drivers/http-client.js.
  const isRequest = (id: number): boolean => {
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const { url } = byId.get(at)!.callFrame;
      if (/drivers\/http-client\.js$/.test(url)) return true;
    }
    return false;
  };
  let t = profile.startTime;
  let firstRequest: number | undefined;
  const before = new Map<string, number>();
  const after = new Map<string, number>();
  profile.samples.forEach((id, i) => {
    const dt = profile.timeDeltas[i] ?? 0;
    t += dt;
    if (firstRequest === undefined && isRequest(id)) firstRequest = t;
    const bucket = firstRequest === undefined ? before : after;
    const key = area(byId.get(id)!);
    bucket.set(key, (bucket.get(key) ?? 0) + dt);
  });
  const total = profile.endTime - profile.startTime;
  const first = (firstRequest ?? profile.endTime) - profile.startTime;
  const top = (m: Map<string, number>): string =>
    [...m.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 12)
      .map(([k, us]) => `    ${k.padEnd(28)} ${(us / 1000).toFixed(0).padStart(6)} ms`)
      .join('\n');
  const busy = (m: Map<string, number>): number => [...m.entries()].filter(([k]) => k !== '(idle)').reduce((s, [, v]) => s + v, 0);
  return [
    `profile: ${(total / 1000).toFixed(0)} ms; first request at ${(first / 1000).toFixed(0)} ms = ${((first / total) * 100).toFixed(1)} % of the profile`,
    `busy (non-idle) before the first request: ${(busy(before) / 1000).toFixed(0)} ms; after: ${(busy(after) / 1000).toFixed(0)} ms (${((busy(before) / (busy(before) + busy(after))) * 100).toFixed(1)} % of CPU before)`,
    '  self time before the first request:',
    top(before),
    '  self time after:',
    top(after),
  ].join('\n');
}

if (process.argv[1]?.endsWith('profile-summary.js')) {
  const file = process.argv[2];
  if (!file) throw new Error('usage: profile-summary FILE.cpuprofile');
  process.stdout.write(`${summarize(JSON.parse(readFileSync(file, 'utf8')) as CpuProfile)}\n`);
}
