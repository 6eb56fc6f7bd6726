// What a model-based OTA sequence needs of the candidate, and how it fails: takes nothing,
// gives the driver interface (a hook, a call, the harness's clock), the checks a sequence
// judges, and the two errors a sequence throws: a mismatch with the model (the candidate
// does not conform) and a harness fault (a hook failed, the candidate went away).
import { unexpected } from '../../checks/check-verdict.js';

/** The checks a model-based sequence judges (declared, with their rules, in suites/ota/55-model.yaml). */
export const MODEL_CHECKS = {
  listNull: 'model.list-null.all',
  listVersion: 'model.list-version.boundary',
  flags: 'model.booking.flags',
  bookingAnswer: 'model.booking.answer',
  propertyAnswer: 'model.property.answer',
  rooms: 'model.property.rooms',
  ratePlans: 'model.property.rate-plans',
} as const;

export type ModelCheckId = (typeof MODEL_CHECKS)[keyof typeof MODEL_CHECKS];

export interface DriverAnswer {
  body: Record<string, unknown> | undefined;
  status: number | undefined;
  exchange: string;
}

export interface HookAnswer {
  value: Record<string, unknown>;
  /** The harness's clock when the hook was started and when it answered. */
  startedAt: number;
  finishedAt: number;
}

export interface OtaDriver {
  hasHook(name: string): boolean;
  /** Runs a profile hook; throws HarnessFault when it fails. */
  hook(name: string, input: Record<string, unknown>): Promise<HookAnswer>;
  /** Sends an operation: the envelope, then `body` (the property's credentials when given); throws HarnessFault when unreachable. */
  call(operation: string, body: Record<string, unknown>): Promise<DriverAnswer>;
  now(): number;
  /** Waits out the last part of a clock second, so a change made next falls in one whole second. */
  align(): Promise<void>;
  /** Counts a judgement of a check (the report says how many reads each check compared). */
  judged(check: ModelCheckId): void;
  /** Counts a + 5:00 read of a change whose second is certain: the boundary itself was read. */
  exactBoundary(): void;
}

/** The candidate disagrees with the model: the check, the message (the one template) and the evidence. */
export class ModelMismatch extends Error {
  constructor(
    readonly check: ModelCheckId,
    thing: string,
    expected: unknown,
    received: unknown,
    readonly exchanges: string[],
  ) {
    super(unexpected(thing, expected, received));
    this.name = 'ModelMismatch';
  }
}

/** The harness could not drive the sequence (a hook failed, the candidate could not be reached). */
export class HarnessFault extends Error {
  constructor(
    message: string,
    readonly unreachable = false,
  ) {
    super(message);
    this.name = 'HarnessFault';
  }
}
