// The processes of one hook command: takes the hook's program and environment, gives a
// child in a process group of its own (a new session), tagged through its environment, and
// a kill that ends the group and every process still carrying the tag, so a grandchild that
// left the group (setsid, a daemon) still ends at the hook's limit (issue 21 item 6). The
// tag is found in /proc/<pid>/environ (Linux); elsewhere the group kill is what there is.
import { spawn } from 'node:child_process';
import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { closeSync, openSync, readdirSync, readSync } from 'node:fs';

/** The environment variable that marks every process a hook run starts. */
export const HOOK_TAG_VARIABLE = 'CM_CERTIFY_HOOK_RUN';

/** A process's environment is read up to this much: a tag near the start is all that is looked for. */
const ENVIRON_BYTES = 256 * 1024;

export interface HookProcess {
  child: ChildProcessWithoutNullStreams;
  /** SIGKILL to the group and to every process carrying the tag; closes the pipes. */
  killAll(): void;
}

export function spawnHookProcess(program: string, args: string[], env: NodeJS.ProcessEnv): HookProcess {
  const tag = randomBytes(12).toString('hex');
  const child = spawn(program, args, { env: { ...env, [HOOK_TAG_VARIABLE]: tag }, stdio: ['pipe', 'pipe', 'pipe'], detached: true });
  const killAll = (): void => {
    if (child.pid !== undefined) signalGroup(child.pid);
    // Twice: a tagged process may fork between the scan and its kill.
    for (let pass = 0; pass < 2; pass++) for (const pid of taggedProcesses(tag)) signalProcess(pid);
    child.stdin.destroy();
    child.stdout.destroy();
    child.stderr.destroy();
  };
  return { child, killAll };
}

function signalGroup(pid: number): void {
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    signalProcess(pid);
  }
}

function signalProcess(pid: number): void {
  try {
    process.kill(pid, 'SIGKILL');
  } catch {
    // Gone already, or not ours to signal.
  }
}

/** Processes whose environment holds the tag (none where there is no /proc). */
export function taggedProcesses(tag: string): number[] {
  let entries: string[];
  try {
    entries = readdirSync('/proc');
  } catch {
    return [];
  }
  const needle = Buffer.from(`${HOOK_TAG_VARIABLE}=${tag}\0`);
  const found: number[] = [];
  for (const entry of entries) {
    if (!/^\d+$/.test(entry) || Number(entry) === process.pid) continue;
    const environ = readEnviron(entry);
    if (environ?.includes(needle)) found.push(Number(entry));
  }
  return found;
}

function readEnviron(pid: string): Buffer | undefined {
  let fd: number | undefined;
  try {
    fd = openSync(`/proc/${pid}/environ`, 'r');
    const buffer = Buffer.allocUnsafe(ENVIRON_BYTES);
    let total = 0;
    for (;;) {
      const n = readSync(fd, buffer, total, ENVIRON_BYTES - total, null);
      if (n === 0 || (total += n) >= ENVIRON_BYTES) break;
    }
    return buffer.subarray(0, total);
  } catch {
    return undefined;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}
