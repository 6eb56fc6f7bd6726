// Preloaded with `node --import` into every side-by-side child (cm-certify and the plain
// loop alike): takes BENCH_RUSAGE_FILE from the environment and, when the process exits,
// writes its CPU time and peak RSS (the kernel's maxRSS) there as JSON. Costs both the same.
import { writeFileSync } from 'node:fs';

const file = process.env.BENCH_RUSAGE_FILE;
if (file) {
  process.on('exit', () => {
    const usage = process.resourceUsage();
    writeFileSync(file, JSON.stringify({ cpuMs: (usage.userCPUTime + usage.systemCPUTime) / 1000, maxRssMb: usage.maxRSS / 1024 }));
  });
}
