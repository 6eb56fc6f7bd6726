// The run's contract: takes nothing, gives the plain, serialisable RunResult every report is a
// function of, its suites, the events a run emits (reporters listen; the runner never prints),
// the candidate facts and the outsider summary. The runner builds them; reports and the
// session read them from here, below every layer that makes or reads them.
import type { Target, Outcome, CheckResult, RunVerdict, TransportFacts, RunStopFacts, WaiverRecord } from './vocabulary.js';
import type { Exchange } from './exchange.js';

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

/** 'misconfigured-pms': the profile's cid and property without its shared secret, probably the PMS under test set up wrong. */
export type OutsiderKind = 'no-shared-secret' | 'misconfigured-pms' | 'other-channel' | 'other-property';

/** An outsider's exchange: the record a PMS's would have, its own id (o1, o2, ...) and why it was set apart. */
export interface OutsiderExchange extends Exchange {
  outsider: { kind: OutsiderKind; reason: string };
}

export interface OutsiderSummary {
  /** Every request set apart. */
  requests: number;
  byKind: Partial<Record<OutsiderKind, number>>;
  /** The first MAX_KEPT of them, as evidence. */
  exchanges: OutsiderExchange[];
}

export interface TlsFailure {
  at: number;
  /** The peer's address, as the socket gave it. */
  from: string;
  /** Why, in words: the TLS alert or error the handshake ended with. */
  reason: string;
}

export interface HarnessLoadSummary {
  /** Worst event-loop delay seen, milliseconds. */
  worstDelayMs: number;
  /** Probes that fired late by more than the noise floor. */
  lateProbes: number;
  /** The time the loop stood still in all (the sum of the late probes' delays), milliseconds. */
  stalledMs: number;
  probes: number;
  /** Real time the loop was saturated (busy 90 % of a metered span or more), milliseconds; absent when never. */
  saturatedMs?: number;
}

// What a run sent or served varied on purpose: takes each request that carried generated
// variations (and, on the PMS target, what the mock channel manager served), gives the
// counts the RunResult reports: how many valid variations were generated from the schemas
// and in how many requests (answers, callbacks) they went, per operation.
export interface VariationCount {
  /** Valid variations generated from the schemas. */
  generated: number;
  /** Requests (or answers and callbacks) that carried them. */
  requests: number;
  /** Of those, requests re-sent with part of a refused one, to find which variation was refused. */
  resent: number;
}

export interface VariationSummary extends VariationCount {
  /** 'sent' (OTA target: requests the harness sent) or 'served' (PMS target: what the mock served). */
  direction: 'sent' | 'served';
  operations: Record<string, VariationCount>;
}

export interface CoverageArtifact {
  /** Who pushed the ARI: the harness (OTA target) or the candidate PMS. */
  source: 'harness' | 'candidate';
  label: string;
  from: string;
  to: string;
  pairs: Array<{ room: string; rate: string; items: number; ranges: Array<[string, string]>; gaps: Array<[string, string]> }>;
  /** Last date up to which every expected pair is covered without a gap from `from`, or null. */
  horizon: string | null;
}
