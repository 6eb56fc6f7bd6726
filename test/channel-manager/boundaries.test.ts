// The channel-manager core stays apart from the test candidates: src/channel-manager has no
// fault switch and imports only support, spec and schemas; nothing outside src/reference
// and src/cli imports src/reference. Read from the source tree; each rule is also shown
// to fire on a file that breaks it.
import { readFileSync, readdirSync } from 'node:fs';
import { join, posix } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { packageRoot } from '../../src/support/package-root.js';

interface SourceFile {
  /** Relative to the package root, with forward slashes. */
  path: string;
  text: string;
}

const CORE = 'src/channel-manager/';
const CORE_MAY_IMPORT = ['src/channel-manager/', 'src/support/', 'src/spec/', 'src/schemas/'];
const REFERENCE = 'src/reference/';
const MAY_IMPORT_REFERENCE = ['src/reference/', 'src/cli/'];
const FAULT_WORDS = [/faults\.has/, /\bfaults?\b/i, /\w+Fault\b/];

function sourceFiles(dir: string): SourceFile[] {
  const root = packageRoot();
  return readdirSync(join(root, dir), { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.ts'))
    .map((name) => {
      const path = posix.join(dir, name.split('\\').join('/'));
      return { path, text: readFileSync(join(root, path), 'utf8') };
    });
}

/** Each import of a file: the specifier and, for a relative one, the path it names from the root. */
function importsOf(file: SourceFile): Array<{ specifier: string; target: string | undefined }> {
  // TypeScript's own scanner: static, type-only, re-exports and import() alike; comments ignored.
  return ts.preProcessFile(file.text, true, true).importedFiles.map(({ fileName: specifier }) => {
    const target = specifier.startsWith('.') ? posix.normalize(posix.join(posix.dirname(file.path), specifier)) : undefined;
    return { specifier, target };
  });
}

function coreViolations(files: readonly SourceFile[]): string[] {
  const problems: string[] = [];
  for (const file of files.filter((f) => f.path.startsWith(CORE))) {
    for (const word of FAULT_WORDS) {
      const hit = word.exec(file.text);
      if (hit) problems.push(`${file.path}: mentions ${JSON.stringify(hit[0])}`);
    }
    for (const { specifier, target } of importsOf(file)) {
      const allowed = specifier.startsWith('node:') || (target !== undefined && CORE_MAY_IMPORT.some((dir) => target.startsWith(dir)));
      if (!allowed) problems.push(`${file.path}: imports ${specifier}`);
    }
  }
  return problems;
}

function referenceImportViolations(files: readonly SourceFile[]): string[] {
  const problems: string[] = [];
  for (const file of files) {
    if (MAY_IMPORT_REFERENCE.some((dir) => file.path.startsWith(dir))) continue;
    for (const { specifier, target } of importsOf(file)) {
      if (target?.startsWith(REFERENCE)) problems.push(`${file.path}: imports ${specifier}`);
    }
  }
  return problems;
}

describe('the channel-manager core', () => {
  const files = sourceFiles('src');

  it('reads the real tree (the core and its importers are there)', () => {
    expect(files.filter((f) => f.path.startsWith(CORE)).length).toBeGreaterThan(10);
    expect(files.some((f) => f.path === 'src/drivers/mock-cm/mock-cm.ts' && f.text.includes('channel-manager/index.js'))).toBe(true);
  });

  it('has no fault switch and imports only support, spec and schemas', () => {
    expect(coreViolations(files)).toEqual([]);
  });

  it('nothing outside src/reference and src/cli imports src/reference', () => {
    expect(referenceImportViolations(files)).toEqual([]);
  });

  it('would report a fault switch, a fault type and an import from above', () => {
    const bad: SourceFile = {
      path: 'src/channel-manager/example.ts',
      text: [
        "import type { OtaFault } from '../reference/ota/faults.js';",
        "import { judge } from '../checks/index.js';",
        "import { ok } from './replies.js';",
        "import { readFileSync } from 'node:fs';",
        "if (this.faults.has('x')) return;",
      ].join('\n'),
    };
    expect(coreViolations([bad])).toEqual([
      'src/channel-manager/example.ts: mentions "faults.has"',
      'src/channel-manager/example.ts: mentions "faults"',
      'src/channel-manager/example.ts: mentions "OtaFault"',
      'src/channel-manager/example.ts: imports ../reference/ota/faults.js',
      'src/channel-manager/example.ts: imports ../checks/index.js',
    ]);
  });

  it('would report a driver, a check or a lazy import that loads src/reference', () => {
    const bad: SourceFile[] = [
      { path: 'src/drivers/mock-cm/mock-cm.ts', text: "import { createReferenceOta } from '../../reference/ota/index.js';" },
      { path: 'src/checks/code/ota.ts', text: "const m = await import('../../reference/pms/index.js');" },
      { path: 'src/cli/reference.ts', text: "import { OTA_FAULTS } from '../reference/ota/index.js';" },
      { path: 'src/reference/ota/server.ts', text: "import { ChannelManager } from '../../channel-manager/index.js';" },
    ];
    expect(referenceImportViolations(bad)).toEqual([
      'src/drivers/mock-cm/mock-cm.ts: imports ../../reference/ota/index.js',
      'src/checks/code/ota.ts: imports ../../reference/pms/index.js',
    ]);
  });
});
