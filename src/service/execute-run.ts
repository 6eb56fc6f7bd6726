// One queued run, executed: takes the run's candidate (profile YAML, opened secrets, CA), a
// work folder and the service's signing key file, gives the session's outcome. It calls
// runSession exactly as `cm-certify run --profile … --ca … --reporter json,html,junit
// --sign-key …` does (the key given in memory); the terminal report's lines go to `onLine` as they are written (the
// run page's live progress, and the partial evidence a killed worker leaves behind).
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { runSession } from '../session/run-session.js';
import type { SessionOutcome } from '../session/types.js';
import type { Target } from '../spec/vocabulary.js';
import type { Signer } from '../report/signature.js';
import { PROFILE_FILE } from './candidate-profile.js';
import { WAIVERS_FILE } from './waivers.js';
import type { MockMount } from '../drivers/mock-cm/mount.js';

export interface RunInputs {
  target: Target;
  yaml: string;
  secrets: Record<string, string>;
  caPem: string | null;
  /** The candidate's waivers approved in the service, as a waiver file (waivers.ts). */
  waivers?: string | undefined;
}

export interface ExecuteOptions {
  dir: string;
  signer: Signer;
  signal: AbortSignal;
  onLine(line: string): void;
  /** What reaches the session's environment besides the secrets (proxy settings). */
  env?: NodeJS.ProcessEnv | undefined;
  /** A PMS run: the worker's shared port its mock channel manager mounts under (the profile's listen does not apply). */
  mockMount?: MockMount | undefined;
}

export const REPORT_DIR = 'report';

/** Splits what is written into lines; the last unfinished line is flushed at the end. */
function lineSink(onLine: (line: string) => void): Writable & { flush(): void } {
  let pending = '';
  const sink = new Writable({
    write(chunk: Buffer | string, _encoding, done) {
      pending += chunk.toString();
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) onLine(line);
      done();
    },
  });
  return Object.assign(sink, { flush: () => void (pending && onLine(pending), (pending = '')) });
}

const PROXY_VARS = ['HTTPS_PROXY', 'https_proxy', 'HTTP_PROXY', 'http_proxy', 'NO_PROXY', 'no_proxy'];

export async function executeRun(inputs: RunInputs, options: ExecuteOptions): Promise<SessionOutcome> {
  mkdirSync(options.dir, { recursive: true, mode: 0o700 });
  writeFileSync(join(options.dir, PROFILE_FILE), inputs.yaml);
  if (inputs.caPem) writeFileSync(join(options.dir, 'ca.pem'), inputs.caPem);
  if (inputs.waivers) writeFileSync(join(options.dir, WAIVERS_FILE), inputs.waivers);
  const out = lineSink(options.onLine);
  const env: NodeJS.ProcessEnv = { ...Object.fromEntries(PROXY_VARS.flatMap((k) => (options.env?.[k] ? [[k, options.env[k]]] : []))), ...inputs.secrets };
  try {
    return await runSession(
      {
        target: inputs.target,
        profile: PROFILE_FILE,
        ...(inputs.caPem ? { ca: 'ca.pem' } : {}),
        ...(inputs.waivers ? { waivers: WAIVERS_FILE } : {}),
        reporter: ['json', 'html', 'junit'],
        outputDir: REPORT_DIR,
        signer: options.signer,
        verbosity: 'normal',
        rerunCommand: `cm-certify run --target ${inputs.target} --profile ${PROFILE_FILE}${inputs.waivers ? ` --waivers ${WAIVERS_FILE}` : ''}`,
      },
      { stdout: out, stderr: out, env, cwd: options.dir, signal: options.signal, attended: false, mockMount: options.mockMount, renderOffLoop: true },
    );
  } finally {
    out.flush();
  }
}

/** The report files a run wrote, by name. */
export function reportFiles(dir: string): Array<{ name: string; content: Buffer }> {
  const reportDir = join(dir, REPORT_DIR);
  let names: string[];
  try {
    names = readdirSync(reportDir);
  } catch {
    return [];
  }
  return names.map((name) => ({ name, content: readFileSync(join(reportDir, name)) }));
}
