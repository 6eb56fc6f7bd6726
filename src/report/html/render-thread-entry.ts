// The report page's render thread (node:worker_threads): takes { id, result, signer } messages
// (a redacted RunResult, the signer's key cloned into the thread), gives back { id, page } or
// { id, error }. Started by render-thread.ts; renders exactly as renderReportPage does in the
// main thread, so the page is the same byte for byte.
import { parentPort } from 'node:worker_threads';
import type { RunResult } from '../../spec/run-result.js';
import type { Signer } from '../signature.js';
import { renderReportPage } from './index.js';

interface Job {
  id: number;
  result: RunResult;
  signer?: Signer | undefined;
}

parentPort?.on('message', (job: Job) => {
  try {
    parentPort!.postMessage({ id: job.id, page: renderReportPage(job.result, job.signer) });
  } catch (error) {
    parentPort!.postMessage({ id: job.id, error: error instanceof Error ? error.message : String(error) });
  }
});
