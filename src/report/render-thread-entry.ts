// The report files' render thread (node:worker_threads): takes { id, job } messages (a
// RenderJob: the redacted RunResult, the signer's key cloned into the thread), gives back
// { id, text } or { id, error }. Started by render-thread.ts; renders as the reporters do in the
// main thread (render-job.ts), so each file is the same byte for byte.
import { parentPort } from 'node:worker_threads';
import { renderJob } from './render-job.js';
import type { RenderJob } from './render-job.js';

parentPort?.on('message', ({ id, job }: { id: number; job: RenderJob }) => {
  try {
    parentPort!.postMessage({ id, text: renderJob(job) });
  } catch (error) {
    parentPort!.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
});
