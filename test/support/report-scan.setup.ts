// Every report the test suite writes in-process passes through the report writer, and is
// scanned for an unrendered suite template (issue 12: no message, title or evidence in any
// report holds a `${...}` the harness failed to render). Registered in vitest.config.ts as
// a setup file, so it covers every test file; the runs of child processes are covered by
// the files that scan their own output (test/e2e/pms-order-timing.test.ts).
import { afterAll, expect, vi } from 'vitest';
import { findUnrendered } from './unrendered.js';

const found: string[] = [];

vi.mock('../../src/report/write-file.js', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../src/report/write-file.js')>();
  return {
    ...original,
    writeReportFile: vi.fn(async (path: string, text: string): Promise<string> => {
      for (const hit of findUnrendered(text)) found.push(`${path}: ${hit}`);
      return original.writeReportFile(path, text);
    }),
  };
});

afterAll(() => {
  expect(found, 'reports with an unrendered template').toEqual([]);
});
