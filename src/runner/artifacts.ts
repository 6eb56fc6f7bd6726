// Report artifacts of a run: takes the evidence log (and, for the PMS target, the inbound
// judge's ledgers), gives the coverage pictures the HTML report draws — the harness's own
// accepted refresh (OTA target) or the PMS's refresh (PMS target).
import { CoverageAccumulator, accumulatorSource, coverageArtifact } from '../checks/coverage.js';
import type { EvidenceLog } from '../drivers/evidence-log.js';
import { succeeded } from '../spec/exchange.js';
import { endOfNextYear, formatDate } from '../support/time.js';
import type { Clock } from '../support/clock.js';
import type { PmsSide } from './types.js';
import type { RunArtifacts } from '../spec/run-result.js';

/** Collects as the run goes; `artifacts()` is called once at the end. */
export function collectArtifacts(log: EvidenceLog, clock: Clock, pms?: PmsSide): () => RunArtifacts {
  const startedAt = clock.now();
  const window = { from: formatDate(startedAt), to: endOfNextYear(startedAt) };
  const sent = new CoverageAccumulator();
  const unsubscribe = log.subscribe((x) => {
    if (x.record.direction !== 'outbound' || x.record.operation !== 'ARIUpdate' || !succeeded(x) || !x.request.ok) return;
    sent.addAll((x.request.value as { Inventory?: unknown } | null)?.Inventory);
  });
  return () => {
    unsubscribe();
    if (pms) {
      const ledger = pms.judge.ledger('run');
      if (!ledger || ledger.requests === 0) return {};
      const source = (room: string, rate: string) => {
        const pair = ledger.pair(room, rate);
        return pair ? { ranges: pair.covered.ranges(), items: pair.items } : undefined;
      };
      return { coverage: [coverageArtifact(source, pms.mock.mappedPairs(), window, 'candidate', 'ARI the PMS pushed during the run')] };
    }
    if (sent.items === 0) return {};
    const pairs = sent.all().map((p) => ({ room: p.room, rate: p.rate }));
    return { coverage: [coverageArtifact(accumulatorSource(sent), pairs, window, 'harness', 'The full refresh cm-certify pushed and the candidate accepted')] };
  };
}
