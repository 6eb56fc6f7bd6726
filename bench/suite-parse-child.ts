// One cold user-suite load: takes a suite file and, optionally, a cache folder, prints (JSON)
// the time of its first loadSuite in this fresh process, which is what a run pays: without a
// cache folder the YAML is parsed (its reader's code not yet loaded nor compiled); with one,
// the suite is read from the user-suite cache (src/suite/user-suite-cache.ts), as a run of
// the bundle reads what an earlier run kept. This is tsc's output, with no build fingerprint:
// the cache is given a fixed one of its own. Run by bench/suite-parse.ts.
import { loadSuite } from '../src/suite/load-suite.js';

const [file, cacheDir] = process.argv.slice(2);
if (!file) throw new Error('usage: node dist/bench/suite-parse-child.js SUITE.yaml [CACHE_DIR]');
const cache = cacheDir ? { dir: cacheDir, fingerprint: 'bench-suite-parse' } : undefined;
const started = performance.now();
const steps = loadSuite(file, { cache }).steps.length;
process.stdout.write(`${JSON.stringify({ ms: performance.now() - started, steps })}\n`);
