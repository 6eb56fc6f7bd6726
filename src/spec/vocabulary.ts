// The words every layer shares: takes nothing, gives the target sides, the levels, the
// outcomes and skip kinds of a check, the record a check returns (CheckResult, with its
// schema errors), the run's verdict words and the facts the verdict is decided from
// (transports, what stopped the run), the waivers and which checks none may waive. Types and
// constants (and one predicate over them) only: the bottom of the layers,
// so suites, profiles, drivers, checks, the runner and the reports all speak them.

/** Which side the candidate implements. */
export type Target = 'ota' | 'pms';

export type Level = 'required' | 'recommended' | 'advisory';
export const LEVELS: readonly Level[] = ['required', 'recommended', 'advisory'];

/** pass; fail (required failed); warn (recommended/advisory failed); skip; error (harness/network). */
export type Outcome = 'pass' | 'fail' | 'warn' | 'skip' | 'error';

/**
 * Why a check was skipped. not-applicable: capability not declared or filtered out (does
 * not block certification). missing-input: the profile lacks what the check needs.
 * blocked: an earlier step failed, so the check had nothing to look at. timing-degraded:
 * the harness's own process was starved of CPU so long that a timing rule could not be
 * judged (D-143). All but not-applicable block certification of a required check (D-005).
 */
export type SkipKind = 'not-applicable' | 'missing-input' | 'blocked' | 'timing-degraded';

/** Which body of an exchange a schema judges. */
export type BodyKind = 'request' | 'response';

/** One schema violation: Ajv's detail plus the spec section, as partner evidence. */
export interface SchemaError {
  /** JSON pointer into the validated body ("" for the root). */
  pointer: string;
  /** Human sentence: "must be integer", "must have required property 'guid'". */
  message: string;
  /** Ajv keyword (type, required, pattern, ...) or the rule id for code rules. */
  keyword: string;
  /** Spec section the violated rule comes from. */
  spec: string;
  /** The rule clauses it breaks (src/spec/clause-ids.ts), when the schema names them. */
  rules?: string[];
  params?: Record<string, unknown>;
}

export interface CheckMeta {
  id: string;
  title: string;
  level: Level;
  /** Spec section, e.g. "Endpoints › SetupProperty". */
  spec: string;
  /** Ids of the spec's normative rules this check proves (src/spec/rules.ts). */
  rules?: string[];
}

/** What one evaluation of a check says, before its level turns a fail into a warning. */
export interface Verdict {
  status: 'pass' | 'fail' | 'skip' | 'error';
  message: string;
  expected?: unknown;
  actual?: unknown;
  pointer?: string;
  exchanges?: string[];
  schemaErrors?: SchemaError[];
  skip?: SkipKind;
  /** An inconclusive skip: the step may act again (send the callback again) and judge anew. */
  retry?: boolean;
  /** Effective level for this evaluation, when a flag lowers it (--allow-http makes HTTPS a warning). */
  level?: Level;
  /**
   * A declared check that did not pass says the suite's remaining steps depend on it: they are
   * skipped, with this skip's kind and reason, or as blocked after a failure (e.g. CreateProperty
   * answered "not activated": the rest of the property suite is not applicable).
   */
  skipsRest?: boolean;
  /**
   * A timing miss: the fact stamped `at` (epoch ms) came `byMs` past its limit. The runner
   * turns such a failure inconclusive when the harness itself stood still that long between
   * the limit and the stamp, before the verdict is recorded (ADR 0020). `since`: when what was
   * timed ran through the harness before the limit (a callback it sent, the answer to a poll
   * the PMS's next request waited for), its stalls from then on count too (D-403).
   */
  late?: { at: number; byMs: number; since?: number };
}

export interface CheckWhere {
  file?: string;
  line?: number;
  step?: string;
  pointer?: string;
}

export interface CheckCounts {
  runs: number;
  passed: number;
  failed: number;
  skipped: number;
  errored: number;
}

export interface CheckResult extends CheckMeta {
  outcome: Outcome;
  message: string;
  expected?: unknown;
  actual?: unknown;
  skipKind?: SkipKind;
  where: CheckWhere;
  evidence: { exchanges: string[]; schemaErrors: SchemaError[] };
  counts: CheckCounts;
  /** Wall time of the steps that evaluated the check (JUnit's testcase time). */
  durationMs?: number;
  /** A failure (or warning) accepted by a waiver: still reported as it failed, and named waived. */
  waiver?: WaiverMark;
}

/** What a waived check carries: the waiver's own words (the full entry is in the report's waivers). */
export interface WaiverMark {
  reason: string;
  approvedBy: string;
  /** The last day (UTC, YYYY-MM-DD) the waiver holds. */
  expires: string;
}

/** One entry of a waiver file: a check id (optionally of one suite) whose failure is accepted until a date. */
export interface Waiver extends WaiverMark {
  check: string;
  suite?: string;
  /** Where the entry is written ("waivers.yaml:12"). */
  at: string;
}

/**
 * A waiver as the run used it. applied: it covered at least one failure; unused: the check
 * did not fail (or did not run); expired: its date had passed when the run started, so it was ignored.
 */
export interface WaiverRecord extends Waiver {
  status: 'applied' | 'unused' | 'expired';
  /** The suites whose check it waived. */
  suites: string[];
}

/**
 * Checks whose failure no waiver may accept: the transport every other check relies on
 * (HTTPS, the exchange completing). A waiver file naming one is refused (exit 2).
 */
export const UNWAIVABLE_CHECKS: readonly string[] = ['https.required', 'protocol.transport'];
/** Every check id with these prefixes is a transport check too. */
export const UNWAIVABLE_PREFIXES: readonly string[] = ['https.', 'tls.'];

/** Where a schema error's rule is written: "Inventory item; inv-units.1" (the section, and the clauses when the schema names them). */
export function schemaErrorSource(error: SchemaError): string {
  return error.rules?.length ? `${error.spec}; ${error.rules.join(', ')}` : error.spec;
}

export function isUnwaivable(checkId: string): boolean {
  return UNWAIVABLE_CHECKS.includes(checkId) || UNWAIVABLE_PREFIXES.some((p) => checkId.startsWith(p));
}

/**
 * certified: a full run over HTTPS (both directions), TLS verified, every required check passed.
 * certified-with-waivers: the same, except that every required check that failed is accepted by
 * a waiver (named in the report and the certificate).
 * passed-partial / passed-insecure: every required check passed, but the run certifies nothing
 * (a selection; plain HTTP or TLS verification off). Decided by src/spec/run-verdict.ts.
 */
export type RunVerdict = 'certified' | 'certified-with-waivers' | 'passed-partial' | 'passed-insecure' | 'not-certified' | 'incomplete';
export const RUN_VERDICTS: readonly RunVerdict[] = ['certified', 'certified-with-waivers', 'passed-partial', 'passed-insecure', 'not-certified', 'incomplete'];

/** How the run travelled: the scheme of each direction and whether certificates were checked. */
export interface TransportFacts {
  /** The base URL the harness called (OTA target) or sent callbacks to (PMS target). */
  candidate: 'https' | 'http';
  /** PMS target: what the mock channel manager the PMS called served. */
  mock?: 'https' | 'http';
  tlsVerification: boolean;
  allowHttp: boolean;
}

/**
 * What ended the run before its last suite, when that decides the verdict: the harness broke
 * (an exception escaped a suite) or the candidate could not be reached. Each holds the
 * sentence the reasons quote (redacted).
 */
export interface RunStopFacts {
  fault?: string;
  unreachable?: string;
}
