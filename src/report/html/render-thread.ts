// The report page rendered off the event loop: takes a redacted RunResult and the signer, gives
// the page renderReportPage gives, rendered in one thread per process (render-thread-entry.ts),
// started on first use and not keeping the process alive when idle. A service worker holding
// many runs uses it so that one run's page (0.4-2 s of uninterrupted CPU) does not stall the
// other runs' harness while they listen. Where the thread cannot run (its built entry file is
// missing, as under vitest on the sources, or the thread fails), the page is rendered here.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { RunResult } from '../../spec/run-result.js';
import type { Signer } from '../signature.js';
import { renderReportPage } from './index.js';

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
  started.on('message', (message: { id: number; page?: string; error?: string }) => {
    const job = pending.get(message.id);
    pending.delete(message.id);
    if (pending.size === 0) started.unref();
    if (message.page !== undefined) job?.resolve(message.page);
    else job?.reject(new Error(message.error ?? 'the render thread gave no page'));
  });
  started.on('error', (error) => ((unavailable = true), failAll(error)));
  started.on('exit', (code) => failAll(new Error(`the render thread exited (${code})`)));
  started.unref();
  return (thread = started);
}

/** Whether pages are rendered in the thread (its built entry exists and it has not failed). */
export function renderThreadAvailable(entry: URL = ENTRY): boolean {
  return !unavailable && existsSync(fileURLToPath(entry));
}

/** The page, rendered in the render thread; in this thread when the render thread is not available or fails. */
export async function renderReportPageOffLoop(result: RunResult, signer?: Signer, entry: URL = ENTRY): Promise<string> {
  const worker = renderThread(entry);
  if (!worker) return renderReportPage(result, signer);
  const id = nextId++;
  try {
    return await new Promise<string>((resolve, reject) => {
      pending.set(id, { resolve, reject });
      worker.ref();
      worker.postMessage({ id, result, signer });
    });
  } catch {
    pending.delete(id);
    if (pending.size === 0) worker.unref();
    return renderReportPage(result, signer);
  }
}

/** Stops the render thread (a later page starts it again). */
export async function stopRenderThread(): Promise<void> {
  const running = thread;
  thread = undefined;
  if (running) await running.terminate();
}
