// Report files: takes a path and text, writes it after one last redaction pass, so no
// reporter can leak a secret even if a message carried one.
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { Redactor } from '../support/redact.js';

export async function writeReportFile(path: string, text: string, redactor: Redactor): Promise<string> {
  await mkdir(dirname(path), { recursive: true });
  await writeFile(path, redactor.text(text), 'utf8');
  return path;
}
