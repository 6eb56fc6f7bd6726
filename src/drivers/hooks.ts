// Profile hooks: takes a hook name and an input, runs the profile's HTTP request or shell
// command, gives its JSON answer. Hooks let CI drive a candidate (create a booking, start
// a PMS setup) with no person; every run is recorded as evidence.
import { spawn } from 'node:child_process';
import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import type { HookSpec } from '../profile/types.js';
import type { Clock } from '../support/clock.js';
import type { Redactor } from '../support/redact.js';
import type { EvidenceLog } from './evidence-log.js';
import type { Exchange } from '../spec/exchange.js';
import type { HttpClient } from './http-client.js';
import { messageRecord } from './body-limits.js';
import { cutText } from '../support/cut.js';
import { MAX_JSON_DEPTH, jsonTextTooDeep } from '../support/json-depth.js';

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
  private spawnHook(name: string, spec: HookSpec): ChildProcessWithoutNullStreams {
    const [program, args] = spec.argv ? [spec.argv[0]!, spec.argv.slice(1)] : ['sh', ['-c', spec.command!]];
    return spawn(program, args, {
      env: { ...process.env, ...this.options.env, CM_CERTIFY_HOOK: name },
      stdio: ['pipe', 'pipe', 'pipe'],
      detached: true,
    });
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
    const { redactor, log, clock } = this.options;
    const timeoutMs = spec.timeout_ms ?? this.options.timeoutMs;
    const id = log.nextId();
    const at = clock.now();
    const started = performance.now();
    const stdin = Buffer.from(JSON.stringify(input ?? {}));
    return new Promise((resolve) => {
      const child = this.spawnHook(name, spec);
      const out: Buffer[] = [];
      const err: Buffer[] = [];
      let outBytes = 0;
      let timedOut = false;
      const kill = (): void => {
        try {
          if (child.pid) process.kill(-child.pid, 'SIGKILL');
        } catch {
          child.kill('SIGKILL');
        }
      };
      const timer = setTimeout(() => {
        timedOut = true;
        kill();
      }, timeoutMs);
      const onAbort = (): void => kill();
      this.options.signal?.addEventListener('abort', onAbort, { once: true });
      child.stdout.on('data', (chunk: Buffer) => {
        outBytes += chunk.length;
        if (outBytes <= MAX_OUTPUT) out.push(chunk);
      });
      child.stderr.on('data', (chunk: Buffer) => {
        if (err.reduce((n, b) => n + b.length, 0) < 64 * 1024) err.push(chunk);
      });
      child.stdin.on('error', () => undefined);
      child.stdin.end(stdin);
      let done = false;
      const finish = (code: number | null, spawnError?: Error): void => {
        if (done) return;
        done = true;
        clearTimeout(timer);
        this.options.signal?.removeEventListener('abort', onAbort);
        const stdout = Buffer.concat(out);
        const stderr = Buffer.concat(err).toString('utf8');
        const record: Exchange = {
          id,
          direction: 'outbound',
          operation: `hook:${name}`,
          startedAt: new Date(at).toISOString(),
          durationMs: Math.round(performance.now() - started),
          request: {
            method: 'EXEC',
            url: `command: ${redactor.text(spec.argv ? JSON.stringify(spec.argv) : spec.command!)}`,
            ...messageRecord({}, stdin, this.options.evidenceBodyBytes, redactor),
          },
          response: {
            status: code ?? -1,
            ...messageRecord(stderr ? { stderr: redactor.text(cutText(stderr, 2000)) } : {}, stdout, this.options.evidenceBodyBytes, redactor, outBytes),
          },
        };
        log.add({ record, at, request: { ok: true, value: input } });
        if (spawnError) return resolve({ ok: false, exchangeId: id, message: `hook ${name} could not start: ${spawnError.message}` });
        if (timedOut) return resolve({ ok: false, exchangeId: id, message: `hook ${name} did not finish within ${timeoutMs} ms` });
        if (code !== 0)
          return resolve({ ok: false, exchangeId: id, message: `hook ${name} exited with code ${code}: ${redactor.text(cutText(stderr.trim(), 200))}` });
        const parsed = parseJsonAnswer(stdout.toString('utf8'));
        if (!parsed.ok) return resolve({ ok: false, exchangeId: id, message: `hook ${name}: ${redactor.text(parsed.message)}` });
        resolve({ ok: true, exchangeId: id, value: parsed.value, message: `hook ${name} exited with code 0` });
      };
      child.on('error', (e) => finish(null, e));
      child.on('close', (code) => finish(code));
    });
  }
}
