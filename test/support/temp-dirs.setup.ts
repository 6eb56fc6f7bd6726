// Every lane's setup: takes nothing, gives each test file's temp folders (temp-dir.ts) removed
// when that file is done, also where a worker runs many files in one module registry
// (isolate: false), where temp-dir.ts's own afterAll runs for the first file only.
import { afterAll } from 'vitest';
import { removeTempDirs } from './temp-dir.js';

afterAll(removeTempDirs);
