// Ingestion: takes a refresh shape and how many runs, gives the mock channel manager's
// median throughput and peak memory against the baseline (JSON.parse + the compiled Ajv
// validator over the same bodies, no HTTP), each run in a fresh child process
// (bench/ingest-child.ts), mock, baseline and floor (the same client and HTTP to a server
// doing only JSON.parse + Ajv) alternating so all three see the same load.
import { fileURLToPath } from 'node:url';
import type { IngestMode, IngestResult } from './ingest-child.js';
import type { RefreshShape } from './synthetic-refresh.js';
import { median, runJsonChild } from './timing.js';

export interface IngestionSummary {
  shape: RefreshShape;
  items: number;
  requests: number;
  runs: number;
  /** Medians over the runs. */
  mockItemsPerSec: number;
  mockMs: number;
  mockCpuMs: number;
  /** Highest peak RSS of the mock process over the runs. */
  mockPeakRssMb: number;
  baselineItemsPerSec: number;
  baselineMs: number;
  /** The same client and HTTP to a server doing only JSON.parse + Ajv: the most any HTTP ingestion can reach here. */
  floorItemsPerSec: number;
  /** CPU time of the PMS client process while it sent to the mock (median): the cores are shared. */
  clientCpuMs: number;
}

const CHILD = fileURLToPath(new URL('./ingest-child.js', import.meta.url));

function shapeArgs(shape: RefreshShape, inFlight: number): string[] {
  return [
    '--rooms',
    String(shape.rooms),
    '--plans',
    String(shape.plansPerRoom),
    '--days',
    String(shape.days),
    '--per-request',
    String(shape.itemsPerRequest),
    '--in-flight',
    String(inFlight),
  ];
}

export function runIngestChild(mode: IngestMode, shape: RefreshShape, inFlight: number): Promise<IngestResult> {
  return runJsonChild<IngestResult>(CHILD, ['--mode', mode, ...shapeArgs(shape, inFlight)]);
}

export async function measureIngestion(shape: RefreshShape, runs: number, inFlight: number, log: (line: string) => void): Promise<IngestionSummary> {
  const mock: IngestResult[] = [];
  const baseline: IngestResult[] = [];
  const floor: IngestResult[] = [];
  for (let i = 0; i < runs; i++) {
    mock.push(await runIngestChild('mock', shape, inFlight));
    log(`  ingestion ${i + 1}/${runs}: mock ${Math.round(mock.at(-1)!.itemsPerSec)} items/s, ${Math.round(mock.at(-1)!.maxRssMb)} MB`);
    baseline.push(await runIngestChild('baseline', shape, inFlight));
    log(`  ingestion ${i + 1}/${runs}: baseline ${Math.round(baseline.at(-1)!.itemsPerSec)} items/s`);
    floor.push(await runIngestChild('floor', shape, inFlight));
    log(`  ingestion ${i + 1}/${runs}: floor (HTTP + JSON.parse + Ajv only) ${Math.round(floor.at(-1)!.itemsPerSec)} items/s`);
  }
  return {
    shape,
    items: mock[0]!.items,
    requests: mock[0]!.requests,
    runs,
    mockItemsPerSec: median(mock.map((r) => r.itemsPerSec)),
    mockMs: median(mock.map((r) => r.ms)),
    mockCpuMs: median(mock.map((r) => r.cpuMs)),
    mockPeakRssMb: Math.max(...mock.map((r) => r.maxRssMb)),
    baselineItemsPerSec: median(baseline.map((r) => r.itemsPerSec)),
    baselineMs: median(baseline.map((r) => r.ms)),
    floorItemsPerSec: median(floor.map((r) => r.itemsPerSec)),
    clientCpuMs: median(mock.map((r) => r.clientCpuMs ?? Number.NaN)),
  };
}
