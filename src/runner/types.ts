// Runner types: takes nothing, gives the options and context a run takes and the PMS side
// it drives. What a run gives back (RunResult, its events) is the contract in
// src/spec/run-result.ts.
import type { Target, Waiver } from '../spec/vocabulary.js';
import type { InventoryBaseline } from '../checks/booking-model.js';
import type { EvidenceLog } from '../drivers/evidence-log.js';
import type { HttpClient } from '../drivers/http-client.js';
import type { HookRunner } from '../drivers/hooks.js';
import type { MockChannelManager } from '../drivers/mock-cm/mock-cm.js';
import type { InboundJudge } from './inbound-judge.js';
import type { HarnessLoad } from './harness-load.js';
import type { VariationTally } from './variation-tally.js';
import type { Profile } from '../profile/types.js';
import type { Suite } from '../suite/types.js';
import type { Clock } from '../support/clock.js';
import type { Redactor } from '../support/redact.js';
import type { ReferenceMark, MockTransport, RunEvent, RunArtifacts } from '../spec/run-result.js';
import type { CheckSelection } from '../spec/check-selection.js';

export interface RunOptions {
  target: Target;
  profile: Profile;
  suites: Suite[];
  allowHttp: boolean;
  /** Only checks whose id or title match are run and reported (a partial run). */
  grep?: CheckSelection;
  /** Stop after the first failed required check. */
  bail: boolean;
  /** Suites were chosen by hand (--suite), so this is not a full certification. */
  partial: boolean;
  harnessVersion: string;
  /** False when the candidate's TLS certificates were not verified (NODE_TLS_REJECT_UNAUTHORIZED=0): the run cannot certify. */
  tlsVerification?: boolean;
  /** Accepted failures (a waiver file); absent when none was given. */
  waivers?: readonly Waiver[] | undefined;
  /** The candidate is cm-certify's own reference candidate, started by the harness (--reference). */
  reference?: ReferenceMark | undefined;
  /** The run's seed: what the run draws (model-based sequences) comes from it; --seed replays a run. */
  seed?: number | undefined;
}

/** The PMS target's inbound side: the mock channel manager and the judge of its traffic. */
export interface PmsSide {
  mock: MockChannelManager;
  judge: InboundJudge;
  /** How the mock served; absent means plain HTTP unless its URL says https. */
  transport?: MockTransport;
  /** The PMS's inventory when the harness first changed a booking (the model's baseline). */
  baseline?: InventoryBaseline;
}

export interface RunContext {
  client: HttpClient;
  log: EvidenceLog;
  clock: Clock;
  hooks: HookRunner;
  redactor: Redactor;
  signal: AbortSignal;
  emit: (event: RunEvent) => void;
  pms?: PmsSide | undefined;
  /** Collects report artifacts (coverage) at the end of the run. */
  artifacts?: () => RunArtifacts;
  /** The harness's own event-loop delay (made by runCertification when absent). */
  load?: HarnessLoad;
  /** What the run sends varied on purpose (made by runCertification when absent). */
  variations?: VariationTally;
}
