// One cold user-suite parse: takes a suite file, prints (JSON) the time of its first
// loadSuite in this fresh process, which is what a run pays: the YAML reader's code is not
// yet loaded nor compiled. Run by bench/suite-parse.ts.
import { loadSuite } from '../src/suite/load-suite.js';

const file = process.argv[2];
if (!file) throw new Error('usage: node dist/bench/suite-parse-child.js SUITE.yaml');
const started = performance.now();
const steps = loadSuite(file).steps.length;
process.stdout.write(`${JSON.stringify({ ms: performance.now() - started, steps })}\n`);
