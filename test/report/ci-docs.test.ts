// CI in ten lines (issue 22 item 10): docs/ci has a GitHub Actions job of at most 15 lines per
// target (the PMS one with the mock channel manager listening for a PMS service) and a GitLab
// job. Each gates on the verdict word, never on exit 0 alone. The commands they use are taken
// from the YAML and run here, against the reference candidates: the run writes the reports the
// job uploads (with `--require certified`, which accepts only the word certified), and the
// verdict gate passes a certified report and fails every other word.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.js';
import { captureIo } from '../e2e/helpers.js';
import { testClock, withTestClock, writeTestPmsProfile } from '../e2e/pms-profile.js';

const docs = (path: string): string => readFileSync(fileURLToPath(new URL(`../../docs/ci/${path}`, import.meta.url)), 'utf8');

interface Job {
  file: string;
  target: 'ota' | 'pms';
  commands: string[];
}

function commandsOf(file: string): string[] {
  const yaml = parse(docs(file)) as { jobs?: Record<string, { steps: Array<{ run?: string }> }> } & Record<string, unknown>;
  if (yaml.jobs) return Object.values(yaml.jobs).flatMap((job) => job.steps.flatMap((s) => (s.run ? [s.run] : [])));
  return Object.values(yaml).flatMap((job) => (job as { script?: string[] }).script ?? []);
}

const JOBS: Job[] = [
  { file: 'github-actions-ota.yml', target: 'ota', commands: commandsOf('github-actions-ota.yml') },
  { file: 'github-actions-pms.yml', target: 'pms', commands: commandsOf('github-actions-pms.yml') },
  { file: 'gitlab-ci.yml', target: 'ota', commands: commandsOf('gitlab-ci.yml') },
];

/** The job's cm-certify command as arguments for main(), aimed at the reference candidate. */
function referenceArgs(command: string, target: 'ota' | 'pms', pmsProfile: string | undefined): string[] {
  const words = command.split(/\s+/);
  expect(words.slice(0, 3)).toEqual(['node', '.cm/bin/cm-certify.js', 'run']);
  const args = words.slice(2);
  const at = args.indexOf('--profile');
  expect(args[at + 1]).toBe(`ci/cm-certify.${target}.yaml`);
  args.splice(at, 2, '--target', target, '--reference', ...(pmsProfile ? ['--profile', pmsProfile] : []));
  expect(args[args.indexOf('--require') + 1]).toBe('certified');
  return args;
}

/** Runs a job's cm-certify command against the reference candidate; gives the folder it ran in. */
async function runReference(job: Job, run: string): Promise<string> {
  let io = captureIo(testClock());
  const code =
    job.target === 'pms'
      ? await withTestClock(async (clock) => {
          io = captureIo(clock);
          return main(referenceArgs(run, 'pms', writeTestPmsProfile(io.cwd)), io);
        })
      : await main(referenceArgs(run, 'ota', undefined), io);
  // Certified, and refused by --require as the reference candidate (issue 28 item 7): a partner's run has no such refusal.
  expect(io.out()).toMatch(/Verdict: CERTIFIED/);
  expect(io.out() + io.err()).toContain("REFUSED: the candidate is cm-certify's own reference candidate");
  expect(code, `${job.file}: ${io.err()}`).toBe(1);
  for (const file of ['report.json', 'junit.xml', 'report.html']) expect(existsSync(join(io.cwd, 'report', file)), file).toBe(true);
  if (job.target === 'pms') expect(io.out()).toMatch(/Estimated length: about .* once your PMS connects/);
  // JUnit (issue 22 item 8): every testcase has a line (its check's or its step's, the checks on every PMS request too), and no harness file.
  const cases = [...readFileSync(join(io.cwd, 'report', 'junit.xml'), 'utf8').matchAll(/<testcase [^>]*>/g)].map((m) => m[0]);
  expect(cases.length).toBeGreaterThan(50);
  expect(
    cases.filter((c) => !/ line="[1-9]\d*"/.test(c)),
    job.file,
  ).toEqual([]);
  expect(cases.filter((c) => / file="/.test(c))).toEqual([]);
  return io.cwd;
}

describe('docs/ci', () => {
  it.each(JOBS.map((j) => [j.file, j] as const))(
    '%s: at most 15 lines, installs cm-certify, runs it with --require certified and gates on the verdict word',
    (_file, job) => {
      const lines = docs(job.file)
        .split('\n')
        .filter((l) => l.trim());
      expect(lines.length).toBeLessThanOrEqual(15);
      expect(job.commands.some((c) => c.includes('git clone') && c.includes('npm run build'))).toBe(true);
      expect(job.commands.filter((c) => c.includes('cm-certify.js run'))).toHaveLength(1);
      expect(job.commands.find((c) => c.includes('cm-certify.js run'))).toContain('--require certified');
      expect(job.commands.filter((c) => /\.verdict.*= certified$/.test(c))).toHaveLength(1);
    },
  );

  it('the PMS job runs the PMS as a service that reaches the mock channel manager', () => {
    const job = (
      parse(docs('github-actions-pms.yml')) as { jobs: Record<string, { services: Record<string, { options: string; env: Record<string, string> }> }> }
    ).jobs.certify!;
    const pms = Object.values(job.services)[0]!;
    expect(pms.options).toContain('host.docker.internal:host-gateway');
    expect(Object.values(pms.env).join(' ')).toMatch(/https:\/\/host\.docker\.internal:9200/);
  });

  it('the commands the jobs use certify the reference candidates and gate on the verdict word', async () => {
    // Each distinct run once (the GitLab job runs the GitHub OTA job's command), the two targets side by side.
    const runs = new Map<string, { job: Job; run: string }>();
    for (const job of JOBS) {
      const run = job.commands.find((c) => c.includes('cm-certify.js run'))!;
      if (!runs.has(`${job.target} ${run}`)) runs.set(`${job.target} ${run}`, { job, run });
    }
    const folders = new Map(await Promise.all([...runs].map(async ([key, { job, run }]) => [key, await runReference(job, run)] as const)));
    for (const job of JOBS) {
      const run = job.commands.find((c) => c.includes('cm-certify.js run'))!;
      const cwd = folders.get(`${job.target} ${run}`)!;
      const gate = job.commands.find((c) => /\.verdict.*= certified$/.test(c))!;
      const sh = (): number => {
        try {
          execFileSync('sh', ['-c', gate], { cwd, stdio: 'ignore' });
          return 0;
        } catch (error) {
          return (error as { status: number }).status;
        }
      };
      expect(sh(), `${job.file}: ${gate}`).toBe(0);
      // Never exit 0 alone: the same gate fails a report whose word is not certified.
      const path = join(cwd, 'report', 'report.json');
      const report = readFileSync(path, 'utf8');
      writeFileSync(path, JSON.stringify({ ...JSON.parse(report), verdict: 'passed-partial' }));
      expect(sh(), `${job.file}: the gate on passed-partial`).not.toBe(0);
      writeFileSync(path, report);
    }
  }, 90_000);
});
