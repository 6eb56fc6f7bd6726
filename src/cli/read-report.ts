// A report file named on the command line (verify-report, diff): takes its path, gives its
// text, or the reason it cannot be read. Read through the one bounded reader every input file
// goes through (src/support/read-input.ts): a device, FIFO or folder is refused at once, and a
// file is read up to the largest report a run can write.
import { UsageError } from '../support/errors.js';
import { readInputFile } from '../support/read-input.js';

/** A run keeps at most 64 MiB of evidence (limits.max_evidence_bytes); the HTML page holds it twice, with room. */
export const MAX_REPORT_BYTES = 512 * 1024 * 1024;

export function readReportFile(path: string): { text: string } | { reason: string } {
  try {
    return { text: readInputFile(path, 'report', UsageError, { maxBytes: MAX_REPORT_BYTES }) };
  } catch (error) {
    return { reason: (error as Error).message };
  }
}
