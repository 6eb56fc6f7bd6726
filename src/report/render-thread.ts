// The report files rendered off the event loop: takes a RenderJob (html, json or junit of a
// redacted RunResult), gives the text the reporter would compose, rendered in one thread per
// process (render-thread-entry.ts), started on first use and not keeping the process alive when
// idle. A service worker holding many runs uses it so that one run's reports (the page alone
// 0.4-2 s of uninterrupted CPU) do not stall the other runs' harness while they listen. Where the
// thread cannot run (its built entry file is missing, as under vitest on the sources, or the
// thread fails), the text is rendered here.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { renderJob } from './render-job.js';
import type { RenderJob } from './render-job.js';

const ENTRY = new URL('./render-thread-entry.js', import.meta.url);

interface Pending {
  resolve(page: string): void;
  reject(error: Error): void;
}

let thread: Worker | undefined;
let unavailable = false;
let nextId = 0;
const pending = new Map<number, Pending>();

function failAll(error: Error): void {
  thread = undefined;
  for (const job of pending.values()) job.reject(error);
  pending.clear();
}

function renderThread(entry: URL): Worker | undefined {
  if (!renderThreadAvailable(entry)) return undefined;
  if (thread) return thread;
  const started = new Worker(entry);
  started.on('message', (message: { id: number; text?: string; error?: string }) => {
    const job = pending.get(message.id);
    pending.delete(message.id);
    if (pending.size === 0) started.unref();
    if (message.text !== undefined) job?.resolve(message.text);
    else job?.reject(new Error(message.error ?? 'the render thread gave no text'));
  });
  started.on('error', (error) => ((unavailable = true), failAll(error)));
  started.on('exit', (code) => failAll(new Error(`the render thread exited (${code})`)));
  started.unref();
  return (thread = started);
}

/** Whether reports are rendered in the thread (its built entry exists and it has not failed). */
export function renderThreadAvailable(entry: URL = ENTRY): boolean {
  return !unavailable && existsSync(fileURLToPath(entry));
}

/** The job's text, rendered in the render thread; in this thread when the render thread is not available or fails. */
export async function renderOffLoop(job: RenderJob, entry: URL = ENTRY): Promise<string> {
  const worker = renderThread(entry);
  if (!worker) return renderJob(job);
  const id = nextId++;
  try {
    return await new Promise<string>((resolve, reject) => {
      pending.set(id, { resolve, reject });
      worker.ref();
      worker.postMessage({ id, job });
    });
  } catch {
    pending.delete(id);
    if (pending.size === 0) worker.unref();
    return renderJob(job);
  }
}

/** Stops the render thread (a later page starts it again). */
export async function stopRenderThread(): Promise<void> {
  const running = thread;
  thread = undefined;
  if (running) await running.terminate();
}
