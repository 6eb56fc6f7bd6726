// The in-memory suite: takes nothing, gives the types parseSuite produces from YAML.
// Steps are a tagged union so the runner dispatches on `kind`; every step and check
// keeps its file:line for error messages and report links.
import type { CheckMeta, Target } from '../spec/vocabulary.js';
import type { MessageName } from '../spec/operations.js';
import type { FromSchema } from 'json-schema-to-ts';
import type { CONDITION_SCHEMA, EXPECTATION_SCHEMA, MATCHER_SCHEMA, RETRY_SCHEMA } from './suite-schema.js';

/** Matchers on one JSON pointer; a bare value means `equals` (the schema's type). */
export type Matcher = FromSchema<typeof MATCHER_SCHEMA>;

/** What a declared check expects of an answer (the schema's type). */
export type Expectation = FromSchema<typeof EXPECTATION_SCHEMA>;

export interface CheckDef extends CheckMeta {
  line?: number;
  expect?: Expectation;
  code?: string;
  /** Arguments for a code check (templates). */
  with?: Record<string, unknown>;
  /** Judges the answer of this read-back operation of the call step (read_back), not the call's own answer. */
  on?: MessageName;
}

/** When a step runs: capabilities, profile input present, hooks declared (the schema's type). */
export type Condition = FromSchema<typeof CONDITION_SCHEMA>;

export type ForEach = { items: string } | { generator: string; with?: Record<string, unknown> };

interface StepBase {
  id: string;
  title: string;
  line: number;
  when?: Condition;
  for_each?: ForEach;
  as: string;
  /** Cap on iterations: an integer or a template such as ${profile.limits.max_bookings_fetched}. */
  limit?: number | string;
  capture?: Record<string, string>;
  checks: CheckDef[];
  /**
   * PMS target: the later steps need what this step waits for. When it comes up empty (no
   * accepted request, an empty window), every later step of the run is blocked at once, with
   * this reason and what the channel manager refused, instead of waiting out its own deadline.
   */
  gate?: string;
}

export interface CallStep extends StepBase {
  kind: 'call';
  operation: MessageName;
  body?: Record<string, unknown>;
  omit?: string[];
  query?: Record<string, unknown>;
  /** Sends to {base_url}/<path> instead of the operation's own path (probing unknown operations). */
  path?: string;
  /** false when the step sends an invalid request on purpose (auth probes). */
  self_check: boolean;
  envelope: boolean;
  /**
   * After each accepted call, these operations are sent for the same property (body: the
   * credentials, templates that may read the call's response) and their answers judged by the
   * checks that name them (`on:`); templates read them as read.<Operation>.
   */
  readBack?: { operations: MessageName[]; body?: Record<string, unknown> };
}

export interface HookStep extends StepBase {
  kind: 'hook';
  hook: string;
  input?: unknown;
}

export interface ExpectRequestStep extends StepBase {
  kind: 'expect_request';
  operation: MessageName;
  where?: Record<string, Matcher | unknown>;
  /** Duration template, e.g. "10m" or "${profile.deadlines.setup}". */
  within: string;
  /** Count matching requests from this step's start ("step", default), the run's ("run"), or an earlier step's (its id). */
  since: string;
  /**
   * Duration template: a request that arrived before this step counts only when it arrived at
   * most this long before the step started (otherwise the step waits for a new one).
   */
  fresh?: string;
  /** Count only requests after the one an earlier expect_request step (its id) found. */
  after?: string;
  /**
   * Template of a clock time (epoch ms) that is the deadline in place of start + `within`
   * (e.g. a booking's `poll_due`: the PMS's last poll before it plus an interval and the
   * tolerance); `within` stays the deadline when it renders to no number.
   */
  deadline?: string;
  action?: { prompt?: string; hook?: string };
  /** Only a request the mock channel manager accepted (answered success) ends the wait. */
  accepted?: boolean;
}

export interface TrafficStep extends StepBase {
  kind: 'traffic';
  operations?: MessageName[];
  /** Window start: "run" or the id of an earlier step (its start). */
  from: string;
  /** How long to keep collecting traffic before judging (duration template); default: judge now. */
  duration?: string;
  /** Judge early once no matching request has arrived for this long (bounded by duration). */
  settle?: string;
  /**
   * `settle` ends the window only once its ARI covers every mapped room x rate plan for one
   * year from the window's day; before that, three times `settle` of quiet does: a PMS that
   * pauses between the requests of a refresh (it throttles, or queues) is still heard.
   */
  settleOnceCovered?: boolean;
  /**
   * Where `duration` counts from: the step's start (default) or the window's start (`from`):
   * a window that already ran while earlier steps waited ends that much sooner.
   */
  durationFrom?: 'window';
  /**
   * The window starts when the request the `from` step (an expect_request step) waited for
   * arrived, when that was before the step ran (`from_arrival: true`): a request the PMS had
   * already sent then opens the window, not the harness reaching the step.
   */
  fromArrival?: boolean;
  /**
   * End the window as soon as a request of this operation arrived after the last callback
   * the harness sent (the reaction it waits for is then there to judge).
   */
  untilReaction?: MessageName;
  /**
   * When a check of this step is inconclusive (it could not tell, e.g. a reaction from the
   * PMS's schedule), run the steps from `from` (an earlier step id) through this one again,
   * at most `tries` times in all; only the last try's inconclusive verdict is recorded.
   */
  retry?: FromSchema<typeof RETRY_SCHEMA>;
}

export interface MockStep extends StepBase {
  kind: 'mock';
  mock: Record<string, unknown>;
}

export interface WaitStep extends StepBase {
  kind: 'wait';
  wait: string;
}

/** Requests that each break one rule of the spec (src/runner/probes); the checks judge every answer. */
export interface ProbeStep extends StepBase {
  kind: 'probe';
  family: string;
  /** Arguments for the family (templates), e.g. the rooms and rate plans captured earlier. */
  with?: Record<string, unknown>;
}

/** Seeded, model-based sequences of operations (src/runner/model): every read-back compared with the channel-manager core. */
export interface ModelStep extends StepBase {
  kind: 'model';
  /** Which model: `ota-sequences`. */
  model: string;
}

export type Step = CallStep | HookStep | ExpectRequestStep | TrafficStep | MockStep | WaitStep | ProbeStep | ModelStep;
export type StepKind = Step['kind'];

export interface Suite {
  name: string;
  title: string;
  version: string;
  target: Target;
  description?: string;
  requires?: { capabilities?: string[] };
  file: string;
  builtin: boolean;
  steps: Step[];
  /** Every check the suite can produce (declared), in order, with first-declaration meta. */
  checks: CheckDef[];
}
