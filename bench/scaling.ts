// Scaling: takes refresh shapes of growing size (10, 100, 1000 rooms), gives the mock's
// median time at each size and the marginal time per added Inventory item between
// consecutive sizes. Time that grows linearly with items (t = fixed + slope x items) keeps
// the slopes equal; a look-up that scans every room or every segment makes later slopes
// climb. Slopes, not time per item, so the fixed start-up cost cannot hide a climb.
import { runIngestChild } from './ingestion.js';
import type { RefreshShape } from './synthetic-refresh.js';
import { median } from './timing.js';

export interface ScalingPoint {
  shape: RefreshShape;
  runs: number;
  /** A measurement already made at this shape (the ingestion benchmark's), reused. */
  known?: { ms: number; items: number; peakRssMb: number };
}

export interface ScalingRow {
  rooms: number;
  days: number;
  items: number;
  ms: number;
  usPerItem: number;
  peakRssMb: number;
  /** Time per item added since the previous size (undefined for the first). */
  usPerAddedItem?: number;
  /** usPerAddedItem against the first slope (the one from the smallest size to the next). */
  relative?: number;
}

export async function measureScaling(points: ScalingPoint[], inFlight: number, log: (line: string) => void): Promise<ScalingRow[]> {
  const rows: Omit<ScalingRow, 'relative'>[] = [];
  for (const point of points) {
    let measured = point.known;
    if (!measured) {
      const runs = [];
      for (let i = 0; i < point.runs; i++) {
        runs.push(await runIngestChild('mock', point.shape, inFlight));
        log(`  scaling ${point.shape.rooms} rooms x ${point.shape.days} days ${i + 1}/${point.runs}: ${Math.round(runs.at(-1)!.ms)} ms`);
      }
      measured = { ms: median(runs.map((r) => r.ms)), items: runs[0]!.items, peakRssMb: Math.max(...runs.map((r) => r.maxRssMb)) };
    }
    rows.push({
      rooms: point.shape.rooms,
      days: point.shape.days,
      items: measured.items,
      ms: measured.ms,
      usPerItem: (measured.ms * 1000) / measured.items,
      peakRssMb: measured.peakRssMb,
    });
  }
  const slopes = rows.map((row, i) => (i === 0 ? undefined : ((row.ms - rows[i - 1]!.ms) * 1000) / (row.items - rows[i - 1]!.items)));
  const first = slopes[1];
  return rows.map((row, i) => {
    const slope = slopes[i];
    return slope === undefined || first === undefined ? row : { ...row, usPerAddedItem: slope, relative: slope / first };
  });
}
