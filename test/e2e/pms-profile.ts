// A test-speed copy of the reference PMS profile: the same candidate and credentials, with
// intervals short enough that, on a clock running SPEED times faster, a whole PMS
// certification takes a few seconds of real time while every rule keeps its meaning.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { packagePath } from '../../src/support/package-root.js';

export const SPEED = 20;

const TIMING = `intervals:
  poll_ms: 16000
  poll_tolerance_ms: 6000
  polls_observed: 2
  clock_skew_ms: 1000
deadlines:
  setup: 60s
  default: 60s
  full_refresh: 120s
  settle: 6s
  callback_reaction: 6s
timeouts:
  request_ms: 10000
`;

/** Writes the test profile into `dir` (no TLS files: the run generates its certificates). */
export function writeTestPmsProfile(dir: string): string {
  const original = readFileSync(packagePath('fixtures', 'profiles', 'reference-pms.yaml'), 'utf8');
  const head = original.slice(0, original.indexOf('intervals:'));
  const text = head + TIMING;
  const file = join(dir, 'reference-pms.test.yaml');
  writeFileSync(file, text);
  return file;
}
