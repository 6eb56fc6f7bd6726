// Profile hooks: takes a hook name and an input, runs the profile's HTTP request or shell
// command, gives its JSON answer. Hooks let CI drive a candidate (create a booking, start
// a PMS setup) with no person; every run is recorded as evidence.
import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import type { HookSpec } from '../spec/hook-spec.js';
import type { Clock } from '../support/clock.js';
import type { Redactor } from '../support/redact.js';
import type { EvidenceLog } from './evidence-log.js';
import type { Exchange } from '../spec/exchange.js';
import type { HttpClient } from './http-client.js';
import { messageRecord } from './body-limits.js';
import { cutText } from '../support/cut.js';
import { MAX_JSON_DEPTH, jsonTextTooDeep } from '../support/json-depth.js';
import { spawnHookProcess } from './hook-process.js';
import type { HookProcess } from './hook-process.js';
import { isoTime } from '../support/time.js';

export interface HookResult {
  ok: boolean;
  value?: unknown;
  message: string;
  exchangeId?: string;
}

export interface HookRunnerOptions {
  hooks: Record<string, HookSpec>;
  client: HttpClient;
  log: EvidenceLog;
  redactor: Redactor;
  clock: Clock;
  timeoutMs: number;
  evidenceBodyBytes: number;
  signal?: AbortSignal;
  /** Values of the ${VAR}s in hook commands: the child's environment, never spliced into shell text (D-187). */
  env?: Record<string, string>;
}

const MAX_OUTPUT = 1024 * 1024;
const MAX_STDERR = 64 * 1024;
/** After the hook's own process exits, how long something it started may keep its output open. */
const LINGER_MS = 1_000;
/** After the kill, how long the result waits for the process's exit before it is given anyway. */
const KILL_GRACE_MS = 250;

type HookEnd = 'timeout' | 'interrupted' | 'lingered';

interface CommandRun {
  name: string;
  spec: HookSpec;
  input: unknown;
  stdin: Buffer;
  id: string;
  at: number;
  started: number;
  timeoutMs: number;
  ended: HookEnd | undefined;
  spawnError: Error | undefined;
}

interface CollectedOutput {
  out: Buffer[];
  err: Buffer[];
  /** Every stdout byte the hook wrote, kept or not. */
  bytes(): number;
}

/** stdout up to MAX_OUTPUT and stderr up to MAX_STDERR are kept; the rest is counted, not kept. */
function collectOutput(child: ChildProcessWithoutNullStreams): CollectedOutput {
  const collected = { out: [] as Buffer[], err: [] as Buffer[], outBytes: 0, errBytes: 0 };
  child.stdout.on('data', (chunk: Buffer) => {
    collected.outBytes += chunk.length;
    if (collected.outBytes <= MAX_OUTPUT) collected.out.push(chunk);
  });
  child.stderr.on('data', (chunk: Buffer) => {
    if (collected.errBytes < MAX_STDERR) collected.err.push(chunk);
    collected.errBytes += chunk.length;
  });
  // A pipe closed by the kill may report an error: the record says what happened.
  child.stdout.on('error', () => undefined);
  child.stderr.on('error', () => undefined);
  return { out: collected.out, err: collected.err, bytes: () => collected.outBytes };
}

function parseJsonAnswer(text: string): { ok: true; value: unknown } | { ok: false; message: string } {
  const trimmed = text.trim();
  if (trimmed === '') return { ok: true, value: {} };
  if (jsonTextTooDeep(trimmed)) return { ok: false, message: `the hook answered JSON nested more than ${MAX_JSON_DEPTH} levels deep` };
  try {
    return { ok: true, value: JSON.parse(trimmed) };
  } catch {
    return { ok: false, message: `the hook did not answer JSON: ${cutText(trimmed, 120)}` };
  }
}

export class HookRunner {
  constructor(private readonly options: HookRunnerOptions) {}

  has(name: string): boolean {
    return Object.hasOwn(this.options.hooks, name);
  }

  async run(name: string, input: unknown = {}): Promise<HookResult> {
    const spec = this.options.hooks[name];
    if (!spec) return { ok: false, message: `the profile declares no hook "${name}"` };
    return spec.http ? this.runHttp(name, spec, input) : this.runCommand(name, spec, input);
  }

  /** `argv` runs the program itself; `command` runs `sh -c` on the profile's text as written. */
  private spawnHook(name: string, spec: HookSpec): HookProcess {
    const [program, args] = spec.argv ? [spec.argv[0]!, spec.argv.slice(1)] : ['sh', ['-c', spec.command!]];
    return spawnHookProcess(program, args, { ...process.env, ...this.options.env, CM_CERTIFY_HOOK: name });
  }

  private async runHttp(name: string, spec: HookSpec, input: unknown): Promise<HookResult> {
    const http = spec.http!;
    const method = http.method ?? 'POST';
    const live = await this.options.client.send({
      operation: `hook:${name}`,
      url: http.url,
      method,
      headers: http.headers ?? {},
      ...(method === 'GET' ? {} : { body: http.body ?? input }),
    });
    const exchangeId = live.record.id;
    if (live.record.failure) return { ok: false, exchangeId, message: `hook ${name} failed: ${live.record.failure.message}` };
    const status = live.record.response?.status ?? 0;
    if (status < 200 || status > 299) return { ok: false, exchangeId, message: `hook ${name} answered HTTP ${status}` };
    if (!live.response?.ok) return { ok: false, exchangeId, message: `hook ${name} did not answer JSON` };
    return { ok: true, exchangeId, value: live.response.value, message: `hook ${name} answered HTTP ${status}` };
  }

  private runCommand(name: string, spec: HookSpec, input: unknown): Promise<HookResult> {
    const timeoutMs = spec.timeout_ms ?? this.options.timeoutMs;
    const id = this.options.log.nextId();
    const at = this.options.clock.now();
    const started = performance.now();
    const stdin = Buffer.from(JSON.stringify(input ?? {}));
    const release = this.options.clock.hold();
    // The hook's limits are real time: a process runs in real time whatever the run's clock.
    const running = new Promise<HookResult>((resolve) => {
      const hook = this.spawnHook(name, spec);
      const { child } = hook;
      const output = collectOutput(child);
      let ended: HookEnd | undefined;
      let exitCode: number | null = null;
      let done = false;
      const timers: NodeJS.Timeout[] = [];
      const later = (ms: number, then: () => void): void => void timers.push(setTimeout(then, ms));
      const finish = (code: number | null, spawnError?: Error): void => {
        if (done) return;
        done = true;
        for (const t of timers) clearTimeout(t);
        this.options.signal?.removeEventListener('abort', onAbort);
        const run = { name, spec, input, stdin, id, at, started, timeoutMs, ended, spawnError };
        resolve(this.settle(run, code, output));
      };
      // The limit, or Ctrl-C/SIGTERM: every process of the hook is killed and its pipes closed;
      // the result does not wait for 'close', which a process that escaped the kill could hold off.
      const stop = (why: HookEnd): void => {
        if (done || ended) return;
        ended = why;
        hook.killAll();
        later(KILL_GRACE_MS, () => finish(exitCode));
      };
      const onAbort = (): void => stop('interrupted');
      later(timeoutMs, () => stop('timeout'));
      if (this.options.signal?.aborted) stop('interrupted');
      else this.options.signal?.addEventListener('abort', onAbort, { once: true });
      child.stdin.on('error', () => undefined);
      child.stdin.end(stdin);
      child.on('error', (e) => finish(null, e));
      child.on('exit', (code) => {
        exitCode = code;
        if (ended) return finish(code);
        // Exited, but something it started may still hold its output open: wait a little, then
        // stop waiting and end what holds it (a process that let go of the pipes is left alone).
        const remaining = timeoutMs - (performance.now() - started);
        later(Math.max(0, Math.min(LINGER_MS, remaining)), () => {
          if (done) return;
          ended = 'lingered';
          hook.killAll();
          finish(code);
        });
      });
      child.on('close', (code) => finish(code ?? exitCode));
    });
    return running.finally(release);
  }

  /** The evidence record and the result of one finished command hook. */
  private settle(run: CommandRun, code: number | null, output: CollectedOutput): HookResult {
    const { redactor, log } = this.options;
    const { name, spec, input, stdin, id, at, started, timeoutMs, ended, spawnError } = run;
    const stdout = Buffer.concat(output.out);
    const stderr = `${Buffer.concat(output.err).toString('utf8')}${ended === 'lingered' ? `\n(cm-certify: a process the hook started still held its output ${LINGER_MS} ms after the hook exited: it was stopped)` : ''}`;
    const record: Exchange = {
      id,
      direction: 'outbound',
      operation: `hook:${name}`,
      startedAt: isoTime(at),
      durationMs: Math.round(performance.now() - started),
      request: {
        method: 'EXEC',
        url: `command: ${redactor.text(spec.argv ? JSON.stringify(spec.argv) : spec.command!)}`,
        ...messageRecord({}, stdin, this.options.evidenceBodyBytes, redactor),
      },
      response: {
        status: code ?? -1,
        ...messageRecord(stderr ? { stderr: redactor.text(cutText(stderr, 2000)) } : {}, stdout, this.options.evidenceBodyBytes, redactor, output.bytes()),
      },
    };
    log.add({ record, at, request: { ok: true, value: input } });
    if (spawnError) return { ok: false, exchangeId: id, message: `hook ${name} could not start: ${spawnError.message}` };
    if (ended === 'timeout') return { ok: false, exchangeId: id, message: `hook ${name} did not finish within ${timeoutMs} ms` };
    if (ended === 'interrupted') return { ok: false, exchangeId: id, message: `hook ${name} was stopped: the run was interrupted` };
    if (code !== 0) return { ok: false, exchangeId: id, message: `hook ${name} exited with code ${code}: ${redactor.text(cutText(stderr.trim(), 200))}` };
    const parsed = parseJsonAnswer(stdout.toString('utf8'));
    if (!parsed.ok) return { ok: false, exchangeId: id, message: `hook ${name}: ${redactor.text(parsed.message)}` };
    return { ok: true, exchangeId: id, value: parsed.value, message: `hook ${name} exited with code 0` };
  }
}
