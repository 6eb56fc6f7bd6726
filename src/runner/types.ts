// Runner types: takes nothing, gives the options and context a run takes, the events it
// emits (reporters listen; the runner never prints) and the plain, serialisable
// RunResult every report is a function of.
import type { CheckResult, Outcome, RunStopFacts, RunVerdict, Target, TransportFacts, Waiver, WaiverRecord } from '../spec/vocabulary.js';
import type { CoverageArtifact } from '../checks/coverage.js';
import type { InventoryBaseline } from '../checks/booking-model.js';
import type { Exchange } from '../spec/exchange.js';
import type { EvidenceLog } from '../drivers/evidence-log.js';
import type { HttpClient } from '../drivers/http-client.js';
import type { HookRunner } from '../drivers/hooks.js';
import type { MockChannelManager } from '../drivers/mock-cm/mock-cm.js';
import type { OutsiderSummary } from '../drivers/mock-cm/outsiders.js';
import type { TlsFailure } from '../drivers/mock-cm/contacts.js';
import type { InboundJudge } from './inbound-judge.js';
import type { HarnessLoad, HarnessLoadSummary } from './harness-load.js';
import type { VariationSummary, VariationTally } from './variation-tally.js';
import type { Profile } from '../profile/types.js';
import type { Suite } from '../suite/types.js';
import type { Clock } from '../support/clock.js';
import type { Redactor } from '../support/redact.js';

export interface RunOptions {
  target: Target;
  profile: Profile;
  suites: Suite[];
  allowHttp: boolean;
  /** Only checks whose id or title match are run and reported (a partial run). */
  grep?: RegExp | undefined;
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

/** A run against cm-certify's own reference candidate: which one, its broken variants, and how the harness knows. */
export interface ReferenceMark {
  name: string;
  variants: string[];
  how: string;
}

/** Who the candidate is: what the certificate names (docs/report-format.md, the identity). */
export interface CandidateFacts {
  baseUrl: string;
  name: string;
  /** The channel id the profile gives (pms_cid). */
  pmsCid?: string;
  /** SHA-256 fingerprints of the TLS certificates the candidate presented at its base URL (the harness's calls), in the order seen. */
  tlsCertificates?: string[];
  /** Present when the candidate is cm-certify's own reference candidate: such a run certifies the harness, not a partner. */
  reference?: ReferenceMark;
  /** The HTTP(S) proxy the harness reached the candidate through (credentials redacted): what answered may not be the candidate. */
  proxy?: string;
}

/** How the mock channel manager served the PMS: its scheme and, over HTTPS, its certificate. */
export interface MockTransport {
  scheme: 'https' | 'http';
  /**
   * 'profile': tls.cert/key; 'cached': cm-certify's self-signed certificate kept in the cache folder and reused until
   * notAfter nears (file: its public PEM, kept); 'generated': self-signed for this run (file: its public PEM, removed after it);
   * 'worker': the onboarding service's worker's, shared by the runs it holds on one port and kept across its restarts.
   */
  certificate?: { source: 'profile' | 'cached' | 'generated' | 'worker'; fingerprint256: string; file?: string; notAfter?: string; cacheRefused?: string };
  /** Over plain HTTP: what asked for it (--mock-http or tls.plain_http). */
  reason?: string;
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

export interface PlannedSuite {
  name: string;
  title: string;
  checks: number;
  steps: Array<{ id: string; title: string }>;
}

export type RunEvent =
  | { type: 'run-start'; target: Target; candidate: string; suites: PlannedSuite[] }
  | { type: 'suite-start'; suite: string }
  | { type: 'step-start'; suite: string; step: string; title: string }
  | { type: 'step-end'; suite: string; step: string; outcome: Outcome; note?: string }
  | { type: 'prompt'; suite: string; step: string; message: string; deadline: number }
  /**
   * While a step waits (for a person after a prompt, or for the PMS): what it waits for, what
   * ends the wait besides the deadline ("at the first one"), the deadline on the run's clock
   * and the time left.
   */
  | { type: 'waiting'; suite: string; step: string; remainingMs: number; what?: string; ends?: string; deadlineAt?: number }
  | { type: 'suite-end'; result: SuiteResult }
  | { type: 'run-end'; result: RunResult };

export interface SuiteResult {
  name: string;
  title: string;
  version: string;
  file: string;
  /** A suite shipped with cm-certify (its file is the harness's, not the user's). */
  builtin?: boolean;
  outcome: Outcome;
  durationMs: number;
  /** Why the whole suite did not run (capability not declared), when it did not. */
  skipped?: string;
  checks: CheckResult[];
}

export interface OutcomeCounts {
  pass: number;
  fail: number;
  warn: number;
  skip: number;
  error: number;
}

/** Data the HTML report draws besides the checks; every field may be absent. */
export interface RunArtifacts {
  /** ARI refreshes: the harness's own (OTA target) or the candidate PMS's. */
  coverage?: CoverageArtifact[];
}

export interface RunResult {
  verdict: RunVerdict;
  reasons: string[];
  harness: { name: 'cm-certify'; version: string };
  spec: { title: string; version: string };
  target: Target;
  candidate: CandidateFacts;
  /** 'https' only when every direction was HTTPS (see transports). */
  transport: 'https' | 'http';
  transports: TransportFacts;
  /** PMS target: the mock channel manager's URL and certificate. */
  mock?: { url: string; tlsFailures?: { count: number; kept: TlsFailure[] } } & MockTransport;
  startedAt: string;
  durationMs: number;
  scope: 'full' | 'partial';
  interrupted: boolean;
  /** What stopped the run early when it decides the verdict (a harness fault, an unreachable candidate); absent otherwise. */
  stop?: RunStopFacts;
  notes: string[];
  counts: OutcomeCounts;
  suites: SuiteResult[];
  exchanges: Exchange[];
  /**
   * PMS target: requests to the mock from anyone but the PMS under test (D-323), counted and
   * the first 50 kept, apart from `exchanges`: never judged, never part of the verdict.
   */
  outsiders?: OutsiderSummary;
  artifacts: RunArtifacts;
  /** How late the harness's own event loop ran during the run (timing tolerances were widened by it). */
  harnessLoad?: HarnessLoadSummary;
  /** Valid variations generated from the schemas and how many requests (or answers) carried them; absent when none. */
  variations?: VariationSummary;
  /** SHA-256 of the profile with its secrets excluded (src/profile/digest.ts), for the certificate. */
  profileDigest: string;
  /** The waiver file's entries as the run used them; absent when no waiver file was given. */
  waivers?: WaiverRecord[];
  /** The seed everything the run drew came from (`cm-certify run --seed N` replays it). */
  seed?: number;
}
