// A report file's text as a job: takes { kind: html | json | junit, the redacted RunResult, the
// signer, the JUnit options }, gives the file's text, exactly as each reporter composes it. The
// render thread (render-thread-entry.ts) and the in-place fallback (render-thread.ts) both call it.
import type { RunResult } from '../spec/run-result.js';
import type { Signer } from './signature.js';
import { renderReportPage } from './html/index.js';
import { jsonReportText } from './json.js';
import { toJunit } from './junit.js';
import type { JunitOptions } from './junit.js';

export interface RenderJob {
  kind: 'html' | 'json' | 'junit';
  result: RunResult;
  signer?: Signer | undefined;
  junit?: JunitOptions | undefined;
}

export function renderJob(job: RenderJob): string {
  if (job.kind === 'html') return renderReportPage(job.result, job.signer);
  if (job.kind === 'json') return jsonReportText(job.result, job.signer);
  return toJunit(job.result, job.junit);
}
