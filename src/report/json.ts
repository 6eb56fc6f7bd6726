// The JSON report: takes the RunResult, gives report.json — the RunResult written out,
// with a schema version so tools reading it can tell formats apart, and the certificate
// block (./certificate.ts) computed over the evidence as written (secrets removed).
import { join } from 'node:path';
import type { RunResult } from '../spec/run-result.js';
import { buildCertificate } from './certificate.js';
import type { Certificate } from './certificate.js';
import { probableCause } from './probable-cause.js';
import type { Signer } from './signature.js';
import type { ReporterFactory } from './types.js';
import { writeReportFile } from './write-file.js';

export const JSON_REPORT_FILE = 'report.json';
export const JSON_REPORT_FORMAT = 'cm-certify/report@1';

/** The report object; `probableCause` (when there is one) comes first, before the per-check details. */
export function toJsonReport(result: RunResult, certificate: Certificate = buildCertificate(result)): Record<string, unknown> {
  const cause = probableCause(result);
  return { format: JSON_REPORT_FORMAT, ...(cause ? { probableCause: cause } : {}), certificate, ...result };
}

/** The file's text: the report with its certificate (signed when a signer is given). */
export function jsonReportText(result: RunResult, signer?: Signer): string {
  return `${JSON.stringify(toJsonReport(result, buildCertificate(result, signer)), null, 2)}\n`;
}

export const jsonReporter: ReporterFactory = (ctx) => ({
  name: 'json',
  async finish(result) {
    const text = ctx.renderOffLoop
      ? await (await import('./render-thread.js')).renderOffLoop({ kind: 'json', result, signer: ctx.signer })
      : jsonReportText(result, ctx.signer);
    return [await writeReportFile(join(ctx.outputDir, JSON_REPORT_FILE), text)];
  },
});
