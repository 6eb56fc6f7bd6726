// The I/O every part of the reference PMS shares: takes the clock, the channel client, the
// PMS's behaviour, the state and the ledger as one context object, gives `send`, which
// calls the channel manager and records the request and any problem in the state.
import type { OperationName } from '../../spec/operations.js';
import type { Clock } from '../../support/clock.js';
import type { CmClient, CmOutcome } from './cm-client.js';
import type { PmsBehaviour } from './behaviour.js';
import type { BookingLedger } from './ledger.js';
import { type ReferencePmsState, record } from './state.js';

export interface PmsContext {
  clock: Clock;
  client: CmClient;
  behaviour: PmsBehaviour;
  state: ReferencePmsState;
  ledger: BookingLedger;
  /** Aborted by close(): every sleep and request gives up. */
  signal: AbortSignal;
}

export function noteProblem(ctx: PmsContext, problem: string): void {
  record(ctx.state.errors, `${new Date(ctx.clock.now()).toISOString()} ${problem}`);
}

export async function send(ctx: PmsContext, operation: OperationName, fields: Record<string, unknown> = {}): Promise<CmOutcome> {
  const at = ctx.clock.now();
  const outcome = ctx.behaviour.incoming(operation, await ctx.client.call(operation, fields));
  record(ctx.state.requests, { operation, at, ok: outcome.ok, ...(outcome.ok ? {} : { error: outcome.error }) });
  if (!outcome.ok) noteProblem(ctx, `${operation} failed: ${outcome.error}`);
  return outcome;
}

/** True when the error is the PMS being closed, which ends every loop quietly. */
export function isAbort(ctx: PmsContext, error: unknown): boolean {
  return ctx.signal.aborted || (error as Error | undefined)?.name === 'AbortError';
}
